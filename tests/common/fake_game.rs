//! A seventh game made up for the tests, added through the plug-in API only: "Ten", a
//! count from 0 to which each player adds 1 or 2; whoever reaches 10 wins. Its rules, its
//! solver (a plain search), its screen (a `Match` with a board of its own), its
//! commands and its engine session are written here, against `parlor::plugin` and the
//! kits (`ui`, `console`), and nothing of the program names it: a registry that
//! includes it runs the shared suites (menu, setup, save and resume, the per-game help,
//! the JSON shapes), which proves the recipe of ARCHITECTURE.md.

use std::fmt;
use std::str::FromStr;

use parlor::config::Config;
use parlor::game::{Game, Outcome, RuleError, Seat};
use parlor::matchup::FirstMover;
use parlor::plugin::engine::{EngineSession, SetupReader};
use parlor::plugin::match_screen::{Board, Match};
use parlor::plugin::match_view::MatchView;
use parlor::plugin::review::ReviewPlan;
use parlor::plugin::review::board::GameBoard;
use parlor::plugin::screen::GameScreen;
use parlor::plugin::{
    CliError, GameArgs, GameId, GameInfo, GameKind, GameOptions, GameSetup, NoOptions, Registry,
    StartEnv, usage,
};
use parlor::seeds::GameRng;
use parlor::solve::analyst::{FnAnalyst, SharedAnalyst};
use parlor::solve::{Analysis, MoveValue, Verdict};
use parlor::store::MatchRecord;
use parlor::ui::hits::{Hit, Hits};
use parlor::ui::keys::{Action, Keys};
use parlor::ui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

/// The count that wins.
pub const GOAL: u8 = 10;

/// A position of Ten: the count and who adds next. Notation `count:mover`, e.g. `4:1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ten {
    count: u8,
    mover: Seat,
}

impl Ten {
    pub fn start() -> Ten {
        Ten {
            count: 0,
            mover: Seat::First,
        }
    }
}

/// A move: add 1 or 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Add(pub u8);

impl fmt::Display for Add {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{}", self.0)
    }
}

impl FromStr for Add {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().trim_start_matches('+') {
            "1" => Ok(Add(1)),
            "2" => Ok(Add(2)),
            _ => Err(RuleError::BadMove(format!("{s}: expected +1 or +2"))),
        }
    }
}

impl FromStr for Ten {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || RuleError::BadPosition(format!("{s}: expected count:mover, e.g. 4:1"));
        let (count, mover) = s.trim().split_once(':').ok_or_else(bad)?;
        let count: u8 = count.parse().map_err(|_| bad())?;
        let mover = match mover {
            "1" => Seat::First,
            "2" => Seat::Second,
            _ => return Err(bad()),
        };
        if count > GOAL {
            return Err(bad());
        }
        Ok(Ten { count, mover })
    }
}

impl Game for Ten {
    type Move = Add;

    fn to_move(&self) -> Seat {
        self.mover
    }
    fn legal_moves(&self) -> Vec<Add> {
        if self.count >= GOAL {
            return Vec::new();
        }
        (1..=2)
            .filter(|n| self.count + n <= GOAL)
            .map(Add)
            .collect()
    }
    fn play(&mut self, m: Add) -> Result<(), RuleError> {
        if self.count >= GOAL {
            return Err(RuleError::GameOver);
        }
        if !self.legal_moves().contains(&m) {
            return Err(RuleError::Illegal(m.to_string()));
        }
        self.count += m.0;
        self.mover = self.mover.other();
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        // The player who reached the goal is the one who just moved.
        (self.count >= GOAL).then(|| Outcome::Win(self.mover.other()))
    }
    fn position_text(&self) -> String {
        let mover = match self.mover {
            Seat::First => 1,
            Seat::Second => 2,
        };
        format!("{}:{mover}", self.count)
    }
}

