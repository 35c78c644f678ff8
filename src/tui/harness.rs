//! Drives an `App` without a terminal: for snapshot tests and benchmarks.

use std::time::Duration;

use crossbeam_channel::{Receiver, Sender, unbounded};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::app::{App, Start};
use super::event::AppEvent;
use crate::config::Config;

use crate::plugin::Registry;

pub struct Harness {
    pub app: App,
    events: Receiver<AppEvent>,
    /// The app's own channel, for news from outside (a lobby).
    sender: Sender<AppEvent>,
    terminal: Terminal<TestBackend>,
}

impl Harness {
    /// An app of `width` x `height` with colours off, a fixed seed and no AI pause.
    pub fn new(games: &Registry, config: Config, start: Start, width: u16, height: u16) -> Harness {
        Harness::with_colour(games, config, start, width, height, false)
    }

    /// As [`Harness::new`], with colours on or off.
    pub fn with_colour(
        games: &Registry,
        config: Config,
        start: Start,
        width: u16,
        height: u16,
        colour: bool,
    ) -> Harness {
        Harness::build(games, config, start, width, height, colour, None)
    }

    /// As [`Harness::new`], saving games in `data_dir` (a temporary directory).
    pub fn with_store(
        games: &Registry,
        config: Config,
        start: Start,
        width: u16,
        height: u16,
        data_dir: &std::path::Path,
    ) -> Harness {
        let store = crate::store::Store::open(data_dir.to_path_buf());
        Harness::build(games, config, start, width, height, false, Some(store))
    }

    fn build(
        games: &Registry,
        mut config: Config,
        start: Start,
        width: u16,
        height: u16,
        colour: bool,
        store: Option<crate::store::Store>,
    ) -> Harness {
        config.ui.ai_delay_ms = 0;
        let (tx, rx) = unbounded();
        let app = App::new(games.clone(), config, start, tx.clone(), 7, !colour, store);
        let terminal = match Terminal::new(TestBackend::new(width, height)) {
            Ok(t) => t,
            Err(e) => match e {},
        };
        let mut h = Harness {
            app,
            events: rx,
            sender: tx,
            terminal,
        };
        h.app.update(AppEvent::Resize(width, height));
        h.settle();
        h
    }

    /// Where news for this app goes (a lobby's events).
    pub fn sender(&self) -> Sender<AppEvent> {
        self.sender.clone()
    }

    /// Makes this an arcade served online, in `lobby`.
    pub fn go_online(&mut self, lobby: Box<dyn super::online::LobbyLink>) -> &mut Self {
        self.app.set_lobby(lobby);
        self.settle();
        self
    }

    /// The clocks of online matches read `time` (moved by the test).
    pub fn with_time(&mut self, time: std::sync::Arc<dyn crate::clock::TimeSource>) -> &mut Self {
        self.app.set_time(time);
        self
    }

    pub fn key(&mut self, code: KeyCode) -> &mut Self {
        self.app
            .update(AppEvent::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        self.settle();
        self
    }

    pub fn keys(&mut self, codes: &[KeyCode]) -> &mut Self {
        for &c in codes {
            self.key(c);
        }
        self
    }

    pub fn click(&mut self, column: u16, row: u16) -> &mut Self {
        self.app.update(AppEvent::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
        self.settle();
        self
    }

    /// Plays `mv` (the game's notation) on the board on screen, as a move that did not
    /// come from the keyboard arrives.
    pub fn play(&mut self, mv: &str) -> &mut Self {
        self.app.update(AppEvent::Move(mv.to_string()));
        self.settle();
        self
    }

    pub fn resize(&mut self, width: u16, height: u16) -> &mut Self {
        self.terminal.backend_mut().resize(width, height);
        self.app.update(AppEvent::Resize(width, height));
        self
    }

    /// Feeds solver messages until the position on the board is analysed.
    pub fn settle(&mut self) {
        for _ in 0..1000 {
            if !self.app.analysing() {
                // Deliver anything already sent, e.g. the Finished after a report.
                while let Ok(ev) = self.events.try_recv() {
                    self.app.update(ev);
                }
                if !self.app.analysing() {
                    return;
                }
            }
            match self.events.recv_timeout(Duration::from_secs(30)) {
                Ok(ev) => {
                    self.app.update(ev);
                }
                Err(_) => return,
            }
        }
    }

    /// Lets time pass so the AI moves, one tick at a time, settling after each.
    pub fn ticks(&mut self, n: usize) -> &mut Self {
        for _ in 0..n {
            self.app.update(AppEvent::Tick);
            self.settle();
        }
        self
    }

    /// Draws and returns the screen as text, one line per row.
    pub fn screen(&mut self) -> String {
        let app = &mut self.app;
        if let Err(e) = self.terminal.draw(|f| app.render(f)) {
            match e {}
        }
        let buffer = self.terminal.backend().buffer();
        let mut out = String::new();
        for y in 0..buffer.area.height {
            let mut line = String::new();
            for x in 0..buffer.area.width {
                line.push_str(buffer[(x, y)].symbol());
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}
