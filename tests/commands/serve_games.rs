//! Every game played whole through `parlor serve` by two friends who have only the
//! system `ssh` client, each in a terminal of their own: alice offers it from the
//! lobby, bob accepts, and they play with the keys a person would press, reading their
//! own screens, until the "Game over" box is on both. Both screens then tell the same
//! result (the winner "You win", the other who won; a draw on both), and a third
//! friend who came to watch sees the same end. Chopsticks, which can go round in
//! circles, ends by a draw one side offers and the other accepts. Skipped, with a
//! message, where the machine has no `ssh`.

use std::time::Instant;

use parlor::seeds::GameRng;
use rand::{RngExt, SeedableRng};

use crate::pty_harness::{DOWN, ENTER, HANG_GUARD, LEFT, RIGHT, Tui, UP, menu_ready};
use crate::serve_ssh::{Server, have_ssh, join};

/// The players' names; a watcher's is [`WATCHER`].
const NAMES: [&str; 2] = ["alice", "bob"];
const WATCHER: &str = "carol";

/// More plies than any of these games lasts: a driver that goes past it is stuck.
const MAX_PLIES: usize = 200;

/// One game as the test offers and plays it.
struct GameSpec {
    /// Its name in the lobby ("Offer a game of Nim", "alice offers Nim").
    name: &'static str,
    /// Its entry among the lobby's games (the registry's order).
    entry: usize,
    /// Keys on the offer screen before Enter puts the offer up.
    setup: &'static str,
    /// Plays one move at a player's terminal.
    play: Mover,
    /// After this many plies the player to move offers a draw and the other accepts.
    draw_after: Option<usize>,
    /// After this many plies carol comes to watch.
    watch_after: Option<usize>,
    /// What every screen shows alike at the end: each line's part from one of these
    /// to the panel's border (Othello's count of discs).
    agree_on: &'static [&'static str],
}

/// Plays one move at player `who`'s terminal, as a person would with the keys, and
/// returns once that terminal's list of moves is longer than `before`.
type Mover = fn(&mut Table, usize, &mut GameRng, usize);

/// The two players' terminals and, once she comes, the watcher's.
struct Table {
    players: [Tui; 2],
    watcher: Option<Tui>,
}

impl Table {
    /// Every terminal's screen, for a failure's report.
    fn screens(&self) -> String {
        let mut all = String::new();
        for (name, tui) in NAMES.iter().zip(&self.players) {
            all.push_str(&format!("--- {name}'s screen:\n{}\n", tui.screen()));
        }
        if let Some(watcher) = &self.watcher {
            all.push_str(&format!("--- {WATCHER}'s screen:\n{}\n", watcher.screen()));
        }
        all
    }

