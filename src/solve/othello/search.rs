//! The state shared by the midgame search and the exact solver: the table, the node
//! count, the stop flag raised by cancellation or the clock, and (for the exact solver)
//! the split points through which helper threads share the work.
//!
//! Parallel search is "young brothers wait": at a null-window node with many empty
//! squares, once the first move has been searched without a cutoff (or later, as soon
//! as a thread is idle), the remaining moves are published as a [`Split`]; idle
//! threads take moves from the open split with the most empties, one at a time, and a
//! thread waiting for its own split to finish helps with others meanwhile. A
//! thread with nothing to take sleeps on a condition variable (a new split, or its
//! split's last helper leaving, wakes it): a spinning helper would burn a core the
//! rest of the machine shares for no node searched. All threads share the lock-free
//! transposition table.

use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::endgame::Mv;
use super::evaluator::Evaluator;
use super::table::{NO_MOVE, Table};

/// How many nodes pass between two looks at the clock and the cancel flag.
const POLL_EVERY: u64 = 2048;

/// A node whose remaining moves several threads search.
pub struct Split {
    pub p: u64,
    pub o: u64,
    pub alpha: i32,
    pub moves: Vec<Mv>,
    /// Searched in this level of the selective presearch (0: exact).
    pub mpc: u8,
    next: AtomicUsize,
    /// `(score + 128) << 8 | square` of the best move so far.
    best: AtomicU64,
    /// A move scored above alpha: the node is cut and its helpers stop.
    pub cut: AtomicBool,
    helpers: AtomicUsize,
}

impl Split {
    /// The best score and move found (score `-128` with no move if none finished).
    pub fn result(&self) -> (i32, u32) {
        let b = self.best.load(Acquire);
        ((b >> 8) as i32 - 128, (b & 0xFF) as u32)
    }

    fn record(&self, score: i32, sq: u32) {
        let packed = (((score + 128).max(0) as u64) << 8) | u64::from(sq);
        self.best.fetch_max(packed, AcqRel);
    }
}

/// What the threads of one parallel solve share.
pub struct Shared {
    /// Every thread stops (cancellation or the clock, seen by any thread).
    pub abort: AtomicBool,
    quit: AtomicBool,
    /// Threads looking for work.
    idle: AtomicUsize,
    /// The published splits, each until its owner has no more of its moves to take
    /// (a single slot would hide an outer split's moves behind an inner one's).
    open: Mutex<Vec<Arc<Split>>>,
    wake: Condvar,
    /// Threads asleep on `wake` (changed under the lock of `open`).
    sleeping: AtomicUsize,
    /// Nodes searched by the helper threads.
    pub helper_nodes: AtomicU64,
}

