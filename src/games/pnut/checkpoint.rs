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
//! starts 2                (start nodes decided, canonical, symbol indices, and
//! 000 W 1234                 the nodes each took when known: a file without them
//! 001 L                      reads as well)
//! positions 1000          (then 1000 records of 25 bytes: key u128, node u64
//!                          little-endian, and 1 when the mover wins, else 0)
//! checksum 0123456789abcdef   (FNV-1a 64 of every byte before this line)
//! ```

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
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

/// What a proof established, apart from its positions: the header of the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub k: usize,
    pub l: usize,
    /// Nodes searched by every run so far.
    pub nodes: u64,
    /// Start nodes decided (canonical strings of symbol indices): whether their mover wins.
    pub starts: Vec<(Vec<u8>, bool)>,
    /// The nodes a decided start node took, where known.
    pub spent: Vec<(Vec<u8>, u64)>,
    /// How many positions follow.
    pub positions: u64,
}

/// What a proof established, in memory (small proofs and tests; a long proof streams its
/// positions with [`save`] and [`load`] instead of holding a copy of them).
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

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv_more(h: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A writer that keeps the checksum of what went through it.
struct Summing<W> {
    out: W,
    sum: u64,
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.sum = fnv_more(self.sum, &buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Writes a checkpoint: the header, `header.positions` positions, the checksum. Fails
/// (InvalidData) if the positions are not as many as the header says.
fn write_to(
    out: impl Write,
    header: &Header,
    positions: impl Iterator<Item = (u128, u64, bool)>,
) -> std::io::Result<()> {
    let mut out = Summing {
        out,
        sum: FNV_START,
    };
    write!(
        out,
        "{MAGIC}\nversion {VERSION}\nk {} l {}\nnodes {}\nstarts {}\n",
        header.k,
        header.l,
        header.nodes,
        header.starts.len()
    )?;
    for (s, win) in &header.starts {
        let digits: String = s.iter().map(|&d| char::from(b'0' + d)).collect();
        let spent = header
            .spent
            .iter()
            .find(|(t, _)| t == s)
            .map(|(_, n)| format!(" {n}"))
            .unwrap_or_default();
        writeln!(out, "{digits} {}{spent}", if *win { 'W' } else { 'L' })?;
    }
    writeln!(out, "positions {}", header.positions)?;
    let mut written = 0u64;
    for (key, node, win) in positions {
        let mut record = [0u8; RECORD];
        record[..16].copy_from_slice(&key.to_le_bytes());
        record[16..24].copy_from_slice(&node.to_le_bytes());
        record[24] = u8::from(win);
        out.write_all(&record)?;
        written += 1;
    }
    if written != header.positions {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "{written} positions written, {} announced",
                header.positions
            ),
        ));
    }
    let sum = out.sum;
    writeln!(out.out, "checksum {sum:016x}")?;
    out.flush()
}

/// Checks a checkpoint of `len` bytes before anything in it is used: its first line,
/// its version, and its checksum, reading it once from start to end.
fn verify(mut input: impl Read, len: u64, path: &Path) -> Result<(), CheckpointError> {
    let broken = |why: &str| CheckpointError::Broken {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    let read_failed = |source: std::io::Error| CheckpointError::Read {
        path: path.to_path_buf(),
        source,
    };
    // The first lines: what the file is.
    let mut head = Vec::new();
    (&mut input)
        .take(len.min(MAGIC.len() as u64 + 40))
        .read_to_end(&mut head)
        .map_err(read_failed)?;
    if !head.starts_with(MAGIC.as_bytes()) {
        return Err(CheckpointError::NotACheckpoint {
            path: path.to_path_buf(),
        });
    }
    let version = head[MAGIC.len()..]
        .split(|&b| b == b'\n')
        .nth(1)
        .map(|v| String::from_utf8_lossy(v).to_string());
    let found = version
        .as_deref()
        .map(|v| v.strip_prefix("version ").unwrap_or(v).trim().to_string());
    if found.as_deref() != Some(VERSION.to_string().as_str()) {
        return Err(CheckpointError::Version {
            path: path.to_path_buf(),
            found: found.unwrap_or_default(),
        });
    }
    // The checksum of everything before its line, which has a fixed length.
    let body = len
        .checked_sub(SUM_LINE as u64)
        .filter(|&b| b >= head.len() as u64)
        .ok_or_else(|| broken("cut short"))?;
    let mut sum = fnv_more(FNV_START, &head);
    let mut left = body - head.len() as u64;
    let mut buf = vec![0u8; 1 << 16];
    while left > 0 {
        let want = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = input.read(&mut buf[..want]).map_err(read_failed)?;
        if n == 0 {
            return Err(broken("cut short"));
        }
        sum = fnv_more(sum, &buf[..n]);
        left -= n as u64;
    }
    let mut line = [0u8; SUM_LINE];
    input
        .read_exact(&mut line)
        .map_err(|_| broken("cut short"))?;
    let stated = std::str::from_utf8(&line)
        .ok()
        .and_then(|l| l.trim().strip_prefix("checksum "))
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| broken("no checksum at the end: cut short?"))?;
    if sum != stated {
        return Err(broken("its checksum does not match its contents"));
    }
    Ok(())
}

