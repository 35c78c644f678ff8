//! The checker's walk (docs/certificate.md, "Checking"): from the empty string, the
//! certificate's winner plays the recorded move and the loser every legal symbol, to
//! the end of every line. A position is settled without a recorded move only by what
//! the rules show at once (no move; a move leaving the opponent none; one move only;
//! no odd cycle among the reachable l-grams, where parity decides); every other one is
//! looked up by its reduced key, derived here (`derive`). A key's recorded move is
//! checked once (a bit a key): a position with the same key has the same value.

use std::collections::{BTreeSet, HashSet};

use super::derive::{AFTER_LOST, AFTER_WON, Board, Position, Unbalanced, WHOLE};
use super::read::{Cert, Entries};

/// Why the walk stopped before the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The certificate fails here: what was expected, what was found.
    Rejected(String),
    /// `stop` said so (Ctrl-C).
    Stopped,
}

/// What a finished walk counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Walked {
    /// Positions looked at.
    pub positions: u64,
    /// Recorded moves checked (the others were never reached).
    pub used: u64,
}

/// Walks `cert`'s strategy against every reply; `stop` is polled now and then.
pub fn walk(cert: &Cert, stop: &dyn Fn() -> bool) -> Result<Walked, Failure> {
    walk_traced(cert, stop, None)
}

/// [`walk`], saying for each recorded move of the first part the line where it was
/// first checked and the symbol it played there (for the tests: a changed move that is
/// accepted must win where it is played).
pub fn walk_lines(cert: &Cert) -> Result<Vec<(Vec<u8>, u8)>, Failure> {
    let first = cert.parts.first().map_or(0, |p| p.sets.len());
    let mut lines = vec![(Vec::new(), 0); first];
    walk_traced(cert, &|| false, Some(&mut lines))?;
    Ok(lines)
}

fn walk_traced(
    cert: &Cert,
    stop: &dyn Fn() -> bool,
    trace: Option<&mut Vec<(Vec<u8>, u8)>>,
) -> Result<Walked, Failure> {
    let mut w = Walker {
        trace,
        board: Board::new(&cert.rules),
        l: cert.rules.length(),
        cert,
        part: 0,
        checked: cert
            .parts
            .iter()
            .map(|p| vec![0; p.sets.len().div_ceil(64)])
            .collect(),
        reached: BTreeSet::new(),
        seen: HashSet::new(),
        line: Vec::new(),
        positions: 0,
        stop,
    };
    w.opening(cert.first_wins)?;
    // A certificate records the moves of its strategy's lines and nothing else: a
    // move never reached is one no line needs, which a changed move elsewhere leaves
    // behind (the lines it used to answer are no longer played).
    for (n, part) in cert.parts.iter().enumerate() {
        let checked = &w.checked[n];
        if let Some(i) = (0..part.sets.len()).find(|&i| checked[i / 64] >> (i % 64) & 1 == 0) {
            let which = if cert.roots.is_some() {
                format!(" of part {}", n + 1)
            } else {
                String::new()
            };
            return Err(rejected(format!(
                "recorded move {} of {}{which} (the move {} at node {} with {} unused l-grams) is never reached by the strategy's lines: a certificate records only the moves its lines need",
                i + 1,
                part.sets.len(),
                cert.rules.symbol(part.moves[i]),
                w.node_text(u64::from(part.tags[i] & 63)),
                part.sets[i].count_ones()
            )));
        }
    }
    let unreached = |s: &Vec<u8>| !w.reached.contains(s);
    if let Some(s) = cert.opening.keys().find(|s| unreached(s)) {
        return Err(rejected(format!(
            "the move by string at {} is never reached by the strategy's lines",
            w.text(s)
        )));
    }
    if let Some(s) = cert
        .roots
        .iter()
        .flat_map(|r| r.keys())
        .find(|s| unreached(s))
    {
        return Err(rejected(format!(
            "the root at {} is never reached by the strategy's lines",
            w.text(s)
        )));
    }
    let used = w
        .checked
        .iter()
        .flatten()
        .map(|b| u64::from(b.count_ones()))
        .sum();
    Ok(Walked {
        positions: w.positions,
        used,
    })
}