impl Shared {
    fn new() -> Shared {
        Shared {
            abort: AtomicBool::new(false),
            quit: AtomicBool::new(false),
            idle: AtomicUsize::new(0),
            open: Mutex::new(Vec::new()),
            wake: Condvar::new(),
            sleeping: AtomicUsize::new(0),
            helper_nodes: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Arc<Split>>> {
        // A poisoned lock only means a helper panicked; the list itself is still sound.
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The open split with the most empties (the largest shares) among the (locked)
    /// published ones, registered as helped by the caller.
    fn take_from(open: &[Arc<Split>]) -> Option<Arc<Split>> {
        let sp = open
            .iter()
            .filter(|sp| !sp.cut.load(Relaxed) && sp.next.load(Relaxed) < sp.moves.len())
            .max_by_key(|sp| (!(sp.p | sp.o)).count_ones())?;
        sp.helpers.fetch_add(1, AcqRel);
        Some(Arc::clone(sp))
    }

    /// Blocks until woken (a new split, a split's last helper leaving, the end of the
    /// solve) or `timeout` passes; whether it timed out.
    fn wait<'g>(
        &self,
        open: MutexGuard<'g, Vec<Arc<Split>>>,
        timeout: Duration,
    ) -> (MutexGuard<'g, Vec<Arc<Split>>>, bool) {
        // Counted under the lock, so a notifier holding the lock sees every sleeper.
        self.sleeping.fetch_add(1, AcqRel);
        let (guard, result) = self
            .wake
            .wait_timeout(open, timeout)
            .unwrap_or_else(|e| e.into_inner());
        self.sleeping.fetch_sub(1, AcqRel);
        (guard, result.timed_out())
    }

    /// Wakes every waiting thread. Taking the lock first means a thread that checked
    /// its condition under the lock is already waiting, so no wake-up is lost.
    fn notify(&self) {
        let open = self.lock();
        self.notify_locked(&open);
    }

    /// [`Shared::notify`] with the lock held; no system call when nobody sleeps (the
    /// common case: a split published while the other threads are busy).
    fn notify_locked(&self, _open: &MutexGuard<'_, Vec<Arc<Split>>>) {
        if self.sleeping.load(Acquire) > 0 {
            self.wake.notify_all();
        }
    }
}

/// The number of search threads to use: the machine's cores, at most eight.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Runs `f` with `threads - 1` helper threads that join its splits; `f` gets the
/// shared state to put into its [`Search`] (none when single-threaded).
pub fn with_helpers<R>(
    tt: &Table,
    eval: Evaluator<'_>,
    deadline: Option<Instant>,
    threads: usize,
    f: impl FnOnce(Option<&Shared>) -> R,
) -> R {
    if threads <= 1 {
        return f(None);
    }
    let shared = Shared::new();
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let shared = &shared;
            scope.spawn(move || helper_loop(tt, eval, shared, deadline));
        }
        let result = f(Some(&shared));
        shared.quit.store(true, Release);
        shared.notify();
        result
    })
}

/// A helper thread: takes moves from published splits; with nothing to take it sleeps
/// on the condition variable (it never spins), woken by the next split or the end.
fn helper_loop(tt: &Table, eval: Evaluator<'_>, shared: &Shared, deadline: Option<Instant>) {
    let never = || false;
    let mut s = Search::new(tt, &never, deadline);
    s.eval = eval;
    s.shared = Some(shared);
    shared.idle.fetch_add(1, AcqRel);
    loop {
        let sp = {
            let mut open = shared.lock();
            loop {
                if shared.quit.load(Acquire) {
                    break None;
                }
                if let Some(sp) = Shared::take_from(&open) {
                    break Some(sp);
                }
                open = shared.wait(open, IDLE_WAIT).0;
            }
        };
        let Some(sp) = sp else { break };
        shared.idle.fetch_sub(1, AcqRel);
        let before = s.nodes;
        s.help(&sp);
        shared.helper_nodes.fetch_add(s.nodes - before, AcqRel);
        shared.idle.fetch_add(1, AcqRel);
    }
    shared.idle.fetch_sub(1, AcqRel);
}

/// An idle helper's longest sleep: a safety net only, every event notifies.
const IDLE_WAIT: Duration = Duration::from_millis(50);
/// The longest a thread waiting for its split's helpers sleeps before it looks at the
/// clock and the cancel flag (which only it watches).
const OWNER_WAIT: Duration = Duration::from_millis(5);

pub struct Search<'a> {
    pub tt: &'a Table,
    pub nodes: u64,
    /// Raised once the search must unwind; results computed after are garbage.
    pub stop: bool,
    /// When false, the table is neither read nor written (for testing).
    pub use_table: bool,
    /// Set when helper threads take part (exact solves only).
    pub shared: Option<&'a Shared>,
    /// The level of the selective presearch ([`super::probcut`]), 0 in exact
    /// searches: results are estimates.
    pub mpc: u8,
    /// Whether exact roots get the selective presearch (off only to compare).
    pub presearch: bool,
    /// Whether midgame null-window nodes may be cut by ProbCut
    /// ([`super::mid_probcut`]): in the AI's depth-limited play searches only.
    pub mid_mpc: bool,
    /// The evaluation of midgame leaves and of move ordering.
    pub eval: Evaluator<'a>,
    /// When a root search is stopped after its first move finished: the best root
    /// move among those that finished, and its value. Deeper than the last finished
    /// iteration, so a move it found better is worth playing.
    pub interrupted: Option<(u32, i32)>,
    cancelled: &'a dyn Fn() -> bool,
    deadline: Option<Instant>,
    next_poll: u64,
    /// One reusable move list per number of empty squares (a search path never holds
    /// two live lists for the same count).
    lists: Vec<Vec<Mv>>,
    /// The splits this thread is helping with, innermost last.
    helping: Vec<Arc<Split>>,
}

