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
