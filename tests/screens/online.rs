//! Play online, in one process: two arcades in one server's lobby (no SSH between
//! them), each game of the registry offered by one and accepted by the other, then
//! played to its end with random legal moves from both sides. After every move the
//! two screens show the same position, and at the end the same result; the lobby
//! holds no match once it is over. Also: leaving a match tells the other player, and an
//! offer goes with the arcade that made it.

use parlor::config::Config;
use parlor::plugin::GameId;
use parlor::seeds::GameRng;
use parlor::serve::lobby::Lobby;
use parlor::tui::app::{Screen, Start};
use parlor::tui::harness::Harness;
use rand::{RngExt, SeedableRng};
use ratatui::crossterm::event::KeyCode::{Char, Down, Enter, Esc, Right, Up};
use std::sync::Arc;

pub fn quick() -> Config {
    let mut c = Config::default();
    c.solver.max_millis = 100;
    c.solver.table_mib = 8;
    c
}

/// `name`'s arcade, in `lobby`.
pub fn arcade(lobby: &Arc<Lobby>, name: &str) -> Harness {
    let mut h = Harness::new(&parlor::arcade::registry(), quick(), Start::Menu, 100, 30);
    let seat = lobby.join(name, None, h.sender());
    h.go_online(Box::new(seat));
    h
}

/// From the menu to the lobby: its entry is the one before the statistics.
pub fn to_lobby(h: &mut Harness) {
    h.keys(&[Up, Up, Enter]);
    assert!(matches!(h.app.screen(), Screen::Lobby(_)), "{}", h.screen());
}

/// Alice offers `game`, bob accepts: both at the board, alice moving first.
pub fn start(lobby: &Arc<Lobby>, game: &str) -> (Harness, Harness) {
    let game = parlor::arcade::registry().find(game).expect("a game");
    let mut alice = arcade(lobby, "alice");
    let mut bob = arcade(lobby, "bob");
    to_lobby(&mut alice);
    offer(&mut alice, game);
    to_lobby(&mut bob);
    bob.key(Enter);
    alice.settle();
    assert!(matches!(alice.app.screen(), Screen::Game(_)));
    assert!(matches!(bob.app.screen(), Screen::Game(_)));
    (alice, bob)
}

/// Offers `game` from the lobby (no offers of others in view): its entry, its setup,
/// the offer.
pub fn offer(h: &mut Harness, game: GameId) {
    let index = parlor::arcade::registry()
        .all()
        .position(|g| g == game)
        .expect("a game");
    for _ in 0..index {
        h.key(Down);
    }
    h.key(Enter);
    assert!(h.screen().contains("[ Offer it online ]"), "{}", h.screen());
    h.key(Enter);
    assert!(h.screen().contains("Your offer is up"), "{}", h.screen());
}

pub fn position(h: &Harness) -> String {
    match h.app.screen() {
        Screen::Game(g) => g.position_text(),
        _ => panic!("no game on screen"),
    }
}

pub fn over(h: &Harness) -> bool {
    matches!(h.app.screen(), Screen::Game(g) if g.is_over())
}

/// One move of the match between `alice` and `bob`: whoever may move plays a random
/// legal move (the first, without `rng`), the other hears of it, and both boards are
/// checked to be the same. Exactly one of them may move.
pub fn step(alice: &mut Harness, bob: &mut Harness, rng: Option<&mut GameRng>) {
    let (mover, other) = if alice.app.legal_moves_text().is_empty() {
        (bob, alice)
    } else {
        (alice, bob)
    };
    let legal = mover.app.legal_moves_text();
    assert!(!legal.is_empty(), "nobody can move:\n{}", mover.screen());
    assert!(other.app.legal_moves_text().is_empty(), "both may move");
    let pick = rng.map_or(0, |rng| rng.random_range(0..legal.len()));
    let mv = legal[pick].clone();
    mover.play(&mv);
    other.settle();
    assert_eq!(position(mover), position(other), "after {mv}");
}

