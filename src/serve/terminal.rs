//! One connected terminal's arcade: the same `App` as the local one, on a thread of its
//! own, drawing into the SSH channel and fed the client's keys, its window's size and
//! ticks. When the client goes (or the server stops) the app gets a signal, saves as it
//! does on SIGHUP, and the channel is closed.

use std::io::Write;
use std::sync::Arc;
use std::thread;

use crossbeam_channel::{Receiver, Sender, unbounded};
use rand::RngExt;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::queue;
use ratatui::crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use tokio::sync::mpsc::UnboundedSender;

use super::Shared;
use crate::store::Store;
use crate::tui::app::{App, Start};
use crate::tui::event::AppEvent;

/// What a session's arcade sends to its SSH channel.
#[derive(Debug)]
pub enum Out {
    Data(Vec<u8>),
    /// The arcade has ended: close the channel.
    Close,
}

/// The arcade's terminal: what it writes is collected and sent to the channel on flush
/// (ratatui flushes once a frame).
pub struct ChannelWriter {
    out: UnboundedSender<Out>,
    pending: Vec<u8>,
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    /// A channel already closed takes the bytes without a word: there is no one left to
    /// show them to, and the session ends by its own event (the hang-up).
    fn flush(&mut self) -> std::io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let _ = self.out.send(Out::Data(std::mem::take(&mut self.pending)));
        Ok(())
    }
}

/// Starts the arcade of player `player` (`key`: the fingerprint of the key they joined
/// with) on a terminal of `size`, writing to `out`.
/// Returns where its events go (keys, resizes, the signal that ends it).
pub fn start(
    shared: Arc<Shared>,
    player: String,
    key: Option<String>,
    size: (u16, u16),
    out: UnboundedSender<Out>,
) -> std::io::Result<Sender<AppEvent>> {
    let (tx, rx) = unbounded();
    let events = tx.clone();
    let number = shared
        .next_session
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    if let Ok(mut sessions) = shared.sessions.lock() {
        sessions.insert(
            number,
            super::Session {
                player: player.clone(),
                events: tx.clone(),
            },
        );
    }
    thread::Builder::new()
        .name("parlor-session".into())
        .spawn(move || {
            if let Err(e) = run(&shared, (&player, key), size, tx, &rx, out.clone()) {
                tracing::warn!("session of {player} ended: {e}");
            }
            let _ = out.send(Out::Close);
            if let Ok(mut sessions) = shared.sessions.lock() {
                sessions.remove(&number);
            }
        })?;
    Ok(events)
}

/// A terminal of the client's size: a fixed viewport, so ratatui never asks the
/// server's own terminal (it may have none) how large it is.
fn client_terminal(
    out: &UnboundedSender<Out>,
    width: u16,
    height: u16,
) -> std::io::Result<Terminal<CrosstermBackend<ChannelWriter>>> {
    let writer = ChannelWriter {
        out: out.clone(),
        pending: Vec::new(),
    };
    Terminal::with_options(
        CrosstermBackend::new(writer),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
        },
    )
}

