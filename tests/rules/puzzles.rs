//! Every shipped puzzle re-proved (issue 37, point 7) by plain searches written here from
//! the rules alone, none of the generator's solvers: a memoised negamax with distances
//! for Nim, 1-3-5-7 and Pnut-Butta, and for loopy Chopsticks a value iteration over every
//! hand position, round by round. For each puzzle: the listed winning moves are exactly
//! the moves that win, the win takes at least 5 plies against the best defence and as
//! many as listed, at most a third of the moves (and at most two) win; no two puzzles of
//! a game are the same position up to its symmetries.

use std::collections::{BTreeSet, HashMap};

use parlor::game::chopsticks::{Chopsticks, Hands, Variant};
use parlor::game::nim::{EmptyPiles, Ending, Nim, parse_piles};
use parlor::game::pnut::{Pnut, Rules};
use parlor::game::{Game, Outcome};
use parlor::plugin::puzzle::{LEVEL_RATINGS, Puzzle};

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
        LEVEL_RATINGS.iter().any(|(_, r)| *r == p.rating),
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
