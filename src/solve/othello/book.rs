//! The opening book: positions of the first plies, each with its value for the player
//! to move, learned by the project's own searches (`examples/othello_book.rs` makes
//! it; docs/engines-and-benchmarks.md says how). The AI's strong levels play from it,
//! with some variety; the prediction and the hints read it.
//!
//! A position is kept once for all eight symmetries of the board (the rules do not
//! change under a rotation or a reflection, so neither does the value): its key is the
//! least image of (mover's discs, opponent's discs). A position of the book whose every
//! child is in the book too is "open": its moves can be valued and chosen from the book
//! alone. The positions at the book's edge have a value and no children.
//!
//! The file (`assets/othello/book.bin`), little-endian: the magic `PRLRBOOK`, a `u16`
//! version (1), a `u32` count, then per position, sorted by key: the mover's discs
//! (`u64`), the opponent's (`u64`), the value in discs for the mover (`i8`), and the
//! depth in plies of the searches behind it (`u8`).

use std::sync::LazyLock;

use rand::{Rng, RngExt};
use thiserror::Error;

use super::patterns::images;
use super::root::root_moves;
use crate::game::othello::{Othello, OthelloMove};

const MAGIC: &[u8; 8] = b"PRLRBOOK";
const VERSION: u16 = 1;
const HEADER: usize = 8 + 2 + 4;
const ENTRY: usize = 8 + 8 + 1 + 1;

/// The book shipped with parlor.
static SHIPPED: LazyLock<Book> = LazyLock::new(|| {
    // A test reads the shipped file with `Book::parse`: it cannot be broken in a build.
    Book::parse(include_bytes!("../../../assets/othello/book.bin")).unwrap_or_default()
});

/// What is wrong with a book file.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BookError {
    #[error("not a parlor opening book (no PRLRBOOK at its start)")]
    NotABook,
    #[error("book version {0}: this parlor reads version {VERSION}")]
    Version(u16),
    #[error("the book says {count} positions but holds {bytes} bytes of them")]
    Length { count: usize, bytes: usize },
    #[error("the book's positions are not in order, or repeat, at entry {0}")]
    Order(usize),
}

/// A position's value in the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookValue {
    /// Discs for the player to move, with best play as the book's searches see it.
    pub score: i32,
    /// How deep (in plies) the searches behind the value looked from this position.
    pub depth: u32,
}

/// The opening book: a sorted table of positions and values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    keys: Vec<(u64, u64)>,
    values: Vec<(i8, u8)>,
}

/// The key of the position `p` to move against `o`: its least image under the eight
/// symmetries of the board.
pub fn key(p: u64, o: u64) -> (u64, u64) {
    let (ps, os) = (images(p), images(o));
    (0..8).map(|t| (ps[t], os[t])).min().unwrap_or((p, o))
}

