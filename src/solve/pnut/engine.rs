//! The engine a match keeps for its whole life: the transposition table, the opening
//! memo and the pinned results survive from one analysis to the next.
//!
//! Why pins: the table alone is not enough. A proof found under one budget may need
//! more than the next move's budget to be found again (entries get replaced, and the
//! root driver's plan spends half its budget on a full-depth search first), and then a
//! perfect AI that had proven its win would play on blind. So once an analysis
//! proves a root move won within d plies, the engine keeps, in a small map that is
//! never evicted, everything needed to keep that win whatever the opponent replies:
//!
//! * every decided root move's child, with its result (exact when known);
//! * for every winning root move and every reply to it, the position after the reply
//!   (won within d-2 by the same side), with one winning move found by a search under
//!   that tight budget (cheap: the proof just made is in the table), and the position
//!   after that move (lost for the opponent).
//!
//! An analysis starts from what is pinned: pinned children decide their root moves
//! before any search, and the pinned distance is the first budget searched. So at
//! every later turn of the side proven winning, its winning move is decided before the
//! search starts, and the analysis that follows pins the next turn's winning moves in
//! turn: by induction, the win never slips, however small the budgets.
//!
//! The tight searches that extend the pins ignore the node and time budgets (only the
//! caller's `stop` interrupts them): they are bounded by a proof that exists, and
//! mostly read the table. If one is interrupted, the next analysis at that position
//! finds the winning move the same way before searching.

use std::time::Instant;

use rustc_hash::FxHashMap;

use super::graph::{BigSet, EdgeSet, Graph};
use super::mcts::Tree;
use super::pns::KeptTree;
use super::root::{RootMove, run};
use super::search::{PrefixMemo, Searcher};
use super::table::Table;
use super::{Goal, Limits, Res, Solved, Stats};
use crate::game::Game;
use crate::game::pnut::{Pnut, PnutMove, Rules};
use crate::solve::analysis::Analysis;

/// Pins are kept for positions that branch off the analysed line at most this many
/// plies before its end (undoing a few moves keeps them; older lines are dropped).
const PIN_WINDOW: usize = 8;

/// A proven result kept for one position of the game's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pin {
    /// For the position's mover; always decided.
    pub(super) res: Res,
    /// The distance is exact (the winner's fastest, the loser's longest).
    pub(super) exact: bool,
    /// A move that keeps a win (with `res` a win).
    pub(super) best: Option<u8>,
}

/// Pinned results by string (symbol indices).
#[derive(Clone, Debug, Default)]
pub(super) struct Pins {
    map: FxHashMap<Vec<u8>, Pin>,
}

impl Pins {
    pub(super) fn get(&self, text: &[u8]) -> Option<Pin> {
        self.map.get(text).copied()
    }

    /// Keeps the better of two pins: exact over bound, then the shorter distance; a
    /// winning move is kept from either (any move that keeps the win will do).
    fn put(&mut self, text: Vec<u8>, pin: Pin) {
        if !pin.res.decided() {
            return;
        }
        let merged = match self.map.get(&text) {
            None => pin,
            Some(&old) => {
                let better = |a: Pin, b: Pin| {
                    (a.exact && !b.exact)
                        || (a.exact == b.exact && a.res.distance() < b.res.distance())
                };
                let (mut keep, other) = if better(pin, old) {
                    (pin, old)
                } else {
                    (old, pin)
                };
                keep.best = keep.best.or(other.best);
                keep
            }
        };
        self.map.insert(text, merged);
    }

    /// Drops the pins of lines that left `text` more than `PIN_WINDOW` plies ago.
    fn prune(&mut self, text: &[u8]) {
        let keep_from = text.len().saturating_sub(PIN_WINDOW);
        self.map.retain(|k, _| {
            let common = k.iter().zip(text).take_while(|(a, b)| a == b).count();
            common >= keep_from
        });
    }

    fn len(&self) -> usize {
        self.map.len()
    }
}

