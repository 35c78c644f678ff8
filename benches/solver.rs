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

#[divan::bench]
fn analyse_largest_with_distances() -> usize {
    // 9*9*9*9*9*9 = 531441 sub-positions: just under the distance limit.
    analyse(divan::black_box(&Nim::new(vec![8; 6], Ending::Normal)))
        .moves
        .len()
}

#[divan::bench]
fn proof_1357() -> usize {
    prove_1357().positions
}
