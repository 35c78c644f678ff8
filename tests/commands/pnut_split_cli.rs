//! Issue 38 point 3 on the command line: a proof split into jobs (`prove pnut --split`),
//! the jobs run by GNU parallel (on this machine, and through `--sshlogin` with a
//! stand-in for ssh), combined (`--combine`) into the winner and one certificate that
//! `verify pnut` verifies; jobs that ran out of budget are split again until the proof
//! is done; a tampered combined certificate is rejected with the place named; bad
//! folders and job files are refused by name. Where the machine has no GNU parallel,
//! the same jobs run one after the other from the shell, and the test says so.

use crate::cli_harness as harness;

use harness::*;
use parlor::game::pnut::Rules;
use parlor::games::pnut::certificate::{self, Combined};
use parlor::games::pnut::verify::{self, Failure};
use parlor::solve::pnut::certify::Key;

/// Whether GNU parallel is on this machine.
fn has_parallel(sandbox: &Sandbox) -> bool {
    let run = sandbox.sh("parallel --version");
    let yes = run.code == 0 && run.stdout.contains("GNU parallel");
    if !yes {
        eprintln!("GNU parallel is not installed here: the jobs run from the shell instead");
    }
    yes
}

/// Runs every job of `dir` that has no result yet: with GNU parallel where there is
/// one, else one after the other.
fn run_jobs(sandbox: &Sandbox, dir: &str, parallel: bool) -> Run {
    let pending =
        format!("for f in {dir}/*.job; do [ -e \"${{f%.job}}.result\" ] || echo \"$f\"; done");
    let script = if parallel {
        format!("{pending} | parallel --will-cite -j 2 \"$PARLOR\" prove pnut --job {{}}")
    } else {
        format!(
            "{pending} | while read -r f; do \"$PARLOR\" prove pnut --job \"$f\" || exit 1; done"
        )
    };
    let run = sandbox.sh(&script);
    run.expect_code(0);
    run
}

/// Splits, runs and combines until proven (at most `rounds` times); the last combine's
/// output and whether a round split jobs again.
fn prove_by_jobs(
    sandbox: &Sandbox,
    rules: &[&str],
    depth: &str,
    budget: Option<&str>,
    rounds: usize,
) -> (String, bool) {
    let mut args = vec!["prove", "pnut"];
    args.extend_from_slice(rules);
    args.extend_from_slice(&["--split", "jobs", "--depth", depth]);
    if let Some(b) = budget {
        args.extend_from_slice(&["--max-nodes", b]);
    }
    let split = sandbox.run(&args);
    split.expect_code(0);
    assert!(split.stdout.contains(" jobs in jobs "), "{}", split.stdout);
    let parallel = has_parallel(sandbox);
    let mut split_again = false;
    for _ in 0..rounds {
        run_jobs(sandbox, "jobs", parallel);
        let combined = sandbox.run(&[
            "prove",
            "pnut",
            "--combine",
            "jobs",
            "--certificate",
            "split.cert",
        ]);
        combined.expect_code(0);
        if combined.stdout.contains("proven: the") {
            return (combined.stdout.clone(), split_again);
        }
        assert!(
            combined.stdout.contains("new jobs written"),
            "{}",
            combined.stdout
        );
        split_again = true;
    }
    panic!("not proven after {rounds} rounds of jobs");
}

#[test]
fn a_proof_of_2_6_split_into_jobs_combines_to_the_winner_and_a_verified_certificate() {
    let sandbox = Sandbox::new();
    let (out, _) = prove_by_jobs(
        &sandbox,
        &["--symbols", "01", "--length", "6"],
        "7",
        None,
        1,
    );
    assert!(
        out.contains("proven: the first player wins"),
        "the unsplit proof says the first player wins (2,6): {out}"
    );
    assert!(out.contains("Certificate written to split.cert"), "{out}");
    // Each job left its result and its part beside it.
    let results = std::fs::read_dir(sandbox.dir().join("jobs"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "result"))
        })
        .count();
    assert!(results > 10, "{results} results");
    let verified = sandbox.run(&["verify", "pnut", "split.cert"]);
    verified.expect_code(0);
    assert!(
        verified
            .stdout
            .starts_with("verified: the first player wins (2,6)"),
        "{}",
        verified.stdout
    );
}

