//! The statistics screen drawn into ratatui's TestBackend (colours off) and compared with
//! reviewed snapshots, empty and filled, at 80x24 and 120x40 (the sizes the arcade draws it at); its scrolling (drawn alone at 64x20) and
//! its keys.

use crate::history_harness as history;

use parlor::config::Config;
use parlor::plugin::rating::rated::SETTLING_DEVIATION;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use parlor::tui::stats::{StatsOutcome, StatsScreen};
use parlor::ui::keys::{Action, Keys};
use parlor::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// The screen as text, one line per row, trailing spaces trimmed.
fn draw(screen: &StatsScreen, width: u16, height: u16) -> String {
    let config = Config::default();
    let theme = Theme::new(&config.colors, true);
    let keys = Keys::new(&config.keys, &parlor::arcade::registry().own_keys());
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|f| screen.render(f, f.area(), &theme, &keys))
        .expect("drawn");
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        for x in 0..buffer.area.width {
            line.push_str(buffer[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The menu at `width`x`height`, saving under `data`.
fn menu_of(data: &std::path::Path, width: u16, height: u16) -> Harness {
    Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        width,
        height,
        data,
    )
}

/// Every row leaves the screen's last column free: nothing is cut at the edge.
fn assert_fits(screen: &str, width: u16) {
    for row in screen.lines() {
        assert!(
            row.chars().count() < usize::from(width),
            "row reaches the edge at width {width}: {row:?}\n{screen}"
        );
        assert!(
            !row.contains('…'),
            "nothing elided at width {width}: {row:?}\n{screen}"
        );
    }
}

#[test]
fn empty_history_says_how_to_get_one() {
    let screen = StatsScreen::new(&[], &parlor::arcade::registry());
    for (w, h) in SIZES {
        let text = draw(&screen, w, h);
        assert!(text.contains("No finished games yet."), "{text}");
        assert!(
            text.contains("Finish a game and it is counted here"),
            "{text}"
        );
        assert!(text.contains("two players' and two AIs' games"), "{text}");
        assert!(text.contains("Esc back"), "{text}");
        assert_fits(&text, w);
        insta::assert_snapshot!(format!("stats_empty_{w}x{h}"), text);
    }
}

#[test]
fn filled_history_at_every_size() {
    let screen = StatsScreen::new(&history::sample(), &parlor::arcade::registry());
    for (w, h) in SIZES {
        let text = draw(&screen, w, h);
        assert!(text.contains("Statistics"), "{text}");
        assert_fits(&text, w);
        insta::assert_snapshot!(format!("stats_filled_{w}x{h}"), text);
    }
}

/// The numbers of the sample, row by row, as the screen writes them (at 120x40 the
/// whole table fits).
#[test]
fn filled_rows_carry_the_numbers() {
    let screen = StatsScreen::new(&history::sample(), &parlor::arcade::registry());
    let text = draw(&screen, 120, 40);
    let row = |start: &str| -> Vec<String> {
        let found: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with(start))
            .collect();
        assert_eq!(found.len(), 1, "one row starting {start:?}:\n{text}");
        found[0].split_whitespace().map(str::to_string).collect()
    };
    assert_eq!(row("perfect"), ["perfect", "4", "3", "0", "1", "1", "2"]);
    assert_eq!(row("casual"), ["casual", "1", "1", "0", "0", "1", "1"]);
    assert_eq!(
        row("two players").join(" "),
        "two players 3 player 1 won 2, player 2 won 1, drawn 0"
    );
    assert_eq!(
        row("AI vs AI").join(" "),
        "AI vs AI 1 AI 1 won 0, AI 2 won 1, drawn 0"
    );
    assert_eq!(row("strong"), ["strong", "1", "0", "1", "0", "0", "0"]);
    assert_eq!(
        row("benedict"),
        ["benedict", "3", "2", "0", "1", "0", "2", "+5.3"]
    );
    assert_eq!(
        row("exact"),
        ["exact", "1", "0", "0", "1", "0", "0", "-20.0"]
    );
    assert_eq!(row("beginner"), ["beginner", "1", "1", "0", "0", "1", "1"]);
    assert!(
        row("Othello").ends_with(&["best".to_string(), "margin".to_string()]),
        "Othello has a margin column"
    );
    assert!(
        !row("Nim").contains(&"margin".to_string()),
        "Nim has no margin column"
    );
    assert!(
        !text.contains("lines 1-"),
        "no scrolling when it fits:\n{text}"
    );
    assert!(
        !text.contains("scroll") && text.contains("Esc back"),
        "the footer names no scrolling keys when nothing scrolls:\n{text}"
    );
}

#[test]
fn a_tall_table_scrolls_to_its_end_and_back() {
    let mut screen = StatsScreen::new(&history::sample(), &parlor::arcade::registry());
    let first = draw(&screen, 64, 20);
    assert!(first.contains("lines 1-"), "{first}");
    assert!(first.contains("↓ more"), "{first}");
    assert!(first.contains("↑↓ scroll  PgUp/PgDn page"), "{first}");
    assert!(
        !first.contains("margin: your score"),
        "the legend is below:\n{first}"
    );
    // PgDn until the end, which stays put however often it is pressed.
    for _ in 0..10 {
        assert_eq!(screen.handle(Action::PageDown), StatsOutcome::Stay);
        draw(&screen, 64, 20);
    }
    let end = draw(&screen, 64, 20);
    assert!(end.contains("margin: your score minus the AI's"), "{end}");
    assert!(end.contains("↑ more") && !end.contains("↓ more"), "{end}");
    let bottom = screen.scroll();
    screen.handle(Action::Down);
    assert_eq!(screen.scroll(), bottom, "never past the last full window");
    screen.handle(Action::Up);
    assert_eq!(screen.scroll(), bottom - 1);
    screen.wheel(-100);
    assert_eq!(screen.scroll(), 0);
    assert_eq!(draw(&screen, 64, 20), first);
    screen.wheel(1);
    assert_eq!(screen.scroll(), 3);
    for _ in 0..10 {
        screen.handle(Action::PageUp);
    }
    assert_eq!(screen.scroll(), 0);
}

#[test]
fn esc_goes_back_and_q_quits() {
    let mut screen = StatsScreen::new(&history::sample(), &parlor::arcade::registry());
    assert_eq!(screen.handle(Action::Back), StatsOutcome::Back);
    assert_eq!(screen.handle(Action::Quit), StatsOutcome::Quit);
    assert_eq!(screen.handle(Action::Enter), StatsOutcome::Stay);
    assert_eq!(screen.handle(Action::Hints), StatsOutcome::Stay);
}

#[test]
fn the_screen_counts_what_parlor_stats_counts() {
    let records = history::sample();
    let screen = StatsScreen::new(&records, &parlor::arcade::registry());
    assert_eq!(
        screen.games(),
        parlor::arcade::registry().statistics(&records).as_slice()
    );
}

/// From the menu: Statistics is its last entry (Up from the first), Enter opens the
/// screen with the history of the store, Esc goes back with Statistics still selected.
#[test]
fn the_menu_opens_the_statistics_of_the_store() {
    let data = tempfile::tempdir().expect("temp dir");
    history::write(data.path(), &history::sample());
    for (w, h) in SIZES {
        let mut app = menu_of(data.path(), w, h);
        let menu = app.screen();
        assert!(menu.contains("Statistics"), "{menu}");
        assert_fits(&menu, w);
        app.keys(&[KeyCode::Up, KeyCode::Enter]);
        let screen = app.screen();
        assert!(screen.contains("every finished game"), "{screen}");
        assert!(screen.contains("perfect               4    3"), "{screen}");
        assert_eq!(
            screen,
            draw(
                &StatsScreen::new(&history::sample(), &parlor::arcade::registry()),
                w,
                h
            ),
            "the app draws the screen as it is"
        );
        app.key(KeyCode::PageDown);
        if h == 20 {
            assert!(
                app.screen().contains("lines 6-20 of 20"),
                "{}",
                app.screen()
            );
        }
        app.key(KeyCode::Esc);
        let back = app.screen();
        assert!(back.contains("▶ Statistics"), "{back}");
    }
}

#[test]
fn without_a_store_or_a_history_the_screen_is_empty() {
    let mut app = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    app.keys(&[KeyCode::Up, KeyCode::Enter]);
    assert!(app.screen().contains("No finished games yet."));
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = menu_of(data.path(), 80, 24);
    app.keys(&[KeyCode::Up, KeyCode::Enter]);
    assert!(app.screen().contains("No finished games yet."));
    app.key(KeyCode::Char('q'));
    assert!(app.app.should_quit());
}

#[test]
fn a_broken_history_is_moved_aside_and_the_menu_says_so() {
    let data = tempfile::tempdir().expect("temp dir");
    std::fs::write(data.path().join("history.json"), "[1, 2").expect("write");
    let mut app = menu_of(data.path(), 80, 24);
    app.keys(&[KeyCode::Up, KeyCode::Enter]);
    assert!(app.screen().contains("No finished games yet."));
    assert!(
        app.app.notice().is_some_and(|n| n.contains("moved aside")),
        "{:?}",
        app.app.notice()
    );
    app.key(KeyCode::Esc);
    assert!(app.screen().contains("moved aside"), "{}", app.screen());
}

/// The registry gives the order: games as on the menu, the difficulties as the setup
/// cycles them (strongest first), Othello's levels as its setup offers them (weakest
/// first), whatever order they were played in.
#[test]
fn games_and_levels_come_in_the_registrys_order() {
    let records = [
        history::vs_ai("othello", "exact", true),
        history::vs_ai("wl", "casual", true),
        history::vs_ai("nim", "beginner", true),
        history::vs_ai("othello", "benedict", false),
        history::vs_ai("nim", "perfect", true),
        history::vs_ai("othello", "beginner", true),
    ];
    let games = parlor::arcade::registry().statistics(&records);
    let order: Vec<(&str, Vec<&str>)> = games
        .iter()
        .map(|g| {
            (
                g.name.as_str(),
                g.vs_ai.iter().map(|l| l.level.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        order,
        [
            ("Nim", vec!["perfect", "beginner"]),
            ("Othello", vec!["beginner", "benedict", "exact"]),
            ("Winners & Losers", vec!["casual"]),
        ]
    );
}

/// The rating with its chart, and the games split by variant (Nim on 3, 4, 5 normal and
/// misère), at both sizes; the games from a typed position or the losing side count in
/// the table but not in the rating.
#[test]
fn rating_and_variants_at_every_size() {
    let records = history::rated();
    let screen = StatsScreen::new(&records, &parlor::arcade::registry());
    let nim = &screen.games()[0];
    let rating = nim.rating.as_ref().expect("Nim is rated");
    assert_eq!(
        rating.games, 12,
        "the typed position and the losing side are not"
    );
    assert_eq!(nim.vs_ai.iter().map(|l| l.played).sum::<u32>(), 14);
    let variants: Vec<&str> = nim.variants.iter().map(|v| v.variant.as_str()).collect();
    assert_eq!(
        variants,
        ["piles 3,4,5", "piles 3,4,5, misère", "from 1,2,3"]
    );
    for (w, h) in SIZES {
        let text = draw(&screen, w, h);
        assert_fits(&text, w);
        // As the puzzles' rating is written: "1370?" while unsure, never "±262".
        let shown = if rating.deviation > SETTLING_DEVIATION {
            format!("rating {}? · 12 rated games · ? = unsure", rating.rating)
        } else {
            format!("rating {} · 12 rated games", rating.rating)
        };
        assert!(text.contains(&shown), "{shown}: {text}");
        assert!(!text.contains('±'), "{text}");
        insta::assert_snapshot!(format!("stats_rated_{w}x{h}"), text);
    }
}

/// The menu shows each rated game's rating at the end of its line, only once it has
/// rated games.
#[test]
fn the_menu_shows_the_rating_of_rated_games() {
    let data = tempfile::tempdir().expect("temp dir");
    history::write(data.path(), &history::rated());
    let registry = parlor::arcade::registry();
    let rated = registry.statistics(&history::rated())[0]
        .rating
        .clone()
        .expect("rated");
    // Written as the statistics write it: "1320?" while unsure.
    let rating = parlor::plugin::rating::rated::shown_rating(rated.rating, rated.deviation);
    assert_eq!(rating.ends_with('?'), rated.deviation > SETTLING_DEVIATION);
    for (w, h) in SIZES {
        let mut app =
            Harness::with_store(&registry, Config::default(), Start::Menu, w, h, data.path());
        let menu = app.screen();
        let nim_line = menu
            .lines()
            .find(|l| l.contains("Nim ") && l.contains("last coin wins"))
            .expect("Nim's line");
        assert!(
            nim_line.trim_end().ends_with(&format!("rating {rating}")),
            "{menu}"
        );
        let othello_line = menu
            .lines()
            .find(|l| l.contains("Othello"))
            .expect("Othello's line");
        assert!(othello_line.contains("rating "), "{menu}");
        let chopsticks = menu
            .lines()
            .find(|l| l.contains("Chopsticks"))
            .expect("Chopsticks' line");
        assert!(!chopsticks.contains("rating"), "never played: {menu}");
        // Nim is selected and was played: its player is not new to it, and the tip
        // to its lesson is not shown (it stayed after games and puzzles).
        assert!(!menu.contains("New to Nim?"), "{menu}");
        insta::assert_snapshot!(format!("menu_rated_{w}x{h}"), menu);
    }
}

/// The puzzles tried show on the statistics, with their rating, the attempts solved
/// and the best streak, beside the games (or alone, with no game finished).
#[test]
fn the_puzzle_rating_shows_on_the_statistics() {
    use parlor::store::puzzles::{Attempt, PuzzleMode, Rated};
    let data = tempfile::tempdir().expect("temp dir");
    let mut store = parlor::store::Store::open(data.path().to_path_buf());
    store
        .update_puzzles("othello", |p| {
            for (i, solved) in [true, false, true].into_iter().enumerate() {
                p.attempts.push(Attempt {
                    at: "2026-11-29T10:00:00Z".into(),
                    id: format!("o{i}"),
                    mode: PuzzleMode::Rated,
                    solved,
                    hinted: false,
                    rating: 1500.0,
                });
            }
            p.best_streak = 2;
            p.rating = Some(Rated {
                rating: 1543.4,
                deviation: 200.0,
                volatility: 0.06,
            });
        })
        .expect("kept");
    store
        .update_puzzles("nim", |p| {
            p.attempts.push(Attempt {
                at: "2026-11-29T10:00:00Z".into(),
                id: "n0".into(),
                mode: PuzzleMode::Rated,
                solved: true,
                hinted: false,
                rating: 1480.0,
            });
            p.rating = Some(Rated {
                rating: 1480.0,
                deviation: 200.0,
                volatility: 0.06,
            });
        })
        .expect("kept");
    // A Nim puzzle tried, no game: the player is not new to Nim (the menu's tip to its
    // lesson stayed).
    let menu = menu_of(data.path(), 80, 24).screen();
    assert!(!menu.contains("New to Nim?"), "{menu}");
    for with_games in [false, true] {
        if with_games {
            history::write(data.path(), &history::sample());
        }
        for (w, h) in SIZES {
            let mut app = menu_of(data.path(), w, h);
            app.keys(&[KeyCode::Up, KeyCode::Enter]);
            if with_games {
                app.keys(&[KeyCode::PageDown; 4]);
            }
            let screen = app.screen();
            assert!(!screen.contains("No finished games yet."), "{screen}");
            assert!(
                screen
                    .contains("Othello         rating 1543? · solved 2 of 3 tried · best streak 2"),
                "{screen}"
            );
            assert!(screen.contains("? = unsure until more puzzles"), "{screen}");
            // Nim's puzzles, tried but never in the Streak mode: no streak said.
            assert!(
                screen.contains("Nim             rating 1480? · solved 1 of 1 tried\n"),
                "{screen}"
            );
            assert_fits(&screen, w);
        }
    }
}
