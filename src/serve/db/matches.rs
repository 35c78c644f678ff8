//! The matches in progress between two terminals: what a restarted server puts back in
//! its lobby. A match's record is written when it starts; each move then adds one row,
//! so a long game on a busy server never rewrites what it already wrote.

use std::collections::HashMap;

use rusqlite::types::Type;
use rusqlite::{Row, Transaction};

use super::{Db, DbError, sql_id};
use crate::store::record::MatchRecord;

/// A match in progress as the database keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMatch {
    /// The lobby's id of the match (ids are never reused: see [`Db::next_match_id`]).
    pub id: u64,
    /// The game, its settings, its start, its seats and its moves so far.
    pub record: MatchRecord,
    /// The players' names, first mover first.
    pub names: [String; 2],
    /// Whose each seat is, first mover's first.
    pub owners: [StoredOwner; 2],
}

/// Who may take a seat back after a dropped connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredOwner {
    /// The fingerprint of the SSH key the player joined with.
    Key(String),
    /// The seat code shown to a player who joined without a key.
    Code(String),
}

impl StoredOwner {
    /// The owner as two columns: its kind and its text.
    fn columns(&self) -> (&'static str, &str) {
        match self {
            StoredOwner::Key(key) => ("key", key),
            StoredOwner::Code(code) => ("code", code),
        }
    }

    /// The owner from its two columns, `kind_at` and the one after it.
    fn from_row(row: &Row<'_>, kind_at: usize) -> rusqlite::Result<StoredOwner> {
        let kind: String = row.get(kind_at)?;
        let text: String = row.get(kind_at + 1)?;
        match kind.as_str() {
            "key" => Ok(StoredOwner::Key(text)),
            "code" => Ok(StoredOwner::Code(text)),
            // The table's CHECK allows no other kind; a file edited by hand may.
            _ => Err(rusqlite::Error::InvalidColumnType(
                kind_at,
                format!("owner kind '{kind}'"),
                Type::Text,
            )),
        }
    }
}

/// A match's row before its record is read (its JSON is checked afterwards, so a bad
/// record is reported with the match's id).
struct MatchRow {
    id: i64,
    names: [String; 2],
    owners: [StoredOwner; 2],
    record: String,
}