/// A Pnut-Butta engine for one set of rules (two players) that keeps what it proves
/// from one analysis to the next: give each match one and analyse every position of
/// the match with it.
pub struct Engine {
    rules: Rules,
    pub(super) g: Graph,
    table_mib: u32,
    pub(super) table: Table,
    pub(super) prefix_memo: PrefixMemo,
    pins: Pins,
    /// The win/loss search's table (`Goal::Winner`), made at its first use.
    pub(super) outcome_table: Option<Table>,
    /// The tree search's tree (`Goal::Play`), rerooted at each move.
    pub(super) tree: Tree,
    /// The proof-number search's tree (two symbols), kept for the next position.
    pub(super) proof_tree: KeptTree,
    /// Off for the one-shot free functions, which have no later move to keep a win for.
    pinning: bool,
    /// Nodes searched over the engine's life.
    pub(super) nodes: u64,
}

impl Engine {
    /// An engine for `rules` with a transposition table of `table_mib` MiB.
    pub fn new(rules: &Rules, table_mib: u32) -> Engine {
        Engine {
            rules: rules.clone(),
            g: Graph::new(rules.k(), rules.length()),
            table_mib,
            table: Table::new(table_mib),
            prefix_memo: PrefixMemo::default(),
            pins: Pins::default(),
            outcome_table: None,
            tree: Tree::default(),
            proof_tree: KeptTree::default(),
            pinning: true,
            nodes: 0,
        }
    }

    /// An engine that keeps no pins: for one analysis only.
    pub(super) fn one_shot(rules: &Rules, table_mib: u32) -> Engine {
        Engine {
            pinning: false,
            ..Engine::new(rules, table_mib)
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Forgets everything: the table, the opening memo and the pinned results (a win
    /// proven before is then only as safe as a fresh search makes it).
    pub fn clear(&mut self) {
        self.table.clear();
        self.prefix_memo.clear();
        self.pins = Pins::default();
        self.outcome_table = None;
        self.tree.clear();
        self.proof_tree.clear();
        self.nodes = 0;
    }

    /// Nodes searched since the engine was made (or cleared), entries in the table,
    /// and its size.
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            stored: self.table.stored(),
            table_bytes: self.table.bytes(),
        }
    }

    /// How many positions have a pinned result.
    pub fn pinned(&self) -> usize {
        self.pins.len()
    }

    /// Analyses `game` (two players) under `limits`, calling `report` with every
    /// improved analysis; `stop` is polled often. Everything proven is kept for later
    /// calls; with rules other than the engine's, the engine first starts afresh for
    /// them, and with another `limits.table_mib` the table is remade at that size.
    pub fn analyse(
        &mut self,
        game: &Pnut,
        limits: &Limits,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Analysis<PnutMove>),
    ) -> Solved {
        self.analyse_goal(game, limits, Goal::Exact, stop, report)
    }

