//! Othello rules on two u64 bitboards.
//!
//! Square `i` is bit `i`, counted a1, b1, ..., h1, a2, ..., h8 (rank 1 first), the same
//! order as the position notation. Black (`X`) moves first and is [`Seat::First`].
//!
//! The free functions ([`moves`], [`flips`], [`final_margin`], ...) work on a pair of
//! bitboards `(p, o)`: the discs of the player to move and of the opponent. The engine in
//! `crate::solve::othello` builds on them; [`Othello`] wraps them for the [`Game`] trait.

pub mod ggf;
pub mod ggf_fields;
pub mod openings;
pub mod text;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Game, Outcome, RuleError, Seat};
pub use text::{MoveListError, PositionError, move_list};

/// The a-file and the h-file.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = 0x8080_8080_8080_8080;
pub const RANK_1: u64 = 0x0000_0000_0000_00FF;
pub const RANK_8: u64 = 0xFF00_0000_0000_0000;
/// a1, h1, a8, h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Every square on the rim.
pub const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;
/// Discs at the start: white on d4 and e5, black on e4 and d5.
pub const START_BLACK: u64 = (1 << 28) | (1 << 35);
pub const START_WHITE: u64 = (1 << 27) | (1 << 36);

const NOT_A: u64 = !FILE_A;
const NOT_H: u64 = !FILE_H;

/// One step in each direction, with squares that would wrap around the board removed.
#[inline(always)]
pub fn shift_n(b: u64) -> u64 {
    b << 8
}
#[inline(always)]
pub fn shift_s(b: u64) -> u64 {
    b >> 8
}
#[inline(always)]
pub fn shift_e(b: u64) -> u64 {
    (b << 1) & NOT_A
}
#[inline(always)]
pub fn shift_w(b: u64) -> u64 {
    (b >> 1) & NOT_H
}
#[inline(always)]
pub fn shift_ne(b: u64) -> u64 {
    (b << 9) & NOT_A
}
#[inline(always)]
pub fn shift_nw(b: u64) -> u64 {
    (b << 7) & NOT_H
}
#[inline(always)]
pub fn shift_se(b: u64) -> u64 {
    (b >> 7) & NOT_A
}
#[inline(always)]
pub fn shift_sw(b: u64) -> u64 {
    (b >> 9) & NOT_H
}

/// Every square next to some square of `b` (squares of `b` included only when they
/// touch another square of `b`).
#[inline(always)]
pub fn neighbours(b: u64) -> u64 {
    shift_n(b)
        | shift_s(b)
        | shift_e(b)
        | shift_w(b)
        | shift_ne(b)
        | shift_nw(b)
        | shift_se(b)
        | shift_sw(b)
}

/// Moves of `p` along one direction pair (`dir` and `-dir`), Kogge-Stone style.
#[inline(always)]
fn moves_along(p: u64, mask: u64, dir: u32) -> u64 {
    let mut fl = mask & (p << dir);
    let mut fr = mask & (p >> dir);
    fl |= mask & (fl << dir);
    fr |= mask & (fr >> dir);
    let ml = mask & (mask << dir);
    let mr = ml >> dir;
    let d2 = dir * 2;
    fl |= ml & (fl << d2);
    fr |= mr & (fr >> d2);
    fl |= ml & (fl << d2);
    fr |= mr & (fr >> d2);
    (fl << dir) | (fr >> dir)
}

/// The legal moves of `p` against `o`, as a bitboard.
#[inline]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & 0x7E7E_7E7E_7E7E_7E7E;
    (moves_along(p, inner, 1)
        | moves_along(p, o, 8)
        | moves_along(p, inner, 7)
        | moves_along(p, inner, 9))
        & !(p | o)
}

/// Direction steps: E, N, NE, NW go up in index; W, S, SW, SE go down.
const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = STEPS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// `RAYS[sq][d]`: the squares from `sq` (exclusive) to the rim in direction `d`.
const RAYS: [[u64; 8]; 64] = build_rays();

