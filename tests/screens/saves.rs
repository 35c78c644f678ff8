//! Saved matches and the history: every game's match survives a save and a resume
//! (random play, some of it undone), the app saves after every move and offers the
//! match back on the menu, broken and future files are moved aside, a data directory
//! that cannot be written means no saving, and two writers at once lose nothing.

use std::path::Path;

use parlor::seeds::GameRng;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};

use parlor::config::Config;
use parlor::matchup::Mode;
use parlor::plugin::screen::GameScreen;
use parlor::plugin::{GameId, GameSetup, Registry, StartEnv};
use parlor::store::{MatchRecord, ResultRecord, SeatRecord, Store};
use parlor::tui::app::{Screen, Start};
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

/// Up to `max` random legal moves from the setup's start position (`at.position`),
/// played by two people on the game's own screen and read back from its record (a
/// forced move the board plays itself included).
fn line_for(game: GameId, at: &GameSetup, rng: &mut GameRng, max: usize) -> Vec<String> {
    let config = Config::default();
    let mut two = at.clone();
    two.matchup.mode = Mode::TwoPlayers;
    let mut screen = game.kind().start(two, &env(&config), rng);
    for _ in 0..max {
        let legal = screen.legal_moves_text();
        if legal.is_empty() {
            break;
        }
        let mv = &legal[rng.random_range(0..legal.len())];
        screen
            .play_text(mv)
            .unwrap_or_else(|e| panic!("{game:?}: {mv} was offered as legal: {e}"));
    }
    let moves = screen.record().expect("recorded").moves;
    assert!(
        moves.len() >= max.min(1) || screen.is_over(),
        "{game:?}: no move played"
    );
    moves
}

fn env(config: &Config) -> StartEnv<'_> {
    StartEnv {
        config,
        ai_delay_ms: 0,
        hints: false,
    }
}

/// A screen of `record`'s game put back from it, as the app resumes.
fn resumed(games: &Registry, record: &MatchRecord, config: &Config) -> Box<dyn GameScreen> {
    games.resume(record, &env(config)).expect("resumes")
}

/// The fields a save and its resume must agree on (not when it was written).
fn essence(r: &MatchRecord) -> MatchRecord {
    MatchRecord {
        saved: String::new(),
        result: None,
        first_margin: None,
        clock: None,
        ended_by: None,
        given: 0,
        aids: Default::default(),
        ..r.clone()
    }
}

/// A random match of `game` (of `games`), some of it undone, saved and resumed: the
/// resumed match's record is the saved one, and redo plays back what undo took.
pub(crate) fn round_trip(
    games: &Registry,
    game: GameId,
    mode: Mode,
    seed: u64,
    plies: usize,
    undone: usize,
) {
    let config = Config::default();
    let mut rng = GameRng::seed_from_u64(seed);
    let mut setup = GameSetup::from_config(game, &config);
    setup.matchup.mode = mode;
    let screen = game.kind().start(setup.clone(), &env(&config), &mut rng);
    let blank = screen.record().expect("two-player games are recorded");
    assert!(blank.moves.is_empty() && blank.redo.is_empty());
    // Random play from the screen's own start (random piles or letters included).
    let mut at = setup.clone();
    at.position = Some(blank.start.clone());
    let line = line_for(game, &at, &mut rng, plies);
    let kept = line.len().saturating_sub(undone);
    let mut record = blank.clone();
    record.moves = line[..kept].to_vec();
    record.redo = line[kept..].to_vec();
    record.mistakes = (0..kept).filter(|i| i % 3 == 1).collect();

    let mut back = resumed(games, &record, &config);
    let again = back.record().expect("recorded");
    assert_eq!(essence(&again), essence(&record), "{game:?} seed {seed}");
    assert_eq!(again.result.is_some(), back.is_over(), "{game:?}");
    assert_eq!(back.generation() > 0, !record.moves.is_empty());
    if !record.redo.is_empty() {
        assert!(!back.is_over(), "{game:?}: moves to redo, so not over");
    }

    // Redo plays the undone moves again, one at a time between two people.
    if mode == Mode::TwoPlayers {
        for _ in 0..undone {
            back.redo();
        }
        let full = back.record().expect("recorded");
        assert_eq!(
            full.moves, line,
            "{game:?}: redo replays what undo took back"
        );
        assert!(full.redo.is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn every_game_survives_save_and_resume(
        seed in any::<u64>(),
        plies in 0usize..40,
        undone in 0usize..4,
        two_players in any::<bool>(),
    ) {
        let mode = if two_players { Mode::TwoPlayers } else { Mode::VsAi };
        let games = parlor::arcade::registry();
        for game in games.all() {
            round_trip(&games, game, mode, seed, plies, undone);
        }
    }
}

fn finished(game: &str, started: &str, result: ResultRecord) -> MatchRecord {
    MatchRecord {
        game: game.into(),
        options: serde_json::Value::Null,
        mode: Mode::VsAi,
        first: parlor::config::FirstMover::You,
        difficulty: parlor::matchup::Difficulty::Perfect,
        level: "perfect".into(),
        from_position: None,
        start: "1,3,5,7".into(),
        seats: [
            SeatRecord {
                name: "You".into(),
                ai: None,
            },
            SeatRecord {
                name: "AI".into(),
                ai: Some(parlor::matchup::Difficulty::Perfect),
            },
        ],
        moves: vec!["1-1".into()],
        mistakes: vec![],
        hints: None,
        redo: vec![],
        seed: 1,
        started: started.into(),
        saved: started.into(),
        result: Some(result),
        first_margin: None,
        clock: None,
        ended_by: None,
        given: 0,
        aids: Default::default(),
    }
}

#[test]
fn two_writers_at_once_lose_no_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let path = dir.path().to_path_buf();
            std::thread::spawn(move || {
                // Each writer opens the store on its own, as another parlor would.
                let mut store = Store::open(path);
                for i in 0..15 {
                    let record = finished("nim", &format!("w{w}-{i:02}"), ResultRecord::First);
                    assert!(store.finish_match(None, &record), "writer {w} game {i}");
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer finished");
    }
    let mut store = Store::open(dir.path().to_path_buf());
    let history = store.history();
    assert_eq!(history.len(), 60, "every game of every writer is kept");
    assert!(store.take_notices().is_empty(), "nothing was unreadable");
    let mut names: Vec<&str> = history.iter().map(|g| g.started.as_str()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 60);
}

/// One of the processes of `two_processes_at_once_lose_no_game` (it does nothing when
/// run by hand).
#[test]
#[ignore = "a child process of two_processes_at_once_lose_no_game"]
fn history_writer_process() {
    let (Ok(dir), Ok(id)) = (
        std::env::var("PARLOR_TEST_WRITER_DIR"),
        std::env::var("PARLOR_TEST_WRITER_ID"),
    ) else {
        return;
    };
    let mut store = Store::open(dir.into());
    let mut slot = None;
    for i in 0..20 {
        let record = finished("nim", &format!("p{id}-{i:02}"), ResultRecord::Second);
        assert!(store.finish_match(None, &record), "process {id} game {i}");
        // A save written and cleared in between, as a game in progress would.
        let mut saving = record.clone();
        saving.game = format!("nim{id}");
        saving.result = None;
        let slot = slot.get_or_insert_with(|| store.new_slot(&saving));
        assert!(store.save_match(slot, &saving));
    }
}

#[test]
fn two_processes_at_once_lose_no_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let exe = std::env::current_exe().expect("the test binary");
    // The writer's test name: its module path without the crate's name.
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let writer = format!("{module}::history_writer_process");
    let children: Vec<_> = (0..3)
        .map(|id| {
            std::process::Command::new(&exe)
                .args(["--ignored", "--exact", &writer, "--test-threads=1"])
                .env("PARLOR_TEST_WRITER_DIR", dir.path())
                .env("PARLOR_TEST_WRITER_ID", id.to_string())
                .stdout(std::process::Stdio::null())
                .spawn()
                .expect("a writer process")
        })
        .collect();
    for mut child in children {
        assert!(child.wait().expect("writer exits").success());
    }
    let mut store = Store::open(dir.path().to_path_buf());
    let history = store.history();
    assert_eq!(history.len(), 60, "every game of every process is kept");
    assert!(store.take_notices().is_empty(), "no file was unreadable");
    assert_eq!(
        store.saved_matches().len(),
        3,
        "each process's save is whole"
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !["history.json", "parlor.lock", "saves"].contains(&n.as_str()))
        .collect();
    assert!(
        leftovers.is_empty(),
        "no temporary files left: {leftovers:?}"
    );
}

#[test]
fn a_match_finished_again_after_undo_counts_once_as_it_first_ended() {
    use parlor::store::Finished;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = Store::open(dir.path().to_path_buf());
    let a = finished("nim", "a", ResultRecord::Second);
    assert_eq!(store.finish(None, &a), Finished::Added);
    assert!(store.finish_match(None, &finished("nim", "b", ResultRecord::Second)));
    // Undone after its end and won instead: the loss stands (a result is not taken
    // back into another).
    assert_eq!(
        store.finish(None, &finished("nim", "a", ResultRecord::First)),
        Finished::EndedBefore
    );
    let history = store.history();
    assert_eq!(history.len(), 2);
    assert_eq!(history[0], a, "the first ending, as it was");
}

fn nim_game(dir: &Path) -> Harness {
    let mut setup = GameSetup::from_config(parlor::games::nim::ID, &Config::default());
    setup.position = Some("3,4,5".into());
    setup.matchup.mode = Mode::TwoPlayers;
    Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(setup),
        80,
        24,
        dir,
    )
}

/// The arcade's menu at 80x24 on the data directory `dir`: the next start.
fn menu_at(dir: &Path) -> Harness {
    Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
        dir,
    )
}

