//! The players who came to the server, and the key each name is bound to: a name that
//! once joined with a key belongs to that key, so no one else can play under it.

use rusqlite::OptionalExtension;

use super::{Db, DbError, fold};

impl Db {
    /// `name` joined at `now` (seconds since 1970), with the fingerprint of its key if
    /// it used one. A new name is added; a known one gets its last visit and its
    /// spelling as typed this time. The first key a name joins with binds it; later keys
    /// change nothing. This only records: whether the key is the right one is the
    /// caller's check, with [`Db::key_of`], before.
    pub fn seen(&self, name: &str, key: Option<&str>, now: i64) -> Result<(), DbError> {
        self.conn().execute(
            "INSERT INTO players (folded, name, key, first_seen, last_seen)
             VALUES (?1, ?2, ?3, ?4, ?4)
             ON CONFLICT (folded) DO UPDATE SET
                 name = excluded.name,
                 key = coalesce(players.key, excluded.key),
                 last_seen = max(players.last_seen, excluded.last_seen)",
            (fold(name), name, key, now),
        )?;
        Ok(())
    }

    /// The key fingerprint `name` is bound to (whatever its case), if any.
    pub fn key_of(&self, name: &str) -> Result<Option<String>, DbError> {
        let key = self
            .conn()
            .query_row(
                "SELECT key FROM players WHERE folded = ?1",
                [fold(name)],
                |row| row.get::<_, Option<String>>(0),
            )
            .optional()?;
        Ok(key.flatten())
    }

    /// When `name` first and last came (seconds since 1970), if it ever did.
    pub fn visits(&self, name: &str) -> Result<Option<(i64, i64)>, DbError> {
        let seen = self
            .conn()
            .query_row(
                "SELECT first_seen, last_seen FROM players WHERE folded = ?1",
                [fold(name)],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        Ok(seen)
    }
}