#[test]
fn every_game_is_played_online_to_its_end_and_both_screens_agree() {
    let lobby = Lobby::new();
    let mut rng = GameRng::seed_from_u64(35);
    for game in parlor::arcade::registry().all() {
        let mut alice = arcade(&lobby, "alice");
        let mut bob = arcade(&lobby, "bob");
        to_lobby(&mut alice);
        offer(&mut alice, game);
        to_lobby(&mut bob);
        let seen = bob.screen();
        assert!(
            seen.contains(&format!("Accept: alice offers {}", game.menu_name())),
            "{seen}"
        );
        bob.key(Enter);
        alice.settle();
        assert_eq!(position(&alice), position(&bob), "{game:?}: the same start");
        let title = alice.screen();
        assert!(
            title.contains("online: alice vs bob") || title.contains("online: bob vs alice"),
            "{title}"
        );
        assert_eq!(lobby.counts(), (2, 1));
        let mut plies = 0;
        while !(over(&alice) && over(&bob)) {
            plies += 1;
            assert!(plies < 500, "{game:?}: no end");
            step(&mut alice, &mut bob, Some(&mut rng));
        }
        let result = |h: &Harness| match h.app.screen() {
            Screen::Game(g) => g.record().and_then(|r| r.result),
            _ => None,
        };
        assert!(result(&alice).is_some(), "{game:?}");
        assert_eq!(result(&alice), result(&bob), "{game:?}: the same result");
        assert_eq!(lobby.counts(), (2, 0), "{game:?}: the match is over");
        // Esc from a finished match goes back to the lobby.
        alice.key(Esc);
        assert!(matches!(alice.app.screen(), Screen::Lobby(_)));
        bob.settle();
        assert!(bob.screen().contains("alice left"), "{}", bob.screen());
    }
    assert_eq!(lobby.counts(), (0, 0), "everyone left");
}

#[test]
fn leaving_a_match_tells_the_other_player_and_an_offer_goes_with_its_arcade() {
    let lobby = Lobby::new();
    let nim = parlor::arcade::registry().find("nim").expect("nim");
    let mut alice = arcade(&lobby, "alice");
    let mut bob = arcade(&lobby, "bob");
    to_lobby(&mut alice);
    offer(&mut alice, nim);
    // No hints in a match online.
    to_lobby(&mut bob);
    bob.key(Enter);
    alice.settle();
    alice.key(Enter);
    bob.settle();
    bob.key(Char('h'));
    assert!(bob.screen().contains("No hints"), "{}", bob.screen());
    // Bob leaves: asked first, then alice is told.
    bob.key(Esc);
    assert!(
        bob.screen().contains("Leave this match? That resigns it"),
        "{}",
        bob.screen()
    );
    bob.key(Char('y'));
    assert!(matches!(bob.app.screen(), Screen::Lobby(_)));
    alice.settle();
    assert!(
        alice.screen().contains("bob left the match"),
        "{}",
        alice.screen()
    );
    assert!(
        alice.screen().contains("bob left the match: you win."),
        "leaving resigns:\n{}",
        alice.screen()
    );
    assert_eq!(lobby.counts(), (2, 0));
    // An offer goes when its arcade does.
    alice.key(Esc);
    offer(&mut alice, nim);
    bob.settle();
    assert!(
        bob.screen().contains("Accept: alice offers Nim"),
        "{}",
        bob.screen()
    );
    drop(alice);
    bob.settle();
    assert!(!bob.screen().contains("alice offers"), "{}", bob.screen());
    assert_eq!(lobby.counts(), (1, 0));
}

