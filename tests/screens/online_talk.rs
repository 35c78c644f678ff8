//! What two players of a match online ask each other and say, in one process (two
//! arcades in one lobby): a takeback asked and granted or declined, a draw offered
//! where the game has draws, resigning, a rematch with the sides swapped, the chat
//! (cleaned of escape sequences, watchers' lines kept among watchers), and the
//! footers and the "Match" panel that say what works.

use crate::online::{arcade, offer, over, position, start, step, to_lobby};
use parlor::serve::lobby::Lobby;
use parlor::tui::app::Screen;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode::{Char, Enter, Esc, Up};
use std::sync::Arc;

/// From the lobby, offers the game `downs` entries below the first at 1+0: its entry,
/// its setup (on its offer button; down from there comes round to the first row, then
/// the clock's), the clock two steps right, the offer.
fn offer_at_one_minute(h: &mut Harness, downs: usize) {
    use ratatui::crossterm::event::KeyCode::{Down, Right};
    for _ in 0..downs {
        h.key(Down);
    }
    h.key(Enter);
    h.keys(&[Down, Down, Right, Right]);
    assert!(h.screen().contains("1+0: 1 min a side"), "{}", h.screen());
    h.key(Enter);
}

fn says(h: &mut Harness, text: &str) {
    h.key(Char('c'));
    for c in text.chars() {
        h.key(Char(c));
    }
    h.key(Enter);
}

#[test]
fn a_takeback_asked_is_granted_or_declined_and_both_boards_follow() {
    let lobby = Lobby::new();
    let (mut alice, mut bob) = start(&lobby, "othello");
    let opening = position(&alice);
    // Nothing to take back before one's first move.
    alice.key(Char('u'));
    bob.settle();
    alice.settle();
    assert!(
        alice.screen().contains("no move to take back"),
        "{}",
        alice.screen()
    );
    step(&mut alice, &mut bob, None);
    let after_one = position(&alice);
    step(&mut alice, &mut bob, None);
    // Alice asks: bob is asked, and says no.
    alice.key(Char('u'));
    bob.settle();
    let asked = bob.screen();
    assert!(asked.contains("alice asks for a takeback"), "{asked}");
    assert!(asked.contains("y or u accepts, n declines"), "{asked}");
    bob.key(Char('n'));
    alice.settle();
    assert!(
        alice.screen().contains("bob declined a takeback"),
        "{}",
        alice.screen()
    );
    // Asked again, and granted: alice's move and bob's reply go, on both boards.
    alice.key(Char('u'));
    bob.settle();
    bob.key(Char('y'));
    alice.settle();
    assert_eq!(position(&alice), opening, "{}", alice.screen());
    assert_eq!(position(&bob), opening);
    assert!(
        alice.screen().contains("Taken back: 2 moves"),
        "{}",
        alice.screen()
    );
    // The match goes on from there, the same on both screens.
    step(&mut alice, &mut bob, None);
    assert_eq!(position(&alice), after_one);
    assert_eq!(position(&bob), after_one);
}

