//! The clocks of a timed match at one keyboard or against the AI: started with the
//! game (or with the times a saved match had), switched at every move the record
//! shows, kept in the save, shown at the right of the title row. A flag fall ends the
//! match: the side out of time loses, and the game goes to the history so. The AI is
//! told its time left before it thinks, and spends it as its game knows how.

use super::{App, Screen};
use crate::clock::{Clock, ClockRecord};
use crate::store::{MatchRecord, ResultRecord};

/// What the help's title adds while a timed match's clocks stand under it.
pub(super) const CLOCKS_STAND: &str = "the clocks stand meanwhile";

pub(super) struct LocalClock {
    clock: Clock,
    names: [String; 2],
    /// Which sides the AI plays.
    ai: [bool; 2],
    /// The record's number of moves when last seen.
    moves: usize,
    /// The game's generation when last seen (the record is read only when it changed).
    generation: u64,
    /// The side whose time ran out.
    pub flagged: Option<usize>,
    /// The side whose clock stands while the board cannot be seen or played (a window
    /// too small, the question before leaving, the help over it).
    held: Option<usize>,
}

/// `record`'s `side` lost on time: the other side won.
fn lost_on_time(record: &mut MatchRecord, side: usize) {
    record.result = Some(if side == 0 {
        ResultRecord::Second
    } else {
        ResultRecord::First
    });
    record.ended_by = Some(crate::store::EndedBy::Time);
}

impl LocalClock {
    /// The times as they stood at the last move.
    pub(super) fn banked(&self) -> ClockRecord {
        ClockRecord {
            control: self.clock.control,
            left: self.clock.banked(),
        }
    }
}

impl App {
    /// Starts the clocks of the game on screen, if its setup is timed: each side with the
    /// control's time, or the time `saved` had left.
    pub(super) fn start_clock(&mut self, saved: Option<ClockRecord>) {
        self.local_clock = None;
        let Screen::Game(game) = &self.screen else {
            return;
        };
        // Online the server keeps the clocks; two AIs play without.
        if self.online.is_some() || game.setup().matchup.mode == crate::matchup::Mode::AiVsAi {
            return;
        }
        let Some(control) = game.setup().matchup.clock else {
            return;
        };
        let Some(record) = game.record() else {
            return;
        };
        let now = self.time.now_ms();
        let left = saved
            .filter(|s| s.control == control)
            .map_or([control.base_ms; 2], |s| s.left);
        let to_move = record.moves.len() % 2;
        let mut clock = Clock::from_parts(control, left, None, now);
        if record.result.is_none() {
            clock.start(to_move, now);
        }
        self.local_clock = Some(LocalClock {
            clock,
            names: [record.seats[0].name.clone(), record.seats[1].name.clone()],
            ai: [record.seats[0].ai.is_some(), record.seats[1].ai.is_some()],
            moves: record.moves.len(),
            generation: game.generation(),
            flagged: None,
            held: None,
        });
        self.tell_ai_its_time();
    }

    /// After every event: the clocks follow the moves made (or taken back) since, and a
    /// flag that fell ends the match. Whether a clock runs (the screen needs drawing).
    pub(super) fn sync_clock(&mut self) -> bool {
        let now = self.time.now_ms();
        // At one keyboard no one loses time to a board they cannot see or play.
        // The transcript shows the position as text: thinking there is thinking, and
        // its clock runs (holding it let a player think on the text for free).
        let hidden = self.too_small() || self.leaving.is_some() || self.help.is_some();
        let (Some(local), Screen::Game(game)) = (&mut self.local_clock, &self.screen) else {
            return false;
        };
        if local.flagged.is_some() {
            return false;
        }
        if hidden {
            if let Some(side) = local.clock.running() {
                local.clock.stop(now);
                local.held = Some(side);
            }
            return false;
        }
        if let Some(side) = local.held.take() {
            local.clock.start(side, now);
        }
        if game.generation() != local.generation {
            local.generation = game.generation();
            if let Some(record) = game.record() {
                let moves = record.moves.len();
                if moves > local.moves {
                    for _ in local.moves..moves {
                        if let Err(side) = local.clock.moved(now) {
                            local.flagged = Some(side);
                            break;
                        }
                    }
                } else if moves < local.moves {
                    // Undone: the time thought stays spent, and each move taken back
                    // takes back the increment it earned (an undo that gave the time
                    // back beat the clock: think, move, undo, think again).
                    let control = local.clock.control;
                    let mut left = local.clock.both(now);
                    for undone in moves..local.moves {
                        let side = undone % 2;
                        left[side] = left[side].saturating_sub(control.increment_ms);
                    }
                    local.clock = Clock::from_parts(control, left, Some(moves % 2), now);
                }
                local.moves = moves;
                if record.result.is_some() {
                    local.clock.stop(now);
                }
            }
        }
        if local.flagged.is_none() {
            local.flagged = local.clock.flagged(now);
        }
        if let Some(side) = local.flagged {
            self.flag_fell(side);
            return true;
        }
        let running = local.clock.running().is_some();
        self.tell_ai_its_time();
        running
    }

    /// Writes the game on screen with its clocks as they read now: before the app quits
    /// or leaves a game kept for later (a save at a move alone would give back the
    /// time thought since).
    pub(super) fn keep_clock(&mut self) {
        if self.out_of_time() {
            return;
        }
        let Some(clock) = self.clock_record() else {
            return;
        };
        let (Screen::Game(game), Some(store), Some(slot)) =
            (&self.screen, &mut self.store, &self.slot)
        else {
            return;
        };
        let Some(mut record) = game.record() else {
            return;
        };
        if game.is_over() || record.result.is_some() {
            return;
        }
        record.clock = Some(clock);
        store.save_match(slot, &record);
    }