impl Book {
    /// The book shipped with parlor (empty if it could not be read, which a test
    /// rules out).
    pub fn shipped() -> &'static Book {
        &SHIPPED
    }

    /// A book of these positions (`p` to move against `o`) and values; a position
    /// given twice keeps its last value.
    pub fn from_entries(entries: impl IntoIterator<Item = ((u64, u64), BookValue)>) -> Book {
        let mut all: Vec<((u64, u64), (i8, u8))> = entries
            .into_iter()
            .map(|((p, o), v)| {
                let score = v.score.clamp(-64, 64) as i8;
                (key(p, o), (score, v.depth.min(255) as u8))
            })
            .collect();
        // Stable: of equal keys the last given is last, and kept.
        all.sort_by_key(|&(k, _)| k);
        let mut book = Book::default();
        for (k, v) in all {
            if book.keys.last() == Some(&k) {
                if let Some(last) = book.values.last_mut() {
                    *last = v;
                }
            } else {
                book.keys.push(k);
                book.values.push(v);
            }
        }
        book
    }

    /// Reads a book file.
    pub fn parse(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(BookError::NotABook);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let count = u32::from_le_bytes([bytes[10], bytes[11], bytes[12], bytes[13]]) as usize;
        let body = &bytes[HEADER..];
        if count.checked_mul(ENTRY) != Some(body.len()) {
            return Err(BookError::Length {
                count,
                bytes: body.len(),
            });
        }
        let mut book = Book {
            keys: Vec::with_capacity(count),
            values: Vec::with_capacity(count),
        };
        for (i, e) in body.chunks_exact(ENTRY).enumerate() {
            let word = |at: usize| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&e[at..at + 8]);
                u64::from_le_bytes(b)
            };
            let k = (word(0), word(8));
            if book.keys.last().is_some_and(|&last| last >= k) || key(k.0, k.1) != k {
                return Err(BookError::Order(i));
            }
            book.keys.push(k);
            book.values.push((e[16] as i8, e[17]));
        }
        Ok(book)
    }

    /// The book as a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + ENTRY * self.keys.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.keys.len() as u32).to_le_bytes());
        for (&(p, o), &(score, depth)) in self.keys.iter().zip(&self.values) {
            out.extend_from_slice(&p.to_le_bytes());
            out.extend_from_slice(&o.to_le_bytes());
            out.push(score as u8);
            out.push(depth);
        }
        out
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Every position of the book (its key) with its value, in key order.
    pub fn entries(&self) -> impl Iterator<Item = ((u64, u64), BookValue)> + '_ {
        self.keys
            .iter()
            .zip(&self.values)
            .map(|(&k, &(score, depth))| {
                let value = BookValue {
                    score: i32::from(score),
                    depth: u32::from(depth),
                };
                (k, value)
            })
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The value of the position `p` to move against `o`, if the book has it.
    pub fn get(&self, p: u64, o: u64) -> Option<BookValue> {
        let i = self.keys.binary_search(&key(p, o)).ok()?;
        let (score, depth) = self.values[i];
        Some(BookValue {
            score: i32::from(score),
            depth: u32::from(depth),
        })
    }

    /// Every legal move of `board` with its value for the mover, when the position is
    /// open in the book (it and every position a move leads to are in it); `None`
    /// otherwise, and for a position with no move or only a pass.
    pub fn moves(&self, board: &Othello) -> Option<Vec<(OthelloMove, BookValue)>> {
        let (p, o) = (board.player(), board.opponent());
        self.get(p, o)?;
        let list = root_moves(p, o);
        if list.is_empty() || list.iter().any(|m| m.mv() == OthelloMove::Pass) {
            return None;
        }
        list.iter()
            .map(|m| {
                let (np, no) = m.child(p, o);
                self.get(np, no).map(|v| {
                    (
                        m.mv(),
                        BookValue {
                            score: -v.score,
                            depth: v.depth + 1,
                        },
                    )
                })
            })
            .collect()
    }

    /// The book's best move for `board` and its value (the first of equal ones, in the
    /// order of the moves), when the position is open in the book.
    pub fn best(&self, board: &Othello) -> Option<(OthelloMove, BookValue)> {
        self.moves(board)?
            .into_iter()
            .rev()
            .max_by_key(|(_, v)| v.score)
    }

    /// A move of the book for `board`: any of those within `spread` discs of the best,
    /// chosen by `rng` (so two games need not repeat). `None` out of the book.
    pub fn choose<R: Rng + ?Sized>(
        &self,
        board: &Othello,
        spread: i32,
        rng: &mut R,
    ) -> Option<OthelloMove> {
        choose_among(&self.moves(board)?, spread, rng)
    }
}

