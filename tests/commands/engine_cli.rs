//! `parlor engine <game>`, as another program drives it: the real binary with piped
//! stdin and stdout in its own HOME. Whole games are played through the line protocol
//! (Nim, Chopsticks, W&L, Pnut-Butta) and through NBoard (Othello), every move the
//! engine plays checked against parlor's own rules.

use crate::cli_harness as harness;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::thread;

use harness::{HANG_GUARD, Sandbox};
use parlor::game::chopsticks::{Chopsticks, Variant};
use parlor::game::nim::{Ending, Nim};
use parlor::game::othello::{Othello, OthelloMove};
use parlor::game::pnut::{Pnut, Rules};
use parlor::game::wl::{Wl, parse_letters};
use parlor::game::{Game, Outcome, Seat};

/// A running `parlor engine`: lines in, lines out.
pub(crate) struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    _sandbox: Sandbox,
}

impl Engine {
    pub(crate) fn start(args: &[&str]) -> Engine {
        let sandbox = Sandbox::new();
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .arg("engine")
            .args(args)
            .env("HOME", sandbox.home())
            .env("XDG_CONFIG_HOME", sandbox.config_home())
            .env("XDG_DATA_HOME", sandbox.data_home())
            .env_remove("PARLOR_CONFIG")
            .env_remove("PARLOR_DATA_DIR")
            .env_remove("PARLOR_PROGRESS")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn parlor engine");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            _sandbox: sandbox,
        }
    }

    pub(crate) fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to the engine");
        stdin.flush().expect("flush");
    }

    /// The next answer line (the hang guard only turns a hang into a failure).
    pub(crate) fn read(&mut self) -> String {
        self.lines
            .recv_timeout(HANG_GUARD)
            .expect("the engine answers (hang guard)")
    }

    /// Sends `line` and reads one answer line.
    pub(crate) fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.read()
    }

    /// Closes stdin and returns the exit code.
    pub(crate) fn finish(mut self) -> i32 {
        drop(self.stdin.take());
        let status = self.child.wait().expect("wait for the engine");
        status.code().expect("exit code")
    }
}

/// A small deterministic generator for the test's own moves.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn result_line(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Seat::First) => "result first",
        Outcome::Win(Seat::Second) => "result second",
        Outcome::Draw => "result draw",
    }
}

/// Plays a whole game of `game` through the line protocol: the engine (seat
/// `engine_seat`) with `go`, the test with random legal moves by `play`. Every engine move
/// must be legal by parlor's rules; when the engine's first verdict is a proven win, it
/// must win. Returns the outcome.
fn play_through<G: Game>(args: &[&str], mut game: G, engine_seat: Seat, seed: u64) -> Outcome {
    let mut engine = Engine::start(args);
    assert_eq!(engine.ask("new"), format!("ok {}", game.position_text()));
    let mut rng = Lcg(seed);
    let mut first_verdict: Option<String> = None;
    let mut plies = 0;
    while game.outcome().is_none() {
        plies += 1;
        assert!(plies < 2000, "the game ends");
        if game.to_move() == engine_seat {
            let answer = engine.ask("go");
            let text = answer
                .strip_prefix("move ")
                .unwrap_or_else(|| panic!("go answers a move, not {answer:?}"));
            let mv: G::Move = text.parse().expect("the engine's move reads back");
            assert!(
                game.legal_moves().contains(&mv),
                "the engine played {mv}, illegal in {}",
                game.position_text()
            );
            game.play(mv).expect("legal");
            let info = engine.read();
            assert!(info.starts_with("info "), "a verdict follows: {info:?}");
            first_verdict.get_or_insert(info);
        } else {
            let legal = game.legal_moves();
            let mv = legal[rng.below(legal.len())];
            game.play(mv).expect("legal");
            assert_eq!(
                engine.ask(&format!("play {mv}")),
                format!("ok {}", game.position_text())
            );
        }
        if let Some(outcome) = game.outcome() {
            assert_eq!(
                engine.read(),
                result_line(outcome),
                "the engine sees the end"
            );
        }
    }
    let outcome = game.outcome().expect("over");
    if first_verdict
        .as_deref()
        .is_some_and(|v| v.starts_with("info win"))
    {
        assert_eq!(outcome, Outcome::Win(engine_seat), "a proven win is won");
    }
    // The game is over: the engine says so and keeps answering.
    assert!(engine.ask("go").starts_with("error the game is over"));
    assert_eq!(engine.finish(), 0, "end of input ends the session cleanly");
    outcome
}