    /// Polls both players' screens until `ok` holds of them and returns them; fails
    /// with every screen after the harness's patience.
    fn wait(&self, what: &str, ok: impl Fn(&str, &str) -> bool) -> [String; 2] {
        let deadline = Instant::now() + HANG_GUARD;
        loop {
            let screens = [self.players[0].screen(), self.players[1].screen()];
            if ok(&screens[0], &screens[1]) {
                return screens;
            }
            assert!(
                Instant::now() < deadline,
                "never saw {what}\n{}",
                self.screens()
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Polls player `who`'s screen until `ok` holds of it.
    fn wait_on(&self, who: usize, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let [a, b] = self.wait(what, |a, b| ok([a, b][who]));
        [a, b][who].clone()
    }

    fn send(&mut self, who: usize, keys: &str) {
        self.players[who].send(keys);
    }

    /// Waits until player `who`'s move is taken (their list of moves is longer than
    /// `before`: true) or `refused` says it was not (false).
    fn taken(&self, who: usize, before: usize, refused: impl Fn(&str) -> bool) -> bool {
        let screen = self.wait_on(who, "the move taken or refused", |s| {
            plies(s) > before || refused(s)
        });
        plies(&screen) > before
    }

    /// Waits until player `who`'s move is taken: one that cannot be refused.
    fn until_taken(&self, who: usize, before: usize) {
        self.taken(who, before, |_| false);
    }

    /// Waits until both screens show the same moves and agree whose turn it is: that
    /// player and the moves so far, or `None` once the game is over on both.
    fn whose_turn(&self) -> Option<(usize, usize)> {
        let [a, b] = self.wait("both screens agreeing whose turn it is", |a, b| {
            over(a) && over(b) || turn_of(a, b).is_some()
        });
        turn_of(&a, &b).map(|who| (who, plies(&a)))
    }
}

/// The player whose screen says "Your turn" while the other's says they are playing
/// at their terminal, both showing the same moves.
fn turn_of(a: &str, b: &str) -> Option<usize> {
    if over(a) || over(b) || plies(a) != plies(b) {
        return None;
    }
    let waiting = |s: &str| s.contains("at their terminal");
    match (a.contains("Your turn"), b.contains("Your turn")) {
        (true, false) if waiting(b) => Some(0),
        (false, true) if waiting(a) => Some(1),
        _ => None,
    }
}

fn over(screen: &str) -> bool {
    screen.contains("Game over")
}

/// How many plies the "Moves" panel counts: the number of its latest line
/// ("12. bob  c1").
fn plies(screen: &str) -> usize {
    screen
        .lines()
        .flat_map(|line| {
            NAMES.iter().filter_map(move |name| {
                let at = line.find(&format!(". {name} "))?;
                let digits: String = line[..at]
                    .chars()
                    .rev()
                    .take_while(char::is_ascii_digit)
                    .collect();
                digits.chars().rev().collect::<String>().parse().ok()
            })
        })
        .max()
        .unwrap_or(0)
}

/// The parts of `screen`'s lines from `marker` to the panel's border, trimmed.
fn parts(screen: &str, marker: &str) -> Vec<String> {
    screen
        .lines()
        .filter_map(|line| {
            let from = &line[line.find(marker)?..];
            Some(from.split('│').next().unwrap_or(from).trim().to_string())
        })
        .collect()
}

/// How a game ended, as a screen tells it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Outcome {
    Draw,
    Won(&'static str),
}

/// The result on `screen`, seen by `me` (`None`: watching).
fn result_on(screen: &str, me: Option<&'static str>) -> Option<Outcome> {
    if screen.contains("A draw") {
        return Some(Outcome::Draw);
    }
    if let Some(me) = me.filter(|_| screen.contains("You win")) {
        return Some(Outcome::Won(me));
    }
    NAMES
        .iter()
        .find(|name| screen.contains(&format!("{name} wins")))
        .map(|name| Outcome::Won(name))
}

/// `name` joins, and goes from the menu to the lobby (the entry before the
/// statistics, at the end of the menu).
fn to_lobby(server: &Server, name: &str) -> Tui {
    let mut tui = join(server, name, 80, 24);
    tui.wait_until("the menu", menu_ready);
    tui.send(&format!("{UP}{UP}{ENTER}"));
    tui.wait_for(&format!("Play online · you are {name}"));
    tui
}

/// Random arrows and Enter: a pile, how many to take (Left takes more, never more than
/// the pile has), take them. Always a legal move.
fn nim(table: &mut Table, who: usize, rng: &mut GameRng, before: usize) {
    let pile = if rng.random_bool(0.5) { UP } else { DOWN };
    let mut keys = pile.repeat(rng.random_range(0..3));
    keys.push_str(&LEFT.repeat(rng.random_range(0..3)));
    keys.push_str(ENTER);
    table.send(who, &keys);
    table.until_taken(who, before);
}

/// ← or → takes the letter at that end: both always legal.
fn wl(table: &mut Table, who: usize, rng: &mut GameRng, before: usize) {
    let end = if rng.random_bool(0.5) { LEFT } else { RIGHT };
    table.send(who, end);
    table.until_taken(who, before);
}

/// A symbol typed; one the assistant refuses ("'1' would repeat 001") is tried no more
/// this turn, and the next is typed. Some symbol is legal while the screen says "Your
/// turn".
fn pnut(table: &mut Table, who: usize, rng: &mut GameRng, before: usize) {
    let mut symbols = vec!['0', '1', '2'];
    while !symbols.is_empty() {
        let c = symbols.remove(rng.random_range(0..symbols.len()));
        table.send(who, &c.to_string());
        let refusal = format!("'{c}' would repeat");
        if table.taken(who, before, |s| s.contains(&refusal)) {
            return;
        }
    }
    panic!("every symbol refused\n{}", table.screens());
}

/// A hit (←→ one's hand, Enter, ←→ theirs, Enter) or, half the time, a split (s, ↓ to
/// one, Enter) when the screen offers one ("No split from 1,1" when it does not).
fn chopsticks(table: &mut Table, who: usize, rng: &mut GameRng, before: usize) {
    let side = |rng: &mut GameRng| if rng.random_bool(0.5) { LEFT } else { RIGHT };
    if rng.random_bool(0.5) {
        table.send(who, "s");
        let screen = table.wait_on(who, "the splits, or why there are none", |s| {
            s.contains("a split, Enter") || s.contains("No split from")
        });
        if screen.contains("a split, Enter") {
            let keys = DOWN.repeat(rng.random_range(0..3)) + ENTER;
            table.send(who, &keys);
            table.until_taken(who, before);
            return;
        }
    }
    let keys = format!("{}{ENTER}{}{ENTER}", side(rng), side(rng));
    table.send(who, &keys);
    table.until_taken(who, before);
}

/// One of the squares the board marks playable (`*`), reached with the arrows from
/// the cursor's square (the turn line names it), then Enter.
fn othello(table: &mut Table, who: usize, rng: &mut GameRng, before: usize) {
    let screen = table.wait_on(who, "a square marked playable", |s| {
        !othello_marks(s).is_empty() && othello_cursor(s).is_some()
    });
    let marks = othello_marks(&screen);
    let (file, rank) = marks[rng.random_range(0..marks.len())];
    let (at_file, at_rank) = othello_cursor(&screen).unwrap_or_default();
    let steps = |from: usize, to: usize, less: &str, more: &str| {
        if to < from {
            less.repeat(from - to)
        } else {
            more.repeat(to - from)
        }
    };
    let keys = steps(at_file, file, LEFT, RIGHT) + &steps(at_rank, rank, UP, DOWN) + ENTER;
    table.send(who, &keys);
    table.until_taken(who, before);
}

/// The squares (file, rank from 0) the Othello board marks `*`, below its row of
/// letters a to h.
fn othello_marks(screen: &str) -> Vec<(usize, usize)> {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let Some(header) = lines.iter().position(|l| {
        let text: String = l.iter().collect();
        text.contains("a    b    c    d    e    f    g    h")
    }) else {
        return Vec::new();
    };
    let columns: Vec<usize> = ('a'..='h')
        .filter_map(|letter| lines[header].iter().position(|&c| c == letter))
        .collect();
    let mut marks = Vec::new();
    for line in &lines[header + 1..] {
        // A board row begins with its rank, 1 to 8, after the panel's border.
        let Some(rank) = line
            .iter()
            .find(|c| !matches!(c, '│' | ' '))
            .and_then(|c| c.to_digit(10))
            .filter(|r| (1..=8).contains(r))
        else {
            continue;
        };
        for (file, &x) in columns.iter().enumerate() {
            if line.get(x) == Some(&'*') {
                marks.push((file, rank as usize - 1));
            }
        }
    }
    marks
}

/// The cursor's square (file, rank from 0), from the turn line ("Your turn (Black):
/// d3 — Enter plays").
fn othello_cursor(screen: &str) -> Option<(usize, usize)> {
    let line = screen.lines().find(|l| l.contains("Your turn ("))?;
    let at = line.find("): ")? + "): ".len();
    let mut square = line[at..].chars();
    let file = square.next().filter(char::is_ascii_lowercase)?;
    let rank = square.next()?.to_digit(10)?;
    Some((
        usize::from(file as u8 - b'a'),
        rank.checked_sub(1)? as usize,
    ))
}

/// Carol joins and watches the match from the lobby, at `plies` moves.
fn watch(server: &Server, game: &str, plies: usize) -> Tui {
    let mut carol = to_lobby(server, WATCHER);
    let lobby = carol.wait_for(&format!("Watch: {game} · "));
    let moves = format!("{plies} moves");
    assert!(lobby.contains(&moves), "{moves}:\n{lobby}");
    // The match is the lobby's first entry (no offers are up).
    carol.send(ENTER);
    carol.wait_until("the match, watched", |s| {
        s.contains("online: ") && s.contains("at their terminal") && self::plies(s) == plies
    });
    carol
}

/// Alice offers `game` in the lobby, bob accepts, they play it to its end (or to the
/// draw they agree), and every screen tells the same result. Returns it and the plies
/// played (`None`: no `ssh` here).
fn play_whole_game(game: &GameSpec, seed: u64) -> Option<(Outcome, usize)> {
    if !have_ssh() {
        return None;
    }
    let server = Server::start();
    let mut alice = to_lobby(&server, NAMES[0]);
    alice.send(&format!("{}{ENTER}", DOWN.repeat(game.entry)));
    let title = format!("New game: {}", game.name);
    alice.wait_all(&[&title, "[ Offer it online ]"], &[]);
    alice.send(game.setup);
    alice.send(ENTER);
    alice.wait_for("Your offer is up");

    let mut bob = to_lobby(&server, NAMES[1]);
    bob.wait_for(&format!("Accept: alice offers {}", game.name));
    bob.send(ENTER);
    let mut table = Table {
        players: [alice, bob],
        watcher: None,
    };
    let [a, b] = table.wait("the match on both screens", |a, b| {
        [a, b].iter().all(|s| s.contains("online: ")) && turn_of(a, b).is_some()
    });
    for screen in [&a, &b] {
        assert!(
            screen.contains("online: alice vs bob") || screen.contains("online: bob vs alice"),
            "{screen}"
        );
    }

    let mut rng = GameRng::seed_from_u64(seed);
    let mut agreed = false;
    let mut ended = false;
    for _ in 0..MAX_PLIES {
        let Some((who, plies)) = table.whose_turn() else {
            ended = true;
            break;
        };
        if game.watch_after == Some(plies) && table.watcher.is_none() {
            table.watcher = Some(watch(&server, game.name, plies));
        }
        if game.draw_after.is_some_and(|n| plies >= n) {
            offer_and_accept_a_draw(&mut table, who);
            agreed = true;
            break;
        }
        (game.play)(&mut table, who, &mut rng, plies);
    }
    assert!(
        ended || agreed,
        "no end after {MAX_PLIES} plies\n{}",
        table.screens()
    );
    let [a, b] = table.wait("the end on both screens", |a, b| over(a) && over(b));
    assert_eq!(plies(&a), plies(&b), "the same moves\n{}", table.screens());
    let results = [result_on(&a, Some(NAMES[0])), result_on(&b, Some(NAMES[1]))];
    assert!(
        results[0].is_some() && results[0] == results[1],
        "{results:?}\n{}",
        table.screens()
    );
    if agreed {
        for screen in [&a, &b] {
            assert!(
                screen.contains("A draw by agreement."),
                "{}",
                table.screens()
            );
        }
    }
    for marker in game.agree_on {
        let shown = parts(&a, marker);
        assert!(!shown.is_empty(), "{marker}\n{}", table.screens());
        assert_eq!(shown, parts(&b, marker), "{}", table.screens());
    }
    if let Some(watcher) = &mut table.watcher {
        let seen = watcher.wait_until("the end, watched", over);
        for marker in game.agree_on {
            assert_eq!(parts(&seen, marker), parts(&a, marker), "{seen}");
        }
        let watched = result_on(&seen, None);
        assert_eq!(watched, results[0], "{}", table.screens());
        assert_eq!(plies(&seen), plies(&a), "{}", table.screens());
        if agreed {
            assert!(seen.contains("A draw by agreement."), "{seen}");
        }
    }
    results[0].map(|result| (result, plies(&a)))
}

/// The player to move offers a draw (D); the other is asked and says yes (y).
fn offer_and_accept_a_draw(table: &mut Table, who: usize) {
    let other = 1 - who;
    table.send(who, "D");
    // The panel wraps the line after "waiting".
    table.wait_on(who, "the draw asked", |s| {
        s.contains("You asked for a draw: waiting")
    });
    table.wait_on(other, "the draw offered", |s| {
        s.contains(&format!("{} asks for a draw", NAMES[who]))
    });
    table.send(other, "y");
}

/// `name`, the lobby's game `entry`, played by `play` to its end, nothing else asked.
fn spec(name: &'static str, entry: usize, play: Mover) -> GameSpec {
    GameSpec {
        name,
        entry,
        setup: "",
        play,
        draw_after: None,
        watch_after: None,
        agree_on: &[],
    }
}

#[test]
fn nim_is_played_whole_through_the_server() {
    // Nim has no draws: someone takes the last coin.
    let result = play_whole_game(&spec("Nim", 0, nim), 1);
    assert!(!matches!(result, Some((Outcome::Draw, _))), "{result:?}");
}

#[test]
fn one_three_five_seven_is_played_whole_through_the_server() {
    let result = play_whole_game(&spec("1-3-5-7", 1, nim), 2);
    assert!(!matches!(result, Some((Outcome::Draw, _))), "{result:?}");
}

/// Chopsticks can go round in circles: after some moves one offers a draw, the other
/// accepts, and both (and carol, watching) see it so.
#[test]
fn chopsticks_is_played_to_a_draw_both_agree_through_the_server() {
    let game = GameSpec {
        // No one loses both hands in three moves (one's own split can empty a hand:
        // 1,1 → 0,2, then 0,3, then 0,7 at the fourth): the offer is always made.
        draw_after: Some(3),
        watch_after: Some(2),
        ..spec("Chopsticks", 2, chopsticks)
    };
    let result = play_whole_game(&game, 3);
    assert!(
        matches!(result, None | Some((Outcome::Draw, 3))),
        "{result:?}"
    );
}

/// Carol comes to watch after six moves; at the end all three count the same discs.
#[test]
fn othello_is_played_whole_through_the_server_and_watched() {
    let game = GameSpec {
        watch_after: Some(6),
        agree_on: &["● Black (", "○ White ("],
        ..spec("Othello", 3, othello)
    };
    play_whole_game(&game, 4);
}

#[test]
fn pnut_butta_is_played_whole_through_the_server() {
    let game = GameSpec {
        agree_on: &["Substrings · "],
        ..spec("Pnut-Butta", 4, pnut)
    };
    let result = play_whole_game(&game, 5);
    assert!(!matches!(result, Some((Outcome::Draw, _))), "{result:?}");
}

/// Winners & Losers on a string typed on the offer screen (its setup's third row): as
/// many moves as letters.
#[test]
fn winners_and_losers_is_played_whole_through_the_server() {
    let game = GameSpec {
        setup: "\x1b[B\x1b[B\x1b[BWLLWLWWLWLLW",
        agree_on: &["took:"],
        ..spec("Winners & Losers", 5, wl)
    };
    let result = play_whole_game(&game, 6);
    assert!(
        matches!(result, None | Some((Outcome::Won(_), 12))),
        "{result:?}"
    );
}