/// Any of `moves` (valued by [`Book::moves`]) within `spread` discs of the best, chosen
/// by `rng`; `None` when there are none.
pub fn choose_among<R: Rng + ?Sized>(
    moves: &[(OthelloMove, BookValue)],
    spread: i32,
    rng: &mut R,
) -> Option<OthelloMove> {
    let best = moves.iter().map(|(_, v)| v.score).max()?;
    let near: Vec<OthelloMove> = moves
        .iter()
        .filter(|(_, v)| v.score >= best - spread.max(0))
        .map(|&(m, _)| m)
        .collect();
    near.get(rng.random_range(0..near.len())).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// The start and the four first moves, valued by hand: the book's moves follow.
    fn tiny() -> Book {
        let start = Othello::new();
        let mut entries = vec![(
            (start.player(), start.opponent()),
            BookValue { score: 0, depth: 3 },
        )];
        for (i, mv) in start.legal_moves().into_iter().enumerate() {
            let after = start.after(mv).expect("legal");
            // All four are one move turned: one key, the last value given kept.
            entries.push((
                (after.player(), after.opponent()),
                BookValue {
                    score: i as i32,
                    depth: 2,
                },
            ));
        }
        Book::from_entries(entries)
    }

    #[test]
    fn a_position_is_found_under_every_symmetry() {
        let book = tiny();
        assert_eq!(
            book.len(),
            2,
            "the start and one position after a first move"
        );
        let start = Othello::new();
        for mv in start.legal_moves() {
            let after = start.after(mv).expect("legal");
            assert_eq!(
                book.get(after.player(), after.opponent()),
                Some(BookValue { score: 3, depth: 2 })
            );
        }
        let moves = book.moves(&start).expect("the start is open");
        assert_eq!(moves.len(), 4);
        assert!(moves.iter().all(|(_, v)| v.score == -3 && v.depth == 3));
        // One move further: out of the book.
        let after = start.after(start.legal_moves()[0]).expect("legal");
        assert_eq!(book.moves(&after), None);
        let mut rng = StdRng::seed_from_u64(1);
        assert_eq!(book.choose(&after, 2, &mut rng), None);
    }

    #[test]
    fn the_choice_stays_within_the_spread_and_varies() {
        // Values of the four first moves told apart by their positions' keys: make a
        // book from a position after f5 where the three replies differ.
        let f5 = Othello::new()
            .after("f5".parse().expect("a square"))
            .expect("legal");
        let mut entries = vec![(
            (f5.player(), f5.opponent()),
            BookValue { score: 0, depth: 3 },
        )];
        let replies = f5.legal_moves();
        assert_eq!(replies.len(), 3);
        // The child's value for its mover: the reply's value is its negation.
        let child_values = [0, 1, 5];
        for (mv, v) in replies.iter().zip(child_values) {
            let after = f5.after(*mv).expect("legal");
            entries.push((
                (after.player(), after.opponent()),
                BookValue { score: v, depth: 2 },
            ));
        }
        let book = Book::from_entries(entries);
        let mut rng = StdRng::seed_from_u64(7);
        let picks: std::collections::BTreeSet<String> = (0..64)
            .filter_map(|_| book.choose(&f5, 1, &mut rng))
            .map(|m| m.to_string())
            .collect();
        // Worth 0 and -1 to the mover: both within one disc; -5 never.
        let expected: std::collections::BTreeSet<String> =
            replies[..2].iter().map(|m| m.to_string()).collect();
        assert_eq!(picks, expected);
        let best_only: std::collections::BTreeSet<String> = (0..16)
            .filter_map(|_| book.choose(&f5, 0, &mut rng))
            .map(|m| m.to_string())
            .collect();
        assert_eq!(best_only.len(), 1);
    }

    #[test]
    fn a_book_reads_back_and_a_broken_one_is_refused() {
        let book = tiny();
        let bytes = book.to_bytes();
        assert_eq!(Book::parse(&bytes), Ok(book.clone()));
        assert_eq!(Book::parse(b"PRLRBOO"), Err(BookError::NotABook));
        let mut newer = bytes.clone();
        newer[8] = 2;
        assert_eq!(Book::parse(&newer), Err(BookError::Version(2)));
        assert!(matches!(
            Book::parse(&bytes[..bytes.len() - 1]),
            Err(BookError::Length { .. })
        ));
        // Two entries swapped: out of order.
        let mut swapped = bytes.clone();
        let (a, b) = (HEADER, HEADER + ENTRY);
        let first: Vec<u8> = swapped[a..b].to_vec();
        swapped.copy_within(b..b + ENTRY, a);
        swapped[b..b + ENTRY].copy_from_slice(&first);
        assert_eq!(Book::parse(&swapped), Err(BookError::Order(1)));
    }

    #[test]
    fn the_shipped_book_reads() {
        let bytes = include_bytes!("../../../assets/othello/book.bin");
        let book = Book::parse(bytes).expect("the shipped book reads");
        assert_eq!(book.len(), Book::shipped().len());
    }
}
