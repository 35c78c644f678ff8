//! A proof split into jobs (issue 38 point 3, docs/proof-jobs.md): `prove pnut --split
//! DIR --depth D` writes one job a position of D symbols (positions of one class once),
//! `prove pnut --job FILE` proves one job alone and leaves its result and its
//! certificate part beside it, and `prove pnut --combine DIR` puts the finished jobs
//! together into the answer and one certificate, or says what is still open and splits
//! the jobs that ran out of budget one symbol deeper. The jobs run on whatever runs
//! batches (GNU parallel, Slurm, Kubernetes): they share nothing but their files.

pub mod files;
pub mod part;
pub mod tree;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rustc_hash::FxHashMap;

use crate::console::progress::Progress;
use crate::game::pnut::Rules;
use crate::plugin::{CliError, usage};
use crate::solve::pnut::certify::{CertifyError, certify_position};
use crate::solve::pnut::{Graph, Outcome, Reductions, Table};

use self::files::{
    JOB, JOB_KIND, Job, JobError, JobResult, MANIFEST, MANIFEST_KIND, Manifest, PART, RESULT,
    RESULT_KIND, beside, indices_of, job_name, read_json, rules_of, text_of, write_json,
};
use self::tree::{Class, Known, Need, Strategy, Tree, Value};
use super::certificate::Combined;

/// The jobs listed by name when the answer waits for some (the rest are counted).
const LISTED: usize = 10;

/// The most strings a split may enumerate (k^depth at most).
const MAX_STRINGS: u64 = 4_000_000;

/// A line on standard output; a reader gone (`| head`) ends the command quietly
/// (`CliError::Output`), instead of a panic.
fn say(text: String) -> Result<(), CliError> {
    writeln!(std::io::stdout(), "{text}")?;
    Ok(())
}

fn failed(e: JobError) -> CliError {
    CliError::Failed(format!("prove pnut: {e}"))
}

/// The graph of `rules`, refused past the 128 l-grams proofs handle.
fn graph(rules: &Rules) -> Result<Graph, CliError> {
    let g = Graph::new(rules.k(), rules.length());
    if g.edges > 128 {
        return Err(usage(format!(
            "prove pnut: k^l = {} l-grams; proofs handle at most 128",
            g.edges
        )));
    }
    Ok(g)
}