#[test]
fn jobs_that_run_out_of_budget_are_split_again_until_3_3_is_proven() {
    let sandbox = Sandbox::new();
    let (out, again) = prove_by_jobs(
        &sandbox,
        &["--symbols", "012", "--length", "3"],
        "4",
        Some("200"),
        10,
    );
    assert!(again, "a budget of 200 nodes is too small for some jobs");
    assert!(out.contains("proven: the first player wins"), "{out}");
    let verified = sandbox.run(&["verify", "pnut", "split.cert"]);
    verified.expect_code(0);
    assert!(
        verified
            .stdout
            .starts_with("verified: the first player wins (3,3)"),
        "{}",
        verified.stdout
    );
}

/// Stands in for ssh: the host is the first argument that is not an option, the rest is
/// the command, run here (the hosts share this folder, as a cluster's nodes share a
/// network file system); each host is logged.
const FAKE_SSH: &str = r#"#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in
    -l|-p|-o|-i|-F) shift 2 ;;
    -*) shift ;;
    *) break ;;
  esac
done
host=$1; shift
[ "$1" = "--" ] && shift
echo "$host" >> "$FAKE_SSH_LOG"
exec sh -c "$*"
"#;

#[test]
fn jobs_run_through_gnu_parallel_sshlogin_on_two_stand_in_hosts() {
    let sandbox = Sandbox::new();
    if !has_parallel(&sandbox) {
        return;
    }
    let ssh = sandbox.file("fake-ssh", FAKE_SSH);
    sandbox.sh("chmod +x fake-ssh").expect_code(0);
    sandbox
        .run(&[
            "prove",
            "pnut",
            "--symbols",
            "01",
            "--length",
            "6",
            "--split",
            "jobs",
            "--depth",
            "6",
        ])
        .expect_code(0);
    let log = sandbox.dir().join("ssh.log");
    let script = format!(
        "FAKE_SSH_LOG={log} parallel --will-cite --ssh {ssh} -S 1/alpha,1/beta --workdir {dir} \"$PARLOR\" prove pnut --job {{}} ::: jobs/*.job",
        log = log.display(),
        ssh = ssh.display(),
        dir = sandbox.dir().display()
    );
    let ran = sandbox.sh(&script);
    ran.expect_code(0);
    let hosts = std::fs::read_to_string(&log).unwrap();
    assert!(
        hosts.lines().any(|h| h == "alpha") && hosts.lines().any(|h| h == "beta"),
        "both hosts ran jobs: {hosts}"
    );
    let combined = sandbox.run(&[
        "prove",
        "pnut",
        "--combine",
        "jobs",
        "--certificate",
        "split.cert",
    ]);
    combined.expect_code(0);
    assert!(
        combined.stdout.contains("proven: the first player wins"),
        "{}",
        combined.stdout
    );
    sandbox
        .run(&["verify", "pnut", "split.cert"])
        .expect_code(0);
}

/// The combined certificate as read back, in the writer's terms.
fn writable(cert: &verify::Cert) -> Combined {
    let keyed = |part: &verify::read::Entries| -> Vec<(Key, u8)> {
        (0..part.sets.len())
            .map(|i| {
                (
                    Key {
                        set: part.sets[i],
                        tag: part.tags[i],
                    },
                    part.moves[i],
                )
            })
            .collect()
    };
    Combined {
        first_wins: cert.first_wins,
        opening: cert.opening.iter().map(|(s, &c)| (s.clone(), c)).collect(),
        parts: cert.parts.iter().map(keyed).collect(),
        roots: cert
            .roots
            .as_ref()
            .expect("a combined certificate has roots")
            .iter()
            .map(|(s, &i)| (s.clone(), i))
            .collect(),
    }
}

fn rejection(rules: &Rules, cert: &Combined) -> Option<String> {
    let bytes = certificate::combined_bytes(rules, cert);
    let read = verify::read(&bytes[..], bytes.len() as u64).expect("it reads");
    match verify::verify(&read, None, &|| false) {
        Ok(_) => None,
        Err(Failure::Rejected(why)) => Some(why),
        Err(Failure::Stopped) => panic!("nothing stops it"),
    }
}