#[test]
fn a_draw_is_offered_only_where_the_game_has_draws_and_ends_the_match_when_accepted() {
    let lobby = Lobby::new();
    let (mut alice, bob) = start(&lobby, "nim");
    // A key lets the seat code's notice go from over the footer.
    alice.key(Up);
    let footer = alice.screen();
    let last = footer.lines().last().unwrap_or_default();
    assert!(
        !last.contains("draw"),
        "Nim's footer offers no draw: {last}"
    );
    assert!(
        last.contains("takeback") && last.contains("resign"),
        "{last}"
    );
    assert!(!last.contains("hints"), "{last}");
    alice.key(Char('D'));
    assert!(alice.screen().contains("no draws"), "{}", alice.screen());
    drop((alice, bob));

    let lobby = Lobby::new();
    let (mut alice, mut bob) = start(&lobby, "othello");
    alice.key(Up);
    let last = alice
        .screen()
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    assert!(last.contains("D draw"), "{last}");
    step(&mut alice, &mut bob, None);
    // The other player's move arrived: the cursor stays where bob left it (a jump to
    // a legal square let a reflex Enter play it); Enter there plays only if it is
    // legal, and the status line says which (a key lets the seat code's notice go from
    // over the footer).
    bob.key(Up).key(ratatui::crossterm::event::KeyCode::Down);
    let seen = bob.screen();
    assert!(
        seen.contains("not legal here") || seen.contains("(taken)") || seen.contains("Enter plays"),
        "{seen}"
    );
    bob.key(Char('D'));
    alice.settle();
    assert!(
        alice.screen().contains("bob asks for a draw"),
        "{}",
        alice.screen()
    );
    // Offering back is accepting.
    alice.key(Char('D'));
    bob.settle();
    for h in [&mut alice, &mut bob] {
        h.key(Up);
        let seen = h.screen();
        assert!(seen.contains("A draw by agreement."), "{seen}");
        // The box says it once: "A draw." over "By agreement."
        assert!(seen.contains("By agreement."), "{seen}");
        assert!(
            seen.contains("The match is over. A draw by agreement."),
            "{seen}"
        );
        let footer = seen.lines().last().unwrap_or_default();
        assert!(footer.contains("r rematch"), "{seen}");
        // Only a game played to its end by the rules has a review; the game's own
        // Enter (play) is not offered, the box's is.
        assert!(!footer.contains("review"), "{seen}");
        assert!(
            footer.contains("Enter board") && !footer.contains("Enter play"),
            "{seen}"
        );
        assert!(!footer.contains("resign"), "{seen}");
    }
    // No more moves once it is over: Enter puts the box away.
    let moved = position(&alice);
    alice.key(Enter);
    assert_eq!(position(&alice), moved);
    assert!(!alice.screen().contains("Game over"), "{}", alice.screen());
    assert!(
        alice.screen().contains("The match is over"),
        "{}",
        alice.screen()
    );
    assert_eq!(lobby.counts(), (2, 0), "no match is played any more");
}

#[test]
fn resigning_asks_first_then_ends_the_match_and_a_rematch_swaps_the_sides() {
    let lobby = Lobby::new();
    let (mut alice, mut bob) = start(&lobby, "chopsticks");
    step(&mut alice, &mut bob, None);
    // Each player's own hands stay at the bottom of their screen, whoever is to move.
    let row_of = |screen: &str, name: &str| {
        screen.lines().position(|l| {
            let label = l.trim_matches(|c: char| c == '│' || c.is_whitespace());
            label == name || label.starts_with(&format!("{name} ·"))
        })
    };
    for (h, me, other) in [(&mut alice, "alice", "bob"), (&mut bob, "bob", "alice")] {
        let seen = h.screen();
        assert!(
            row_of(&seen, me) > row_of(&seen, other),
            "{me} at the bottom:\n{seen}"
        );
    }
    bob.key(Char('R'));
    assert!(
        bob.screen().contains("Resign this match?"),
        "{}",
        bob.screen()
    );
    // Any other key: play on.
    bob.key(Char('x'));
    alice.settle();
    assert!(!alice.screen().contains("resigned"), "{}", alice.screen());
    bob.key(Char('R'));
    bob.key(Char('y'));
    alice.settle();
    assert!(
        alice.screen().contains("bob resigned: you win."),
        "{}",
        alice.screen()
    );
    // The box of a finished game, as for an end by the rules.
    let seen = alice.screen();
    assert!(
        seen.contains("Game over") && seen.contains("You win!"),
        "{seen}"
    );
    // No one is to move any more under the hands.
    assert!(!seen.contains("· to move"), "{seen}");
    // Enter puts the box away to show the hands under it, and brings it back.
    let footer = |h: &mut Harness| h.screen().lines().last().unwrap_or_default().to_string();
    alice.key(Enter);
    let bare = alice.screen();
    assert!(
        !bare.contains("Game over") && !bare.contains("You win!"),
        "{bare}"
    );
    assert!(bare.contains("bob resigned: you win."), "{bare}");
    assert!(footer(&mut alice).contains("Enter result"), "{bare}");
    alice.key(Enter);
    let back = alice.screen();
    assert!(
        back.contains("Game over") && back.contains("You win!"),
        "{back}"
    );
    assert!(footer(&mut alice).contains("Enter board"), "{back}");
    // Too small a window during the rematch's question says what a key does there.
    bob.resize(60, 20);
    let small = bob.screen();
    assert!(small.contains("q quits"), "the match is over: {small}");
    bob.resize(100, 30);
    assert!(
        seen.contains("r rematch, sides swapped · Esc lobby"),
        "{seen}"
    );
    assert!(
        bob.screen().contains("You resigned: you lose."),
        "{}",
        bob.screen()
    );
    // A rematch: asked by one, started when the other asks too, the sides swapped.
    bob.key(Char('r'));
    alice.settle();
    assert!(
        alice
            .screen()
            .contains("bob asks for a rematch with the sides swapped"),
        "{}",
        alice.screen()
    );
    assert!(
        bob.screen().contains("waiting for alice"),
        "{}",
        bob.screen()
    );
    alice.key(Char('r'));
    bob.settle();
    for h in [&mut alice, &mut bob] {
        let seen = h.screen();
        assert!(seen.contains("online: bob vs alice"), "{seen}");
        assert!(!over(h), "a new match: {seen}");
    }
    assert!(
        !alice.app.legal_moves_text().is_empty() || !bob.app.legal_moves_text().is_empty(),
        "someone may move"
    );
    assert!(
        alice.app.legal_moves_text().is_empty(),
        "bob moves first now"
    );
    assert_eq!(lobby.counts(), (2, 1));
}

