//! The checkpoint file of `parlor prove pnut`: what a proof established, written
//! atomically (a temporary file in the same folder, synced, then renamed over the old
//! one), versioned, and checked by a checksum so that a broken file is refused rather
//! than trusted or overwritten.
//!
//! Layout (version 1): text lines, then the positions in binary, then the checksum:
//!
//! ```text
//! parlor pnut proof checkpoint
//! version 1
//! k 3 l 4
//! nodes 123456            (searched by every run so far)
//! starts 2                (start nodes decided, canonical, symbol indices)
//! 000 W
//! 001 L
//! positions 1000          (then 1000 records of 25 bytes: key u128, node u64
//!                          little-endian, and 1 when the mover wins, else 0)
//! checksum 0123456789abcdef   (FNV-1a 64 of every byte before this line)
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};

use thiserror::Error;

const MAGIC: &str = "parlor pnut proof checkpoint";
/// The version: to be raised with any change of the positions' keys (the reductions
/// in `solve::pnut::outcome` and `reduce`), which makes older positions meaningless.
pub const VERSION: u32 = 1;
const RECORD: usize = 25;
/// "checksum ", 16 hex digits and the newline.
const SUM_LINE: usize = 26;

/// Why a checkpoint was refused or could not be written.
#[derive(Debug, Error)]
pub enum CheckpointError {
    #[error("cannot read the checkpoint {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not a proof checkpoint of parlor (it does not start with \"{MAGIC}\"): refusing to use or overwrite it", path.display())]
    NotACheckpoint { path: PathBuf },
    #[error("the checkpoint {} is of version {found}, this parlor reads version {VERSION}: refusing to use or overwrite it", path.display())]
    Version { path: PathBuf, found: String },
    #[error("the checkpoint {} is broken ({why}): refusing to use or overwrite it; move it away to start the proof afresh", path.display())]
    Broken { path: PathBuf, why: String },
    #[error("the checkpoint {} is for k = {k} symbols and length {l}, not for the k = {asked_k}, l = {asked_l} asked: refusing to use or overwrite it", path.display())]
    OtherRules {
        path: PathBuf,
        k: usize,
        l: usize,
        asked_k: usize,
        asked_l: usize,
    },
    #[error("cannot write the checkpoint {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What a proof established, as saved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checkpoint {
    pub k: usize,
    pub l: usize,
    /// Nodes searched by every run so far.
    pub nodes: u64,
    /// Start nodes decided (canonical strings of symbol indices): whether their mover wins.
    pub starts: Vec<(Vec<u8>, bool)>,
    /// Positions established: (key, node, mover wins), as the search keys them.
    pub positions: Vec<(u128, u64, bool)>,
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Checkpoint {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(256 + self.positions.len() * RECORD);
        let mut text = format!(
            "{MAGIC}\nversion {VERSION}\nk {} l {}\nnodes {}\nstarts {}\n",
            self.k,
            self.l,
            self.nodes,
            self.starts.len()
        );
        for (s, win) in &self.starts {
            let digits: String = s.iter().map(|&d| char::from(b'0' + d)).collect();
            text.push_str(&format!("{digits} {}\n", if *win { 'W' } else { 'L' }));
        }
        text.push_str(&format!("positions {}\n", self.positions.len()));
        out.extend_from_slice(text.as_bytes());
        for &(key, node, win) in &self.positions {
            out.extend_from_slice(&key.to_le_bytes());
            out.extend_from_slice(&node.to_le_bytes());
            out.push(u8::from(win));
        }
        let sum = fnv(&out);
        out.extend_from_slice(format!("checksum {sum:016x}\n").as_bytes());
        out
    }