/// Flips towards higher squares: the nearest non-opponent square is the lowest bit.
#[inline(always)]
fn flips_up(p: u64, o: u64, ray: u64) -> u64 {
    let stop = ray & !o;
    let first = stop & stop.wrapping_neg();
    let between = ray & first.wrapping_sub(1);
    if first & p != 0 { between } else { 0 }
}

/// Flips towards lower squares: the nearest non-opponent square is the highest bit.
#[inline(always)]
fn flips_down(p: u64, o: u64, ray: u64) -> u64 {
    let stop = (ray & !o) | 1;
    let first = (1u64 << 63) >> stop.leading_zeros();
    let between = ray & !((first << 1).wrapping_sub(1));
    if first & p & ray != 0 { between } else { 0 }
}

/// [`flips`] for one square, its rays known at compile time: directions with fewer
/// than two squares (which can flip nothing) vanish.
fn flips_at<const SQ: usize>(p: u64, o: u64) -> u64 {
    let r = &RAYS[SQ];
    let mut f = 0;
    if r[0].count_ones() >= 2 {
        f |= flips_up(p, o, r[0]);
    }
    if r[1].count_ones() >= 2 {
        f |= flips_up(p, o, r[1]);
    }
    if r[2].count_ones() >= 2 {
        f |= flips_up(p, o, r[2]);
    }
    if r[3].count_ones() >= 2 {
        f |= flips_up(p, o, r[3]);
    }
    if r[4].count_ones() >= 2 {
        f |= flips_down(p, o, r[4]);
    }
    if r[5].count_ones() >= 2 {
        f |= flips_down(p, o, r[5]);
    }
    if r[6].count_ones() >= 2 {
        f |= flips_down(p, o, r[6]);
    }
    if r[7].count_ones() >= 2 {
        f |= flips_down(p, o, r[7]);
    }
    f
}

macro_rules! flip_table {
    ($($sq:literal)*) => { [$(flips_at::<$sq> as fn(u64, u64) -> u64),*] };
}

static FLIP_AT: [fn(u64, u64) -> u64; 64] = flip_table!(
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
    32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60
    61 62 63
);

const fn build_adjacent() -> [u64; 64] {
    let mut adj = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let mut d = 0;
        while d < 8 {
            let (df, dr) = STEPS[d];
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                adj[sq] |= 1u64 << (nr * 8 + nf);
            }
            d += 1;
        }
        sq += 1;
    }
    adj
}

/// `ADJACENT[sq]`: the up to eight squares touching `sq`.
pub static ADJACENT: [u64; 64] = build_adjacent();

/// The discs of `o` that `p` flips by playing on the empty square `sq` (0 if none: then
/// the move is illegal). `sq` must be below 64.
#[inline]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    FLIP_AT[(sq & 63) as usize](p, o)
}

/// The final disc margin for `p` when the game is over: empty squares go to the winner.
#[inline]
pub fn final_margin(p: u64, o: u64) -> i32 {
    let pc = p.count_ones() as i32;
    let oc = o.count_ones() as i32;
    let diff = pc - oc;
    let empties = 64 - pc - oc;
    if diff > 0 {
        diff + empties
    } else if diff < 0 {
        diff - empties
    } else {
        0
    }
}

/// A square, a1 = 0 ... h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this index, if it is below 64.
    pub fn new(index: u32) -> Option<Square> {
        (index < 64).then_some(Square(index as u8))
    }

    pub fn index(self) -> u32 {
        u32::from(self.0)
    }

    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// 0 = file a ... 7 = file h.
    pub fn file(self) -> u32 {
        u32::from(self.0 % 8)
    }

    /// 0 = rank 1 ... 7 = rank 8.
    pub fn rank(self) -> u32 {
        u32::from(self.0 / 8)
    }

    /// The square at `file` (0-7) and `rank` (0-7).
    pub fn at(file: u32, rank: u32) -> Option<Square> {
        (file < 8 && rank < 8).then(|| Square((rank * 8 + file) as u8))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.0 % 8);
        let rank = char::from(b'1' + self.0 / 8);
        write!(f, "{file}{rank}")
    }
}