#[test]
fn the_chat_reaches_the_table_cleaned_and_watchers_talk_among_themselves() {
    let lobby = Lobby::new();
    let (mut alice, mut bob) = start(&lobby, "othello");
    step(&mut alice, &mut bob, None);
    says(&mut alice, "good luck\u{1b}[2J");
    bob.settle();
    let seen = bob.screen();
    assert!(seen.contains("alice: good luck [2J"), "{seen}");
    assert!(!seen.contains('\u{1b}'), "{seen}");
    // Typing does not play: bob, to move, types a line with Enter at its end, and his
    // board stands (Enter said the line, it did not play his cursor's square).
    let before = position(&bob);
    assert!(!bob.app.legal_moves_text().is_empty(), "bob is to move");
    says(&mut bob, "ok then");
    assert_eq!(position(&bob), before);
    alice.settle();
    assert!(
        alice.screen().contains("bob: ok then"),
        "{}",
        alice.screen()
    );
    // Esc drops a line half typed.
    bob.key(Char('c'));
    bob.key(Char('h'));
    assert!(bob.screen().contains("Say: h"), "{}", bob.screen());
    bob.key(Esc);
    assert!(!bob.screen().contains("Say:"), "{}", bob.screen());
    assert!(
        matches!(bob.app.screen(), Screen::Game(_)),
        "Esc left the chat only"
    );

    // Carol watches: she sees the players' lines; hers reach watchers only.
    let mut carol = arcade(&lobby, "carol");
    to_lobby(&mut carol);
    carol.key(Enter);
    assert!(
        carol.screen().contains("alice: good luck"),
        "{}",
        carol.screen()
    );
    says(&mut carol, "play e6!");
    alice.settle();
    bob.settle();
    assert!(!alice.screen().contains("play e6"), "{}", alice.screen());
    assert!(!bob.screen().contains("play e6"), "{}", bob.screen());
    assert!(
        carol.screen().contains("carol: play e6!"),
        "{}",
        carol.screen()
    );
}

