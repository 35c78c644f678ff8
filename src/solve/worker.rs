//! The solver thread. Jobs carry tickets; submitting a job cancels every older one
//! (the search polls an atomic), and reports from stale tickets are dropped here, so the
//! UI never waits and never sees analysis of a position that is no longer on the board.
//!
//! A screen's job sends its reports, typed, to the screen's own [`Inbox`]; the app hears
//! only a [`Notice`] that a ticket has news, has finished or has failed, and the screen
//! then takes its reports from its inbox. Reports keep their types end to end.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::{self, JoinHandle};

use crossbeam_channel::{Receiver, Sender, unbounded};

/// The name of the solver thread: the panic hook uses it to keep solver panics off
/// the screen.
pub const THREAD_NAME: &str = "parlor-solver";

/// What the solver thread says about a job.
#[derive(Debug, Clone, PartialEq)]
pub enum SolverMsg<R> {
    /// An improved (or final) result for the job.
    Progress { ticket: u64, report: R },
    /// The job ran to its end without being cancelled.
    Finished { ticket: u64 },
    /// The job panicked; the thread lives on and takes the next job.
    Failed { ticket: u64, reason: String },
}

impl<R> SolverMsg<R> {
    pub fn ticket(&self) -> u64 {
        match self {
            SolverMsg::Progress { ticket, .. }
            | SolverMsg::Finished { ticket }
            | SolverMsg::Failed { ticket, .. } => *ticket,
        }
    }
}

/// What the app hears of a screen's job: its ticket has news (`Progress`), finished or
/// failed. The reports themselves are in the screen's [`Inbox`].
pub type Notice = SolverMsg<()>;

/// A job as a screen hands it to the solver thread: it sends its reports to the
/// screen's inbox with [`JobContext::send`].
pub type Job = Box<dyn FnOnce(&JobContext<()>) + Send>;

/// A screen's own channel of its jobs' reports, typed, each under its job's ticket.
pub struct Inbox<R> {
    tx: Sender<(u64, R)>,
    rx: Receiver<(u64, R)>,
}

/// Where a job sends its reports: the sending end of an [`Inbox`].
pub struct Outbox<R>(Sender<(u64, R)>);

impl<R> Default for Inbox<R> {
    fn default() -> Self {
        let (tx, rx) = unbounded();
        Inbox { tx, rx }
    }
}

impl<R> Inbox<R> {
    /// The end a job sends its reports to (moved into the job).
    pub fn outbox(&self) -> Outbox<R> {
        Outbox(self.tx.clone())
    }

    /// The reports in so far, each with its ticket, oldest first; never waits. The
    /// caller drops those of stale tickets.
    pub fn drain(&self) -> impl Iterator<Item = (u64, R)> + '_ {
        self.rx.try_iter()
    }
}

impl JobContext<()> {
    /// Sends `report` to the screen's inbox unless the job is stale, then tells the app
    /// that this ticket has news. Returns false when cancelled.
    pub fn send<R>(&self, to: &Outbox<R>, report: R) -> bool {
        if self.is_cancelled() {
            return false;
        }
        // The inbox is gone only with its screen: nobody waits for the report then.
        let _ = to.0.send((self.ticket, report));
        self.report(())
    }
}

type Sink<R> = Arc<dyn Fn(SolverMsg<R>) + Send + Sync>;
type Work<R> = Box<dyn FnOnce(&JobContext<R>) + Send>;

struct Queued<R> {
    ticket: u64,
    work: Work<R>,
}

/// What a running job sees: whether it was cancelled, and where to send reports.
pub struct JobContext<R> {
    ticket: u64,
    latest: Arc<AtomicU64>,
    sink: Sink<R>,
}

impl<R> JobContext<R> {
    /// True once a newer job has been submitted or the work was cancelled: stop soon.
    pub fn is_cancelled(&self) -> bool {
        self.latest.load(Ordering::Relaxed) != self.ticket
    }

    /// Sends a report unless the job is stale. Returns false when cancelled.
    pub fn report(&self, report: R) -> bool {
        if self.is_cancelled() {
            return false;
        }
        (self.sink)(SolverMsg::Progress {
            ticket: self.ticket,
            report,
        });
        true
    }
}

/// Owns the solver thread. Dropping it stops the thread after the current job.
pub struct SolverThread<R> {
    jobs: Option<Sender<Queued<R>>>,
    latest: Arc<AtomicU64>,
    handle: Option<JoinHandle<()>>,
}

impl<R: Send + 'static> SolverThread<R> {
    /// Starts the thread; every message goes to `sink`. Its searches wait for a permit
    /// of the process's pool, if one was set (`pool::limit_searches`).
    pub fn spawn(sink: impl Fn(SolverMsg<R>) + Send + Sync + 'static) -> std::io::Result<Self> {
        SolverThread::spawn_in(sink, super::pool::global())
    }

    /// As [`SolverThread::spawn`], its searches bounded by `pool` (none: unbounded).
    pub fn spawn_in(
        sink: impl Fn(SolverMsg<R>) + Send + Sync + 'static,
        pool: Option<Arc<super::pool::SearchPool>>,
    ) -> std::io::Result<Self> {
        let (tx, rx) = unbounded::<Queued<R>>();
        let latest = Arc::new(AtomicU64::new(0));
        let sink: Sink<R> = Arc::new(sink);
        let thread_latest = Arc::clone(&latest);
        let handle = thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || run(rx, thread_latest, sink, pool))?;
        Ok(SolverThread {
            jobs: Some(tx),
            latest,
            handle: Some(handle),
        })
    }

    /// Queues `work` under a new ticket, cancelling everything older. Returns the ticket.
    pub fn submit(&self, work: impl FnOnce(&JobContext<R>) + Send + 'static) -> u64 {
        let ticket = self.latest.fetch_add(1, Ordering::SeqCst) + 1;
        if let Some(jobs) = &self.jobs {
            // A send fails only if the thread is gone; the UI then simply gets no analysis.
            let _ = jobs.send(Queued {
                ticket,
                work: Box::new(work),
            });
        }
        ticket
    }

    /// Cancels whatever is running or queued.
    pub fn cancel(&self) {
        self.latest.fetch_add(1, Ordering::SeqCst);
    }
}

