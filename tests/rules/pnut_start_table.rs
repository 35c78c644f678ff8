//! Issue 38 point 6: the start-node table the AI plays from in the opening. The shipped
//! table parses, its entries for the settings a plain negamax can value agree with it,
//! a damaged line is refused by number, and the AI, given a single node to search,
//! plays into start nodes the table settles lost for their mover wherever the table
//! gives it one: as first player on (2,6) it never enters a start node the table marks
//! lost for it when a won one is reachable.

use parlor::game::pnut::{Pnut, Rules};
use parlor::solve::pnut::starts::{self, SHIPPED_TEXT, parse};
use parlor::solve::pnut::{Engine, Goal, Limits};

use super::pnut_oracle::with_negamax;

#[test]
fn the_shipped_table_parses_and_agrees_with_plain_negamax_where_it_can_look() {
    let table = parse(SHIPPED_TEXT).expect("the shipped table parses");
    assert_eq!(
        table.get(&(2, 6)).map(|s| s.len()),
        Some(16),
        "every start node of (2,6) is settled"
    );
    let mut checked = 0;
    for (&(k, l), entries) in &table {
        if (k as u64).pow(l as u32) > 64 {
            continue;
        }
        for (start, &wins) in entries {
            let truth = with_negamax(k, l, |n| n.wins_after_opening(start));
            assert_eq!(truth, Some(wins), "({k},{l}) start node {start:?}");
            checked += 1;
        }
    }
    assert!(checked >= 24, "{checked} entries checked");
}

#[test]
fn a_damaged_line_of_a_table_is_refused_by_its_number() {
    for (text, why) in [
        ("2 6 0000 W", "l-1 symbols"),
        ("2 6 00001 X", "W or L"),
        ("2 6 11111 W", "not canonical"),
        ("2 6 00201 W", "beyond the k"),
        ("2 six 00001 W", "not a number"),
        ("2 6 00001", "expected"),
    ] {
        let err = parse(&format!("# a comment\n\n{text}\n")).expect_err(text);
        assert!(err.contains("line 3") && err.contains(why), "{text}: {err}");
    }
    let ok = parse("2 6 00001 W  # a comment after it\n").expect("a comment after a line");
    assert!(ok[&(2, 6)][&vec![0, 0, 0, 0, 1]]);
}

/// Every string of `len` symbols of k.
fn strings(k: u8, len: usize) -> Vec<Vec<u8>> {
    (0..len).fold(vec![Vec::new()], |all, _| {
        all.into_iter()
            .flat_map(|s| (0..k).map(move |c| [s.as_slice(), &[c]].concat()))
            .collect()
    })
}

#[test]
fn the_ai_plays_into_start_nodes_the_table_settles_for_it_with_one_node_to_search() {
    let rules = Rules::new("01", 6).unwrap();
    let table = starts::shipped();
    let mut first_player_choices = 0;
    for len in 0..5 {
        for s in strings(2, len) {
            if starts::value(table, 2, 6, &s) != Some(true) {
                continue;
            }
            let text: String = s.iter().map(|&d| rules.symbol(d)).collect();
            let game = Pnut::parse(rules.clone(), &text).unwrap();
            let mut engine = Engine::new(&rules, 16);
            let solved = engine.analyse_goal(
                &game,
                &Limits::nodes(1, 16),
                Goal::Play,
                &|| false,
                &mut |_| {},
            );
            let best = solved.analysis.best.expect("a move");
            let child = [s.as_slice(), &[rules.index_of(best.0).unwrap()]].concat();
            assert_eq!(
                starts::value(table, 2, 6, &child),
                Some(false),
                "after '{text}' the AI played {} into a string the table does not settle lost for the opponent",
                best.0
            );
            // And, by the plain negamax, the move does win.
            assert_eq!(
                with_negamax(2, 6, |n| n.wins(&child)),
                Some(false),
                "'{text}' + {}",
                best.0
            );
            assert!(solved.analysis.exact, "a move the table settles is exact");
            if len == 4 {
                // The first player's choice of the start node.
                first_player_choices += 1;
            }
        }
    }
    assert!(
        first_player_choices >= 4,
        "{first_player_choices} choices of a start node"
    );
}

/// On (3,4), where no search in a move's time proves anything in the opening, the
/// table's start nodes (001 from the whole proof) give the second player its winning
/// reply at once: after the first player's 0, the second plays 0 (every start node
/// after 00 is won for its mover, the second player).
#[test]
fn on_3_4_the_second_player_answers_from_the_table_with_one_node_to_search() {
    let rules = Rules::new("012", 4).unwrap();
    let table = starts::shipped();
    assert_eq!(starts::value(table, 3, 4, &[0, 0]), Some(false));
    assert_eq!(starts::value(table, 3, 4, &[0]), Some(true));
    let game = Pnut::parse(rules.clone(), "0").unwrap();
    let mut engine = Engine::new(&rules, 16);
    let solved = engine.analyse_goal(
        &game,
        &Limits::nodes(1, 16),
        Goal::Play,
        &|| false,
        &mut |_| {},
    );
    assert_eq!(
        solved.analysis.best.map(|m| m.0),
        Some('0'),
        "{:?}",
        solved.analysis
    );
    assert!(solved.analysis.exact);
}
