//! Issue 38: proof certificates of Pnut-Butta. The certificates of the small settings
//! are made by the prover and verified by the checker; a certificate with one move
//! changed, one reply's answer dropped, a false reduction claim or other rules is
//! rejected, the position it names checked against the plain negamax; the checker's
//! module imports nothing but the rules.

use parlor::game::pnut::Rules;
use parlor::games::pnut::certificate;
use parlor::games::pnut::verify::{self, Cert, Failure};
use parlor::solve::pnut::certify::{Certificate, KIND_AFTER_LOST, KIND_AFTER_WON, Key};
use parlor::solve::pnut::{Graph, Proof, Step};

use crate::pnut_oracle::with_negamax;

const SYMBOLS: &str = "0123456789";

fn rules(k: usize, l: usize) -> Rules {
    Rules::new(&SYMBOLS[..k], l).unwrap()
}

/// The proof of (k, l) and its certificate.
fn prove(k: usize, l: usize) -> Certificate {
    let mut proof = Proof::new(Graph::new(k, l), 16);
    let first_wins = loop {
        match proof.step(1 << 20, &|| false) {
            Step::Done(w) => break w,
            Step::Slice => {}
            Step::Stopped => panic!("nothing stops it"),
        }
    };
    let cert = proof.certificate(&|| false, &|_| {}).unwrap();
    assert_eq!(cert.first_wins, first_wins, "({k},{l})");
    cert
}

fn read(bytes: &[u8]) -> Cert {
    verify::read(bytes, bytes.len() as u64).unwrap()
}

/// The certificate as read back, in the writer's terms (to tamper with it).
fn writable(cert: &Cert) -> Certificate {
    Certificate {
        k: cert.rules.k(),
        l: cert.rules.length(),
        first_wins: cert.first_wins,
        opening: cert.opening.iter().map(|(p, &m)| (p.clone(), m)).collect(),
        entries: keyed(&cert.parts[0]),
    }
}

/// One part's recorded moves in the writer's terms.
fn keyed(part: &verify::read::Entries) -> Vec<(Key, u8)> {
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
}

/// Verifies `cert` written for `rules`: the failure's message, or `None` if verified.
fn rejection(rules: &Rules, cert: &Certificate) -> Option<String> {
    let bytes = certificate::to_bytes(rules, cert);
    match verify::verify(&read(&bytes), None, &|| false) {
        Ok(_) => None,
        Err(Failure::Rejected(why)) => Some(why),
        Err(Failure::Stopped) => panic!("nothing stops it"),
    }
}

/// The string a message names after `marker` (between quotes, or "the empty
/// string"), as symbol indices.
fn named(message: &str, marker: &str) -> Option<Vec<u8>> {
    let rest = message.split_once(marker)?.1;
    if rest.starts_with("the empty string") {
        return Some(Vec::new());
    }
    let quoted = rest.strip_prefix('\'')?.split_once('\'')?.0;
    Some(quoted.bytes().map(|b| b - b'0').collect())
}

#[test]
fn the_certificates_of_the_small_settings_verify() {
    for (k, l) in [
        (2, 2),
        (2, 3),
        (2, 4),
        (2, 5),
        (2, 6),
        (3, 2),
        (3, 3),
        (4, 2),
        (5, 2),
    ] {
        let r = rules(k, l);
        let cert = prove(k, l);
        // The negamax of (2,6) from the empty string takes minutes in a debug build:
        // there the proof's own winner stands (checked against the replay in `prove`).
        let truth = if (k, l) == (2, 6) {
            cert.first_wins
        } else {
            with_negamax(k, l, |n| n.wins(&[])).unwrap()
        };
        assert_eq!(cert.first_wins, truth, "({k},{l}): the proof's winner");
        let bytes = certificate::to_bytes(&r, &cert);
        let read = read(&bytes);
        assert_eq!(writable(&read), cert, "({k},{l}) reads back as written");
        let v = verify::verify(&read, Some(&r), &|| false)
            .unwrap_or_else(|e| panic!("({k},{l}): {e:?}"));
        assert_eq!(v.first_wins, truth);
        assert_eq!(
            v.walked.used,
            cert.entries.len() as u64,
            "({k},{l}): every recorded move is used"
        );
        assert!(verify::verdict_line(&r, truth).starts_with(&format!(
            "verified: the {} player wins ({k},{l})",
            if truth { "first" } else { "second" }
        )));
    }
}

