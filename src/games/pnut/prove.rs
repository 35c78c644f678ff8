//! `parlor prove pnut --symbols 012 --length 4 [--checkpoint FILE]`: an exact proof of
//! who wins from the empty string that can be stopped at any moment (Ctrl-C, `kill`)
//! and continued from its checkpoint (issue 17, point 4).
//!
//! The search ([`Proof`]) runs in slices of nodes; between slices the progress goes to
//! stderr and, every `--save-every` seconds, what is established goes to the
//! checkpoint (see `checkpoint`). Ctrl-C or SIGTERM stops the slice, saves and exits
//! with 130; a `kill -9` loses only what was established since the last save. When
//! the proof is done it prints the winner and re-checks the proof by replay.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::config::Config;
use crate::console::progress::Progress;
use crate::game::pnut::Rules;
use crate::plugin::{CliError, usage};
use crate::solve::pnut::certify::CertifyError;
use crate::solve::pnut::{Graph, Proof, Step};

use super::checkpoint;

/// Nodes a slice searches between two looks at the clock, the progress and the
/// checkpoint (a fraction of a second).
const SLICE: u64 = 1 << 20;

/// `parlor prove pnut`.
#[derive(clap::Args, Debug, Clone)]
pub struct ProveArgs {
    /// The game (only pnut has a resumable proof).
    #[arg(value_parser = ["pnut"])]
    pub game: String,
    /// The symbols, e.g. 012 (default: the config's).
    #[arg(long)]
    pub symbols: Option<String>,
    /// The length l of the substrings that must not repeat (default: the config's).
    #[arg(long)]
    pub length: Option<usize>,
    /// Where to keep what the proof establishes; an existing checkpoint of the same
    /// rules is continued, any other file is refused and left alone.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between two saves of the checkpoint.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    pub save_every: f64,
    /// Stop (and save) after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub max_seconds: Option<f64>,
    /// Stop (and save) after about this many nodes: a budget that does not depend on
    /// the machine.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// The most the transposition table may grow to, in MiB (rounded down to a power
    /// of two); it starts small and grows with the positions established, and the
    /// re-check at the end makes a second one as large after freeing the first.
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    pub table_mib: u32,
    /// Once proven, write a certificate of the proof here (docs/certificate.md), which
    /// `parlor verify pnut FILE` checks from the rules alone.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// JSON lines on standard output instead of the text: one a start node as it is
    /// decided, then the result (docs/json.md).
    #[arg(long)]
    pub json: bool,
    /// Split the proof into jobs, one file a position of --depth symbols, written to
    /// DIR (docs/proof-jobs.md); --max-nodes and --table-mib are each job's budget.
    #[arg(long, value_name = "DIR", requires = "depth", conflicts_with_all = ["job", "combine", "checkpoint", "certificate", "json"])]
    pub split: Option<PathBuf>,
    /// With --split: the jobs' positions are the strings of this many symbols (at
    /// least l-1).
    #[arg(long, value_name = "SYMBOLS", requires = "split")]
    pub depth: Option<usize>,
    /// Prove one job of a split alone: its result and certificate part are written
    /// beside FILE (the rules and budget are the job file's).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["combine", "checkpoint", "certificate", "json", "symbols", "length", "max_nodes", "max_seconds"])]
    pub job: Option<PathBuf>,
    /// Combine a split's finished jobs into the answer (and, with --certificate, one
    /// certificate); jobs that ran out of budget are split one symbol deeper.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["checkpoint", "json", "symbols", "length", "max_nodes", "max_seconds"])]
    pub combine: Option<PathBuf>,
}

fn seconds(name: &str, s: f64) -> Result<Duration, CliError> {
    if !(s.is_finite() && s > 0.0 && s <= 1e7) {
        return Err(usage(format!(
            "{name} {s}: expected a number of seconds above 0"
        )));
    }
    Ok(Duration::from_secs_f64(s))
}

/// The start node as its symbols.
fn start_text(rules: &Rules, s: &[u8]) -> String {
    s.iter().map(|&d| rules.symbol(d)).collect()
}

/// What one `parlor prove pnut` proves, and where its checkpoint goes.
struct Setting<'a> {
    args: &'a ProveArgs,
    rules: Rules,
    length: usize,
    g: Graph,
    save_every: Duration,
    max_time: Option<Duration>,
}

