//! The bounds of the solver's settings on this machine, and of the config file.

use super::SolverConfig;

/// The largest config file read (1 MiB): the documented file is a few KiB.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// `solver.max_millis` at most: 24 hours, the same limit as `--max-seconds` (86400) in
/// `parlor solve othello` and `parlor solve pnut`.
pub const MAX_MILLIS: u64 = 86_400 * 1000;

/// `solver.threads` and `--threads` at most (0 in the config: the cores, at most 8).
pub const MAX_THREADS: u32 = 64;

/// `solver.table_mib` never above this (16 GiB), whatever the machine.
pub const MAX_TABLE_MIB: u32 = 16_384;

/// Where the total memory is not known (not Linux, or no `/proc`): the table limit.
pub const FALLBACK_MAX_TABLE_MIB: u32 = 4096;

/// The machine's total physical memory in MiB: `MemTotal` of `/proc/meminfo` on Linux,
/// `None` elsewhere or when it cannot be read.
pub fn total_memory_mib() -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total_mib(&text))
}

/// `MemTotal` of a `/proc/meminfo` text, in MiB.
pub(super) fn mem_total_mib(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let kib: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") | None => Some(kib / 1024),
        Some(_) => None,
    }
}

/// The largest `solver.table_mib` for a machine with `total_mib` MiB of memory: a
/// quarter of it, never below the default (64) nor above [`MAX_TABLE_MIB`];
/// [`FALLBACK_MAX_TABLE_MIB`] when the total is not known.
pub fn table_mib_limit(total_mib: Option<u64>) -> u32 {
    match total_mib {
        Some(total) => {
            let quarter = u32::try_from(total / 4).unwrap_or(u32::MAX);
            quarter.clamp(SolverConfig::default().table_mib, MAX_TABLE_MIB)
        }
        None => FALLBACK_MAX_TABLE_MIB,
    }
}

/// The largest `solver.table_mib` on this machine (see [`table_mib_limit`]).
pub fn max_table_mib() -> u32 {
    table_mib_limit(total_memory_mib())
}
