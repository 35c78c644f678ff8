//! Chopsticks by retrograde analysis. The game is loopy, so a plain search would run in
//! circles; instead every state of the chosen variant is valued at once, backwards from
//! the finished games: a state is won in `d + 1` if some move reaches a state lost in `d`
//! (the winner takes the fastest), lost in `d + 1` if every move reaches a won state, the
//! slowest of which is won in `d` (the loser resists longest), and drawn if neither is
//! ever settled: with best play it goes round for ever.
//!
//! A state is the four hands seen from the player to move ([`Hands`]): 625 values, 600
//! of them possible. Each variant's table is built once, on first use, and kept.
//!
//! The draw rules of a real game (a third repetition, the move cap) are applied on top:
//! a move that ends the game in a draw at once is a draw, and a distance longer than the
//! moves left before the cap cannot be forced, so it is a draw too. Repetitions further
//! down the line are not foreseen: the table's best lines never repeat a position (every
//! move along them brings the end one move closer), so they only matter after a game
//! has already wandered through the same positions.

use std::collections::VecDeque;
use std::sync::OnceLock;

use super::analysis::{Analysis, MoveValue, Verdict};
use super::policy;
use crate::game::chopsticks::{Chopsticks, ChopsticksMove, Hands, Variant};
use crate::game::{Game, Outcome};

/// The longest line of best play kept in an analysis.
const PV_LIMIT: usize = 40;

/// Every state of one variant with its value for the player to move.
#[derive(Clone, Debug)]
pub struct Table {
    variant: Variant,
    /// By [`Hands::index`]; `Unknown` for impossible states.
    values: Vec<Verdict>,
    stats: TableStats,
}

/// What the retrograde analysis found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableStats {
    /// Possible states (the opponent has a live hand).
    pub states: usize,
    /// States whose mover has lost already.
    pub finished: usize,
    pub wins: usize,
    /// Losses, the finished states included.
    pub losses: usize,
    pub draws: usize,
    /// States reachable from the start (one finger on every hand).
    pub reachable: usize,
    /// The longest forced win, in plies.
    pub longest_win: u32,
}

static TABLES: [OnceLock<Table>; 4] = [const { OnceLock::new() }; 4];

/// The table of `variant`, built on first use.
pub fn table(variant: Variant) -> &'static Table {
    TABLES[variant.index()].get_or_init(|| Table::build(variant))
}

