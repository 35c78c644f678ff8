//! What the AI says as the analyses come in: the side it chose, the prediction's
//! turns (a slip, a lost game), the outlook while nothing is proven.

use crate::game::{Game, Seat};
use crate::session::Player;
use crate::ui::voice::{self, Moment};

use super::MatchView;

impl<G: Game> MatchView<G> {
    /// Once the AI has chosen its side, it says which, and whether it could prove it.
    pub(super) fn announce_side(&mut self, was_pending: bool) {
        if !was_pending || self.session.side_pending() {
            return;
        }
        let ai_first = matches!(self.session.player(Seat::First), Player::Ai(_));
        self.voice = if self.session.side_proven() == Some(true) {
            let moment = if ai_first {
                Moment::ChoseFirst
            } else {
                Moment::ChoseSecond
            };
            voice::line(moment, self.variety)
        } else if ai_first {
            "I can't prove either side; I'll go first.".into()
        } else {
            "I can't prove either side; I'll go second.".into()
        };
    }

    pub(super) fn failed_with(&mut self, ticket: u64, reason: String) {
        if self.session.analysis_failed_with(ticket, reason) {
            self.voice = "My analysis is broken; I'm playing by feel now.".into();
        }
    }

    /// `line` after what the coin said, while no move has been made.
    fn after_the_coin(&self, line: String) -> String {
        match &self.coin_line {
            Some(coin) if self.session.history().is_empty() && !line.starts_with(coin) => {
                format!("{coin} {line}")
            }
            _ => line,
        }
    }

    /// The AI's voice reacts when the prediction changes.
    pub(super) fn react_to_prediction(&mut self) {
        let Some(winner) = self.session.predicted_winner() else {
            // Nothing proven: against the AI, say what the panel says rather than
            // nothing, and keep saying it as the outlook changes.
            if let Some(ai) = self.ai_seat()
                && self.voice_follows_outlook()
                && !self.session.is_over()
            {
                let line = self.after_the_coin(voice::outlook_line(self.outlook(), ai));
                self.voice = line.clone();
                self.outlook_line = Some(line);
            }
            return;
        };
        if self.session.is_over() {
            return;
        }
        let previous = self.last_prediction.replace(winner);
        // The side that was predicted to win and no longer is threw it away with its
        // latest move: mark it, now that the proof has arrived.
        if let Some(loser) = previous.filter(|p| *p != winner) {
            self.session.mark_last_move_of(loser);
        }
        match self.ai_seat() {
            Some(ai) => {
                let moment = if winner == ai && previous == Some(ai.other()) {
                    Some(Moment::HumanBlundered)
                } else if winner != ai && previous.is_none() {
                    Some(Moment::LostFromHere)
                } else if winner != ai && previous != Some(winner) {
                    Some(Moment::Lost)
                } else if winner == ai && previous.is_none() && self.voice_follows_outlook() {
                    Some(Moment::Winning)
                } else {
                    None
                };
                if let Some(m) = moment {
                    self.variety += 1;
                    self.voice = self.after_the_coin(voice::line(m, self.variety));
                }
            }
            None => {
                if let (Some(prev), Some(last)) = (previous, self.session.history().last())
                    && prev != winner
                {
                    self.voice = voice::slip_line(
                        self.session.name(last.seat),
                        self.session.name(last.seat.other()),
                    );
                }
            }
        }
    }
}
