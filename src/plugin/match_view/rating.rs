//! The help a person had in a game against the AI, and whether the game counts for
//! their rating: kept apart from the board and the voice so that the rules of "what
//! leaves a game unrated" live in one place.

use crate::plugin::rating::rated::{aided_reason, not_rated};
use crate::store::Aids;

/// What the game's rating bookkeeping knows: the aids used so far (kept in the
/// record), the hints seen on the current turn, and what the shell said.
#[derive(Debug, Default)]
pub struct RatingLedger {
    /// The help the person had against the AI so far (kept in the record: an aided
    /// game is not rated).
    pub aids: Aids,
    /// The person turned the hints on during this turn of theirs: the move that ends
    /// it counts as played with them, even with the hints turned off again (looking
    /// and hiding them was a rated game).
    hints_seen: bool,
    /// `hints_seen` before the hints were last turned on, for a switch put back.
    hints_seen_before: bool,
    /// The aids as they were before the moves taken back since the last move played:
    /// redone to where it was, with no other move between, the game has the aids it
    /// had (an undo and redo of the same moves left a whole game unrated).
    before_undo: Option<Aids>,
    /// What the finished game did to the player's rating ("Rated: your rating 1200 →
    /// 1218.", "Not rated: ..."), said by the shell once the history has the game.
    pub note: Option<String>,
    /// Whether the game counts for the rating once finished unaided, or why not
    /// ("the start was typed in."), as the shell found from its record (`None`: not
    /// told; the panel then marks only aided games).
    pub counts: Option<Result<(), &'static str>>,
}

impl RatingLedger {
    /// A move was played. `persons_turn`: it was the person's move against the AI, in
    /// a game not over; `hints_on`: the hints were shown as it was made.
    pub fn move_played(&mut self, persons_turn: bool, hints_on: bool) {
        self.aids.hints |= persons_turn && (hints_on || self.hints_seen);
        self.hints_seen = false;
        // Another line than the one taken back: the undo stands.
        self.before_undo = None;
    }

    /// Moves were taken back in a game against the AI that was not over (one taken
    /// back after the end changes nothing the rating counts: the first ending stays).
    pub fn taken_back(&mut self) {
        self.before_undo.get_or_insert(self.aids);
        self.aids.undo = true;
    }

    /// Every move taken back was played again, with none other between: the game has
    /// the aids it had before the undo.
    pub fn all_redone(&mut self) {
        if let Some(aids) = self.before_undo.take() {
            self.aids = aids;
        }
    }

    /// The person turned the hints on; `persons_turn` as for [`Self::move_played`].
    pub fn hints_shown(&mut self, persons_turn: bool) {
        self.hints_seen_before = self.hints_seen;
        self.hints_seen |= persons_turn;
    }

    /// The hints' last turning on was put back (a letter that began a square).
    pub fn forget_hints_shown(&mut self) {
        self.hints_seen = self.hints_seen_before;
    }

    /// Hints were seen on this turn, and the game is not yet marked as hinted: the
    /// next move will leave it unrated.
    pub fn hints_seen_unmarked(&self) -> bool {
        self.hints_seen && !self.aids.hints
    }

    /// Whether help has already left the game unrated: aids kept, or hints seen on
    /// this turn (the next move counts as made with them, and the panel said "Hints
    /// seen: this game will not be rated." under a title still saying "rated").
    pub fn aided(&self) -> bool {
        aided_reason(self.aids_now()).is_some()
    }

    /// The aids with the hints seen on this turn counted already.
    fn aids_now(&self) -> Aids {
        Aids {
            hints: self.aids.hints || self.hints_seen,
            ..self.aids
        }
    }

