//! Rendering cost of the screens, drawn into ratatui's TestBackend.
//! Run: cargo bench --bench render

use divan::Bencher;
use parlor::config::{Config, FirstMover};
use parlor::games::nim::options::NimSetup;
use parlor::games::nim::options::PilePreset;
use parlor::plugin::GameSetup;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

fn main() {
    divan::main();
}

fn nim(piles: &[u8], hints: bool, w: u16, h: u16) -> Harness {
    let mut s = GameSetup::from_config(parlor::games::nim::ID, &Config::default());
    s.options_mut::<NimSetup>().expect("nim options").piles = piles.to_vec();
    s.options_mut::<NimSetup>().expect("nim options").preset = PilePreset::Custom;
    s.matchup.first = FirstMover::You;
    let mut harness = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(s),
        w,
        h,
    );
    if hints {
        harness.key(KeyCode::Char('h'));
    }
    harness
}

#[divan::bench(args = [(80, 24), (120, 40)])]
fn menu(bencher: Bencher, (w, h): (u16, u16)) {
    let mut harness = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        w,
        h,
    );
    bencher.bench_local(|| harness.screen());
}

#[divan::bench(args = [false, true])]
fn nim_3_4_5_at_80x24(bencher: Bencher, hints: bool) {
    let mut harness = nim(&[3, 4, 5], hints, 80, 24);
    bencher.bench_local(|| harness.screen());
}

#[divan::bench(args = [false, true])]
fn nim_8_piles_of_99_at_120x40(bencher: Bencher, hints: bool) {
    let mut harness = nim(&[99; 8], hints, 120, 40);
    bencher.bench_local(|| harness.screen());
}
