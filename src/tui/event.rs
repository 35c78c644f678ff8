//! The one channel of events the main loop reads: input, ticks and solver messages.

use std::thread;
use std::time::Duration;

use crossbeam_channel::Sender;
use ratatui::crossterm::event::{self, Event, KeyEvent, KeyEventKind, MouseEvent};

use crate::solve::worker::Notice;

/// How often the tick arrives; AI pauses are counted in ticks of this length.
pub const TICK_MS: u64 = 50;

#[derive(Debug)]
pub enum AppEvent {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Resize(u16, u16),
    Tick,
    Solver(Notice),
    /// A move in the game's notation that did not come from this keyboard: played on
    /// the board on screen as its player would have played it.
    Move(String),
    /// News from the server of an arcade played online.
    Online(super::online::OnlineEvent),
    /// A signal asking parlor to stop (SIGTERM, SIGINT, SIGHUP, SIGQUIT): the main
    /// loop ends and the terminal is restored.
    Signal(i32),
}

/// Reads the terminal on its own thread (the only one that does) and forwards key
/// presses, mouse events and resizes. Ends when the receiver is gone.
pub fn spawn_input(tx: Sender<AppEvent>) -> std::io::Result<()> {
    thread::Builder::new()
        .name("parlor-input".into())
        .spawn(move || {
            loop {
                let forwarded = match event::read() {
                    Ok(Event::Key(key)) if key.kind == KeyEventKind::Press => {
                        tx.send(AppEvent::Key(key))
                    }
                    Ok(Event::Mouse(m)) => tx.send(AppEvent::Mouse(m)),
                    Ok(Event::Resize(w, h)) => tx.send(AppEvent::Resize(w, h)),
                    Ok(_) => Ok(()),
                    // The terminal is gone: nothing more will come.
                    Err(_) => break,
                };
                if forwarded.is_err() {
                    break;
                }
            }
        })?;
    Ok(())
}

/// The signals that end the arcade with the terminal restored. Registering them
/// replaces their default action (dying on the spot, which would leave the terminal in
/// raw mode on the alternate screen), also when SIGHUP was ignored (`nohup`): without
/// its terminal the arcade has nothing left to do.
#[cfg(unix)]
pub fn spawn_signals(tx: Sender<AppEvent>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP, SIGQUIT])?;
    thread::Builder::new()
        .name("parlor-signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if tx.send(AppEvent::Signal(signal)).is_err() {
                    break;
                }
            }
        })?;
    Ok(())
}

#[cfg(not(unix))]
pub fn spawn_signals(_tx: Sender<AppEvent>) -> std::io::Result<()> {
    Ok(())
}

/// Sends a tick every `TICK_MS` until the receiver is gone.
pub fn spawn_ticks(tx: Sender<AppEvent>) -> std::io::Result<()> {
    thread::Builder::new()
        .name("parlor-tick".into())
        .spawn(move || {
            while tx.send(AppEvent::Tick).is_ok() {
                thread::sleep(Duration::from_millis(TICK_MS));
            }
        })?;
    Ok(())
}