impl<'a> Setting<'a> {
    /// The rules and limits of `args` (the config's rules by default), checked.
    fn new(args: &'a ProveArgs, config: &Config) -> Result<Self, CliError> {
        let own = super::config::SECTION.read(config);
        let symbols = args.symbols.as_deref().unwrap_or(&own.symbols);
        let length = args.length.unwrap_or(own.length);
        let rules = Rules::new(symbols, length).map_err(|e| usage(format!("prove pnut: {e}")))?;
        let g = Graph::new(rules.k(), length);
        if g.edges > 128 {
            return Err(usage(format!(
                "prove pnut: k^l = {} l-grams; the resumable proof handles at most 128",
                g.edges
            )));
        }
        let save_every = seconds("--save-every", args.save_every)?;
        let max_time = args
            .max_seconds
            .map(|s| seconds("--max-seconds", s))
            .transpose()?;
        if !(1..=1 << 20).contains(&args.table_mib) {
            return Err(usage(format!(
                "--table-mib {}: expected 1 to 1048576",
                args.table_mib
            )));
        }
        Ok(Setting {
            args,
            rules,
            length,
            g,
            save_every,
            max_time,
        })
    }

    /// Restores into `proof` what the checkpoint (if any) established. Returns the
    /// nodes searched before.
    fn resume(&self, proof: &mut Proof) -> Result<u64, CliError> {
        let Some(path) = &self.args.checkpoint else {
            return Ok(0);
        };
        let Some(c) = checkpoint::load(path, self.rules.k(), self.length, |key, node, win| {
            proof.restore_position(key, node, win)
        })
        .map_err(failed)?
        else {
            return Ok(0);
        };
        eprintln!(
            "parlor: prove pnut: continuing from {}: {} start nodes decided, {} positions, {} nodes searched before",
            path.display(),
            c.starts.len(),
            c.positions,
            c.nodes
        );
        proof.restore(c.starts, std::iter::empty());
        proof.restore_spent(c.spent);
        Ok(c.nodes)
    }

    /// Writes what `proof` established to the checkpoint, if there is one (`earlier`:
    /// the nodes searched by earlier runs).
    fn save(&self, proof: &Proof, earlier: u64) -> Result<(), CliError> {
        let Some(path) = &self.args.checkpoint else {
            return Ok(());
        };
        let c = checkpoint::Header {
            k: self.rules.k(),
            l: self.length,
            nodes: earlier + proof.nodes,
            starts: proof
                .starts()
                .iter()
                .map(|(s, &v)| (s.clone(), v))
                .collect(),
            spent: proof.spent().iter().map(|(s, &n)| (s.clone(), n)).collect(),
            positions: proof.positions().count() as u64,
        };
        checkpoint::save(path, &c, proof.positions()).map_err(failed)?;
        eprintln!(
            "parlor: prove pnut: checkpoint written to {} ({} start nodes, {} positions)",
            path.display(),
            c.starts.len(),
            c.positions
        );
        Ok(())
    }

    /// The start nodes still open, as text ("-": none).
    fn open_starts(&self, proof: &Proof) -> String {
        let open: Vec<String> = proof
            .open_starts()
            .iter()
            .map(|s| start_text(&self.rules, s))
            .collect();
        if open.is_empty() {
            "-".to_string()
        } else {
            open.join(" ")
        }
    }

