//! The plain Pnut-Butta negamax both engine tests check against: written from the rules
//! alone, no engine code, and one shared memo per setting (the memo of (2,6) holds
//! millions of positions: computed once per test run).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Plain negamax from the rules alone (a string never repeats an l-gram), memoised on
/// (used l-grams, last l-1 symbols); `None` past `cap` positions.
pub struct Negamax {
    k: u64,
    l: usize,
    memo: HashMap<(u128, u64), bool>,
    cap: usize,
}

impl Negamax {
    pub fn new(k: usize, l: usize, cap: usize) -> Negamax {
        Negamax {
            k: k as u64,
            l,
            memo: HashMap::new(),
            cap,
        }
    }

    fn code(&self, w: &[u8]) -> u64 {
        w.iter().fold(0u64, |a, &x| a * self.k + u64::from(x))
    }

    /// The used l-grams and the last l-1 symbols of `text` (at least l-1 symbols).
    pub fn state(&self, text: &[u8]) -> (u128, u64) {
        let used = text
            .windows(self.l)
            .fold(0u128, |u, w| u | 1 << self.code(w));
        (used, self.code(&text[text.len() + 1 - self.l..]))
    }

    /// Whether the player to move after `text` wins; `None` before the string has l-1
    /// symbols (the opening) and past the cap.
    pub fn wins_after_opening(&mut self, text: &[u8]) -> Option<bool> {
        if text.len() + 1 < self.l {
            return None;
        }
        let (used, node) = self.state(text);
        self.value(used, node)
    }

    /// Whether the player to move after `text` wins (through the opening too).
    pub fn wins(&mut self, text: &[u8]) -> Option<bool> {
        if text.len() + 1 < self.l {
            for c in 0..self.k as u8 {
                let mut t = text.to_vec();
                t.push(c);
                if !self.wins(&t)? {
                    return Some(true);
                }
            }
            return Some(false);
        }
        let (used, node) = self.state(text);
        self.value(used, node)
    }

    pub fn value(&mut self, used: u128, node: u64) -> Option<bool> {
        if let Some(&v) = self.memo.get(&(used, node)) {
            return Some(v);
        }
        if self.memo.len() >= self.cap {
            return None;
        }
        let nodes = self.k.pow(self.l as u32 - 1);
        let mut win = false;
        for c in 0..self.k {
            let e = node * self.k + c;
            if used >> e & 1 == 0 && !self.value(used | 1 << e, e % nodes)? {
                win = true;
                break;
            }
        }
        self.memo.insert((used, node), win);
        Some(win)
    }
}

/// Runs `f` with the negamax of k symbols and length l, shared by the tests (its memo
/// for the larger small settings holds millions of positions: computed once).
pub fn with_negamax<R>(k: usize, l: usize, f: impl FnOnce(&mut Negamax) -> R) -> R {
    type Shared = Mutex<HashMap<(usize, usize), Negamax>>;
    static SHARED: OnceLock<Shared> = OnceLock::new();
    let mut map = SHARED
        .get_or_init(Shared::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    f(map
        .entry((k, l))
        .or_insert_with(|| Negamax::new(k, l, 60_000_000)))
}
