//! No text runs past the edge of the screen or of its panel: every screen of every game
//! in the states a player reaches (setup with each row's explanation, the game with hints
//! off and on, the rules, a finished game and its review) at 80x24 (the smallest size the arcade draws) and 120x40.

use parlor::config::Config;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

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
    let height = h.screen().lines().count() as u16;
    let screen = h.screen();
    for row in cut_rows(&screen, width) {
        failures.push(format!("{what}: {row}"));
    }
    // A word that ends against a panel's right border must be a whole word: the same
    // screen drawn very wide has it as a word of its own (a cut-off "exac" is not).
    // Under an overlay (the rules, the help) the panels beneath are cut by its edge on
    // purpose; the overlay's own text wraps.
    let overlay = what.contains("rules") || what.contains("help");
    let border_words = if overlay {
        Vec::new()
    } else {
        words_at_borders(&screen)
    };
    if border_words.is_empty() {
        return;
    }
    h.resize(250, 80);
    let wide = h.screen();
    h.resize(width, height);
    for (phrase, row) in border_words {
        // Where the same text stands in the wide screen, what follows it? A letter means
        // the text went on, and was cut here. (Text not found there cannot be judged.)
        let continues = wide.match_indices(phrase.as_str()).any(|(at, _)| {
            wide[at + phrase.len()..]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric)
        });
        if continues {
            failures.push(format!("{what}: '{phrase}' cut at a border: {row}"));
        }
    }
}

/// The text of each panel line that ends right against a `│` right border with a word
/// (two letters or more), from the panel's left border, with its row.
fn words_at_borders(screen: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for row in screen.lines() {
        let chars: Vec<char> = row.chars().collect();
        for i in 2..chars.len() {
            // A right border: the row ends, or another panel or a gap follows (a left
            // border with text after it is an overlay's edge over another panel).
            let right_border = chars[i] == '│'
                && chars
                    .get(i + 1)
                    .is_none_or(|c| matches!(c, '│' | '╭' | '╰' | ' '));
            if right_border && chars[i - 1].is_alphanumeric() && chars[i - 2].is_alphanumeric() {
                let start = chars[..i]
                    .iter()
                    .rposition(|c| *c == '│')
                    .map_or(0, |p| p + 1);
                let text: String = chars[start..i].iter().collect();
                found.push((text.trim_start().to_string(), row.to_string()));
            }
        }
    }
    found
}

#[test]
fn no_text_runs_past_the_screen_edge() {
    let mut failures = Vec::new();
    for (w, hgt) in SIZES {
        for game in parlor::arcade::registry().all() {
            let name = format!("{game} at {w}x{hgt}");
            // The setup screen, every row selected in turn (each has its explanation).
            let setup = GameSetup::from_config(game, &quick_config());
            let mut h = Harness::new(
                &parlor::arcade::registry(),
                quick_config(),
                Start::Menu,
                w,
                hgt,
            );
            let index = parlor::arcade::registry()
                .all()
                .position(|g| g == game)
                .unwrap_or(0);
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
            // You first, so the hints are about your move.
            s.matchup.first = parlor::matchup::FirstMover::You;
            let mut h = Harness::new(
                &parlor::arcade::registry(),
                quick_config(),
                Start::Game(s),
                w,
                hgt,
            );
            check(&mut h, &format!("{name}, start"), w, &mut failures);
            h.key(KeyCode::Char('h'));
            check(&mut h, &format!("{name}, hints"), w, &mut failures);
            h.key(KeyCode::Char('?'));
            check(&mut h, &format!("{name}, rules"), w, &mut failures);
            let mut s = setup.clone();
            s.matchup.mode = Mode::AiVsAi;
            let mut h = Harness::new(
                &parlor::arcade::registry(),
                quick_config(),
                Start::Game(s),
                w,
                hgt,
            );
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
            // Its review (v on the game-over box): the start, then the first turning
            // point (or the end when there is none), where the board shows a move.
            h.key(KeyCode::Char('v'));
            assert!(
                h.screen().contains("Review ·"),
                "{name}: no review\n{}",
                h.screen()
            );
            check(&mut h, &format!("{name}, review"), w, &mut failures);
            h.key(KeyCode::Down);
            if h.screen().contains("Start ·") {
                h.key(KeyCode::PageDown);
            }
            check(
                &mut h,
                &format!("{name}, review of a move"),
                w,
                &mut failures,
            );
        }
        // The Winners & Losers simulation, from its setup (Start, then the Lesson, the
        // games, then Simulate).
        let mut h = Harness::new(
            &parlor::arcade::registry(),
            quick_config(),
            Start::Menu,
            w,
            hgt,
        );
        for _ in 0..5 {
            h.key(KeyCode::Down);
        }
        h.keys(&[
            KeyCode::Enter,
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Enter,
        ]);
        assert!(h.screen().contains("simulation"), "{}", h.screen());
        check(
            &mut h,
            &format!("simulation at {w}x{hgt}"),
            w,
            &mut failures,
        );
        let mut h = Harness::new(
            &parlor::arcade::registry(),
            quick_config(),
            Start::Menu,
            w,
            hgt,
        );
        check(&mut h, &format!("menu at {w}x{hgt}"), w, &mut failures);
        h.key(KeyCode::Char('?'));
        check(&mut h, &format!("help at {w}x{hgt}"), w, &mut failures);
    }
    assert!(failures.is_empty(), "cut text:\n{}", failures.join("\n"));
}

/// The checks themselves: a word cut at a border or at the edge is found, a whole one
/// is not, and an overlay's edge over another panel is not a right border.
#[test]
fn the_checks_find_cut_words() {
    let screen = "│odd = nim-sum 2: make all ev││ 1 2 │\n";
    let found = words_at_borders(screen);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "odd = nim-sum 2: make all ev");
    assert_eq!(words_at_borders("│make all even││\n")[0].0, "make all even");
    assert!(words_at_borders("│Your turn: take 1 pac│marked ones at\n").is_empty());
    assert_eq!(cut_rows("abcdefgh\n", 8).len(), 1);
    assert!(cut_rows("abcdefg\n", 8).is_empty());
    assert!(cut_rows("abcdef …\n", 8).is_empty());
}
