//! The lobby's writes to the database, on a thread of their own and in the order they
//! were made: a move's write (a transaction and its fsync) is never done while the
//! lobby is locked, so no player's arcade waits for another's disk. Each write is
//! still one transaction (a crash keeps every write that finished and none half-done);
//! `flush` waits for all writes made so far (the server stopping, a test reading).

use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crossbeam_channel::{Sender, unbounded};

use super::{Db, StoredMatch};

enum Job {
    /// The match as it stands, in progress.
    Save(StoredMatch),
    /// The match as it ended, then into the history (`how`, at `when`).
    Finish(StoredMatch, String, i64),
    /// Every job before this one is done: say so.
    Flush(Sender<()>),
}

/// The writing thread and its queue.
pub struct Writer {
    jobs: Mutex<Option<Sender<Job>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Writer {
    /// Starts the thread that writes to `db`.
    pub fn start(db: Arc<Db>) -> std::io::Result<Writer> {
        let (tx, rx) = unbounded::<Job>();
        let thread = std::thread::Builder::new()
            .name("parlor-db-writer".into())
            .spawn(move || {
                for job in rx {
                    run(&db, job);
                }
            })?;
        Ok(Writer {
            jobs: Mutex::new(Some(tx)),
            thread: Mutex::new(Some(thread)),
        })
    }

    fn send(&self, job: Job) {
        let jobs = self
            .jobs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(jobs) = jobs.as_ref()
            && jobs.send(job).is_err()
        {
            eprintln!("parlor serve: the database's writer has stopped: a write is lost");
        }
    }

    /// Writes match `m` as it stands.
    pub fn save(&self, m: StoredMatch) {
        self.send(Job::Save(m));
    }

    /// Writes match `m` as it ended, and moves it to the history.
    pub fn finish(&self, m: StoredMatch, how: String, when: i64) {
        self.send(Job::Finish(m, how, when));
    }

    /// Waits until every write asked for so far is done.
    pub fn flush(&self) {
        let (done, wait) = unbounded();
        self.send(Job::Flush(done));
        let _ = wait.recv();
    }
}

impl Drop for Writer {
    /// The writes still queued are done before the writer goes.
    fn drop(&mut self) {
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.take();
        }
        if let Some(thread) = self.thread.lock().ok().and_then(|mut t| t.take()) {
            let _ = thread.join();
        }
    }
}

fn run(db: &Db, job: Job) {
    let (id, written) = match job {
        Job::Save(m) => (m.id, db.save_match(&m)),
        Job::Finish(m, how, when) => (
            m.id,
            db.save_match(&m)
                .and_then(|()| db.finish_match(m.id, &m.record, &how, when)),
        ),
        Job::Flush(done) => {
            let _ = done.send(());
            return;
        }
    };
    if let Err(e) = written {
        tracing::error!("match {id} not written to the server's database: {e}");
        eprintln!("parlor serve: match {id} not written to the database: {e}");
    }
}
