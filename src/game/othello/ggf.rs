//! GGF, the Generic Game Format of the Generic Game Server, as Othello programs write
//! game records: `(;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[+2.000]TY[8]BO[8 <8 rows of
//! 8, rank 1 first; * black, O white, - empty> <side>]B[f5]W[d6]...;)`. `RE` is the
//! result for black, the first colour (a disc margin); passes are written `PA`.
//! Written for `parlor export`, and read back to check what was written.

use thiserror::Error;

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
}

/// Why a GGF record was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GgfError {
    #[error("a GGF record starts with '(;' and ends with ';)'")]
    NotARecord,
    #[error("GGF property {0} has no closing ']'")]
    Unclosed(String),
    #[error("GGF game type {0}: expected GM[Othello] on an 8x8 board (TY[8])")]
    NotOthello(String),
    #[error("GGF board BO[{0}]: expected 8, then 64 squares of *, O or -, then * or O to move")]
    BadBoard(String),
    #[error("GGF result RE[{0}]: expected black's disc margin, e.g. +12.000")]
    BadResult(String),
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
        let mut game = GgfGame {
            place: String::new(),
            date: String::new(),
            black: String::new(),
            white: String::new(),
            result: None,
            start: Othello::new(),
            moves: Vec::new(),
        };
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
                "TY" if !value.starts_with('8') => {
                    return Err(GgfError::NotOthello(value.to_string()));
                }
                "PC" => game.place = value.to_string(),
                "DT" => game.date = value.to_string(),
                "PB" => game.black = value.to_string(),
                "PW" => game.white = value.to_string(),
                "RE" => {
                    let margin = value.split(':').next().unwrap_or("");
                    let margin: f64 = margin
                        .parse()
                        .map_err(|_| GgfError::BadResult(value.to_string()))?;
                    game.result = Some(margin.round() as i32);
                }
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
                    let square = value.split('/').next().unwrap_or("");
                    let mv = if square.eq_ignore_ascii_case("pa") {
                        OthelloMove::Pass
                    } else {
                        square
                            .parse()
                            .map_err(|e: crate::game::RuleError| bad(e.to_string()))?
                    };
                    let colour = if key == "B" {
                        Seat::First
                    } else {
                        Seat::Second
                    };
                    if board.to_move() != colour {
                        return Err(bad("it is the other colour's turn".into()));
                    }
                    board.play(mv).map_err(|e| bad(e.to_string()))?;
                    game.moves.push(mv);
                }
                // Ratings, clocks and the rest say nothing about the moves.
                _ => {}
            }
        }
        Ok(game)
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
            start: Othello::new(),
            moves,
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
}
