//! The pattern evaluation: the board symmetries and the pattern indices against
//! straightforward versions written from square lists, the evaluation's symmetry
//! invariance and bounds, and the weights file (the shipped one parses for this
//! build's layout; the writer and the reader round-trip; damage is refused).

use parlor::game::Game;
use parlor::game::othello::Othello;
use parlor::solve::othello::eval::EVAL_MAX;
use parlor::solve::othello::evaluator::pattern_eval;
use parlor::solve::othello::pattern_sum::pattern_sum;
use parlor::solve::othello::pattern_weights::{
    Bucket, PatternWeights, SHIPPED_BYTES, SHIPPED_ORDER_BYTES, WeightsError, shipped,
    shipped_order,
};
use parlor::solve::othello::patterns::{LAYOUT, N_SCALARS, source_square, transform};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Positions from random games, every ply.
fn positions(seed: u64, games: usize) -> Vec<(u64, u64)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut b = Othello::new();
        while !b.is_over() {
            out.push((b.player(), b.opponent()));
            let legal = b.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            b.play(m).expect("legal move");
        }
    }
    out
}

/// Symmetry `t` square by square: bit 0 mirrors the files, bit 1 the ranks, bit 2 then
/// swaps rank and file.
fn slow_transform(b: u64, t: usize) -> u64 {
    let mut out = 0;
    for sq in 0..64 {
        if b & (1u64 << sq) == 0 {
            continue;
        }
        let (mut r, mut c) = (sq / 8, sq % 8);
        if t & 1 != 0 {
            c = 7 - c;
        }
        if t & 2 != 0 {
            r = 7 - r;
        }
        if t & 4 != 0 {
            (r, c) = (c, r);
        }
        out |= 1u64 << (r * 8 + c);
    }
    out
}

#[test]
fn transforms_match_square_by_square() {
    for (p, o) in positions(1, 5) {
        for t in 0..8 {
            assert_eq!(transform(p, t), slow_transform(p, t), "t {t}");
            assert_eq!(transform(o, t), slow_transform(o, t), "t {t}");
        }
    }
}

#[test]
fn layout_has_the_expected_instances() {
    let counts: Vec<(&str, usize)> = LAYOUT
        .families
        .iter()
        .map(|f| (f.name, f.transforms.len()))
        .collect();
    assert_eq!(
        counts,
        [
            ("corner3x3", 4),
            ("corner2x5", 8),
            ("edge2x", 4),
            ("line2", 4),
            ("line3", 4),
            ("line4", 4),
            ("diag8", 2),
            ("diag7", 4),
            ("diag6", 4),
            ("diag5", 4),
            ("diag4", 4),
        ]
    );
    assert_eq!(LAYOUT.instances, 46);
}

#[test]
fn indices_match_a_reading_square_by_square() {
    for (p, o) in positions(2, 10) {
        for f in &LAYOUT.families {
            for t in 0..8 {
                let mut want = 0;
                let mut w = 1;
                for &s in &f.squares {
                    let q = source_square(s, t);
                    let digit = if p & (1 << q) != 0 {
                        1
                    } else if o & (1 << q) != 0 {
                        2
                    } else {
                        0
                    };
                    want += digit * w;
                    w *= 3;
                }
                let got = f.index(transform(p, t), transform(o, t));
                assert_eq!(got, want, "{} t {t}", f.name);
            }
        }
    }
}

/// Weights with every class and scalar random, in every bucket.
fn random_weights(seed: u64) -> PatternWeights {
    let mut rng = StdRng::seed_from_u64(seed);
    let buckets = [10u8, 30, 60]
        .into_iter()
        .map(|last| {
            let mut s = [0i16; N_SCALARS];
            for v in s.iter_mut() {
                *v = rng.random_range(-300..=300);
            }
            let classes = (0..LAYOUT.total_classes)
                .map(|i| {
                    if i % 7 == 0 {
                        0
                    } else {
                        rng.random_range(-900..=900)
                    }
                })
                .collect();
            Bucket::new(last, s, classes)
        })
        .collect();
    PatternWeights::new(buckets).expect("valid buckets")
}