/// The files of `game`'s saved matches, one a match (`saves/<game>-<started>-<seed>.json`).
fn save_files(dir: &Path, game: &str) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join("saves")) else {
        return Vec::new();
    };
    let prefix = format!("{game}-");
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .is_some_and(|n| n.starts_with(&prefix) && n.ends_with(".json"))
        })
        .collect();
    files.sort();
    files
}

/// The one saved match of `game`.
fn save_file(dir: &Path, game: &str) -> std::path::PathBuf {
    let files = save_files(dir, game);
    assert_eq!(files.len(), 1, "one save of {game}: {files:?}");
    files[0].clone()
}

#[test]
fn the_app_saves_every_move_and_the_menu_offers_the_match_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_game(dir.path());
    assert!(
        save_files(dir.path(), "nim").is_empty(),
        "nothing played yet"
    );
    h.key(KeyCode::Enter);
    let text = std::fs::read_to_string(save_file(dir.path(), "nim")).expect("saved");
    assert!(text.contains("\"version\": 1"), "{text}");
    h.key(KeyCode::Enter);
    // At 80 columns Nim's footer keeps its keys rather than the mark.
    let wide = h.resize(100, 24).screen();
    assert!(wide.contains("✓ saved"), "{wide}");
    let before = h.resize(80, 24).screen();
    let record = match h.app.screen() {
        Screen::Game(g) => g.record().expect("recorded"),
        _ => panic!("a game is on"),
    };
    assert_eq!(record.moves.len(), 2);

    // Quit (nothing asked), start again: the menu offers it first.
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
    let mut again = menu_at(dir.path());
    let menu = again.screen();
    // The piles it started from go with the game's name, said as such (beside the
    // move number they read as where the match stands now).
    assert!(
        menu.contains("Resume Nim (from 3,4,5) · move 3 · two players ·"),
        "{menu}"
    );
    again.key(KeyCode::Enter);
    let after = again.screen();
    let resumed = match again.app.screen() {
        Screen::Game(g) => g.record().expect("recorded"),
        _ => panic!("resumed into the game:\n{after}"),
    };
    assert_eq!(essence(&resumed), essence(&record));
    // The same board, moves and turn (the AI's voice line says it resumed).
    // The same screen but for the voice lines near the bottom of the board panel
    // ("Resumed: move 3." where the slip was announced): the board, prediction and
    // moves above, the footer below.
    let board = |s: &str| -> Vec<String> {
        let lines: Vec<String> = s.lines().map(str::to_string).collect();
        let mut kept = lines[..19].to_vec();
        kept.push(lines[lines.len() - 1].clone());
        kept
    };
    assert_eq!(board(&after), board(&before));
}

/// Two parlors open at once on one data directory: a saved match on screen in one is
/// neither resumed nor forgotten in the other (each would save over the other's
/// moves), until the first lets it go.
#[test]
fn a_match_open_in_one_parlor_is_not_resumed_in_another() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = nim_game(dir.path());
    first.key(KeyCode::Enter);
    let saved = std::fs::read_to_string(save_file(dir.path(), "nim")).expect("saved");
    let mut second = menu_at(dir.path());
    assert!(
        second.screen().contains("Resume Nim"),
        "{}",
        second.screen()
    );
    second.key(KeyCode::Enter);
    let refused = second.screen();
    assert!(
        matches!(second.app.screen(), Screen::Menu(_)),
        "not resumed: {refused}"
    );
    assert!(
        refused.contains(
            "That game is open in another parlor window: go on there, or leave it first."
        ),
        "{refused}"
    );
    second.key(KeyCode::Delete).key(KeyCode::Char('y'));
    assert!(
        second.screen().contains("open in another parlor window"),
        "{}",
        second.screen()
    );
    assert_eq!(
        std::fs::read_to_string(save_file(dir.path(), "nim")).expect("kept"),
        saved,
        "neither forgotten nor written"
    );
    // Back at its menu, the first lets go: the second resumes it, and the first
    // cannot any more.
    first.key(KeyCode::Esc).key(KeyCode::Char('s'));
    assert!(
        matches!(first.app.screen(), Screen::Menu(_)),
        "{}",
        first.screen()
    );
    second.key(KeyCode::Enter);
    assert!(
        matches!(second.app.screen(), Screen::Game(_)),
        "{}",
        second.screen()
    );
    first.key(KeyCode::Enter);
    assert!(
        first.screen().contains("open in another parlor window"),
        "{}",
        first.screen()
    );
    // A quit lets go as well.
    second.key(KeyCode::Char('q'));
    assert!(second.app.should_quit());
    drop(second);
    first.key(KeyCode::Enter);
    assert!(
        matches!(first.app.screen(), Screen::Game(_)),
        "{}",
        first.screen()
    );
}

#[test]
fn a_click_on_a_resume_entry_resumes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_game(dir.path());
    h.key(KeyCode::Enter);
    // That parlor closes (while open, it holds the match: see below).
    drop(h);
    let mut again = menu_at(dir.path());
    let menu = again.screen();
    let row = menu
        .lines()
        .position(|l| l.contains("Resume Nim"))
        .expect("the entry");
    let column = menu
        .lines()
        .nth(row)
        .and_then(|l| l.find('R'))
        .expect("text") as u16;
    again.click(column, row as u16);
    assert!(
        matches!(again.app.screen(), Screen::Game(_)),
        "{}",
        again.screen()
    );
}

#[test]
fn leaving_asks_and_forgetting_clears_the_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_game(dir.path());
    h.key(KeyCode::Enter);
    assert!(save_file(dir.path(), "nim").exists());
    h.key(KeyCode::Esc);
    let asked = h.screen();
    assert!(asked.contains("Leave the game?"), "{asked}");
    assert!(
        asked.contains("Enter/s  keep it: Resume from the menu"),
        "{asked}"
    );
    assert!(asked.contains("f        forget this game"), "{asked}");
    // "Stay", in words that also fit two AIs playing (it said "stay and play on").
    assert!(asked.contains("Esc      stay at the board"), "{asked}");
    // The footer names the box's keys, not the game's behind it.
    let footer = asked.lines().last().unwrap_or_default();
    assert_eq!(
        footer.trim_end(),
        "Enter/s keep  f forget  Esc stay",
        "{asked}"
    );
    h.key(KeyCode::Esc);
    assert!(matches!(h.app.screen(), Screen::Game(_)), "Esc stays");
    h.key(KeyCode::Esc).key(KeyCode::Enter);
    assert!(
        matches!(h.app.screen(), Screen::Menu(_)),
        "Enter, the reflex key, keeps it and leaves"
    );
    assert!(h.screen().contains("Resume Nim"));
    assert!(save_file(dir.path(), "nim").exists());
    h.key(KeyCode::Enter); // resume
    h.key(KeyCode::Esc).key(KeyCode::Char('s'));
    assert!(matches!(h.app.screen(), Screen::Menu(_)), "s keeps it too");
    assert!(save_file(dir.path(), "nim").exists());

    h.key(KeyCode::Enter); // resume
    h.key(KeyCode::Char('n')); // new game: asks too
    assert!(h.screen().contains("set up a new game"));
    h.key(KeyCode::Char('x')); // a key that means nothing here
    assert!(h.screen().contains("set up a new game"), "still asking");
    h.key(KeyCode::Char('f')); // forget it: asked to be sure
    assert!(h.screen().contains("Forget this game for good?"));
    h.key(KeyCode::Char('4')); // a square typed by reflex (Othello's f4): kept
    assert!(
        h.screen().contains("set up a new game"),
        "back to the question"
    );
    assert!(!save_files(dir.path(), "nim").is_empty(), "not forgotten");
    h.key(KeyCode::Char('f'));
    assert!(
        h.screen().contains("It counts in no record or rating."),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Char('y')); // forget it for good
    assert!(matches!(h.app.screen(), Screen::Setup(_)));
    assert!(save_files(dir.path(), "nim").is_empty(), "forgotten");
    // As the box says: nothing of it in the history, which records and ratings read.
    let mut store = parlor::store::Store::open(dir.path().to_path_buf());
    assert!(store.history().is_empty(), "{:?}", store.history());
}

