//! Issue 38 on the command line: `prove pnut --certificate` writes a certificate that
//! `verify pnut` verifies (exit 0, the winner and the rules named); a tampered one is
//! rejected (exit 1, the position named), a garbled or missing file is a usage error
//! (exit 2, what is wrong said); `prove --json` gives each start node as it is decided,
//! then the result, with the keys docs/json.md documents.

use crate::cli_harness as harness;

use harness::*;
use serde_json::Value;

/// docs/json.md's schema block `name`'s keys, in order.
fn documented_keys(name: &str) -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let marker = format!("<!-- schema: {name} -->");
    let body = doc
        .split_once(&marker)
        .and_then(|(_, rest)| rest.split_once("```json\n"))
        .and_then(|(_, rest)| rest.split_once("```"))
        .unwrap_or_else(|| panic!("no {marker} block"))
        .0;
    let v: Value = serde_json::from_str(body).expect("a JSON block");
    keys(&v)
}

fn keys(v: &Value) -> Vec<String> {
    v.as_object().expect("an object").keys().cloned().collect()
}

/// FNV-1a 64, the certificate's checksum (docs/certificate.md).
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn a_certificate_is_written_verified_and_a_tampered_one_rejected() {
    let sandbox = Sandbox::new();
    let cert = sandbox.home().join("c25.cert");
    let path = cert.to_str().expect("a UTF-8 path");
    let proved = sandbox.run(&[
        "prove",
        "pnut",
        "--symbols",
        "01",
        "--length",
        "5",
        "--certificate",
        path,
    ]);
    proved.expect_code(0);
    assert!(
        proved.stdout.contains("Certificate written to"),
        "{}",
        proved.stdout
    );
    // Each decided start node with its winner and nodes, in the report and as decided.
    assert!(
        proved
            .stdout
            .contains("Start nodes settled (winner, nodes): 0000 first "),
        "{}",
        proved.stdout
    );
    assert!(
        proved
            .stderr
            .contains("start node 0001 decided: the second player wins"),
        "{}",
        proved.stderr
    );
    let verified = sandbox.run(&["verify", "pnut", path]);
    verified.expect_code(0);
    assert!(
        verified.stdout.starts_with(
            "verified: the second player wins (2,5): Pnut-Butta, symbols 01, length 5, two players, the player who moves last wins"
        ),
        "{}",
        verified.stdout
    );
    // Other rules asked for: rejected.
    let other = sandbox.run(&["verify", "pnut", path, "--symbols", "01", "--length", "6"]);
    other.expect_code(1);
    assert!(
        other.stderr.contains("rules do not match"),
        "{}",
        other.stderr
    );
    // The last recorded move changed (its checksum made to match): rejected, a
    // position named.
    let mut bytes = std::fs::read(&cert).expect("the certificate");
    let body = bytes.len() - 8;
    bytes[body - 1] ^= 1;
    let sum = fnv(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    let tampered = sandbox.home().join("tampered.cert");
    std::fs::write(&tampered, &bytes).expect("write");
    let run = sandbox.run(&["verify", "pnut", tampered.to_str().expect("UTF-8")]);
    run.expect_code(1);
    assert!(run.stderr.contains("rejected: "), "{}", run.stderr);
    assert!(run.stderr.contains("at '"), "{}", run.stderr);
}

#[test]
fn a_garbled_or_missing_certificate_is_a_usage_error() {
    let sandbox = Sandbox::new();
    let cert = sandbox.home().join("c.cert");
    let path = cert.to_str().expect("a UTF-8 path");
    sandbox
        .run(&[
            "prove",
            "pnut",
            "--symbols",
            "012",
            "--length",
            "3",
            "--certificate",
            path,
        ])
        .expect_code(0);
    let bytes = std::fs::read(&cert).expect("the certificate");
    let cases: [(&str, Vec<u8>, &str); 3] = [
        ("cut", bytes[..bytes.len() - 5].to_vec(), "cut short"),
        (
            "flipped",
            {
                let mut b = bytes.clone();
                let at = b.len() - 1;
                b[at] ^= 0x40;
                b
            },
            "checksum",
        ),
        (
            "text",
            b"just some text\n".to_vec(),
            "not a Pnut-Butta proof certificate",
        ),
    ];
    for (name, content, said) in cases {
        let file = sandbox.home().join(format!("{name}.cert"));
        std::fs::write(&file, content).expect("write");
        let run = sandbox.run(&["verify", "pnut", file.to_str().expect("UTF-8")]);
        run.expect_code(2);
        assert!(run.stderr.contains(said), "{name}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("{name}.cert")),
            "{}",
            run.stderr
        );
    }
    let missing = sandbox.run(&["verify", "pnut", "/nonexistent/x.cert"]);
    missing.expect_code(2);
    assert!(
        missing.stderr.contains("cannot open /nonexistent/x.cert"),
        "{}",
        missing.stderr
    );
}

#[test]
fn prove_json_gives_each_start_node_as_decided_then_the_result() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(&[
        "prove",
        "pnut",
        "--symbols",
        "01",
        "--length",
        "5",
        "--json",
    ]);
    run.expect_code(0);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let (result, starts) = lines.split_last().expect("lines");
    assert!(!starts.is_empty());
    for s in starts {
        assert_eq!(keys(s), documented_keys("prove-start"), "{s}");
        assert!(s["nodes"].as_u64().is_some_and(|n| n > 0), "{s}");
        // The mover after l-1 = 4 symbols is the first player.
        let first = if s["mover_wins"] == true {
            "first"
        } else {
            "second"
        };
        assert_eq!(s["winner"], first, "{s}");
    }
    assert_eq!(keys(result), documented_keys("prove"));
    assert_eq!(result["winner"], "second");
    assert_eq!(
        result["starts"].as_array().expect("starts").len(),
        starts.len()
    );
    assert!(
        run.stderr.contains("proven: the second player wins"),
        "{}",
        run.stderr
    );
}