#[test]
fn a_timed_match_shows_both_clocks_and_a_flag_fall_ends_it() {
    use parlor::clock::HandTime;
    let time = HandTime::new();
    let lobby = Lobby::with_time(time.clone());
    let mut alice = arcade(&lobby, "alice");
    let mut bob = arcade(&lobby, "bob");
    alice.with_time(time.clone());
    bob.with_time(time.clone());
    to_lobby(&mut alice);
    // Othello's entry, its offer's setup, then the clock row: 1+0.
    for _ in 0..3 {
        alice.key(ratatui::crossterm::event::KeyCode::Down);
    }
    alice.key(Enter);
    alice.key(Up);
    let setup = alice.screen();
    assert!(setup.contains("No clock: take your time"), "{setup}");
    alice.key(ratatui::crossterm::event::KeyCode::Right);
    alice.key(ratatui::crossterm::event::KeyCode::Right);
    assert!(
        alice.screen().contains("1+0: 1 min a side, +0 s a move"),
        "{}",
        alice.screen()
    );
    alice.key(Enter);
    assert!(
        alice.screen().contains("Your offer is up"),
        "{}",
        alice.screen()
    );
    to_lobby(&mut bob);
    assert!(
        bob.screen().contains("Accept: alice offers Othello · 1+0"),
        "{}",
        bob.screen()
    );
    bob.key(Enter);
    alice.settle();
    // The clocks start once each side has moved.
    time.advance(30_000);
    alice.ticks(1);
    let seen = alice.screen();
    assert!(seen.contains(" alice 1:00   bob 1:00"), "{seen}");
    assert!(
        seen.contains("The clocks start after each side's"),
        "{seen}"
    );
    step(&mut alice, &mut bob, None);
    time.advance(30_000);
    step(&mut alice, &mut bob, None);
    // Bob, whose move started the clocks, sees alice's run too.
    time.advance(1_000);
    bob.ticks(1);
    assert!(bob.screen().contains("▸alice 0:59"), "{}", bob.screen());
    // Alice thinks 12 s in all, moves; bob's clock runs.
    time.advance(11_000);
    alice.ticks(1);
    assert!(
        alice.screen().contains("▸alice 0:48   bob 1:00"),
        "{}",
        alice.screen()
    );
    step(&mut alice, &mut bob, None);
    time.advance(2_000);
    bob.ticks(1);
    assert!(
        bob.screen().contains(" alice 0:48  ▸bob 0:58"),
        "{}",
        bob.screen()
    );
    // Bob's time runs out: the clocks see it, the server agrees, the match ends.
    time.advance(58_000);
    alice.ticks(1);
    bob.settle();
    assert!(
        alice.screen().contains("bob ran out of time: you win."),
        "{}",
        alice.screen()
    );
    bob.ticks(1);
    assert!(
        bob.screen().contains("You ran out of time: you lose."),
        "{}",
        bob.screen()
    );
    assert_eq!(lobby.counts(), (2, 0));
    // Bob's move comes too late: his screen takes none.
    let before = position(&bob);
    bob.key(Enter);
    assert_eq!(position(&bob), before);
    assert!(
        bob.screen().contains("The match is over"),
        "{}",
        bob.screen()
    );
}

/// The server's database keeps every match: one in progress comes back after a restart
/// (a new lobby on the same file), both seats waiting for their owners; the finished
/// game goes to the history with both names, and the standings count it.
#[test]
fn a_match_survives_a_server_restart_and_its_end_goes_to_the_history() {
    use parlor::clock::{HandTime, TimeSource};
    use parlor::serve::db::Db;
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("server.sqlite");
    let time = HandTime::new();
    let config = crate::online::quick();
    let games = parlor::arcade::registry();
    let (code, before) = {
        let db = Arc::new(Db::open(&path).unwrap());
        let lobby = Lobby::with_db(time.clone() as Arc<dyn TimeSource>, db);
        let (mut alice, mut bob) = start(&lobby, "nim");
        let code = crate::online::seat_code(&bob.screen()).expect("bob's seat code");
        step(&mut alice, &mut bob, None);
        step(&mut alice, &mut bob, None);
        step(&mut alice, &mut bob, None);
        (code, position(&bob))
        // The server stops: its lobby and every arcade go.
    };
    let db = Arc::new(Db::open(&path).unwrap());
    let lobby = Lobby::with_db(time.clone() as Arc<dyn TimeSource>, db.clone());
    assert_eq!(lobby.restore(&db, &games, &config), 1);
    assert_eq!(lobby.counts(), (0, 1), "the match waits for its players");
    let mut bob = arcade(&lobby, "bob");
    to_lobby(&mut bob);
    assert!(
        bob.screen().contains("Resume your match: Nim with alice"),
        "{}",
        bob.screen()
    );
    for c in code.chars() {
        bob.key(Char(c));
    }
    bob.key(Enter);
    assert_eq!(position(&bob), before, "{}", bob.screen());
    // Alice's seat still waits (her code was hers alone); bob resigns, and the end is
    // written to the history.
    bob.key(Char('R'));
    bob.key(Char('y'));
    // The lobby writes on a thread of its own: what it wrote so far, then read.
    lobby.flush();
    let history = db.history(None).unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].names, ["alice".to_string(), "bob".to_string()]);
    assert_eq!(history[0].how, "bob resigned");
    assert_eq!(
        history[0].record.ended_by,
        Some(parlor::store::EndedBy::Resignation)
    );
    assert_eq!(history[0].record.moves.len(), 3);
    assert!(db.matches_in_progress().unwrap().is_empty());
    let table = parlor::serve::db::standings_text(&db.standings().unwrap());
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("alice") && l.contains("nim")),
        "{table}"
    );
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("bob") && l.contains("nim")),
        "{table}"
    );
}