/// `prove pnut --split DIR --depth D`: one job file for each class of the positions of
/// D symbols that are not over.
pub fn split(
    rules: &Rules,
    dir: &Path,
    depth: usize,
    max_nodes: Option<u64>,
    table_mib: u32,
) -> Result<(), CliError> {
    let g = graph(rules)?;
    let l = rules.length();
    if depth + 1 < l || depth > l - 1 + g.edges as usize {
        return Err(usage(format!(
            "--depth {depth}: expected {} to {} (the symbols from the empty string to a job's position: at least l-1)",
            l - 1,
            l - 1 + g.edges as usize
        )));
    }
    let strings = (rules.k() as u64).checked_pow(depth as u32);
    if strings.is_none_or(|n| n > MAX_STRINGS) {
        return Err(usage(format!(
            "--depth {depth}: {}^{depth} strings to look at, more than {MAX_STRINGS}; take a smaller depth",
            rules.k()
        )));
    }
    if dir.join(MANIFEST).exists() {
        return Err(usage(format!(
            "--split {}: it holds a split already ({MANIFEST}); combine it, or give an empty folder",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| failed(JobError::io(dir, e)))?;
    let manifest = Manifest {
        version: 1,
        kind: MANIFEST_KIND.to_string(),
        symbols: rules.symbols_text(),
        length: l,
        depth,
        max_nodes: max_nodes.unwrap_or(u64::MAX),
        table_mib,
    };
    let jobs = FxHashMap::default();
    let tree = Tree::new(g, depth, &jobs);
    let mut seen: FxHashMap<Class, ()> = FxHashMap::default();
    let mut made = Vec::new();
    let mut looked = 0u64;
    let mut stack = vec![Vec::new()];
    while let Some(s) = stack.pop() {
        if s.len() == depth {
            looked += 1;
            if !tree.legal(&s).is_empty() && seen.insert(tree.class(&s), ()).is_none() {
                made.push(s);
            }
            continue;
        }
        for &c in tree.legal(&s).iter().rev() {
            let mut t = s.clone();
            t.push(c);
            stack.push(t);
        }
    }
    write_json(&dir.join(MANIFEST), &manifest).map_err(failed)?;
    for s in &made {
        write_job(dir, rules, &manifest, s)?;
    }
    say(format!(
        "Split Pnut-Butta, symbols {} (k = {}), length l = {} at depth {depth}: {} jobs in {} (the {looked} positions of {depth} symbols not over, one job a class); each job: {}, a table of {table_mib} MiB.",
        rules.symbols_text(),
        rules.k(),
        l,
        made.len(),
        dir.display(),
        budget_text(manifest.max_nodes),
    ))?;
    say(format!(
        "Run every job, e.g.: parallel parlor prove pnut --job ::: {0}/*.{JOB}\nthen: parlor prove pnut --combine {0}",
        dir.display()
    ))?;
    Ok(())
}

fn budget_text(max_nodes: u64) -> String {
    if max_nodes == u64::MAX {
        "no node limit".to_string()
    } else {
        format!("at most {max_nodes} nodes")
    }
}

fn write_job(dir: &Path, rules: &Rules, m: &Manifest, s: &[u8]) -> Result<PathBuf, CliError> {
    let path = dir.join(job_name(s));
    let job = Job {
        version: 1,
        kind: JOB_KIND.to_string(),
        symbols: rules.symbols_text(),
        length: rules.length(),
        position: text_of(rules, s),
        max_nodes: m.max_nodes,
        table_mib: m.table_mib,
    };
    write_json(&path, &job).map_err(failed)?;
    Ok(path)
}

/// `prove pnut --job FILE`: proves the job's position within its budget and writes its
/// result (and, when proven, its certificate part) beside it.
pub fn run_job(path: &Path) -> Result<(), CliError> {
    let job: Job = read_json(path, "job file", JOB_KIND).map_err(failed)?;
    let rules = rules_of(path, &job.symbols, job.length).map_err(failed)?;
    let indices = indices_of(path, &rules, &job.position).map_err(failed)?;
    if indices.len() + 1 < rules.length() {
        return Err(failed(JobError::wrong(
            path,
            format!(
                "its position '{}' is shorter than l-1 = {} symbols",
                job.position,
                rules.length() - 1
            ),
        )));
    }
    if !(1..=1 << 20).contains(&job.table_mib) {
        return Err(failed(JobError::wrong(
            path,
            format!("its table_mib {}: expected 1 to 1048576", job.table_mib),
        )));
    }
    let g = graph(&rules)?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let progress = Progress::spinner("prove pnut --job")?;
    progress.message(format!("{name}: after '{}'", job.position));
    let stop = || progress.interrupted();
    let started = Instant::now();
    let mut table = Table::new(job.table_mib);
    let mut search = Outcome::new(g, Reductions::ALL, &mut table, &stop);
    search.set_node_limit(job.max_nodes);
    let value = search.wins_after(&indices);
    let nodes = search.nodes;
    drop(search);
    if value.is_err() && progress.interrupted() {
        return Err(CliError::Interrupted(format!(
            "prove pnut --job {}: stopped; nothing written, run it again",
            path.display()
        )));
    }
    let mut result = JobResult {
        version: 1,
        kind: RESULT_KIND.to_string(),
        symbols: job.symbols.clone(),
        length: job.length,
        position: job.position.clone(),
        mover_wins: None,
        nodes,
        seconds: 0.0,
        part: None,
        part_moves: None,
    };
    if value.is_ok() {
        progress.message(format!("{name}: writing its certificate part"));
        let part = match certify_position(g, &mut table, &indices, &stop, &|_| {}) {
            Ok(p) => p,
            Err(CertifyError::Stopped) => {
                return Err(CliError::Interrupted(format!(
                    "prove pnut --job {}: stopped; nothing written, run it again",
                    path.display()
                )));
            }
            Err(CertifyError::Inconsistent(why)) => {
                return Err(CliError::Failed(format!(
                    "prove pnut --job {}: no certificate part: {why}",
                    path.display()
                )));
            }
        };
        let part_path = beside(path, PART);
        part::save(&part_path, &rules, &indices, &part).map_err(failed)?;
        result.mover_wins = Some(part.mover_wins);
        result.part = part_path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned());
        result.part_moves = Some(part.entries.len() as u64);
    }
    result.seconds = started.elapsed().as_secs_f64();
    progress.clear();
    write_json(&beside(path, RESULT), &result).map_err(failed)?;
    match result.mover_wins {
        Some(w) => say(format!(
            "{name}: after '{}' the {} player wins ({}), {nodes} nodes, {:.2} s; certificate part: {} moves.",
            job.position,
            mover_name(indices.len(), w),
            if w { "its mover" } else { "not its mover" },
            result.seconds,
            result.part_moves.unwrap_or(0)
        ))?,
        None => say(format!(
            "{name}: after '{}' not proven within its budget ({}); --combine splits it one symbol deeper.",
            job.position,
            budget_text(job.max_nodes)
        ))?,
    }
    Ok(())
}

/// "first" or "second": who wins after `len` symbols when the mover wins (`w`).
fn mover_name(len: usize, w: bool) -> &'static str {
    if len.is_multiple_of(2) == w {
        "first"
    } else {
        "second"
    }
}

/// A split's folder as read: its manifest, rules and jobs by class.
struct Folder {
    manifest: Manifest,
    rules: Rules,
    g: Graph,
    jobs: FxHashMap<Class, Known>,
    /// Jobs read, run and proven.
    counts: (usize, usize, usize),
    nodes: u64,
}

fn read_folder(dir: &Path) -> Result<Folder, CliError> {
    let mpath = dir.join(MANIFEST);
    if !mpath.exists() {
        return Err(usage(format!(
            "--combine {}: no {MANIFEST} there; make a split with --split DIR --depth D",
            dir.display()
        )));
    }
    let manifest: Manifest = read_json(&mpath, "split manifest", MANIFEST_KIND).map_err(failed)?;
    let rules = rules_of(&mpath, &manifest.symbols, manifest.length).map_err(failed)?;
    let g = graph(&rules)?;
    let entries = std::fs::read_dir(dir).map_err(|e| failed(JobError::io(dir, e)))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == JOB))
        .collect();
    paths.sort();
    let mut jobs = FxHashMap::default();
    let mut counts = (0, 0, 0);
    let mut nodes = 0;
    let tree_jobs = FxHashMap::default();
    let tree = Tree::new(g, manifest.depth, &tree_jobs);
    for path in paths {
        let job: Job = read_json(&path, "job file", JOB_KIND).map_err(failed)?;
        if job.symbols != manifest.symbols || job.length != manifest.length {
            return Err(failed(JobError::wrong(
                &path,
                format!(
                    "a job of symbols {} and length {}, not the split's {} and {}",
                    job.symbols, job.length, manifest.symbols, manifest.length
                ),
            )));
        }
        let indices = indices_of(&path, &rules, &job.position).map_err(failed)?;
        if indices.len() + 1 < rules.length() {
            return Err(failed(JobError::wrong(
                &path,
                "its position is shorter than l-1 symbols",
            )));
        }
        counts.0 += 1;
        let rpath = beside(&path, RESULT);
        let outcome = if rpath.exists() {
            let r: JobResult = read_json(&rpath, "job result", RESULT_KIND).map_err(failed)?;
            if r.position != job.position || r.symbols != job.symbols || r.length != job.length {
                return Err(failed(JobError::wrong(
                    &rpath,
                    "the result is for another job",
                )));
            }
            counts.1 += 1;
            nodes += r.nodes;
            counts.2 += usize::from(r.mover_wins.is_some());
            Some(r.mover_wins)
        } else {
            None
        };
        jobs.entry(tree.class(&indices)).or_insert(Known {
            path,
            indices,
            outcome,
        });
    }
    Ok(Folder {
        manifest,
        rules,
        g,
        jobs,
        counts,
        nodes,
    })
}

