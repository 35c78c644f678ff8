//! What the AI says. It reacts to the solver's verdicts, never to guesses.

use crate::game::Seat;

/// A change in the game the AI may comment on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The AI took the first move because it wins from there (or left it to you).
    ChoseFirst,
    ChoseSecond,
    CoinFlip {
        human_first: bool,
    },
    /// The AI is winning from the position on the board.
    Winning,
    /// The human just threw away a won position.
    HumanBlundered,
    /// The AI can no longer force a win.
    Lost,
    /// The AI cannot force a win from the position it was handed (a start or an undo).
    LostFromHere,
    AiWon,
    HumanWon,
}

/// The line for a moment; `variety` picks among phrasings.
pub fn line(moment: Moment, variety: usize) -> String {
    let pick = |options: &[&str]| options[variety % options.len()].to_string();
    match moment {
        Moment::ChoseFirst => pick(&["I'll go first, thank you.", "I'll take the first move."]),
        Moment::ChoseSecond => pick(&["After you.", "You start. I'll answer."]),
        Moment::CoinFlip { human_first: true } => "The coin says you start.".into(),
        Moment::CoinFlip { human_first: false } => "The coin says I start.".into(),
        // A proven win: said as one (an understatement beside "+64 (exact)" read as a
        // guess).
        Moment::Winning => pick(&[
            "I can force a win from here.",
            "I see a forced win.",
            "With best play this one is mine.",
        ]),
        Moment::HumanBlundered => pick(&[
            "Thank you! That was a mistake.",
            "Ah, that one I can punish.",
            "You had it. Now I do.",
        ]),
        Moment::Lost => ":( I can no longer force a win.".into(),
        Moment::LostFromHere => ":( I can't force a win from here.".into(),
        Moment::AiWon => pick(&["Good game. Again?", "That's mine. Rematch?"]),
        Moment::HumanWon => pick(&["Well played: you beat me.", "You earned that one."]),
    }
}

/// What is known of the position on the board, for the prediction panel and the AI's
/// voice alike, so the two never disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// No analysis yet.
    Unknown,
    /// A proven winner.
    Wins(Seat),
    /// A draw with perfect play: proven, or known (the game is solved there).
    Draw,
    /// Nothing proven; the search leans to a side by more than the game's noise.
    Ahead(Seat, i32),
    /// Nothing proven, and the search's margin is within the game's noise.
    Even,
}

/// What the AI says of a position nobody has proven won, matching the prediction
/// panel: the side the search leans to, a draw, or that it is too early.
pub fn outlook_line(outlook: Outlook, ai: Seat) -> String {
    match outlook {
        Outlook::Draw => "Best play draws from here.".into(),
        Outlook::Ahead(leader, _) if leader == ai => {
            "I think I'm ahead; nothing is proven yet.".into()
        }
        Outlook::Ahead(..) => "You look ahead; nothing is proven yet.".into(),
        // Even, not "too early": the panel beside it says "About even" or, in the
        // opening book, "A draw (book)" (a play-tester read the two as a contradiction).
        Outlook::Even => "Looks even to me; nothing is proven yet.".into(),
        Outlook::Wins(_) | Outlook::Unknown => "Too early to tell who wins.".into(),
    }
}

/// The commentator's line when two people (or two AIs) play and one slips.
pub fn slip_line(name: &str, other: &str) -> String {
    format!("{name} slipped: {other} can now force a win.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Seat;

    /// Every outlook line fits the AI's line at 80x24 whole, quotes included: Othello's
    /// status is 48 columns wide, "AI: “" and "”" take 6 ("…but nothing is proven" was
    /// cut there).
    #[test]
    fn outlook_lines_fit_the_narrowest_status() {
        for outlook in [
            Outlook::Draw,
            Outlook::Ahead(Seat::First, 10),
            Outlook::Ahead(Seat::Second, 10),
            Outlook::Even,
            Outlook::Unknown,
        ] {
            let line = outlook_line(outlook, Seat::First);
            assert!(line.chars().count() <= 42, "{line}");
        }
    }
}
