//! Why a key does nothing at this moment of a match: the one-line message shown over
//! the footer instead of silence (`m` on your own turn, `v` or `r` mid-game, ...). The
//! messages name the keys as bound, so they stay true after a remap.

use crate::plugin::screen::Situation;
use crate::ui::keys::{Action, Keys};

/// Why `action` does nothing in a match in `now`, or `None` when it does something
/// (or is no key of the match's: typing stray letters stays quiet).
pub fn why(action: Action, now: Situation, keys: &Keys) -> Option<String> {
    let key = |a: Action| keys.key(a);
    match action {
        Action::MoveNow => {
            let because = if now.over {
                "the game is over"
            } else if !now.ai_plays {
                "no AI plays in this game"
            } else if now.human_to_move {
                "it is your turn"
            } else if now.paused {
                return Some(format!(
                    "The AIs are paused: {} resumes them",
                    key(Action::Pause)
                ));
            } else {
                return None;
            };
            Some(format!(
                "{} makes the AI move now: {because}",
                key(Action::MoveNow)
            ))
        }
        Action::Review if !now.over => Some(format!(
            "{} reviews the game once it is over",
            key(Action::Review)
        )),
        Action::Rematch if !now.over => Some(format!(
            "{} is a rematch once the game is over; {} starts a new game",
            key(Action::Rematch),
            key(Action::NewGame)
        )),
        Action::Pause if !now.all_ai => Some(format!(
            "{} pauses only while two AIs play",
            key(Action::Pause)
        )),
        Action::Up | Action::Down | Action::Left | Action::Right | Action::Enter
            if !now.over && !now.human_to_move =>
        {
            Some(if now.paused {
                format!(
                    "The AIs are paused: {} resumes them, {} starts a new game",
                    key(Action::Pause),
                    key(Action::NewGame)
                )
            } else if now.all_ai {
                format!(
                    "Two AIs are playing: {} pauses, {} starts a new game",
                    key(Action::Pause),
                    key(Action::NewGame)
                )
            } else if !now.ai_plays {
                "It is the other player's move, at their terminal".to_string()
            } else {
                format!(
                    "It is the AI's turn: {} makes it move now",
                    key(Action::MoveNow)
                )
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const YOUR_TURN: Situation = Situation {
        over: false,
        human_to_move: true,
        ai_plays: true,
        all_ai: false,
        paused: false,
    };

    #[test]
    fn keys_that_wait_for_a_moment_say_which() {
        let keys = Keys::default();
        let say = |a, now| why(a, now, &keys);
        assert_eq!(
            say(Action::MoveNow, YOUR_TURN).as_deref(),
            Some("m makes the AI move now: it is your turn")
        );
        assert_eq!(
            say(Action::Review, YOUR_TURN).as_deref(),
            Some("v reviews the game once it is over")
        );
        assert_eq!(
            say(Action::Rematch, YOUR_TURN).as_deref(),
            Some("r is a rematch once the game is over; n starts a new game")
        );
        let ai_turn = Situation {
            human_to_move: false,
            ..YOUR_TURN
        };
        assert_eq!(say(Action::MoveNow, ai_turn), None);
        assert!(say(Action::Enter, ai_turn).is_some_and(|m| m.contains("AI's turn")));
        assert_eq!(say(Action::Enter, YOUR_TURN), None);
        let over = Situation {
            over: true,
            ..YOUR_TURN
        };
        assert_eq!(say(Action::Review, over), None);
        // Two AIs paused: m cannot hurry a search that is not running, and the
        // arrows say how to go on rather than how to pause.
        let paused = Situation {
            human_to_move: false,
            all_ai: true,
            paused: true,
            ..YOUR_TURN
        };
        assert_eq!(
            say(Action::MoveNow, paused).as_deref(),
            Some("The AIs are paused: space resumes them")
        );
        assert!(say(Action::Enter, paused).is_some_and(|m| m.contains("space resumes them")));
        let watching = Situation {
            paused: false,
            ..paused
        };
        assert_eq!(say(Action::MoveNow, watching), None);
        assert!(say(Action::Enter, watching).is_some_and(|m| m.contains("space pauses")));
        assert_eq!(say(Action::Char('z'), YOUR_TURN), None);
    }
}
