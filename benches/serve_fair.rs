//! Many players' AIs on one `parlor serve`: do they share the cores fairly, and do the
//! screens stay quick while they think? Run: cargo bench --bench serve_fair
//!
//! The server runs in this process (see tests/common/ssh_client.rs); its searches are
//! bounded to one per core, first come first served (`solve::pool`). Each of K players
//! (1, 2, 4, 8: `play_10_moves_each`) joins over SSH, opens Othello against the strong
//! AI at 0.5 s a move (the least the setup offers), and plays its first 10 moves at
//! once on its turn (Enter on the square the cursor stands on); the time measured is
//! until every player has had the AI's 10 replies. A reply has come when the discs on
//! the board grew by the AI's move and the screen says "Your turn" again.
//!
//! Under `cargo bench` it then prints, once, for 8 players: each player's mean wait for
//! the AI's reply (fair when they are alike: the ratio of the slowest player's to the
//! quickest's), the slowest single reply, and the round trip of a key pressed by a 9th
//! player at their menu while the 8 AIs think (the screens must not wait for them).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

#[path = "../tests/common/ssh_client.rs"]
mod ssh_client;
use ssh_client::{DOWN, LocalServer, Player, UP};

/// Moves each player plays in a sample: the opening, where Othello's AI uses its time.
const MOVES: usize = 10;

fn main() {
    let bench = BENCH.get_or_init(Bench::start);
    divan::main();
    if std::env::args().any(|a| a == "--bench") {
        fairness_report(bench, 8);
    }
}

static BENCH: OnceLock<Bench> = OnceLock::new();

struct Bench {
    server: LocalServer,
    runtime: tokio::runtime::Runtime,
    names: std::sync::atomic::AtomicU64,
}

impl Bench {
    fn start() -> Bench {
        Bench {
            server: LocalServer::start(),
            runtime: ssh_client::client_runtime(),
            names: Default::default(),
        }
    }

    fn fresh_name(&self) -> String {
        let n = self
            .names
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        format!("p{n}")
    }

    /// `k` players at the start of a game of Othello against the AI, black to move.
    fn players_at_the_start(&self, k: usize) -> Vec<Player> {
        let addr = self.server.addr;
        let names: Vec<String> = (0..k).map(|_| self.fresh_name()).collect();
        self.runtime.block_on(async {
            let mut players = Vec::new();
            for name in names {
                players.push(to_othello(Player::join(addr, &name).await).await);
            }
            players
        })
    }

    /// Every player plays `MOVES` moves at once; each one's waits for the AI's replies.
    fn play(&self, players: Vec<Player>) -> Vec<Vec<Duration>> {
        self.runtime.block_on(async {
            let games: Vec<_> = players
                .into_iter()
                .map(|p| tokio::spawn(play_moves(p)))
                .collect();
            let mut waits = Vec::new();
            for game in games {
                let (player, w) = game.await.expect("a player's game");
                waits.push(w);
                player.leave().await;
            }
            waits
        })
    }
}

/// From the menu to Othello's board against the strong AI at 0.5 s a move.
async fn to_othello(mut player: Player) -> Player {
    // Othello is the fourth game of the menu; its setup opens on [ Start ].
    player.send(b"\x1b[B\x1b[B\x1b[B\r").await;
    player.wait_for("New game: Othello").await;
    // Two up is the thinking time; nine steps down from 5.0 s is 0.5 s.
    player.send(b"\x1b[A\x1b[A").await;
    for _ in 0..9 {
        player.send(b"\x1b[D").await;
    }
    player.wait_for("0.5 s per move").await;
    player.send(b"\r").await;
    player.wait_for("Your turn (Black)").await;
    player
}

/// The discs on the board, from the Discs panel.
fn discs(screen: &str) -> usize {
    let count = |who: &str| {
        screen
            .lines()
            .find_map(|l| l.split_once(who))
            .and_then(|(_, rest)| rest.split_whitespace().next()?.parse::<usize>().ok())
            .unwrap_or(0)
    };
    count("Black (You)") + count("White (AI)")
}

/// Plays `MOVES` moves; the wait for each reply of the AI.
async fn play_moves(mut player: Player) -> (Player, Vec<Duration>) {
    let mut waits = Vec::new();
    for _ in 0..MOVES {
        let before = discs(&player.contents());
        if player.contents().contains("Game over") {
            break;
        }
        let asked = Instant::now();
        player.send(b"\r").await;
        // The AI's reply (or its pass, or the end) is in when the board has grown and
        // it is the player's turn again.
        let now = player
            .wait_until("the AI's reply", |s| {
                s.contains("Game over") || (s.contains("Your turn") && discs(s) > before)
            })
            .await;
        waits.push(asked.elapsed());
        if now.contains("Game over") {
            break;
        }
    }
    (player, waits)
}

#[divan::bench(args = [1, 2, 4, 8], sample_count = 3, sample_size = 1)]
fn play_10_moves_each(bencher: divan::Bencher, players: usize) {
    let bench = BENCH.get_or_init(Bench::start);
    bencher
        .with_inputs(|| bench.players_at_the_start(players))
        .bench_local_values(|ps| bench.play(ps));
}

/// Eight players' games at once, and a ninth player's keys meanwhile.
fn fairness_report(bench: &Bench, k: usize) {
    let players = bench.players_at_the_start(k);
    let addr = bench.server.addr;
    let name = bench.fresh_name();
    let mut presser = bench.runtime.block_on(Player::join(addr, &name));
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let keys = {
        let stop = stop.clone();
        bench.runtime.spawn(async move {
            let mut trips = Vec::new();
            let mut down = true;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                presser.settle().await;
                let t = Instant::now();
                presser.key_round_trip(if down { DOWN } else { UP }).await;
                trips.push(t.elapsed());
                down = !down;
            }
            presser.leave().await;
            trips
        })
    };
    let started = Instant::now();
    let waits = bench.play(players);
    let wall = started.elapsed();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut trips = bench
        .runtime
        .block_on(keys)
        .expect("the ninth player's keys");
    let means: Vec<Duration> = waits
        .iter()
        .map(|w| w.iter().sum::<Duration>() / u32::try_from(w.len().max(1)).unwrap_or(1))
        .collect();
    let slowest = means.iter().max().copied().unwrap_or_default();
    let quickest = means.iter().min().copied().unwrap_or_default();
    let worst = waits.iter().flatten().max().copied().unwrap_or_default();
    trips.sort();
    let median = trips.get(trips.len() / 2).copied().unwrap_or_default();
    let trip_max = trips.last().copied().unwrap_or_default();
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    eprintln!(
        "\n== {k} players against Othello's AI at 0.5 s a move, {MOVES} moves each, {cores} cores ==\n\
         all done in {wall:.2?}\n\
         each player's mean wait for a reply: {}\n\
         slowest player / quickest player: {:.2}\n\
         slowest single reply: {worst:.2?}\n\
         a 9th player's key round trip meanwhile: median {median:.2?}, max {trip_max:.2?} ({} keys)\n",
        means
            .iter()
            .map(|m| format!("{m:.2?}"))
            .collect::<Vec<_>>()
            .join(", "),
        slowest.as_secs_f64() / quickest.as_secs_f64().max(1e-9),
        trips.len(),
    );
}
