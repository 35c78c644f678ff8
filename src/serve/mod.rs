//! `parlor serve`: the arcade over SSH. Every terminal that connects gets its own
//! arcade, the same screens as the local one, sized to the client's terminal and
//! redrawn when its window changes. The friend needs only an SSH client.
//!
//! The SSH side (russh, on a tokio runtime that lives only in here) is `ssh.rs`; each
//! connected terminal's arcade runs on a thread of its own (`terminal.rs`), fed by the
//! bytes the client sends, parsed by `input.rs`. The host key is made once and kept
//! (`host_key.rs`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use crate::config::Config;
use crate::plugin::Registry;

pub mod access;
pub mod db;
mod host_key;
pub mod input;
pub mod lobby;
mod ssh;
mod terminal;

/// The server's database, in its data directory.
pub const DB_FILE: &str = "server.sqlite";

/// Seconds since 1970 (UTC), as the database records times.
pub(crate) fn seconds_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The server's data directory, under parlor's.
pub const SERVER_DIR: &str = "server";

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the host key {path}: {why}")]
    HostKey { path: PathBuf, why: String },
    #[error(
        "no data directory to keep the host key and the players' saves in (set PARLOR_DATA_DIR)"
    )]
    NoDataDir,
    #[error("the server's runtime: {0}")]
    Runtime(std::io::Error),
    #[error("the server's database: {0}")]
    Db(#[from] db::DbError),
}

/// What `parlor serve` was asked for.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Where to listen (127.0.0.1:2222 unless told otherwise).
    pub listen: SocketAddr,
    /// The server's data: its host key and, per player, the saves and history.
    pub data_dir: PathBuf,
    /// Who may join.
    pub access: access::Access,
    /// Stops it from elsewhere; Ctrl-C and SIGTERM stop it too when `signals` is on.
    pub stopper: Stopper,
    pub signals: bool,
    /// A session whose player presses no key for this long is ended (its games saved,
    /// its seat in a match held), so that forgotten terminals do not hold the server's
    /// sessions; `None`: never.
    pub idle: Option<std::time::Duration>,
    /// How long a connection may be silent before the server asks whether its client
    /// is still there; three questions unanswered and it is closed (a frozen or
    /// vanished client gives its name and seat back). [`KEEPALIVE`] unless a test says.
    pub keepalive: std::time::Duration,
}

/// How long a silent connection waits for the server's question whether it is still
/// there ([`ServeOptions::keepalive`]).
pub const KEEPALIVE: std::time::Duration = std::time::Duration::from_secs(15);

/// `parlor serve --idle-timeout`: how long a session may go without a key (`None`:
/// for ever).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdleTimeout(pub Option<std::time::Duration>);

/// An idle time as the command line takes it: a whole number with `s`, `m` or `h`
/// (90s, 30m, 2h), or 0 for never.
pub fn parse_idle(text: &str) -> Result<IdleTimeout, String> {
    let accepted = "expected seconds, minutes or hours such as 90s, 30m or 2h, or 0 for never";
    let text = text.trim();
    if text == "0" {
        return Ok(IdleTimeout(None));
    }
    let split = text.len().saturating_sub(1);
    let (number, unit) = (text.get(..split), text.get(split..));
    let seconds = match unit {
        Some("s") => 1,
        Some("m") => 60,
        Some("h") => 3600,
        _ => return Err(format!("'{text}': {accepted}")),
    };
    let n: u64 = number
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse().ok())
        .filter(|&n| n <= 1_000_000)
        .ok_or_else(|| format!("'{text}': {accepted}"))?;
    Ok(IdleTimeout(
        (n > 0).then(|| std::time::Duration::from_secs(n * seconds)),
    ))
}

/// Stops a running server from another thread (a test, or the signal watcher): every
/// session is told to end (each saves its game and restores its client's terminal),
/// then the connections are closed.
#[derive(Clone, Debug, Default)]
pub struct Stopper(Arc<tokio::sync::Notify>);

impl Stopper {
    pub fn stop(&self) {
        self.0.notify_one();
    }
}