fn run(
    shared: &Shared,
    (player, key): (&str, Option<String>),
    (width, height): (u16, u16),
    tx: Sender<AppEvent>,
    rx: &Receiver<AppEvent>,
    out: UnboundedSender<Out>,
) -> std::io::Result<()> {
    let mouse = shared.config.ui.mouse;
    let mut writer = ChannelWriter {
        out: out.clone(),
        pending: Vec::new(),
    };
    queue!(writer, EnterAlternateScreen, Hide)?;
    if mouse {
        queue!(writer, EnableMouseCapture)?;
    }
    writer.flush()?;
    let mut terminal = client_terminal(&out, width, height)?;
    let store = Store::open(player_dir(&shared.data_dir.join("players"), player));
    let seed = rand::rng().random::<u64>();
    let seat = shared.lobby.join(player, key, tx.clone());
    let mut app = App::new(
        shared.games.clone(),
        shared.config.clone(),
        Start::Menu,
        tx,
        seed,
        false,
        Some(store),
    )
    .with_lobby(Box::new(seat));
    app.update(AppEvent::Resize(width, height));
    terminal.draw(|f| app.render(f))?;
    let mut ended_by = None;
    // Ticks only while time matters on screen: an arcade on its menu or in the lobby
    // waits for its player at no cost.
    let tick = std::time::Duration::from_millis(crate::tui::event::TICK_MS);
    let mut next_tick = std::time::Instant::now() + tick;
    let mut last_input = std::time::Instant::now();
    loop {
        let now = std::time::Instant::now();
        let idle_at = shared.idle.map(|idle| last_input + idle);
        if idle_at.is_some_and(|at| now >= at) {
            ended_by = Some(IDLE);
            app.update(AppEvent::Signal(IDLE));
            break;
        }
        let ticking = app.wants_ticks();
        let event = if ticking && now >= next_tick {
            // A tick is due, even while keys keep coming: the AI's pause runs on ticks.
            next_tick = now + tick;
            AppEvent::Tick
        } else {
            let wake = [ticking.then_some(next_tick), idle_at]
                .into_iter()
                .flatten()
                .min();
            match wait(rx, wake) {
                Waited::Event(event) => {
                    if !ticking {
                        next_tick = std::time::Instant::now() + tick;
                    }
                    event
                }
                Waited::Timeout => continue,
                Waited::Gone => break,
            }
        };
        if matches!(
            event,
            AppEvent::Key(_) | AppEvent::Mouse(_) | AppEvent::Resize(..)
        ) {
            last_input = std::time::Instant::now();
        }
        if let AppEvent::Resize(w, h) = event {
            // A new terminal of the client's new size, drawn whole on a cleared screen
            // (ratatui's own resize asks the backend for the size of the server's
            // terminal, which it does not have: without TERM that failed and ended
            // the session).
            let backend = terminal.backend_mut();
            queue!(backend, Clear(ClearType::All))?;
            backend.flush()?;
            terminal = client_terminal(&out, w, h)?;
        }
        if let AppEvent::Signal(s) = event {
            ended_by = Some(s);
        }
        let redraw = app.update(event);
        if ended_by.is_some() || app.should_quit() {
            break;
        }
        if redraw {
            terminal.draw(|f| app.render(f))?;
        }
        if app.take_bell() {
            let backend = terminal.backend_mut();
            backend.write_all(b"\x07")?;
            backend.flush()?;
        }
    }
    // A player leaving with matches that wait for them takes their seat codes along.
    let goodbye = if ended_by == Some(super::ssh::HANG_UP) {
        Vec::new()
    } else {
        app.goodbye_lines()
    };
    let backend = terminal.backend_mut();
    if mouse {
        queue!(backend, DisableMouseCapture)?;
    }
    queue!(backend, Show, LeaveAlternateScreen)?;
    if ended_by == Some(super::ssh::SERVER_STOP) {
        backend.write_all(
            b"parlor: the server has stopped. Your games are saved, a match online too:\r\njoin again when it is back to resume them (a match online with its seat code).\r\n",
        )?;
    }
    for line in goodbye {
        backend.write_all(format!("parlor: {line}\r\n").as_bytes())?;
    }
    if let (Some(IDLE), Some(idle)) = (ended_by, shared.idle) {
        let line = format!(
            "parlor: no key was pressed for {}, so the session ended.\r\n\
             Your games are saved, and a match you play online waits for you: join again to go on.\r\n",
            idle_words(idle)
        );
        backend.write_all(line.as_bytes())?;
    }
    backend.flush()
}

/// The folder of `player`'s saves under `players`: names are one whatever their case
/// (Alice and alice are one player), so the folder already there in any case, else the
/// name in lower case.
fn player_dir(players: &std::path::Path, player: &str) -> std::path::PathBuf {
    let existing = std::fs::read_dir(players).ok().and_then(|entries| {
        entries
            .flatten()
            .map(|e| e.file_name())
            .find(|n| n.to_str().is_some_and(|n| n.eq_ignore_ascii_case(player)))
    });
    players.join(existing.unwrap_or_else(|| player.to_ascii_lowercase().into()))
}

/// What ends a session whose player pressed no key for the server's idle time: its
/// arcade saves and ends as on a hang-up, and the client is told why.
const IDLE: i32 = 14;

/// The idle time in words: "30 minutes", "1 minute", "5 seconds".
fn idle_words(idle: std::time::Duration) -> String {
    let (n, unit) = match idle.as_secs() {
        s if s >= 60 && s % 60 == 0 => (s / 60, "minute"),
        s => (s, "second"),
    };
    crate::ui::widgets::counted(n as usize, unit)
}

/// What waiting for the next event gave.
enum Waited {
    Event(AppEvent),
    /// `until` came first.
    Timeout,
    /// No one can send any more.
    Gone,
}

/// The next event, or `Timeout` at `until` (never, when `None`).
fn wait(rx: &Receiver<AppEvent>, until: Option<std::time::Instant>) -> Waited {
    let got = match until {
        None => rx
            .recv()
            .map_err(|_| crossbeam_channel::RecvTimeoutError::Disconnected),
        Some(at) => rx.recv_timeout(at.saturating_duration_since(std::time::Instant::now())),
    };
    match got {
        Ok(event) => Waited::Event(event),
        Err(crossbeam_channel::RecvTimeoutError::Timeout) => Waited::Timeout,
        Err(crossbeam_channel::RecvTimeoutError::Disconnected) => Waited::Gone,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_has_one_folder_whatever_the_case_of_their_name() {
        let players = tempfile::tempdir().unwrap();
        assert_eq!(
            player_dir(players.path(), "Alice"),
            players.path().join("alice")
        );
        std::fs::create_dir(players.path().join("Bob")).unwrap();
        assert_eq!(
            player_dir(players.path(), "bob"),
            players.path().join("Bob")
        );
        assert_eq!(
            player_dir(players.path(), "BOB"),
            players.path().join("Bob")
        );
    }

    #[test]
    fn the_idle_time_is_said_in_minutes_or_seconds() {
        assert_eq!(
            idle_words(std::time::Duration::from_secs(1800)),
            "30 minutes"
        );
        assert_eq!(idle_words(std::time::Duration::from_secs(60)), "1 minute");
        assert_eq!(idle_words(std::time::Duration::from_secs(90)), "90 seconds");
        assert_eq!(idle_words(std::time::Duration::from_secs(1)), "1 second");
    }
}