#[test]
fn nim_whole_games_through_the_line_protocol() {
    let start = Nim::new(vec![3, 4, 5], Ending::Misere);
    let args = ["nim", "--piles", "3,4,5", "--misere"];
    // 3,4,5 is a first-player win: the engine moving first wins whatever the test plays.
    for seed in 0..3 {
        assert_eq!(
            play_through(&args, start.clone(), Seat::First, seed),
            Outcome::Win(Seat::First)
        );
        play_through(&args, start.clone(), Seat::Second, seed);
    }
}

#[test]
fn chopsticks_whole_games_through_the_line_protocol() {
    let start = Chopsticks::new(Variant::STANDARD, Some(100));
    for seed in 0..2 {
        for seat in [Seat::First, Seat::Second] {
            play_through(
                &["chopsticks", "--move-cap", "100"],
                start.clone(),
                seat,
                seed,
            );
        }
    }
}

#[test]
fn wl_whole_games_through_the_line_protocol() {
    let letters = "WLLWLWWLLLWLWW";
    let start = Wl::new(parse_letters(letters).expect("letters"));
    for seed in 0..2 {
        for seat in [Seat::First, Seat::Second] {
            play_through(&["wl", "--string", letters], start.clone(), seat, seed);
        }
    }
}

#[test]
fn pnut_whole_games_through_the_line_protocol() {
    let start = Pnut::new(Rules::new("01", 3).expect("rules"));
    for seed in 0..2 {
        for seat in [Seat::First, Seat::Second] {
            play_through(
                &["pnut", "--symbols", "01", "--length", "3"],
                start.clone(),
                seat,
                seed,
            );
        }
    }
}

