//! GGF, the Generic Game Format of the Generic Game Server, as Othello programs write
//! game records: `(;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[+2.000]TY[8]BO[8 <8 rows of
//! 8, rank 1 first; * black, O white, - empty> <side>]B[f5]W[d6]...;)`. `RE` is the
//! result for black, the first colour (a disc margin); passes are written `PA`.
//! Written for `parlor export`, and read as GUIs write it (NBoard's `set game`): any
//! `RE` that is not a number (`RE[?]`, a game going on) is no result, every `TY` of
//! standard 8x8 Othello is accepted, and the clocks (`TI`, or `TB` and `TW`) and the
//! time each move took (`B[f5/<eval>/<seconds>]`) are kept ([`ggf_fields`]).

use thiserror::Error;

use super::ggf_fields::{
    GameTypeError, GgfClock, check_game_type, read_result, read_square, split_move,
};
use super::{Othello, OthelloMove};
use crate::game::{Game, Seat};

/// One game record.
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    /// `PC`: where it was played.
    pub place: String,
    /// `DT`: when, as GGS writes it (`2026.11.23_19:20:05.UTC`).
    pub date: String,
    /// `PB` and `PW`: the players.
    pub black: String,
    pub white: String,
    /// `RE`: black's disc margin, when the game is over.
    pub result: Option<i32>,
    /// `BO`: the start.
    pub start: Othello,
    /// `B` and `W`, in order (passes included).
    pub moves: Vec<OthelloMove>,
    /// The seconds each move of `moves` took (0 where the record says nothing).
    pub times: Vec<f64>,
    /// `TB` and `TW` (or both `TI`): each colour's clock, if the game had one.
    pub clocks: [Option<GgfClock>; 2],
}

/// Why a GGF record was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GgfError {
    #[error("a GGF record starts with '(;' and ends with ';)'")]
    NotARecord,
    #[error("GGF property {0} has no closing ']'")]
    Unclosed(String),
    #[error("GGF game GM[{0}]: expected GM[Othello]")]
    NotOthello(String),
    #[error(transparent)]
    GameType(#[from] GameTypeError),
    #[error("GGF board BO[{0}]: expected 8, then 64 squares of *, O or -, then * or O to move")]
    BadBoard(String),
    #[error("GGF move {number} ({text}): {why}")]
    BadMove {
        number: usize,
        text: String,
        why: String,
    },
}

/// A property value with the characters GGF uses as delimiters taken out.
fn clean(value: &str) -> String {
    value.chars().filter(|c| !matches!(c, '[' | ']')).collect()
}

/// The board as `BO` writes it: `8 -------- ... *`.
fn board_text(board: &Othello) -> String {
    let notation = board.notation();
    let squares: Vec<char> = notation
        .chars()
        .take(64)
        .map(|c| if c == 'X' { '*' } else { c })
        .collect();
    let rows: Vec<String> = squares.chunks(8).map(|r| r.iter().collect()).collect();
    let side = match board.to_move() {
        Seat::First => '*',
        Seat::Second => 'O',
    };
    format!("8 {} {side}", rows.join(" "))
}

fn parse_board(value: &str) -> Result<Othello, GgfError> {
    let bad = || GgfError::BadBoard(value.to_string());
    let mut words = value.split_whitespace();
    if words.next() != Some("8") {
        return Err(bad());
    }
    let rest: Vec<&str> = words.collect();
    let (side, rows) = rest.split_last().ok_or_else(bad)?;
    let squares: String = rows.concat().replace('*', "X");
    let side = side.replace('*', "X");
    Othello::parse(&format!("{squares} {side}")).map_err(|_| bad())
}

impl GgfGame {
    /// A record of `moves` from `start`, with no names, date, result or clocks, each
    /// move taking no time (fill the rest in with `..GgfGame::new(..)`).
    pub fn new(start: Othello, moves: Vec<OthelloMove>) -> GgfGame {
        GgfGame {
            place: String::new(),
            date: String::new(),
            black: String::new(),
            white: String::new(),
            result: None,
            start,
            times: vec![0.0; moves.len()],
            moves,
            clocks: [None, None],
        }
    }