/// A game that ended once and was taken back: forgetting it says its first ending stays
/// in the history (the box said it "counts in no record or rating" of a game already
/// counted), and the history keeps it.
#[test]
fn forgetting_a_game_that_ended_once_says_its_ending_stays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_at(dir.path(), "2");
    h.key(KeyCode::Enter).key(KeyCode::Enter);
    assert!(h.screen().contains("r rematch"), "{}", h.screen());
    h.key(KeyCode::Char('u'));
    h.key(KeyCode::Char('n')).key(KeyCode::Char('f'));
    let asked = h.screen();
    assert!(asked.contains("Forget this game for good?"), "{asked}");
    assert!(
        asked.contains("Its first ending stays in your history."),
        "{asked}"
    );
    assert!(!asked.contains("counts in no record"), "{asked}");
    h.key(KeyCode::Char('y'));
    let mut store = parlor::store::Store::open(dir.path().to_path_buf());
    assert_eq!(store.history().len(), 1, "as the box says");
}

/// The same game forgotten from the menu: its question says the first ending stays
/// too (it said nothing of it, where the game's own question did).
#[test]
fn forgetting_from_the_menu_a_game_that_ended_once_says_its_ending_stays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_at(dir.path(), "2");
    h.key(KeyCode::Enter).key(KeyCode::Enter);
    assert!(h.screen().contains("r rematch"), "{}", h.screen());
    h.key(KeyCode::Char('u')).key(KeyCode::Char('q'));
    drop(h);
    let mut h = menu_at(dir.path());
    h.key(KeyCode::Backspace);
    let asked = h.screen();
    assert!(asked.contains("Forget the save"), "{asked}");
    let words = asked.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("Its first ending stays in your history."),
        "{asked}"
    );
    assert!(
        asked.contains("y forgets it, any other key keeps it."),
        "{asked}"
    );
    // A save that never ended is not said to have an ending.
    h.key(KeyCode::Esc);
    drop(h);
    nim_at(dir.path(), "9,7,5")
        .key(KeyCode::Enter)
        .key(KeyCode::Char('q'));
    let mut h = menu_at(dir.path());
    h.key(KeyCode::Backspace);
    let asked = h.screen();
    assert!(asked.contains("Forget the save “Nim ("), "{asked}");
    assert!(!asked.contains("first ending"), "{asked}");
}

/// A move marked "✗ mistake", taken back and kept with the save, is marked again when
/// redone after the resume (the mark was lost with the save: play-test finding).
#[test]
fn a_move_to_redo_keeps_its_mistake_mark_through_a_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_game(dir.path());
    // 3,4,5 is a win for the first player; taking one coin of the first pile loses it.
    h.play("1:1");
    let marked = |h: &mut Harness| h.screen().contains("1:1 ✗");
    assert!(marked(&mut h), "{}", h.screen());
    h.key(KeyCode::Char('u')).key(KeyCode::Char('U'));
    assert!(marked(&mut h), "redone in the match: {}", h.screen());
    h.key(KeyCode::Char('u'));
    assert!(!marked(&mut h), "{}", h.screen());
    h.key(KeyCode::Esc).key(KeyCode::Char('s'));
    drop(h);
    let mut h = menu_at(dir.path());
    h.key(KeyCode::Enter).key(KeyCode::Char('U'));
    assert!(marked(&mut h), "redone after the resume: {}", h.screen());
}

/// Undone back to the start, a game still has moves to redo: leaving asks as with
/// moves on the board (it kept the game without a word, and forgot it on n).
#[test]
fn leaving_after_undoing_every_move_still_asks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_game(dir.path());
    h.key(KeyCode::Enter).key(KeyCode::Char('u'));
    assert!(!h.screen().contains("1. Player 1"), "{}", h.screen());
    h.key(KeyCode::Esc);
    let asked = h.screen();
    assert!(asked.contains("Leave the game?"), "{asked}");
    h.key(KeyCode::Char('s'));
    assert!(h.screen().contains("Resume Nim"), "{}", h.screen());
    // Resumed, the undone move is there to redo.
    h.key(KeyCode::Enter).key(KeyCode::Char('U'));
    assert!(h.screen().contains("1. Player 1"), "{}", h.screen());
}

#[test]
fn a_finished_game_goes_to_the_history_and_its_save_is_cleared() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut setup = GameSetup::from_config(parlor::games::nim::ID, &Config::default());
    setup.position = Some("2".into());
    setup.matchup.mode = Mode::TwoPlayers;
    let mut h = Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(setup),
        80,
        24,
        dir.path(),
    );
    // One pile of two: take one, then the other takes the last.
    h.key(KeyCode::Enter);
    assert!(save_file(dir.path(), "nim").exists());
    h.key(KeyCode::Enter);
    // At 80 columns Nim's footer keeps its keys rather than the mark.
    let wide = h.resize(100, 24).screen();
    assert!(wide.contains("✓ in history"), "{wide}");
    assert!(save_files(dir.path(), "nim").is_empty());
    let mut store = Store::open(dir.path().to_path_buf());
    let history = store.history();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].moves.len(), 2);
    assert_eq!(history[0].result, Some(ResultRecord::Second));
    assert_eq!(history[0].start, "2");
}

#[test]
fn broken_and_future_files_are_moved_aside_with_a_notice() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("saves")).expect("dir");
    let legacy = dir.path().join("saves").join("nim.json");
    std::fs::write(&legacy, "{\"format\":\"save\",\"vers").expect("w");
    let mut h = menu_at(dir.path());
    let menu = h.screen();
    assert!(menu.contains("moved aside"), "{menu}");
    assert!(!menu.contains("Resume"), "{menu}");
    assert!(!legacy.exists());
    let aside: Vec<_> = std::fs::read_dir(dir.path().join("saves"))
        .expect("dir")
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("nim.json.broken-")
        })
        .collect();
    assert_eq!(aside.len(), 1, "kept for the user to look at");

    std::fs::write(
        dir.path().join("history.json"),
        r#"{"format":"history","version":99,"games":[]}"#,
    )
    .expect("w");
    let mut store = Store::open(dir.path().to_path_buf());
    assert!(store.history().is_empty());
    let notices = store.take_notices();
    assert!(
        notices.iter().any(|n| n.contains("newer parlor")),
        "{notices:?}"
    );
    assert!(!dir.path().join("history.json").exists());
}

#[test]
fn a_save_that_does_not_replay_is_set_aside_on_resume() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_game(dir.path());
    h.key(KeyCode::Enter);
    let path = save_file(dir.path(), "nim");
    let text = std::fs::read_to_string(&path).expect("saved");
    let moves_at = text.find("\"moves\"").expect("moves");
    // An illegal move in place of the first one.
    let broken = format!(
        "{}\"moves\": [\"9-9\"],{}",
        &text[..moves_at],
        &text[moves_at..].split_once("],").expect("list").1
    );
    std::fs::write(&path, broken).expect("w");
    drop(h);
    let mut again = menu_at(dir.path());
    assert!(again.screen().contains("Resume Nim"));
    again.key(KeyCode::Enter);
    let menu = again.screen();
    assert!(matches!(again.app.screen(), Screen::Menu(_)), "{menu}");
    assert!(menu.contains("could not be resumed"), "{menu}");
    assert!(!menu.contains("Resume Nim"), "{menu}");
}

