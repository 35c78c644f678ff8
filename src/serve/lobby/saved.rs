//! The lobby's matches in the server's database: each match is written when it starts
//! and after every move (with its clocks), and when it ends it moves to the history
//! with both names and how it ended. A server started again puts every match in
//! progress back, both seats waiting for their owners.

use std::sync::Arc;

use super::table::{Owner, Table};
use super::{Lobby, State};
use crate::clock::{Clock, ClockRecord};
use crate::config::Config;
use crate::game::Seat as Side;
use crate::matchup::Mode;
use crate::plugin::{GameSetup, Registry};
use crate::serve::db::{Db, StoredMatch, StoredOwner, Writer};
use crate::store::{MatchRecord, ResultRecord, SeatRecord};
use crate::tui::online::{Ending, OnlineEvent};

/// A match as the database keeps it: the shared record format, both names and owners.
fn stored(id: u64, table: &Table) -> StoredMatch {
    let setup = &table.setup;
    let now = table.time.now_ms();
    let seat = |i: usize| SeatRecord {
        name: table.names[i].clone(),
        ai: None,
    };
    let record = MatchRecord {
        game: setup.game.cli_name().to_string(),
        options: setup.options.to_json(),
        mode: Mode::TwoPlayers,
        first: setup.matchup.first,
        difficulty: setup.matchup.difficulty,
        level: String::new(),
        from_position: table.offered.position.clone(),
        start: setup.position.clone().unwrap_or_default(),
        seats: [seat(0), seat(1)],
        moves: table.moves.clone(),
        mistakes: Vec::new(),
        hints: None,
        redo: Vec::new(),
        seed: 0,
        started: table.started.clone(),
        saved: crate::store::record::now(),
        result: table.ended.as_ref().map(|e| match e.winner {
            Some(Side::First) => ResultRecord::First,
            Some(Side::Second) => ResultRecord::Second,
            None => ResultRecord::Draw,
        }),
        first_margin: None,
        clock: table.clock.as_ref().map(|c| ClockRecord {
            control: c.control,
            left: c.both(now),
        }),
        ended_by: table.ended.as_ref().and_then(|e| e.by),
        given: 0,
        aids: Default::default(),
    };
    let owner = |o: &Owner| match o {
        Owner::Key(k) => StoredOwner::Key(k.clone()),
        Owner::Code(c) => StoredOwner::Code(c.clone()),
    };
    StoredMatch {
        id,
        record,
        names: table.names.clone(),
        owners: [owner(&table.owners[0]), owner(&table.owners[1])],
    }
}

impl State {
    /// Match `id` ended: `to` hear how, and the end is written.
    pub(super) fn ended(&mut self, db: Option<&Writer>, id: u64, ending: Ending, to: &[u64]) {
        Lobby::tell_all(self, to, &OnlineEvent::Ended { id, ending });
        self.store(db, id);
    }

    /// Writes match `id` as it stands: in progress, or (once) into the history. The
    /// write is queued (see `db::Writer`): it is done in order, after the lock.
    pub(super) fn store(&mut self, db: Option<&Writer>, id: u64) {
        let Some(db) = db else {
            return;
        };
        let Some(table) = self.matches.get_mut(&id) else {
            return;
        };
        if table.archived {
            return;
        }
        let match_ = stored(id, table);
        match &table.ended {
            Some(ending) => {
                // In the database until now: from there to the history, in one step.
                db.finish(match_, ending.how.clone(), crate::serve::seconds_now());
                table.archived = true;
            }
            None => db.save(match_),
        }
    }
}

impl Lobby {
    /// Writes every match in progress as it stands now, its clocks as they read (the
    /// server stops: the time thought since the last move is not given back).
    pub fn save_all(&self) {
        let mut state = self.state();
        let ids: Vec<u64> = state.matches.keys().copied().collect();
        for id in ids {
            state.store(self.db(), id);
        }
        drop(state);
        self.flush();
    }

    /// Puts back the matches in progress the database holds, both seats away; the
    /// ids go on after the largest the database knows. Returns how many came back.
    pub fn restore(&self, db: &Db, games: &Registry, config: &Config) -> usize {
        let mut state = self.state();
        if let Ok(next) = db.next_match_id() {
            state.next_id = state.next_id.max(next.saturating_sub(1));
        }
        let saved = match db.matches_in_progress() {
            Ok(saved) => saved,
            Err(e) => {
                eprintln!("parlor serve: the matches in progress could not be read: {e}");
                return 0;
            }
        };
        let mut back = 0;
        for m in saved {
            match self.table_of(&m, games, config) {
                Ok(table) => {
                    state.matches.insert(m.id, table);
                    back += 1;
                }
                Err(why) => {
                    eprintln!("parlor serve: match {} not resumed: {why}", m.id);
                }
            }
        }
        back
    }

    /// A saved match's table: its rules replaying its moves, its clocks stopped until
    /// both players are back (the time the server was down, and their way back, not
    /// counted).
    fn table_of(
        &self,
        m: &StoredMatch,
        games: &Registry,
        config: &Config,
    ) -> Result<Table, String> {
        let game = games
            .find(&m.record.game)
            .ok_or_else(|| format!("no game called {}", m.record.game))?;
        let setup = GameSetup::from_record(game, &m.record, config)?;
        let mut offered = setup.clone();
        offered.position = m.record.from_position.clone();
        let mut rng = <crate::seeds::GameRng as rand::SeedableRng>::seed_from_u64(0);
        let mut referee = game.kind().referee(&setup, &mut rng)?;
        for mv in &m.record.moves {
            referee
                .play(mv)
                .map_err(|e| format!("its move {mv}: {e}"))?;
        }
        let owner = |o: &StoredOwner| match o {
            StoredOwner::Key(k) => Owner::Key(k.clone()),
            StoredOwner::Code(c) => Owner::Code(c.clone()),
        };
        let to_move = referee.to_move().index();
        // No member has id 0: both seats wait for their owners.
        let mut table = Table::new(
            offered,
            setup,
            referee,
            [0, 0],
            m.names.clone(),
            [owner(&m.owners[0]), owner(&m.owners[1])],
            Arc::clone(&self.time),
        );
        table.moves = m.record.moves.clone();
        table.step_away(0);
        table.step_away(1);
        table.started = m.record.started.clone();
        let now = self.time.now_ms();
        table.clock = m
            .record
            .clock
            .map(|c| Clock::from_parts(c.control, c.left, None, now));
        let _ = to_move;
        Ok(table)
    }
}
