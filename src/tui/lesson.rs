//! A game's lesson on screen: the game's ordinary screen, two people at one keyboard
//! (no AI replies, no hints, no prediction), started on each step's position, with the
//! lesson's panel drawn over its side column. The game's keys and clicks work as in a
//! match; after each move the step's check (`games::lesson::Step`) judges it.

use crate::seeds::GameRng;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::config::Config;
use crate::matchup::{FirstMover, Mode};
use crate::plugin::lesson::Lesson;
use crate::plugin::screen::GameScreen;
use crate::plugin::{GameId, GameSetup};
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// Where the step stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepState {
    /// Waiting for the player's move.
    Playing,
    /// The move did what was asked.
    Passed,
    /// Another move was made: the board waits for the step to start again.
    Missed,
    /// The last step passed: the lesson is done.
    Finished,
}

/// What the lesson asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonOutcome {
    Stay,
    /// The last step was passed just now: remember it.
    Finished(GameId),
    /// Leave, to the game's setup.
    Back(GameId),
    Help(GameId),
    Quit,
}

pub struct LessonScreen {
    game: GameId,
    lesson: Lesson,
    config: Config,
    step: usize,
    board: Box<dyn GameScreen>,
    /// The board's generation when the step started: a change is the player's move.
    start_generation: u64,
    state: StepState,
    /// A word on a key that does nothing in a lesson, until the next key.
    note: Option<String>,
}

impl LessonScreen {
    /// `game`'s lesson from its first step, or `None` when the game has none.
    pub fn new(game: GameId, config: &Config) -> Option<LessonScreen> {
        let lesson = game.kind().lesson().filter(|l| !l.steps.is_empty())?;
        let board = start_board(game, &lesson, 0, config);
        Some(LessonScreen {
            game,
            start_generation: board.generation(),
            board,
            lesson,
            config: config.clone(),
            step: 0,
            state: StepState::Playing,
            note: None,
        })
    }

    pub fn game(&self) -> GameId {
        self.game
    }

    /// The step on screen (0-based) and how many there are.
    pub fn step(&self) -> (usize, usize) {
        (self.step, self.lesson.steps.len())
    }

    pub fn state(&self) -> StepState {
        self.state
    }

    /// The board, for the keys of the game's own (`Keys::action`).
    pub fn board(&self) -> &dyn GameScreen {
        self.board.as_ref()
    }

    /// Starts step `step` over on its position. The same step again keeps the board's
    /// view (after `u` Winners & Losers' pyramid went back to the string).
    fn start_step(&mut self, step: usize) {
        let view = (step == self.step).then(|| self.board.other_view());
        self.step = step;
        self.board = start_board(self.game, &self.lesson, step, &self.config);
        if let Some(view) = view {
            self.board.set_other_view(view);
        }
        self.start_generation = self.board.generation();
        self.state = StepState::Playing;
    }

    /// Judges the player's move once the board has moved.
    fn judge(&mut self) -> LessonOutcome {
        if self.state != StepState::Playing || self.board.generation() == self.start_generation {
            return LessonOutcome::Stay;
        }
        let step = &self.lesson.steps[self.step];
        if !step.passed(&self.board.position_text()) {
            self.state = StepState::Missed;
            return LessonOutcome::Stay;
        }
        if self.step + 1 < self.lesson.steps.len() {
            self.state = StepState::Passed;
            LessonOutcome::Stay
        } else {
            self.state = StepState::Finished;
            LessonOutcome::Finished(self.game)
        }
    }

    pub fn handle(&mut self, action: Action) -> LessonOutcome {
        self.note = None;
        match (action, self.state) {
            (Action::Quit, _) => return LessonOutcome::Quit,
            (Action::Help, _) => return LessonOutcome::Help(self.game),
            // Esc backs out of a choice on the board first (Chopsticks' hand), then leaves.
            (Action::Back, StepState::Playing) if self.board.handle(Action::Back) => {}
            (Action::Back, _) => return LessonOutcome::Back(self.game),
            (Action::Enter | Action::Right, StepState::Passed) => self.start_step(self.step + 1),
            (Action::Enter, StepState::Finished) => return LessonOutcome::Back(self.game),
            (Action::Undo | Action::NewGame, StepState::Playing | StepState::Missed)
            | (Action::Enter | Action::Backspace, StepState::Missed) => {
                self.start_step(self.step);
            }
            (Action::Hints | Action::Spoilers, StepState::Playing) => {
                self.note = Some("No hints in a lesson: the panel says what to look for.".into());
            }
            (
                Action::Redo
                | Action::Rematch
                | Action::Review
                | Action::Pause
                | Action::MoveNow
                | Action::Transcript,
                _,
            ) => {}
            (_, StepState::Playing) => {
                self.board.handle(action);
                return self.judge();
            }
            _ => {}
        }
        LessonOutcome::Stay
    }

    /// A move in notation on the board (only while a move is awaited), judged as a
    /// move made with the keys is.
    pub fn play_text(&mut self, mv: &str) -> Result<LessonOutcome, String> {
        self.note = None;
        if self.state != StepState::Playing {
            return Err("this step is not waiting for a move".into());
        }
        self.board.play_text(mv)?;
        Ok(self.judge())
    }

    /// A click on the board (only while a move is awaited).
    pub fn click(&mut self, hit: Hit) -> LessonOutcome {
        self.note = None;
        if self.state != StepState::Playing {
            return LessonOutcome::Stay;
        }
        self.board.click(hit);
        self.judge()
    }