#[test]
fn a_data_directory_that_cannot_be_written_means_no_saving_said_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A file where the directory should be: it can be neither made nor written.
    let blocked = dir.path().join("data");
    std::fs::write(&blocked, "not a directory").expect("w");
    let mut h = nim_game(&blocked);
    let first = h.screen();
    assert!(!first.contains("✓ saved"));
    let last = first.lines().last().unwrap_or_default();
    assert!(
        last.contains("not being saved"),
        "said at once, over the footer:\n{first}"
    );
    h.key(KeyCode::Enter).key(KeyCode::Enter);
    let screen = h.screen();
    assert!(!screen.contains("✓ saved"), "{screen}");
    assert!(!screen.contains("not being saved"), "said once:\n{screen}");
    assert!(
        h.app
            .notice()
            .is_some_and(|n| n.contains("not being saved")),
        "{:?}",
        h.app.notice()
    );
    h.key(KeyCode::Esc);
    let asked = h.screen();
    assert!(asked.contains("cannot be kept"), "{asked}");
    h.key(KeyCode::Enter);
    assert!(
        matches!(h.app.screen(), Screen::Game(_)),
        "Enter stays: nothing would keep the game"
    );
    h.key(KeyCode::Esc)
        .key(KeyCode::Char('f'))
        .key(KeyCode::Char('y'));
    let menu = h.screen();
    assert!(menu.contains("not being saved"), "{menu}");
    assert_eq!(
        std::fs::read_to_string(&blocked).expect("untouched"),
        "not a directory"
    );
}

/// The real binary: a game is started, moves are made, `q` quits at once, and the next
/// start offers the game back and resumes it to the same screen.
#[test]
fn quit_with_q_and_resume_in_a_real_terminal() {
    use crate::pty_harness as pty;
    // 100 columns: at 80 Nim's footer has no room for "✓ saved" beside its keys.
    let mut tui = pty::Tui::start(&["play", "nim", "--mode", "two-players"], 100, 24, 0);
    tui.wait_for("Player 1");
    tui.send(pty::ENTER);
    tui.wait_until("the first move in the list", |s| {
        pty::row_has(s, "1. Player 1", ":")
    });
    tui.send(pty::ENTER);
    // The coin just taken settles as "○" once its animation is over.
    let before = tui.wait_until("the second move, saved and drawn", |s| {
        pty::row_has(s, "2. Player 2", ":") && s.contains("✓ saved") && pty::row_has(s, "▶ 1", "○")
    });
    tui.quit_cleanly();
    let saves = tui.data_home().join("parlor");
    assert_eq!(
        save_files(&saves, "nim").len(),
        1,
        "one save, of this match"
    );

    let mut again = tui.start_again(&[], 100, 24, 0);
    again.wait_until("the menu offering the game first", |s| {
        pty::selected_is(s, "↻ Resume Nim (piles 3,4,5) · move 3")
    });
    again.send(pty::ENTER);
    let after = again.wait_until("the game again, analysed", |s| {
        s.contains("Resumed: move 3.") && !s.contains("Thinking…")
    });
    let top = |s: &str| s.lines().take(19).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(
        top(&after),
        top(&before),
        "the same board, prediction and moves"
    );
    again.quit_cleanly();
}

fn nim_at(dir: &Path, piles: &str) -> Harness {
    nim_with(dir, piles, Mode::TwoPlayers)
}

/// Nim from `piles` with the players `mode` names, at 80x24, saving under `dir`.
fn nim_with(dir: &Path, piles: &str, mode: Mode) -> Harness {
    let mut setup = GameSetup::from_config(parlor::games::nim::ID, &Config::default());
    setup.position = Some(piles.into());
    setup.matchup.mode = mode;
    game_at(dir, setup)
}

/// The game of `setup` at 80x24, saving under `dir`.
fn game_at(dir: &Path, setup: GameSetup) -> Harness {
    Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(setup),
        80,
        24,
        dir,
    )
}

/// The menu's rows that offer a saved match.
/// The menu's lines of saved games (not the selected one's whole label under them).
fn resume_rows(menu: &str) -> Vec<String> {
    menu.lines()
        .filter(|l| l.contains("↻ Resume "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Issue 33, point 1: a Nim game saved, then Nim started again from the menu (not
/// Resume) and played: the first game is still there to resume, beside the second.
#[test]
fn a_new_game_from_the_menu_never_replaces_a_saved_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = nim_at(dir.path(), "9,7,5");
    first.key(KeyCode::Enter).key(KeyCode::Char('q'));
    let kept = save_file(dir.path(), "nim");

    let mut h = menu_at(dir.path());
    let menu = h.screen();
    assert_eq!(resume_rows(&menu).len(), 1, "{menu}");
    // Down to Nim's own entry (below the resume), its setup, start.
    h.key(KeyCode::Down);
    assert!(h.screen().contains("▶ Nim "), "{}", h.screen());
    h.key(KeyCode::Enter).key(KeyCode::Enter);
    assert!(matches!(h.app.screen(), Screen::Game(_)), "{}", h.screen());
    assert!(kept.exists(), "starting the game kept the save");
    // A move of the new game (the AI's, or ours), then quit.
    h.ticks(40);
    h.key(KeyCode::Enter).ticks(40);
    h.key(KeyCode::Char('q'));
    assert!(kept.exists(), "playing another game kept the save");
    assert_eq!(save_files(dir.path(), "nim").len(), 2);

    let mut again = menu_at(dir.path());
    let menu = again.screen();
    let rows = resume_rows(&menu);
    assert_eq!(rows.len(), 2, "both games offered:\n{menu}");
    let at = rows
        .iter()
        .position(|r| r.contains("9,7,5"))
        .expect("the first game, named by its piles");
    for _ in 0..at {
        again.key(KeyCode::Down);
    }
    again.key(KeyCode::Enter);
    let record = match again.app.screen() {
        Screen::Game(g) => g.record().expect("recorded"),
        _ => panic!("resumed:\n{}", again.screen()),
    };
    assert_eq!(record.start, "9,7,5");
    assert_eq!(record.moves.len(), 1);
}

/// Saves of the first version (`saves/<game>.json`, one a game) are offered, resumed
/// and saved again where they are.
#[test]
fn a_save_of_the_first_version_still_loads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_at(dir.path(), "3,4,5");
    h.key(KeyCode::Enter).key(KeyCode::Char('q'));
    let new_style = save_file(dir.path(), "nim");
    let legacy = dir.path().join("saves").join("nim.json");
    std::fs::rename(&new_style, &legacy).expect("as the first version named it");

    let mut again = menu_at(dir.path());
    let menu = again.screen();
    assert_eq!(resume_rows(&menu).len(), 1, "{menu}");
    again.key(KeyCode::Enter);
    assert!(
        matches!(again.app.screen(), Screen::Game(_)),
        "{}",
        again.screen()
    );
    again.key(KeyCode::Enter);
    assert!(save_files(dir.path(), "nim").is_empty(), "no second copy");
    let text = std::fs::read_to_string(&legacy).expect("saved where it was");
    assert!(text.contains("\"format\": \"save\""), "{text}");
    let record = match again.app.screen() {
        Screen::Game(g) => g.record().expect("recorded"),
        _ => panic!("a game"),
    };
    assert_eq!(record.moves.len(), 2);
    assert!(text.contains(&record.moves[1]), "{text}");
    // Finished, it leaves the saves for the history.
    again.key(KeyCode::Char('q'));
}

/// A saved match is forgotten from the menu only by asking, and only with `y`.
#[test]
fn forgetting_a_saved_game_from_the_menu_asks_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    nim_at(dir.path(), "9,7,5")
        .key(KeyCode::Enter)
        .key(KeyCode::Char('q'));
    nim_at(dir.path(), "2,2")
        .key(KeyCode::Enter)
        .key(KeyCode::Char('q'));
    let mut h = menu_at(dir.path());
    assert!(h.screen().contains("Backspace forget"), "{}", h.screen());
    h.key(KeyCode::Delete);
    let asked = h.screen();
    // The saved game's line whole on one line, the keys on the next.
    let line = asked
        .lines()
        .find(|l| l.contains("Forget the save “Nim ("))
        .unwrap_or_else(|| panic!("{asked}"));
    assert!(line.trim_end().ends_with("”?"), "{asked}");
    assert!(
        asked.contains("y forgets it, any other key keeps it."),
        "{asked}"
    );
    h.key(KeyCode::Enter);
    assert_eq!(save_files(dir.path(), "nim").len(), 2, "Enter keeps it");
    assert!(!h.screen().contains("Forget the save"));
    h.key(KeyCode::Backspace).key(KeyCode::Char('y'));
    assert_eq!(save_files(dir.path(), "nim").len(), 1, "y forgets one");
    let menu = h.screen();
    assert_eq!(resume_rows(&menu).len(), 1, "{menu}");
    // A save whose label wraps the question at 80 columns: its keys still show.
    drop(h);
    nim_at(dir.path(), "13,11,9,7,5,3,2,1")
        .key(KeyCode::Enter)
        .key(KeyCode::Char('q'));
    let mut h = menu_at(dir.path());
    h.key(KeyCode::Delete);
    let asked = h.screen();
    assert!(
        asked.contains("Forget the save “Nim (from a position) · move 2"),
        "{asked}"
    );
    assert!(
        asked.contains("y forgets it, any other key keeps it."),
        "{asked}"
    );
}

/// Issue 33, point 4: Enter after the last move does not start another game.
#[test]
fn enter_after_game_over_keeps_the_end_on_screen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_at(dir.path(), "2");
    h.key(KeyCode::Enter).key(KeyCode::Enter);
    let over = h.screen();
    assert!(over.contains("r rematch"), "{over}");
    assert!(!over.contains("Enter rematch"), "{over}");
    // The footer offers what works now, not the move keys.
    let footer = over.lines().last().unwrap_or_default();
    for key in ["r rematch", "v review", "u undo", "n new"] {
        assert!(footer.contains(key), "{key}: {footer}");
    }
    assert!(!footer.contains("take"), "{footer}");
    h.key(KeyCode::Enter).key(KeyCode::Enter);
    assert_eq!(h.screen(), over, "Enter changes nothing");
    h.key(KeyCode::Char('r'));
    let record = match h.app.screen() {
        Screen::Game(g) => g.record().expect("recorded"),
        _ => panic!("a game"),
    };
    assert!(
        record.moves.is_empty() && record.result.is_none(),
        "r: a rematch"
    );
}

