//! The named openings of Othello: the names players give the first moves of a game
//! (the Tiger, the Rose, the Buffalo, ...), as the widely reproduced list of Robert
//! Gatliff's opening catalogue has them, and the Rabbit of Japanese usage.
//!
//! Each line is written from black's first move f5, in our own `f5d6c3` notation. The
//! other three first moves (d3, c4, e6) give the same game turned over: the board has
//! four symmetries that keep the start as it is, colours included (the identity, the
//! half turn, and the reflections in the a1-h8 and a8-h1 diagonals; a quarter turn or a
//! reflection in a middle line swaps the colours of the four centre discs). A game is
//! recognised by its positions under these four symmetries, so any first move, and a
//! line that reaches a named position in another order or in its mirror image (after
//! f5 f6 e6 both d6 and f4 reach the same position turned), is named too.
//!
//! What a game is called: the name of the last named position it passed through, kept
//! after the game leaves the named lines (as a chess program keeps the name of a
//! game's opening): a Tiger that turns into a game no list names is still a Tiger.

use std::sync::OnceLock;

use super::{Othello, OthelloMove};
use crate::game::{Game, Seat};

/// A named opening: its moves from the start (from f5) and its names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The moves, `f5d6c3d3c4`.
    pub line: &'static str,
    pub name: &'static str,
    /// Other names it goes by, `""` if none.
    pub also: &'static str,
}

const fn op(line: &'static str, name: &'static str, also: &'static str) -> Opening {
    Opening { line, name, also }
}