/// An Othello move: a disc on a square, or a pass when the mover has no legal square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OthelloMove {
    Play(Square),
    Pass,
}

impl OthelloMove {
    /// The move on square `index` (0-63), or `None` if out of range.
    pub fn at(index: u32) -> Option<OthelloMove> {
        Square::new(index).map(OthelloMove::Play)
    }

    pub fn square(self) -> Option<Square> {
        match self {
            OthelloMove::Play(s) => Some(s),
            OthelloMove::Pass => None,
        }
    }
}

impl fmt::Display for OthelloMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OthelloMove::Play(s) => write!(f, "{s}"),
            OthelloMove::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for OthelloMove {
    type Err = RuleError;

    /// `d3` (file a-h, rank 1-8, either case) or `pass`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if t == "pass" {
            return Ok(OthelloMove::Pass);
        }
        let b = t.as_bytes();
        if b.len() == 2
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && let Some(sq) = Square::at(u32::from(b[0] - b'a'), u32::from(b[1] - b'1'))
        {
            return Ok(OthelloMove::Play(sq));
        }
        Err(RuleError::BadMove(format!(
            "'{s}' is not an Othello move: expected a square a1-h8 (file a-h, then rank 1-8, e.g. d3) or pass"
        )))
    }
}

/// Why a position in notation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error(
        "an Othello position is 64 squares (a1..h8, rank 1 first) of X, O or -, a space, then X or O for the side to move; got {found} square characters"
    )]
    WrongLength { found: usize },
    #[error("square {square} holds '{found}': each square is X (black), O (white) or - (empty)")]
    BadSquare { square: String, found: char },
    #[error(
        "the side to move is missing: after the 64 squares put a space and X (black) or O (white)"
    )]
    MissingSide,
    #[error("'{found}' is not a side to move: expected X (black) or O (white)")]
    BadSide { found: String },
}

impl From<NotationError> for RuleError {
    fn from(e: NotationError) -> RuleError {
        RuleError::BadPosition(e.to_string())
    }
}

/// An Othello position: both players' discs and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Othello {
    black: u64,
    white: u64,
    to_move: Seat,
}

impl Default for Othello {
    fn default() -> Self {
        Othello::new()
    }
}

impl Othello {
    /// The standard start: four discs in the centre, black to move.
    pub fn new() -> Othello {
        Othello {
            black: START_BLACK,
            white: START_WHITE,
            to_move: Seat::First,
        }
    }

    /// A position from bitboards. Squares claimed by both sides are refused.
    pub fn from_bitboards(black: u64, white: u64, to_move: Seat) -> Result<Othello, RuleError> {
        if black & white != 0 {
            return Err(RuleError::BadPosition(
                "a square cannot hold both a black and a white disc".into(),
            ));
        }
        Ok(Othello {
            black,
            white,
            to_move,
        })
    }

    pub fn black(&self) -> u64 {
        self.black
    }

    pub fn white(&self) -> u64 {
        self.white
    }

    /// The discs of the player to move.
    pub fn player(&self) -> u64 {
        match self.to_move {
            Seat::First => self.black,
            Seat::Second => self.white,
        }
    }

    /// The discs of the player not to move.
    pub fn opponent(&self) -> u64 {
        match self.to_move {
            Seat::First => self.white,
            Seat::Second => self.black,
        }
    }

    pub fn empties(&self) -> u64 {
        !(self.black | self.white)
    }

    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// Discs of `seat`.
    pub fn discs(&self, seat: Seat) -> u32 {
        match seat {
            Seat::First => self.black.count_ones(),
            Seat::Second => self.white.count_ones(),
        }
    }

