//! `parlor serve` under load, driven by a load generator of our own: SSH clients written
//! with russh's client (the crate the server is built on), so no system `ssh` is used or
//! needed. Run: cargo bench --bench serve_load
//!
//! The server runs in this process, on a thread of its own (127.0.0.1, a free port, open
//! access, a data directory in a temporary directory); the clients run on a tokio runtime
//! of the bench's. A client is "at its menu" once its screen (the bytes it received, read
//! by a vt100 parser) shows the menu's entry "Play online".
//!
//! - `join_to_menu_with_idle` (0 and 100 idle players already at their menus): the time
//!   for one more player to connect, authenticate, get a pty and a shell, and see their
//!   menu. Each iteration is a new name (one name, one terminal); it leaves afterwards,
//!   outside the timed part.
//! - `key_round_trip_with_100_idle`: a player at their menu presses Down (then Up, in
//!   turn), timed until the first bytes of the redraw arrive.
//!
//! Before the benchmarks (under `cargo bench` only, not in `cargo test`'s single run) it
//! prints, once, the process's resident memory and thread count before and after 100
//! idle players connect, and the CPU time the process spends in 10 s with those 100
//! players doing nothing. The clients live in the same process, so the memory per session
//! counts both ends of each connection: an upper bound for the server's share.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use russh::client::Handle;
use russh::{ChannelMsg, Disconnect};

#[path = "../tests/common/ssh_client.rs"]
mod ssh_client;
use ssh_client::{DOWN, LocalServer, Player, Trusting, UP};

/// The idle players of the benchmarks that want them.
const IDLE: usize = 100;
/// How long the idle players sit, doing nothing, while the process's CPU time is read.
const IDLE_CPU_WINDOW: Duration = Duration::from_secs(10);

fn main() {
    let load = LOAD.get_or_init(Load::start);
    // `cargo bench` passes --bench; `cargo test` runs each benchmark once without it.
    if std::env::args().any(|a| a == "--bench") {
        resources_report(load);
    }
    divan::main();
    load.idle_players(0);
    if let Some(server) = load.server.lock().ok().and_then(|mut s| s.take())
        && let Err(e) = server.stop()
    {
        eprintln!("{e}");
    }
}

static LOAD: OnceLock<Load> = OnceLock::new();

/// The server, the clients' runtime, and the idle players connected now.
struct Load {
    runtime: tokio::runtime::Runtime,
    addr: std::net::SocketAddr,
    server: Mutex<Option<LocalServer>>,
    idle: Mutex<Vec<Idle>>,
    names: AtomicU64,
    /// The bytes every idle player has received, all told.
    idle_bytes: Arc<AtomicU64>,
}

impl Load {
    /// Starts the server on a free port and waits until it listens.
    fn start() -> Load {
        let server = LocalServer::start();
        Load {
            runtime: ssh_client::client_runtime(),
            addr: server.addr,
            server: Mutex::new(Some(server)),
            idle: Mutex::new(Vec::new()),
            names: AtomicU64::new(0),
            idle_bytes: Arc::default(),
        }
    }

    /// A name no player has had yet.
    fn fresh_name(&self, kind: &str) -> String {
        format!("{kind}{}", self.names.fetch_add(1, Ordering::Relaxed))
    }

    /// Connects or sends away idle players until exactly `n` sit at their menus.
    fn idle_players(&self, n: usize) {
        let mut idle = self.idle.lock().expect("the idle players");
        while idle.len() > n {
            if let Some(player) = idle.pop() {
                self.runtime.block_on(player.leave());
            }
        }
        while idle.len() < n {
            let name = self.fresh_name("idle");
            let player = self.runtime.block_on(Player::join(self.addr, &name));
            idle.push(player.idle(&self.runtime, self.idle_bytes.clone()));
        }
    }
}

/// What the bench does with a player beyond the shared client's.
trait ToIdle {
    /// Hands the player to a task that reads whatever the server sends, counts it into
    /// `bytes` and drops it, so an unread channel never holds its connection up.
    fn idle(self, runtime: &tokio::runtime::Runtime, bytes: Arc<AtomicU64>) -> Idle;
}

impl ToIdle for Player {
    fn idle(self, runtime: &tokio::runtime::Runtime, bytes: Arc<AtomicU64>) -> Idle {
        let Player {
            handle,
            mut channel,
            ..
        } = self;
        let reader = runtime.spawn(async move {
            while let Some(msg) = channel.wait().await {
                if let ChannelMsg::Data { data } = msg {
                    bytes.fetch_add(data.len() as u64, Ordering::Relaxed);
                }
            }
        });
        Idle { handle, reader }
    }
}

/// A player sitting at their menu, doing nothing.
struct Idle {
    handle: Handle<Trusting>,
    reader: tokio::task::JoinHandle<()>,
}

impl Idle {
    async fn leave(self) {
        let _ = self
            .handle
            .disconnect(Disconnect::ByApplication, "", "en")
            .await;
        self.reader.abort();
    }
}