/// Moves undone past a game's end and played otherwise do not change the result in
/// the history (nor the statistics and rating built on it), and the player is told.
#[test]
fn a_game_undone_past_its_end_keeps_its_first_result() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_at(dir.path(), "2");
    h.play("1:1");
    h.play("1:1");
    let history = || Store::open(dir.path().to_path_buf()).history();
    assert_eq!(history().len(), 1);
    assert_eq!(history()[0].result, Some(ResultRecord::Second));
    h.key(KeyCode::Char('u')).key(KeyCode::Char('u'));
    h.play("1:2");
    let seen = h.screen();
    assert!(seen.contains("Player 1 wins"), "{seen}");
    assert!(
        seen.contains("The history keeps this game as it first ended (a game counts once)."),
        "{seen}"
    );
    let kept = history();
    assert_eq!(kept.len(), 1, "counted once");
    assert_eq!(
        kept[0].result,
        Some(ResultRecord::Second),
        "as it first ended"
    );
    assert_eq!(kept[0].moves, ["1:1", "1:1"]);
    assert!(
        save_files(dir.path(), "nim").is_empty(),
        "no save left behind"
    );
}

/// Many saved games: the menu scrolls to every one of them and to the statistics,
/// at the smallest size.
#[test]
fn many_saved_games_scroll_on_the_menu() {
    let dir = tempfile::tempdir().expect("temp dir");
    for piles in [
        "1,2", "1,3", "1,4", "1,5", "1,6", "1,7", "1,8", "1,9", "2,3", "2,5", "2,6", "2,7", "2,8",
        "2,9",
    ] {
        nim_at(dir.path(), piles)
            .key(KeyCode::Enter)
            .key(KeyCode::Char('q'));
    }
    assert_eq!(save_files(dir.path(), "nim").len(), 14);
    let mut h = menu_at(dir.path());
    let menu = h.screen();
    assert!(menu.contains("▼"), "more below, marked:\n{menu}");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..21 {
        let screen = h.screen();
        let selected = screen
            .lines()
            .find(|l| l.contains('▶'))
            .unwrap_or_else(|| panic!("a selected row in view:\n{screen}"))
            .to_string();
        seen.insert(selected.trim().to_string());
        h.key(KeyCode::Down);
    }
    assert_eq!(seen.len(), 21, "every entry came into view: {seen:#?}");
    assert!(seen.iter().any(|r| r.contains("Statistics")), "{seen:#?}");
}

/// Moves the setup's selection down to the row labelled `label` (the selected row
/// shows its value between ◀ and ▶).
fn select_row(h: &mut Harness, label: &str) {
    for _ in 0..16 {
        let screen = h.screen();
        if screen.lines().any(|l| l.contains(label) && l.contains('◀')) {
            return;
        }
        h.key(KeyCode::Down);
    }
    panic!("no row {label}:\n{}", h.screen());
}

/// Issue 33, point 15: each game's last setup is the next default, kept in the data
/// directory (the config file is not touched), and a setups file that cannot be read
/// is moved aside, the defaults used.
#[test]
fn the_last_setup_of_a_game_is_the_next_default() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = menu_at(dir.path());
    h.key(KeyCode::Enter); // Nim's setup
    let fresh = h.screen();
    assert!(fresh.contains("you vs the AI"), "{fresh}");
    assert!(fresh.contains("off: the last coin wins"), "{fresh}");
    select_row(&mut h, "Mode");
    h.key(KeyCode::Right); // two players
    select_row(&mut h, "Misère");
    h.key(KeyCode::Right); // on
    let chosen = h.screen();
    assert!(chosen.contains("two players, one keyboard"), "{chosen}");
    assert!(!chosen.contains("off: the last coin wins"), "{chosen}");
    h.key(KeyCode::Enter);
    assert!(matches!(h.app.screen(), Screen::Game(_)), "{}", h.screen());
    h.key(KeyCode::Char('q'));
    assert!(dir.path().join("setups.json").exists());

    let mut again = menu_at(dir.path());
    again.key(KeyCode::Enter);
    let remembered = again.screen();
    assert!(
        remembered.contains("two players, one keyboard"),
        "{remembered}"
    );
    assert!(
        !remembered.contains("off: the last coin wins"),
        "{remembered}"
    );
    // Another game keeps its own defaults.
    again
        .key(KeyCode::Esc)
        .key(KeyCode::Down)
        .key(KeyCode::Enter);
    assert!(
        again.screen().contains("you vs the AI"),
        "{}",
        again.screen()
    );

    std::fs::write(dir.path().join("setups.json"), "{broken").expect("w");
    let mut broken = menu_at(dir.path());
    broken.key(KeyCode::Enter);
    let defaults = broken.screen();
    assert!(defaults.contains("you vs the AI"), "{defaults}");
    assert!(!dir.path().join("setups.json").exists(), "moved aside");
}

/// Issue 33, point 12: the first setup of a game is fair (the defaults put the person on
/// the winning side), and a setup that starts the person in a proven loss against the
/// perfect AI says so before the first move.
#[test]
fn a_first_setup_is_fair_and_a_proven_loss_is_said() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = menu_at(dir.path());
    // Nim 3,4,5: the first player wins, and you move first.
    h.key(KeyCode::Enter);
    let nim = h.screen();
    assert!(nim.contains("First move        you"), "{nim}");
    assert!(!nim.contains("Proven loss"), "{nim}");
    select_row(&mut h, "First move");
    h.key(KeyCode::Right); // the AI moves first: it wins
    let lost = h.screen();
    assert!(lost.contains("Proven loss"), "{lost}");
    assert!(lost.contains("choose First move: you"), "{lost}");
    select_row(&mut h, "AI level");
    h.key(KeyCode::Left); // a weaker AI: no proof of anything
    assert!(!h.screen().contains("Proven loss"), "{}", h.screen());
    // Chopsticks: the first player loses, so the AI starts.
    h.key(KeyCode::Esc);
    for _ in 0..2 {
        h.key(KeyCode::Down);
    }
    h.key(KeyCode::Enter);
    let chopsticks = h.screen();
    assert!(chopsticks.contains("New game: Chopsticks"), "{chopsticks}");
    assert!(
        chopsticks.contains("First move        the AI"),
        "{chopsticks}"
    );
    assert!(!chopsticks.contains("Proven loss"), "{chopsticks}");
}