    /// Reads a checkpoint's bytes (from `path`, for messages).
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Checkpoint, CheckpointError> {
        let broken = |why: &str| CheckpointError::Broken {
            path: path.to_path_buf(),
            why: why.to_string(),
        };
        if !bytes.starts_with(MAGIC.as_bytes()) {
            return Err(CheckpointError::NotACheckpoint {
                path: path.to_path_buf(),
            });
        }
        let mut pos = 0;
        let line = |pos: &mut usize| -> Result<String, CheckpointError> {
            let rest = &bytes[*pos..];
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .ok_or_else(|| broken("cut short"))?;
            *pos += end + 1;
            String::from_utf8(rest[..end].to_vec()).map_err(|_| broken("a header line is not text"))
        };
        line(&mut pos)?;
        let version = line(&mut pos)?;
        let found = version.strip_prefix("version ").unwrap_or(&version).trim();
        if found != VERSION.to_string() {
            return Err(CheckpointError::Version {
                path: path.to_path_buf(),
                found: found.to_string(),
            });
        }
        // The checksum first: nothing below is trusted before it matches.
        // The last line has a fixed length: "checksum " and 16 hex digits.
        let tail = bytes
            .len()
            .checked_sub(SUM_LINE)
            .ok_or_else(|| broken("cut short"))?;
        let sum_line = std::str::from_utf8(&bytes[tail..])
            .map_err(|_| broken("no checksum"))?
            .trim();
        let sum = sum_line
            .strip_prefix("checksum ")
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .ok_or_else(|| broken("no checksum at the end: cut short?"))?;
        if fnv(&bytes[..tail]) != sum {
            return Err(broken("its checksum does not match its contents"));
        }
        let bad = || broken("a malformed header");
        let num = |text: &str, name: &str| -> Result<u64, CheckpointError> {
            text.strip_prefix(name)
                .and_then(|n| n.trim().parse().ok())
                .ok_or_else(bad)
        };
        let kl = line(&mut pos)?;
        let mut words = kl.split_whitespace();
        let (k, l) = match (words.next(), words.next(), words.next(), words.next()) {
            (Some("k"), Some(k), Some("l"), Some(l)) => {
                (k.parse().map_err(|_| bad())?, l.parse().map_err(|_| bad())?)
            }
            _ => return Err(bad()),
        };
        let nodes = num(&line(&mut pos)?, "nodes ")?;
        let n_starts = num(&line(&mut pos)?, "starts ")?;
        let mut starts = Vec::new();
        for _ in 0..n_starts {
            let text = line(&mut pos)?;
            let (digits, v) = text.split_once(' ').ok_or_else(bad)?;
            let s: Vec<u8> = digits.bytes().map(|b| b.wrapping_sub(b'0')).collect();
            if s.iter().any(|&d| usize::from(d) >= k) {
                return Err(bad());
            }
            let win = match v {
                "W" => true,
                "L" => false,
                _ => return Err(bad()),
            };
            starts.push((s, win));
        }
        let n_pos = num(&line(&mut pos)?, "positions ")? as usize;
        if n_pos
            .checked_mul(RECORD)
            .is_none_or(|len| pos + len != tail)
        {
            return Err(broken("the positions do not fill the file"));
        }
        let positions = bytes[pos..tail]
            .chunks_exact(RECORD)
            .map(|r| {
                let mut key = [0u8; 16];
                key.copy_from_slice(&r[..16]);
                let mut node = [0u8; 8];
                node.copy_from_slice(&r[16..24]);
                (
                    u128::from_le_bytes(key),
                    u64::from_le_bytes(node),
                    r[24] == 1,
                )
            })
            .collect();
        Ok(Checkpoint {
            k,
            l,
            nodes,
            starts,
            positions,
        })
    }

    /// Reads the checkpoint at `path` for k symbols and length l: `Ok(None)` when there
    /// is no file yet; refused when it is not one, broken, or for other rules.
    pub fn load(path: &Path, k: usize, l: usize) -> Result<Option<Checkpoint>, CheckpointError> {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(CheckpointError::Read {
                    path: path.to_path_buf(),
                    source,
                });
            }
        };
        let c = Checkpoint::from_bytes(&bytes, path)?;
        if (c.k, c.l) != (k, l) {
            return Err(CheckpointError::OtherRules {
                path: path.to_path_buf(),
                k: c.k,
                l: c.l,
                asked_k: k,
                asked_l: l,
            });
        }
        Ok(Some(c))
    }

    /// Writes to `path` atomically: a temporary file beside it, synced, renamed over it.
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        let failed = |source: std::io::Error| CheckpointError::Write {
            path: path.to_path_buf(),
            source,
        };
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(failed)?;
        tmp.write_all(&self.to_bytes()).map_err(failed)?;
        tmp.as_file().sync_all().map_err(failed)?;
        tmp.persist(path).map_err(|e| failed(e.error))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Checkpoint {
        Checkpoint {
            k: 3,
            l: 4,
            nodes: 99,
            starts: vec![(vec![0, 0, 1], true), (vec![0, 1, 2], false)],
            positions: vec![(u128::MAX - 5, 7, true), (12, 1 << 8 | 3, false)],
        }
    }

    #[test]
    fn a_checkpoint_reads_back_what_was_written() {
        let c = sample();
        assert_eq!(
            Checkpoint::from_bytes(&c.to_bytes(), Path::new("x")).unwrap(),
            c
        );
    }

    #[test]
    fn a_changed_or_cut_checkpoint_is_refused() {
        let bytes = sample().to_bytes();
        let p = Path::new("x");
        for i in [60, bytes.len() - 30, bytes.len() - 3] {
            let mut b = bytes.clone();
            b[i] ^= 1;
            assert!(Checkpoint::from_bytes(&b, p).is_err(), "byte {i}");
        }
        for cut in [bytes.len() - 1, bytes.len() - 20, 40] {
            assert!(
                Checkpoint::from_bytes(&bytes[..cut], p).is_err(),
                "cut {cut}"
            );
        }
        assert!(matches!(
            Checkpoint::from_bytes(b"hello", p),
            Err(CheckpointError::NotACheckpoint { .. })
        ));
        let v2 = String::from_utf8_lossy(&bytes).replacen("version 1", "version 2", 1);
        assert!(matches!(
            Checkpoint::from_bytes(v2.as_bytes(), p),
            Err(CheckpointError::Version { .. })
        ));
    }
}
