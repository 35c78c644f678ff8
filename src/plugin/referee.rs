//! A game's rules as a server holds them for a match between two terminals: the moves
//! arrive in the game's notation, are checked once here, and only then go to both
//! players, so their two screens can never disagree.

use crate::game::{Game, Outcome, Seat};

/// The rules of one match in progress.
pub trait Referee: Send {
    /// Whose turn it is.
    fn to_move(&self) -> Seat;
    /// The position in the game's notation (a match's start is sent to both players).
    fn position_text(&self) -> String;
    /// Plays `mv` (the game's notation) if the rules allow it; the position does not
    /// change when they do not.
    fn play(&mut self, mv: &str) -> Result<(), String>;
    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}

/// Any game's rules as a referee.
pub struct Rules<G: Game>(pub G);

impl<G: Game> Referee for Rules<G> {
    fn to_move(&self) -> Seat {
        self.0.to_move()
    }
    fn position_text(&self) -> String {
        self.0.position_text()
    }
    fn play(&mut self, mv: &str) -> Result<(), String> {
        if self.0.outcome().is_some() {
            return Err("the game is over".into());
        }
        let mv: G::Move = mv.trim().parse().map_err(|e| format!("{e}"))?;
        self.0.play(mv).map_err(|e| e.to_string())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
}

/// `start`, refereed.
pub fn of<G: Game>(start: G) -> Box<dyn Referee> {
    Box::new(Rules(start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::nim::{Ending, Nim};

    #[test]
    fn moves_are_checked_and_turns_alternate() {
        let mut r = of(Nim::new(vec![1, 2], Ending::Normal));
        assert_eq!(r.to_move(), Seat::First);
        assert!(r.play("3:1").is_err(), "no pile 3");
        assert!(r.play("1:2").is_err(), "pile 1 has one coin");
        assert!(r.play("nonsense").is_err());
        assert_eq!(r.position_text(), "1,2");
        r.play("2:2").expect("legal");
        assert_eq!(r.to_move(), Seat::Second);
        r.play("1:1").expect("legal");
        assert_eq!(r.outcome(), Some(Outcome::Win(Seat::Second)));
        assert!(r.play("1:1").is_err(), "over");
    }
}