/// Issue 33, point 11: the spoiler switch hides the prediction, the AI's remarks on who
/// wins and the mistake marks, by its key or on the setup; it is remembered per game in
/// the data directory, and the end of the game shows everything again.
#[test]
fn the_spoiler_switch_hides_the_prediction_and_is_remembered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut setup = GameSetup::from_config(parlor::games::nim::ID, &Config::default());
    setup.position = Some("5,6,7".into());
    let mut h = Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(setup),
        80,
        24,
        dir.path(),
    );
    h.settle();
    let shown = h.screen();
    assert!(shown.contains("With perfect play,"), "{shown}");
    h.key(KeyCode::Char('e'));
    let hidden = h.screen();
    assert!(hidden.contains("Prediction hidden."), "{hidden}");
    assert!(!hidden.contains("With perfect play,"), "{hidden}");
    assert!(
        !hidden.contains("AI: “"),
        "no remark on who wins:\n{hidden}"
    );
    // Played on: still hidden; quit and resume: still hidden.
    h.key(KeyCode::Enter).ticks(40);
    h.settle();
    assert!(!h.screen().contains("With perfect play,"), "{}", h.screen());
    h.key(KeyCode::Char('q'));
    let mut again = menu_at(dir.path());
    again.key(KeyCode::Enter);
    again.settle();
    let resumed = again.screen();
    assert!(matches!(again.app.screen(), Screen::Game(_)), "{resumed}");
    assert!(resumed.contains("Prediction hidden."), "{resumed}");
    // The program's note, not the AI's words.
    assert!(resumed.contains("Resumed: move "), "{resumed}");
    assert!(!resumed.contains("“Resumed"), "{resumed}");
    // The setup of a new Nim game says so too, and changes it with ←→.
    again.key(KeyCode::Esc).key(KeyCode::Enter); // keep the game, to the menu
    again.key(KeyCode::Down).key(KeyCode::Enter);
    let setup = again.screen();
    assert!(
        setup.contains("Prediction        hidden: find the win yourself"),
        "{setup}"
    );
    select_row(&mut again, "Prediction");
    again.key(KeyCode::Right);
    assert!(again.screen().contains("◀ shown ▶"), "{}", again.screen());
    // Another game keeps its own switch (the menu comes back on Nim, whose setup
    // this was, not on its saved game: one down to 1-3-5-7).
    again.key(KeyCode::Esc);
    assert!(
        again.screen().contains("▶ Nim "),
        "back on the game's own row:\n{}",
        again.screen()
    );
    again.key(KeyCode::Down).key(KeyCode::Enter);
    assert!(
        again.screen().contains("New game: 1-3-5-7"),
        "{}",
        again.screen()
    );
    assert!(
        again.screen().contains("Prediction        shown"),
        "{}",
        again.screen()
    );
}

/// Hidden spoilers come back when the game is over: the result is no spoiler then.
#[test]
fn hidden_spoilers_show_again_at_the_end() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_at(dir.path(), "2");
    h.key(KeyCode::Char('e'));
    assert!(h.screen().contains("Prediction hidden."));
    h.key(KeyCode::Enter).key(KeyCode::Enter);
    let over = h.screen();
    assert!(over.contains("Game over"), "{over}");
    assert!(!over.contains("Prediction hidden."), "{over}");
}

/// The hidden prediction promises no win to find, and with the hints on it says that
/// they still value each move (not as if they had hidden it).
#[test]
fn hidden_spoilers_beside_hints_say_the_hints_still_show() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_at(dir.path(), "2");
    h.key(KeyCode::Char('e')).key(KeyCode::Char('h'));
    let hinted = h.screen();
    assert!(hinted.contains("Prediction hidden."), "{hinted}");
    assert!(hinted.contains("Hints still value each move."), "{hinted}");
    h.key(KeyCode::Char('h'));
    let plain = h.screen();
    assert!(plain.contains("Prediction hidden."), "{plain}");
    assert!(!plain.contains("Hints still"), "{plain}");
}

/// Two saves of the same setup are told apart on the menu by when they were saved: the
/// whole label shows at 80 columns.
#[test]
fn saved_games_show_their_whole_label_at_80_columns() {
    let dir = tempfile::tempdir().expect("temp dir");
    nim_at(dir.path(), "9,7,5")
        .key(KeyCode::Enter)
        .key(KeyCode::Char('q'));
    let mut h = menu_at(dir.path());
    let menu = h.screen();
    let row = resume_rows(&menu).pop().expect("the saved game");
    assert!(!row.contains('…'), "{menu}");
    let record = Store::open(dir.path().to_path_buf())
        .saved_matches()
        .pop()
        .expect("saved")
        .1;
    assert!(row.ends_with(&record.saved_minute()), "{row}");
}

/// Two saves of the same setup made in the same minute whose last moves differ say
/// their last move, which a player remembers, rather than their seconds.
#[test]
fn two_saves_of_one_minute_with_other_last_moves_say_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    for _ in 0..2 {
        nim_at(dir.path(), "3,4")
            .key(KeyCode::Enter)
            .key(KeyCode::Char('q'));
    }
    let files = save_files(dir.path(), "nim");
    assert_eq!(files.len(), 2);
    for ((file, saved), last) in files
        .iter()
        .zip(["2026-11-23T10:02:05Z", "2026-11-23T10:02:41Z"])
        .zip(["1:1", "2:1"])
    {
        let mut json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("save")).expect("json");
        json["game"]["saved"] = serde_json::Value::String(saved.into());
        let moves = json["game"]["moves"]
            .as_array_mut()
            .expect("a list of moves");
        *moves.last_mut().expect("a move") = serde_json::Value::String(last.into());
        std::fs::write(file, json.to_string()).expect("written");
    }
    let mut h = menu_at(dir.path());
    let rows = resume_rows(&h.screen());
    assert_eq!(rows.len(), 2, "{rows:#?}");
    // At 80 columns the date, the same minute for both, is cut short after the day.
    for last in ["last 1:1 · 2026-11-23", "last 2:1 · 2026-11-23"] {
        assert!(rows.iter().any(|r| r.contains(last)), "{last}: {rows:#?}");
    }
    // The selected save's label, cut in the list, is whole under it.
    let screen = h.screen();
    assert!(
        // (Its time joined by no-break spaces, which a terminal shows as spaces.)
        screen.lines().any(|l| !l.contains('↻')
            && l.trim().starts_with("Resume Nim (")
            && l.replace('\u{a0}', " ").contains("2026-11-23 10:02")),
        "{screen}"
    );
    assert!(
        !rows.iter().any(|r| r.contains("10:02:")),
        "no seconds: {rows:#?}"
    );
}

/// Two saves of the same setup made in the same minute read alike to the minute; the
/// menu then shows their seconds, so the player can tell which is which.
#[test]
fn two_saves_of_one_minute_show_their_seconds() {
    let dir = tempfile::tempdir().expect("temp dir");
    for _ in 0..2 {
        nim_at(dir.path(), "3,4")
            .key(KeyCode::Enter)
            .key(KeyCode::Char('q'));
    }
    let files = save_files(dir.path(), "nim");
    assert_eq!(files.len(), 2);
    for (file, saved) in files
        .iter()
        .zip(["2026-11-23T10:02:05Z", "2026-11-23T10:02:41Z"])
    {
        let mut json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("save")).expect("json");
        json["game"]["saved"] = serde_json::Value::String(saved.into());
        std::fs::write(file, json.to_string()).expect("written");
    }
    let mut h = menu_at(dir.path());
    let rows = resume_rows(&h.screen());
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(rows.iter().any(|r| r.contains("10:02:05")), "{rows:#?}");
    assert!(rows.iter().any(|r| r.contains("10:02:41")), "{rows:#?}");

    // Saves of other minutes keep the short form.
    let file = &files[1];
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).expect("save")).expect("json");
    json["game"]["saved"] = serde_json::Value::String("2026-11-23T10:09:41Z".into());
    std::fs::write(file, json.to_string()).expect("written");
    let mut h = menu_at(dir.path());
    let rows = resume_rows(&h.screen());
    assert!(
        rows.iter()
            .any(|r| r.contains("10:09") && !r.contains("10:09:")),
        "{rows:#?}"
    );
}

