//! Winners & Losers: the interval dynamic programme against plain exhaustive recursion
//! over the game tree, on every string up to 14 letters and on random longer ones.

use parlor::game::wl::{Wl, WlMove, format_letters};
use parlor::game::{Game, Outcome, Seat};
use parlor::solve::wl::{analyse, mover_wins, mover_wins_from_pyramid_cell, pyramid, simulate};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Plays the game out exhaustively through the public rules: does the player to move win?
fn brute_force_mover_wins(game: &Wl) -> bool {
    if let Some(Outcome::Win(seat)) = game.outcome() {
        return seat == game.to_move();
    }
    game.legal_moves().into_iter().any(|m| {
        let mut next = game.clone();
        next.play(m).expect("a legal move");
        !brute_force_mover_wins(&next)
    })
}

/// The same with memo on the remaining interval, for longer strings (still no DP rows).
fn memo_mover_wins(
    letters: &[bool],
    i: usize,
    j: usize,
    memo: &mut Vec<Vec<Option<bool>>>,
) -> bool {
    if let Some(v) = memo[i][j] {
        return v;
    }
    let v = if j - i == 1 {
        letters[i]
    } else {
        !memo_mover_wins(letters, i + 1, j, memo) || !memo_mover_wins(letters, i, j - 1, memo)
    };
    memo[i][j] = Some(v);
    v
}

fn all_strings(n: usize) -> impl Iterator<Item = Vec<bool>> {
    (0u32..(1 << n)).map(move |bits| (0..n).map(|k| bits >> k & 1 == 1).collect())
}

#[test]
fn every_string_up_to_14_letters() {
    let mut checked = 0;
    for n in 1..=14 {
        for letters in all_strings(n) {
            let game = Wl::new(letters.clone());
            let truth = if n <= 10 {
                brute_force_mover_wins(&game)
            } else {
                let mut memo = vec![vec![None; n + 1]; n + 1];
                memo_mover_wins(&letters, 0, n, &mut memo)
            };
            assert_eq!(mover_wins(&letters), truth, "{}", format_letters(&letters));
            let a = analyse(&game);
            assert_eq!(a.verdict.is_win(), truth, "{}", format_letters(&letters));
            assert_eq!(a.verdict.plies(), Some(n as u32));
            // Each end's verdict is the opposite of the opponent's fate after it.
            for mv in [WlMove::Left, WlMove::Right] {
                let mut next = game.clone();
                next.play(mv).expect("legal");
                let opponent_wins = brute_or_memo(&next);
                let v = a.value_of(mv).expect("both ends analysed");
                assert_eq!(
                    v.verdict.is_win(),
                    !opponent_wins,
                    "{} {mv}",
                    format_letters(&letters)
                );
            }
            // The pyramid's apex tells the same story.
            let p = pyramid(&letters);
            assert_eq!(mover_wins_from_pyramid_cell(n, p[n - 1][0]), truth);
            checked += 1;
        }
    }
    assert_eq!(checked, (1 << 15) - 2);
}

fn brute_or_memo(game: &Wl) -> bool {
    let rest = game.remaining();
    if rest.is_empty() {
        return matches!(game.outcome(), Some(Outcome::Win(s)) if s == game.to_move());
    }
    let mut memo = vec![vec![None; rest.len() + 1]; rest.len() + 1];
    memo_mover_wins(rest, 0, rest.len(), &mut memo)
}

#[test]
fn random_strings_up_to_50_letters_and_a_long_one() {
    let mut rng = StdRng::seed_from_u64(2026);
    for _ in 0..2000 {
        let n = rng.random_range(1..=50);
        let letters: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
        let mut memo = vec![vec![None; n + 1]; n + 1];
        let truth = memo_mover_wins(&letters, 0, n, &mut memo);
        assert_eq!(mover_wins(&letters), truth, "{}", format_letters(&letters));
        assert_eq!(analyse(&Wl::new(letters)).verdict.is_win(), truth);
    }
    let letters: Vec<bool> = (0..600).map(|_| rng.random_bool(0.5)).collect();
    let mut memo = vec![vec![None; 601]; 601];
    assert_eq!(
        mover_wins(&letters),
        memo_mover_wins(&letters, 0, 600, &mut memo)
    );
}

#[test]
fn traps_count_the_replies_that_hand_the_win_back() {
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..500 {
        let n = rng.random_range(3..=12);
        let letters: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
        let game = Wl::new(letters.clone());
        let a = analyse(&game);
        for mv in [WlMove::Left, WlMove::Right] {
            let mut after = game.clone();
            after.play(mv).expect("legal");
            let losing_replies = after
                .legal_moves()
                .into_iter()
                .filter(|&r| {
                    let mut next = after.clone();
                    next.play(r).expect("legal");
                    // A reply loses for the opponent when we, to move again, win.
                    brute_force_mover_wins(&next)
                })
                .count() as u32;
            let traps = a.value_of(mv).and_then(|v| v.traps).expect("traps");
            assert_eq!(traps.replies, 2);
            assert_eq!(
                traps.losing_replies,
                losing_replies,
                "{} {mv}",
                format_letters(&letters)
            );
        }
    }
}

#[test]
fn perfect_play_makes_the_prediction_come_true() {
    let r = simulate(300, 1, 40, 77, &mut |_| true);
    assert_eq!(r.games, 300);
    assert_eq!(r.predictions_confirmed, 300);
    assert_eq!(r.first_player_wins + r.second_player_wins(), 300);
    // A single W is a first-player win; a single L a second-player win.
    let one = simulate(50, 1, 1, 5, &mut |_| true);
    let ws = one.first_player_wins;
    assert!(ws > 0 && ws < 50, "both letters occur: {ws}");
}

#[test]
fn the_game_ends_on_the_last_letter() {
    let mut g = Wl::new(vec![true, false, false]);
    for mv in [WlMove::Right, WlMove::Left] {
        g.play(mv).expect("legal");
    }
    assert_eq!(g.outcome(), None);
    g.play(WlMove::Left).expect("legal");
    // W L L: the first player took the right L, the second the left W, and the first
    // had to take the middle L, the last letter: an L loses.
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat::Second)));
}
