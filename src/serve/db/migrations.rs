//! The schema, as the list of steps that built it. The file's `PRAGMA user_version` is
//! the number of steps applied; opening applies the missing ones, each in its own
//! transaction together with the new version number, so a crash in the middle of one
//! leaves the file at the version before it. A step once released is never edited:
//! a change is a new step at the end.

use std::path::Path;

use rusqlite::{Connection, TransactionBehavior};

use super::{DbError, open_error};

/// Version 1: players, matches in progress (their moves one row each, so a move is one
/// small insert, not a rewrite of the match), and the history of finished games.
/// Names are kept as shown and folded (lower case), the folded form for comparing.
const V1: &str = "
CREATE TABLE players (
    folded TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- The fingerprint of the first key the name joined with; NULL until it joins with one.
    key TEXT,
    first_seen INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
) STRICT;

CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    first_name TEXT NOT NULL,
    second_name TEXT NOT NULL,
    -- Whose each seat is: 'key' (a key fingerprint) or 'code' (a seat code).
    first_owner_kind TEXT NOT NULL CHECK (first_owner_kind IN ('key', 'code')),
    first_owner TEXT NOT NULL,
    second_owner_kind TEXT NOT NULL CHECK (second_owner_kind IN ('key', 'code')),
    second_owner TEXT NOT NULL,
    -- The match's record (JSON) without its moves: those are in match_moves.
    record TEXT NOT NULL
) STRICT;

CREATE TABLE match_moves (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL CHECK (ply >= 0),
    mv TEXT NOT NULL,
    PRIMARY KEY (match_id, ply)
) STRICT, WITHOUT ROWID;

CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    first_name TEXT NOT NULL,
    second_name TEXT NOT NULL,
    first_folded TEXT NOT NULL,
    second_folded TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('first', 'second', 'draw')),
    how TEXT NOT NULL,
    ended INTEGER NOT NULL,
    -- The whole record, moves included, as the game's review reads it.
    record TEXT NOT NULL
) STRICT;

CREATE INDEX history_first ON history (first_folded);
CREATE INDEX history_second ON history (second_folded);
CREATE INDEX history_ended ON history (ended);
";

/// Every step, in order: the schema this program knows is version `STEPS.len()`.
pub(super) const STEPS: &[&str] = &[V1];

/// Applies the steps of `steps` that `conn` lacks. A file at a version past them is
/// refused, naming the file and both versions.
pub(super) fn migrate(conn: &mut Connection, path: &Path, steps: &[&str]) -> Result<(), DbError> {
    let known = i64::try_from(steps.len()).unwrap_or(i64::MAX);
    loop {
        // IMMEDIATE: the write lock is taken before the version is read, so two
        // programs opening the same file at once cannot both apply a step.
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|source| open_error(path, source))?;
        let found: i64 = tx
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(|source| open_error(path, source))?;
        if found > known {
            return Err(DbError::TooNew {
                path: path.to_path_buf(),
                found,
                known,
            });
        }
        let Ok(applied) = usize::try_from(found) else {
            return Err(DbError::UnknownVersion {
                path: path.to_path_buf(),
                found,
            });
        };
        let Some(step) = steps.get(applied) else {
            return Ok(());
        };
        let version = found + 1;
        let failed = |source| DbError::Migration {
            path: path.to_path_buf(),
            version,
            source,
        };
        tx.execute_batch(step).map_err(failed)?;
        tx.pragma_update(None, "user_version", version)
            .map_err(failed)?;
        tx.commit().map_err(failed)?;
    }
}

/// The version of the schema in `conn`.
#[cfg(test)]
pub(super) fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
}
