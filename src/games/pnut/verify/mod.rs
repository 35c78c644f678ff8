//! The checker of Pnut-Butta proof certificates (`parlor verify pnut CERT`, issue 38),
//! written from the rules (`game::pnut`) and the format's documentation
//! (docs/certificate.md) alone: it shares no code with the prover's search
//! (`solve::pnut`) nor with the prover's writer, so a fault there cannot hide itself
//! here. Its files import nothing but `crate::game::pnut` and each other
//! (tests/rules/pnut_certificate.rs checks it).
//!
//! `read` reads and checks the file's form; `derive` derives every reduction the keys
//! rely on (the reachable l-grams, parity without an odd cycle, the first bridge, the
//! least relabelling); `walk` replays the certificate against every reply.

pub mod derive;
pub mod read;
pub mod walk;

use crate::game::pnut::Rules;

pub use self::read::{Cert, ReadError, read};
pub use self::walk::{Failure, Walked};

/// What a verified certificate establishes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub first_wins: bool,
    pub walked: Walked,
}

/// The rules in words, as the verdict names them: "Pnut-Butta, symbols 012, length 4,
/// two players, the player who moves last wins".
pub fn rules_text(rules: &Rules) -> String {
    format!(
        "Pnut-Butta, symbols {}, length {}, two players, the player who moves last wins",
        rules.symbols_text(),
        rules.length()
    )
}

/// The verdict's line: "verified: the second player wins (3,4): <the rules>".
pub fn verdict_line(rules: &Rules, first_wins: bool) -> String {
    format!(
        "verified: the {} player wins ({},{}): {}",
        if first_wins { "first" } else { "second" },
        rules.k(),
        rules.length(),
        rules_text(rules)
    )
}

/// Checks `cert`: its rules are the game this checker knows (and `asked`, when given),
/// then its strategy against every reply.
pub fn verify(
    cert: &Cert,
    asked: Option<&Rules>,
    stop: &dyn Fn() -> bool,
) -> Result<Verified, Failure> {
    if cert.players != 2 || cert.last_mover_wins != 1 {
        return Err(Failure::Rejected(format!(
            "the certificate is for {} players{}: this checker knows the game of two players where the player who moves last wins",
            cert.players,
            if cert.last_mover_wins == 1 {
                ""
            } else {
                " where the last to move loses"
            }
        )));
    }
    if let Some(asked) = asked
        && asked != &cert.rules
    {
        return Err(Failure::Rejected(format!(
            "the rules do not match: the certificate is for symbols {} and length {}, not the symbols {} and length {} asked",
            cert.rules.symbols_text(),
            cert.rules.length(),
            asked.symbols_text(),
            asked.length()
        )));
    }
    let walked = walk::walk(cert, stop)?;
    Ok(Verified {
        first_wins: cert.first_wins,
        walked,
    })
}