    /// Like [`Engine::analyse`], for `goal`: [`Goal::Play`] answers a single legal
    /// move or a proven win at once (see [`Goal`]).
    pub fn analyse_goal(
        &mut self,
        game: &Pnut,
        limits: &Limits,
        goal: Goal,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Analysis<PnutMove>),
    ) -> Solved {
        if game.rules() != &self.rules {
            *self = Engine {
                pinning: self.pinning,
                ..Engine::new(game.rules(), limits.table_mib)
            };
        } else if limits.table_mib != self.table_mib {
            self.table_mib = limits.table_mib;
            self.table = Table::new(limits.table_mib);
            self.outcome_table = None;
        }
        // The winner alone, on a graph one fixed-width set holds: the win/loss search.
        if goal == Goal::Winner && limits.max_depth.is_none() && super::winner::holds(&self.g) {
            let table = self
                .outcome_table
                .get_or_insert_with(|| Table::new(limits.table_mib));
            let kept = &mut self.proof_tree;
            let solved =
                super::winner::analyse_winner(game, self.g, table, kept, limits, stop, report);
            self.nodes += solved.stats.nodes;
            return solved;
        }
        // A move to play: a proof first, the tree search's guess for what it leaves
        // open (`play`, by the graph's plan); both keep their table and tree from move
        // to move. On the graphs the win/loss search does not hold, up to 256 edges,
        // the depth-bounded search first, the tree search for what it leaves open
        // (`play_deep`).
        if goal == Goal::Play
            && limits.max_depth.is_none()
            && game.legal_indices().len() > 1
            && !self.pinned_win(game)
        {
            if let Some(solved) = self.play_from_table(game, report) {
                return solved;
            }
            if super::play::tree_plays(&self.g) {
                let plan = super::play::TREE_PLAN;
                return self.play_move::<u128>(game, limits, plan, stop, report);
            }
            if super::play::wide_plays(&self.g) {
                let plan = super::play::WIDE_PLAN;
                return self.play_move::<BigSet>(game, limits, plan, stop, report);
            }
            if super::play::deep_plays(&self.g) {
                return self.play_deep(game, limits, stop, report);
            }
        }
        // The edge set's type is chosen per call from the graph's size; the table and
        // the pins do not depend on it (keys are 128 bits either way), so the engine
        // itself needs no variants.
        if self.g.edges <= 128 {
            self.analyse_with::<u128>(game, limits, goal, stop, report)
        } else {
            self.analyse_with::<BigSet>(game, limits, goal, stop, report)
        }
    }

    /// Whether a move of `game` is pinned as keeping a proven win: the depth-bounded
    /// search then answers at once from the pins.
    fn pinned_win(&self, game: &Pnut) -> bool {
        let text = &game.indices()[..game.len()];
        game.legal_indices().into_iter().any(|s| {
            let mut t = text.to_vec();
            t.push(s);
            matches!(
                self.pins.get(&t),
                Some(Pin {
                    res: Res::Loss(_),
                    ..
                })
            )
        })
    }

    pub(super) fn analyse_with<S: EdgeSet>(
        &mut self,
        game: &Pnut,
        limits: &Limits,
        goal: Goal,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Analysis<PnutMove>),
    ) -> Solved {
        let started = Instant::now();
        self.table.next_age();
        let text = &game.indices()[..game.len()];
        let mut nodes = 0;
        if self.pinning {
            self.pins.prune(text);
            nodes += self.secure::<S>(game, stop);
        }
        let found = run::<S>(
            game,
            self.g,
            &mut self.table,
            &mut self.prefix_memo,
            &self.pins,
            limits,
            goal,
            stop,
            report,
        );
        nodes += found.nodes;
        if self.pinning {
            nodes += self.pin::<S>(game, &found.roots, stop);
        }
        self.nodes += nodes;
        Solved {
            analysis: found.analysis,
            stats: Stats {
                nodes,
                ..self.stats()
            },
            elapsed: started.elapsed(),
            proof: found.proof,
        }
    }

    /// When `game` is pinned as won but none of its moves is pinned as keeping the win
    /// (the search that would have found it was interrupted), finds one under the
    /// pinned budget. Returns the nodes searched.
    fn secure<S: EdgeSet>(&mut self, game: &Pnut, stop: &dyn Fn() -> bool) -> u64 {
        let text = &game.indices()[..game.len()];
        let Some(Pin {
            res: Res::Win(d), ..
        }) = self.pins.get(text)
        else {
            return 0;
        };
        let kept = game.legal_indices().into_iter().any(|s| {
            let mut t = text.to_vec();
            t.push(s);
            matches!(
                self.pins.get(&t),
                Some(Pin {
                    res: Res::Loss(_),
                    ..
                })
            )
        });
        if kept {
            return 0;
        }
        self.find_win::<S>(game, d, stop)
    }

    /// Pins what the analysis at `game` decided (see the module docs). Returns the
    /// nodes searched to find the winning moves after each reply.
    fn pin<S: EdgeSet>(&mut self, game: &Pnut, roots: &[RootMove], stop: &dyn Fn() -> bool) -> u64 {
        let text = &game.indices()[..game.len()];
        let child = |s: u8| {
            let mut t = text.to_vec();
            t.push(s);
            t
        };
        for m in roots {
            if let Some(res) = before(m.result) {
                self.pins.put(
                    child(m.symbol),
                    Pin {
                        res,
                        exact: m.exact_distance,
                        best: None,
                    },
                );
            }
        }
        let fastest = roots
            .iter()
            .filter_map(|m| match m.result {
                Res::Win(d) => Some((d, m.symbol)),
                _ => None,
            })
            .min();
        if let Some((d, s)) = fastest {
            self.pins.put(
                text.to_vec(),
                Pin {
                    res: Res::Win(d),
                    exact: false,
                    best: Some(s),
                },
            );
        } else if let Some(d) = roots
            .iter()
            .map(|m| match m.result {
                Res::Loss(d) => Some(d),
                _ => None,
            })
            .collect::<Option<Vec<u32>>>()
            .and_then(|ds| ds.into_iter().max())
        {
            self.pins.put(
                text.to_vec(),
                Pin {
                    res: Res::Loss(d),
                    exact: false,
                    best: None,
                },
            );
        }
        // Every winning move (a perfect player may pick any of the fastest), every
        // reply: the position after it, with a move that keeps the win.
        let mut nodes = 0;
        for m in roots {
            let Res::Win(d) = m.result else {
                continue;
            };
            let mut after = game.clone();
            if after.play(PnutMove(self.rules.symbol(m.symbol))).is_err() {
                continue;
            }
            for r in after.legal_indices() {
                let mut reply = after.clone();
                if reply.play(PnutMove(self.rules.symbol(r))).is_err() {
                    continue;
                }
                let t = &reply.indices()[..reply.len()];
                if matches!(
                    self.pins.get(t),
                    Some(Pin {
                        res: Res::Win(_),
                        best: Some(_),
                        ..
                    })
                ) {
                    continue;
                }
                // The mover after the reply wins within d - 2.
                nodes += self.find_win::<S>(&reply, d.saturating_sub(2), stop);
                if stop() {
                    return nodes;
                }
            }
        }
        nodes
    }

    /// Finds a move of `game` that wins within `d` plies (one exists), with the search
    /// unlimited but for `stop`, and pins the position and the position after it.
    /// Returns the nodes searched.
    fn find_win<S: EdgeSet>(&mut self, game: &Pnut, d: u32, stop: &dyn Fn() -> bool) -> u64 {
        if d == 0 {
            return 0;
        }
        let text = game.indices()[..game.len()].to_vec();
        let mut searcher: Searcher<S> =
            Searcher::new(self.g, &mut self.table, &mut self.prefix_memo, stop);
        searcher.load(game);
        // Rounds of growing node caps over the candidates: the move the table already
        // proves costs a few nodes, while a wrong move tried first could cost a whole
        // tree to the tight budget.
        let mut candidates = game.legal_indices();
        let mut found = None;
        let mut cap: u64 = 1 << 10;
        while found.is_none() && !candidates.is_empty() {
            let mut left = Vec::new();
            for &s in &candidates {
                searcher.set_node_limit(searcher.nodes.saturating_add(cap));
                let r = searcher.child(game, s, d - 1);
                if stop() {
                    return searcher.nodes;
                }
                if searcher.stopped() {
                    searcher.resume();
                    left.push(s);
                } else if let Res::Loss(x) = r {
                    found = Some((s, x));
                    break;
                }
            }
            candidates = left;
            cap = cap.saturating_mul(16);
        }
        let nodes = searcher.nodes;
        if let Some((s, x)) = found {
            let mut t = text.clone();
            t.push(s);
            self.pins.put(
                t,
                Pin {
                    res: Res::Loss(x),
                    exact: false,
                    best: None,
                },
            );
            self.pins.put(
                text,
                Pin {
                    res: Res::Win(x + 1),
                    exact: false,
                    best: Some(s),
                },
            );
        }
        nodes
    }
}

/// A root move's result (for the player making it) as its child's result (for the
/// player to move there).
fn before(r: Res) -> Option<Res> {
    match r {
        Res::Win(d) => Some(Res::Loss(d.saturating_sub(1))),
        Res::Loss(d) => Some(Res::Win(d.saturating_sub(1))),
        Res::Unknown => None,
    }
}