impl<'a> Search<'a> {
    pub fn new(
        tt: &'a Table,
        cancelled: &'a dyn Fn() -> bool,
        deadline: Option<Instant>,
    ) -> Search<'a> {
        Search {
            tt,
            nodes: 0,
            stop: false,
            use_table: true,
            interrupted: None,
            shared: None,
            mpc: 0,
            presearch: true,
            mid_mpc: false,
            eval: Evaluator::Classic,
            cancelled,
            deadline,
            next_poll: POLL_EVERY,
            lists: (0..=64).map(|_| Vec::with_capacity(32)).collect(),
            helping: Vec::new(),
        }
    }

    /// Nodes searched by this thread and, in a parallel solve, its helpers so far.
    pub fn total_nodes(&self) -> u64 {
        self.nodes + self.shared.map_or(0, |s| s.helper_nodes.load(Relaxed))
    }

    /// Borrows the move list for positions with `n` empty squares.
    #[inline(always)]
    pub fn take_list(&mut self, n: u32) -> Vec<Mv> {
        std::mem::take(&mut self.lists[n as usize])
    }

    /// Returns a list taken with [`Search::take_list`].
    #[inline(always)]
    pub fn give_list(&mut self, n: u32, list: Vec<Mv>) {
        self.lists[n as usize] = list;
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Counts a node; now and then checks whether to stop.
    #[inline(always)]
    pub fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
    }

    #[cold]
    #[inline(never)]
    pub fn poll(&mut self) {
        self.next_poll = self.nodes + POLL_EVERY;
        if (self.cancelled)() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stop = true;
            if let Some(sh) = self.shared {
                sh.abort.store(true, Release);
            }
        }
        if let Some(sh) = self.shared
            && (sh.abort.load(Acquire) || self.helping.iter().any(|sp| sp.cut.load(Relaxed)))
        {
            self.stop = true;
        }
    }

    /// Whether a node with `n` empties and `left` unsearched moves should be shared.
    #[inline(always)]
    pub fn can_split(&self, n: u32, left: usize) -> bool {
        left >= 2 && n >= SPLIT_MIN && self.shared.is_some_and(|sh| sh.idle.load(Relaxed) > 0)
    }

    /// Searches `moves` of `(p, o)` against `alpha` together with idle threads; the
    /// best score and move (`-128` and no move when nothing finished).
    pub fn split(&mut self, p: u64, o: u64, alpha: i32, moves: &[Mv]) -> (i32, u32) {
        let Some(sh) = self.shared else {
            return (-128, NO_MOVE);
        };
        let sp = Arc::new(Split {
            p,
            o,
            alpha,
            moves: moves.to_vec(),
            mpc: self.mpc,
            next: AtomicUsize::new(0),
            best: AtomicU64::new(0),
            cut: AtomicBool::new(false),
            helpers: AtomicUsize::new(0),
        });
        {
            let mut open = sh.lock();
            open.push(Arc::clone(&sp));
            sh.notify_locked(&open);
        }
        self.work(&sp);
        {
            let mut open = sh.lock();
            open.retain(|s| !Arc::ptr_eq(s, &sp));
        }
        // Wait for the helpers, helping with other splits meanwhile; with nothing to
        // help, sleep until a split appears or the last helper leaves.
        sh.idle.fetch_add(1, AcqRel);
        let mut open = sh.lock();
        while sp.helpers.load(Acquire) > 0 {
            if let Some(other) = Shared::take_from(&open) {
                drop(open);
                sh.idle.fetch_sub(1, AcqRel);
                self.help(&other);
                sh.idle.fetch_add(1, AcqRel);
                open = sh.lock();
            } else {
                let (guard, timed_out) = sh.wait(open, OWNER_WAIT);
                open = guard;
                if timed_out && !self.stop {
                    drop(open);
                    self.poll();
                    open = sh.lock();
                }
            }
        }
        drop(open);
        sh.idle.fetch_sub(1, AcqRel);
        sp.result()
    }

    /// Takes moves of `sp` one at a time until none is left or the node is cut.
    fn work(&mut self, sp: &Split) {
        loop {
            if self.stop || sp.cut.load(Relaxed) {
                return;
            }
            let i = sp.next.fetch_add(1, AcqRel);
            let Some(&m) = sp.moves.get(i) else {
                return;
            };
            let np = sp.o ^ m.flips;
            let no = sp.p ^ m.flips ^ (1u64 << m.sq);
            let v = -self.nws(np, no, -sp.alpha - 1);
            if self.stop {
                return;
            }
            sp.record(v, m.sq);
            if v > sp.alpha {
                sp.cut.store(true, Release);
                return;
            }
        }
    }

    /// Works on another thread's split; registered as a helper by [`Shared::take`].
    fn help(&mut self, sp: &Arc<Split>) {
        self.helping.push(Arc::clone(sp));
        let mpc = std::mem::replace(&mut self.mpc, sp.mpc);
        self.work(sp);
        self.mpc = mpc;
        self.helping.pop();
        // A cut of that split stopped only this piece of work.
        self.stop = self.shared.is_some_and(|sh| sh.abort.load(Acquire))
            || self.helping.iter().any(|s| s.cut.load(Relaxed));
        if sp.helpers.fetch_sub(1, AcqRel) == 1
            && let Some(sh) = self.shared
        {
            // The owner may be asleep waiting for its last helper.
            sh.notify();
        }
    }
}