/// `prove pnut --combine DIR [--certificate FILE]`.
pub fn combine(dir: &Path, certificate: Option<&Path>) -> Result<(), CliError> {
    let folder = read_folder(dir)?;
    let rules = &folder.rules;
    let mut tree = Tree::new(folder.g, folder.manifest.depth, &folder.jobs);
    let value = tree.value(&mut Vec::new());
    let (jobs, run, proven) = folder.counts;
    let head = format!(
        "Pnut-Butta, symbols {} (k = {}), length l = {}",
        rules.symbols_text(),
        rules.k(),
        rules.length()
    );
    say(format!(
        "{dir}: {jobs} jobs, {run} run ({proven} proven, {} out of budget), {} nodes in all.",
        run - proven,
        folder.nodes,
        dir = dir.display()
    ))?;
    if value == Value::Open {
        let needs = tree::distinct(&tree.needs);
        say(format!(
            "{head}: not proven yet: the answer waits for {} jobs.",
            needs.len()
        ))?;
        let (mut to_run, mut made) = (0, Vec::new());
        // Children of several jobs may share a class: one job each.
        let mut seen = FxHashMap::default();
        for need in &needs {
            let children = match need {
                Need::Run(p) => {
                    to_run += 1;
                    if to_run <= LISTED {
                        say(format!("  to run: {}", p.display()))?;
                    }
                    continue;
                }
                Need::Missing(s) => vec![s.clone()],
                Need::Split(s) => tree
                    .legal(s)
                    .into_iter()
                    .map(|c| [s.as_slice(), &[c]].concat())
                    .collect(),
            };
            for t in children {
                if tree.legal(&t).is_empty() {
                    continue;
                }
                let class = tree.class(&t);
                if folder.jobs.contains_key(&class) || seen.insert(class, ()).is_some() {
                    continue;
                }
                let p = write_job(dir, rules, &folder.manifest, &t)?;
                made.push((p, t, matches!(need, Need::Missing(_))));
            }
        }
        if to_run > LISTED {
            say(format!("  ... and {} more to run", to_run - LISTED))?;
        }
        for (p, t, missing) in made.iter().take(LISTED) {
            say(format!(
                "  new job: {} (after '{}'{})",
                p.display(),
                text_of(rules, t),
                if *missing {
                    ": its job file was missing"
                } else {
                    ", a child of a job that ran out of budget"
                }
            ))?;
        }
        if made.len() > LISTED {
            say(format!("  ... and {} more new jobs", made.len() - LISTED))?;
        }
        let made = made.len();
        if made > 0 {
            say(format!(
                "{made} new jobs written: run them, then combine again."
            ))?;
        }
        return Ok(());
    }
    let first_wins = value == Value::Won;
    say(format!(
        "{head}: proven: the {} player wins, from {proven} proven jobs.",
        if first_wins { "first" } else { "second" }
    ))?;
    let Some(cert_path) = certificate else {
        return Ok(());
    };
    let mut strategy = Strategy::default();
    tree.strategy(&mut Vec::new(), first_wins, &mut strategy)
        .map_err(|why| CliError::Failed(format!("prove pnut --combine: {why}")))?;
    let combined = gather(&folder, &strategy, first_wins)?;
    let bytes = super::certificate::save_combined(cert_path, rules, &combined).map_err(|e| {
        CliError::Failed(format!(
            "prove pnut: cannot write the certificate {}: {e}",
            cert_path.display()
        ))
    })?;
    say(format!(
        "Certificate written to {}: {bytes} bytes, {} parts with {} recorded moves, {} roots and {} moves by string; check it with `parlor verify pnut {}`.",
        cert_path.display(),
        combined.parts.len(),
        combined.parts.iter().map(Vec::len).sum::<usize>(),
        combined.roots.len(),
        combined.opening.len(),
        cert_path.display()
    ))?;
    Ok(())
}