/// When games cannot be saved, `q` in a game in progress asks first (the game would be
/// lost), Enter stays, `q` again or `f` quits; Ctrl-C still quits at once.
#[test]
fn q_asks_before_dropping_a_game_that_cannot_be_saved() {
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};
    let dir = tempfile::tempdir().expect("temp dir");
    let blocked = dir.path().join("data");
    std::fs::write(&blocked, "not a directory").expect("w");
    let mut h = nim_game(&blocked);
    h.key(KeyCode::Enter);
    h.key(KeyCode::Char('q'));
    assert!(!h.app.should_quit(), "one key does not drop the game");
    let screen = h.screen();
    assert!(screen.contains("To quit:"), "{screen}");
    assert!(screen.contains("forget this game and quit"), "{screen}");
    h.key(KeyCode::Enter);
    assert!(!h.app.should_quit(), "Enter stays");
    assert!(!h.screen().contains("To quit:"));
    h.key(KeyCode::Char('q')).key(KeyCode::Char('q'));
    assert!(h.app.should_quit(), "q twice is deliberate");

    let mut h = nim_game(&blocked);
    h.key(KeyCode::Enter);
    h.app
        .update(parlor::tui::event::AppEvent::Key(KeyEvent::new(
            KeyCode::Char('c'),
            KeyModifiers::CONTROL,
        )));
    assert!(h.app.should_quit(), "Ctrl-C always quits");

    // With saving on, q quits at once: the game is kept.
    let kept = tempfile::tempdir().expect("temp dir");
    let mut h = nim_game(kept.path());
    h.key(KeyCode::Enter).key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

/// An Othello match started from a move list, kept and resumed: the record starts from
/// the standard start with the typed moves first, so the resumed match has them once,
/// in its move list, on the same board (they were replayed twice, or lost, if the
/// record started from the position they lead to); the setup still names the typed
/// start for a new game.
#[test]
fn an_othello_match_from_a_move_list_resumes_with_its_moves_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut setup = GameSetup::from_config(parlor::games::othello::ID, &Config::default());
    setup.position = Some("f5 d6 c3".into());
    setup.matchup.mode = Mode::TwoPlayers;
    let mut h = Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(setup),
        80,
        24,
        dir.path(),
    );
    let Screen::Game(game) = h.app.screen() else {
        panic!("a game:\n{}", h.screen());
    };
    let record = game.record().expect("a record");
    assert_eq!(record.moves, ["f5", "d6", "c3"]);
    assert_eq!(record.from_position.as_deref(), Some("f5 d6 c3"));
    // White plays the square the cursor starts on (a legal one): the match is saved.
    h.key(KeyCode::Enter);
    let Screen::Game(game) = h.app.screen() else {
        panic!("a game:\n{}", h.screen());
    };
    let moves = game.record().expect("a record").moves;
    assert_eq!(moves.len(), 4, "{moves:?}");
    let position = game.position_text();
    h.key(KeyCode::Char('q'));
    let mut h = menu_at(dir.path());
    let rows = resume_rows(&h.screen());
    assert_eq!(rows.len(), 1, "{rows:#?}");
    assert!(rows[0].contains("move 5 · from f5 d6 c3"), "{rows:#?}");
    h.key(KeyCode::Enter);
    let Screen::Game(game) = h.app.screen() else {
        panic!("resumed:\n{}", h.screen());
    };
    assert_eq!(game.position_text(), position);
    assert_eq!(game.record().expect("a record").moves, moves);
    assert_eq!(game.setup().position.as_deref(), Some("f5 d6 c3"));
}

#[test]
fn a_resumed_match_shows_the_hints_as_they_were_left() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_game(dir.path());
    let hints_on = |h: &Harness| match h.app.screen() {
        Screen::Game(g) => g.hints_on(),
        _ => panic!("a game is on"),
    };
    // The config's default is off; the player turns them on and moves.
    assert!(!hints_on(&h));
    h.key(KeyCode::Char('h'));
    assert!(hints_on(&h));
    h.key(KeyCode::Enter);
    let text = std::fs::read_to_string(save_file(dir.path(), "nim")).expect("saved");
    assert!(text.contains("\"hints\": true"), "{text}");
    h.key(KeyCode::Char('q'));
    let mut again = menu_at(dir.path());
    again.key(KeyCode::Enter);
    assert!(hints_on(&again), "{}", again.screen());
}

/// An Othello match started from a move list keeps those moves the start's when it is
/// saved and resumed: the moves panel does not credit them to the players (it did after
/// a resume: play-test finding).
#[test]
fn a_resumed_match_from_a_move_list_keeps_the_starts_moves() {
    let data = tempfile::tempdir().unwrap();
    let games = parlor::arcade::registry();
    let othello = games.find("othello").expect("othello");
    let mut setup = GameSetup::from_config(othello, &Config::default());
    setup.position = Some("f5 d6 c3".into());
    setup.matchup.mode = Mode::TwoPlayers;
    let starts = |h: &mut Harness| {
        let screen = h.screen();
        let rows: Vec<String> = screen
            .lines()
            .filter(|l| l.contains(". start "))
            .map(|l| l.to_string())
            .collect();
        (rows.len(), screen)
    };
    let mut h = Harness::with_store(
        &games,
        Config::default(),
        Start::Game(setup),
        100,
        30,
        data.path(),
    );
    let first = h.app.legal_moves_text()[0].clone();
    h.play(&first);
    assert_eq!(starts(&mut h).0, 3, "{}", h.screen());
    h.key(KeyCode::Esc);
    h.key(KeyCode::Char('s'));
    assert!(matches!(h.app.screen(), Screen::Menu(_)), "{}", h.screen());
    drop(h);
    let mut h = Harness::with_store(&games, Config::default(), Start::Menu, 100, 30, data.path());
    h.key(KeyCode::Enter);
    assert!(matches!(h.app.screen(), Screen::Game(_)), "{}", h.screen());
    let (n, screen) = starts(&mut h);
    assert_eq!(n, 3, "{screen}");
    assert!(screen.contains("4. Player 2"), "{screen}");
}

/// A saved Othello match against the AI says which colour is the player's: two saves
/// of one level and minute read alike but for it.
#[test]
fn a_saved_othello_match_says_the_players_colour() {
    use parlor::games::othello::options::OthelloSetup;
    for (first, colour) in [
        (parlor::matchup::FirstMover::You, "you black"),
        (parlor::matchup::FirstMover::Ai, "you white"),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::default();
        config.solver.max_millis = 100;
        config.solver.table_mib = 8;
        let mut setup = GameSetup::from_config(parlor::games::othello::ID, &config);
        setup
            .options_mut::<OthelloSetup>()
            .expect("othello options")
            .think_ms = 100;
        setup.matchup.mode = Mode::VsAi;
        setup.matchup.first = first;
        let mut h = Harness::with_store(
            &parlor::arcade::registry(),
            config,
            Start::Game(setup),
            80,
            24,
            dir.path(),
        );
        // One move each way, so there is something to keep: the player's where the
        // player starts, the AI's where it does.
        if first == parlor::matchup::FirstMover::You {
            h.play("f5");
        } else {
            h.ticks(20);
        }
        let record = match h.app.screen() {
            Screen::Game(g) => g.record().expect("recorded"),
            _ => panic!("a game is on"),
        };
        assert!(!record.moves.is_empty(), "{}", h.screen());
        h.key(KeyCode::Char('q'));
        let menu = menu_at(dir.path()).screen();
        let line = menu
            .lines()
            .find(|l| l.contains("Resume Othello"))
            .unwrap_or_else(|| panic!("{menu}"));
        assert!(line.contains("vs AI ("), "{menu}");
        assert!(line.contains(colour), "{colour}: {menu}");
    }
}

/// With two AIs at the board there is no win for the watcher to find: the setup's
/// Prediction row and the hidden panel say what hiding leaves them (play to judge).
#[test]
fn hidden_predictions_between_two_ais_say_there_is_play_to_judge() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = menu_at(dir.path());
    // Nim's setup: the mode to two AIs, the prediction hidden.
    h.key(KeyCode::Enter);
    select_row(&mut h, "Mode");
    for _ in 0..4 {
        if h.screen().contains("AI vs AI (watch)") {
            break;
        }
        h.key(KeyCode::Right);
    }
    select_row(&mut h, "Prediction");
    h.key(KeyCode::Right);
    let setup = h.screen();
    assert!(setup.contains("hidden: judge the AIs yourself"), "{setup}");
    assert!(!setup.contains("find the win yourself"), "{setup}");
    // Started: the panel says the same.
    for _ in 0..16 {
        if h.screen().contains("▶ [ Start ]") {
            break;
        }
        h.key(KeyCode::Down);
    }
    h.key(KeyCode::Enter);
    let game = h.screen();
    assert!(game.contains("Hidden: judge the AIs yourself."), "{game}");
}

