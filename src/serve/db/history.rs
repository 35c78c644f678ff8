//! The games finished on the server: one row appended per game, never rewritten, with
//! both players' names, and what `parlor stats` counts from them.

use rusqlite::Row;

use super::{Db, DbError, fold, sql_id};
use crate::store::record::{MatchRecord, ResultRecord};

/// A finished game, as the history keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryEntry {
    pub id: u64,
    /// The game's command-line name.
    pub game: String,
    /// The players' names, first mover first.
    pub names: [String; 2],
    pub result: ResultRecord,
    /// How it ended: "resigned", "time", "played out", "agreed draw"...
    pub how: String,
    /// When it ended, in seconds since 1970.
    pub ended: i64,
    /// The whole match, moves included, for a review.
    pub record: MatchRecord,
}

/// One player's games of one game on this server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The name as the player last joined with (or as in their latest game, for a name
    /// the players table does not hold).
    pub player: String,
    pub game: String,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

impl Db {
    /// Match `id` is over: `record` (with its result) goes into the history under the
    /// names it was played under, and the match leaves the matches in progress, both in
    /// one transaction: a crash keeps it in one place or the other, never both or
    /// neither. Refused, changing nothing, if `id` is not in progress, `record` has no
    /// result, or the history already holds `id`.
    pub fn finish_match(
        &self,
        id: u64,
        record: &MatchRecord,
        how: &str,
        ended: i64,
    ) -> Result<(), DbError> {
        let sql = sql_id(id)?;
        let result = match record.result {
            Some(ResultRecord::First) => "first",
            Some(ResultRecord::Second) => "second",
            Some(ResultRecord::Draw) => "draw",
            None => return Err(DbError::Unfinished(id)),
        };
        let json =
            serde_json::to_string(record).map_err(|source| DbError::Record { id, source })?;
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let names: Option<(String, String)> = {
            let mut query =
                tx.prepare("SELECT first_name, second_name FROM matches WHERE id = ?1")?;
            let mut rows = query.query([sql])?;
            match rows.next()? {
                Some(row) => Some((row.get(0)?, row.get(1)?)),
                None => None,
            }
        };
        let Some((first, second)) = names else {
            return Err(DbError::NotInProgress(id));
        };
        tx.execute(
            "INSERT INTO history (id, game, first_name, second_name, first_folded,
                                  second_folded, result, how, ended, record)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            (
                sql,
                &record.game,
                &first,
                &second,
                fold(&first),
                fold(&second),
                result,
                how,
                ended,
                json,
            ),
        )?;
        tx.execute("DELETE FROM matches WHERE id = ?1", [sql])?;
        tx.commit()?;
        Ok(())
    }

    /// The finished games, newest first; with `player`, only theirs (either seat,
    /// whatever the case of the name).
    pub fn history(&self, player: Option<&str>) -> Result<Vec<HistoryEntry>, DbError> {
        let conn = self.conn();
        let mut query = conn.prepare(
            "SELECT id, game, first_name, second_name, result, how, ended, record
             FROM history
             WHERE ?1 IS NULL OR first_folded = ?1 OR second_folded = ?1
             ORDER BY ended DESC, id DESC",
        )?;
        let rows = query
            .query_map([player.map(fold)], HistoryRow::read)?
            .collect::<Result<Vec<_>, _>>()?;
        rows.into_iter().map(HistoryRow::entry).collect()
    }

    /// Per player and game: games played, won, lost and drawn, counted by SQLite from
    /// the history. Alice and alice are one player. By player, then game.
    pub fn standings(&self) -> Result<Vec<Standing>, DbError> {
        let conn = self.conn();
        // Each game counts once for each of its two seats, from that seat's side.
        let mut query = conn.prepare(
            "WITH seats (folded, name, game, outcome, ended) AS (
                 SELECT first_folded, first_name, game,
                        CASE result WHEN 'first' THEN 'won' WHEN 'second' THEN 'lost'
                                    ELSE 'drawn' END,
                        ended
                 FROM history
                 UNION ALL
                 SELECT second_folded, second_name, game,
                        CASE result WHEN 'second' THEN 'won' WHEN 'first' THEN 'lost'
                                    ELSE 'drawn' END,
                        ended
                 FROM history
             )
             SELECT coalesce(players.name,
                             (SELECT s.name FROM seats s WHERE s.folded = seats.folded
                              ORDER BY s.ended DESC LIMIT 1)),
                    seats.game,
                    count(*),
                    sum(outcome = 'won'),
                    sum(outcome = 'lost'),
                    sum(outcome = 'drawn')
             FROM seats LEFT JOIN players ON players.folded = seats.folded
             GROUP BY seats.folded, seats.game
             ORDER BY seats.folded, seats.game",
        )?;
        let standings = query
            .query_map([], |row| {
                Ok(Standing {
                    player: row.get(0)?,
                    game: row.get(1)?,
                    played: row.get(2)?,
                    won: row.get(3)?,
                    lost: row.get(4)?,
                    drawn: row.get(5)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(standings)
    }
}

/// A history row before its record is read (a bad record is reported with its id).
struct HistoryRow {
    id: i64,
    game: String,
    names: [String; 2],
    result: String,
    how: String,
    ended: i64,
    record: String,
}

impl HistoryRow {
    fn read(row: &Row<'_>) -> rusqlite::Result<HistoryRow> {
        Ok(HistoryRow {
            id: row.get(0)?,
            game: row.get(1)?,
            names: [row.get(2)?, row.get(3)?],
            result: row.get(4)?,
            how: row.get(5)?,
            ended: row.get(6)?,
            record: row.get(7)?,
        })
    }

    fn entry(self) -> Result<HistoryEntry, DbError> {
        // Ids were written from a u64, so they are not negative.
        let id = u64::try_from(self.id).unwrap_or_default();
        let result = match self.result.as_str() {
            "first" => ResultRecord::First,
            "second" => ResultRecord::Second,
            // The table's CHECK allows only first, second and draw.
            _ => ResultRecord::Draw,
        };
        let record =
            serde_json::from_str(&self.record).map_err(|source| DbError::Record { id, source })?;
        Ok(HistoryEntry {
            id,
            game: self.game,
            names: self.names,
            result,
            how: self.how,
            ended: self.ended,
            record,
        })
    }
}
