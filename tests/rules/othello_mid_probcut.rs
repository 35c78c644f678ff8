//! Midgame ProbCut in the AI's play searches: shallower probes of the same parity, a
//! smaller tree at the same depth with values that stay close, and exact solves that
//! never see it.

use parlor::game::Game;
use parlor::game::othello::Othello;
use parlor::solve::othello::mid_probcut::{MID_MPC_MIN, probe_depth};
use parlor::solve::othello::{Choice, Engine, Limits};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::othello_solver::{exact, random_position};

#[test]
fn probes_are_shallower_and_of_the_same_parity() {
    for d in MID_MPC_MIN..=60 {
        let p = probe_depth(d);
        assert!(p < d, "depth {d}: probe {p}");
        assert!(
            (d - p).is_multiple_of(2),
            "depth {d}: probe {p} of the other parity"
        );
        assert!(p >= d / 2 - 1, "depth {d}: probe {p} too shallow");
    }
}

fn at_depth(board: &Othello, depth: u32, probcut: bool) -> Choice {
    let mut engine = Engine::new(8);
    engine.set_threads(1);
    engine.set_mid_probcut(probcut);
    let limits = Limits {
        max_depth: Some(depth),
        max_millis: None,
        table_mib: 8,
        exact_empties: 0,
    };
    engine
        .search(board, &limits, &|| false)
        .expect("a live position has a move")
}

/// Random positions of 26-44 empties, the same on every run.
fn positions(count: usize) -> Vec<Othello> {
    let mut rng = StdRng::seed_from_u64(16);
    let mut out = Vec::new();
    while out.len() < count {
        let empties = 26 + (out.len() as u32 * 7) % 19;
        if let Some(b) = random_position(&mut rng, empties)
            && !b.legal_moves().is_empty()
        {
            out.push(b);
        }
    }
    out
}

#[test]
fn probcut_searches_a_smaller_tree_with_close_values() {
    let (mut nodes_on, mut nodes_off, mut gap, mut same) = (0u64, 0u64, 0i32, 0usize);
    let boards = positions(16);
    for board in &boards {
        let off = at_depth(board, 9, false);
        let on = at_depth(board, 9, true);
        assert!(board.legal_moves().contains(&on.mv));
        nodes_on += on.nodes;
        nodes_off += off.nodes;
        gap += (on.score - off.score).abs();
        same += usize::from(on.mv == off.mv);
    }
    assert!(
        nodes_on * 2 < nodes_off,
        "ProbCut {nodes_on} nodes against {nodes_off} without"
    );
    // The cut is at one standard deviation: values move little, moves mostly stay.
    assert!(gap <= boards.len() as i32, "total gap {gap} discs");
    assert!(
        same * 4 >= boards.len() * 3,
        "{same} of {} moves the same",
        boards.len()
    );
}

#[test]
fn exact_solves_are_not_cut() {
    let mut rng = StdRng::seed_from_u64(17);
    let mut checked = 0;
    while checked < 6 {
        let Some(board) = random_position(&mut rng, 14) else {
            continue;
        };
        let mut engine = Engine::new(8);
        engine.set_mid_probcut(true);
        let limits = Limits {
            max_depth: None,
            max_millis: None,
            table_mib: 8,
            exact_empties: 64,
        };
        let Some(choice) = engine.search(&board, &limits, &|| false) else {
            continue;
        };
        assert!(choice.exact);
        let mut reference = Engine::new(8);
        reference.set_mid_probcut(false);
        assert_eq!(choice.score, exact(&mut reference, &board), "{board:?}");
        checked += 1;
    }
}
