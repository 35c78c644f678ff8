//! Nim analysis: the formula with every move's traps, and the exact distance search.
//! Run: cargo bench --bench solver

use parlor::game::nim::{Ending, Nim};
use parlor::solve::nim::analyse;
use parlor::solve::proof::prove_1357;

fn main() {
    divan::main();
}

#[divan::bench]
fn analyse_3_4_5() -> usize {
    analyse(divan::black_box(&Nim::new(vec![3, 4, 5], Ending::Normal)))
        .moves
        .len()
}

#[divan::bench]
fn analyse_1_3_5_7_misere() -> usize {
    analyse(divan::black_box(&Nim::sugar_packets())).moves.len()
}

#[divan::bench]
fn analyse_8_piles_of_99() -> usize {
    analyse(divan::black_box(&Nim::new(vec![99; 8], Ending::Normal)))
        .moves
        .len()
}

/// Positions near the distance search's work limit.
#[divan::bench(args = [[9u8, 9, 9, 9, 9, 9], [20, 20, 20, 20, 0, 0], [40, 40, 40, 0, 0, 0], [99, 99, 0, 0, 0, 0]])]
fn analyse_with_distances(piles: [u8; 6]) -> usize {
    let position = Nim::new(piles.to_vec(), Ending::Normal);
    assert!(parlor::solve::nim::small_enough(position.piles()));
    analyse(divan::black_box(&position)).moves.len()
}

#[divan::bench]
fn proof_1357() -> usize {
    prove_1357().positions
}

/// Winners & Losers: the verdict of an n-letter string (O(n^2) time, O(n) memory) and
/// the full analysis with both ends and their traps.
#[divan::bench(args = [50, 500, 5000])]
fn wl_mover_wins(n: usize) -> bool {
    let letters = wl_letters(n);
    parlor::solve::wl::mover_wins(divan::black_box(&letters))
}

#[divan::bench(args = [50, 500, 5000])]
fn wl_analyse(n: usize) -> usize {
    let game = parlor::game::wl::Wl::new(wl_letters(n));
    parlor::solve::wl::analyse(divan::black_box(&game))
        .moves
        .len()
}

fn wl_letters(n: usize) -> Vec<bool> {
    // A fixed pseudo-random string (SplitMix64), the same on every run.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n)
        .map(|_| {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) & 1 == 1
        })
        .collect()
}
