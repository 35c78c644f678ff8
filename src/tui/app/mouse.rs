//! Mouse events: the wheel scrolls the help, the game's panel and the statistics; a
//! left click acts on what was drawn under it.

use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::{App, Screen};
use crate::tui::menu::MenuOutcome;
use crate::ui::hits::Hit;

impl App {
    pub(super) fn on_mouse(&mut self, mouse: MouseEvent) -> bool {
        if !self.config.ui.mouse || self.too_small() {
            return false;
        }
        if let Some(help) = &mut self.help {
            // The wheel scrolls the help; clicks do nothing under it.
            match mouse.kind {
                MouseEventKind::ScrollDown => help.scroll_by(3),
                MouseEventKind::ScrollUp => help.scroll_by(-3),
                _ => return false,
            }
            return true;
        }
        if let (Screen::Game(game), MouseEventKind::ScrollDown | MouseEventKind::ScrollUp) =
            (&mut self.screen, mouse.kind)
        {
            game.wheel(if mouse.kind == MouseEventKind::ScrollDown {
                1
            } else {
                -1
            });
            return true;
        }
        if let (Screen::Stats(stats), MouseEventKind::ScrollDown | MouseEventKind::ScrollUp) =
            (&mut self.screen, mouse.kind)
        {
            stats.wheel(if mouse.kind == MouseEventKind::ScrollDown {
                1
            } else {
                -1
            });
            return true;
        }
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return false;
        }
        let Some(hit) = self.hits.at(mouse.column, mouse.row) else {
            return false;
        };
        match (&mut self.screen, hit) {
            (Screen::Menu(menu), Hit::MenuItem(i)) => match menu.open(i) {
                MenuOutcome::Open(game) => self.open_setup(game),
                MenuOutcome::Resume(index) => self.resume(index),
                MenuOutcome::Stats => self.open_stats(),
                MenuOutcome::Lobby => self.open_lobby(),
                MenuOutcome::Forget(_)
                | MenuOutcome::AskForget(_)
                | MenuOutcome::Help
                | MenuOutcome::Quit
                | MenuOutcome::Stay => {}
            },
            (Screen::Setup(setup), Hit::SetupField(i)) => {
                let outcome = setup.click(i);
                self.on_setup(outcome);
            }
            (Screen::Lesson(lesson), hit) => {
                let outcome = lesson.click(hit);
                self.on_lesson(outcome);
            }
            (Screen::Trainer(trainer), hit) => {
                let outcome = trainer.click(hit);
                self.on_trainer(outcome);
            }
            (Screen::Game(game), hit) => game.click(hit),
            _ => return false,
        }
        true
    }
}