/// From a fresh-eyes play session: the latest chat line is always in view; an offer
/// that comes in is announced and leaves the cursor of a player on a game's entry
/// where it was (a reflex Enter must not accept a match one did not choose);
/// accepts what is seen); leaving while the other player is away keeps the match for
/// both.
#[test]
fn the_newest_chat_shows_an_offer_is_announced_and_leaving_an_away_player_keeps_the_match() {
    let lobby = Lobby::new();
    let (mut alice, mut bob) = start(&lobby, "nim");
    for i in 1..=5 {
        says(&mut alice, &format!("line {i} {}", "x".repeat(80)));
    }
    says(&mut alice, "the last word");
    bob.settle();
    assert!(
        bob.screen().contains("alice: the last word"),
        "{}",
        bob.screen()
    );

    // Bob's connection drops; alice leaves: the match waits for both.
    drop(bob);
    alice.settle();
    alice.key(Esc);
    assert!(
        alice.screen().contains("The other player is away"),
        "{}",
        alice.screen()
    );
    alice.key(Char('y'));
    assert!(matches!(alice.app.screen(), Screen::Lobby(_)));
    assert!(
        alice.screen().contains("The match waits for you both"),
        "{}",
        alice.screen()
    );
    assert_eq!(lobby.counts(), (1, 1), "the match is kept");

    // Carol's offer comes in while dave's cursor is on a game's entry.
    drop(alice);
    let mut alice = arcade(&lobby, "dave");
    to_lobby(&mut alice);
    let mut carol = arcade(&lobby, "carol");
    to_lobby(&mut carol);
    offer(
        &mut carol,
        parlor::arcade::registry().find("othello").expect("othello"),
    );
    alice.settle();
    let seen = alice.screen();
    assert!(seen.contains("▶ Offer a game of Nim"), "{seen}");
    assert!(seen.contains("  Accept: carol offers Othello"), "{seen}");
    // The whole offer, under the list.
    assert!(
        seen.contains("New: carol offers Othello · no clock · carol moves first"),
        "{seen}"
    );
    // Dave goes up to it, and carol takes it back: dave's cursor goes to a game to
    // offer (a reflex Enter opens a setup), and he is told.
    alice.key(Up);
    assert!(
        alice.screen().contains("▶ Accept: carol offers Othello"),
        "{}",
        alice.screen()
    );
    carol.key(Enter);
    alice.settle();
    let seen = alice.screen();
    assert!(seen.contains("▶ Offer a game of Nim"), "{seen}");
    assert!(seen.contains("The entry you were on is gone"), "{seen}");
}

/// From a fresh-eyes play session: a timed match stopped by the server keeps the time
/// thought since the last move (it was given back), and when both players are back the
/// clock runs on both screens, also on the one of the player who came back first (it
/// stood still there).
#[test]
fn a_timed_match_after_a_restart_keeps_its_time_and_runs_on_both_screens() {
    use parlor::clock::{HandTime, TimeSource};
    use parlor::serve::db::Db;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("server.sqlite");
    let time = HandTime::new();
    let config = crate::online::quick();
    let games = parlor::arcade::registry();
    let codes = {
        let db = Arc::new(Db::open(&path).unwrap());
        let lobby = Lobby::with_db(time.clone() as Arc<dyn TimeSource>, db);
        let mut alice = arcade(&lobby, "alice");
        let mut bob = arcade(&lobby, "bob");
        alice.with_time(time.clone());
        bob.with_time(time.clone());
        to_lobby(&mut alice);
        offer_at_one_minute(&mut alice, 3);
        to_lobby(&mut bob);
        bob.key(Enter);
        alice.settle();
        let code = |h: &mut Harness| crate::online::seat_code(&h.screen()).expect("a seat code");
        let codes = (code(&mut alice), code(&mut bob));
        // Each side moves, and the clocks start.
        step(&mut alice, &mut bob, None);
        step(&mut alice, &mut bob, None);
        // Alice thinks 10 s; then the server stops.
        time.advance(10_000);
        alice.ticks(1);
        assert!(
            alice.screen().contains("▸alice 0:50   bob 1:00"),
            "{}",
            alice.screen()
        );
        lobby.save_all();
        codes
    };
    time.advance(60_000);
    let db = Arc::new(Db::open(&path).unwrap());
    let lobby = Lobby::with_db(time.clone() as Arc<dyn TimeSource>, db.clone());
    assert_eq!(lobby.restore(&db, &games, &config), 1);
    let back = |name: &str, code: &str| {
        let mut h = arcade(&lobby, name);
        h.with_time(time.clone());
        to_lobby(&mut h);
        for c in code.chars() {
            h.key(Char(c));
        }
        h.key(Enter);
        h
    };
    // The lobby's entry says how the clocks stand.
    {
        let mut look = arcade(&lobby, "alice");
        to_lobby(&mut look);
        let seen = look.screen();
        assert!(seen.contains("1+0: you 0:50, bob 1:00"), "{seen}");
    }
    let mut alice = back("alice", &codes.0);
    let mut bob = back("bob", &codes.1);
    alice.settle();
    time.advance(3_000);
    alice.ticks(1);
    bob.ticks(1);
    assert!(
        alice.screen().contains("▸alice 0:47   bob 1:00"),
        "{}",
        alice.screen()
    );
    assert!(
        bob.screen().contains("▸alice 0:47   bob 1:00"),
        "{}",
        bob.screen()
    );
}