/// Every named opening. Sources (each line checked in at least two of them, and each
/// one's moves legal: see the tests): Gatliff's list as samsoft.org.uk reproduces it,
/// Zebra's opening names (Gunnar Andersson), NBoard's Thor opening map (Chris Welty),
/// and for the Rabbit the Japanese opening trees (bassy84.net, and the joseki lists of
/// Japanese programs, where every line with black's c5 on move 3 is a Rabbit line).
pub static OPENINGS: [Opening; 78] = [
    // The perpendicular opening: white's d6.
    op("f5d6", "Perpendicular", ""),
    op("f5d6c3d3c4", "Tiger", ""),
    op("f5d6c3d3c4b3", "Aubrey", "Tanaka"),
    op("f5d6c3d3c4b3d2f4", "Aubrey (Feldborg Continuation)", ""),
    op("f5d6c3d3c4f4c5b3c2", "Rose-Bill", ""),
    op("f5d6c3d3c4f4c5b3c2b4", "Central Rose-Bill", "Dead Draw"),
    op("f5d6c3d3c4f4c5b3c2e6", "Tamenori", ""),
    op("f5d6c3d3c4f4c5b4b5c6f3e6e3", "Ishii", ""),
    op("f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3", "Mainline Tiger", ""),
    op("f5d6c3d3c4f4e3", "Brightwell", ""),
    op("f5d6c3d3c4f4e6", "Leader's Tiger", ""),
    op("f5d6c3d3c4f4f6", "Stephenson", ""),
    op("f5d6c3d3c4f4f6b4", "Kung", ""),
    op("f5d6c3d3c4f4f6f3", "Comp'Oth", ""),
    op("f5d6c3d3c4f4f6f3e3", "Lightning Bolt", ""),
    op(
        "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7",
        "F.A.T. Draw",
        "",
    ),
    op("f5d6c3d3c4f4f6g5", "No-Kung", ""),
    op("f5d6c3d3c4f4f6g5e3f3g4h3g3f2", "No-Kung (Continuation)", ""),
    op("f5d6c3g5", "Bent Ganglion", "Ganglion"),
    op("f5d6c4d3c5", "Cat", ""),
    op("f5d6c4d3c5f4e3f3c2b4b3", "Berner", ""),
    op("f5d6c4d3c5f4e3f3c2c6", "Sakaguchi", ""),
    op("f5d6c4d3e6", "Italian", ""),
    op("f5d6c4g5", "No-Cat", "Ganglion"),
    op("f5d6c4g5c6", "Swallow", ""),
    op("f5d6c4g5c6c5d7d3b4c3e3f3", "No-Cat (Continuation)", ""),
    op("f5d6c5", "Rabbit", ""),
    op("f5d6c5f4d3", "Horse", ""),
    op("f5d6c5f4e3c6d3f3", "Ralle", ""),
    op("f5d6c5f4e3c6d3f6e6d7", "Rose", ""),
    op("f5d6c5f4e3c6d3f6e6d7e7", "Greenberg", "Dawg"),
    op("f5d6c5f4e3c6d3f6e6d7g3c4", "Rose-Birth", ""),
    op("f5d6c5f4e3c6d3f6e6d7g3c4b4", "Rose-Birdie", "Rose-Tamenori"),
    op("f5d6c5f4e3c6d3f6e6d7g3c4b4c3", "Rose-Tamenori-Kling", ""),
    op("f5d6c5f4e3c6d3f6e6d7g3c4g5c3b4e2", "Brightstein", ""),
    op("f5d6c5f4e3c6d3f6e6d7g4", "Flat", ""),
    op("f5d6c5f4e3c6d3f6e6d7g4c4", "Rotating Flat", ""),
    op(
        "f5d6c5f4e3c6d3f6e6d7g4c4g5c3f7d2e7f2",
        "Rotating Flat (Kling Continuation)",
        "",
    ),
    op("f5d6c5f4e3c6d3f6e6d7g4c4g6", "Murakami Variation", ""),
    op("f5d6c5f4e3c6d7", "Bhagat", ""),
    op("f5d6c5f4e3c6e6", "Inoue", ""),
    op("f5d6c5f4e3c6e6f6", "Iago", ""),
    op("f5d6c5f4e3c6f3", "Shaman", "Danish"),
    op("f5d6c5f4e3d3", "Mimura", ""),
    // The diagonal opening: white's f6.
    op("f5f6", "Diagonal", ""),
    op("f5f6c4f4", "Semi-Wing Variation", ""),
    op("f5f6d3f4", "Wing Variation", ""),
    op("f5f6e6f4c3", "Buffalo", "Kenichi Variation"),
    op("f5f6e6f4c3c4", "Hokuriku Buffalo", ""),
    op("f5f6e6f4c3d6f3c4c5b4", "Tanida Buffalo", ""),
    op("f5f6e6f4c3d7f3", "Maruoka Buffalo", ""),
    op("f5f6e6f4e3", "Cow", ""),
    op("f5f6e6f4e3c5c4", "Rose-v-Toth", ""),
    op("f5f6e6f4e3c5c4d3c3", "Landau", ""),
    op("f5f6e6f4e3c5c4d3f3e2", "Maruoka", ""),
    op("f5f6e6f4e3c5c4e7", "Tanida", ""),
    op("f5f6e6f4e3c5c4e7b5e2", "Sailboat", ""),
    op("f5f6e6f4e3c5c4e7g4", "Aircraft", "Feldborg"),
    op("f5f6e6f4e3c5g5", "Bat", "Cow Bat, Cambridge"),
    op("f5f6e6f4e3c5g5d6g6", "Bat (Kling Alternative)", ""),
    op(
        "f5f6e6f4e3c5g5f3g4g6g3d6f7h5h4h3e7",
        "Bat (Kling Continuation)",
        "",
    ),
    op(
        "f5f6e6f4e3c5g5g3g4f3c4",
        "Melnikov",
        "Bat (Piau Continuation 1)",
    ),
    op("f5f6e6f4e3c5g5g3g4f3g6", "Bat (Piau Continuation 2)", ""),
    op("f5f6e6f4e3d6", "Chimney", ""),
    op("f5f6e6f4g3", "Rocket", ""),
    op("f5f6e6f4g3d6", "Lollipop", ""),
    op("f5f6e6f4g3f3g4", "Hamilton", ""),
    op("f5f6e6f4g4", "Raccoon Dog", ""),
    op("f5f6e6f4g5", "Heath", "Tobidashi"),
    op("f5f6e6f4g5d6", "Heath-Chimney", ""),
    op("f5f6e6f4g5e7d7", "Iwasaki Variation", ""),
    op("f5f6e6f4g5e7e3", "Heath-Bat", ""),
    op("f5f6e6f4g5e7f7c5e3f3c4d3c2", "Mimura Variation II", ""),
    op("f5f6e6f4g6", "Snake", "Peasant"),
    op(
        "f5f6e6f4g6c5g4g5f3e3c4",
        "Pyramid",
        "Checkerboarding Peasant",
    ),
    op("f5f6e6f4g6c6", "Lysons", ""),
    op("f5f6e6f4g7", "X-square", ""),
    // The parallel opening: white's f4.
    op("f5f4", "Parallel", ""),
];

/// A symmetry of the board that keeps the start position: where it carries the square
/// on `(file, rank)`.
type Symmetry = fn(u32, u32) -> (u32, u32);