/// The combined certificate of `strategy`: the parts of the jobs it reaches, read from
/// their files, each once.
fn gather(folder: &Folder, strategy: &Strategy, first_wins: bool) -> Result<Combined, CliError> {
    let mut index: FxHashMap<Class, usize> = FxHashMap::default();
    let mut parts = Vec::new();
    let mut roots = Vec::new();
    for (s, class) in &strategy.roots {
        let i = match index.get(class) {
            Some(&i) => i,
            None => {
                let job = &folder.jobs[class];
                let path = beside(&job.path, PART);
                let part = part::load(&path, &folder.rules, &job.indices).map_err(failed)?;
                if Some(Some(part.mover_wins)) != job.outcome {
                    return Err(failed(JobError::wrong(
                        &path,
                        "the part says another winner than its result",
                    )));
                }
                parts.push(part.entries);
                index.insert(*class, parts.len() - 1);
                parts.len() - 1
            }
        };
        roots.push((s.clone(), i));
    }
    Ok(Combined {
        first_wins,
        opening: strategy
            .moves
            .iter()
            .map(|(s, &c)| (s.clone(), c))
            .collect(),
        parts,
        roots,
    })
}

/// A split's k and l, and the start nodes its finished jobs settle (whether each one's
/// mover wins).
pub type SettledStarts = (usize, usize, Vec<(Vec<u8>, bool)>);

/// The start nodes (canonical strings of l-1 symbol indices) whose value the finished
/// jobs of the split in `dir` settle, each with whether its mover wins, and the split's
/// k and l (for the start-node table, `examples/pnut_start_table.rs`).
pub fn settled_starts(dir: &Path) -> Result<SettledStarts, CliError> {
    let folder = read_folder(dir)?;
    let (k, l) = (folder.rules.k(), folder.rules.length());
    let mut tree = Tree::new(folder.g, folder.manifest.depth, &folder.jobs);
    let mut out = Vec::new();
    let mut stack = vec![Vec::new()];
    while let Some(s) = stack.pop() {
        if s.len() + 1 == l {
            match tree.value(&mut s.clone()) {
                Value::Won => out.push((s, true)),
                Value::Lost => out.push((s, false)),
                Value::Open => {}
            }
            continue;
        }
        let next = s.iter().max().map_or(0, |&m| m + 1).min(k as u8 - 1);
        for c in 0..=next {
            stack.push([s.as_slice(), &[c]].concat());
        }
    }
    out.sort();
    Ok((k, l, out))
}