struct Walker<'a> {
    /// Where each recorded move was first checked, when asked.
    trace: Option<&'a mut Vec<(Vec<u8>, u8)>>,
    board: Board,
    l: usize,
    cert: &'a Cert,
    /// The part whose recorded moves key the positions walked now.
    part: usize,
    /// A bit per recorded move of each part: checked already.
    checked: Vec<Vec<u64>>,
    /// The strings with a move by string, or a root, that the walk reached.
    reached: BTreeSet<Vec<u8>>,
    /// The positions checked, as (reachable l-grams, token, need, part).
    seen: HashSet<(u128, u64, bool, usize)>,
    /// The string from the empty one to the position walked (symbol indices).
    line: Vec<u8>,
    positions: u64,
    stop: &'a dyn Fn() -> bool,
}

/// A position's reduced key and the relabelling that gives it.
struct Key {
    set: u128,
    node: u64,
    kind: u8,
    perm: Option<usize>,
}

/// A rejection whose message says where.
fn rejected(message: String) -> Failure {
    Failure::Rejected(message)
}

impl Walker<'_> {
    fn text(&self, line: &[u8]) -> String {
        if line.is_empty() {
            return "the empty string".to_string();
        }
        let s: String = line.iter().map(|&c| self.cert.rules.symbol(c)).collect();
        format!("'{s}'")
    }

    /// The position named for a message: its string and whose turn it is.
    fn here(&self) -> String {
        let who = if self.line.len().is_multiple_of(2) {
            "first"
        } else {
            "second"
        };
        format!("{} (the {who} player to move)", self.text(&self.line))
    }

    fn symbol(&self, c: u64) -> char {
        self.cert.rules.symbol(c as u8)
    }

    fn tick(&mut self) -> Result<(), Failure> {
        self.positions += 1;
        if self.positions & 0xffff == 0 && (self.stop)() {
            return Err(Failure::Stopped);
        }
        Ok(())
    }

    /// The opening: strings of fewer than l-1 symbols, whose mover wins when `win`;
    /// in a certificate of parts (version 2), any string above the parts' roots.
    fn opening(&mut self, win: bool) -> Result<(), Failure> {
        self.tick()?;
        if let Some(roots) = &self.cert.roots {
            if let Some(&part) = roots.get(&self.line) {
                self.reached.insert(self.line.clone());
                let p = self.line_position();
                let outer = std::mem::replace(&mut self.part, part);
                let r = self.check(p, win);
                self.part = outer;
                return r.map_err(|e| match e {
                    Failure::Rejected(why) => rejected(format!(
                        "in part {} (its root {}): {why}",
                        part + 1,
                        self.text(&self.line)
                    )),
                    other => other,
                });
            }
            if self.line.len() + 1 >= self.l {
                return self.by_string(win);
            }
        } else if self.line.len() + 1 == self.l {
            let k = self.board.k;
            let token = self.line.iter().fold(0, |a, &c| a * k + u64::from(c));
            let p = Position {
                unused: self.board.all,
                token,
            };
            return self.check(p, win);
        }
        let recorded = self.cert.opening.get(&self.line).copied();
        if recorded.is_some() {
            self.reached.insert(self.line.clone());
        }
        match (win, recorded) {
            (true, None) => Err(rejected(format!(
                "at {}: the player to move must win here, but the certificate records no opening move for it",
                self.here()
            ))),
            (true, Some(c)) => self.play(c, false, true),
            (false, Some(c)) => Err(rejected(format!(
                "at {}: the certificate records the opening move {} for the player to move, but its strategy needs this string lost for it",
                self.here(),
                self.symbol(u64::from(c))
            ))),
            (false, None) => {
                for c in 0..self.board.k as u8 {
                    self.play(c, true, true)?;
                }
                Ok(())
            }
        }
    }

    /// The position after the line (at least l-1 symbols): its l-grams used.
    fn line_position(&self) -> Position {
        let k = self.board.k;
        let first = &self.line[..self.l - 1];
        let start = Position {
            unused: self.board.all,
            token: first.iter().fold(0, |a, &c| a * k + u64::from(c)),
        };
        self.line[self.l - 1..]
            .iter()
            .fold(start, |p, &c| self.board.after(p, u64::from(c)))
    }

    /// A string of l-1 symbols or more above the roots (version 2): the winner plays
    /// its move by string, the loser every legal symbol.
    fn by_string(&mut self, win: bool) -> Result<(), Failure> {
        let p = self.line_position();
        let legal = self.board.legal(p);
        let recorded = self.cert.opening.get(&self.line).copied();
        if recorded.is_some() {
            self.reached.insert(self.line.clone());
        }
        match (win, recorded) {
            (true, None) => Err(rejected(format!(
                "at {}: the player to move must win here, but the certificate records no move by string nor a part for it",
                self.here()
            ))),
            (true, Some(c)) if legal >> c & 1 == 0 => Err(rejected(format!(
                "at {}: the certificate's move {} is not legal: its last {} symbols appeared before",
                self.here(),
                self.symbol(u64::from(c)),
                self.l
            ))),
            (true, Some(c)) => self.play(c, false, true),
            (false, Some(c)) => Err(rejected(format!(
                "at {}: the certificate records the move {} for the player to move, but its strategy needs this string lost for it",
                self.here(),
                self.symbol(u64::from(c))
            ))),
            (false, None) => {
                for c in 0..self.board.k as u8 {
                    if legal >> c & 1 == 1 {
                        self.play(c, true, true)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// The recorded moves keying the positions walked now.
    fn entries(&self) -> &Entries {
        &self.cert.parts[self.part]
    }

    /// Plays `c` on the line and checks what follows: in the opening, or at `p`.
    fn play(&mut self, c: u8, win: bool, opening: bool) -> Result<(), Failure> {
        self.line.push(c);
        let r = if opening { self.opening(win) } else { Ok(()) };
        self.line.pop();
        r
    }

    /// The same, at position `p` after the opening.
    fn play_at(&mut self, p: Position, c: u64, win: bool) -> Result<(), Failure> {
        self.line.push(c as u8);
        let r = self.check(self.board.after(p, c), win);
        self.line.pop();
        r
    }

    fn unbalanced(&self, e: Unbalanced) -> Failure {
        rejected(format!(
            "at {}: the reachable l-grams do not have the degrees every position of the game has ({}): the rules were not followed",
            self.here(),
            e.0
        ))
    }

    /// Checks that the mover at `p` (reached by `self.line`) wins when `win`, loses
    /// otherwise.
    fn check(&mut self, p: Position, win: bool) -> Result<(), Failure> {
        self.tick()?;
        let b = &self.board;
        let legal = b.legal(p);
        if legal == 0 {
            return if win {
                Err(rejected(format!(
                    "at {}: the player to move must win here, but has no legal symbol",
                    self.here()
                )))
            } else {
                Ok(())
            };
        }
        // A symbol that leaves the opponent without one wins at once.
        if let Some(c) = (0..b.k).find(|&c| legal >> c & 1 == 1 && b.legal(b.after(p, c)) == 0) {
            return if win {
                Ok(())
            } else {
                Err(rejected(format!(
                    "at {}: the player to move must lose here, but {} leaves the opponent without a legal symbol",
                    self.here(),
                    self.symbol(c)
                )))
            };
        }
        if legal.count_ones() == 1 {
            return self.play_at(p, u64::from(legal.trailing_zeros()), !win);
        }
        let (edges, nodes) = b.reach(p);
        // A position's game is its reachable l-grams and its token (reduction 2): one
        // checked already with the same need, in this part, is not checked again.
        if !self.seen.insert((edges, p.token, win, self.part)) {
            return Ok(());
        }
        let b = &self.board;
        if let Some(other) = b.two_sides(edges, nodes, p.token) {
            let end = b.end(p, edges).map_err(|e| self.unbalanced(e))?;
            let wins = other >> end & 1 == 1;
            if wins == win {
                return Ok(());
            }
            return Err(rejected(format!(
                "at {}: the {} reachable unused l-grams have no odd cycle and every game from here ends at node {}, so its length is {} and the player to move {}; the certificate's line needs the opposite",
                self.here(),
                edges.count_ones(),
                self.node_text(end),
                if wins { "odd" } else { "even" },
                if wins { "wins" } else { "loses" }
            )));
        }
        let key = self.key(p, edges, nodes)?;
        let tag = key.node as u8 | key.kind << 6;
        let found = self.entries().find(key.set, tag);
        if !win {
            if let Some(i) = found {
                let c = self.board.unlabel(key.perm, self.entries().moves[i]);
                return Err(rejected(format!(
                    "at {}: the certificate records the winning move {} for the player to move, but its strategy needs this position lost for it",
                    self.here(),
                    self.symbol(u64::from(c))
                )));
            }
            for c in 0..self.board.k {
                if legal >> c & 1 == 1 {
                    self.play_at(p, c, true)?;
                }
            }
            return Ok(());
        }
        let Some(i) = found else {
            return Err(rejected(self.missing(&key)));
        };
        if self.checked[self.part][i / 64] >> (i % 64) & 1 == 1 {
            return Ok(());
        }
        let c = u64::from(self.board.unlabel(key.perm, self.entries().moves[i]));
        if legal >> c & 1 == 0 {
            return Err(rejected(format!(
                "at {}: the certificate's move {} is not legal: its last {} symbols appeared before",
                self.here(),
                self.symbol(c),
                self.l
            )));
        }
        match self.play_at(p, c, false) {
            Ok(()) => {}
            // The innermost recorded move that fails is named: a changed move is
            // the last one before the failure, not one of the moves leading to it.
            Err(Failure::Rejected(why)) if !why.contains("the certificate's move") => {
                return Err(rejected(format!(
                    "the certificate's move {} at {} is not shown to win: {why}",
                    self.symbol(c),
                    self.here()
                )));
            }
            Err(e) => return Err(e),
        }
        self.checked[self.part][i / 64] |= 1 << (i % 64);
        if let Some(trace) = self.trace.as_deref_mut()
            && self.part == 0
        {
            trace[i] = (self.line.clone(), c as u8);
        }
        Ok(())
    }

    fn node_text(&self, v: u64) -> String {
        let k = self.board.k;
        let mut digits = vec![0u8; self.l - 1];
        let mut x = v;
        for d in digits.iter_mut().rev() {
            *d = (x % k) as u8;
            x /= k;
        }
        digits.iter().map(|&d| self.cert.rules.symbol(d)).collect()
    }

    /// The reduced key of `p` (its reachable edges `edges` over `nodes`, with an odd
    /// cycle): the whole of them, or the part before the first bridge with the value of
    /// the part after it, which the certificate determines and this checks first.
    fn key(&mut self, p: Position, edges: u128, nodes: u64) -> Result<Key, Failure> {
        let bridge = self
            .board
            .bridge(p, edges, nodes)
            .map_err(|e| self.unbalanced(e))?;
        let (set, kind) = match bridge {
            None => (edges, WHOLE),
            Some((b, before)) => {
                let k = self.board.k;
                // The part after the bridge as play reaches it: a path of the part
                // before it to the bridge, then the bridge. The path's l-grams and the
                // rest of the part before it are unreachable after the bridge, so this
                // position's game is the part after it.
                let path = self.path_to(p, before, b);
                let after = path
                    .iter()
                    .fold(p, |q, &c| self.board.after(q, u64::from(c)));
                let won = self.claimed(after)?;
                let saved = self.line.len();
                self.line.extend(&path);
                let r = self.check(after, won);
                self.line.truncate(saved);
                r.map_err(|e| match e {
                    Failure::Rejected(why) => rejected(format!(
                        "at {}: the part after the bridge {} (the l-gram from node {}) is not as the certificate claims ({}): {why}",
                        self.here(),
                        self.gram_text(b),
                        self.node_text(b / k),
                        if won { "won for its mover" } else { "lost for its mover" },
                    )),
                    other => other,
                })?;
                (before, if won { AFTER_WON } else { AFTER_LOST })
            }
        };
        let (set, node, perm) = self.board.least(set, p.token);
        Ok(Key {
            set,
            node,
            kind,
            perm,
        })
    }

    /// The symbols of a shortest walk from the token along `before` (the part before
    /// the bridge `b`) to the bridge's tail, then the bridge's symbol.
    fn path_to(&self, p: Position, before: u128, b: u64) -> Vec<u8> {
        let board = &self.board;
        let target = board.tail(b);
        // Breadth first: the l-gram by which each node was first reached.
        let mut by = vec![None::<u64>; board.nodes as usize];
        let mut seen = 1u64 << p.token;
        let mut layer = vec![p.token];
        while !layer.is_empty() && seen >> target & 1 == 0 {
            let mut next = Vec::new();
            for v in layer {
                for c in 0..board.k {
                    let e = board.gram(v, c);
                    let h = board.head(e);
                    if e != b && before >> e & 1 == 1 && seen >> h & 1 == 0 {
                        seen |= 1 << h;
                        by[h as usize] = Some(e);
                        next.push(h);
                    }
                }
            }
            layer = next;
        }
        let mut symbols = vec![(b % board.k) as u8];
        let mut v = target;
        while let Some(e) = by[v as usize] {
            symbols.push((e % board.k) as u8);
            v = board.tail(e);
        }
        symbols.reverse();
        symbols
    }

    fn gram_text(&self, e: u64) -> String {
        let k = self.board.k;
        let mut digits = vec![0u8; self.l];
        let mut x = e;
        for d in digits.iter_mut().rev() {
            *d = (x % k) as u8;
            x /= k;
        }
        digits.iter().map(|&d| self.cert.rules.symbol(d)).collect()
    }

    /// What the certificate claims of `p` (whether its mover wins), by the same steps
    /// as [`Self::check`] without checking: no move, a move leaving none, one move,
    /// parity, then its key recorded (won) or not (lost).
    fn claimed(&mut self, p: Position) -> Result<bool, Failure> {
        let b = &self.board;
        let legal = b.legal(p);
        if legal == 0 {
            return Ok(false);
        }
        if (0..b.k).any(|c| legal >> c & 1 == 1 && b.legal(b.after(p, c)) == 0) {
            return Ok(true);
        }
        if legal.count_ones() == 1 {
            let next = b.after(p, u64::from(legal.trailing_zeros()));
            return Ok(!self.claimed(next)?);
        }
        let (edges, nodes) = b.reach(p);
        if let Some(other) = b.two_sides(edges, nodes, p.token) {
            let end = b.end(p, edges).map_err(|e| self.unbalanced(e))?;
            return Ok(other >> end & 1 == 1);
        }
        let key = self.key(p, edges, nodes)?;
        Ok(self
            .entries()
            .find(key.set, key.node as u8 | key.kind << 6)
            .is_some())
    }

    /// Why no move is recorded for a position that must be won: plainly missing, or
    /// recorded under a false claim about its reduction (the same edges and token
    /// keyed as another kind).
    fn missing(&self, key: &Key) -> String {
        let kinds = [
            (WHOLE, "whole (a component with no bridge)"),
            (
                AFTER_LOST,
                "split at its first bridge, the part after it lost for its mover",
            ),
            (
                AFTER_WON,
                "split at its first bridge, the part after it won for its mover",
            ),
        ];
        let name = |kind: u8| {
            kinds
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or("?", |(_, n)| *n)
        };
        for (kind, _) in kinds {
            if kind != key.kind
                && self
                    .entries()
                    .find(key.set, key.node as u8 | kind << 6)
                    .is_some()
            {
                return format!(
                    "at {}: a false reduction claim: the certificate keys this position as {}, but it is {}",
                    self.here(),
                    name(kind),
                    name(key.kind)
                );
            }
        }
        format!(
            "at {}: the player to move must win here, but the certificate records no move for it (its key: {} unused l-grams, {})",
            self.here(),
            key.set.count_ones(),
            name(key.kind)
        )
    }
}