/// A saved match between two AIs comes back paused, its note saying so: the watcher
/// finds the board as it was left, and the pause key plays on.
#[test]
fn two_ais_resumed_wait_paused_until_told_to_play_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = nim_with(dir.path(), "9,7,5", Mode::AiVsAi);
    let moves = |h: &Harness| match h.app.screen() {
        Screen::Game(g) => g.record().expect("recorded").moves.len(),
        _ => panic!("a game is on"),
    };
    // Ticks until the game holds more than `than` moves (at most 50 ticks).
    let play_past = |h: &mut Harness, than: usize| {
        for _ in 0..50 {
            if moves(h) > than {
                break;
            }
            h.ticks(1);
        }
        moves(h)
    };
    let played = play_past(&mut h, 0);
    assert!(played >= 1, "{}", h.screen());
    h.key(KeyCode::Char('q'));
    let mut again = menu_at(dir.path());
    again.key(KeyCode::Enter);
    let resumed = again.screen();
    assert!(
        resumed.contains(&format!("Resumed: move {}, paused.", played + 1)),
        "{resumed}"
    );
    assert!(resumed.contains("space resume"), "{resumed}");
    again.ticks(30);
    assert_eq!(moves(&again), played, "paused: no move");
    again.key(KeyCode::Char(' '));
    assert!(play_past(&mut again, played) > played, "{}", again.screen());
}

/// Two AIs slowed down with `-`, quit and resumed: they come back at the speed the
/// watcher left them (it went back to the setup's).
#[test]
fn two_ais_resumed_keep_the_speed_they_were_set_to() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut setup = GameSetup::from_config(parlor::games::othello::ID, &Config::default());
    setup
        .options_mut::<parlor::games::othello::options::OthelloSetup>()
        .expect("othello options")
        .level = parlor::solve::othello::Level::Benedict;
    setup.matchup.mode = Mode::AiVsAi;
    let mut h = game_at(dir.path(), setup);
    let title = |h: &mut Harness| h.screen().lines().next().unwrap_or("").to_string();
    let before = title(&mut h);
    h.keys(&[KeyCode::Char('-'), KeyCode::Char('-')]);
    let slowed = title(&mut h);
    assert_ne!(slowed, before, "slower changes the title's times");
    // Benedict plays at once: its speed is the pause between moves.
    let think = |t: &str| {
        t.split("pause ")
            .nth(1)
            .and_then(|r| r.split(" s").next())
            .map(str::to_string)
    };
    let slow_think = think(&slowed).expect("the title names the pause");
    h.ticks(3);
    h.key(KeyCode::Char('q'));
    let mut again = menu_at(dir.path());
    again.key(KeyCode::Enter);
    let resumed = title(&mut again);
    assert_eq!(think(&resumed), Some(slow_think), "{resumed}");
    // Faster twice: the setup's speed again.
    again.keys(&[KeyCode::Char('+'), KeyCode::Char('+')]);
    assert_eq!(think(&title(&mut again)), think(&before));
}

/// At 120 columns a saved game's label fits its line whole (it was cut, "2026-11-29…",
/// with half the screen free: the list was one column short of the label).
#[test]
fn a_saved_games_line_is_whole_on_a_wide_screen() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A long start makes a label longer than the list's least width (76).
    let mut h = nim_with(dir.path(), "1,2,3,4,5,6,7,8", Mode::VsAi);
    h.play("1:1");
    h.key(KeyCode::Char('q'));
    let menu = Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        120,
        40,
        dir.path(),
    )
    .screen();
    let rows = resume_rows(&menu);
    assert_eq!(rows.len(), 1, "{menu}");
    assert!(!rows[0].contains('…'), "{menu}");
    // The label whole under the list only where the line is cut.
    let label = rows[0].trim_start_matches("▶ ↻ ").to_string();
    assert_eq!(menu.matches(label.as_str()).count(), 1, "{menu}");
}

/// Plays the Nim game on screen against the AI to its end: the first legal move of
/// one coin each turn, the AI answering in between.
/// Returns the words of the board's panel (the left 46 columns, where the game-over
/// box is), in one line.
fn play_out_against_the_ai(h: &mut Harness) -> String {
    for _ in 0..40 {
        let screen = h.screen();
        if screen.contains("Game over") {
            let board: Vec<String> = screen
                .lines()
                .map(|l| l.chars().take(46).collect::<String>().replace('│', " "))
                .collect();
            return board
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
        }
        for pile in 1..=3 {
            h.play(&format!("{pile}:1"));
        }
        h.ticks(20);
    }
    panic!("the game did not end: {}", h.screen());
}

/// The game-over box says what the game did to the rating: the first rated game gives
/// a first rating, the next one moves it, and a game from a typed position says why it
/// does not count.
#[test]
fn the_game_over_box_says_what_the_game_did_to_the_rating() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut setup = GameSetup::from_config(parlor::games::nim::ID, &Config::default());
    setup.matchup.mode = Mode::VsAi;
    setup.matchup.first = parlor::matchup::FirstMover::You;
    let mut h = game_at(dir.path(), setup.clone());
    let first = play_out_against_the_ai(&mut h);
    assert!(first.contains("Rated: your first rating is"), "{first}");
    assert!(
        first.contains("The AI took the last of the coins."),
        "{first}"
    );
    // The note has a line of its own in the box, whole.
    let screen = h.screen();
    let note = screen
        .lines()
        .map(|l| l.chars().take(46).collect::<String>())
        .map(|l| l.trim_matches(|c: char| c == '│' || c == ' ').to_string())
        .find(|l| l.starts_with("Rated:"));
    assert!(
        note.is_some_and(|l| l.ends_with('.') && l.contains("is 1")),
        "{screen}"
    );
    // A new rating says why it moves so much, on a line of its own.
    assert!(
        screen.contains("(A new rating moves fast at first.)"),
        "{screen}"
    );
    // A refused move's reason ends with one full stop.
    assert!(!screen.contains(".."), "{screen}");
    // A rematch moves it: "1222 → 1180".
    h.key(KeyCode::Char('r'));
    let second = play_out_against_the_ai(&mut h);
    assert!(second.contains("Rated: your rating"), "{second}");
    assert!(second.contains(" → "), "{second}");
    let mut store = Store::open(dir.path().to_path_buf());
    assert_eq!(store.history().len(), 2);

    // (Its own data directory: the harness starts each app with one seed, and a game
    // of the same start second and seed would be taken for the same match.)
    let other = tempfile::tempdir().expect("temp dir");
    setup.position = Some("1,2".into());
    let mut typed = game_at(other.path(), setup);
    let over = play_out_against_the_ai(&mut typed);
    assert!(
        over.contains("Not rated: the start was typed in."),
        "{over}"
    );
}

/// Pnut-Butta's own game-over box says what the game did to the rating too.
#[test]
fn pnut_buttas_game_over_box_says_what_the_game_did_to_the_rating() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut setup = GameSetup::from_config(parlor::games::pnut::ID, &Config::default());
    setup.matchup.mode = Mode::VsAi;
    setup.matchup.first = parlor::matchup::FirstMover::You;
    let mut h = game_at(dir.path(), setup);
    for _ in 0..200 {
        if h.screen().contains("Game over") {
            break;
        }
        // The symbols in turn: those that would repeat are refused.
        h.play("0").play("1").play("2");
        h.ticks(20);
    }
    let over = h.screen();
    assert!(over.contains("Game over"), "{over}");
    assert!(over.contains("Rated: your first rating is"), "{over}");
}

/// Leaving a new game before its first move (nothing to resume) comes back on the
/// game's own row, not on an older saved match of it, which Enter would then open.
#[test]
fn leaving_an_unplayed_game_comes_back_on_the_games_own_row() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = nim_with(dir.path(), "3,4,5", Mode::VsAi);
    first.play("1:1");
    first.key(KeyCode::Char('q'));
    let mut h = menu_at(dir.path());
    assert!(h.screen().contains("▶ ↻ Resume Nim"), "{}", h.screen());
    // Down to Nim, its setup, a new game, and straight back.
    h.keys(&[KeyCode::Down, KeyCode::Enter, KeyCode::Enter]);
    assert!(matches!(h.app.screen(), Screen::Game(_)), "{}", h.screen());
    h.key(KeyCode::Esc);
    let menu = h.screen();
    assert!(menu.contains("▶ Nim "), "{menu}");
    assert_eq!(resume_rows(&menu).len(), 1, "{menu}");
    // A game left with a move, kept, comes back selected on its own saved match (the
    // newest, at the top).
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    h.play("1:1");
    h.keys(&[KeyCode::Esc, KeyCode::Enter]);
    let menu = h.screen();
    assert_eq!(resume_rows(&menu).len(), 2, "{menu}");
    assert!(menu.contains("▶ ↻ Resume Nim"), "{menu}");
}