impl Table {
    /// Retrograde analysis over every state of `variant`.
    pub fn build(variant: Variant) -> Table {
        let n = Hands::COUNT;
        let mut parents: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut undecided_children = vec![0u32; n];
        let mut values = vec![Verdict::Unknown; n];
        let mut queue = VecDeque::new();
        for hands in Hands::all().filter(|h| h.is_valid()) {
            let s = hands.index();
            if hands.mover_dead() {
                values[s] = Verdict::Loss { plies: Some(0) };
                queue.push_back(s);
                continue;
            }
            let mut children: Vec<usize> = hands
                .moves(variant)
                .into_iter()
                .filter_map(|m| hands.after(m, variant).ok())
                .map(Hands::index)
                .collect();
            children.sort_unstable();
            children.dedup();
            undecided_children[s] = children.len() as u32;
            for c in children {
                parents[c].push(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            match values[s] {
                Verdict::Loss { plies: Some(d) } => {
                    for &p in &parents[s] {
                        if values[p] == Verdict::Unknown {
                            values[p] = Verdict::Win { plies: Some(d + 1) };
                            queue.push_back(p);
                        }
                    }
                }
                Verdict::Win { plies: Some(d) } => {
                    for &p in &parents[s] {
                        if values[p] == Verdict::Unknown {
                            undecided_children[p] -= 1;
                            if undecided_children[p] == 0 {
                                values[p] = Verdict::Loss { plies: Some(d + 1) };
                                queue.push_back(p);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let mut stats = TableStats {
            states: 0,
            finished: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            reachable: reachable_states(variant),
            longest_win: 0,
        };
        for hands in Hands::all().filter(|h| h.is_valid()) {
            let v = &mut values[hands.index()];
            stats.states += 1;
            match *v {
                Verdict::Unknown => {
                    *v = Verdict::Draw;
                    stats.draws += 1;
                }
                Verdict::Win { plies } => {
                    stats.wins += 1;
                    stats.longest_win = stats.longest_win.max(plies.unwrap_or(0));
                }
                Verdict::Loss { plies } => {
                    stats.losses += 1;
                    if plies == Some(0) {
                        stats.finished += 1;
                    }
                }
                _ => {}
            }
        }
        Table {
            variant,
            values,
            stats,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// The value of `hands` for the player to move, ignoring the draw rules; `Unknown`
    /// for a state that cannot occur.
    pub fn verdict(&self, hands: Hands) -> Verdict {
        self.values
            .get(hands.index())
            .copied()
            .unwrap_or(Verdict::Unknown)
    }
}

/// How many states (hands seen from the mover) can arise from the start in `variant`.
pub fn reachable_states(variant: Variant) -> usize {
    let mut seen = vec![false; Hands::COUNT];
    let mut queue = VecDeque::from([Hands::START]);
    seen[Hands::START.index()] = true;
    let mut count = 0;
    while let Some(h) = queue.pop_front() {
        count += 1;
        for m in h.moves(variant) {
            if let Ok(child) = h.after(m, variant)
                && !seen[child.index()]
            {
                seen[child.index()] = true;
                queue.push_back(child);
            }
        }
    }
    count
}

/// A win or loss that needs more moves than are left before the cap is a draw.
fn within(verdict: Verdict, plies_left: Option<u32>) -> Verdict {
    match (verdict.plies(), plies_left) {
        (Some(p), Some(left)) if p > left => Verdict::Draw,
        _ => verdict,
    }
}

/// The value of the game `position` for its player to move, from the table and the
/// draw rules, when the game is not over.
fn value_of(table: &Table, position: &Chopsticks) -> Verdict {
    let mover = position.to_move();
    match position.outcome() {
        Some(Outcome::Win(w)) if w == mover => Verdict::Win { plies: Some(0) },
        Some(Outcome::Win(_)) => Verdict::Loss { plies: Some(0) },
        Some(Outcome::Draw) => Verdict::Draw,
        None => within(table.verdict(position.hands()), position.plies_left()),
    }
}

/// Every legal move of `position` with its value for the mover.
fn move_values(table: &Table, position: &Chopsticks) -> Vec<MoveValue<ChopsticksMove>> {
    position
        .legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let child = position.after(mv).ok()?;
            Some(MoveValue {
                mv,
                verdict: value_of(table, &child).flipped_and_extended(),
                score: None,
                chances: None,
                plies_at_most: None,
                proofs_left: None,
                score_at_most: None,
                traps: None,
            })
        })
        .collect()
}

/// The full analysis of a game position: a verdict with distance for every legal move,
/// the best move by the perfect policy, and the line of best play.
pub fn analyse(position: &Chopsticks) -> Analysis<ChopsticksMove> {
    let table = table(position.variant());
    let moves = move_values(table, position);
    let best = policy::perfect_choice(&moves);
    let verdict = match best.and_then(|b| moves.iter().find(|m| m.mv == b)) {
        Some(m) => m.verdict,
        None => value_of(table, position),
    };
    let mut nodes = table.stats().states as u64 + moves.len() as u64;
    let mut pv = Vec::new();
    let mut line = position.clone();
    while let Some(mv) = policy::perfect_choice(&move_values(table, &line)) {
        if pv.len() >= PV_LIMIT || line.play(mv).is_err() {
            break;
        }
        nodes += line.legal_moves().len() as u64 + 1;
        pv.push(mv);
    }
    Analysis {
        best,
        verdict,
        score: None,
        pv,
        moves,
        depth: 1,
        nodes,
        exact: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_mover_has_lost_and_a_killing_hit_wins_at_once() {
        let t = table(Variant::STANDARD);
        let dead = Hands {
            mine: [0, 0],
            theirs: [1, 2],
        };
        assert_eq!(t.verdict(dead), Verdict::Loss { plies: Some(0) });
        // 4 hits their last live hand (1): dead.
        let last = Hands {
            mine: [4, 0],
            theirs: [0, 1],
        };
        assert_eq!(t.verdict(last), Verdict::Win { plies: Some(1) });
    }

    #[test]
    fn the_cap_turns_distant_wins_into_draws() {
        assert_eq!(
            within(Verdict::Win { plies: Some(5) }, Some(4)),
            Verdict::Draw
        );
        assert_eq!(
            within(Verdict::Loss { plies: Some(5) }, Some(5)),
            Verdict::Loss { plies: Some(5) }
        );
        assert_eq!(within(Verdict::Draw, Some(0)), Verdict::Draw);
    }
}
