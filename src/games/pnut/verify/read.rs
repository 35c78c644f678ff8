//! The checker's own reader of a certificate (docs/certificate.md, versions 1 and 2), written
//! from that page: it shares nothing with the prover's writer. Everything about the
//! file's form is checked here (magic, version, the rules in the header, lengths, the
//! order of the keys, the checksum); what the certificate claims is the walk's
//! business (`walk`).

use std::collections::BTreeMap;
use std::io::Read;

use thiserror::Error;

use crate::game::pnut::Rules;

/// The first bytes of a certificate.
pub const MAGIC: &[u8; 8] = b"PNUTCERT";
/// The version of a proof made in one run.
pub const VERSION: u16 = 1;
/// The version of a proof combined from jobs: parts and their roots.
pub const VERSION_SPLIT: u16 = 2;

/// Why a file is not a certificate this checker can read (a usage error: exit 2).
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("cannot read it: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a Pnut-Butta proof certificate (it does not begin with \"PNUTCERT\")")]
    NotACertificate,
    #[error(
        "certificate format version {0}; this parlor reads versions {VERSION} and {VERSION_SPLIT}"
    )]
    Version(u16),
    #[error("cut short: the file ends in the middle of {0}")]
    CutShort(String),
    #[error("damaged: the checksum at its end does not match its contents")]
    Checksum,
    #[error("garbled: {0}")]
    Garbled(String),
}

/// A certificate as read: the rules, the claimed winner, the moves by string, and the
/// recorded moves by key in one part (version 1) or several (version 2, each checked
/// from its roots).
#[derive(Clone, Debug)]
pub struct Cert {
    pub rules: Rules,
    /// The number of players the header names (this checker knows 2).
    pub players: u8,
    /// 1 when the header says the player who moves last wins (the rules), else 0.
    pub last_mover_wins: u8,
    pub first_wins: bool,
    /// The winner's move at each string walked by string (symbol indices): the opening
    /// (fewer than l-1 symbols), and in version 2 any string above the roots.
    pub opening: BTreeMap<Vec<u8>, u8>,
    pub parts: Vec<Entries>,
    /// Version 2: the strings where a part takes over, with its index. `None` (version
    /// 1): every string of l-1 symbols is checked by the one part.
    pub roots: Option<BTreeMap<Vec<u8>, usize>>,
}

impl Cert {
    /// The recorded moves of all parts.
    pub fn entries(&self) -> usize {
        self.parts.iter().map(|p| p.sets.len()).sum()
    }
}

/// One part's recorded moves by key (sorted, in three parallel arrays to keep it
/// compact).
#[derive(Clone, Debug, Default)]
pub struct Entries {
    pub sets: Vec<u128>,
    pub tags: Vec<u8>,
    pub moves: Vec<u8>,
}

impl Entries {
    /// The index of the entry of (set, tag), if recorded.
    pub fn find(&self, set: u128, tag: u8) -> Option<usize> {
        let i = self.sets.partition_point(|&s| s < set).min(self.sets.len());
        let mut j = i;
        while j < self.sets.len() && self.sets[j] == set {
            if self.tags[j] == tag {
                return Some(j);
            }
            if self.tags[j] > tag {
                break;
            }
            j += 1;
        }
        None
    }
}

/// The file's bytes as they are read, with the FNV-1a 64 checksum of what was read.
struct Source<R> {
    input: R,
    sum: u64,
}