#[divan::bench(args = [0, IDLE], sample_count = 20, sample_size = 1)]
fn join_to_menu_with_idle(bencher: divan::Bencher, idle: usize) {
    let load = LOAD.get_or_init(Load::start);
    load.idle_players(idle);
    let last: RefCell<Option<Player>> = RefCell::new(None);
    bencher
        .with_inputs(|| {
            if let Some(player) = last.take() {
                load.runtime.block_on(player.leave());
            }
            load.fresh_name("joiner")
        })
        .bench_local_values(|name| {
            let player = load.runtime.block_on(Player::join(load.addr, &name));
            *last.borrow_mut() = Some(player);
        });
    if let Some(player) = last.take() {
        load.runtime.block_on(player.leave());
    }
}

#[divan::bench(sample_count = 40, sample_size = 1)]
fn key_round_trip_with_100_idle(bencher: divan::Bencher) {
    let load = LOAD.get_or_init(Load::start);
    load.idle_players(IDLE);
    let name = load.fresh_name("presser");
    let player = RefCell::new(load.runtime.block_on(Player::join(load.addr, &name)));
    let presses = RefCell::new(0u64);
    bencher
        .with_inputs(|| {
            load.runtime.block_on(player.borrow_mut().settle());
            let mut n = presses.borrow_mut();
            *n += 1;
            // Down then Up: the cursor moves every time and never runs off the menu.
            if *n % 2 == 1 { DOWN } else { UP }
        })
        .bench_local_values(|key| {
            load.runtime
                .block_on(player.borrow_mut().key_round_trip(key));
        });
    load.runtime.block_on(player.into_inner().leave());
}

/// A line of /proc/self/status, as a number (`VmRSS:  1234 kB` gives 1234).
fn status(field: &str) -> u64 {
    let text = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    text.lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"))
}

/// The process's CPU time, user + system, from /proc/self/stat (in clock ticks of 1/100 s:
/// USER_HZ, fixed at 100 on Linux's ABI).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // The fields after the command name, which is in parentheses and may hold spaces.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// The time on CPU of every thread alive now, in nanoseconds (/proc/self/task/*/schedstat).
fn threads_on_cpu() -> Duration {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Duration::ZERO;
    };
    let nanos: u64 = tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    Duration::from_nanos(nanos)
}

/// Memory and threads before and after the idle players connect, and the CPU time they
/// cost sitting still.
fn resources_report(load: &Load) {
    load.idle_players(0);
    // A first player warms what is made once (the solver pool, the database's pages).
    load.runtime.block_on(async {
        Player::join(load.addr, &load.fresh_name("warm"))
            .await
            .leave()
            .await
    });
    std::thread::sleep(Duration::from_millis(500));
    let (rss_before, threads_before) = (status("VmRSS"), status("Threads"));
    let started = Instant::now();
    load.idle_players(IDLE);
    let joined_in = started.elapsed();
    std::thread::sleep(Duration::from_millis(500));
    let (rss_after, threads_after) = (status("VmRSS"), status("Threads"));
    let (cpu_before, on_cpu_before) = (cpu_time(), threads_on_cpu());
    let window_bytes = load.idle_bytes.load(Ordering::Relaxed);
    std::thread::sleep(IDLE_CPU_WINDOW);
    let (cpu_after, on_cpu_after) = (cpu_time(), threads_on_cpu());
    // What one more player coming and going sends to the idle ones (a lobby's count of
    // who is here, say).
    let quiet_bytes = load.idle_bytes.load(Ordering::Relaxed);
    load.runtime.block_on(async {
        let player = Player::join(load.addr, &load.fresh_name("visitor")).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        player.leave().await;
    });
    std::thread::sleep(Duration::from_millis(300));
    let visit_bytes = load.idle_bytes.load(Ordering::Relaxed) - quiet_bytes;
    let per_session = rss_after.saturating_sub(rss_before) as f64 / IDLE as f64;
    eprintln!(
        "\n== parlor serve, {IDLE} idle players at their menus (server and clients in this process) ==\n\
         joining them one after another took {joined_in:.2?}\n\
         resident memory (VmRSS): {rss_before} kB before, {rss_after} kB after: \
         {per_session:.0} kB per session (both ends of each connection)\n\
         threads: {threads_before} before, {threads_after} after ({:+} for {IDLE} sessions)\n\
         CPU time of the process in {IDLE_CPU_WINDOW:?} with them idle: {:?} \
         (utime+stime, 10 ms ticks); {:.2?} on CPU by the threads' schedstat\n\
         bytes sent to the idle players in those {IDLE_CPU_WINDOW:?}: {}\n\
         bytes sent to the {IDLE} idle players while one more player joined and left: {visit_bytes}\n",
        threads_after as i64 - threads_before as i64,
        cpu_after.saturating_sub(cpu_before),
        on_cpu_after.saturating_sub(on_cpu_before),
        quiet_bytes - window_bytes,
    );
    load.idle_players(0);
}