impl Db {
    /// Writes `m` whole, replacing what was kept under its id (its moves included), in
    /// one transaction: for a match that starts, or one put back after a failed write.
    pub fn save_match(&self, m: &StoredMatch) -> Result<(), DbError> {
        let id = sql_id(m.id)?;
        // The moves go to their own rows; the record keeps the rest.
        let header = MatchRecord {
            moves: Vec::new(),
            ..m.record.clone()
        };
        let header = serde_json::to_string(&header)
            .map_err(|source| DbError::Record { id: m.id, source })?;
        let (first_kind, first_owner) = m.owners[0].columns();
        let (second_kind, second_owner) = m.owners[1].columns();
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO matches (id, first_name, second_name, first_owner_kind, first_owner,
                                  second_owner_kind, second_owner, record)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (id) DO UPDATE SET
                 first_name = excluded.first_name,
                 second_name = excluded.second_name,
                 first_owner_kind = excluded.first_owner_kind,
                 first_owner = excluded.first_owner,
                 second_owner_kind = excluded.second_owner_kind,
                 second_owner = excluded.second_owner,
                 record = excluded.record",
            (
                id,
                &m.names[0],
                &m.names[1],
                first_kind,
                first_owner,
                second_kind,
                second_owner,
                header,
            ),
        )?;
        tx.execute("DELETE FROM match_moves WHERE match_id = ?1", [id])?;
        {
            let mut insert =
                tx.prepare("INSERT INTO match_moves (match_id, ply, mv) VALUES (?1, ?2, ?3)")?;
            for (ply, mv) in m.record.moves.iter().enumerate() {
                insert.execute((id, ply_column(ply), mv))?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Adds move number `ply` (0 for the first move) to match `id`: one row. `ply` must
    /// be the number of moves already kept, so the database can never skip or repeat a
    /// move of the lobby's; otherwise nothing is written and the error says how many
    /// moves it holds (the caller then re-saves the whole match with
    /// [`Db::save_match`]).
    pub fn add_move(&self, id: u64, ply: usize, mv: &str) -> Result<(), DbError> {
        let sql = sql_id(id)?;
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let stored = stored_moves(&tx, id)?;
        if stored != ply {
            return Err(DbError::MoveOutOfOrder { id, ply, stored });
        }
        tx.execute(
            "INSERT INTO match_moves (match_id, ply, mv) VALUES (?1, ?2, ?3)",
            (sql, ply_column(ply), mv),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Every match in progress, by id, with its moves: what a restarted server puts
    /// back in its lobby.
    pub fn matches_in_progress(&self) -> Result<Vec<StoredMatch>, DbError> {
        let conn = self.conn();
        let rows = conn
            .prepare(
                "SELECT id, first_name, second_name, first_owner_kind, first_owner,
                        second_owner_kind, second_owner, record
                 FROM matches ORDER BY id",
            )?
            .query_map([], |row| {
                Ok(MatchRow {
                    id: row.get(0)?,
                    names: [row.get(1)?, row.get(2)?],
                    owners: [
                        StoredOwner::from_row(row, 3)?,
                        StoredOwner::from_row(row, 5)?,
                    ],
                    record: row.get(7)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut moves: HashMap<i64, Vec<String>> = HashMap::new();
        let mut query =
            conn.prepare("SELECT match_id, mv FROM match_moves ORDER BY match_id, ply")?;
        let mut all = query.query([])?;
        while let Some(row) = all.next()? {
            moves.entry(row.get(0)?).or_default().push(row.get(1)?);
        }
        rows.into_iter()
            .map(|row| {
                // Ids were written from a u64, so they are not negative.
                let id = u64::try_from(row.id).unwrap_or_default();
                let mut record: MatchRecord = serde_json::from_str(&row.record)
                    .map_err(|source| DbError::Record { id, source })?;
                record.moves = moves.remove(&row.id).unwrap_or_default();
                Ok(StoredMatch {
                    id,
                    record,
                    names: row.names,
                    owners: row.owners,
                })
            })
            .collect()
    }

    /// Forgets match `id` and its moves (a match abandoned, never finished); whether it
    /// was there.
    pub fn drop_match(&self, id: u64) -> Result<bool, DbError> {
        let dropped = self
            .conn()
            .execute("DELETE FROM matches WHERE id = ?1", [sql_id(id)?])?;
        Ok(dropped > 0)
    }

    /// An id no match, in progress or finished, has had: the lobby counts on from it
    /// after a restart, so a new match never takes the id of one in the history.
    pub fn next_match_id(&self) -> Result<u64, DbError> {
        let max: i64 = self.conn().query_row(
            "SELECT max(coalesce((SELECT max(id) FROM matches), 0),
                        coalesce((SELECT max(id) FROM history), 0))",
            [],
            |row| row.get(0),
        )?;
        Ok(u64::try_from(max).unwrap_or_default() + 1)
    }
}

/// How many moves match `id` holds; an error if it is not in progress.
fn stored_moves(tx: &Transaction<'_>, id: u64) -> Result<usize, DbError> {
    let (there, count): (bool, i64) = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM matches WHERE id = ?1),
                (SELECT count(*) FROM match_moves WHERE match_id = ?1)",
        [sql_id(id)?],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?;
    if !there {
        return Err(DbError::NotInProgress(id));
    }
    Ok(usize::try_from(count).unwrap_or_default())
}

/// A move's index as a column (no match has 2^63 moves).
fn ply_column(ply: usize) -> i64 {
    i64::try_from(ply).unwrap_or(i64::MAX)
}