/// At 80 columns the clocks take the room the title leaves, with the names cut short
/// where they must be: the title is not cut ("online: alice vs" lost its "bob").
#[test]
fn at_80_columns_the_clocks_leave_the_title_whole() {
    use parlor::clock::HandTime;
    use parlor::tui::app::Start;
    // Nim (its title leaves room for the times, not for both names) and 1-3-5-7 (its
    // title gives up its rules).
    for (downs, clocks) in [(0, "1:00 · 1:00"), (1, "alice 1:00   bob 1:00")] {
        let time = HandTime::new();
        let lobby = Lobby::with_time(time.clone());
        let small = |name: &str| {
            let mut h = Harness::new(
                &parlor::arcade::registry(),
                crate::online::quick(),
                Start::Menu,
                80,
                24,
            );
            let seat = lobby.join(name, None, h.sender());
            h.go_online(Box::new(seat));
            h.with_time(time.clone());
            h
        };
        let mut alice = small("alice");
        let mut bob = small("bob");
        to_lobby(&mut alice);
        offer_at_one_minute(&mut alice, downs);
        to_lobby(&mut bob);
        bob.key(Enter);
        alice.settle();
        for h in [&mut alice, &mut bob] {
            let seen = h.screen();
            let title = seen.lines().next().unwrap_or_default().to_string();
            assert!(title.contains("online: alice vs bob "), "{seen}");
            assert!(title.contains(clocks), "{seen}");
        }
    }
}

/// From a fresh-eyes play session: a player who left and does not come back does not
/// hold the match for ever; after a minute away the one still there may claim the win.
#[test]
fn the_win_may_be_claimed_from_a_player_away_over_a_minute() {
    use parlor::clock::HandTime;
    let time = HandTime::new();
    let lobby = Lobby::with_time(time.clone());
    let (mut alice, bob) = start(&lobby, "nim");
    alice.with_time(time.clone());
    drop(bob);
    alice.settle();
    // Too soon: leaving is offered, claiming is not.
    alice.key(Esc);
    let asked = alice.screen();
    assert!(asked.contains("leave it waiting"), "{asked}");
    assert!(!asked.contains("claim the win"), "{asked}");
    alice.key(Char('x'));
    time.advance(61_000);
    alice.ticks(1);
    let seen = alice.screen();
    assert!(seen.contains("bob has been away over a"), "{seen}");
    alice.key(Esc);
    let asked = alice.screen();
    assert!(
        asked.contains("w        claim the win: bob left and is not back"),
        "{asked}"
    );
    alice.key(Char('w'));
    alice.settle();
    let seen = alice.screen();
    assert!(
        seen.contains("bob left and did not come back: you win."),
        "{seen}"
    );
    assert!(
        seen.contains("Game over") && seen.contains("You win!"),
        "{seen}"
    );
    // No rematch is offered: bob is not there to accept.
    assert!(!seen.contains("rematch"), "{seen}");
    assert_eq!(lobby.counts(), (1, 0), "the match is over");
    // Nothing waits any more: not in alice's goodbye, nor for bob when he is back.
    assert!(alice.app.goodbye_lines().is_empty());
    let mut bob = arcade(&lobby, "bob");
    to_lobby(&mut bob);
    let seen = bob.screen();
    assert!(!seen.contains("Resume your match"), "{seen}");
}
