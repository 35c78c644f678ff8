//! What saving a match after every move costs. Run: cargo bench --bench store
//!
//! `save_match` (the autosave: a temporary file, flushed to disk, renamed over the old
//! save, under the store's lock) against the yardstick of writing the same JSON with a
//! plain `fs::write`, which is neither atomic nor flushed; and `finish_match` (the
//! history read, a game added, written back) with 100 and 1000 games already kept; and
//! `menu_refresh`, what the menu reads on the UI thread when a game is left (the history,
//! the ratings fitted from it, every game's puzzle progress, the matches to resume).

use parlor::config::FirstMover;
use parlor::matchup::Difficulty;
use parlor::matchup::Mode;
use parlor::store::{MatchRecord, ResultRecord, SeatRecord, Store};

fn main() {
    divan::main();
}

/// A 60-move Othello game, as the autosave writes it near the end.
fn record(started: &str) -> MatchRecord {
    let moves: Vec<String> = (0..60)
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, 1 + i / 8))
        .collect();
    MatchRecord {
        game: "othello".into(),
        options: serde_json::json!({"level": "strong", "think_ms": 5000, "ascii": false}),
        mode: Mode::VsAi,
        first: FirstMover::You,
        difficulty: Difficulty::Perfect,
        level: "strong".into(),
        from_position: None,
        start: "---------------------------OX------XO--------------------------- X".into(),
        seats: [
            SeatRecord {
                name: "You".into(),
                ai: None,
            },
            SeatRecord {
                name: "AI".into(),
                ai: Some(Difficulty::Perfect),
            },
        ],
        moves,
        mistakes: vec![13, 40],
        hints: None,
        redo: vec![],
        seed: 42,
        started: started.into(),
        saved: started.into(),
        result: Some(ResultRecord::First),
        first_margin: Some(6),
        clock: None,
        ended_by: None,
        given: 0,
        aids: Default::default(),
    }
}

#[divan::bench]
fn save_match(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = Store::open(dir.path().to_path_buf());
    let mut game = record("2026-11-23T20:00:00Z");
    game.result = None;
    let slot = store.new_slot(&game);
    bencher.bench_local(|| assert!(store.save_match(&slot, divan::black_box(&game))));
}

#[divan::bench]
fn plain_write_yardstick(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("othello.json");
    let mut game = record("2026-11-23T20:00:00Z");
    game.result = None;
    bencher.bench_local(|| {
        let text = serde_json::to_vec_pretty(divan::black_box(&game)).expect("json");
        std::fs::write(&path, text).expect("written");
    });
}

#[divan::bench(args = [100, 1000])]
fn finish_match(bencher: divan::Bencher, kept: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = Store::open(dir.path().to_path_buf());
    for i in 0..kept {
        assert!(store.finish_match(None, &record(&format!("old-{i:05}"))));
    }
    let mut n = 0;
    bencher.bench_local(|| {
        n += 1;
        assert!(store.finish_match(None, &record(&format!("new-{n:05}"))));
    });
}

#[divan::bench(args = [100, 1000])]
fn menu_refresh(bencher: divan::Bencher, kept: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = Store::open(dir.path().to_path_buf());
    for i in 0..kept {
        assert!(store.finish_match(None, &record(&format!("old-{i:05}"))));
    }
    let games = parlor::arcade::registry();
    bencher.bench_local(|| {
        let history = store.history();
        let ratings = parlor::plugin::rating::rated::player_ratings(&games, &history);
        let puzzles = games
            .all()
            .filter(|g| !store.puzzle_progress(g.cli_name()).attempts.is_empty())
            .count();
        let saved = store.saved_matches().len();
        divan::black_box((history.len(), ratings.len(), puzzles, saved))
    });
}
