//! The database's tests: its schema versions, what survives a reopen and a crash, the
//! history's single move from "in progress" to "finished", and the counts.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::migrations::{self, STEPS};
use super::*;
use crate::matchup::{Difficulty, FirstMover, Mode};
use crate::store::record::{MatchRecord, ResultRecord, SeatRecord};

mod crash;

/// A match between two people of `game`, with `moves`, ending in `result`.
pub(super) fn record(game: &str, names: [&str; 2], moves: &[&str]) -> MatchRecord {
    let seat = |name: &str| SeatRecord {
        name: name.into(),
        ai: None,
    };
    MatchRecord {
        game: game.into(),
        options: serde_json::json!({ "size": 8 }),
        mode: Mode::TwoPlayers,
        first: FirstMover::You,
        difficulty: Difficulty::Perfect,
        level: "perfect".into(),
        from_position: None,
        start: "start".into(),
        seats: [seat(names[0]), seat(names[1])],
        moves: moves.iter().map(|m| m.to_string()).collect(),
        mistakes: Vec::new(),
        hints: None,
        redo: Vec::new(),
        seed: 7,
        started: "2026-01-01T00:00:00Z".into(),
        saved: "2026-01-01T00:10:00Z".into(),
        result: None,
        first_margin: None,
        clock: None,
        ended_by: None,
        given: 0,
        aids: Default::default(),
    }
}

/// Match `id` of Othello in progress between `names`, owned by a key and a seat code.
pub(super) fn stored(id: u64, names: [&str; 2], moves: &[&str]) -> StoredMatch {
    StoredMatch {
        id,
        record: record("othello", names, moves),
        names: names.map(String::from),
        owners: [
            StoredOwner::Key(format!("SHA256:key-of-{}", names[0])),
            StoredOwner::Code(format!("{:06}", id * 1111)),
        ],
    }
}

/// `m`'s record, finished with `result`.
fn finished(m: &StoredMatch, result: ResultRecord) -> MatchRecord {
    MatchRecord {
        result: Some(result),
        ..m.record.clone()
    }
}

fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("server.db");
    (dir, path)
}

fn ids(entries: &[HistoryEntry]) -> Vec<u64> {
    entries.iter().map(|e| e.id).collect()
}

/// The tables of the file at `path`, read without parlor.
fn tables(path: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut query = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap();
    query
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn db_is_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Db>();
}

