//! What a solver knows about a position and each of its moves.

/// The value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    /// The mover forces a win; `plies` is the distance to the end with best play
    /// (winner fastest, loser slowest) when known.
    Win {
        plies: Option<u32>,
    },
    /// The opponent forces a win.
    Loss {
        plies: Option<u32>,
    },
    Draw,
    /// A heuristic or exact margin where no win/loss is proven.
    Score(i32),
    Unknown,
}

impl Verdict {
    /// The verdict one ply earlier, seen by the opponent.
    pub fn flipped_and_extended(self) -> Verdict {
        let grow = |p: Option<u32>| p.map(|n| n + 1);
        match self {
            Verdict::Win { plies } => Verdict::Loss { plies: grow(plies) },
            Verdict::Loss { plies } => Verdict::Win { plies: grow(plies) },
            Verdict::Draw => Verdict::Draw,
            Verdict::Score(s) => Verdict::Score(-s),
            Verdict::Unknown => Verdict::Unknown,
        }
    }

    pub fn is_win(self) -> bool {
        matches!(self, Verdict::Win { .. })
    }

    pub fn is_loss(self) -> bool {
        matches!(self, Verdict::Loss { .. })
    }

    pub fn plies(self) -> Option<u32> {
        match self {
            Verdict::Win { plies } | Verdict::Loss { plies } => plies,
            _ => None,
        }
    }

    /// The word used in JSON and on screen: win, loss, draw or unknown.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win { .. } => "win",
            Verdict::Loss { .. } => "loss",
            Verdict::Draw => "draw",
            Verdict::Score(_) | Verdict::Unknown => "unknown",
        }
    }
}

/// How many of the opponent's replies to a move hand the win back to the mover.
/// A losing side prefers the move with the largest share: the most traps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traps {
    pub losing_replies: u32,
    pub replies: u32,
}

impl Traps {
    /// The share of replies that lose, 0.0 when there are none.
    pub fn share(self) -> f64 {
        if self.replies == 0 {
            0.0
        } else {
            f64::from(self.losing_replies) / f64::from(self.replies)
        }
    }
}

/// One legal move and what it is worth to the player making it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue<M> {
    pub mv: M,
    pub verdict: Verdict,
    /// A margin for the mover after this move (Othello discs), exact when the
    /// analysis is exact; `None` in games without margins.
    pub score: Option<i32>,
    pub traps: Option<Traps>,
    /// A proven upper bound on the distance of a win or loss whose exact distance the
    /// search ran out of time to find (Pnut-Butta); `None` when exact or unknown.
    pub plies_at_most: Option<u32>,
    /// For a move proved lost when every move is (Pnut-Butta, graphs of at most 256
    /// edges): the share of simulated games (-1000..1000 for 0..100%) its player still
    /// won in a tree search that proves nothing, i.e. against a fallible opponent. A
    /// losing side breaks ties between equal traps by it, before the longest
    /// resistance; `None` elsewhere.
    pub chances: Option<i32>,
    /// For a move not proved (Pnut-Butta on two symbols): the positions the
    /// proof-number search still had to prove lost for the opponent before this move
    /// would be proved to win. The perfect AI plays the move with the fewest first
    /// (one proof left is likelier to hold than two); `None` elsewhere.
    pub proofs_left: Option<u32>,
    /// A proven upper bound on `score` where the exact margin is not known (Othello: a
    /// move proved worse than the best, whose exact value nobody asked for); `None`
    /// when exact or unknown.
    pub score_at_most: Option<i32>,
}

impl<M> MoveValue<M> {
    /// Whether this move is worth exactly as much as `other` to its player: the same
    /// verdict and distance, the same margin, the same proven bound. What the screens
    /// show of a move, not the AI's preferences between equal moves (traps, chances):
    /// two moves that tie are equally good everywhere. A move of unknown value ties
    /// with nothing.
    pub fn ties(&self, other: &MoveValue<M>) -> bool {
        let known = self.verdict != Verdict::Unknown || self.score.is_some();
        known
            && self.verdict == other.verdict
            && self.score == other.score
            && self.plies_at_most == other.plies_at_most
            && self.score_at_most == other.score_at_most
    }
}

/// Everything a search learned about one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    pub best: Option<M>,
    /// For the player to move.
    pub verdict: Verdict,
    /// The margin for the player to move (Othello: exact disc margin when `exact`,
    /// else the search's estimate); `None` in games without margins.
    pub score: Option<i32>,
    /// The expected line of play from here, best move first, when the search keeps one.
    pub pv: Vec<M>,
    pub moves: Vec<MoveValue<M>>,
    pub depth: u32,
    pub nodes: u64,
    /// Whether the verdict is proven rather than estimated.
    pub exact: bool,
}