impl<R: Read> Source<R> {
    fn bytes(&mut self, buf: &mut [u8], what: &str) -> Result<(), ReadError> {
        self.input.read_exact(buf).map_err(|e| {
            if e.kind() == std::io::ErrorKind::UnexpectedEof {
                ReadError::CutShort(what.to_string())
            } else {
                ReadError::Io(e)
            }
        })?;
        self.sum = buf.iter().fold(self.sum, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Ok(())
    }

    fn byte(&mut self, what: &str) -> Result<u8, ReadError> {
        let mut b = [0u8];
        self.bytes(&mut b, what)?;
        Ok(b[0])
    }

    /// An unsigned LEB128 number of at most 128 bits.
    fn varint(&mut self, what: &str) -> Result<u128, ReadError> {
        let mut x: u128 = 0;
        for i in 0..19 {
            let b = self.byte(what)?;
            let part = u128::from(b & 0x7f);
            if i == 18 && part > 1 {
                break;
            }
            x |= part << (7 * i);
            if b & 0x80 == 0 {
                return Ok(x);
            }
        }
        Err(ReadError::Garbled(format!(
            "{what}: a number beyond 128 bits"
        )))
    }
}

/// Reads a certificate from `input`, whose length is `len` bytes (to bound what a
/// garbled count may make it reserve).
pub fn read(input: impl Read, len: u64) -> Result<Cert, ReadError> {
    let mut src = Source {
        input,
        sum: 0xcbf2_9ce4_8422_2325,
    };
    let garbled = |why: String| ReadError::Garbled(why);
    let mut magic = [0u8; 8];
    src.input
        .read_exact(&mut magic)
        .map_err(|_| ReadError::NotACertificate)?;
    if &magic != MAGIC {
        return Err(ReadError::NotACertificate);
    }
    src.sum = magic.iter().fold(src.sum, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let mut version = [0u8; 2];
    src.bytes(&mut version, "the version")?;
    let version = u16::from_le_bytes(version);
    if version != VERSION && version != VERSION_SPLIT {
        return Err(ReadError::Version(version));
    }
    let n = src.byte("the symbols")?;
    let mut symbols = vec![0u8; usize::from(n)];
    src.bytes(&mut symbols, "the symbols")?;
    let symbols =
        String::from_utf8(symbols).map_err(|_| garbled("the symbols are not UTF-8 text".into()))?;
    let mut rest = [0u8; 4];
    src.bytes(&mut rest, "the rules")?;
    let [length, players, last_mover_wins, winner] = rest;
    let rules = Rules::new(&symbols, usize::from(length))
        .map_err(|e| garbled(format!("the rules in its header: {e}")))?;
    if rules.grams() > 128 {
        return Err(garbled(format!(
            "the rules name k^l = {} l-grams; certificates go up to 128",
            rules.grams()
        )));
    }
    if winner > 1 {
        return Err(garbled(format!(
            "the winner is {winner}, expected 0 (first) or 1 (second)"
        )));
    }
    let k = rules.k() as u8;
    let l = rules.length();
    let openings = src.varint("the opening's count")?;
    if openings > 1 << 16 {
        return Err(garbled(format!("{openings} opening moves")));
    }
    let mut opening = BTreeMap::new();
    let mut last: Option<Vec<u8>> = None;
    for i in 0..openings {
        let what = format!("opening move {}", i + 1);
        let n = src.byte(&what)?;
        if version == VERSION && usize::from(n) + 1 >= l {
            return Err(garbled(format!(
                "{what} is for a string of {n} symbols; the opening has fewer than l-1 = {}",
                l - 1
            )));
        }
        let mut prefix = vec![0u8; usize::from(n)];
        src.bytes(&mut prefix, &what)?;
        let mv = src.byte(&what)?;
        if prefix.iter().chain([&mv]).any(|&s| s >= k) {
            return Err(garbled(format!("{what} names a symbol beyond the {k}")));
        }
        if last.as_ref().is_some_and(|p| *p >= prefix) {
            return Err(garbled(format!("{what} is out of order")));
        }
        last = Some(prefix.clone());
        opening.insert(prefix, mv);
    }
    let (parts, roots) = if version == VERSION {
        (vec![entries(&mut src, &rules, len, "")?], None)
    } else {
        let count = src.varint("the parts' count")?;
        if count > 1 << 20 {
            return Err(garbled(format!("{count} parts")));
        }
        let mut parts = Vec::new();
        for i in 0..count {
            parts.push(entries(
                &mut src,
                &rules,
                len,
                &format!("part {}, ", i + 1),
            )?);
        }
        let count = src.varint("the roots' count")?;
        if count > 1 << 24 {
            return Err(garbled(format!("{count} roots")));
        }
        let mut roots = BTreeMap::new();
        let mut last: Option<Vec<u8>> = None;
        for i in 0..count {
            let what = format!("root {}", i + 1);
            let n = src.byte(&what)?;
            if usize::from(n) + 1 < l {
                return Err(garbled(format!(
                    "{what} is a string of {n} symbols; a part takes over after l-1 = {} or more",
                    l - 1
                )));
            }
            let mut text = vec![0u8; usize::from(n)];
            src.bytes(&mut text, &what)?;
            let part = src.varint(&what)?;
            if text.iter().any(|&s| s >= k) {
                return Err(garbled(format!("{what} names a symbol beyond the {k}")));
            }
            if part >= parts.len() as u128 {
                return Err(garbled(format!(
                    "{what} names part {}; there are {}",
                    part + 1,
                    parts.len()
                )));
            }
            if last.as_ref().is_some_and(|p| *p >= text) {
                return Err(garbled(format!("{what} is out of order")));
            }
            if opening.contains_key(&text) {
                return Err(garbled(format!(
                    "{what} has a move by string too: a part takes over there"
                )));
            }
            last = Some(text.clone());
            roots.insert(text, part as usize);
        }
        (parts, Some(roots))
    };
    let computed = src.sum;
    let mut stated = [0u8; 8];
    src.input
        .read_exact(&mut stated)
        .map_err(|_| ReadError::CutShort("the checksum".into()))?;
    if u64::from_le_bytes(stated) != computed {
        return Err(ReadError::Checksum);
    }
    let mut extra = [0u8; 1];
    if src.input.read(&mut extra)? != 0 {
        return Err(garbled("bytes after the checksum".into()));
    }
    Ok(Cert {
        rules,
        players,
        last_mover_wins,
        first_wins: winner == 0,
        opening,
        parts,
        roots,
    })
}

/// One part's recorded moves (`what`: "" or "part 3, " for the messages).
fn entries(
    src: &mut Source<impl Read>,
    rules: &Rules,
    len: u64,
    what_part: &str,
) -> Result<Entries, ReadError> {
    let garbled = |why: String| ReadError::Garbled(why);
    let k = rules.k() as u8;
    let count = src.varint(&format!("{what_part}the entries' count"))?;
    // Each entry takes 3 bytes at least: reserve no more than the file can hold.
    let room = usize::try_from((count).min(u128::from(len / 3))).unwrap_or(0);
    let mut sets = Vec::with_capacity(room);
    let mut tags = Vec::with_capacity(room);
    let mut moves = Vec::with_capacity(room);
    let all = if rules.grams() == 128 {
        u128::MAX
    } else {
        (1u128 << rules.grams()) - 1
    };
    let nodes = rules.nodes();
    let mut set: u128 = 0;
    let mut i: u128 = 0;
    while i < count {
        let what = format!("{what_part}entry {}", i + 1);
        let delta = src.varint(&what)?;
        set = set
            .checked_add(delta)
            .ok_or_else(|| garbled(format!("{what}: its key overflows")))?;
        let mut two = [0u8; 2];
        src.bytes(&mut two, &what)?;
        let [tag, mv] = two;
        if set & !all != 0 {
            return Err(garbled(format!("{what}: its key names l-grams beyond k^l")));
        }
        if u64::from(tag & 63) >= nodes || tag >> 6 > 2 {
            return Err(garbled(format!(
                "{what}: its tag {tag} is not a node and kind"
            )));
        }
        if mv >= k {
            return Err(garbled(format!(
                "{what}: its move {mv} is not one of the {k} symbols"
            )));
        }
        if let (Some(&ps), Some(&pt)) = (sets.last(), tags.last())
            && (ps, pt) >= (set, tag)
        {
            return Err(garbled(format!("{what} is out of order")));
        }
        sets.push(set);
        tags.push(tag);
        moves.push(mv);
        i += 1;
    }
    Ok(Entries { sets, tags, moves })
}
