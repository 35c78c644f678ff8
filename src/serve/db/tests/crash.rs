//! A server killed in the middle of writing loses nothing it had written: a child
//! process (this test binary again, running only `crash_writer`) writes matches in a
//! loop and says each write once it is committed; it is killed with SIGKILL, and the
//! database reopened holds every write it said, and is whole.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::{finished, stored};
use crate::serve::db::Db;
use crate::store::record::ResultRecord;

/// Where the child writes: set only for the child.
const CHILD_FILE: &str = "PARLOR_DB_CRASH_CHILD_FILE";

/// How far a match got, in the order the child takes it: saved with two moves, a
/// third move added, finished (every third match).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Saved = 1,
    Moved = 2,
    Finished = 3,
}

impl Stage {
    fn word(self) -> &'static str {
        match self {
            Stage::Saved => "saved",
            Stage::Moved => "moved",
            Stage::Finished => "finished",
        }
    }

    fn last_for(id: u64) -> Stage {
        if id.is_multiple_of(3) {
            Stage::Finished
        } else {
            Stage::Moved
        }
    }
}

/// The child: writes until killed (bounded, should the parent be gone).
#[test]
#[ignore = "the writer that a_killed_writer_loses_no_committed_write starts and kills"]
fn crash_writer() {
    let Some(path) = std::env::var_os(CHILD_FILE) else {
        return;
    };
    let db = Db::open(std::path::Path::new(&path)).unwrap();
    let say = |stage: Stage, id: u64| println!("committed {} {id}", stage.word());
    for id in 1..=20_000 {
        let m = stored(id, ["alice", "bob"], &["d3", "c5"]);
        db.save_match(&m).unwrap();
        say(Stage::Saved, id);
        db.add_move(id, 2, "f6").unwrap();
        say(Stage::Moved, id);
        if Stage::last_for(id) == Stage::Finished {
            let mut done = finished(&m, ResultRecord::Draw);
            done.moves.push("f6".into());
            db.finish_match(id, &done, "agreed draw", 1).unwrap();
            say(Stage::Finished, id);
        }
    }
}

/// Reads the stage each match is at in the reopened database.
fn stages_in(db: &Db) -> BTreeMap<u64, Stage> {
    let mut stages = BTreeMap::new();
    for m in db.matches_in_progress().unwrap() {
        let stage = match m.record.moves.as_slice() {
            [a, b] if a == "d3" && b == "c5" => Stage::Saved,
            [a, b, c] if a == "d3" && b == "c5" && c == "f6" => Stage::Moved,
            moves => panic!("match {} in progress with moves {moves:?}", m.id),
        };
        stages.insert(m.id, stage);
    }
    for entry in db.history(None).unwrap() {
        assert_eq!(entry.record.moves, ["d3", "c5", "f6"], "match {}", entry.id);
        let before = stages.insert(entry.id, Stage::Finished);
        assert_eq!(
            before, None,
            "match {} both in progress and finished",
            entry.id
        );
    }
    stages
}

/// Starts a writer on `path`, kills it `delay` after it has said `lines` lines, and
/// returns every line it said.
fn kill_writer(path: &Path, lines: usize, delay: Duration) -> Vec<String> {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "serve::db::tests::crash::crash_writer"])
        .args(["--ignored", "--nocapture", "--test-threads=1"])
        .env(CHILD_FILE, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The child's lines, read on a thread so a silent child cannot hang the test.
    let stdout = child.stdout.take().unwrap();
    let (send, heard) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut said = Vec::new();
    while said.len() < lines {
        match heard.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => said.push(line),
            Err(e) => {
                let _ = child.kill();
                panic!("the writer went quiet after {} lines: {e}", said.len());
            }
        }
    }
    std::thread::sleep(delay);
    child.kill().unwrap();
    child.wait().unwrap();
    reader.join().unwrap();
    // What it said between the last line read and its death was committed too.
    said.extend(heard.try_iter());
    said
}

/// The stage of each match the writer said it had committed.
fn reported(said: &[String]) -> BTreeMap<u64, Stage> {
    let mut reported = BTreeMap::new();
    for line in said {
        let Some(rest) = line.strip_prefix("committed ") else {
            continue;
        };
        let (word, id) = rest.split_once(' ').unwrap();
        let stage = [Stage::Saved, Stage::Moved, Stage::Finished]
            .into_iter()
            .find(|s| s.word() == word)
            .unwrap();
        reported.insert(id.parse().unwrap(), stage);
    }
    reported
}

#[test]
fn a_killed_writer_loses_no_committed_write() {
    // Killed at a different point of its work each round: right after a line, or a
    // few writes later, in the middle of whatever write it was doing.
    for round in 0..8u32 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server.db");
        let said = kill_writer(
            &path,
            60 + 17 * round as usize,
            Duration::from_micros(700) * round,
        );
        let reported = reported(&said);
        assert!(reported.len() > 20, "round {round}: {said:?}");

        let db = Db::open(&path).unwrap();
        let integrity: String = db
            .conn()
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))
            .unwrap();
        assert_eq!(integrity, "ok", "round {round}");
        let stages = stages_in(&db);
        // Every write it said is there.
        for (id, stage) in &reported {
            let kept = stages.get(id).copied();
            assert!(
                kept >= Some(*stage),
                "round {round}, match {id}: said {stage:?}, kept {kept:?}"
            );
        }
        // Matches before the last it spoke of went all the way; at most one write (the
        // one the kill cut between its commit and its line) is there unsaid.
        let last = *reported.keys().max().unwrap();
        for id in 1..last {
            assert_eq!(
                stages.get(&id),
                Some(&Stage::last_for(id)),
                "round {round}, match {id}"
            );
        }
        let unsaid = stages
            .iter()
            .filter(|(id, stage)| reported.get(id) != Some(stage))
            .count();
        assert!(
            unsaid <= 1,
            "round {round}: {unsaid} writes the writer never said"
        );
        assert!(stages.keys().all(|&id| id <= last + 1), "round {round}");
    }
}
