//! A bound on the searches that run at once across every solver thread of a process:
//! `parlor serve` runs an arcade (with its own solver thread) per player, and twenty
//! players' AIs thinking at once on two cores would starve each other and the screens.
//! A search waits for a permit, first come first served, and gives it back when it
//! ends; one cancelled while it waits leaves the queue. The local arcade sets no bound.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

/// The permits of a pool, and who waits for one, in order of arrival.
pub struct SearchPool {
    state: Mutex<PoolState>,
    freed: Condvar,
}

struct PoolState {
    free: usize,
    /// Numbers of the waiting searches, the first to be served first.
    queue: VecDeque<u64>,
    next: u64,
}

/// A search's right to run; given back when dropped.
pub struct Permit {
    pool: Arc<SearchPool>,
}

/// How often a waiting search looks whether it was cancelled.
const CANCEL_CHECK: Duration = Duration::from_millis(20);

impl SearchPool {
    /// A pool of `permits` searches at once (at least one).
    pub fn new(permits: usize) -> Arc<SearchPool> {
        Arc::new(SearchPool {
            state: Mutex::new(PoolState {
                free: permits.max(1),
                queue: VecDeque::new(),
                next: 0,
            }),
            freed: Condvar::new(),
        })
    }

    fn state(&self) -> MutexGuard<'_, PoolState> {
        // A search that panicked holding the lock changed nothing half-way.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Waits for a permit, after every search that asked before; `None` if
    /// `cancelled` says so first.
    pub fn acquire(self: &Arc<Self>, cancelled: impl Fn() -> bool) -> Option<Permit> {
        let mut state = self.state();
        let me = state.next;
        state.next += 1;
        state.queue.push_back(me);
        loop {
            if state.free > 0 && state.queue.front() == Some(&me) {
                state.queue.pop_front();
                state.free -= 1;
                // The next in line may have a permit too.
                self.freed.notify_all();
                return Some(Permit { pool: self.clone() });
            }
            if cancelled() {
                state.queue.retain(|&w| w != me);
                self.freed.notify_all();
                return None;
            }
            state = self
                .freed
                .wait_timeout(state, CANCEL_CHECK)
                .map(|(s, _)| s)
                .unwrap_or_else(|e| e.into_inner().0);
        }
    }

    /// Permits free now and searches waiting (for tests and the operator).
    pub fn load(&self) -> (usize, usize) {
        let state = self.state();
        (state.free, state.queue.len())
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut state = self.pool.state();
        state.free += 1;
        drop(state);
        self.pool.freed.notify_all();
    }
}

static GLOBAL: OnceLock<Arc<SearchPool>> = OnceLock::new();

/// Bounds the searches of this process to `permits` at once (set once, by `parlor
/// serve`; later calls change nothing). Returns the pool in force.
pub fn limit_searches(permits: usize) -> Arc<SearchPool> {
    GLOBAL.get_or_init(|| SearchPool::new(permits)).clone()
}

/// The process's bound, if one was set.
pub fn global() -> Option<Arc<SearchPool>> {
    GLOBAL.get().cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    #[test]
    fn no_more_than_the_permits_run_at_once_and_all_get_their_turn() {
        let pool = SearchPool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let done = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, most, done) =
                    (pool.clone(), running.clone(), most.clone(), done.clone());
                std::thread::spawn(move || {
                    let permit = pool.acquire(|| false).unwrap();
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    running.fetch_sub(1, Ordering::SeqCst);
                    done.fetch_add(1, Ordering::SeqCst);
                    drop(permit);
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(done.load(Ordering::SeqCst), 8);
        assert!(most.load(Ordering::SeqCst) <= 2);
        assert_eq!(pool.load(), (2, 0));
    }

    #[test]
    fn searches_are_served_in_the_order_they_asked() {
        let pool = SearchPool::new(1);
        let first = pool.acquire(|| false).unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut threads = Vec::new();
        for i in 0..4 {
            let (shared, order) = (pool.clone(), order.clone());
            threads.push(std::thread::spawn(move || {
                let _permit = shared.acquire(|| false).unwrap();
                order.lock().unwrap().push(i);
            }));
            // Each asks after the one before is in the queue.
            while pool.load().1 < i + 1 {
                std::thread::yield_now();
            }
        }
        drop(first);
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(*order.lock().unwrap(), vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_search_cancelled_while_waiting_leaves_the_queue() {
        let pool = SearchPool::new(1);
        let held = pool.acquire(|| false).unwrap();
        let cancel = Arc::new(AtomicBool::new(false));
        let waiter = {
            let (shared, cancel) = (pool.clone(), cancel.clone());
            std::thread::spawn(move || shared.acquire(|| cancel.load(Ordering::SeqCst)).is_none())
        };
        while pool.load().1 < 1 {
            std::thread::yield_now();
        }
        cancel.store(true, Ordering::SeqCst);
        assert!(waiter.join().unwrap(), "the cancelled search got no permit");
        assert_eq!(pool.load(), (0, 0));
        drop(held);
        assert_eq!(pool.load(), (1, 0));
    }
}