#[test]
fn fast_sum_matches_the_generic_reading() {
    let w = random_weights(7);
    let table = &w.buckets[1].table;
    for (p, o) in positions(8, 10) {
        let mut want = 0;
        LAYOUT.for_each_instance(p, o, |k, idx| {
            want += i32::from(table[LAYOUT.config_offset[k] + idx]);
        });
        assert_eq!(pattern_sum(&LAYOUT, table, p, o), want);
    }
}

#[test]
fn evaluation_is_the_same_on_all_eight_images_and_within_bounds() {
    let w = random_weights(3);
    for (p, o) in positions(4, 20) {
        let v = pattern_eval(&w, p, o);
        assert!(v.abs() <= EVAL_MAX);
        for t in 1..8 {
            assert_eq!(
                pattern_eval(&w, transform(p, t), transform(o, t)),
                v,
                "t {t}"
            );
        }
    }
}

#[test]
fn shipped_weights_fit_this_build_and_stay_within_bounds() {
    let files = [
        ("othello_patterns.bin", shipped(), SHIPPED_BYTES),
        (
            "othello_order_patterns.bin",
            shipped_order(),
            SHIPPED_ORDER_BYTES,
        ),
    ];
    for (name, w, bytes) in files {
        let w = w.unwrap_or_else(|e| panic!("assets/{name} does not fit this build: {e}"));
        assert_eq!(w.buckets.last().map(|b| b.last), Some(60), "{name}");
        for (p, o) in positions(5, 20) {
            let v = pattern_eval(w, p, o);
            assert!(v.abs() <= EVAL_MAX);
            assert_eq!(pattern_eval(w, transform(p, 5), transform(o, 5)), v);
        }
        // The shipped file is exactly what the pipeline's writer makes of it.
        assert_eq!(w.to_bytes(), bytes, "{name}");
    }
}

#[test]
fn weights_file_round_trips_and_refuses_damage() {
    let w = random_weights(6);
    let bytes = w.to_bytes();
    let back = PatternWeights::from_bytes(&bytes).expect("round trip");
    assert_eq!(back.buckets.len(), w.buckets.len());
    for (a, b) in back.buckets.iter().zip(&w.buckets) {
        assert_eq!(a.last, b.last);
        assert_eq!(a.scalars, b.scalars);
        assert_eq!(a.classes, b.classes);
        assert_eq!(a.table, b.table);
    }
    assert_eq!(back.to_bytes(), bytes);

    let mut flipped = bytes.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 1;
    assert_eq!(
        PatternWeights::from_bytes(&flipped).err(),
        Some(WeightsError::Checksum)
    );
    assert_eq!(
        PatternWeights::from_bytes(&bytes[..bytes.len() - 3]).err(),
        Some(WeightsError::Checksum)
    );
    assert_eq!(
        PatternWeights::from_bytes(b"not weights at all").err(),
        Some(WeightsError::BadMagic)
    );
    assert_eq!(
        PatternWeights::from_bytes(&bytes[..10]).err(),
        Some(WeightsError::Truncated)
    );
    let mut layout = bytes.clone();
    layout[10] ^= 0xFF;
    assert!(matches!(
        PatternWeights::from_bytes(&layout).err(),
        Some(WeightsError::Layout { .. })
    ));
}

/// The exact solver orders its moves by the ordering weights alone: with the shipped
/// ones for ordering, evaluation weights of noise leave its tree exactly as the shipped
/// ones do, and noise for ordering changes it (but never the score).
#[test]
fn the_exact_solver_orders_by_the_ordering_weights_only() {
    use parlor::solve::othello::Evaluator;
    use parlor::solve::othello::search::Search;
    use parlor::solve::othello::table::Table;

    let good = shipped().expect("shipped weights");
    let noise = random_weights(9);
    let solve = |eval: Evaluator<'_>, p: u64, o: u64| {
        let table = Table::new(4);
        let never = || false;
        let mut s = Search::new(&table, &never, None);
        s.eval = eval;
        let v = s.end_pvs(p, o, -65, 65);
        (v, s.nodes)
    };
    let mut rng = StdRng::seed_from_u64(0x0de4);
    let mut checked = 0;
    while checked < 3 {
        // Random games to 20 empties: the first count the shallow ordering searches run at.
        let mut b = Othello::new();
        while b.empty_count() > 20 && !b.is_over() {
            let legal = b.legal_moves();
            b.play(legal[rng.random_range(0..legal.len())])
                .expect("legal move");
        }
        if b.is_over() || b.empty_count() != 20 {
            continue;
        }
        let (p, o) = (b.player(), b.opponent());
        let ordered_well = solve(
            Evaluator::Patterns {
                eval: &noise,
                order: good,
            },
            p,
            o,
        );
        assert_eq!(ordered_well, solve(Evaluator::patterns(good), p, o));
        let ordered_by_noise = solve(Evaluator::patterns(&noise), p, o);
        assert_eq!(ordered_by_noise.0, ordered_well.0);
        assert_ne!(ordered_by_noise.1, ordered_well.1, "{}", b.notation());
        checked += 1;
    }
}