#[test]
fn an_empty_file_is_brought_to_the_current_version() {
    let (_dir, path) = temp_db();
    std::fs::File::create(&path).unwrap();
    let db = Db::open(&path).unwrap();
    let conn = db.conn();
    assert_eq!(migrations::version(&conn).unwrap(), STEPS.len() as i64);
    let pragma = |name: &str| -> String {
        conn.pragma_query_value(None, name, |row| row.get::<_, rusqlite::types::Value>(0))
            .map(|v| format!("{v:?}"))
            .unwrap()
    };
    assert_eq!(pragma("journal_mode"), r#"Text("wal")"#);
    // 2 is FULL.
    assert_eq!(pragma("synchronous"), "Integer(2)");
    assert_eq!(pragma("foreign_keys"), "Integer(1)");
    drop(conn);
    drop(db);
    assert_eq!(
        tables(&path),
        ["history", "match_moves", "matches", "players"]
    );
}

#[test]
fn a_missing_file_is_created() {
    let (_dir, path) = temp_db();
    Db::open(&path).unwrap();
    assert!(path.is_file());
    assert_eq!(
        tables(&path),
        ["history", "match_moves", "matches", "players"]
    );
}

#[test]
fn a_failed_migration_step_leaves_the_version_before_it() {
    let (_dir, path) = temp_db();
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    let steps = [STEPS[0], "CREATE TABLE extra (a); THIS IS NOT SQL"];
    let err = migrations::migrate(&mut conn, &path, &steps).unwrap_err();
    assert!(
        matches!(err, DbError::Migration { version: 2, .. }),
        "{err:?}"
    );
    assert_eq!(migrations::version(&conn).unwrap(), 1);
    drop(conn);
    // The first statement of the failed step was taken back with it.
    assert!(!tables(&path).contains(&"extra".to_string()));
    // And the good steps still open.
    Db::open(&path).unwrap();
}

#[test]
fn a_newer_version_is_refused_naming_the_file_and_both_versions() {
    let (_dir, path) = temp_db();
    drop(Db::open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", 99).unwrap();
    drop(conn);
    let err = Db::open(&path).err().unwrap();
    assert!(
        matches!(
            err,
            DbError::TooNew {
                found: 99,
                known: 1,
                ..
            }
        ),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(text.contains(&path.display().to_string()), "{text}");
    assert!(text.contains("version 99"), "{text}");
    assert!(text.contains("up to 1"), "{text}");
    // Left as it was.
    let conn = rusqlite::Connection::open(&path).unwrap();
    assert_eq!(migrations::version(&conn).unwrap(), 99);
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_alone() {
    let (_dir, path) = temp_db();
    let garbage = "these are the player's notes, not a database\n".repeat(100);
    std::fs::write(&path, &garbage).unwrap();
    let err = Db::open(&path).err().unwrap();
    assert!(matches!(err, DbError::NotADatabase { .. }), "{err:?}");
    let text = err.to_string();
    assert!(text.contains(&path.display().to_string()), "{text}");
    assert!(text.contains("not a database"), "{text}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), garbage);
}

#[test]
fn reopening_keeps_players_matches_and_history() {
    let (_dir, path) = temp_db();
    let playing = stored(3, ["Alice", "bob"], &["d3", "c5", "e6"]);
    let done = stored(4, ["carol", "dave"], &["f5"]);
    {
        let db = Db::open(&path).unwrap();
        db.seen("Alice", Some("SHA256:a"), 100).unwrap();
        db.seen("bob", None, 110).unwrap();
        db.save_match(&playing).unwrap();
        db.add_move(3, 3, "f4").unwrap();
        db.save_match(&done).unwrap();
        db.finish_match(4, &finished(&done, ResultRecord::Second), "resigned", 500)
            .unwrap();
    }
    let db = Db::open(&path).unwrap();
    assert_eq!(db.key_of("alice").unwrap().as_deref(), Some("SHA256:a"));
    assert_eq!(db.visits("bob").unwrap(), Some((110, 110)));
    assert_eq!(db.key_of("bob").unwrap(), None);
    let mut expected = playing.clone();
    expected.record.moves.push("f4".into());
    assert_eq!(db.matches_in_progress().unwrap(), [expected]);
    let history = db.history(None).unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(
        (history[0].id, &history[0].game, &history[0].names),
        (4, &"othello".to_string(), &["carol".into(), "dave".into()])
    );
    assert_eq!(
        (history[0].result, history[0].how.as_str(), history[0].ended),
        (ResultRecord::Second, "resigned", 500)
    );
    assert_eq!(history[0].record, finished(&done, ResultRecord::Second));
    assert_eq!(db.next_match_id().unwrap(), 5);
}

#[test]
fn saving_a_match_again_replaces_it_moves_and_owners_included() {
    let db = Db::open_in_memory().unwrap();
    db.save_match(&stored(1, ["a", "b"], &["x", "y", "z"]))
        .unwrap();
    let mut again = stored(1, ["a", "b"], &["x"]);
    again.owners[1] = StoredOwner::Key("SHA256:b".into());
    db.save_match(&again).unwrap();
    assert_eq!(db.matches_in_progress().unwrap(), [again]);
}

#[test]
fn moves_are_added_one_by_one_and_in_order() {
    let db = Db::open_in_memory().unwrap();
    db.save_match(&stored(1, ["a", "b"], &["x"])).unwrap();
    db.add_move(1, 1, "y").unwrap();
    let err = db.add_move(1, 1, "y again").unwrap_err();
    assert!(
        matches!(
            err,
            DbError::MoveOutOfOrder {
                id: 1,
                ply: 1,
                stored: 2
            }
        ),
        "{err:?}"
    );
    let err = db.add_move(1, 5, "skipped").unwrap_err();
    assert!(matches!(err, DbError::MoveOutOfOrder { stored: 2, .. }));
    let err = db.add_move(2, 0, "nowhere").unwrap_err();
    assert!(matches!(err, DbError::NotInProgress(2)), "{err:?}");
    db.add_move(1, 2, "z").unwrap();
    assert_eq!(
        db.matches_in_progress().unwrap()[0].record.moves,
        ["x", "y", "z"]
    );
}

#[test]
fn dropping_a_match_forgets_it_and_its_moves() {
    let db = Db::open_in_memory().unwrap();
    db.save_match(&stored(1, ["a", "b"], &["x", "y"])).unwrap();
    db.save_match(&stored(2, ["c", "d"], &["w"])).unwrap();
    assert!(db.drop_match(1).unwrap());
    assert!(!db.drop_match(1).unwrap());
    assert_eq!(
        db.matches_in_progress().unwrap(),
        [stored(2, ["c", "d"], &["w"])]
    );
    let orphans: i64 = db
        .conn()
        .query_row(
            "SELECT count(*) FROM match_moves WHERE match_id = 1",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(orphans, 0);
    // Its id is still not handed out again.
    assert_eq!(db.next_match_id().unwrap(), 3);
}

#[test]
fn the_next_match_id_is_past_every_match_in_progress_or_finished() {
    let db = Db::open_in_memory().unwrap();
    assert_eq!(db.next_match_id().unwrap(), 1);
    let old = stored(9, ["a", "b"], &[]);
    db.save_match(&old).unwrap();
    db.save_match(&stored(4, ["c", "d"], &[])).unwrap();
    assert_eq!(db.next_match_id().unwrap(), 10);
    db.finish_match(9, &finished(&old, ResultRecord::Draw), "agreed draw", 1)
        .unwrap();
    assert_eq!(db.next_match_id().unwrap(), 10);
}

#[test]
fn finishing_moves_a_match_from_in_progress_to_the_history() {
    let db = Db::open_in_memory().unwrap();
    let m = stored(1, ["Alice", "bob"], &["a", "b"]);
    db.save_match(&m).unwrap();
    db.save_match(&stored(2, ["carol", "dave"], &[])).unwrap();
    db.finish_match(1, &finished(&m, ResultRecord::First), "played out", 50)
        .unwrap();
    let left: Vec<u64> = db
        .matches_in_progress()
        .unwrap()
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(left, [2]);
    let history = db.history(None).unwrap();
    assert_eq!(ids(&history), [1]);
    assert_eq!(history[0].record.moves, ["a", "b"]);
    assert_eq!(history[0].names, ["Alice", "bob"]);
}

/// Everything the database holds, to compare before and after a refused write.
fn everything(db: &Db) -> (Vec<StoredMatch>, Vec<HistoryEntry>, Vec<Standing>) {
    (
        db.matches_in_progress().unwrap(),
        db.history(None).unwrap(),
        db.standings().unwrap(),
    )
}

#[test]
fn a_refused_finish_changes_nothing() {
    let db = Db::open_in_memory().unwrap();
    let m = stored(1, ["a", "b"], &["x"]);
    db.save_match(&m).unwrap();
    db.finish_match(1, &finished(&m, ResultRecord::First), "time", 10)
        .unwrap();
    // The same id in progress again (a bug elsewhere): its finish cannot add a second
    // row under the id, and must not lose the match either.
    let again = stored(1, ["a", "b"], &["x", "y"]);
    db.save_match(&again).unwrap();
    let before = everything(&db);

    let err = db
        .finish_match(1, &finished(&again, ResultRecord::Second), "time", 20)
        .unwrap_err();
    assert!(matches!(err, DbError::Sql(_)), "{err:?}");
    assert_eq!(everything(&db), before);

    let err = db
        .finish_match(7, &finished(&again, ResultRecord::Second), "time", 20)
        .unwrap_err();
    assert!(matches!(err, DbError::NotInProgress(7)), "{err:?}");
    assert_eq!(everything(&db), before);

    let err = db.finish_match(1, &again.record, "time", 20).unwrap_err();
    assert!(matches!(err, DbError::Unfinished(1)), "{err:?}");
    assert_eq!(everything(&db), before);
}

/// Four games, worked by hand:
/// 1. Alice (first) beats bob at Othello;
/// 2. bob and alice draw at Othello;
/// 3. Carol (second) beats ALICE at Nim;
/// 4. carol (first) beats Bob at Othello.
fn four_games() -> Db {
    let db = Db::open_in_memory().unwrap();
    // Alice joined as "alice" first, then as "Alice": shown as she last joined.
    db.seen("alice", Some("SHA256:a"), 1).unwrap();
    db.seen("Alice", Some("SHA256:a"), 2).unwrap();
    let games = [
        (1, "othello", ["Alice", "bob"], ResultRecord::First, 100),
        (2, "othello", ["bob", "alice"], ResultRecord::Draw, 200),
        (3, "nim", ["ALICE", "Carol"], ResultRecord::Second, 300),
        (4, "othello", ["carol", "Bob"], ResultRecord::First, 400),
    ];
    for (id, game, names, result, ended) in games {
        let mut m = stored(id, names, &["m"]);
        m.record.game = game.into();
        db.save_match(&m).unwrap();
        db.finish_match(id, &finished(&m, result), "played out", ended)
            .unwrap();
    }
    db
}

fn standing(player: &str, game: &str, counts: [u32; 4]) -> Standing {
    let [played, won, lost, drawn] = counts;
    Standing {
        player: player.into(),
        game: game.into(),
        played,
        won,
        lost,
        drawn,
    }
}

#[test]
fn standings_count_each_player_per_game_whatever_the_case_of_the_name() {
    let db = four_games();
    assert_eq!(
        db.standings().unwrap(),
        [
            standing("Alice", "nim", [1, 0, 1, 0]),
            standing("Alice", "othello", [2, 1, 0, 1]),
            // bob never `seen`: named as in his latest game (4).
            standing("Bob", "othello", [3, 0, 2, 1]),
            standing("carol", "nim", [1, 1, 0, 0]),
            standing("carol", "othello", [1, 1, 0, 0]),
        ]
    );
}

#[test]
fn the_standings_read_as_a_table() {
    let db = four_games();
    assert_eq!(
        standings_text(&db.standings().unwrap()),
        "\
Player  Game     Played  Won  Lost  Drawn
Alice   nim           1    0     1      0
Alice   othello       2    1     0      1
Bob     othello       3    0     2      1
carol   nim           1    1     0      0
carol   othello       1    1     0      0
"
    );
    assert_eq!(
        standings_text(&[]),
        "No games finished on this server yet.\n"
    );
}

#[test]
fn the_history_is_newest_first_and_filters_either_seat_whatever_the_case() {
    let db = four_games();
    assert_eq!(ids(&db.history(None).unwrap()), [4, 3, 2, 1]);
    assert_eq!(ids(&db.history(Some("BOB")).unwrap()), [4, 2, 1]);
    assert_eq!(ids(&db.history(Some("alice")).unwrap()), [3, 2, 1]);
    assert_eq!(ids(&db.history(Some("carol")).unwrap()), [4, 3]);
    assert!(db.history(Some("nobody")).unwrap().is_empty());
}

#[test]
fn the_first_key_binds_a_name_whatever_its_case() {
    let db = Db::open_in_memory().unwrap();
    assert_eq!(db.key_of("alice").unwrap(), None);
    db.seen("alice", None, 10).unwrap();
    // Without a key she is not bound yet.
    assert_eq!(db.key_of("alice").unwrap(), None);
    db.seen("Alice", Some("SHA256:first"), 20).unwrap();
    assert_eq!(db.key_of("ALICE").unwrap().as_deref(), Some("SHA256:first"));
    db.seen("alice", Some("SHA256:second"), 30).unwrap();
    db.seen("alice", None, 40).unwrap();
    assert_eq!(db.key_of("alice").unwrap().as_deref(), Some("SHA256:first"));
    assert_eq!(db.visits("aLiCe").unwrap(), Some((10, 40)));
    // One player, not three.
    let players: i64 = db
        .conn()
        .query_row("SELECT count(*) FROM players", [], |row| row.get(0))
        .unwrap();
    assert_eq!(players, 1);
    // Another name is another player.
    assert_eq!(db.key_of("alicia").unwrap(), None);
}

#[test]
fn two_threads_writing_through_one_db_both_land() {
    let db = Arc::new(Db::open_in_memory().unwrap());
    let writers: Vec<_> = [0u64, 1]
        .into_iter()
        .map(|thread| {
            let db = db.clone();
            std::thread::spawn(move || {
                for i in 0..50 {
                    let id = 1 + thread + 2 * i;
                    db.save_match(&stored(id, ["a", "b"], &["x"])).unwrap();
                    db.add_move(id, 1, "y").unwrap();
                    db.seen(&format!("player{id}"), None, 1).unwrap();
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().unwrap();
    }
    let matches = db.matches_in_progress().unwrap();
    assert_eq!(
        matches.iter().map(|m| m.id).collect::<Vec<_>>(),
        (1..=100).collect::<Vec<_>>()
    );
    assert!(matches.iter().all(|m| m.record.moves == ["x", "y"]));
    assert!(db.visits("player1").unwrap().is_some());
    assert!(db.visits("player100").unwrap().is_some());
}

#[test]
fn a_thread_that_panicked_holding_the_connection_does_not_stop_the_others() {
    let db = Arc::new(Db::open_in_memory().unwrap());
    let holder = db.clone();
    let panicked = std::thread::spawn(move || {
        let _conn = holder.conn();
        panic!("a bug while writing");
    })
    .join();
    assert!(panicked.is_err());
    db.seen("alice", Some("SHA256:a"), 1).unwrap();
    assert_eq!(db.key_of("alice").unwrap().as_deref(), Some("SHA256:a"));
}

/// The writer does the lobby's writes in the order they were asked for, off the
/// caller's thread; `flush` returns once they are all in, and a dropped writer finishes
/// its queue first.
#[test]
fn the_writer_writes_in_order_and_flush_waits_for_it() {
    let db = Arc::new(Db::open_in_memory().unwrap());
    let writer = Writer::start(db.clone()).unwrap();
    for n in 1..=30 {
        let moves: Vec<String> = (0..n).map(|i| format!("m{i}")).collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        writer.save(stored(7, ["ann", "bo"], &moves));
    }
    writer.flush();
    let in_progress = db.matches_in_progress().unwrap();
    assert_eq!(in_progress.len(), 1);
    assert_eq!(
        in_progress[0].record.moves.len(),
        30,
        "the last write is the one kept"
    );
    let mut last = stored(7, ["ann", "bo"], &["m0"]);
    last.record = finished(&last, ResultRecord::First);
    writer.finish(last, "played to the end".into(), 1_800_000_000);
    drop(writer);
    assert!(db.matches_in_progress().unwrap().is_empty());
    assert_eq!(ids(&db.history(None).unwrap()), vec![7]);
}