    /// Who wins a decided start node (`mover_wins`: its mover does): "first" or
    /// "second". The mover after the l-1 symbols of a start node is the first player
    /// when l-1 is even.
    fn start_winner(&self, mover_wins: bool) -> &'static str {
        let first_moves = (self.length - 1).is_multiple_of(2);
        if mover_wins == first_moves {
            "first"
        } else {
            "second"
        }
    }

    /// The decided start nodes, each with its winner and the nodes it took ("?" when
    /// a checkpoint did not keep them): "000 second 1.2M, 001 first 3.4k".
    fn settled(&self, proof: &Proof) -> String {
        let items: Vec<String> = proof
            .starts()
            .iter()
            .map(|(s, &v)| {
                format!(
                    "{} {} {}",
                    start_text(&self.rules, s),
                    self.start_winner(v),
                    proof.spent().get(s).map_or("?".to_string(), |&n| short(n))
                )
            })
            .collect();
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(", ")
        }
    }

    /// One decided start node as a sentence (a line of its own as it is decided).
    fn decided_line(&self, proof: &Proof, s: &[u8]) -> String {
        let v = proof.starts().get(s).copied().unwrap_or(false);
        format!(
            "start node {} decided: the {} player wins ({}), {} nodes",
            start_text(&self.rules, s),
            self.start_winner(v),
            if v { "its mover" } else { "not its mover" },
            proof.spent().get(s).copied().unwrap_or(0)
        )
    }

    fn start_of(&self, proof: &Proof, s: &[u8]) -> StartJson {
        let v = proof.starts().get(s).copied().unwrap_or(false);
        StartJson {
            start: start_text(&self.rules, s),
            winner: self.start_winner(v),
            mover_wins: v,
            nodes: proof.spent().get(s).copied(),
        }
    }

    /// The JSON line of a start node just decided.
    fn start_json(&self, proof: &Proof, s: &[u8]) -> String {
        crate::console::json::line(&StartEventJson {
            version: 1,
            event: "start",
            start: self.start_of(proof, s),
        })
    }

    /// The JSON line of the result (`winner`: `None` when not proven yet).
    fn result_json(
        &self,
        proof: &Proof,
        winner: Option<bool>,
        earlier: u64,
        started: Instant,
        certificate: Option<Written>,
    ) -> ProveJson {
        ProveJson {
            version: 1,
            event: "result",
            game: "pnut",
            symbols: self.rules.symbols_text(),
            length: self.length,
            proven: winner.is_some(),
            winner: winner.map(|w| if w { "first" } else { "second" }),
            starts: proof
                .starts()
                .keys()
                .map(|s| self.start_of(proof, s))
                .collect(),
            open: proof
                .open_starts()
                .iter()
                .map(|s| start_text(&self.rules, s))
                .collect(),
            nodes: earlier + proof.nodes,
            positions: proof.stats().stored,
            seconds: started.elapsed().as_secs_f64(),
            certificate,
        }
    }

    /// The progress line between two slices.
    fn progress_line(&self, proof: &Proof, earlier: u64) -> String {
        format!(
            "decided: {}; {} positions proved, {} start nodes decided, open: {}{}, {} nodes",
            self.settled(proof),
            proof.stats().stored,
            proof.starts().len(),
            self.open_starts(proof),
            proof
                .current()
                .map(|s| format!(" (searching {})", start_text(&self.rules, s)))
                .unwrap_or_default(),
            earlier + proof.nodes,
        )
    }

    /// Says what is established of a proof stopped before the end, and how to go on.
    fn print_unproven(&self, proof: &Proof) {
        say(
            self.args.json,
            format!(
                "Pnut-Butta, symbols {} (k = {}), length l = {}: not proven yet.",
                self.rules.symbols_text(),
                self.rules.k(),
                self.length
            ),
        );
        say(
            self.args.json,
            format!(
                "Established: {} start nodes decided, {} positions; open start nodes: {}.",
                proof.starts().len(),
                proof.stats().stored,
                self.open_starts(proof)
            ),
        );
        say(
            self.args.json,
            format!(
                "Start nodes settled (winner, nodes): {}",
                self.settled(proof)
            ),
        );
        let again = match &self.args.checkpoint {
            Some(p) => format!("run the same command to continue from {}", p.display()),
            None => "give --checkpoint FILE to keep it for a later run".to_string(),
        };
        say(
            self.args.json,
            format!("Stopped after {} nodes: {again}.", proof.nodes),
        );
    }

    /// Says who wins, from which start nodes, and at what cost.
    fn print_proven(&self, proof: &Proof, winner: bool, earlier: u64, started: Instant) {
        say(
            self.args.json,
            format!(
                "Pnut-Butta, symbols {} (k = {}), length l = {}: proven: the {} player wins.",
                self.rules.symbols_text(),
                self.rules.k(),
                self.length,
                if winner { "first" } else { "second" }
            ),
        );
        let decided: Vec<String> = proof
            .starts()
            .iter()
            .map(|(s, &v)| {
                format!(
                    "{} {}",
                    start_text(&self.rules, s),
                    if v { "W" } else { "L" }
                )
            })
            .collect();
        say(
            self.args.json,
            format!(
                "Start nodes decided (W: their mover wins): {}",
                decided.join(", ")
            ),
        );
        say(
            self.args.json,
            format!(
                "Start nodes settled (winner, nodes): {}",
                self.settled(proof)
            ),
        );
        say(
            self.args.json,
            format!(
                "Nodes: {} this run, {} in all; positions stored: {}; time: {:.2} s",
                proof.nodes,
                earlier + proof.nodes,
                proof.stats().stored,
                started.elapsed().as_secs_f64()
            ),
        );
    }
}

/// A certificate written: where, its size, its recorded moves.
#[derive(Debug, Clone, serde::Serialize)]
struct Written {
    path: String,
    bytes: u64,
    entries: u64,
}

/// A decided start node in the JSON of `prove` (docs/json.md).
#[derive(Debug, serde::Serialize)]
struct StartJson {
    start: String,
    /// "first" or "second".
    winner: &'static str,
    mover_wins: bool,
    /// `null` when a checkpoint of an older run did not keep it.
    nodes: Option<u64>,
}