/// The plies to the end with best play, and whether the mover wins: a plain search.
fn solve(position: &Ten) -> (bool, u32) {
    let mut best: Option<(bool, u32)> = None;
    for m in position.legal_moves() {
        let mut next = *position;
        let _ = next.play(m);
        let (wins, plies) = if next.outcome().is_some() {
            (true, 1)
        } else {
            let (opponent_wins, plies) = solve(&next);
            (!opponent_wins, plies + 1)
        };
        // A winner takes the shortest win, a loser the longest resistance.
        best = Some(match best {
            None => (wins, plies),
            Some((w, p)) if w == wins => (w, if wins { p.min(plies) } else { p.max(plies) }),
            Some((true, p)) => (true, p),
            Some(_) => (wins, plies),
        });
    }
    best.unwrap_or((false, 0))
}

fn verdict(wins: bool, plies: u32) -> Verdict {
    if wins {
        Verdict::Win { plies: Some(plies) }
    } else {
        Verdict::Loss { plies: Some(plies) }
    }
}

/// Every move's exact value.
pub fn analyse(position: &Ten) -> Analysis<Add> {
    let moves: Vec<MoveValue<Add>> = position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = *position;
            let _ = next.play(m);
            let (wins, plies) = if next.outcome().is_some() {
                (true, 1)
            } else {
                let (opponent_wins, plies) = solve(&next);
                (!opponent_wins, plies + 1)
            };
            MoveValue {
                mv: m,
                verdict: verdict(wins, plies),
                score: None,
                traps: None,
                plies_at_most: None,
                chances: None,
                proofs_left: None,
                score_at_most: None,
            }
        })
        .collect();
    let (wins, plies) = solve(position);
    let best = moves
        .iter()
        .filter(|m| m.verdict.is_win() == wins)
        .map(|m| m.mv)
        .next();
    Analysis {
        best,
        verdict: if position.outcome().is_some() {
            Verdict::Unknown
        } else {
            verdict(wins, plies)
        },
        score: None,
        pv: best.into_iter().collect(),
        moves,
        depth: plies,
        nodes: 1,
        exact: true,
    }
}

/// The start of a setup: its position, or 0 with the first player to move.
fn start_of(setup: &GameSetup) -> Result<Ten, String> {
    match &setup.position {
        Some(text) if !text.trim().is_empty() => text.parse().map_err(|e: RuleError| e.to_string()),
        _ => Ok(Ten::start()),
    }
}

/// Ten's own part of its screen: nothing but the count (no cursor, no animation).
pub struct TenBoard;

impl Board for TenBoard {
    type Game = Ten;

    fn render(
        m: &Match<Self>,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let count = m.view.session.position().count;
        let lines = vec![
            Line::styled(format!("Ten · count {count} of {GOAL}"), theme.title()),
            m.view.turn_line(theme, keys, "add 1 or 2".into()),
        ];
        frame.render_widget(Paragraph::new(lines), area);
        hits.add(area, Hit::Square(u32::from(count)));
    }
    fn handle(m: &mut Match<Self>, action: Action) -> bool {
        match action {
            Action::Digit(n @ 1..=2) if m.view.session.human_to_move() => {
                m.view.play(Add(n));
                true
            }
            _ => false,
        }
    }
    fn click(_m: &mut Match<Self>, _hit: Hit) {}
    fn play(m: &mut Match<Self>, mv: Add) {
        m.view.play(mv);
    }
}

/// The game as the program sees it.
pub struct TenKind;
pub static KIND: TenKind = TenKind;
pub const ID: GameId = GameId::of(&KIND);

static INFO: GameInfo = GameInfo {
    id: "ten",
    name: "Ten",
    blurb: "add 1 or 2; whoever reaches 10 wins",
    summary: "Add 1 or 2 to the count; reach 10 to win.",
    rules: "# Ten\n\nAdd 1 or 2 to the count. Whoever reaches 10 wins.\n\n{keys}\n",
    examples: "play ten --position 7:1\n    from a count of 7\n\nsolve ten 8:1\n    who wins from a count of 8\n",
};

