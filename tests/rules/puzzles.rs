//! Every shipped puzzle re-proved (issue 37, point 7) by plain searches written here from
//! the rules alone, none of the generator's solvers: a memoised negamax with distances
//! for Nim, 1-3-5-7 and Pnut-Butta, and for loopy Chopsticks a value iteration over every
//! hand position, round by round. For each puzzle: the listed winning moves are exactly
//! the moves that win, the win takes at least 5 plies against the best defence and as
//! many as listed, at most a third of the moves (and at most two) win; no two puzzles of
//! a game are the same position up to its symmetries. Othello's (at most 14 empty
//! squares) by a plain alpha-beta on the rules' bitboards: the listed moves are exactly
//! those reaching the best margin, which is the listed one.

use std::collections::{BTreeSet, HashMap};

use parlor::game::chopsticks::{Chopsticks, Hands, Variant};
use parlor::game::nim::{EmptyPiles, Ending, Nim, parse_piles};
use parlor::game::othello;
use parlor::game::pnut::{Pnut, Rules};
use parlor::game::{Game, Outcome};
use parlor::matchup::Difficulty;
use parlor::plugin::puzzle::{Puzzle, first_rating};
use parlor::plugin::rating::levels::level_rating;

/// A position's value for its mover: wins or loses, in this many plies (the winner
/// fastest, the loser slowest). `None` for a draw.
type Value = Option<(bool, u32)>;

/// The shipped puzzles of `game`, read through the game's own book.
fn shipped(game: &str) -> Vec<Puzzle> {
    let registry = parlor::arcade::registry();
    let id = registry.find(game).expect("a game");
    let book = id.kind().puzzles().expect("the game has puzzles");
    book.shipped().expect("the shipped set reads")
}

/// Plain negamax over a game without cycles, memoised on `key`.
struct Negamax<G: Game> {
    key: fn(&G) -> String,
    memo: HashMap<String, (bool, u32)>,
}

impl<G: Game> Negamax<G> {
    fn new(key: fn(&G) -> String) -> Self {
        Negamax {
            key,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, g: &G) -> (bool, u32) {
        if let Some(outcome) = g.outcome() {
            return match outcome {
                Outcome::Win(seat) => (seat == g.to_move(), 0),
                Outcome::Draw => panic!("no draws in these games"),
            };
        }
        let key = (self.key)(g);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut fastest_win: Option<u32> = None;
        let mut slowest_loss = 0;
        for m in g.legal_moves() {
            let mut child = g.clone();
            child.play(m).unwrap();
            let (child_wins, d) = self.value(&child);
            if child_wins {
                slowest_loss = slowest_loss.max(d + 1);
            } else {
                fastest_win = Some(fastest_win.map_or(d + 1, |w| w.min(d + 1)));
            }
        }
        let v = match fastest_win {
            Some(d) => (true, d),
            None => (false, slowest_loss),
        };
        self.memo.insert(key, v);
        v
    }

    /// Every legal move's value for the mover.
    fn moves(&mut self, g: &G) -> Vec<(String, Value)> {
        g.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = g.clone();
                child.play(m).unwrap();
                let (child_wins, d) = self.value(&child);
                (m.to_string(), Some((!child_wins, d + 1)))
            })
            .collect()
    }
}

/// Checks one puzzle against every move's value.
fn check(p: &Puzzle, moves: &[(String, Value)]) {
    let winning: BTreeSet<&str> = moves
        .iter()
        .filter(|(_, v)| matches!(v, Some((true, _))))
        .map(|(m, _)| m.as_str())
        .collect();
    let listed: BTreeSet<&str> = p.winning.iter().map(String::as_str).collect();
    assert_eq!(
        listed.len(),
        p.winning.len(),
        "{}: a move listed twice",
        p.id
    );
    assert_eq!(listed, winning, "{}: the winning moves of {p:?}", p.id);
    let fastest = moves
        .iter()
        .filter_map(|(_, v)| match v {
            Some((true, d)) => Some(*d),
            _ => None,
        })
        .min();
    assert_eq!(fastest, Some(p.plies), "{}: the win's length", p.id);
    assert!(p.plies >= 5, "{}: a win in {} is too short", p.id, p.plies);
    assert_eq!(p.result, format!("win in {}", p.plies), "{}", p.id);
    assert!(
        winning.len() <= 2 && winning.len() * 3 <= moves.len(),
        "{}: {} of {} moves win",
        p.id,
        winning.len(),
        moves.len()
    );
    assert!(
        Difficulty::ALL
            .iter()
            .any(|&l| first_rating(&p.game, l) == p.rating),
        "{}: rating {} is no level's",
        p.id,
        p.rating
    );
}

/// No two puzzles share an id or a position up to symmetry (`canonical`).
fn distinct(puzzles: &[Puzzle], canonical: impl Fn(&Puzzle) -> String) {
    let mut ids = BTreeSet::new();
    let mut positions = BTreeSet::new();
    for p in puzzles {
        assert!(ids.insert(p.id.clone()), "id {} twice", p.id);
        assert!(
            positions.insert((p.options.clone(), canonical(p))),
            "{}: {} {} repeats another puzzle up to symmetry",
            p.id,
            p.options,
            p.position
        );
    }
}