/// Nodes with at least this many empty squares may be shared between threads.
/// Measured on FFO #40-#44, two threads on an idle 2-core machine, means of 3 runs:
/// with the open list and splits at later siblings, 12 took 1.61 s, 13 1.62 s, 14
/// 1.61 s at 1.07x the CPU of one thread (2.71 s); 14 without the open list 1.67 s. In
/// another series, 14 took 1.65 s, 16 1.71 s, and the single slot at 16 1.73 s. (An
/// idle helper waits for the thread in a serial subtree to reach a node it may share;
/// the smaller those subtrees the shorter the waits, down to where sharing costs more.)
pub const SPLIT_MIN: u32 = 14;

#[cfg(test)]
mod tests {
    use super::*;

    /// A split of a node with `empties` empty squares (the squares `0..empties` empty)
    /// and `moves` moves to share.
    fn split(empties: u32, moves: usize) -> Arc<Split> {
        let full = if empties == 64 { 0 } else { !0u64 << empties };
        let mv = Mv {
            sq: 0,
            flips: 0,
            score: 0,
        };
        Arc::new(Split {
            p: full,
            o: 0,
            alpha: 0,
            moves: vec![mv; moves],
            mpc: 0,
            next: AtomicUsize::new(0),
            best: AtomicU64::new(0),
            cut: AtomicBool::new(false),
            helpers: AtomicUsize::new(0),
        })
    }

    #[test]
    fn an_idle_thread_takes_the_open_split_with_the_most_empties() {
        let inner = split(15, 3);
        let outer = split(19, 4);
        let middle = split(17, 2);
        // Published outermost first, as nested splits are; the newest is innermost.
        let open = vec![Arc::clone(&outer), Arc::clone(&middle), Arc::clone(&inner)];
        let taken = Shared::take_from(&open).expect("moves left");
        assert!(Arc::ptr_eq(&taken, &outer));
        assert_eq!(outer.helpers.load(Relaxed), 1, "registered as a helper");
        // An outer split with all its moves taken or cut is passed over.
        outer.next.store(4, Relaxed);
        assert!(Arc::ptr_eq(
            &Shared::take_from(&open).expect("moves left"),
            &middle
        ));
        middle.cut.store(true, Relaxed);
        assert!(Arc::ptr_eq(
            &Shared::take_from(&open).expect("moves left"),
            &inner
        ));
        inner.next.store(3, Relaxed);
        assert!(Shared::take_from(&open).is_none());
        assert!(Shared::take_from(&[]).is_none());
    }
}