    /// The record on one line.
    pub fn write(&self) -> String {
        let mut out = format!(
            "(;GM[Othello]PC[{}]DT[{}]PB[{}]PW[{}]",
            clean(&self.place),
            clean(&self.date),
            clean(&self.black),
            clean(&self.white)
        );
        if let Some(margin) = self.result {
            out.push_str(&format!("RE[{margin:+}.000]"));
        }
        out.push_str(&format!("TY[8]BO[{}]", board_text(&self.start)));
        let mut board = self.start;
        for &mv in &self.moves {
            let colour = match board.to_move() {
                Seat::First => 'B',
                Seat::Second => 'W',
            };
            let text = match mv {
                OthelloMove::Play(sq) => sq.to_string(),
                OthelloMove::Pass => "PA".to_string(),
            };
            out.push_str(&format!("{colour}[{text}]"));
            let _ = board.play(mv);
        }
        out.push_str(";)");
        out
    }

    /// Reads a record, replaying its moves: each must be legal and of the colour to move.
    pub fn parse(text: &str) -> Result<GgfGame, GgfError> {
        let body = text
            .trim()
            .strip_prefix("(;")
            .and_then(|t| t.strip_suffix(";)"))
            .ok_or(GgfError::NotARecord)?;
        let mut game = GgfGame::new(Othello::new(), Vec::new());
        let mut board = Othello::new();
        let mut rest = body.trim_start();
        while !rest.is_empty() {
            let open = rest.find('[').ok_or(GgfError::NotARecord)?;
            let key = rest[..open].trim().to_string();
            let after = &rest[open + 1..];
            let close = after
                .find(']')
                .ok_or_else(|| GgfError::Unclosed(key.clone()))?;
            let value = &after[..close];
            rest = after[close + 1..].trim_start();
            match key.as_str() {
                "GM" if !value.eq_ignore_ascii_case("othello") => {
                    return Err(GgfError::NotOthello(value.to_string()));
                }
                "TY" => check_game_type(value)?,
                "TI" => game.clocks = [GgfClock::parse(value); 2],
                "TB" => game.clocks[0] = GgfClock::parse(value),
                "TW" => game.clocks[1] = GgfClock::parse(value),
                "PC" => game.place = value.to_string(),
                "DT" => game.date = value.to_string(),
                "PB" => game.black = value.to_string(),
                "PW" => game.white = value.to_string(),
                "RE" => game.result = read_result(value),
                "BO" => {
                    game.start = parse_board(value)?;
                    board = game.start;
                }
                "B" | "W" => {
                    let number = game.moves.len() + 1;
                    let bad = |why: String| GgfError::BadMove {
                        number,
                        text: format!("{key}[{value}]"),
                        why,
                    };
                    // A move may carry an evaluation and a time after slashes.
                    let (square, seconds) = split_move(value);
                    let mv = read_square(square).map_err(|e| bad(e.to_string()))?;
                    let colour = if key == "B" {
                        Seat::First
                    } else {
                        Seat::Second
                    };
                    // Some writers leave a forced pass out: the other colour moves
                    // again where the colour to move has no move.
                    if board.to_move() != colour && board.legal_moves() == [OthelloMove::Pass] {
                        board
                            .play(OthelloMove::Pass)
                            .map_err(|e| bad(e.to_string()))?;
                        game.moves.push(OthelloMove::Pass);
                        game.times.push(0.0);
                    }
                    if board.to_move() != colour {
                        return Err(bad("it is the other colour's turn".into()));
                    }
                    board.play(mv).map_err(|e| bad(e.to_string()))?;
                    game.moves.push(mv);
                    game.times.push(seconds);
                }
                // Ratings, clocks and the rest say nothing about the moves.
                _ => {}
            }
        }
        Ok(game)
    }

    /// Seconds left on `seat`'s clock after the moves of the record (`None` without a
    /// clock): its main time, less the time its moves took, plus an increment a move.
    pub fn time_left(&self, seat: Seat) -> Option<f64> {
        let clock = self.clocks[seat.index()]?;
        let mut board = self.start;
        let (mut spent, mut count) = (0.0, 0);
        for (&mv, &seconds) in self.moves.iter().zip(&self.times) {
            if board.to_move() == seat {
                spent += seconds;
                count += 1;
            }
            let _ = board.play(mv);
        }
        Some(clock.left(spent, count))
    }

    /// Appends a move that took `seconds` (NBoard's `move F5/<eval>/<seconds>`); an
    /// illegal one is refused and the record stays as it was.
    pub fn push(&mut self, mv: OthelloMove, seconds: f64) -> Result<(), crate::game::RuleError> {
        let mut board = self.end();
        board.play(mv)?;
        self.moves.push(mv);
        self.times.push(if seconds.is_finite() {
            seconds.max(0.0)
        } else {
            0.0
        });
        Ok(())
    }