fn sorted_piles(piles: &[u8]) -> String {
    let mut piles: Vec<u8> = piles.iter().copied().filter(|&p| p > 0).collect();
    piles.sort_unstable();
    format!("{piles:?}")
}

fn nim_puzzles(game: &str, misere_always: bool) {
    let puzzles = shipped(game);
    assert!(!puzzles.is_empty(), "{game} ships puzzles");
    let mut searches: HashMap<String, Negamax<Nim>> = HashMap::new();
    for p in &puzzles {
        let misere = misere_always || p.options == "--misere";
        assert!(p.options.is_empty() || p.options == "--misere", "{p:?}");
        let ending = if misere {
            Ending::Misere
        } else {
            Ending::Normal
        };
        let piles = parse_piles(&p.position, EmptyPiles::Allowed).unwrap();
        let search = searches
            .entry(p.options.clone())
            .or_insert_with(|| Negamax::new(|g: &Nim| sorted_piles(g.piles())));
        check(p, &search.moves(&Nim::new(piles, ending)));
    }
    distinct(&puzzles, |p| {
        sorted_piles(&parse_piles(&p.position, EmptyPiles::Allowed).unwrap())
    });
}

#[test]
fn every_nim_puzzle_is_proved_again() {
    let puzzles = shipped("nim");
    assert!(puzzles.len() >= 200, "{} Nim puzzles", puzzles.len());
    nim_puzzles("nim", false);
}

#[test]
fn every_1357_puzzle_is_proved_again() {
    nim_puzzles("1357", true);
}

/// `--symbols S --length L` read back.
fn pnut_rules(options: &str) -> Rules {
    let words: Vec<&str> = options.split_whitespace().collect();
    match words.as_slice() {
        ["--symbols", symbols, "--length", length] => {
            Rules::new(symbols, length.parse().unwrap()).unwrap()
        }
        _ => panic!("unexpected options {options:?}"),
    }
}

/// The state that decides the rest of a game: the l-grams used and the last l-1
/// symbols (the whole string while it is shorter).
fn pnut_key(g: &Pnut) -> String {
    let l = g.rules().length();
    let s = g.indices();
    let used: BTreeSet<&[u8]> = s.windows(l).collect();
    let tail = &s[s.len().saturating_sub(l - 1)..];
    format!("{}|{used:?}|{tail:?}", s.len().min(l))
}

/// The string relabelled so that its symbols appear in the order 0, 1, 2...
fn relabelled(text: &str) -> String {
    let mut seen: Vec<char> = Vec::new();
    text.chars()
        .map(|c| {
            let i = seen.iter().position(|&x| x == c).unwrap_or_else(|| {
                seen.push(c);
                seen.len() - 1
            });
            char::from(b'a' + i as u8)
        })
        .collect()
}

#[test]
fn every_pnut_puzzle_is_proved_again() {
    let puzzles = shipped("pnut");
    assert!(puzzles.len() >= 200, "{} Pnut-Butta puzzles", puzzles.len());
    let mut searches: HashMap<String, Negamax<Pnut>> = HashMap::new();
    for p in &puzzles {
        let game = Pnut::parse(pnut_rules(&p.options), &p.position).unwrap();
        let search = searches
            .entry(p.options.clone())
            .or_insert_with(|| Negamax::new(pnut_key));
        check(p, &search.moves(&game));
    }
    distinct(&puzzles, |p| relabelled(&p.position));
}

/// Every hand position's value in `variant`, by rounds: after round r every position
/// won or lost within r plies has its value (a win needs a reply lost in r-1; a loss,
/// every reply won, the slowest in r-1); what no round decides is a draw.
fn chopsticks_values(variant: Variant) -> HashMap<usize, (bool, u32)> {
    let mut values: HashMap<usize, (bool, u32)> = HashMap::new();
    let positions: Vec<Hands> = Hands::all().filter(|h| h.is_valid()).collect();
    for h in &positions {
        if h.mover_dead() {
            values.insert(h.index(), (false, 0));
        }
    }
    for round in 1.. {
        let before = values.clone();
        for h in &positions {
            if before.contains_key(&h.index()) {
                continue;
            }
            let children: Vec<Option<(bool, u32)>> = h
                .moves(variant)
                .into_iter()
                .map(|m| before.get(&h.after(m, variant).unwrap().index()).copied())
                .collect();
            if children.contains(&Some((false, round - 1))) {
                values.insert(h.index(), (true, round));
            } else if children.iter().all(|c| matches!(c, Some((true, _)))) {
                values.insert(h.index(), (false, round));
            }
        }
        if values.len() == before.len() {
            break;
        }
    }
    values
}

