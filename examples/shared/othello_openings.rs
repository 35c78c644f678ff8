//! What the Othello examples (`othello_quality`, `othello_mpc_fit`) share: their
//! `--name value` options, and positions reached from the start by a few random plies,
//! then the strong level at a fixed depth with some moves at random. ChaCha8, so a seed
//! gives the same positions with any build.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use parlor::game::Game;
use parlor::game::othello::{Othello, OthelloMove};
use parlor::solve::othello::{Engine, Level, Limits};

/// How a game is played to a position.
pub struct Playing {
    /// The strong level's depth.
    pub depth: u32,
    /// After the opening's 2-10 random plies, one move in this many is random.
    pub random_one_in: u32,
    pub table_mib: u32,
}

/// A position with `empties` empty squares where the side to move has a move, or `None`
/// when the game ended first.
pub fn play_to(
    empties: u32,
    how: &Playing,
    rng: &mut ChaCha8Rng,
    engine: &mut Engine,
) -> Option<Othello> {
    let mut board = Othello::new();
    let random_plies = rng.random_range(2..=10);
    let limits = Limits {
        max_depth: Some(how.depth),
        max_millis: None,
        table_mib: how.table_mib,
        exact_empties: 0,
    };
    let mut ply = 0;
    while board.empty_count() > empties {
        if board.outcome().is_some() {
            return None;
        }
        let legal = board.legal_moves();
        let m = if ply < random_plies || rng.random_range(0..how.random_one_in) == 0 {
            legal[rng.random_range(0..legal.len())]
        } else {
            engine.choose_move(&board, Level::Strong, rng, &limits, &|| false)?
        };
        board.play(m).ok()?;
        ply += 1;
    }
    // A position where the side to move must pass is not a choice of move.
    (board.outcome().is_none() && board.legal_moves() != [OthelloMove::Pass]).then_some(board)
}

/// `--name value` from `args`, parsed, or `default`.
pub fn option<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .ok_or_else(|| format!("{name} needs a value"))?
            .parse()
            .map_err(|_| format!("{name}: not a valid value")),
    }
}