#[test]
fn a_changed_move_is_rejected_on_its_line_unless_it_wins_too() {
    for (k, l) in [(2, 5), (3, 3), (5, 2)] {
        let r = rules(k, l);
        let honest = prove(k, l);
        let lines = verify::walk::walk_lines(&read(&certificate::to_bytes(&r, &honest))).unwrap();
        let (mut on_its_line, mut accepted) = (0, 0);
        for i in 0..honest.entries.len() {
            for other in (0..k as u8).filter(|&m| m != honest.entries[i].1) {
                let mut cert = honest.clone();
                cert.entries[i].1 = other;
                let Some(why) = rejection(&r, &cert) else {
                    // Accepted: then the changed move wins where the walk plays it
                    // (another winning move whose lines the certificate covers).
                    let bytes = certificate::to_bytes(&r, &cert);
                    let changed = verify::walk::walk_lines(&read(&bytes)).unwrap();
                    let (mut line, played) = changed[i].clone();
                    line.push(played);
                    assert_eq!(
                        with_negamax(k, l, |n| n.wins(&line)),
                        Some(false),
                        "({k},{l}) entry {i} -> {other}: accepted, but it loses at {line:?}"
                    );
                    accepted += 1;
                    continue;
                };
                if why.contains("never reached") {
                    continue;
                }
                // The walk is the honest one up to the changed move, so the position
                // named where it fails lies past the changed move on its line.
                let at = why.rfind("at '").unwrap_or_else(|| panic!("{why}"));
                let failed = named(&why[at..], "at ").unwrap();
                let (line, played) = &lines[i];
                let past_it = failed.starts_with(line)
                    && failed.len() > line.len()
                    && failed[line.len()] != *played;
                let illegal_there = failed == *line && why.contains("is not legal");
                assert!(
                    past_it || illegal_there,
                    "({k},{l}) entry {i} at {line:?} -> {other}: {why}"
                );
                on_its_line += 1;
            }
        }
        eprintln!(
            "({k},{l}): {on_its_line} changed moves rejected on their line, {accepted} accepted as winning too"
        );
        assert!(on_its_line > accepted, "({k},{l})");
    }
}

#[test]
fn a_dropped_reply_is_rejected_where_a_move_is_missing() {
    for (k, l) in [(2, 5), (3, 3), (5, 2)] {
        let r = rules(k, l);
        let honest = prove(k, l);
        let mut missing = 0;
        for i in 0..honest.entries.len() {
            let mut cert = honest.clone();
            cert.entries.remove(i);
            let why = rejection(&r, &cert)
                .unwrap_or_else(|| panic!("({k},{l}) without entry {i}: accepted"));
            assert!(why.contains("at "), "{why}");
            // (Under a claim about the part after a bridge that the dropped move
            // made false, the position named is one the false claim needs won.)
            if why.contains("records no move for it") && !why.contains("as the certificate claims")
            {
                // The position named is one its mover wins: a move was due there.
                let marker = why.rfind("at '").unwrap();
                let line = named(&why[marker..], "at ").unwrap();
                assert_eq!(with_negamax(k, l, |n| n.wins(&line)), Some(true), "{why}");
                missing += 1;
            }
        }
        assert!(missing > 0, "({k},{l})");
        // The opening's moves too.
        for i in 0..honest.opening.len() {
            let mut cert = honest.clone();
            cert.opening.remove(i);
            let why = rejection(&r, &cert).unwrap();
            assert!(why.contains("no opening move"), "{why}");
        }
    }
}