#[test]
fn every_chopsticks_puzzle_is_proved_again() {
    let puzzles = shipped("chopsticks");
    assert!(!puzzles.is_empty());
    let mut tables: HashMap<String, HashMap<usize, (bool, u32)>> = HashMap::new();
    for p in &puzzles {
        let variant = Variant {
            rollover: p.options.contains("--rollover"),
            empty_splits: !p.options.contains("--no-empty-splits"),
        };
        let table = tables
            .entry(p.options.clone())
            .or_insert_with(|| chopsticks_values(variant));
        let game = Chopsticks::parse(&p.position, variant, None).unwrap();
        let moves: Vec<(String, Value)> = game
            .legal_moves()
            .into_iter()
            .map(|m| {
                let child = game.hands().after(m, variant).unwrap();
                let value = table
                    .get(&child.index())
                    .map(|&(child_wins, d)| (!child_wins, d + 1));
                (m.to_string(), value)
            })
            .collect();
        check(p, &moves);
    }
    // Either player's two hands swapped is the same position.
    distinct(&puzzles, |p| {
        let h = Chopsticks::parse(&p.position, Variant::STANDARD, None)
            .unwrap()
            .hands();
        let (mut mine, mut theirs) = (h.mine, h.theirs);
        mine.sort_unstable();
        theirs.sort_unstable();
        format!("{mine:?}/{theirs:?}")
    });
}

/// Winners & Losers can have none: two moves a turn, so one winning move is already
/// more than a third of them.
#[test]
fn winners_and_losers_has_no_puzzles_and_says_why() {
    let registry = parlor::arcade::registry();
    let book = registry.find("wl").unwrap().kind().puzzles().unwrap();
    assert!(book.none_because.is_some());
    assert!(book.shipped().unwrap().is_empty());
}

/// Othello's plain negamax with alpha-beta on the rules' bitboards (no table, no move
/// ordering, no solver of the project's): the final margin for `p` to move.
fn othello_value(p: u64, o: u64, mut alpha: i32, beta: i32, passed: bool) -> i32 {
    let mut legal = othello::moves(p, o);
    if legal == 0 {
        if passed {
            return othello::final_margin(p, o);
        }
        return -othello_value(o, p, -beta, -alpha, true);
    }
    let mut best = -65;
    while legal != 0 {
        let sq = legal.trailing_zeros();
        legal &= legal - 1;
        let f = othello::flips(p, o, sq);
        let v = -othello_value(o ^ f, p | f | (1 << sq), -beta, -alpha, false);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

#[test]
fn every_othello_puzzle_is_proved_again() {
    let puzzles = shipped("othello");
    assert!(puzzles.len() >= 200, "{} Othello puzzles", puzzles.len());
    for p in &puzzles {
        let board = othello::Othello::parse(&p.position).expect("the position reads");
        assert!(
            board.empty_count() <= 16,
            "{}: {} empty squares",
            p.id,
            board.empty_count()
        );
        let (me, them) = (board.player(), board.opponent());
        let best = othello_value(me, them, -65, 65, false);
        assert_eq!(p.result, format!("win by {best}"), "{}", p.id);
        assert!(best > 0, "{}: the mover does not win", p.id);
        let mut reaching = BTreeSet::new();
        let mut moves = 0;
        let mut all_win = true;
        let mut legal = othello::moves(me, them);
        assert_ne!(legal, 0, "{}: a puzzle that starts with a pass", p.id);
        while legal != 0 {
            let sq = legal.trailing_zeros();
            legal &= legal - 1;
            moves += 1;
            let f = othello::flips(me, them, sq);
            // Exact, so a move that throws the win away is seen too.
            let v = -othello_value(them ^ f, me | f | (1 << sq), -65, 65, false);
            all_win &= v > 0;
            if v == best {
                let name = othello::OthelloMove::at(sq).expect("a square").to_string();
                reaching.insert(name);
            }
        }
        let listed: BTreeSet<String> = p.winning.iter().cloned().collect();
        assert_eq!(listed, reaching, "{}: the moves reaching {best}", p.id);
        assert!(
            reaching.len() <= 2 && reaching.len() * 3 <= moves,
            "{}: {} of {moves} moves reach the best",
            p.id,
            reaching.len()
        );
        assert!(!all_win, "{}: every move wins", p.id);
        assert!(
            parlor::solve::othello::Level::ALL
                .iter()
                .any(|l| level_rating("othello", l.name()) == Some(p.rating)),
            "{}: rating {} is no level's",
            p.id,
            p.rating
        );
    }
    // The eight symmetries of the square, written out on the notation's 64 squares.
    distinct(&puzzles, |p| {
        let (squares, side) = p.position.split_at(64);
        let cells: Vec<char> = squares.chars().collect();
        (0..8)
            .map(|t| {
                let mut image = vec!['-'; 64];
                for (i, &c) in cells.iter().enumerate() {
                    let (mut f, mut r) = (i % 8, i / 8);
                    if t & 1 != 0 {
                        f = 7 - f;
                    }
                    if t & 2 != 0 {
                        r = 7 - r;
                    }
                    if t & 4 != 0 {
                        (f, r) = (r, f);
                    }
                    image[r * 8 + f] = c;
                }
                image.into_iter().collect::<String>() + side
            })
            .min()
            .unwrap_or_default()
    });
}