    /// The score as the rules count it once the game is over, first seat's first: each
    /// side's discs, the empty squares going to the winner (shared when level). The
    /// difference is [`Game::first_margin`], the number kept in the history, the
    /// statistics and the exports.
    pub fn final_count(&self) -> [u32; 2] {
        let (black, white) = (self.discs(Seat::First), self.discs(Seat::Second));
        let empty = self.empty_count();
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => [black + empty, white],
            std::cmp::Ordering::Less => [black, white + empty],
            // Level discs leave an even number of empty squares.
            std::cmp::Ordering::Equal => [black + empty / 2, white + empty / 2],
        }
    }

    /// What stands on a square: `Some(seat)` for a disc.
    pub fn at(&self, sq: Square) -> Option<Seat> {
        if self.black & sq.bit() != 0 {
            Some(Seat::First)
        } else if self.white & sq.bit() != 0 {
            Some(Seat::Second)
        } else {
            None
        }
    }

    /// The mover's legal squares as a bitboard (0 when they must pass or the game is over).
    pub fn move_bits(&self) -> u64 {
        moves(self.player(), self.opponent())
    }

    pub fn is_legal(&self, m: OthelloMove) -> bool {
        let mine = self.move_bits();
        match m {
            OthelloMove::Play(sq) => mine & sq.bit() != 0,
            OthelloMove::Pass => mine == 0 && moves(self.opponent(), self.player()) != 0,
        }
    }

    /// True when neither side can move.
    pub fn is_over(&self) -> bool {
        self.move_bits() == 0 && moves(self.opponent(), self.player()) == 0
    }

    /// The disc margin for the player to move, counting empty squares for the leader
    /// (the final score once the game is over).
    pub fn margin(&self) -> i32 {
        final_margin(self.player(), self.opponent())
    }

    /// The discs `m` would flip (0 for a pass or an illegal move).
    pub fn flips_of(&self, m: OthelloMove) -> u64 {
        match m {
            OthelloMove::Play(sq) if self.empties() & sq.bit() != 0 => {
                flips(self.player(), self.opponent(), sq.index())
            }
            _ => 0,
        }
    }

    /// The position after `m`, or an error if `m` is illegal.
    pub fn after(&self, m: OthelloMove) -> Result<Othello, RuleError> {
        let mut next = *self;
        next.play(m)?;
        Ok(next)
    }

    /// The position in notation: 64 squares then the side to move, e.g. `...X`.
    pub fn notation(&self) -> String {
        let mut s = String::with_capacity(66);
        for i in 0..64 {
            let bit = 1u64 << i;
            s.push(if self.black & bit != 0 {
                'X'
            } else if self.white & bit != 0 {
                'O'
            } else {
                '-'
            });
        }
        s.push(' ');
        s.push(match self.to_move {
            Seat::First => 'X',
            Seat::Second => 'O',
        });
        s
    }

    /// Parses the notation; see [`NotationError`] for what is refused.
    pub fn parse(text: &str) -> Result<Othello, NotationError> {
        let text = text.trim();
        let mut parts = text.split_whitespace();
        let board = parts.next().unwrap_or("");
        let found = board.chars().count();
        if found != 64 {
            return Err(NotationError::WrongLength { found });
        }
        let mut black = 0u64;
        let mut white = 0u64;
        for (i, c) in board.chars().enumerate() {
            let bit = 1u64 << i;
            match c {
                'X' | 'x' | '*' => black |= bit,
                'O' | 'o' => white |= bit,
                '-' | '.' => {}
                other => {
                    let square = Square::new(i as u32).map_or_else(String::new, |s| s.to_string());
                    return Err(NotationError::BadSquare {
                        square,
                        found: other,
                    });
                }
            }
        }
        let side = match parts.next() {
            None => return Err(NotationError::MissingSide),
            Some(s) => s,
        };
        let to_move = match side {
            "X" | "x" | "*" => Seat::First,
            "O" | "o" => Seat::Second,
            other => {
                return Err(NotationError::BadSide {
                    found: other.to_string(),
                });
            }
        };
        if let Some(extra) = parts.next() {
            return Err(NotationError::BadSide {
                found: format!("{side} {extra}"),
            });
        }
        Ok(Othello {
            black,
            white,
            to_move,
        })
    }

    /// A drawing for humans: rank 1 at the top as the arcade and the rules draw it,
    /// `X`, `O` and `.` for empty.
    pub fn diagram(&self) -> String {
        let mut s = String::from("  a b c d e f g h\n");
        for rank in 0..8 {
            s.push(char::from(b'1' + rank as u8));
            for file in 0..8 {
                let bit = 1u64 << (rank * 8 + file);
                s.push(' ');
                s.push(if self.black & bit != 0 {
                    'X'
                } else if self.white & bit != 0 {
                    'O'
                } else {
                    '.'
                });
            }
            s.push('\n');
        }
        s
    }
}

