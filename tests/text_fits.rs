//! No text runs past the edge of the screen or of its panel: every screen of every game
//! in the states a player reaches (setup with each row's explanation, the game with hints
//! off and on, the rules, a finished game) at 64x20, 80x24 and 120x40.

use parlor::config::Config;
use parlor::games::{GameId, GameSetup};
use parlor::matchup::Mode;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

const SIZES: [(u16, u16); 3] = [(64, 20), (80, 24), (120, 40)];

fn quick_config() -> Config {
    let mut c = Config::default();
    c.solver.max_millis = 50;
    c.solver.table_mib = 4;
    c
}

/// Rows where text is cut: a word running into the screen's right edge (every screen
/// leaves its last column free, so a letter there after another letter was cut off).
/// Panel borders are not checked this way: wrapped text may end flush against them.
fn cut_rows(screen: &str, width: u16) -> Vec<String> {
    let mut cut = Vec::new();
    for row in screen.lines() {
        let chars: Vec<char> = row.chars().collect();
        // Trailing spaces are trimmed: a full-width row whose last cell is a letter
        // ran into the edge.
        if chars.len() == usize::from(width)
            && chars.last().is_some_and(|c| c.is_alphanumeric())
            && chars
                .get(chars.len().wrapping_sub(2))
                .is_some_and(|c| c.is_alphanumeric())
        {
            cut.push(row.to_string());
        }
    }
    cut
}

fn check(h: &mut Harness, what: &str, width: u16, failures: &mut Vec<String>) {
    let screen = h.screen();
    for row in cut_rows(&screen, width) {
        failures.push(format!("{what}: {row}"));
    }
}

#[test]
fn no_text_runs_past_the_screen_edge() {
    let mut failures = Vec::new();
    for (w, hgt) in SIZES {
        for game in GameId::all() {
            let name = format!("{game} at {w}x{hgt}");
            // The setup screen, every row selected in turn (each has its explanation).
            let setup = GameSetup::from_config(game, &quick_config());
            let mut h = Harness::new(quick_config(), Start::Menu, w, hgt);
            let index = GameId::all().position(|g| g == game).unwrap_or(0);
            for _ in 0..index {
                h.key(KeyCode::Down);
            }
            h.key(KeyCode::Enter);
            for row in 0..16 {
                check(
                    &mut h,
                    &format!("{name}, setup row {row}"),
                    w,
                    &mut failures,
                );
                h.key(KeyCode::Down);
            }
            // The game: hints off and on, the rules, then two AIs to the end.
            let mut s = setup.clone();
            s.matchup.mode = Mode::VsAi;
            let mut h = Harness::new(quick_config(), Start::Game(s), w, hgt);
            check(&mut h, &format!("{name}, start"), w, &mut failures);
            h.key(KeyCode::Char('h'));
            check(&mut h, &format!("{name}, hints"), w, &mut failures);
            h.key(KeyCode::Char('?'));
            check(&mut h, &format!("{name}, rules"), w, &mut failures);
            let mut s = setup.clone();
            s.matchup.mode = Mode::AiVsAi;
            let mut h = Harness::new(quick_config(), Start::Game(s), w, hgt);
            h.key(KeyCode::Char('h'));
            for _ in 0..400 {
                h.ticks(1);
                if h.screen().contains("Game over") {
                    break;
                }
            }
            check(
                &mut h,
                &format!("{name}, AI vs AI at the end"),
                w,
                &mut failures,
            );
        }
        // The Winners & Losers simulation, from its setup (Start, then the games, then
        // Simulate).
        let wl = GameSetup::from_config(parlor::games::wl::ID, &quick_config());
        let mut h = Harness::new(quick_config(), Start::Menu, w, hgt);
        drop(wl);
        for _ in 0..5 {
            h.key(KeyCode::Down);
        }
        h.keys(&[KeyCode::Enter, KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
        assert!(h.screen().contains("simulation"), "{}", h.screen());
        check(
            &mut h,
            &format!("simulation at {w}x{hgt}"),
            w,
            &mut failures,
        );
        let mut h = Harness::new(quick_config(), Start::Menu, w, hgt);
        check(&mut h, &format!("menu at {w}x{hgt}"), w, &mut failures);
        h.key(KeyCode::Char('?'));
        check(&mut h, &format!("help at {w}x{hgt}"), w, &mut failures);
    }
    assert!(failures.is_empty(), "cut text:\n{}", failures.join("\n"));
}
