//! `parlor prove pnut` (issue 17, point 4): a proof stopped by a node budget, Ctrl-C,
//! `kill` or `kill -9` continues from its checkpoint to the answer of an uninterrupted
//! proof; a broken checkpoint, or one of other rules, is refused and left alone.

use crate::cli_harness as harness;

use harness::*;

/// The lines of a finished proof that must not depend on interruptions.
fn verdict_lines(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.contains("proven:") || l.starts_with("Start nodes decided"))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_proof_stopped_by_its_node_budget_continues_to_the_same_answer() {
    let sandbox = Sandbox::new();
    let whole = sandbox.run(&["prove", "pnut", "--symbols", "01", "--length", "6"]);
    whole.expect_code(0);
    assert!(
        whole.stdout.contains("proven: the first player wins."),
        "{}",
        whole.stdout
    );
    assert!(
        whole.stdout.contains("Re-checked by replay"),
        "{}",
        whole.stdout
    );
    let file = sandbox.home().join("proof.ck");
    let path = file.to_str().expect("a UTF-8 path");
    let args = [
        "prove",
        "pnut",
        "--symbols",
        "01",
        "--length",
        "6",
        "--checkpoint",
        path,
        "--max-nodes",
        // The whole proof takes about 200 k nodes: this stops it several times (6
        // runs at the time of writing).
        "60000",
    ];
    let first = sandbox.run(&args);
    first.expect_code(0);
    assert!(first.stdout.contains("not proven yet"), "{}", first.stdout);
    assert!(
        first.stdout.contains("open start nodes:"),
        "{}",
        first.stdout
    );
    let mut runs = 1;
    let last = loop {
        let run = sandbox.run(&args);
        run.expect_code(0);
        run.stderr_has("continuing from");
        runs += 1;
        if run.stdout.contains("proven:") {
            break run;
        }
        assert!(runs < 10, "no end after {runs} runs");
    };
    assert!(runs >= 3, "{runs}");
    assert_eq!(verdict_lines(&last.stdout), verdict_lines(&whole.stdout));
    assert!(
        last.stdout.contains("Re-checked by replay"),
        "{}",
        last.stdout
    );
}

/// Ctrl-C and SIGTERM save and exit with 130; after `kill -9` the last checkpoint
/// written is whole (written atomically) and the proof continues from it.
#[test]
fn ctrl_c_kill_and_kill_9_keep_what_was_established() {
    let sandbox = Sandbox::new();
    let file = sandbox.home().join("proof.ck");
    let path = file.to_str().expect("a UTF-8 path");
    let args = [
        "prove",
        "pnut",
        "--symbols",
        "01",
        "--length",
        "7",
        "--checkpoint",
        path,
        "--save-every",
        "0.05",
        "--table-mib",
        "64",
    ];
    let mut running = sandbox.start(&args);
    running.wait_for_stderr("checkpoint written");
    running.interrupt();
    let run = running.finish();
    run.expect_code(130);
    assert!(run.stdout.contains("not proven yet"), "{}", run.stdout);

    let mut running = sandbox.start(&args);
    running.wait_for_stderr("continuing from");
    running.wait_for_stderr("checkpoint written");
    running.signal("TERM");
    running.finish().expect_code(130);

    let mut running = sandbox.start(&args);
    running.wait_for_stderr("checkpoint written");
    running.kill_hard();
    let mut budget = args.to_vec();
    budget.extend(["--max-nodes", "1000"]);
    let after = sandbox.run(&budget);
    after.expect_code(0);
    after.stderr_has("continuing from");
    assert!(after.stdout.contains("not proven yet"), "{}", after.stdout);
}

#[test]
fn a_broken_checkpoint_is_refused_and_left_alone() {
    let sandbox = Sandbox::new();
    let args = |path: &str| {
        [
            "prove",
            "pnut",
            "--symbols",
            "01",
            "--length",
            "5",
            "--checkpoint",
            path,
        ]
        .map(str::to_string)
    };
    let run = |path: &std::path::Path| {
        let a = args(path.to_str().expect("UTF-8"));
        sandbox.run(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    // Not a checkpoint at all.
    let notes = sandbox.file("notes.txt", "my notes\n");
    let r = run(&notes);
    r.expect_code(1);
    r.stderr_has("is not a proof checkpoint");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    // A good checkpoint, then one byte changed.
    let good = sandbox.home().join("good.ck");
    run(&good).expect_code(0);
    let mut bytes = std::fs::read(&good).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x20;
    std::fs::write(&good, &bytes).unwrap();
    let r = run(&good);
    r.expect_code(1);
    r.stderr_has("is broken");
    assert_eq!(std::fs::read(&good).unwrap(), bytes);
    // Cut short.
    std::fs::write(&good, &bytes[..bytes.len() - 10]).unwrap();
    run(&good).expect_code(1).stderr_has("is broken");
    // Another setting's checkpoint.
    let other = sandbox.home().join("other.ck");
    run(&other).expect_code(0);
    let o = other.to_str().unwrap();
    let r = sandbox.run(&[
        "prove",
        "pnut",
        "--symbols",
        "012",
        "--length",
        "3",
        "--checkpoint",
        o,
    ]);
    r.expect_code(1);
    r.stderr_has("not for the k = 3, l = 3 asked");
}