    /// Time passes (the board's animations). Returns whether to redraw.
    pub fn tick(&mut self, elapsed_ms: u64, rng: &mut GameRng) -> bool {
        self.board.tick(elapsed_ms, rng)
    }

    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        self.board
            .render(frame, area, theme, &keys.teaching(), hits);
        if self.state != StepState::Playing {
            // The board waits: clicks on it do nothing until the next step.
            hits.clear();
        }
        let title = format!(
            "lesson · step {} of {}",
            self.step + 1,
            self.lesson.steps.len()
        );
        super::side_panel::over_title(frame, area, &title, theme);
        let panel = super::side_panel::over_side_column(frame, area);
        frame.render_widget(Clear, panel);
        let step = &self.lesson.steps[self.step];
        let mut lines = vec![Line::raw(arrows_kept(step.instruction)), Line::raw("")];
        let (said, style) = match self.state {
            StepState::Playing => (self.note.as_deref().unwrap_or(""), theme.warning()),
            StepState::Passed => (step.success, theme.accent()),
            StepState::Finished => (step.success, theme.accent()),
            StepState::Missed => (step.retry, theme.warning()),
        };
        if !said.is_empty() {
            lines.push(Line::styled(arrows_kept(said), style));
            lines.push(Line::raw(""));
        }
        if self.state == StepState::Finished {
            lines.push(Line::styled(
                "Lesson done ✓. The setup starts a real game.",
                theme.bold(),
            ));
        }
        let title = format!(
            "Lesson · step {} of {}",
            self.step + 1,
            self.lesson.steps.len()
        );
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: true })
                .block(widgets::block(&title, theme)),
            panel,
        );
        if self.state != StepState::Playing {
            let footer = Rect {
                y: area.bottom().saturating_sub(1),
                height: 1,
                ..area
            };
            frame.render_widget(Clear, footer);
            widgets::footer(frame, footer, &self.footer(keys), theme);
        }
    }

    /// The keys once the step is judged.
    fn footer(&self, keys: &Keys) -> Vec<(String, String)> {
        let items: Vec<(&[Action], &str)> = match self.state {
            StepState::Passed => vec![
                (&[Action::Enter, Action::Right], "next step"),
                (&[Action::Undo], "again"),
                (&[Action::Back], "leave"),
            ],
            StepState::Missed => vec![
                (&[Action::Undo, Action::Enter], "try again"),
                (&[Action::Back], "leave"),
            ],
            StepState::Finished => vec![(&[Action::Enter, Action::Back], "back to the setup")],
            StepState::Playing => Vec::new(),
        };
        let mut list = keys.footer(&items);
        list.extend(keys.footer(&[(&[Action::Help], "rules"), (&[Action::Quit], "quit")]));
        list
    }
}

/// The board of step `step`: the game's own screen on the step's position, with the
/// rules the lesson teaches, two people at one keyboard, hints and prediction off.
fn start_board(game: GameId, lesson: &Lesson, step: usize, config: &Config) -> Box<dyn GameScreen> {
    let kind = game.kind();
    let mut setup = GameSetup::from_config(game, config);
    setup.matchup.mode = Mode::TwoPlayers;
    setup.matchup.first = FirstMover::You;
    setup.spoilers = false;
    (lesson.configure)(&mut setup);
    setup.position = lesson.steps.get(step).map(|s| s.position.to_string());
    if let Err(e) = kind.check_position(&setup) {
        // The lessons' positions are tested; this would be a bug, not the player's.
        tracing::warn!("the {} lesson's step {}: {e}", game.cli_name(), step + 1);
    }
    crate::plugin::puzzle::coach::quiet_board(setup, config, 0)
}

/// `text` with each arrow key tied to the word after it (a no-break space): a wrap
/// left "←" at the end of a line and "takes more" at the start of the next.
/// An arrow with no word after it ("take the rightmost letter: →.") goes with the word
/// before it ("→." stood alone on a line).
fn arrows_kept(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for i in 0..chars.len() {
        if !matches!(chars[i], '←' | '→' | '↑' | '↓') {
            continue;
        }
        match chars.get(i + 1) {
            Some(' ') => chars[i + 1] = '\u{a0}',
            _ if i > 0 && chars[i - 1] == ' ' => chars[i - 1] = '\u{a0}',
            _ => {}
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::arrows_kept;
    use ratatui::widgets::{Paragraph, Wrap};

    /// Wrapped where the arrow would end a line, the arrow goes down with its word.
    #[test]
    fn an_arrow_wraps_with_the_word_after_it() {
        let text = arrows_kept("Pick a pile ← takes more");
        let backend = ratatui::backend::TestBackend::new(14, 3);
        let Ok(mut terminal) = ratatui::Terminal::new(backend);
        let drawn = terminal.draw(|frame| {
            frame.render_widget(
                Paragraph::new(text.as_str()).wrap(Wrap { trim: true }),
                frame.area(),
            );
        });
        assert!(drawn.is_ok());
        let buffer = terminal.backend().buffer().clone();
        let rows: Vec<String> = (0..3)
            .map(|y| (0..14).map(|x| buffer[(x, y)].symbol()).collect())
            .collect();
        assert_eq!(rows[0].trim_end(), "Pick a pile", "{rows:?}");
        assert!(rows[1].starts_with("←\u{a0}takes more"), "{rows:?}");
    }

    #[test]
    fn an_arrow_with_no_word_after_it_goes_with_the_word_before() {
        assert_eq!(
            arrows_kept("the right: →. Then ← or ↑"),
            "the right:\u{a0}→. Then ←\u{a0}or\u{a0}↑"
        );
    }
}