#[test]
fn bad_lines_get_an_error_and_the_session_goes_on() {
    let mut engine = Engine::start(&["nim", "--piles", "1,2"]);
    for (line, needle) in [
        ("bogus", "error unknown command \"bogus\": accepted new"),
        ("", "error empty line"),
        (
            "play 9:9",
            "error illegal move 9:9: the legal moves are 1:1 2:1 2:2",
        ),
        ("play x", "error illegal move x"),
        ("play", "error play needs a move: the legal moves are"),
        ("go soon", "error go soon: accepted a number of seconds"),
        ("go -1", "error go -1: accepted"),
        ("position", "error position needs a position"),
        ("position 1,x", "error "),
        ("new --piles 0", "error --piles: pile 1 has 0 coins"),
        ("new --bogus", "error the options --bogus:"),
        ("analyse now", "error analyse takes nothing"),
    ] {
        let answer = engine.ask(line);
        assert!(answer.starts_with(needle), "{line:?} -> {answer:?}");
    }
    // Bytes that are not UTF-8 are a bad line like any other.
    {
        let stdin = engine.stdin.as_mut().expect("stdin open");
        stdin.write_all(b"play \xff\xfe\n").expect("write");
        stdin.flush().expect("flush");
    }
    assert!(engine.read().starts_with("error illegal move"));
    // Still the same game, still answering.
    assert_eq!(engine.ask("position 1,2"), "ok 1,2");
    assert_eq!(engine.ask("play 2:1"), "ok 1,1");
    engine.send("analyse");
    assert!(engine.read().starts_with("value 1:1 "));
    assert!(engine.read().starts_with("value 2:1 "));
    assert!(engine.read().starts_with("info "));
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

/// A 100,000-digit value in a line is answered with a prefix of it and its length, by the
/// line protocol (`error`) and by NBoard (`status`).
#[test]
fn huge_values_in_lines_are_quoted_short() {
    let digits = "3".repeat(100_000);
    let quoted = format!("{}…(100000 characters)", "3".repeat(40));
    let line_protocol = ["position", "play", "new --piles", "go"];
    let nboard = ["set depth", "set movetime", "set eval", "move"];
    for (args, commands, answer_start) in [
        (&["nim", "--piles", "1,2"][..], line_protocol, "error "),
        (&["othello"][..], nboard, "status "),
    ] {
        let mut engine = Engine::start(args);
        for command in commands {
            let answer = engine.ask(&format!("{command} {digits}"));
            assert!(answer.starts_with(answer_start), "{answer}");
            assert!(answer.contains(&quoted), "{answer}");
            assert!(answer.len() < 400, "{} bytes: {answer}", answer.len());
        }
        engine.send("quit");
        assert_eq!(engine.finish(), 0);
    }
}

#[test]
fn a_bad_start_is_a_usage_error() {
    let sandbox = Sandbox::new();
    sandbox
        .run(&["engine", "nim", "--piles", "0,x"])
        .expect_code(2);
    sandbox.run(&["engine", "chess"]).expect_code(2);
}

/// Reads lines until one starting with `prefix`, checking the ones skipped are `status`
/// or `nodestats` lines the protocol allows at any time.
pub(crate) fn read_until(engine: &mut Engine, prefix: &str) -> String {
    loop {
        let line = engine.read();
        if line.starts_with(prefix) {
            return line;
        }
        assert!(
            line.starts_with("status") || line.starts_with("nodestats"),
            "unexpected line {line:?} while waiting for {prefix}"
        );
    }
}

/// The move of an `=== <move>[/eval/time]` answer.
pub(crate) fn nboard_move(answer: &str) -> String {
    let text = answer.strip_prefix("=== ").expect("=== answer");
    text.split('/').next().expect("move").to_string()
}

/// An Othello move as NBoard writes it: `F5`, `PA` for a pass.
pub(crate) fn nboard_text(mv: OthelloMove) -> String {
    match mv {
        OthelloMove::Pass => "PA".to_string(),
        square => square.to_string().to_uppercase(),
    }
}

/// The GGF record of `moves` from the usual start.
fn ggf(moves: &[OthelloMove]) -> String {
    let mut text = String::from(
        "(;GM[Othello]PC[test]BO[8 ---------------------------O*------*O--------------------------- *]",
    );
    for (i, mv) in moves.iter().enumerate() {
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        text.push_str(&format!("{colour}[{}]", nboard_text(*mv)));
    }
    text.push_str(";)");
    text
}

#[test]
fn an_nboard_session_plays_a_whole_othello_game() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    engine.send("set depth 2");
    engine.send(&format!("set game {}", ggf(&[])));
    engine.send("ping 1");
    assert_eq!(engine.read(), "set myname parlor");
    assert_eq!(
        engine.read(),
        "pong 1",
        "pong after everything sent before it"
    );
    // A hint: search lines, then an empty status.
    engine.send("hint 1");
    let search = read_until(&mut engine, "search ");
    assert_eq!(
        search.split_whitespace().count(),
        5,
        "search <pv> <eval> 0 <depth>: {search}"
    );
    assert_eq!(engine.read(), "status");
    let mut game = Othello::new();
    let mut moves: Vec<OthelloMove> = Vec::new();
    let mut rng = Lcg(7);
    let mut n = 1;
    let mut engine_moves = 0;
    while game.outcome().is_none() {
        // Each side passes by sending PA, as NBoard does.
        let mv = if game.to_move() == Seat::First {
            engine.send("go");
            let text = nboard_move(&read_until(&mut engine, "==="));
            assert!(engine.read().starts_with("status"), "status after the move");
            let mv = if text == "PA" {
                OthelloMove::Pass
            } else {
                text.parse().expect("a square")
            };
            assert!(
                game.legal_moves().contains(&mv),
                "engine played {text}, illegal in {}",
                game.position_text()
            );
            engine_moves += 1;
            mv
        } else {
            let legal = game.legal_moves();
            legal[rng.below(legal.len())]
        };
        game.play(mv).expect("legal");
        moves.push(mv);
        if moves.len() == 20 {
            // Mid-game, the GUI may send the whole game instead of the move.
            engine.send(&format!("set game {}", ggf(&moves)));
        } else {
            engine.send(&format!("move {}", nboard_text(mv)));
        }
        n += 1;
        engine.send(&format!("ping {n}"));
        // Nothing but the pong: the move was legal for the engine too.
        assert_eq!(engine.read(), format!("pong {n}"));
    }
    assert!(
        engine_moves >= 20,
        "the engine played its side: {engine_moves}"
    );
    assert_eq!(engine.finish(), 0);
}

