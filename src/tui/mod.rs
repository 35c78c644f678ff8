//! Drawing and keys only: the event loop, the screens and their widgets.

pub mod app;
pub mod event;
#[cfg(feature = "harness")]
pub mod harness;
pub mod help;
pub mod leave;
pub mod lesson;
pub mod lobby;
pub mod menu;
pub mod online;
pub mod review;
pub mod setup;
pub mod side_panel;
pub mod stats;
pub mod trainer;
pub mod transcript;
pub mod unavailable;

use std::io::{IsTerminal, Write, stdout};
use std::mem::ManuallyDrop;

use crossbeam_channel::unbounded;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use thiserror::Error;

use crate::config::Config;
use crate::solve::worker;
use crate::ui::theme::Theme;
use app::{App, Start};
use event::AppEvent;

#[derive(Debug, Error)]
pub enum TuiError {
    #[error(
        "the arcade needs an interactive terminal: standard input and output must be a terminal \
         (for scripts use `parlor solve ...`)"
    )]
    NotATerminal,
    #[error("terminal error: {0}")]
    Io(#[from] std::io::Error),
    /// Stopped by a signal (the terminal was restored first).
    #[error("stopped by signal {0}")]
    Signal(i32),
    #[error("the terminal went away")]
    TerminalLost,
}

/// Puts the terminal back as it was: on normal exit, on error (by drop) and on panic.
struct TerminalGuard {
    mouse: bool,
}

impl TerminalGuard {
    fn enter(mouse: bool) -> std::io::Result<TerminalGuard> {
        // The guard exists before anything is switched on, so a failure half-way
        // still restores what was done.
        let guard = TerminalGuard { mouse };
        enable_raw_mode()?;
        execute!(stdout(), EnterAlternateScreen)?;
        if mouse {
            execute!(stdout(), EnableMouseCapture)?;
        }
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal(self.mouse);
    }
}

fn restore_terminal(mouse: bool) {
    if mouse {
        let _ = execute!(stdout(), DisableMouseCapture);
    }
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

/// A panic on the UI thread restores the terminal before the message is printed. A panic
/// on the solver thread is caught there and shown as "analysis unavailable", so it must
/// neither restore the terminal nor print over the screen.
fn install_panic_hook(mouse: bool) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current()
            .name()
            .unwrap_or("unnamed")
            .to_string();
        tracing::error!(thread, "panic: {info}");
        if thread == worker::THREAD_NAME {
            return;
        }
        restore_terminal(mouse);
        previous(info);
    }));
}

/// Runs the arcade until the user quits.
pub fn run(
    games: &crate::plugin::Registry,
    config: Config,
    start: Start,
    seed: u64,
) -> Result<(), TuiError> {
    if !std::io::stdin().is_terminal() || !stdout().is_terminal() {
        return Err(TuiError::NotATerminal);
    }
    crate::log::start();
    let mouse = config.ui.mouse;
    install_panic_hook(mouse);
    let guard = TerminalGuard::enter(mouse)?;
    // No `terminal.clear()`: it asks the terminal for the cursor position, and a terminal
    // that does not answer would stop the app. The alternate screen starts empty.
    // Never dropped: ratatui's `Terminal` shows the cursor again when dropped and, when
    // that fails (the terminal hung up), prints to stderr with `eprintln!`, which
    // panics when stderr is gone too. `TerminalGuard` restores the terminal instead.
    let mut terminal = ManuallyDrop::new(Terminal::new(CrosstermBackend::new(stdout()))?);

    let (tx, rx) = unbounded();
    event::spawn_input(tx.clone())?;
    event::spawn_ticks(tx.clone())?;
    event::spawn_signals(tx.clone())?;
    let store = crate::store::Store::open_default();
    let mut app = App::new(
        games.clone(),
        config,
        start,
        tx,
        seed,
        Theme::no_color_requested(),
        store,
    );
    terminal.draw(|f| app.render(f))?;
    let mut ticks = 0u64;
    while let Ok(ev) = rx.recv() {
        let signal = match ev {
            AppEvent::Signal(s) => Some(s),
            _ => None,
        };
        let mut redraw = false;
        if matches!(ev, AppEvent::Tick) {
            ticks += 1;
            // A terminal that hung up answers no more questions: nothing will ever be
            // read from it or drawn on it again.
            if ticks.is_multiple_of(TERMINAL_CHECK_TICKS) && !terminal_alive() {
                return Err(TuiError::TerminalLost);
            }
            // A resize always redraws, even when its event is stuck behind a broken
            // escape sequence the input reader is still waiting to complete.
            if let Ok((w, h)) = ratatui::crossterm::terminal::size()
                && (w, h) != app.size()
            {
                redraw |= app.update(AppEvent::Resize(w, h));
            }
        }
        redraw |= app.update(ev);
        if let Some(s) = signal {
            return Err(TuiError::Signal(s));
        }
        if app.should_quit() {
            // Said on the ordinary screen, after the arcade's is gone.
            if let Some(words) = app.farewell() {
                drop(guard);
                let _ = writeln!(stdout(), "{words}");
            }
            break;
        }
        if redraw {
            terminal.draw(|f| app.render(f))?;
        }
        if app.take_bell() {
            ring_bell(terminal.backend_mut());
        }
    }
    Ok(())
}

/// The terminal bell: BEL, which terminals sound (or flash) without moving the cursor.
/// A terminal that cannot take it is noticed by the next draw.
fn ring_bell(out: &mut impl std::io::Write) {
    let _ = out.write_all(b"\x07").and_then(|()| out.flush());
}

/// How often (in ticks) the main loop checks that its terminal is still there.
const TERMINAL_CHECK_TICKS: u64 = 20;

/// Whether the terminal still answers: after a hang-up it refuses even its size.
fn terminal_alive() -> bool {
    stdout().is_terminal() && ratatui::crossterm::terminal::size().is_ok()
}
