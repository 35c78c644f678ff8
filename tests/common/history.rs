//! Hand-made histories of finished games, for the statistics tests: records built
//! field by field and written through the store, as the arcade writes them.
#![allow(dead_code)]

use std::path::Path;

use parlor::matchup::Difficulty;
use parlor::matchup::{FirstMover, Mode};
use parlor::store::{MatchRecord, ResultRecord, SeatRecord, Store};

fn seat(name: &str, ai: Option<Difficulty>) -> SeatRecord {
    SeatRecord {
        name: name.into(),
        ai,
    }
}

/// A finished game. `person_first` says where the person sat against the AI (and is
/// ignored in the other modes).
pub fn record(
    game: &str,
    level: &str,
    mode: Mode,
    person_first: bool,
    result: ResultRecord,
    first_margin: Option<i32>,
) -> MatchRecord {
    let ai = Some(Difficulty::Perfect);
    let seats = match (mode, person_first) {
        (Mode::VsAi, true) => [seat("You", None), seat("AI", ai)],
        (Mode::VsAi, false) => [seat("AI", ai), seat("You", None)],
        (Mode::TwoPlayers, _) => [seat("Player 1", None), seat("Player 2", None)],
        (Mode::AiVsAi, _) => [seat("AI 1", ai), seat("AI 2", ai)],
    };
    MatchRecord {
        game: game.into(),
        options: serde_json::Value::Null,
        mode,
        first: if person_first {
            FirstMover::You
        } else {
            FirstMover::Ai
        },
        difficulty: Difficulty::Perfect,
        level: level.into(),
        from_position: None,
        start: String::new(),
        seats,
        // Both sides moved (a game over before that is not rated); the moves are
        // never replayed here.
        moves: vec!["1".into(), "2".into()],
        mistakes: Vec::new(),
        hints: None,
        redo: Vec::new(),
        seed: 1,
        started: "2026-03-01T10:00:00Z".into(),
        saved: "2026-03-01T10:05:00Z".into(),
        result: Some(result),
        first_margin,
        clock: None,
        ended_by: None,
        given: 0,
        aids: Default::default(),
    }
}

/// A person moving first against the AI at `level`: won or lost.
pub fn vs_ai(game: &str, level: &str, won: bool) -> MatchRecord {
    let result = if won {
        ResultRecord::First
    } else {
        ResultRecord::Second
    };
    record(game, level, Mode::VsAi, true, result, None)
}

/// A history with every kind of row: two Nim levels (the perfect one's streak broken by
/// a loss), games of two people, Othello with margins from both colours, a draw in
/// Chopsticks, AI against AI in 1-3-5-7.
pub fn sample() -> Vec<MatchRecord> {
    let mut games = vec![
        vs_ai("nim", "perfect", true),
        vs_ai("nim", "perfect", true),
        vs_ai("nim", "perfect", false),
        vs_ai("nim", "casual", true),
        vs_ai("nim", "perfect", true),
        record(
            "nim",
            "perfect",
            Mode::TwoPlayers,
            true,
            ResultRecord::First,
            None,
        ),
        record(
            "nim",
            "perfect",
            Mode::TwoPlayers,
            true,
            ResultRecord::Second,
            None,
        ),
        record(
            "nim",
            "perfect",
            Mode::TwoPlayers,
            true,
            ResultRecord::First,
            None,
        ),
        record(
            "1357",
            "perfect",
            Mode::AiVsAi,
            true,
            ResultRecord::Second,
            None,
        ),
        record(
            "chopsticks",
            "strong",
            Mode::VsAi,
            false,
            ResultRecord::Draw,
            None,
        ),
        // Black (first) wins by 12; then the person plays white and wins by 6, and
        // loses by 2: (12 + 6 - 2) / 3 = 5.33.
        record(
            "othello",
            "benedict",
            Mode::VsAi,
            true,
            ResultRecord::First,
            Some(12),
        ),
        record(
            "othello",
            "benedict",
            Mode::VsAi,
            false,
            ResultRecord::Second,
            Some(-6),
        ),
        record(
            "othello",
            "benedict",
            Mode::VsAi,
            false,
            ResultRecord::First,
            Some(2),
        ),
        record(
            "othello",
            "exact",
            Mode::VsAi,
            true,
            ResultRecord::Second,
            Some(-20),
        ),
        vs_ai("wl", "beginner", true),
    ];
    // Each its own match (the store counts a match finished again once), a minute apart.
    for (i, game) in games.iter_mut().enumerate() {
        game.seed = i as u64;
        game.started = format!("2026-03-01T10:{i:02}:00Z");
        game.saved = format!("2026-03-01T10:{i:02}:30Z");
    }
    games
}

/// Writes `records` as the history of the store in `dir`, one finished game at a time.
pub fn write(dir: &Path, records: &[MatchRecord]) {
    let mut store = Store::open(dir.to_path_buf());
    for r in records {
        assert!(
            store.finish_match(None, r),
            "history written in {}",
            dir.display()
        );
    }
}

/// Nim against the AI on 3, 4, 5 (`misere`: misère), the person moving first (the
/// winning side, so the game is rated) at `level`, won or lost.
pub fn nim_rated(level: &str, misere: bool, won: bool) -> MatchRecord {
    let mut r = vs_ai("nim", level, won);
    r.options =
        serde_json::json!({"piles": [3, 4, 5], "preset": "three-four-five", "misere": misere});
    r.start = "3,4,5".into();
    r
}

/// A history of rated games: Nim in two variants, wins and losses at every level (a
/// rating that climbs, dips and climbs), one game from a typed position and one from
/// the losing side (neither rated), and an Othello game.
pub fn rated() -> Vec<MatchRecord> {
    let mut games = Vec::new();
    for (i, (level, won)) in [
        ("beginner", true),
        ("beginner", true),
        ("casual", true),
        ("casual", false),
        ("casual", true),
        ("strong", true),
        ("strong", false),
        ("perfect", false),
        ("strong", true),
        ("perfect", true),
        ("perfect", false),
        ("perfect", true),
    ]
    .into_iter()
    .enumerate()
    {
        games.push(nim_rated(level, i % 3 == 2, won));
    }
    let mut typed = nim_rated("perfect", false, false);
    typed.from_position = Some("1,2,3".into());
    typed.start = "1,2,3".into();
    games.push(typed);
    let mut losing_side = nim_rated("perfect", false, false);
    losing_side.seats.swap(0, 1);
    losing_side.first = FirstMover::Ai;
    losing_side.result = Some(ResultRecord::First);
    games.push(losing_side);
    games.push(record(
        "othello",
        "benedict",
        Mode::VsAi,
        true,
        ResultRecord::First,
        Some(10),
    ));
    for (i, game) in games.iter_mut().enumerate() {
        game.seed = 100 + i as u64;
        game.started = format!("2026-03-{:02}T10:00:00Z", i + 1);
        game.saved = format!("2026-03-{:02}T10:05:00Z", i + 1);
    }
    games
}
