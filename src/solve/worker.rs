//! The solver thread. Jobs carry tickets; submitting a job cancels every older one
//! (the search polls an atomic), and reports from stale tickets are dropped here, so the
//! UI never waits and never sees analysis of a position that is no longer on the board.

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

/// A report of any job: each screen downcasts it to its own game's analysis type.
pub type AnyReport = Box<dyn Any + Send>;

/// A job as a screen hands it to the solver thread: it reports whatever its game's
/// analysis type is.
pub type Job = Box<dyn FnOnce(&JobContext<AnyReport>) + Send>;

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
    /// Starts the thread; every message goes to `sink`.
    pub fn spawn(sink: impl Fn(SolverMsg<R>) + Send + Sync + 'static) -> std::io::Result<Self> {
        let (tx, rx) = unbounded::<Queued<R>>();
        let latest = Arc::new(AtomicU64::new(0));
        let sink: Sink<R> = Arc::new(sink);
        let thread_latest = Arc::clone(&latest);
        let handle = thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || run(rx, thread_latest, sink))?;
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

fn run<R>(rx: Receiver<Queued<R>>, latest: Arc<AtomicU64>, sink: Sink<R>) {
    while let Ok(mut job) = rx.recv() {
        // Skip straight to the newest queued job: the older ones are cancelled anyway.
        while let Ok(newer) = rx.try_recv() {
            job = newer;
        }
        if latest.load(Ordering::SeqCst) != job.ticket {
            continue;
        }
        let ticket = job.ticket;
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