#[test]
fn a_third_player_watches_a_match_from_its_middle_to_its_end() {
    let lobby = Lobby::new();
    let othello = parlor::arcade::registry().find("othello").expect("othello");
    let mut alice = arcade(&lobby, "alice");
    let mut bob = arcade(&lobby, "bob");
    to_lobby(&mut alice);
    offer(&mut alice, othello);
    to_lobby(&mut bob);
    bob.key(Enter);
    alice.settle();
    let mut rng = GameRng::seed_from_u64(3);
    for _ in 0..6 {
        step(&mut alice, &mut bob, Some(&mut rng));
    }
    // Carol arrives: the match is in the lobby, to watch, with its moves so far.
    let mut carol = arcade(&lobby, "carol");
    to_lobby(&mut carol);
    let seen = carol.screen();
    assert!(
        seen.contains("Watch: Othello · alice vs bob · 6 moves"),
        "{seen}"
    );
    carol.key(Enter);
    assert_eq!(position(&carol), position(&alice), "the match as it stands");
    let watched = carol.screen();
    assert!(watched.contains("online: alice vs bob"), "{watched}");
    assert!(watched.contains("at their terminal"), "{watched}");
    assert!(
        carol.app.legal_moves_text().is_empty(),
        "a watcher has no move"
    );
    while !over(&alice) {
        step(&mut alice, &mut bob, Some(&mut rng));
        carol.settle();
        assert_eq!(position(&carol), position(&alice));
    }
    assert!(over(&carol));
    // Esc: back to the lobby, nothing asked.
    carol.key(Esc);
    assert!(
        matches!(carol.app.screen(), Screen::Lobby(_)),
        "{}",
        carol.screen()
    );
}

/// The six-digit seat code a screen showed, if it did.
pub fn seat_code(screen: &str) -> Option<String> {
    let at = screen.find("Your seat code: ")? + "Your seat code: ".len();
    Some(screen[at..].chars().take(6).collect())
}

#[test]
fn a_dropped_player_takes_the_seat_back_with_its_code_and_a_name_alone_does_not() {
    let time = parlor::clock::HandTime::new();
    let lobby = Lobby::with_time(time.clone());
    let nim = parlor::arcade::registry().find("nim").expect("nim");
    let mut alice = arcade(&lobby, "alice");
    let mut bob = arcade(&lobby, "bob");
    to_lobby(&mut alice);
    offer(&mut alice, nim);
    to_lobby(&mut bob);
    bob.key(Enter);
    alice.settle();
    let code = seat_code(&bob.screen()).expect("bob is shown his seat code");
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{code}");
    // Two moves, then bob's connection drops.
    alice.play(&alice.app.legal_moves_text()[0].clone());
    bob.settle();
    bob.play(&bob.app.legal_moves_text()[0].clone());
    alice.settle();
    let before = position(&alice);
    drop(bob);
    alice.settle();
    assert!(
        alice.screen().contains("bob lost the connection"),
        "{}",
        alice.screen()
    );
    assert_eq!(lobby.counts(), (1, 1), "the match waits");

    // Someone else under bob's name, without the code: after three wrong tries the
    // seat makes each next one wait, whatever the connection.
    let mut mallory = arcade(&lobby, "bob");
    to_lobby(&mut mallory);
    assert!(
        mallory
            .screen()
            .contains("Resume your match: Nim with alice"),
        "{}",
        mallory.screen()
    );
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let try_code = |h: &mut Harness, code: &str| {
        for c in code.chars() {
            h.key(Char(c));
        }
        h.key(Enter);
        h.screen()
    };
    for _ in 0..3 {
        try_code(&mut mallory, wrong);
        assert!(matches!(mallory.app.screen(), Screen::Lobby(_)));
    }
    let seen = try_code(&mut mallory, wrong);
    assert!(
        seen.contains("Too many wrong seat codes for that seat: the next try in 1 s"),
        "{seen}"
    );
    // A new connection under the name waits as long.
    drop(mallory);
    let mut mallory = arcade(&lobby, "bob");
    to_lobby(&mut mallory);
    let seen = try_code(&mut mallory, wrong);
    assert!(seen.contains("Too many wrong seat codes"), "{seen}");
    // Each wrong one doubles the wait.
    time.advance(1_000);
    try_code(&mut mallory, wrong);
    let seen = try_code(&mut mallory, wrong);
    assert!(seen.contains("the next try in 2 s"), "{seen}");
    // Even the right code waits its turn.
    try_code(&mut mallory, &code);
    assert!(
        matches!(mallory.app.screen(), Screen::Lobby(_)),
        "the right code, too soon"
    );
    drop(mallory);
    time.advance(2_000);

    // Bob, back with his code: the match as it stood, and it goes on to its end.
    let mut bob = arcade(&lobby, "bob");
    to_lobby(&mut bob);
    for c in code.chars() {
        bob.key(Char(c));
    }
    bob.key(Enter);
    alice.settle();
    assert_eq!(position(&bob), before);
    assert!(alice.screen().contains("bob is back"), "{}", alice.screen());
    while !over(&alice) {
        step(&mut alice, &mut bob, None);
    }
    assert!(over(&bob));
}

