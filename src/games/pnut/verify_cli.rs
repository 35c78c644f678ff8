//! `parlor verify pnut CERT [--symbols S --length L]`: the command around the checker
//! (`verify`): reads the file, checks it, says "verified: ..." (exit 0), or names
//! where the certificate fails (exit 1); a file that cannot be read as a certificate
//! is a usage error (exit 2).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::config::Config;
use crate::console::progress::Progress;
use crate::game::pnut::Rules;
use crate::plugin::{CliError, usage};

use super::verify;

/// `parlor verify pnut`.
#[derive(clap::Args, Debug, Clone)]
pub struct VerifyArgs {
    /// The game (only pnut has certificates).
    #[arg(value_parser = ["pnut"])]
    pub game: String,
    /// The certificate, as `parlor prove pnut --certificate FILE` wrote it.
    #[arg(value_name = "CERT")]
    pub certificate: PathBuf,
    /// The symbols the certificate must be for (default: whatever its header names).
    #[arg(long)]
    pub symbols: Option<String>,
    /// The length l the certificate must be for (default: its header's).
    #[arg(long)]
    pub length: Option<usize>,
}

pub fn run(args: &VerifyArgs, _config: &Config) -> Result<(), CliError> {
    let path = &args.certificate;
    let shown = path.display();
    let asked = match (&args.symbols, args.length) {
        (None, None) => None,
        (Some(s), Some(l)) => {
            Some(Rules::new(s, l).map_err(|e| usage(format!("verify pnut: {e}")))?)
        }
        _ => {
            return Err(usage(
                "verify pnut: give both --symbols and --length, or neither (then the certificate's own are checked)",
            ));
        }
    };
    let file = std::fs::File::open(path)
        .map_err(|e| usage(format!("verify pnut: cannot open {shown}: {e}")))?;
    let len = file
        .metadata()
        .map_err(|e| usage(format!("verify pnut: cannot read {shown}: {e}")))?
        .len();
    let started = Instant::now();
    let cert =
        verify::read(std::io::BufReader::with_capacity(1 << 20, file), len).map_err(|e| {
            usage(format!(
                "verify pnut: {shown} is not a certificate parlor can read: {e}"
            ))
        })?;
    let progress = Progress::spinner("verify pnut")?;
    progress.message(format!(
        "walking {} recorded moves of {}",
        cert.entries(),
        verify::rules_text(&cert.rules)
    ));
    let stop = || progress.interrupted();
    let result = verify::verify(&cert, asked.as_ref(), &stop);
    progress.clear();
    match result {
        Ok(v) => {
            let mut out = std::io::stdout();
            writeln!(out, "{}", verify::verdict_line(&cert.rules, v.first_wins))?;
            writeln!(
                out,
                "Checked: {} positions walked, {} of {} recorded moves used, {} opening moves; {len} bytes; {:.2} s",
                v.walked.positions,
                v.walked.used,
                cert.entries(),
                cert.opening.len(),
                started.elapsed().as_secs_f64()
            )?;
            Ok(())
        }
        Err(verify::Failure::Rejected(why)) => Err(CliError::Failed(format!(
            "verify pnut: {shown}: rejected: {why}"
        ))),
        Err(verify::Failure::Stopped) => Err(CliError::Interrupted(
            "verify pnut stopped before the end".to_string(),
        )),
    }
}