/// `parlor solve ten [POSITION]`.
#[derive(Debug, clap::Args)]
pub struct TenSolveArgs {
    /// The position, count:mover (e.g. 4:1); the start when left out.
    pub position: Option<String>,
}

impl GameKind for TenKind {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn first_default(&self, _config: &Config) -> FirstMover {
        FirstMover::You
    }
    fn options(&self, _config: &Config) -> Box<dyn GameOptions> {
        Box::new(NoOptions)
    }
    fn check_position(&self, setup: &GameSetup) -> Result<(), String> {
        start_of(setup).map(|_| ())
    }
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut GameRng) -> Box<dyn GameScreen> {
        let start = start_of(&setup).unwrap_or_else(|_| Ten::start());
        let analyst = SharedAnalyst::new(FnAnalyst(analyse));
        let view = MatchView::new(start, &setup.matchup, env.ai_delay_ms, analyst, rng);
        Box::new(Match::with_board(setup, env.hints, view, TenBoard))
    }
    fn review(&self, record: &MatchRecord, _config: &Config) -> Result<ReviewPlan, String> {
        let start: Ten = record.start.parse().map_err(|e: RuleError| e.to_string())?;
        let board = GameBoard::new(
            start,
            &record.moves,
            Box::new(FnAnalyst(analyse)),
            Box::new(|frame, area, shown, _theme| {
                let text = format!("count {}", shown.position.count);
                frame.render_widget(Paragraph::new(text), area);
            }),
        )?;
        Ok(ReviewPlan::new(
            ID,
            Box::new(board),
            "every move solved exactly".into(),
        ))
    }
    fn engine(
        &self,
        _options: &[String],
        _config: &Config,
        _setups: SetupReader,
    ) -> Result<Box<dyn EngineSession>, CliError> {
        Err(usage("ten has no engine"))
    }
    fn solve_command(&self) -> clap::Command {
        <TenSolveArgs as clap::Args>::augment_args(clap::Command::new(INFO.id))
    }
    fn solve(&self, args: &GameArgs, _config: &Config) -> Result<(), CliError> {
        let args: TenSolveArgs = args.typed()?;
        let position: Ten = match args.position {
            Some(text) => text.parse().map_err(|e: RuleError| usage(e))?,
            None => Ten::start(),
        };
        let (wins, plies) = solve(&position);
        println!(
            "{}: {} in {plies}",
            position.position_text(),
            if wins { "win" } else { "loss" }
        );
        Ok(())
    }
    fn simulate_command(&self) -> clap::Command {
        <parlor::plugin::SimulateCommon as clap::Args>::augment_args(clap::Command::new(INFO.id))
    }
    fn simulate(&self, _args: &GameArgs, _config: &Config) -> Result<(), CliError> {
        Err(usage("ten has no simulation"))
    }
}

/// The real games and Ten after them.
pub fn registry_with_ten() -> Registry {
    let mut kinds: Vec<&'static dyn GameKind> =
        parlor::arcade::registry().all().map(|g| g.kind()).collect();
    kinds.push(&KIND);
    Registry::new(&kinds)
}

/// A registry of Ten alone.
pub fn ten_alone() -> Registry {
    Registry::new(&[&KIND])
}

/// Ten's rules and solver against hand-worked cases (a test of the fake itself: the
/// suites that use it must be able to trust it).
pub fn check_the_fake() {
    // From 0, the first player wins: add 1 (to 1), then keep the count at 4, 7, 10.
    assert_eq!(solve(&Ten::start()), (true, 7));
    let lost: Ten = "7:2".parse().expect("a position");
    assert_eq!(solve(&lost), (false, 2));
    let a = analyse(&Ten::start());
    assert_eq!(a.best, Some(Add(1)));
    assert!(
        a.moves
            .iter()
            .any(|m| m.mv == Add(2) && !m.verdict.is_win())
    );
    let mut t = Ten::start();
    for _ in 0..5 {
        t.play(Add(2)).expect("legal");
    }
    assert_eq!(t.outcome(), Some(Outcome::Win(Seat::First)));
    assert!(t.play(Add(1)).is_err());
}