impl<R> Drop for SolverThread<R> {
    fn drop(&mut self) {
        self.latest.fetch_add(1, Ordering::SeqCst);
        self.jobs = None; // closes the channel: the thread's loop ends
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

fn run<R>(
    rx: Receiver<Queued<R>>,
    latest: Arc<AtomicU64>,
    sink: Sink<R>,
    pool: Option<Arc<super::pool::SearchPool>>,
) {
    while let Ok(mut job) = rx.recv() {
        // Skip straight to the newest queued job: the older ones are cancelled anyway.
        while let Ok(newer) = rx.try_recv() {
            job = newer;
        }
        if latest.load(Ordering::SeqCst) != job.ticket {
            continue;
        }
        let ticket = job.ticket;
        // Wait for a turn among the process's searches; a newer job cancels the wait.
        let _permit = match &pool {
            Some(pool) => match pool.acquire(|| latest.load(Ordering::SeqCst) != ticket) {
                Some(permit) => Some(permit),
                None => continue,
            },
            None => None,
        };
        let ctx = JobContext {
            ticket,
            latest: Arc::clone(&latest),
            sink: Arc::clone(&sink),
        };
        let work = job.work;
        match catch_unwind(AssertUnwindSafe(|| work(&ctx))) {
            Ok(()) if !ctx.is_cancelled() => sink(SolverMsg::Finished { ticket }),
            Ok(()) => {}
            Err(payload) => sink(SolverMsg::Failed {
                ticket,
                reason: panic_text(payload.as_ref()),
            }),
        }
    }
}

/// The message a panic carried, when it is text.
pub fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "the solver stopped unexpectedly".to_string()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Waits for the notice that `ticket` finished; the deadline only turns a hang into
    /// a failure. Returns the tickets that had news on the way.
    fn until_finished(rx: &Receiver<Notice>, ticket: u64) -> Vec<u64> {
        let mut news = Vec::new();
        loop {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(SolverMsg::Finished { ticket: t }) if t == ticket => return news,
                Ok(SolverMsg::Progress { ticket: t, .. }) => news.push(t),
                Ok(other) => assert!(!matches!(other, SolverMsg::Failed { .. }), "{other:?}"),
                Err(e) => panic!("no notice: {e}"),
            }
        }
    }

    /// A job's reports reach its screen's inbox typed and under its ticket, each with a
    /// notice; a job cancelled by a newer one sends nothing, to the inbox or the app.
    #[test]
    fn reports_go_typed_to_the_inbox_and_a_cancelled_job_sends_none() {
        let (tx, rx) = unbounded();
        let solver = SolverThread::spawn(move |m| {
            let _ = tx.send(m);
        })
        .expect("a solver thread");
        let inbox = Inbox::<String>::default();
        let (go, wait) = unbounded::<()>();
        let out = inbox.outbox();
        // The first job waits until the second has been submitted, so it is stale when
        // it reports (or it never runs at all).
        let first = solver.submit(move |ctx: &JobContext<()>| {
            let _ = wait.recv();
            ctx.send(&out, "stale".to_string());
        });
        let out = inbox.outbox();
        let second = solver.submit(move |ctx: &JobContext<()>| {
            ctx.send(&out, "one".to_string());
            ctx.send(&out, "two".to_string());
        });
        let _ = go.send(());
        assert_eq!(until_finished(&rx, second), vec![second, second]);
        let reports: Vec<(u64, String)> = inbox.drain().collect();
        assert_eq!(
            reports,
            vec![(second, "one".into()), (second, "two".into())]
        );
        assert_ne!(first, second);
        assert_eq!(inbox.drain().count(), 0, "taken once");
    }

    /// A solver thread bounded by a pool runs its job only once a permit is free.
    #[test]
    fn a_pooled_job_waits_for_a_permit() {
        let pool = super::super::pool::SearchPool::new(1);
        let held = pool.acquire(|| false).expect("the only permit");
        let (tx, rx) = unbounded();
        let solver = SolverThread::spawn_in(
            move |m| {
                let _ = tx.send(m);
            },
            Some(pool.clone()),
        )
        .expect("a solver thread");
        let ran = Arc::new(AtomicU64::new(0));
        let flag = Arc::clone(&ran);
        let ticket = solver.submit(move |_ctx: &JobContext<()>| {
            flag.store(1, Ordering::SeqCst);
        });
        while pool.load().1 == 0 {
            std::thread::yield_now();
        }
        assert_eq!(ran.load(Ordering::SeqCst), 0, "it waits in the queue");
        drop(held);
        until_finished(&rx, ticket);
        assert_eq!(ran.load(Ordering::SeqCst), 1);
        // The permit goes back when the job's guard drops, just after its Finished
        // notice: wait for it (a bounded number of yields, not a clock), then check.
        for _ in 0..10_000_000 {
            if pool.load() == (1, 0) {
                break;
            }
            std::thread::yield_now();
        }
        assert_eq!(pool.load(), (1, 0));
    }
}