/// Through the engine, as the arcade, NBoard and `solve` call it: an exact solve and a
/// search within `exact_empties` run wholly on the ordering weights, so an engine
/// that evaluates with noise yet orders with the shipped ordering set solves every
/// position with the very tree of the shipped engine, while its midgame search (on
/// the noise) differs, and an engine ordering by the noise too does not.
#[test]
fn the_engine_solves_on_its_ordering_weights_only() {
    use parlor::solve::othello::{Engine, Limits};
    use std::sync::Arc;

    let order = Arc::new(PatternWeights::from_bytes(SHIPPED_ORDER_BYTES).expect("order weights"));
    let noise = Arc::new(random_weights(5));
    let engine = |eval: Option<&Arc<PatternWeights>>, order: Option<&Arc<PatternWeights>>| {
        let mut e = Engine::new(4);
        e.set_threads(1);
        e.set_pattern_weights(eval.cloned());
        e.set_order_weights(order.cloned());
        e
    };
    let never = || false;
    let exact = Limits {
        max_depth: None,
        max_millis: None,
        table_mib: 4,
        exact_empties: 20,
    };
    // Boards from random games, every ply.
    let mut rng = StdRng::seed_from_u64(21);
    let mut all = Vec::new();
    for _ in 0..40 {
        let mut b = Othello::new();
        while !b.is_over() {
            all.push(b);
            let legal = b.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            b.play(m).expect("legal move");
        }
    }
    let of = |n: u32| {
        all.iter()
            .filter(move |b| b.empty_count() == n && !b.legal_moves().is_empty())
    };
    let mut solved = 0;
    for board in of(16).take(3) {
        let shipped = engine(None, None).solve(board, &never).expect("a solve");
        let noisy_eval = engine(Some(&noise), Some(&order))
            .solve(board, &never)
            .expect("a solve");
        assert_eq!(
            (shipped.score, shipped.nodes),
            (noisy_eval.score, noisy_eval.nodes),
            "{}",
            board.notation()
        );
        let noisy_order = engine(Some(&noise), None)
            .solve(board, &never)
            .expect("a solve");
        assert_eq!(noisy_order.score, shipped.score);
        assert_ne!(noisy_order.nodes, shipped.nodes, "{}", board.notation());
        // `search` within exact_empties: the same solve.
        let searched = engine(None, None)
            .search(board, &exact, &never)
            .expect("a move");
        let searched_noisy = engine(Some(&noise), Some(&order))
            .search(board, &exact, &never)
            .expect("a move");
        assert!(searched.exact && searched_noisy.exact);
        assert_eq!(
            (searched.score, searched.nodes),
            (searched_noisy.score, searched_noisy.nodes)
        );
        solved += 1;
    }
    assert_eq!(solved, 3);
    // The midgame plays on the evaluation: noise there is another search.
    let midgame = Limits {
        max_depth: Some(5),
        ..exact
    };
    let board = of(34).next().expect("a position of 34 empties");
    let shipped = engine(None, None)
        .search(board, &midgame, &never)
        .expect("a move");
    let noisy = engine(Some(&noise), Some(&order))
        .search(board, &midgame, &never)
        .expect("a move");
    assert_ne!(shipped.nodes, noisy.nodes);
}