#[test]
fn a_tampered_combined_certificate_is_rejected_with_the_place_named() {
    let sandbox = Sandbox::new();
    prove_by_jobs(
        &sandbox,
        &["--symbols", "01", "--length", "6"],
        "7",
        None,
        1,
    );
    let bytes = std::fs::read(sandbox.dir().join("split.cert")).unwrap();
    let honest = writable(&verify::read(&bytes[..], bytes.len() as u64).unwrap());
    let rules = Rules::new("01", 6).unwrap();
    assert_eq!(rejection(&rules, &honest), None, "the honest one verifies");
    assert_eq!(
        certificate::combined_bytes(&rules, &honest),
        bytes,
        "read back and written again, byte for byte"
    );
    assert!(honest.roots.len() > 1 && honest.parts.len() > 1);

    // A root dropped: the walk reaches its string with no part and no move for it.
    for i in 0..honest.roots.len() {
        let mut cert = honest.clone();
        let (s, _) = cert.roots.remove(i);
        let why = rejection(&rules, &cert).expect("a dropped root is rejected");
        let named: String = s[..6].iter().map(|d| char::from(b'0' + d)).collect();
        assert!(why.contains(&format!("'{named}")), "{why}");
    }
    // A recorded move of a part dropped: a position that must be won has none.
    for p in 0..honest.parts.len() {
        let mut cert = honest.clone();
        if cert.parts[p].is_empty() {
            continue;
        }
        let middle = cert.parts[p].len() / 2;
        cert.parts[p].remove(middle);
        let why = rejection(&rules, &cert).expect("a dropped move is rejected");
        assert!(why.contains(&format!("in part {}", p + 1)), "{why}");
    }
    // A root sent to another part (of another position): its keys are not there.
    let mut cert = honest.clone();
    let first = cert.roots[0].1;
    let j = (1..cert.roots.len())
        .find(|&j| cert.roots[j].1 != first)
        .expect("roots of two parts");
    cert.roots[0].1 = cert.roots[j].1;
    let why = rejection(&rules, &cert).expect("a root with another part is rejected");
    assert!(
        why.contains(&format!("in part {}", cert.roots[j].1 + 1)),
        "{why}"
    );
    // A move by string where the strategy needs the string lost: the string after the
    // winner's first move given a move too.
    let mut cert = honest.clone();
    let (s, c) = cert.opening[0].clone();
    assert!(
        s.is_empty(),
        "the first move by string is the empty string's"
    );
    let loser = vec![c];
    assert!(!cert.opening.iter().any(|(t, _)| *t == loser));
    cert.opening.push((loser, 0));
    cert.opening.sort();
    let why = rejection(&rules, &cert).expect("a loser's string with a move");
    assert!(why.contains("needs this string lost"), "{why}");
    // Other rules asked of it.
    let asked = Rules::new("012", 3).unwrap();
    let read = verify::read(&bytes[..], bytes.len() as u64).unwrap();
    match verify::verify(&read, Some(&asked), &|| false) {
        Err(Failure::Rejected(why)) => assert!(why.contains("the rules do not match"), "{why}"),
        other => panic!("other rules: {other:?}"),
    }
}

#[test]
fn bad_split_folders_and_job_files_are_refused_by_name() {
    let sandbox = Sandbox::new();
    // A depth shorter than l-1.
    let run = sandbox.run(&[
        "prove",
        "pnut",
        "--symbols",
        "01",
        "--length",
        "6",
        "--split",
        "jobs",
        "--depth",
        "3",
    ]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("--depth 3: expected 5 to"),
        "{}",
        run.stderr
    );
    // A folder with no split in it.
    let run = sandbox.run(&["prove", "pnut", "--combine", "nowhere"]);
    run.expect_code(2);
    assert!(run.stderr.contains("no split.json there"), "{}", run.stderr);
    // A split made twice in one folder.
    let args = [
        "prove",
        "pnut",
        "--symbols",
        "01",
        "--length",
        "5",
        "--split",
        "jobs",
        "--depth",
        "4",
    ];
    sandbox.run(&args).expect_code(0);
    let again = sandbox.run(&args);
    again.expect_code(2);
    assert!(
        again.stderr.contains("holds a split already"),
        "{}",
        again.stderr
    );
    // A job file that is not one, and one with an illegal position.
    let junk = sandbox.file("junk.job", "hello");
    let run = sandbox.run(&["prove", "pnut", "--job", junk.to_str().unwrap()]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("junk.job: not a job file of parlor"),
        "{}",
        run.stderr
    );
    let bad = sandbox.file(
        "bad.job",
        r#"{"version":1,"kind":"parlor pnut job","symbols":"01","length":3,"position":"00000","max_nodes":10,"table_mib":1}"#,
    );
    let run = sandbox.run(&["prove", "pnut", "--job", bad.to_str().unwrap()]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("its position '00000'"),
        "{}",
        run.stderr
    );
    // --job takes its rules from the file: --symbols with it is a usage error.
    let run = sandbox.run(&[
        "prove",
        "pnut",
        "--job",
        bad.to_str().unwrap(),
        "--symbols",
        "012",
    ]);
    run.expect_code(2);
}