/// What one server shares with all its sessions.
pub(crate) struct Shared {
    pub games: Registry,
    pub config: Config,
    pub data_dir: PathBuf,
    pub access: access::Access,
    /// How long a session may go without a key (`ServeOptions::idle`).
    pub idle: Option<std::time::Duration>,
    /// The connections open now, per address.
    pub gate: Arc<access::Gate>,
    /// Who is here, the games offered, the matches between two terminals.
    pub lobby: Arc<lobby::Lobby>,
    /// The players, the matches in progress and the history (`server.sqlite`).
    pub db: Arc<db::Db>,
    /// The arcades running now, by a number of their own: told to end when the server
    /// stops.
    pub sessions: std::sync::Mutex<std::collections::HashMap<u64, Session>>,
    pub next_session: std::sync::atomic::AtomicU64,
}

/// An arcade running: its player, and where its events go.
pub(crate) struct Session {
    pub player: String,
    pub events: crossbeam_channel::Sender<crate::tui::event::AppEvent>,
}

impl Shared {
    /// Whether `player` has an arcade running now (one name, one terminal: two would
    /// write over each other's saves).
    fn playing(&self, player: &str) -> bool {
        self.sessions
            .lock()
            .map(|s| {
                s.values()
                    .any(|session| session.player.eq_ignore_ascii_case(player))
            })
            .unwrap_or(false)
    }

    /// Tells every arcade to end; returns how many were running.
    fn end_sessions(&self) -> usize {
        let sessions = self
            .sessions
            .lock()
            .map(|s| s.values().map(|s| s.events.clone()).collect::<Vec<_>>())
            .unwrap_or_default();
        for arcade in &sessions {
            let _ = arcade.send(crate::tui::event::AppEvent::Signal(ssh::SERVER_STOP));
        }
        sessions.len()
    }

    fn running(&self) -> usize {
        self.sessions.lock().map(|s| s.len()).unwrap_or(0)
    }
}

/// Runs the server until Ctrl-C or SIGTERM. Prints where it listens and the host key's
/// fingerprint (`ready` is told the bound address once it listens: tests use port 0).
pub fn run(
    games: Registry,
    config: Config,
    options: ServeOptions,
    ready: impl FnOnce(SocketAddr, &str) + Send,
) -> Result<(), ServeError> {
    let key = host_key::load_or_make(&options.data_dir)?;
    let fingerprint = host_key::fingerprint(&key);
    // Every player's arcade has a solver thread: at most a search per core runs at
    // once, first come first served, each on one thread.
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    crate::solve::pool::limit_searches(cores);
    let mut config = config;
    if config.solver.threads == 0 {
        config.solver.threads = 1;
    }
    let db = Arc::new(db::Db::open(&options.data_dir.join(DB_FILE))?);
    let lobby = lobby::Lobby::with_db(crate::clock::SystemTime::start(), db.clone());
    let resumed = lobby.restore(&db, &games, &config);
    if resumed > 0 {
        ssh::say(&if resumed == 1 {
            "1 match in progress resumed: it waits for its players.".to_string()
        } else {
            format!("{resumed} matches in progress resumed: they wait for their players.")
        });
    }
    let shared = Arc::new(Shared {
        games,
        config,
        data_dir: options.data_dir.clone(),
        access: options.access.clone(),
        idle: options.idle,
        gate: Default::default(),
        lobby,
        db,
        sessions: Default::default(),
        next_session: Default::default(),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("parlor-serve")
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(ssh::serve(shared, key, &options, |addr| {
        ready(addr, &fingerprint);
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn an_idle_time_is_a_number_of_seconds_minutes_or_hours() {
        let idle = |t: &str| parse_idle(t).map(|i| i.0);
        assert_eq!(idle("30m"), Ok(Some(Duration::from_secs(1800))));
        assert_eq!(idle("90s"), Ok(Some(Duration::from_secs(90))));
        assert_eq!(idle("2h"), Ok(Some(Duration::from_secs(7200))));
        assert_eq!(idle("0"), Ok(None));
        assert_eq!(idle("0m"), Ok(None));
        for bad in [
            "",
            "m",
            "30",
            "-5m",
            "1.5h",
            "30 m",
            "5d",
            "99999999999h",
            "é",
        ] {
            let error = idle(bad).expect_err(bad);
            assert!(error.contains("such as 90s, 30m or 2h"), "{bad}: {error}");
        }
    }
}
