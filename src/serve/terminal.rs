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
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
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
        out,
        pending: Vec::new(),
    };
    queue!(writer, EnterAlternateScreen, Hide)?;
    if mouse {
        queue!(writer, EnableMouseCapture)?;
    }
    writer.flush()?;
    // A fixed viewport: the size is the client's, never the server's own terminal's.
    let mut terminal = Terminal::with_options(
        CrosstermBackend::new(writer),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
        },
    )?;
    let store = Store::open(shared.data_dir.join("players").join(player));
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
    loop {
        let now = std::time::Instant::now();
        let event = if !app.wants_ticks() {
            match rx.recv() {
                Ok(event) => {
                    next_tick = std::time::Instant::now() + tick;
                    event
                }
                Err(_) => break,
            }
        } else if now >= next_tick {
            // A tick is due, even while keys keep coming: the AI's pause runs on ticks.
            next_tick = now + tick;
            AppEvent::Tick
        } else {
            match rx.recv_timeout(next_tick - now) {
                Ok(event) => event,
                Err(crossbeam_channel::RecvTimeoutError::Timeout) => continue,
                Err(crossbeam_channel::RecvTimeoutError::Disconnected) => break,
            }
        };
        if let AppEvent::Resize(w, h) = event {
            terminal.resize(Rect::new(0, 0, w, h))?;
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
    backend.flush()
}