/// One line of `prove --json` as a start node is decided.
#[derive(Debug, serde::Serialize)]
struct StartEventJson {
    version: u32,
    event: &'static str,
    #[serde(flatten)]
    start: StartJson,
}

/// The last line of `prove --json`.
#[derive(Debug, serde::Serialize)]
struct ProveJson {
    version: u32,
    event: &'static str,
    game: &'static str,
    symbols: String,
    length: usize,
    proven: bool,
    winner: Option<&'static str>,
    starts: Vec<StartJson>,
    open: Vec<String>,
    nodes: u64,
    positions: u64,
    seconds: f64,
    certificate: Option<Written>,
}

/// Says `text` on standard output, or under `--json` (whose standard output is JSON
/// lines) on standard error.
fn say(json: bool, text: impl std::fmt::Display) {
    if json {
        eprintln!("{text}");
    } else {
        print_line(text);
    }
}

/// A line on standard output. A reader gone away (`| head`) does not stop the proof
/// (nor panic, losing what was established since the last save): the line is dropped.
fn print_line(text: impl std::fmt::Display) {
    let _ = writeln!(std::io::stdout(), "{text}");
}

/// Nodes in short: 950, 12.3k, 4.56M, 3.02G.
fn short(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.2}M", n as f64 / 1e6),
        _ => format!("{:.2}G", n as f64 / 1e9),
    }
}

fn failed(e: checkpoint::CheckpointError) -> CliError {
    CliError::Failed(e.to_string())
}

pub fn run(args: &ProveArgs, config: &Config) -> Result<(), CliError> {
    if let Some(job) = &args.job {
        return super::jobs::run_job(job);
    }
    if let Some(dir) = &args.combine {
        return super::jobs::combine(dir, args.certificate.as_deref());
    }
    let setting = Setting::new(args, config)?;
    if let (Some(dir), Some(depth)) = (&args.split, args.depth) {
        return super::jobs::split(&setting.rules, dir, depth, args.max_nodes, args.table_mib);
    }
    let mut proof = Proof::new(setting.g, args.table_mib);
    let earlier_nodes = setting.resume(&mut proof)?;
    // SIGTERM (a plain `kill`) stops the proof like Ctrl-C: it saves before exiting.
    let term = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGTERM, Arc::clone(&term))
        .map_err(CliError::Signal)?;
    let progress = Progress::spinner("prove pnut")?;
    let started = Instant::now();
    let mut last_save = Instant::now();
    let interrupted = || progress.interrupted() || term.load(Ordering::Relaxed);
    let out_of_budget = |proof: &Proof| {
        setting.max_time.is_some_and(|t| started.elapsed() >= t)
            || args.max_nodes.is_some_and(|n| proof.nodes >= n)
    };
    let winner = loop {
        let slice = args
            .max_nodes
            .map_or(SLICE, |n| n.saturating_sub(proof.nodes).clamp(1, SLICE));
        let step = proof.step(slice, &interrupted);
        for s in proof.decided_now() {
            if args.json {
                progress.suspend(|| print_line(setting.start_json(&proof, s)));
            } else {
                progress.suspend(|| {
                    eprintln!("parlor: prove pnut: {}", setting.decided_line(&proof, s))
                });
            }
        }
        progress.message(setting.progress_line(&proof, earlier_nodes));
        match step {
            Step::Done(w) => break w,
            Step::Slice if !out_of_budget(&proof) => {
                if last_save.elapsed() >= setting.save_every {
                    progress.suspend(|| setting.save(&proof, earlier_nodes))?;
                    last_save = Instant::now();
                }
            }
            Step::Slice | Step::Stopped => {
                progress.clear();
                setting.save(&proof, earlier_nodes)?;
                setting.print_unproven(&proof);
                if args.json {
                    let result = setting.result_json(&proof, None, earlier_nodes, started, None);
                    print_line(crate::console::json::line(&result));
                }
                if step == Step::Stopped {
                    return Err(CliError::Interrupted("prove pnut stopped".to_string()));
                }
                return Ok(());
            }
        }
    };
    progress.clear();
    setting.save(&proof, earlier_nodes)?;
    setting.print_proven(&proof, winner, earlier_nodes, started);
    // The result as proven (the certificate's searches may store more positions).
    let mut result = setting.result_json(&proof, Some(winner), earlier_nodes, started, None);
    if let Some(path) = &args.certificate {
        result.certificate = Some(certify(
            args.json,
            &setting.rules,
            &mut proof,
            path,
            &interrupted,
        )?);
    }
    recheck(args.json, proof, winner, &interrupted)?;
    if args.json {
        print_line(crate::console::json::line(&result));
    }
    Ok(())
}