/// The four symmetries that keep the start, colours included.
pub const START_SYMMETRIES: [Symmetry; 4] = [
    |f, r| (f, r),
    |f, r| (7 - f, 7 - r),
    |f, r| (r, f),
    |f, r| (7 - r, 7 - f),
];

/// The image of the bitboard `bits` under `symmetry`.
fn image(bits: u64, symmetry: Symmetry) -> u64 {
    (0..64u32)
        .filter(|sq| bits & (1u64 << sq) != 0)
        .map(|sq| {
            let (f, r) = symmetry(sq % 8, sq / 8);
            1u64 << (r * 8 + f)
        })
        .fold(0, |acc, bit| acc | bit)
}

/// A position as the same key under all four symmetries: the least of its images.
type Key = (u64, u64, bool);

fn key(position: &Othello) -> Key {
    let black_to_move = position.to_move() == Seat::First;
    START_SYMMETRIES
        .iter()
        .map(|&s| {
            (
                image(position.black(), s),
                image(position.white(), s),
                black_to_move,
            )
        })
        .min()
        .unwrap_or((position.black(), position.white(), black_to_move))
}

/// The position at the end of a named line, or `None` if its moves cannot be read
/// or played (a test keeps every line legal).
fn end_of(line: &str) -> Option<Othello> {
    Othello::after_moves(line).ok().map(|(board, _)| board)
}

/// Each named opening's end position as a key, with the most discs any of them has.
struct Book {
    keys: Vec<(Key, &'static Opening)>,
    most_discs: u32,
}

fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        let ends: Vec<(Othello, &'static Opening)> = OPENINGS
            .iter()
            .filter_map(|o| end_of(o.line).map(|b| (b, o)))
            .collect();
        Book {
            keys: ends.iter().map(|(b, o)| (key(b), *o)).collect(),
            most_discs: ends
                .iter()
                .map(|(b, _)| (b.black() | b.white()).count_ones())
                .max()
                .unwrap_or(0),
        }
    })
}

/// The named opening a game from the standard start has reached with `moves`, and
/// after how many of them: the last named position it passed through (so the longest
/// named line it followed), also once it has left the named lines. White's three
/// answers to the first move are all named, so every game has a name from its second
/// move on; `None` before that. Moves that cannot be played from the start end the
/// walk.
pub fn opening(moves: &[OthelloMove]) -> Option<(&'static Opening, usize)> {
    let book = book();
    let mut board = Othello::new();
    let mut found = None;
    for (i, &mv) in moves.iter().enumerate() {
        if board.play(mv).is_err() || (board.black() | board.white()).count_ones() > book.most_discs
        {
            break;
        }
        let k = key(&board);
        if let Some((_, o)) = book.keys.iter().find(|(named, _)| *named == k) {
            found = Some((*o, i + 1));
        }
    }
    found
}

