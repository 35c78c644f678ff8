//! A job's certificate part (docs/proof-jobs.md): the certificate of one position,
//! written by `prove pnut --job` and read back by `--combine`, which copies its moves
//! into the combined certificate. Binary, like the certificate: "PNUTPART", version 1,
//! the rules, the position (its length, its symbol indices), whether its mover wins,
//! the recorded moves as a certificate's (docs/certificate.md), the FNV-1a 64 checksum.

use std::io::{Read, Write};
use std::path::Path;

use crate::game::pnut::Rules;
use crate::solve::pnut::certify::{Key, Part};

use super::super::certificate::{FNV_START, Summing, entries};
use super::files::JobError;

pub const MAGIC: &[u8; 8] = b"PNUTPART";
pub const VERSION: u16 = 1;

/// Writes the part of the position `indices` to `path`, atomically; returns its size.
pub fn save(path: &Path, rules: &Rules, indices: &[u8], part: &Part) -> Result<u64, JobError> {
    let mut size = 0;
    crate::store::file::write_atomically(path, |out| {
        let mut out = Summing {
            out,
            sum: FNV_START,
            bytes: 0,
        };
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        let symbols = rules.symbols_text();
        out.write_all(&[symbols.len() as u8])?;
        out.write_all(symbols.as_bytes())?;
        out.write_all(&[rules.length() as u8, indices.len() as u8])?;
        out.write_all(indices)?;
        out.write_all(&[u8::from(part.mover_wins)])?;
        entries(&mut out, &part.entries)?;
        let sum = out.sum;
        out.write_all(&sum.to_le_bytes())?;
        size = out.bytes;
        Ok(())
    })
    .map_err(|e| JobError::io(path, e))?;
    Ok(size)
}

/// Reads bytes, keeping the checksum.
struct Source<R> {
    input: R,
    sum: u64,
}

impl<R: Read> Source<R> {
    fn bytes(&mut self, buf: &mut [u8]) -> std::io::Result<()> {
        self.input.read_exact(buf)?;
        self.sum = buf.iter().fold(self.sum, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Ok(())
    }

    fn byte(&mut self) -> std::io::Result<u8> {
        let mut b = [0u8];
        self.bytes(&mut b)?;
        Ok(b[0])
    }

    fn varint(&mut self) -> std::io::Result<u128> {
        let mut x = 0u128;
        for i in 0..19 {
            let b = self.byte()?;
            x |= u128::from(b & 0x7f).checked_shl(7 * i).unwrap_or(0);
            if b & 0x80 == 0 {
                return Ok(x);
            }
        }
        Err(std::io::Error::other("a number beyond 128 bits"))
    }
}

/// Reads the part at `path`, which must be for `rules` and the position `indices`.
pub fn load(path: &Path, rules: &Rules, indices: &[u8]) -> Result<Part, JobError> {
    let file = std::fs::File::open(path).map_err(|e| JobError::io(path, e))?;
    let len = file.metadata().map_err(|e| JobError::io(path, e))?.len();
    let mut src = Source {
        input: std::io::BufReader::new(file),
        sum: FNV_START,
    };
    let bad = |why: &str| {
        JobError::wrong(
            path,
            format!("not a certificate part this parlor reads: {why}"),
        )
    };
    let cut = |_| bad("cut short");
    let mut magic = [0u8; 8];
    src.bytes(&mut magic).map_err(cut)?;
    let mut version = [0u8; 2];
    src.bytes(&mut version).map_err(cut)?;
    if &magic != MAGIC || u16::from_le_bytes(version) != VERSION {
        return Err(bad("it does not begin with PNUTPART, version 1"));
    }
    let n = src.byte().map_err(cut)?;
    let mut symbols = vec![0u8; usize::from(n)];
    src.bytes(&mut symbols).map_err(cut)?;
    let mut two = [0u8; 2];
    src.bytes(&mut two).map_err(cut)?;
    let mut position = vec![0u8; usize::from(two[1])];
    src.bytes(&mut position).map_err(cut)?;
    if symbols != rules.symbols_text().as_bytes()
        || usize::from(two[0]) != rules.length()
        || position != indices
    {
        return Err(JobError::wrong(
            path,
            "the part is for other rules or another position than its job",
        ));
    }
    let mover_wins = src.byte().map_err(cut)? == 1;
    let count = src.varint().map_err(cut)?;
    let room = usize::try_from(count.min(u128::from(len / 3))).unwrap_or(0);
    let mut out = Vec::with_capacity(room);
    let mut set = 0u128;
    for _ in 0..count {
        set = set
            .checked_add(src.varint().map_err(cut)?)
            .ok_or_else(|| bad("a key overflows"))?;
        let mut two = [0u8; 2];
        src.bytes(&mut two).map_err(cut)?;
        out.push((Key { set, tag: two[0] }, two[1]));
    }
    let computed = src.sum;
    let mut stated = [0u8; 8];
    src.input.read_exact(&mut stated).map_err(cut)?;
    if u64::from_le_bytes(stated) != computed {
        return Err(bad("damaged: its checksum does not match"));
    }
    Ok(Part {
        mover_wins,
        entries: out,
    })
}