/// A served arcade waits without ticking where nothing moves by itself (its menu, the
/// lobby, a setup), and ticks in a game (the AI's pause, the animations).
#[test]
fn an_arcade_ticks_only_where_time_matters() {
    let lobby = Lobby::new();
    let mut alice = arcade(&lobby, "alice");
    assert!(!alice.app.wants_ticks(), "the menu");
    to_lobby(&mut alice);
    assert!(!alice.app.wants_ticks(), "the lobby");
    // Back on the menu at its lobby entry: down past the statistics to Nim.
    alice.keys(&[Esc, Down, Down, Enter]);
    assert!(
        matches!(alice.app.screen(), Screen::Setup(_)),
        "{}",
        alice.screen()
    );
    assert!(!alice.app.wants_ticks(), "a setup");
    alice.key(Enter);
    assert!(matches!(alice.app.screen(), Screen::Game(_)));
    assert!(alice.app.wants_ticks(), "a game against the AI");
}

/// Moves the lobby's cursor down to the entry that reads `text`.
fn select_entry(h: &mut Harness, text: &str) {
    for _ in 0..30 {
        let screen = h.screen();
        if screen.lines().any(|l| l.contains('▶') && l.contains(text)) {
            return;
        }
        h.key(Down);
    }
    panic!("no entry {text} in the lobby:\n{}", h.screen());
}

/// An offer may give the first move to the one who accepts; the next offer of the same
/// game starts from the last one (its first mover and clock), not from the setup of a
/// game at one keyboard.
#[test]
fn an_offer_can_give_the_first_move_away_and_is_remembered() {
    let lobby = Lobby::new();
    let data = tempfile::tempdir().expect("a temporary directory");
    let registry = parlor::arcade::registry();
    let mut alice = Harness::with_store(&registry, quick(), Start::Menu, 100, 30, data.path());
    let seat = lobby.join("alice", None, alice.sender());
    alice.go_online(Box::new(seat));
    to_lobby(&mut alice);
    select_entry(&mut alice, "Offer a game of Othello");
    alice.key(Enter);
    let setup = alice.screen();
    assert!(setup.contains("you, who offer"), "{setup}");
    let footer = setup.lines().last().unwrap_or_default().to_string();
    assert!(footer.contains("Enter offer it"), "{footer}");
    // From [ Offer it online ] down, round to the first row, then the clock's.
    alice.keys(&[Down, Right]);
    assert!(
        alice.screen().contains("the one who accepts"),
        "{}",
        alice.screen()
    );
    alice.keys(&[Down, Right, Right]);
    let setup = alice.screen();
    let clock = setup
        .lines()
        .find(|l| l.contains("Clock"))
        .and_then(|l| l.split_whitespace().find(|w| w.contains('+')))
        .expect("a clock chosen")
        .trim_end_matches(':')
        .to_string();
    alice.key(Enter);
    assert!(
        alice.screen().contains("Your offer is up"),
        "{}",
        alice.screen()
    );
    // Taken back (Enter on one's own offer), and offered again: as it was.
    alice.key(Enter);
    select_entry(&mut alice, "Offer a game of Othello");
    alice.key(Enter);
    let again = alice.screen();
    assert!(again.contains("the one who accepts"), "{again}");
    assert!(
        again
            .lines()
            .any(|l| l.contains("Clock") && l.contains(&clock)),
        "{clock}: {again}"
    );
    alice.key(Enter);

    let mut bob = arcade(&lobby, "bob");
    to_lobby(&mut bob);
    let seen = bob.screen();
    assert!(seen.contains("the one who accepts moves first"), "{seen}");
    select_entry(&mut bob, "Accept: alice offers Othello");
    bob.key(Enter);
    alice.settle();
    assert!(
        !bob.app.legal_moves_text().is_empty(),
        "bob, who accepted, moves first"
    );
    assert!(
        alice.app.legal_moves_text().is_empty(),
        "{}",
        alice.screen()
    );
}