/// The name of the opening `moves` (from the standard start) have reached: see
/// [`opening`].
pub fn opening_name(moves: &[OthelloMove]) -> Option<&'static str> {
    opening(moves).map(|(o, _)| o.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares of `f5d6c3`, legal or not.
    fn moves(text: &str) -> Vec<OthelloMove> {
        let chars: Vec<char> = text.chars().collect();
        chars
            .chunks(2)
            .filter_map(|sq| sq.iter().collect::<String>().parse().ok())
            .collect()
    }

    /// A line turned by one of the four symmetries, square by square.
    fn turned(text: &str, s: Symmetry) -> Vec<OthelloMove> {
        moves(text)
            .into_iter()
            .map(|m| match m.square() {
                Some(sq) => {
                    let (f, r) = s(sq.file(), sq.rank());
                    OthelloMove::at(r * 8 + f).unwrap_or(m)
                }
                None => m,
            })
            .collect()
    }

    #[test]
    fn the_tiger_is_named_after_its_fifth_move() {
        assert_eq!(opening_name(&moves("f5d6c3d3c4")), Some("Tiger"));
        assert_eq!(
            opening(&moves("f5d6c3d3c4")).map(|(o, n)| (o.line, n)),
            Some(("f5d6c3d3c4", 5))
        );
        // Before it: the perpendicular opening, named after white's d6.
        assert_eq!(opening_name(&moves("f5d6c3d3")), Some("Perpendicular"));
        assert_eq!(opening_name(&moves("f5")), None);
        assert_eq!(opening_name(&[]), None);
    }

    #[test]
    fn every_first_move_gives_the_same_names() {
        // f5 d6 c3 d3 c4 from the other three first moves, worked by hand.
        for game in ["d3c5f6f5e6", "c4e3f6e6f5", "e6f4c3c4d3"] {
            assert_eq!(opening_name(&moves(game)), Some("Tiger"), "{game}");
        }
        // And every line of the list under the four symmetries.
        for o in &OPENINGS {
            for s in START_SYMMETRIES {
                assert_eq!(opening_name(&turned(o.line, s)), Some(o.name), "{}", o.line);
            }
        }
    }

    #[test]
    fn the_four_symmetries_are_exactly_those_that_keep_the_start() {
        let start = Othello::new();
        let keeps = |s: Symmetry| {
            image(start.black(), s) == start.black() && image(start.white(), s) == start.white()
        };
        for s in START_SYMMETRIES {
            assert!(keeps(s));
        }
        // The other four: a quarter turn either way, a mirror in either middle line.
        let others: [Symmetry; 4] = [
            |f, r| (7 - r, f),
            |f, r| (r, 7 - f),
            |f, r| (7 - f, r),
            |f, r| (f, 7 - r),
        ];
        for s in others {
            assert!(!keeps(s));
            // They swap the centre's colours.
            assert_eq!(image(start.black(), s), start.white());
        }
    }

    #[test]
    fn the_longest_named_line_wins_and_stays_after_it() {
        // The Rose passes the Perpendicular and the Rabbit first.
        let rose = "f5d6c5f4e3c6d3f6e6d7";
        assert_eq!(opening_name(&moves(&rose[..6])), Some("Rabbit"));
        assert_eq!(opening_name(&moves(&rose[..18])), Some("Rabbit"));
        assert_eq!(opening_name(&moves(rose)), Some("Rose"));
        // One move further, on a named line (the Flat) and off it (g5: no name).
        assert_eq!(opening_name(&moves("f5d6c5f4e3c6d3f6e6d7g4")), Some("Flat"));
        assert_eq!(
            opening(&moves("f5d6c5f4e3c6d3f6e6d7g5c4")).map(|(o, n)| (o.name, n)),
            Some(("Rose", 10))
        );
    }

    #[test]
    fn a_transposed_or_mirrored_line_is_named_by_its_position() {
        // After f5 f6 e6 the position is its own mirror in a1-h8: d6 then c5 reaches
        // the Cow (f4 then e3) turned over.
        assert_eq!(opening_name(&moves("f5f6e6d6c5")), Some("Cow"));
        assert_eq!(opening_name(&moves("f5f6e6d6f7")), Some("Snake"));
    }

    #[test]
    fn every_game_is_named_from_its_second_move_on() {
        // White's three answers to f5 are all named, so only a game of one move (or
        // none) has no name.
        for (game, name) in [
            ("f5d6", "Perpendicular"),
            ("f5f6", "Diagonal"),
            ("f5f4", "Parallel"),
        ] {
            assert_eq!(opening_name(&moves(game)), Some(name), "{game}");
        }
        // A game that leaves the named lines at once keeps the second move's name: no
        // line goes on from the parallel, none plays black's c6 after the
        // perpendicular.
        for (game, name) in [("f5f4e3f6d3", "Parallel"), ("f5d6c6", "Perpendicular")] {
            assert!(Othello::after_moves(game).is_ok(), "{game} is legal");
            assert_eq!(opening_name(&moves(game)), Some(name), "{game}");
        }
        // Moves that are not a game from the start stop the walk where they go wrong.
        assert_eq!(opening_name(&moves("f5a1")), None);
        assert_eq!(opening_name(&moves("f5d6a1c3d3c4")), Some("Perpendicular"));
    }

    #[test]
    fn every_line_is_legal_and_names_a_position_of_its_own() {
        let mut seen: Vec<Key> = Vec::new();
        for o in &OPENINGS {
            let moves = moves(o.line);
            assert_eq!(moves.len() * 2, o.line.len(), "{}", o.line);
            let mut board = Othello::new();
            for mv in &moves {
                assert!(board.play(*mv).is_ok(), "{} at {mv}", o.line);
                // No line passes: each move leaves the other side a move.
                assert!(!board.forced(), "{} at {mv}", o.line);
            }
            let k = key(&board);
            assert!(
                !seen.contains(&k),
                "{} names a position named before",
                o.line
            );
            seen.push(k);
            // The line's own moves give its own name (no other line reaches its end
            // first and is longer).
            assert_eq!(opening_name(&moves), Some(o.name), "{}", o.line);
            // And its first move is f5, as the list writes them.
            assert!(o.line.starts_with("f5"), "{}", o.line);
        }
    }
}