    /// The AI to move hears how much time it has left, before it thinks.
    fn tell_ai_its_time(&mut self) {
        let now = self.time.now_ms();
        let (Some(local), Screen::Game(game)) = (&self.local_clock, &mut self.screen) else {
            return;
        };
        if let Some(side) = local.clock.running().filter(|&side| local.ai[side]) {
            game.time_for_move(
                local.clock.left(side, now),
                local.clock.control.increment_ms,
            );
        }
    }

    /// `record` as the clock ended it, where it did: a review says so.
    pub(super) fn with_flag(&self, mut record: MatchRecord) -> MatchRecord {
        if let Some(side) = self.local_clock.as_ref().and_then(|c| c.flagged) {
            lost_on_time(&mut record, side);
        }
        record
    }

    /// `side` ran out of time: the other side wins, the match goes to the history.
    fn flag_fell(&mut self, side: usize) {
        let Some(local) = &mut self.local_clock else {
            return;
        };
        let now = self.time.now_ms();
        local.clock.stop(now);
        let Screen::Game(game) = &mut self.screen else {
            return;
        };
        // No flash over the footer: the box says who ran out and who wins, and the
        // footer keeps the keys that work now (Enter shows the board, r a rematch).
        game.ended_outside();
        if let (Some(store), Some(mut record)) = (&mut self.store, game.record()) {
            lost_on_time(&mut record, side);
            record.clock = Some(ClockRecord {
                control: local.clock.control,
                left: local.clock.both(now),
            });
            self.game_saved = store.finish_match(self.slot.as_ref(), &record);
            self.slot = None;
        }
        self.saved_generation = Some(game.generation());
    }

    /// Whether the match on screen has a move played (one that timed out before its
    /// first move has nothing to review).
    pub(super) fn moves_played(&self) -> bool {
        match &self.screen {
            Screen::Game(game) => game.record().is_some_and(|r| !r.moves.is_empty()),
            _ => false,
        }
    }

    /// Whether the clocks ended the match on screen.
    pub(super) fn out_of_time(&self) -> bool {
        self.local_clock
            .as_ref()
            .is_some_and(|c| c.flagged.is_some())
    }

    /// The headline and the reason of a match the clock ended, for the game-over box.
    pub(super) fn local_ending_box(&self) -> Option<(String, String)> {
        let local = self.local_clock.as_ref()?;
        let side = local.flagged?;
        let (loser, winner) = (&local.names[side], &local.names[1 - side]);
        let headline = match winner.as_str() {
            "You" => "You win!".to_string(),
            "AI" => "The AI wins.".to_string(),
            name => format!("{name} wins!"),
        };
        Some((headline, crate::clock::time_ran_out(loser)))
    }

    /// The times left now, for a save.
    pub(super) fn clock_record(&self) -> Option<ClockRecord> {
        let local = self.local_clock.as_ref()?;
        Some(ClockRecord {
            control: local.clock.control,
            left: local.clock.both(self.time.now_ms()),
        })
    }

    /// The clocks for the title row.
    pub(super) fn local_clock_line(&self) -> Option<crate::clock::ClockLine> {
        let local = self.local_clock.as_ref()?;
        Some(crate::clock::ClockLine {
            names: local.names.clone(),
            left: local.clock.both(self.time.now_ms()),
            running: local.clock.running(),
        })
    }

    /// A key on a match the clock ended: what comes next (rematch, review, a new game,
    /// the menu), the result box put away and back, the arrows on the final board; any
    /// other key says what works.
    pub(super) fn handle_after_flag(&mut self, action: crate::ui::keys::Action) {
        use crate::ui::keys::Action;
        match action {
            Action::Rematch => self.rematch(),
            Action::NewGame | Action::Back => {
                if let Screen::Game(game) = &self.screen {
                    let setup = game.setup().clone();
                    if action == Action::NewGame {
                        self.screen = Screen::Setup(self.setup_screen(setup));
                    } else {
                        self.back_to_menu();
                    }
                }
            }
            Action::Quit => self.quit = true,
            Action::Help => {
                if let Screen::Game(game) = &self.screen {
                    self.help = Some(crate::tui::help::Help::for_game(
                        game.setup().game,
                        &self.keys,
                    ));
                }
            }
            Action::Transcript => self.transcript = true,
            Action::Enter => self.ending_box_hidden = !self.ending_box_hidden,
            // The moves played until the flag fell, judged as any game's.
            Action::Review if self.moves_played() => self.review_game(),
            Action::Review => {
                self.flash = Some("No move was played: there is nothing to review.".into());
            }
            Action::Up | Action::Down | Action::Left | Action::Right => {
                if let Screen::Game(game) = &mut self.screen {
                    game.handle(action);
                }
            }
            _ => {
                let review = if self.moves_played() {
                    format!(" · {} review", self.keys.key(Action::Review))
                } else {
                    String::new()
                };
                self.flash = Some(format!(
                    "Time ran out: {} rematch{review} · {} new game · {} menu.",
                    self.keys.key(Action::Rematch),
                    self.keys.key(Action::NewGame),
                    self.keys.key(Action::Back)
                ));
            }
        }
    }
}
