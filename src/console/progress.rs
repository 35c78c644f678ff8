//! Progress and Ctrl-C for the long commands (`simulate`, `perft`, `bench ffo`, `solve`
//! of Othello and Pnut-Butta), shared by every game's command line.
//!
//! * Progress goes to stderr, and only when stderr is a terminal: an `indicatif` bar
//!   (done / total, rate, time left) or a spinner with the time so far. Scripts and
//!   captured output see nothing. `PARLOR_PROGRESS=plain` prints plain progress lines to
//!   stderr instead (at most one a second, the first as soon as the command starts),
//!   terminal or not; `PARLOR_PROGRESS=off` shows nothing.
//! * Ctrl-C (SIGINT) sets a flag that the command polls: it stops, prints what it has
//!   done so far and exits with [`INTERRUPTED`] (130). A second Ctrl-C exits at once.
//!
//! The solvers know nothing of this: they get a `stop` closure and a progress callback.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::plugin::{CliError, usage};

/// The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub use crate::plugin::command::INTERRUPTED;

/// The environment variable that chooses the progress display.
pub const PROGRESS_VAR: &str = "PARLOR_PROGRESS";

/// How often plain progress lines are printed at most.
const PLAIN_EVERY: Duration = Duration::from_secs(1);

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Display {
    /// Nothing (stderr is not a terminal, or `PARLOR_PROGRESS=off`).
    Off,
    /// An `indicatif` bar or spinner (stderr is a terminal).
    Bar,
    /// Plain lines on stderr (`PARLOR_PROGRESS=plain`).
    Plain,
}

impl Display {
    /// From `PARLOR_PROGRESS` (`auto`, the default, `plain` or `off`) and whether stderr
    /// is a terminal.
    pub fn choose(var: Option<&str>, stderr_is_terminal: bool) -> Result<Display, CliError> {
        match var.map(str::trim) {
            None | Some("") | Some("auto") if stderr_is_terminal => Ok(Display::Bar),
            None | Some("") | Some("auto") | Some("off") => Ok(Display::Off),
            Some("plain") => Ok(Display::Plain),
            Some(other) => Err(usage(format!(
                "{PROGRESS_VAR}={other}: accepted auto (a bar when stderr is a terminal), plain or off"
            ))),
        }
    }

    fn from_env() -> Result<Display, CliError> {
        use std::io::IsTerminal;
        let var = std::env::var(PROGRESS_VAR).ok();
        Display::choose(var.as_deref(), std::io::stderr().is_terminal())
    }
}

/// The process's Ctrl-C flag, registered once.
static INTERRUPT: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Catches SIGINT from now on: the first sets the returned flag, a second (the flag
/// already set) exits at once with code 130.
fn catch_interrupt() -> Result<Arc<AtomicBool>, CliError> {
    if let Some(flag) = INTERRUPT.get() {
        return Ok(Arc::clone(flag));
    }
    let flag = Arc::new(AtomicBool::new(false));
    let failed = |e: std::io::Error| CliError::Signal(e);
    // The conditional shutdown first: it sees the flag before this signal sets it.
    signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        i32::from(INTERRUPTED),
        Arc::clone(&flag),
    )
    .map_err(failed)?;
    signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&flag)).map_err(failed)?;
    Ok(Arc::clone(INTERRUPT.get_or_init(|| flag)))
}

/// A long command's progress display and its Ctrl-C flag. Cheap to update from any
/// thread; cleared from the screen when dropped.
pub struct Progress {
    display: Display,
    bar: ProgressBar,
    interrupt: Arc<AtomicBool>,
    /// What is counted ("games", "positions"); empty for a spinner.
    unit: &'static str,
    /// When the last plain line was printed.
    last_line: Mutex<Instant>,
}

