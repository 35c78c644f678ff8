//! The solver thread: newer tickets cancel older work, stale reports never win, and a
//! panicking job leaves the thread alive.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, unbounded};
use parlor::solve::worker::{SolverMsg, SolverThread};

fn thread() -> (SolverThread<u64>, Receiver<SolverMsg<u64>>) {
    let (tx, rx) = unbounded();
    let solver = SolverThread::spawn(move |msg| {
        let _ = tx.send(msg);
    })
    .expect("spawn solver thread");
    (solver, rx)
}

/// Waits for a message; the deadline only turns a hang into a failure.
fn next(rx: &Receiver<SolverMsg<u64>>) -> SolverMsg<u64> {
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the solver thread answered")
}

/// A job that would never end on its own: it counts and reports until cancelled.
fn endless(
    started: Arc<AtomicBool>,
    saw_cancel: Arc<AtomicBool>,
    iterations: Arc<AtomicU64>,
) -> impl FnOnce(&parlor::solve::worker::JobContext<u64>) + Send + 'static {
    move |ctx| {
        started.store(true, Ordering::SeqCst);
        let mut n = 0u64;
        loop {
            n += 1;
            if n.is_multiple_of(100_000) {
                iterations.store(n, Ordering::SeqCst);
                ctx.report(n);
            }
            if ctx.is_cancelled() {
                saw_cancel.store(true, Ordering::SeqCst);
                return;
            }
        }
    }
}

#[test]
fn a_newer_job_cancels_a_running_one() {
    let (solver, rx) = thread();
    let started = Arc::new(AtomicBool::new(false));
    let saw_cancel = Arc::new(AtomicBool::new(false));
    let iterations = Arc::new(AtomicU64::new(0));
    let old = solver.submit(endless(
        started.clone(),
        saw_cancel.clone(),
        iterations.clone(),
    ));
    // Progress streams while the long job runs.
    let first = next(&rx);
    assert!(
        matches!(first, SolverMsg::Progress { ticket, .. } if ticket == old),
        "{first:?}"
    );
    let submitted = Instant::now();
    let new = solver.submit(|ctx| {
        ctx.report(42);
    });
    assert!(new > old);
    let mut got_new = false;
    let mut after_new = Vec::new();
    loop {
        let msg = next(&rx);
        if got_new {
            after_new.push(msg.clone());
        }
        match msg {
            SolverMsg::Progress { ticket, report } if ticket == new => {
                assert_eq!(report, 42);
                got_new = true;
            }
            SolverMsg::Finished { ticket } if ticket == new => break,
            SolverMsg::Finished { ticket } => {
                panic!("the cancelled job {ticket} claimed to finish")
            }
            SolverMsg::Failed { reason, .. } => panic!("unexpected failure: {reason}"),
            SolverMsg::Progress { .. } => {}
        }
    }
    eprintln!(
        "cancelled after {} iterations; the new job answered {:?} after submission",
        iterations.load(Ordering::SeqCst),
        submitted.elapsed()
    );
    assert!(got_new);
    assert!(
        saw_cancel.load(Ordering::SeqCst),
        "the old job saw the cancellation"
    );
    assert!(after_new.iter().all(|m| m.ticket() == new), "{after_new:?}");
}

#[test]
fn cancel_stops_work_without_a_replacement() {
    let (solver, rx) = thread();
    let started = Arc::new(AtomicBool::new(false));
    let saw_cancel = Arc::new(AtomicBool::new(false));
    let iterations = Arc::new(AtomicU64::new(0));
    solver.submit(endless(started.clone(), saw_cancel.clone(), iterations));
    let _ = next(&rx);
    solver.cancel();
    // The job returns; a following job proves the thread is free again.
    let t = solver.submit(|ctx| {
        ctx.report(7);
    });
    loop {
        if let SolverMsg::Finished { ticket } = next(&rx)
            && ticket == t
        {
            break;
        }
    }
    assert!(saw_cancel.load(Ordering::SeqCst));
}

#[test]
fn queued_jobs_are_skipped_for_the_newest() {
    let (solver, rx) = thread();
    let gate = Arc::new(AtomicBool::new(false));
    let g = gate.clone();
    // Hold the thread busy until released, so the next submissions queue up.
    let first = solver.submit(move |ctx| {
        while !g.load(Ordering::SeqCst) && !ctx.is_cancelled() {
            std::thread::yield_now();
        }
    });
    let ran = Arc::new(AtomicU64::new(0));
    let mut last = first;
    for i in 1..=5u64 {
        let ran = ran.clone();
        last = solver.submit(move |ctx| {
            ran.fetch_add(1, Ordering::SeqCst);
            ctx.report(i);
        });
    }
    gate.store(true, Ordering::SeqCst);
    loop {
        match next(&rx) {
            SolverMsg::Progress { ticket, report } => {
                assert_eq!(ticket, last, "only the newest job reports");
                assert_eq!(report, 5);
            }
            SolverMsg::Finished { ticket } if ticket == last => break,
            other => assert_eq!(other.ticket(), last, "{other:?}"),
        }
    }
    assert_eq!(ran.load(Ordering::SeqCst), 1, "stale queued jobs never ran");
}

#[test]
fn a_panicking_job_is_reported_and_the_thread_lives_on() {
    let (solver, rx) = thread();
    let bad = solver.submit(|_ctx| panic!("deliberate test panic"));
    match next(&rx) {
        SolverMsg::Failed { ticket, reason } => {
            assert_eq!(ticket, bad);
            assert!(reason.contains("deliberate test panic"), "{reason}");
        }
        other => panic!("expected a failure, got {other:?}"),
    }
    let good = solver.submit(|ctx| {
        ctx.report(1);
    });
    assert_eq!(
        next(&rx),
        SolverMsg::Progress {
            ticket: good,
            report: 1
        }
    );
    assert_eq!(next(&rx), SolverMsg::Finished { ticket: good });
}

#[test]
fn dropping_the_thread_stops_a_running_job() {
    let (solver, rx) = thread();
    let started = Arc::new(AtomicBool::new(false));
    let saw_cancel = Arc::new(AtomicBool::new(false));
    solver.submit(endless(
        started,
        saw_cancel.clone(),
        Arc::new(AtomicU64::new(0)),
    ));
    let _ = next(&rx);
    drop(solver); // joins the thread: returns only because the job saw the cancellation
    assert!(saw_cancel.load(Ordering::SeqCst));
}