/// Reads a verified checkpoint of `len` bytes: the header, then (if it is for the rules
/// `rules`, k and l, when given) each position handed to `put`.
fn parse(
    mut input: impl BufRead,
    len: u64,
    path: &Path,
    rules: Option<(usize, usize)>,
    mut put: impl FnMut(u128, u64, bool),
) -> Result<Header, CheckpointError> {
    let broken = |why: &str| CheckpointError::Broken {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    let mut used = 0u64;
    let mut line = || -> Result<String, CheckpointError> {
        let mut bytes = Vec::new();
        input
            .read_until(b'\n', &mut bytes)
            .map_err(|_| broken("cut short"))?;
        used += bytes.len() as u64;
        if bytes.pop() != Some(b'\n') {
            return Err(broken("cut short"));
        }
        String::from_utf8(bytes).map_err(|_| broken("a header line is not text"))
    };
    let bad = || broken("a malformed header");
    let num = |text: &str, name: &str| -> Result<u64, CheckpointError> {
        text.strip_prefix(name)
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(bad)
    };
    line()?;
    line()?;
    let kl = line()?;
    let mut words = kl.split_whitespace();
    let (k, l) = match (words.next(), words.next(), words.next(), words.next()) {
        (Some("k"), Some(k), Some("l"), Some(l)) => {
            (k.parse().map_err(|_| bad())?, l.parse().map_err(|_| bad())?)
        }
        _ => return Err(bad()),
    };
    let nodes = num(&line()?, "nodes ")?;
    let n_starts = num(&line()?, "starts ")?;
    let mut starts = Vec::new();
    let mut spent = Vec::new();
    for _ in 0..n_starts {
        let text = line()?;
        let (digits, rest) = text.split_once(' ').ok_or_else(bad)?;
        let s: Vec<u8> = digits.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        if s.iter().any(|&d| usize::from(d) >= k) {
            return Err(bad());
        }
        let (v, nodes) = match rest.split_once(' ') {
            Some((v, n)) => (v, Some(n.parse::<u64>().map_err(|_| bad())?)),
            None => (rest, None),
        };
        let win = match v {
            "W" => true,
            "L" => false,
            _ => return Err(bad()),
        };
        if let Some(n) = nodes {
            spent.push((s.clone(), n));
        }
        starts.push((s, win));
    }
    let positions = num(&line()?, "positions ")?;
    if let Some((asked_k, asked_l)) = rules
        && (k, l) != (asked_k, asked_l)
    {
        return Err(CheckpointError::OtherRules {
            path: path.to_path_buf(),
            k,
            l,
            asked_k,
            asked_l,
        });
    }
    if positions
        .checked_mul(RECORD as u64)
        .is_none_or(|bytes| used + bytes + SUM_LINE as u64 != len)
    {
        return Err(broken("the positions do not fill the file"));
    }
    let mut record = [0u8; RECORD];
    for _ in 0..positions {
        input
            .read_exact(&mut record)
            .map_err(|_| broken("cut short"))?;
        let mut key = [0u8; 16];
        key.copy_from_slice(&record[..16]);
        let mut node = [0u8; 8];
        node.copy_from_slice(&record[16..24]);
        put(
            u128::from_le_bytes(key),
            u64::from_le_bytes(node),
            record[24] == 1,
        );
    }
    Ok(Header {
        k,
        l,
        nodes,
        starts,
        spent,
        positions,
    })
}

impl Checkpoint {
    /// Its header (what precedes the positions in the file).
    pub fn header(&self) -> Header {
        Header {
            k: self.k,
            l: self.l,
            nodes: self.nodes,
            starts: self.starts.clone(),
            spent: Vec::new(),
            positions: self.positions.len() as u64,
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(256 + self.positions.len() * RECORD);
        let header = self.header();
        // Writing to memory fails only if the positions miscount, which they cannot.
        let written = write_to(&mut out, &header, self.positions.iter().copied());
        debug_assert!(written.is_ok());
        out
    }

    /// Reads a checkpoint's bytes (from `path`, for messages).
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Checkpoint, CheckpointError> {
        let len = bytes.len() as u64;
        verify(bytes, len, path)?;
        let mut positions = Vec::new();
        let h = parse(bytes, len, path, None, |key, node, win| {
            positions.push((key, node, win))
        })?;
        Ok(Checkpoint {
            k: h.k,
            l: h.l,
            nodes: h.nodes,
            starts: h.starts,
            positions,
        })
    }
}

/// Reads the checkpoint at `path` for k symbols and length l, handing each position to
/// `put` once the whole file is checked: `Ok(None)` when there is no file yet; refused
/// when it is not one, broken, or for other rules. The file is read twice (checked,
/// then used) and never held in memory.
pub fn load(
    path: &Path,
    k: usize,
    l: usize,
    put: impl FnMut(u128, u64, bool),
) -> Result<Option<Header>, CheckpointError> {
    let read_failed = |source: std::io::Error| CheckpointError::Read {
        path: path.to_path_buf(),
        source,
    };
    let open = || std::fs::File::open(path);
    let file = match open() {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(read_failed(source)),
    };
    let len = file.metadata().map_err(read_failed)?.len();
    verify(BufReader::with_capacity(1 << 20, file), len, path)?;
    let file = open().map_err(read_failed)?;
    let input = BufReader::with_capacity(1 << 20, file);
    parse(input, len, path, Some((k, l)), put).map(Some)
}

/// Writes a checkpoint to `path` atomically (a temporary file beside it, synced, renamed
/// over it), streaming the positions: nothing but a buffer is held in memory.
pub fn save(
    path: &Path,
    header: &Header,
    positions: impl Iterator<Item = (u128, u64, bool)>,
) -> Result<(), CheckpointError> {
    let failed = |source: std::io::Error| CheckpointError::Write {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let tmp = tempfile::NamedTempFile::new_in(dir).map_err(failed)?;
    {
        let out = BufWriter::with_capacity(1 << 20, tmp.as_file());
        write_to(out, header, positions).map_err(failed)?;
    }
    tmp.as_file().sync_all().map_err(failed)?;
    tmp.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
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
    fn a_saved_file_streams_back_and_names_other_rules() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("proof.ck");
        let c = sample();
        let header = c.header();
        save(&path, &header, c.positions.iter().copied()).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), c.to_bytes());
        let mut got = Vec::new();
        let read = load(&path, 3, 4, |k, n, w| got.push((k, n, w))).unwrap();
        assert_eq!((read, got), (Some(header.clone()), c.positions.clone()));
        let mut none = 0;
        assert!(matches!(
            load(&path, 2, 4, |_, _, _| none += 1),
            Err(CheckpointError::OtherRules { k: 3, l: 4, .. })
        ));
        assert_eq!(none, 0, "no position of other rules is used");
        assert!(
            load(&dir.path().join("absent"), 3, 4, |_, _, _| ())
                .unwrap()
                .is_none()
        );
        // A miscounted header is not written over the good file.
        let wrong = Header {
            positions: 5,
            ..header
        };
        assert!(save(&path, &wrong, c.positions.iter().copied()).is_err());
        assert_eq!(std::fs::read(&path).unwrap(), c.to_bytes());
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