/// While the other player is away, Esc asks whether to leave the match waiting, as the
/// line about their absence says, and the question names the seat code.
#[test]
fn esc_leaves_a_match_waiting_while_the_other_is_away() {
    let lobby = Lobby::new();
    let (mut alice, bob) = start(&lobby, "nim");
    let code = seat_code(&alice.screen()).expect("alice is shown her seat code");
    drop(bob);
    alice.settle();
    let seen = alice.screen();
    assert!(seen.contains("Esc leaves it waiting"), "{seen}");
    // A window too small says that a match is on, not that q quits (it does not).
    alice.resize(60, 20);
    let small = alice.screen();
    assert!(small.contains("a match online is on"), "{small}");
    assert!(!small.contains("q quits"), "{small}");
    alice.resize(100, 30);
    alice.key(Esc);
    let asked = alice.screen();
    assert!(asked.contains("The other player is away"), "{asked}");
    assert!(
        asked.contains(&format!("your seat code {code} takes your seat back")),
        "the code to come back with: {asked}"
    );
    alice.key(Char('y'));
    let lobby_screen = alice.screen();
    assert!(
        matches!(alice.app.screen(), Screen::Lobby(_)),
        "{lobby_screen}"
    );
    assert!(
        lobby_screen.contains(&format!("with your seat code {code}")),
        "{lobby_screen}"
    );
    // And the arcade's goodbye, when it ends, names it again.
    assert_eq!(
        alice.app.goodbye_lines(),
        vec![format!(
            "Your match of Nim with bob waits for you: take your seat back with the seat code \
             {code}."
        )]
    );
}

/// The menu says what waits in the lobby beside its entry: an offer made while one is
/// at the menu, and a match that waits for the player who joins again.
#[test]
fn the_menu_says_what_waits_in_the_lobby() {
    let lobby = Lobby::new();
    let nim = parlor::arcade::registry().find("nim").expect("nim");
    let mut bob = arcade(&lobby, "bob");
    assert!(
        bob.screen().contains("offer a game, or accept one"),
        "{}",
        bob.screen()
    );
    let mut alice = arcade(&lobby, "alice");
    to_lobby(&mut alice);
    offer(&mut alice, nim);
    bob.settle();
    let seen = bob.screen();
    assert!(
        seen.lines()
            .any(|l| l.contains("Play online") && l.contains("alice offers Nim")),
        "{seen}"
    );
    to_lobby(&mut bob);
    bob.key(Enter);
    alice.settle();
    drop(bob);
    alice.settle();
    let mut bob = arcade(&lobby, "bob");
    let seen = bob.screen();
    assert!(
        seen.lines().any(|l| l.contains("Play online")
            && l.contains("your match Nim with alice")
            && l.contains("waits for you")),
        "{seen}"
    );
}

/// The rules' key list in a match online names the match's keys, not the AI's.
#[test]
fn the_help_in_a_match_online_lists_its_own_keys() {
    let lobby = Lobby::new();
    let (mut alice, _bob) = start(&lobby, "othello");
    alice.screen();
    alice.key(Char('?'));
    // The key list is at the end of the rules.
    let mut seen = String::new();
    for _ in 0..12 {
        seen.push_str(&alice.screen());
        alice.key(ratatui::crossterm::event::KeyCode::PageDown);
    }
    assert!(seen.contains("In this match online:"), "{seen}");
    assert!(seen.contains("resign"), "{seen}");
    // The AI's keys are not in the list (the prose of the rules may name them).
    for ai in ["h      hints", "u      undo", "n      new game"] {
        assert!(!seen.contains(ai), "{ai}: {seen}");
    }
}