impl FromStr for Othello {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Othello::parse(s)
    }
}

impl fmt::Display for Othello {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Game for Othello {
    type Move = OthelloMove;

    fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The legal squares in a1..h8 order; `[Pass]` when the mover is stuck but the
    /// opponent is not; empty when the game is over.
    fn legal_moves(&self) -> Vec<OthelloMove> {
        let mut bits = self.move_bits();
        if bits == 0 {
            return if moves(self.opponent(), self.player()) != 0 {
                vec![OthelloMove::Pass]
            } else {
                Vec::new()
            };
        }
        let mut out = Vec::with_capacity(bits.count_ones() as usize);
        while bits != 0 {
            let sq = bits.trailing_zeros();
            bits &= bits - 1;
            out.extend(OthelloMove::at(sq));
        }
        out
    }

    /// A pass: the mover has no square and the opponent has one.
    fn forced(&self) -> bool {
        self.move_bits() == 0 && moves(self.opponent(), self.player()) != 0
    }

    fn play(&mut self, m: OthelloMove) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if !self.is_legal(m) {
            return Err(RuleError::Illegal(m.to_string()));
        }
        let (mut p, mut o) = (self.player(), self.opponent());
        if let OthelloMove::Play(sq) = m {
            let f = flips(p, o, sq.index());
            p ^= f | sq.bit();
            o ^= f;
        }
        let next = self.to_move.other();
        (self.black, self.white) = match next {
            // `p` just moved; the next mover is the other seat.
            Seat::First => (o, p),
            Seat::Second => (p, o),
        };
        self.to_move = next;
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let b = self.black.count_ones();
        let w = self.white.count_ones();
        Some(match b.cmp(&w) {
            std::cmp::Ordering::Greater => Outcome::Win(Seat::First),
            std::cmp::Ordering::Less => Outcome::Win(Seat::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn position_text(&self) -> String {
        self.notation()
    }

    fn first_margin(&self) -> Option<i32> {
        Some(match self.to_move {
            Seat::First => self.margin(),
            Seat::Second => -self.margin(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Flips by walking each direction square by square.
    fn slow_flips(p: u64, o: u64, sq: u32) -> u64 {
        let mut all = 0;
        for (df, dr) in STEPS {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            let mut run = 0u64;
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + f);
                if o & bit != 0 {
                    run |= bit;
                } else {
                    if p & bit != 0 {
                        all |= run;
                    }
                    break;
                }
                f += df;
                r += dr;
            }
        }
        all
    }

    #[test]
    fn flips_and_moves_match_a_slow_walk() {
        let mut x: u64 = 0x1234_5678_9abc_def1;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let a = next();
            let b = next();
            let p = a & b;
            let o = a & !b & next();
            let empties = !(p | o);
            let mut slow_moves = 0;
            for sq in 0..64 {
                if empties & (1 << sq) != 0 {
                    let f = slow_flips(p, o, sq);
                    assert_eq!(flips(p, o, sq), f, "p={p:x} o={o:x} sq={sq}");
                    if f != 0 {
                        slow_moves |= 1 << sq;
                    }
                }
            }
            assert_eq!(moves(p, o), slow_moves);
        }
    }

    #[test]
    fn neighbours_is_the_union_of_adjacent() {
        let b: u64 = 0x0000_1818_0000_0081;
        let mut want = 0;
        for (sq, adjacent) in ADJACENT.iter().enumerate() {
            if b & (1 << sq) != 0 {
                want |= adjacent;
            }
        }
        assert_eq!(neighbours(b), want);
    }
}