    /// The position after every move.
    pub fn end(&self) -> Othello {
        let mut board = self.start;
        for &mv in &self.moves {
            let _ = board.play(mv);
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back() {
        let (_, moves) = Othello::after_moves("f5d6c3d3c4").expect("legal");
        let game = GgfGame {
            place: "parlor".into(),
            date: "2026.11.23_19:20:05.UTC".into(),
            black: "You".into(),
            white: "AI [strong]".into(),
            result: Some(-4),
            ..GgfGame::new(Othello::new(), moves)
        };
        let text = game.write();
        assert!(
            text.starts_with("(;GM[Othello]PC[parlor]DT[2026.11.23_19:20:05.UTC]PB[You]PW[AI strong]RE[-4.000]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c3]"),
            "{text}"
        );
        assert!(text.ends_with(";)"));
        let back = GgfGame::parse(&text).expect("reads back");
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.white, "AI strong");
        assert_eq!(back.result, Some(-4));
        assert_eq!(back.end(), Othello::read("f5d6c3d3c4").expect("legal"));
    }

    #[test]
    fn a_move_of_the_wrong_colour_is_refused() {
        let text = "(;GM[Othello]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]W[f5];)";
        let err = GgfGame::parse(text).unwrap_err().to_string();
        assert!(err.contains("move 1"), "{err}");
    }

    /// The record of the NBoard protocol's example session: a game in progress
    /// (`RE[?]`), a 15-minute clock, the 64 squares in one run.
    const NBOARD_EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn the_nboard_example_record_reads_as_a_game_in_progress() {
        let game = GgfGame::parse(NBOARD_EXAMPLE).expect("the example reads");
        assert_eq!(game.result, None);
        assert_eq!(game.moves.len(), 8);
        assert_eq!(
            game.end(),
            Othello::read("f5f6d3c5e6f7e7f4").expect("legal")
        );
        let fifteen = Some(GgfClock {
            main: 900.0,
            increment: 0.0,
        });
        assert_eq!(game.clocks, [fifteen, fifteen]);
        assert_eq!(game.time_left(Seat::First), Some(900.0));
    }

    #[test]
    fn times_of_moves_count_against_their_colour() {
        let text = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TB[5:00]TW[1:00/2]TY[8r]BO[8 ---------------------------O*------*O--------------------------- *]B[F5/0.50/10.5]W[F6//3]B[D3/1.00/4.5];)";
        let game = GgfGame::parse(text).expect("reads");
        assert_eq!(game.times, vec![10.5, 3.0, 4.5]);
        assert_eq!(game.time_left(Seat::First), Some(285.0));
        // One minute, 3 s spent, 2 s back for the one move.
        assert_eq!(game.time_left(Seat::Second), Some(59.0));
        let mut more = game.clone();
        more.push("c5".parse().expect("square"), 7.0)
            .expect("legal");
        assert_eq!(more.time_left(Seat::Second), Some(54.0));
        assert!(more.push("c5".parse().expect("square"), 1.0).is_err());
        assert_eq!(more.moves.len(), 4, "a refused move leaves the record");
    }

    #[test]
    fn records_of_other_games_types_are_refused_by_name() {
        let with_type = |ty: &str| NBOARD_EXAMPLE.replace("TY[8]", &format!("TY[{ty}]"));
        assert!(GgfGame::parse(&with_type("s8r18")).is_ok());
        assert!(GgfGame::parse(&with_type("8r")).is_ok());
        let anti = GgfGame::parse(&with_type("8a")).unwrap_err().to_string();
        assert!(anti.contains("anti-Othello"), "{anti}");
        let big = GgfGame::parse(&with_type("10")).unwrap_err().to_string();
        assert!(big.contains("TY[10]"), "{big}");
        let chess = GgfGame::parse(&NBOARD_EXAMPLE.replace("GM[Othello]", "GM[Chess]"));
        assert!(chess.unwrap_err().to_string().contains("GM[Chess]"));
    }

    #[test]
    fn a_forced_pass_left_out_is_put_back() {
        // Black to move with no move: white's two moves in a row hold an implicit pass.
        let start = "(;GM[Othello]TY[8]BO[8 O*------ -------- -------- -------- -------- -------- -------- -------- *]";
        let text = format!("{start}W[c1];)");
        let game = GgfGame::parse(&text).expect("the pass is implied");
        assert_eq!(game.moves[0], OthelloMove::Pass);
        assert_eq!(game.moves.len(), 2);
        // Where black could move, white's move is out of turn.
        let err = GgfGame::parse(&NBOARD_EXAMPLE.replace("B[F5]W[F6]", "W[F6]"));
        assert!(err.is_err());
    }
}