#[test]
fn nboard_bad_lines_are_reported_or_ignored_and_the_session_goes_on() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    assert_eq!(engine.read(), "set myname parlor");
    for (line, needle) in [
        ("set depth 0", "status set depth 0: accepted 1-60"),
        ("set depth many", "status set depth many: accepted 1-60"),
        (
            "move Z9",
            "status move Z9: not legal on parlor's board (legal: D3 C4 F5 E6)",
        ),
        // Once a move could not be followed, the engine has no board until set game.
        (
            "move F5",
            "status parlor has no board (the move Z9 was not legal",
        ),
        (
            "set game (;GM[Othello]BO[8 nonsense",
            "status set game refused: ",
        ),
        (
            "go",
            "status parlor has no board (the last set game was refused",
        ),
    ] {
        assert!(engine.ask(line).starts_with(needle), "{line:?}");
    }
    engine.send(&format!("set game {}", ggf(&[])));
    // Legal squares that are not legal moves from the start.
    let answer = engine.ask("move A1");
    assert!(
        answer.starts_with("status move A1: not legal on parlor's board"),
        "{answer}"
    );
    engine.send(&format!("set game {}", ggf(&[])));
    // Unknown commands are ignored: the next answer is the pong.
    engine.send("frobnicate 3");
    assert_eq!(engine.ask("ping 9"), "pong 9");
    // `analyze` of the start alone: its one position, then the status line.
    engine.send("analyze");
    assert_eq!(engine.read(), "status parlor is analysing the game");
    assert!(engine.read().starts_with("analysis 0 "));
    assert_eq!(engine.read(), "status");
    // Still at the start: the answer is a legal opening move.
    engine.send("set depth 1");
    engine.send("go");
    let mv = nboard_move(&read_until(&mut engine, "==="));
    let square: OthelloMove = mv.parse().expect("a square");
    assert!(Othello::new().legal_moves().contains(&square));
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

#[test]
fn nboard_hint_n_gives_the_n_best_moves_best_first() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    engine.send("set depth 3");
    // After f5 white has three moves: d6, f4 and f6.
    engine.send(&format!("set game {}", ggf(&["f5".parse().expect("f5")])));
    engine.send("hint 2");
    assert_eq!(engine.read(), "set myname parlor");
    let first = read_until(&mut engine, "search ");
    let second = engine.read();
    assert_eq!(engine.read(), "status", "two lines for hint 2");
    let fields = |line: &str| -> (String, i32) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.len(), 5, "search <pv> <eval> 0 <depth>: {line}");
        (
            words[1][..2].to_string(),
            words[2].parse().expect("an eval"),
        )
    };
    let (a, va) = fields(&first);
    let (b, vb) = fields(&second);
    assert_ne!(a, b, "two different moves");
    for m in [&a, &b] {
        assert!(
            ["D6", "F4", "F6"].contains(&m.as_str()),
            "{m} is not legal after f5"
        );
    }
    assert!(va >= vb, "best first: {first} then {second}");
    // More hints than moves: one line a legal move.
    engine.send("hint 10");
    let mut lines = vec![read_until(&mut engine, "search ")];
    loop {
        let line = engine.read();
        if line == "status" {
            break;
        }
        lines.push(line);
    }
    assert_eq!(lines.len(), 3, "{lines:?}");
}

#[test]
fn nboard_movetime_searches_by_the_clock_and_refuses_bad_values() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    engine.send("set movetime 0");
    engine.send("set movetime lots");
    engine.send("set movetime 30");
    engine.send(&format!("set game {}", ggf(&[])));
    engine.send("go");
    assert_eq!(engine.read(), "set myname parlor");
    for bad in ["0", "lots"] {
        assert_eq!(
            engine.read(),
            format!("status set movetime {bad}: accepted 1-600000 milliseconds")
        );
    }
    let answer = read_until(&mut engine, "=== ");
    let mv = nboard_move(&answer);
    assert!(
        ["D3", "C4", "F5", "E6"].contains(&mv.as_str()),
        "a legal first move: {answer}"
    );
}

#[test]
fn nboard_set_eval_chooses_the_evaluation_and_refuses_others() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    engine.send("set eval magic");
    engine.send("set eval classic");
    engine.send("set depth 4");
    engine.send(&format!("set game {}", ggf(&[])));
    engine.send("go");
    assert_eq!(engine.read(), "set myname parlor");
    assert_eq!(
        engine.read(),
        "status set eval: 'magic' is not an evaluation: expected patterns or classic"
    );
    let answer = read_until(&mut engine, "=== ");
    let mv = nboard_move(&answer);
    assert!(
        ["D3", "C4", "F5", "E6"].contains(&mv.as_str()),
        "a legal first move: {answer}"
    );
}
