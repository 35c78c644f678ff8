//! The lessons' shape for every game of the registry (three to six steps, positions the
//! game reads), and the helpers each game's `<game>_lesson.rs` checks its lesson's
//! claims with, against its solver.

use parlor::game::Game;
use parlor::plugin::lesson::Lesson;

pub(crate) fn lesson(name: &str) -> Lesson {
    parlor::arcade::registry()
        .find(name)
        .and_then(|g| g.kind().lesson())
        .expect("the game has a lesson")
}

/// Every legal move from `start`, with the position text after it (and after a forced
/// reply, as the board plays it).
pub(crate) fn moves_from<G: Game>(start: &G) -> Vec<(G::Move, G)> {
    start
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = start.clone();
            next.play(mv).expect("legal");
            while next.forced() && next.outcome().is_none() {
                let only = next.legal_moves()[0];
                next.play(only).expect("the forced move");
            }
            (mv, next)
        })
        .collect()
}

/// Checks that step `index` of `name`'s lesson passes exactly the moves `wanted` says.
pub(crate) fn step_passes_exactly<G: Game>(
    name: &str,
    index: usize,
    start: &G,
    wanted: impl Fn(&G::Move, &G) -> bool,
) {
    let lesson = lesson(name);
    let step = &lesson.steps[index];
    assert_eq!(
        step.position.trim().is_empty(),
        start.position_text().is_empty()
    );
    for (mv, after) in moves_from(start) {
        assert_eq!(
            step.passed(&after.position_text()),
            wanted(&mv, &after),
            "{name} step {}: {mv}",
            index + 1
        );
    }
}

#[test]
fn every_lesson_has_three_to_six_steps_whose_positions_the_game_reads() {
    use parlor::config::Config;
    for game in parlor::arcade::registry().all() {
        let lesson = game.kind().lesson().expect("every game has a lesson");
        assert!((3..=6).contains(&lesson.steps.len()), "{game:?}");
        for step in &lesson.steps {
            let mut setup = parlor::plugin::GameSetup::from_config(game, &Config::default());
            (lesson.configure)(&mut setup);
            setup.position = Some(step.position.to_string());
            if !step.position.is_empty() {
                game.kind()
                    .check_position(&setup)
                    .expect("a position the game reads");
            }
        }
    }
}
