//! What a solver knows about a position and each of its moves.

/// The value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}
