//! The server's own database: the players who came, the matches in progress and the
//! history of the games finished online, in one SQLite file in the server's data
//! directory. A match lives in the lobby's memory while it is played; every move is
//! also written here before it is told to the other side, so a server that stops or
//! dies resumes every match, and every finished game is counted once, with both names.
//!
//! The local arcade keeps its own files (`store/`); only `parlor serve` uses this.
//!
//! One file per job: the handle and its errors here, the schema and its versions in
//! `migrations.rs`, then one file per kind of data (`players.rs`, `matches.rs`,
//! `history.rs`) and the text `parlor stats` prints on the server (`report.rs`).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode};

mod history;
mod matches;
mod migrations;
mod players;
mod report;
mod writer;

pub use history::{HistoryEntry, Standing};
pub use matches::{StoredMatch, StoredOwner};
pub use report::standings_text;
pub use writer::Writer;

/// How long a write waits for another connection to the same file (a second server
/// started by mistake, an operator's `sqlite3` shell) before it gives up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Why the database could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("cannot open the server's database {path}: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("{path} is not a database (not an SQLite file): move it away or remove it")]
    NotADatabase { path: PathBuf },
    #[error(
        "the server's database {path} is at version {found}, newer than this parlor knows \
         (up to {known}): it was written by a newer parlor; run that one, or another data directory"
    )]
    TooNew {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error("the server's database {path} is at version {found}, which no parlor writes")]
    UnknownVersion { path: PathBuf, found: i64 },
    #[error("the server's database {path}: step {version} of its schema failed: {source}")]
    Migration {
        path: PathBuf,
        version: i64,
        source: rusqlite::Error,
    },
    #[error("the server's database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("match {id} in the server's database: its record cannot be read or written: {source}")]
    Record { id: u64, source: serde_json::Error },
    #[error("match {0} is not in progress in the server's database")]
    NotInProgress(u64),
    #[error("match {0} has no result yet: it cannot go into the history")]
    Unfinished(u64),
    #[error("match {id}: move {ply} cannot be stored, the database holds {stored} moves")]
    MoveOutOfOrder { id: u64, ply: usize, stored: usize },
    #[error("match id {0} is too large for the database")]
    IdTooLarge(u64),
}

/// The open database. One connection behind a lock: every write is one short
/// transaction, so the sessions' threads taking turns costs little, and SQLite sees
/// one writer (no `SQLITE_BUSY` among the server's own threads).
pub struct Db {
    conn: Mutex<Connection>,
}

impl Db {
    /// Opens the database at `path`, creating it if missing, and brings its schema to
    /// this program's version. A file that is not a database, or one written by a newer
    /// parlor, is refused (never opened half-understood).
    pub fn open(path: &Path) -> Result<Db, DbError> {
        let conn = Connection::open(path).map_err(|source| open_error(path, source))?;
        Db::set_up(conn, path)
    }

    /// A database in memory, gone when dropped: for tests.
    pub fn open_in_memory() -> Result<Db, DbError> {
        let path = Path::new(":memory:");
        let conn = Connection::open_in_memory().map_err(|source| open_error(path, source))?;
        Db::set_up(conn, path)
    }

    fn set_up(mut conn: Connection, path: &Path) -> Result<Db, DbError> {
        let fail = |source| open_error(path, source);
        // WAL: a write appends to the log and readers are not blocked by it. FULL: each
        // commit is on the disk before it returns, so not even a power cut loses a move
        // that was played (NORMAL with WAL could lose the last ones then); one sync per
        // move or per finished game is cheap at a board game's pace.
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get::<_, String>(0))
            .map_err(fail)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(fail)?;
        conn.pragma_update(None, "foreign_keys", true)
            .map_err(fail)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(fail)?;
        migrations::migrate(&mut conn, path, migrations::STEPS)?;
        Ok(Db {
            conn: Mutex::new(conn),
        })
    }

    /// The connection, for one operation. A thread that panicked while holding it left
    /// no transaction open (a dropped `Transaction` rolls back), so go on with it.
    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// An error met while opening `path`: SQLite finds out a file is not a database only
/// when it first reads it, so that case is told apart here, with the file's name.
fn open_error(path: &Path, source: rusqlite::Error) -> DbError {
    if source.sqlite_error_code() == Some(ErrorCode::NotADatabase) {
        DbError::NotADatabase {
            path: path.to_path_buf(),
        }
    } else {
        DbError::Open {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// A match id as SQLite stores it (a signed 64-bit integer).
fn sql_id(id: u64) -> Result<i64, DbError> {
    i64::try_from(id).map_err(|_| DbError::IdTooLarge(id))
}

/// A name as it is compared: Alice and alice are the same player.
fn fold(name: &str) -> String {
    name.to_lowercase()
}

#[cfg(test)]
mod tests;