/// Seconds between two progress lines of the certificate's walk.
const CERTIFY_PROGRESS_SECONDS: u64 = 30;

/// Writes the certificate of a finished proof to `path` (atomically) and says its size.
fn certify(
    json: bool,
    rules: &Rules,
    proof: &mut Proof,
    path: &std::path::Path,
    interrupted: &dyn Fn() -> bool,
) -> Result<Written, CliError> {
    let started = Instant::now();
    // The walk can take about as long as the proof: say so, then how far it is.
    say(
        json,
        "Writing the certificate: the winner's strategy walked against every reply; on a large proof this takes about as long as the proof. Ctrl-C stops it.",
    );
    let _ = std::io::stdout().flush();
    let last_said = std::cell::Cell::new(Instant::now());
    let recorded_so_far = std::cell::Cell::new(0usize);
    let progress = |recorded: usize| {
        recorded_so_far.set(recorded);
        if last_said.get().elapsed().as_secs() >= CERTIFY_PROGRESS_SECONDS {
            last_said.set(Instant::now());
            eprintln!(
                "parlor: prove pnut: certificate: {} moves recorded so far ({:.0} s)",
                short(recorded as u64),
                started.elapsed().as_secs_f64()
            );
        }
    };
    // The walk's searches ask whether to stop every few thousand nodes: where one runs
    // long (it proves again what the proof's full table let go), that is where the
    // walk says it is still at work (a (3,4) walk once said nothing for 80 minutes).
    let stop = || {
        if last_said.get().elapsed().as_secs() >= CERTIFY_PROGRESS_SECONDS {
            last_said.set(Instant::now());
            eprintln!(
                "parlor: prove pnut: certificate: still walking (searching again positions the proof's table let go); {} moves recorded so far ({:.0} s)",
                short(recorded_so_far.get() as u64),
                started.elapsed().as_secs_f64()
            );
        }
        interrupted()
    };
    let cert = match proof.certificate(&stop, &progress) {
        Ok(cert) => cert,
        Err(CertifyError::Stopped) => {
            say(
                json,
                "The certificate was stopped before the end: run the same command to make it again.",
            );
            return Err(CliError::Interrupted("prove pnut stopped".to_string()));
        }
        Err(CertifyError::Inconsistent(why)) => {
            return Err(CliError::Failed(format!(
                "prove pnut: no certificate: the proof's table contradicts itself: {why}"
            )));
        }
    };
    let bytes = super::certificate::save(path, rules, &cert).map_err(|e| {
        CliError::Failed(format!(
            "prove pnut: cannot write the certificate {}: {e}",
            path.display()
        ))
    })?;
    say(
        json,
        format!(
            "Certificate written to {}: {bytes} bytes, {} recorded moves and {} opening moves ({:.2} s); check it with `parlor verify pnut {}`.",
            path.display(),
            cert.entries.len(),
            cert.opening.len(),
            started.elapsed().as_secs_f64(),
            path.display()
        ),
    );
    Ok(Written {
        path: path.display().to_string(),
        bytes,
        entries: cert.entries.len() as u64,
    })
}

/// Re-checks a finished proof by replay (see [`Proof::recheck`]), saying so first.
fn recheck(
    json: bool,
    proof: Proof,
    winner: bool,
    interrupted: &dyn Fn() -> bool,
) -> Result<(), CliError> {
    // The re-check can take as long as the proof did and reports nothing on the way:
    // say what it is doing, so a silent terminal does not look hung.
    say(
        json,
        "Re-checking by replay: a second search of the winner's start nodes (no bridges, no relabelling, a fresh table); it may take as long as the proof. Ctrl-C stops it.",
    );
    let _ = std::io::stdout().flush();
    match proof.recheck(interrupted) {
        Ok((Some(w), n)) if w == winner => {
            say(json, format!(
                "Re-checked by replay: the opening's minimax from the recorded start nodes gives the same winner, and the {n} start node(s) the winner's strategy rests on were proven again by a second search (no bridges, no relabelling, a fresh table)."
            ));
            Ok(())
        }
        Ok(_) => Err(CliError::Failed(
            "the re-check by replay does not confirm the proof: a start node is missing or a second search disagrees".to_string(),
        )),
        Err(_) => {
            say(json, "The re-check was stopped before the end: run the same command to do it again.");
            Err(CliError::Interrupted("prove pnut stopped".to_string()))
        }
    }
}