impl<M: Copy> Analysis<M> {
    /// The moves that keep a forced win.
    pub fn winning_moves(&self) -> impl Iterator<Item = M> + '_ {
        self.moves
            .iter()
            .filter(|m| m.verdict.is_win())
            .map(|m| m.mv)
    }

    pub fn value_of(&self, mv: M) -> Option<&MoveValue<M>>
    where
        M: PartialEq,
    {
        self.moves.iter().find(|m| m.mv == mv)
    }

    /// Whether `mv` is a best move: the best move itself, or one worth as much
    /// ([`MoveValue::ties`]). Compared by value, never by which move the search named.
    pub fn is_best(&self, mv: M) -> bool
    where
        M: PartialEq,
    {
        let Some(best) = self.best else {
            return false;
        };
        mv == best
            || self
                .value_of(best)
                .zip(self.value_of(mv))
                .is_some_and(|(b, m)| m.ties(b))
    }

    /// Every best move ([`Analysis::is_best`]), in the order of `moves`; the best move
    /// alone when the moves carry no values.
    pub fn best_moves(&self) -> Vec<M>
    where
        M: PartialEq,
    {
        let Some(best) = self.best else {
            return Vec::new();
        };
        let tied: Vec<M> = self
            .moves
            .iter()
            .map(|m| m.mv)
            .filter(|&mv| self.is_best(mv))
            .collect();
        if tied.contains(&best) {
            tied
        } else {
            vec![best]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valued(mv: u8, verdict: Verdict, score: Option<i32>) -> MoveValue<u8> {
        MoveValue {
            mv,
            verdict,
            score,
            traps: None,
            plies_at_most: None,
            chances: None,
            proofs_left: None,
            score_at_most: None,
        }
    }

    fn analysis(best: u8, moves: Vec<MoveValue<u8>>) -> Analysis<u8> {
        Analysis {
            best: Some(best),
            verdict: Verdict::Unknown,
            score: None,
            pv: Vec::new(),
            moves,
            depth: 1,
            nodes: 1,
            exact: true,
        }
    }

    /// Four losses in 26 (Chopsticks' four hits): each is as good as the one the
    /// search named, a loss in 24 is not; of two wins in 25 (a mirror split), the one
    /// the search did not name is best too.
    #[test]
    fn moves_of_the_same_value_are_all_best() {
        let loss = |n| Verdict::Loss { plies: Some(n) };
        let a = analysis(
            2,
            vec![
                valued(1, loss(26), None),
                valued(2, loss(26), None),
                valued(3, loss(24), None),
                valued(4, loss(26), None),
            ],
        );
        assert!(a.is_best(1) && a.is_best(2) && a.is_best(4));
        assert!(!a.is_best(3), "a shorter loss is worse");
        assert_eq!(a.best_moves(), vec![1, 2, 4]);
        let win = |n| Verdict::Win { plies: Some(n) };
        let mirror = analysis(7, vec![valued(7, win(25), None), valued(8, win(25), None)]);
        assert_eq!(mirror.best_moves(), vec![7, 8], "the mirror split ties");
    }

    /// Margins count: +4 and +4 tie, +2 does not; a different proven bound does not;
    /// moves of unknown value tie with nothing, not even each other.
    #[test]
    fn margins_bounds_and_unknown_values() {
        let a = analysis(
            1,
            vec![
                valued(1, Verdict::Score(4), Some(4)),
                valued(2, Verdict::Score(4), Some(4)),
                valued(3, Verdict::Score(2), Some(2)),
                valued(4, Verdict::Win { plies: Some(9) }, Some(4)),
            ],
        );
        assert_eq!(
            a.best_moves(),
            vec![1, 2],
            "an exact +4 is not an estimated +4"
        );
        let mut near = valued(5, Verdict::Loss { plies: None }, None);
        near.plies_at_most = Some(5);
        let mut far = valued(6, Verdict::Loss { plies: None }, None);
        far.plies_at_most = Some(9);
        assert!(!analysis(5, vec![near, far]).is_best(6));
        let unknown = analysis(
            1,
            vec![
                valued(1, Verdict::Unknown, None),
                valued(2, Verdict::Unknown, None),
            ],
        );
        assert_eq!(unknown.best_moves(), vec![1], "the named move stays best");
        assert!(!unknown.is_best(2));
    }
}