#[test]
fn a_false_reduction_claim_is_rejected() {
    // The part after a bridge claimed won where it is lost, or lost where won.
    let (mut flipped, mut named_false) = (0, 0);
    for (k, l) in [(2, 5), (3, 3)] {
        let r = rules(k, l);
        let honest = prove(k, l);
        for i in 0..honest.entries.len() {
            let (key, mv) = honest.entries[i];
            let kind = key.tag >> 6;
            if kind == 0 {
                continue;
            }
            let other = if kind == KIND_AFTER_WON {
                KIND_AFTER_LOST
            } else {
                KIND_AFTER_WON
            };
            let mut cert = honest.clone();
            cert.entries[i] = (
                Key {
                    set: key.set,
                    tag: key.tag & 63 | other << 6,
                },
                mv,
            );
            cert.entries.sort_unstable();
            if cert.entries.windows(2).any(|w| w[0].0 == w[1].0) {
                continue;
            }
            let why = rejection(&r, &cert)
                .unwrap_or_else(|| panic!("({k},{l}) entry {i} flipped: accepted"));
            assert!(why.contains("at '"), "{why}");
            flipped += 1;
            named_false += usize::from(why.contains("a false reduction claim"));
        }
    }
    assert!(flipped > 10, "bridged entries flipped: {flipped}");
    // Most are caught where the position is keyed, the claim named as false (others
    // where another position's key now holds the flipped entry).
    assert!(
        2 * named_false > flipped,
        "{named_false} of {flipped} named as false claims"
    );
}

#[test]
fn other_rules_are_rejected() {
    let honest = prove(2, 5);
    // The header says l = 6: the (2,5) strategy does not answer (2,6)'s replies.
    let why = rejection(&rules(2, 6), &honest).unwrap();
    assert!(why.contains("at '"), "{why}");
    // Other symbols for the same k and l name an isomorphic game: verified, but not
    // when the rules asked for are 01 and 5.
    let renamed = Rules::new("ab", 5).unwrap();
    let bytes = certificate::to_bytes(&renamed, &honest);
    let cert = read(&bytes);
    assert!(verify::verify(&cert, None, &|| false).is_ok());
    match verify::verify(&cert, Some(&rules(2, 5)), &|| false) {
        Err(Failure::Rejected(why)) => {
            assert!(why.contains("rules do not match"), "{why}")
        }
        other => panic!("{other:?}"),
    }
    // Three players in the header (the checksum made to match).
    let mut bytes = certificate::to_bytes(&rules(2, 5), &honest);
    let players = 8 + 2 + 1 + 2 + 1;
    assert_eq!(bytes[players], 2);
    bytes[players] = 3;
    let body = bytes.len() - 8;
    let sum = bytes[..body]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    match verify::verify(&read(&bytes), None, &|| false) {
        Err(Failure::Rejected(why)) => assert!(why.contains("3 players"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_garbled_file_is_refused_with_what_is_wrong() {
    let r = rules(2, 5);
    let bytes = certificate::to_bytes(&r, &prove(2, 5));
    let refused = |b: &[u8]| verify::read(b, b.len() as u64).unwrap_err().to_string();
    assert!(refused(&bytes[..bytes.len() / 2]).contains("cut short"));
    let mut flipped = bytes.clone();
    let middle = bytes.len() / 2;
    flipped[middle] ^= 0x10;
    let why = refused(&flipped);
    assert!(why.contains("checksum") || why.contains("garbled"), "{why}");
    assert!(refused(b"hello, world").contains("not a Pnut-Butta proof certificate"));
    let mut newer = bytes.clone();
    newer[8] = 3;
    let why = refused(&newer);
    assert!(
        why.contains("version 3") && why.contains("versions 1 and 2"),
        "{why}"
    );
    let mut extra = bytes.clone();
    extra.push(0);
    assert!(refused(&extra).contains("after the checksum"));
}

#[test]
fn the_checker_imports_nothing_but_the_rules() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/pnut/verify");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        files += 1;
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (i, _) in line.match_indices("crate::") {
                let path_used = &line[i..];
                assert!(
                    path_used.starts_with("crate::game::pnut"),
                    "{}: {line}",
                    path.display()
                );
            }
            assert!(
                !line.contains("solve") && !line.contains("certificate::"),
                "{}: {line}",
                path.display()
            );
        }
    }
    assert!(files >= 4, "{files} files in {}", dir.display());
}