impl Progress {
    /// A bar counting `total` `unit`s (e.g. games), with the rate and the time left;
    /// `None` when the total is only known later ([`Progress::set_total`]).
    /// Ctrl-C is caught from now on; with `PARLOR_PROGRESS=plain` the first line
    /// ("... started: 0 of N games") is printed before this returns.
    pub fn count(what: &str, unit: &'static str, total: Option<u64>) -> Result<Progress, CliError> {
        let style = ProgressStyle::with_template(
            "{spinner} {prefix} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} {msg} ({rate}, {eta} left)",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.1}/s", state.per_sec());
            },
        );
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden())
            .with_style(style)
            .with_prefix(what.to_string())
            .with_message(unit);
        Progress::start(bar, what, unit)
    }

    /// A spinner with `what` and the time so far, for work of unknown length.
    pub fn spinner(what: &str) -> Result<Progress, CliError> {
        let style = ProgressStyle::with_template("{spinner} {prefix} [{elapsed_precise}] {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden())
            .with_style(style)
            .with_prefix(what.to_string());
        Progress::start(bar, what, "")
    }

    fn start(bar: ProgressBar, what: &str, unit: &'static str) -> Result<Progress, CliError> {
        let display = Display::from_env()?;
        // Ctrl-C is caught before anything is shown, so that whoever sees the first
        // line may interrupt.
        let interrupt = catch_interrupt()?;
        if display == Display::Bar {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(120));
        }
        let progress = Progress {
            display,
            bar,
            interrupt,
            unit,
            last_line: Mutex::new(Instant::now()),
        };
        if display == Display::Plain {
            match progress.bar.length() {
                Some(n) => eprintln!("parlor: {what} started: 0 of {n} {unit}"),
                None => eprintln!("parlor: {what} started"),
            }
        }
        Ok(progress)
    }

    /// How the progress is shown.
    pub fn display(&self) -> Display {
        self.display
    }

    /// `done` of the total are finished.
    pub fn set(&self, done: u64) {
        match self.display {
            Display::Off => {}
            Display::Bar => self.bar.set_position(done),
            Display::Plain => {
                self.bar.set_position(done);
                self.plain_line();
            }
        }
    }

    /// The total, once known.
    pub fn set_total(&self, total: u64) {
        if self.bar.length() != Some(total) {
            self.bar.set_length(total);
        }
    }

    /// What the work is doing now (e.g. a spinner's "depth 12, best d3").
    pub fn message(&self, text: String) {
        match self.display {
            Display::Off => {}
            Display::Bar => self.bar.set_message(text),
            Display::Plain => {
                self.bar.set_message(text);
                self.plain_line();
            }
        }
    }

    /// Prints a plain line unless one was printed less than a second ago.
    fn plain_line(&self) {
        let mut last = self
            .last_line
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if last.elapsed() < PLAIN_EVERY {
            return;
        }
        *last = Instant::now();
        let prefix = self.bar.prefix();
        match self.bar.length() {
            Some(n) => eprintln!(
                "parlor: {prefix}: {} of {n} {}",
                self.bar.position(),
                self.unit
            ),
            None => eprintln!("parlor: {prefix}: {}", self.bar.message()),
        }
    }

    /// Runs `f` (e.g. printing a table row on stdout) with the bar out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Whether Ctrl-C was pressed.
    pub fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed)
    }

    /// The `stop` closure the solvers poll.
    pub fn stop(&self) -> impl Fn() -> bool + Sync + '_ {
        move || self.interrupted()
    }

    /// Removes the bar (before the results are printed).
    pub fn clear(&self) {
        if self.display == Display::Bar {
            self.bar.finish_and_clear();
        }
    }

    /// The result of a command that has printed its answer (`printed`): after Ctrl-C,
    /// [`CliError::Interrupted`] with `why` (exit code 130), a failure to print said on
    /// stderr first.
    pub fn result(
        &self,
        printed: Result<(), CliError>,
        why: impl FnOnce() -> String,
    ) -> Result<(), CliError> {
        if !self.interrupted() {
            return printed;
        }
        if let Err(e) = printed {
            eprintln!("parlor: {e}");
        }
        Err(CliError::Interrupted(why()))
    }

    /// Plays up to `total` games, calling `game` with the `stop` closure for each, while
    /// the bar counts them. `game` returns `Ok(true)` when it played a game to the end
    /// (and counted it), `Ok(false)` when it abandoned one because `stop` said so.
    /// Stops at Ctrl-C; the bar is cleared on return.
    pub fn games(
        &self,
        total: u32,
        mut game: impl FnMut(&dyn Fn() -> bool) -> Result<bool, CliError>,
    ) -> Result<Played, CliError> {
        let stop = self.stop();
        let mut done = 0u32;
        while done < total && !self.interrupted() {
            if !game(&stop)? {
                break;
            }
            done += 1;
            self.set(u64::from(done));
        }
        self.clear();
        Ok(Played { done, asked: total })
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

/// How many of the games asked for a simulation played (fewer after Ctrl-C).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub done: u32,
    pub asked: u32,
}

impl Played {
    /// Every game asked for was played.
    pub fn all(asked: u32) -> Played {
        Played { done: asked, asked }
    }

    pub fn interrupted(&self) -> bool {
        self.done < self.asked
    }

    /// The command's result once its output is printed: `result` itself when every game
    /// was played; after Ctrl-C, [`CliError::Interrupted`] ("interrupted after N of M
    /// games", exit code 130), a failed check of the games played said on stderr first.
    pub fn finish(&self, result: Result<(), CliError>) -> Result<(), CliError> {
        if !self.interrupted() {
            return result;
        }
        if let Err(e) = result {
            eprintln!("parlor: {e}");
        }
        Err(CliError::Interrupted(format!(
            "interrupted after {} of {} games",
            self.done, self.asked
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_display_follows_the_variable_and_the_terminal() {
        assert_eq!(Display::choose(None, true).ok(), Some(Display::Bar));
        assert_eq!(Display::choose(None, false).ok(), Some(Display::Off));
        assert_eq!(
            Display::choose(Some("auto"), false).ok(),
            Some(Display::Off)
        );
        assert_eq!(Display::choose(Some("off"), true).ok(), Some(Display::Off));
        assert_eq!(
            Display::choose(Some("plain"), false).ok(),
            Some(Display::Plain)
        );
        assert_eq!(
            Display::choose(Some("plain"), true).ok(),
            Some(Display::Plain)
        );
        assert!(matches!(
            Display::choose(Some("fancy"), true),
            Err(CliError::Usage(m)) if m.contains("PARLOR_PROGRESS")
        ));
    }

    #[test]
    fn an_interrupted_run_says_how_far_it_got() {
        let whole = Played::all(10);
        assert!(!whole.interrupted());
        assert!(whole.finish(Ok(())).is_ok());

        let cut = Played { done: 3, asked: 10 };
        match cut.finish(Ok(())) {
            Err(e @ CliError::Interrupted(_)) => {
                assert_eq!(e.exit_code(), INTERRUPTED);
                assert_eq!(e.to_string(), "interrupted after 3 of 10 games");
            }
            other => panic!("expected an interruption, got {other:?}"),
        }
    }
}