    /// The moves panel's title in a game against the AI: "rated" while the game
    /// counts, "not rated" where it cannot or once help left it out, "Moves" alone
    /// where the shell did not say.
    pub fn moves_title(&self) -> &'static str {
        match (self.aided(), self.counts) {
            (true, _) | (false, Some(Err(_))) => "Moves · not rated",
            (false, Some(Ok(()))) => "Moves · rated",
            (false, None) => "Moves",
        }
    }

    /// Why the game is not rated, under the title that says so: what the shell said
    /// of its setup (a typed start: no undo or redo changes it, and the game-over box
    /// gives it first too), else the help that left it out. The title alone said "not
    /// rated" and the reason came only with the game-over box.
    pub fn why_not(&self) -> Option<&'static str> {
        self.counts
            .and_then(Result::err)
            .or_else(|| aided_reason(self.aids_now()))
    }

    /// What the finished game did to the rating: the shell's word once the history
    /// has the game, or (before, or without a history) that help left it out.
    pub fn line(&self) -> Option<String> {
        self.note
            .clone()
            .or_else(|| aided_reason(self.aids).map(not_rated))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_seen_on_the_turn_mark_the_move_even_when_turned_off_first() {
        let mut ledger = RatingLedger::default();
        ledger.hints_shown(true);
        assert!(ledger.hints_seen_unmarked());
        // Said at once, before the move.
        assert_eq!(ledger.moves_title(), "Moves · not rated");
        assert_eq!(ledger.why_not(), Some("hints were on."));
        ledger.move_played(true, false);
        assert!(ledger.aids.hints && ledger.aided());
        assert_eq!(ledger.moves_title(), "Moves · not rated");
    }

    #[test]
    fn hints_on_for_the_ais_move_only_are_no_help() {
        let mut ledger = RatingLedger {
            counts: Some(Ok(())),
            ..RatingLedger::default()
        };
        ledger.move_played(false, true);
        assert!(!ledger.aided());
        assert_eq!(ledger.moves_title(), "Moves · rated");
        ledger.hints_shown(true);
        ledger.forget_hints_shown();
        assert_eq!(ledger.moves_title(), "Moves · rated");
        ledger.move_played(true, false);
        assert!(!ledger.aided(), "a switch put back showed nothing");
    }

    #[test]
    fn an_undo_redone_whole_gives_back_the_aids_before_it() {
        let mut ledger = RatingLedger::default();
        ledger.taken_back();
        ledger.taken_back();
        assert!(ledger.aids.undo);
        ledger.all_redone();
        assert!(ledger.aids.none(), "{:?}", ledger.aids);
        ledger.taken_back();
        ledger.move_played(true, false);
        ledger.all_redone();
        assert!(
            ledger.aids.undo,
            "another line than the one taken back stands"
        );
    }

    #[test]
    fn the_reason_is_the_setup_first_then_the_help() {
        let mut ledger = RatingLedger {
            counts: Some(Err("the start was typed in.")),
            ..RatingLedger::default()
        };
        assert_eq!(ledger.moves_title(), "Moves · not rated");
        assert_eq!(ledger.why_not(), Some("the start was typed in."));
        ledger.taken_back();
        assert_eq!(
            ledger.why_not(),
            Some("the start was typed in."),
            "it stays"
        );
        let mut rated = RatingLedger {
            counts: Some(Ok(())),
            ..RatingLedger::default()
        };
        assert_eq!(rated.why_not(), None);
        rated.hints_shown(true);
        rated.move_played(true, false);
        rated.taken_back();
        assert_eq!(rated.why_not(), Some("moves taken back, hints were on."));
    }

    #[test]
    fn the_shells_note_comes_before_the_aids() {
        let mut ledger = RatingLedger::default();
        assert_eq!(ledger.line(), None);
        ledger.taken_back();
        assert_eq!(
            ledger.line().as_deref(),
            Some("Not rated: moves taken back.")
        );
        ledger.note = Some("Rated: your rating 1200 → 1218.".into());
        assert_eq!(
            ledger.line().as_deref(),
            Some("Rated: your rating 1200 → 1218.")
        );
    }
}
