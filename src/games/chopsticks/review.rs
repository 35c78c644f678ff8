//! The review of a game of Chopsticks: every position solved by the retrograde table,
//! the hands drawn as in the match (pictures when there is room, one-line hands
//! below that), the hands the move touched highlighted and the move said in words.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::ID;
use super::screen::{self, HandsLook, draw_hands, move_text};
use crate::config::Config;
use crate::game::Seat;
use crate::game::chopsticks::Chopsticks;
use crate::plugin::GameSetup;
use crate::plugin::review::ReviewPlan;
use crate::plugin::review::board::{GameBoard, Shown};
use crate::solve::analyst::FnAnalyst;
use crate::store::MatchRecord;
use crate::ui::hits::Hits;
use crate::ui::theme::Theme;
use crate::ui::widgets;

pub fn review(record: &MatchRecord, config: &Config) -> Result<ReviewPlan, String> {
    let setup = GameSetup::from_record(super::ID, record, config)?;
    let names = [record.seats[0].name.clone(), record.seats[1].name.clone()];
    // The person at the bottom against the AI, as in the match; else the first mover,
    // so that the hands stay put while stepping through the moves.
    let bottom = record.human_seat().unwrap_or(Seat::First);
    let board = GameBoard::new(
        screen::start_position(&setup)?,
        &record.moves,
        Box::new(FnAnalyst(crate::solve::chopsticks::analyse)),
        Box::new(move |frame, area, shown, theme| draw(frame, area, shown, theme, &names, bottom)),
    )?;
    Ok(board.plan(ID, "every move solved exactly"))
}

fn draw(
    frame: &mut Frame,
    area: Rect,
    shown: &Shown<Chopsticks>,
    theme: &Theme,
    names: &[String; 2],
    bottom: Seat,
) {
    use crate::game::Game;
    let block = widgets::block("Hands", theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let position = shown.position;
    // The mover of the last move is the one not to move now.
    let last = shown
        .before
        .zip(shown.last)
        .map(|(before, mv)| (before, before.to_move(), mv));
    let last_text = last.map(|(before, seat, mv)| {
        move_text(
            before,
            mv,
            &names[seat.index()],
            &possessive(&names[seat.other().index()]),
        )
    });
    let look = HandsLook {
        position,
        bottom,
        names: [&names[0], &names[1]],
        to_move: position.outcome().is_none().then(|| position.to_move()),
        cursors: Vec::new(),
        last,
        last_text,
        changing: None,
    };
    draw_hands(frame, inner, &look, theme, &mut Hits::default());
}

/// A seat's name as the owner of hands, as the match says it: "your", "the AI's",
/// "Player 2's" (a play-tester read "hits You's right" in a review).
fn possessive(name: &str) -> String {
    match name {
        "You" => "your".into(),
        "AI" => "the AI's".into(),
        name => format!("{name}'s"),
    }
}

#[cfg(test)]
mod tests {
    use super::possessive;

    #[test]
    fn the_review_names_hands_as_the_match_does() {
        assert_eq!(possessive("You"), "your");
        assert_eq!(possessive("AI"), "the AI's");
        assert_eq!(possessive("Bob"), "Bob's");
    }
}
