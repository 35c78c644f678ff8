//! Writes a proof certificate of Pnut-Butta (`parlor prove pnut --certificate FILE`,
//! issue 38) in the binary format of docs/certificate.md, atomically. Its reader is
//! the checker's own (`verify::read`), written from the same page and not from this
//! code.

use std::io::Write;
use std::path::Path;

use crate::game::pnut::Rules;
use crate::solve::pnut::certify::{Certificate, Key};

/// The first bytes of every certificate.
pub const MAGIC: &[u8; 8] = b"PNUTCERT";
/// The format's version (docs/certificate.md) of a proof made in one run.
pub const VERSION: u16 = 1;
/// The version of a proof combined from jobs (parts with their roots).
pub const VERSION_SPLIT: u16 = 2;

/// A certificate combined from jobs (docs/certificate.md, version 2): the winner's
/// moves by string down to the jobs' positions, and at each of those a job's part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combined {
    pub first_wins: bool,
    /// The winner's move at each string walked by string (sorted by string).
    pub opening: Vec<(Vec<u8>, u8)>,
    /// Each part's recorded moves, sorted by key.
    pub parts: Vec<Vec<(Key, u8)>>,
    /// The strings where a part takes over, with its index (sorted by string).
    pub roots: Vec<(Vec<u8>, usize)>,
}

pub(super) const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A writer that keeps the FNV-1a 64 checksum of what went through it, and its length.
pub(super) struct Summing<'a> {
    pub out: &'a mut dyn Write,
    pub sum: u64,
    pub bytes: u64,
}

impl Write for Summing<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.sum = buf[..n].iter().fold(self.sum, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// An unsigned LEB128 number: 7 bits a byte, low first, the top bit set on all but
/// the last byte.
pub(super) fn varint(out: &mut impl Write, mut x: u128) -> std::io::Result<()> {
    let mut buf = [0u8; 19];
    let mut n = 0;
    loop {
        let byte = (x & 0x7f) as u8;
        x >>= 7;
        if x == 0 {
            buf[n] = byte;
            n += 1;
            break;
        }
        buf[n] = byte | 0x80;
        n += 1;
    }
    out.write_all(&buf[..n])
}

/// Writes `cert` for `rules` (which must be the certificate's k and l) to `out`.
/// Returns the bytes written.
pub fn encode(rules: &Rules, cert: &Certificate, out: &mut dyn Write) -> std::io::Result<u64> {
    let mut out = Summing {
        out,
        sum: FNV_START,
        bytes: 0,
    };
    header(&mut out, rules, VERSION, cert.first_wins)?;
    varint(&mut out, cert.opening.len() as u128)?;
    for (prefix, mv) in &cert.opening {
        out.write_all(&[prefix.len() as u8])?;
        out.write_all(prefix)?;
        out.write_all(&[*mv])?;
    }
    entries(&mut out, &cert.entries)?;
    let sum = out.sum;
    out.write_all(&sum.to_le_bytes())?;
    Ok(out.bytes)
}

/// The header: magic, version, the rules, the winner.
fn header(out: &mut Summing, rules: &Rules, version: u16, first_wins: bool) -> std::io::Result<()> {
    out.write_all(MAGIC)?;
    out.write_all(&version.to_le_bytes())?;
    let symbols = rules.symbols_text();
    let symbol_bytes = u8::try_from(symbols.len())
        .map_err(|_| std::io::Error::other("the symbols take more than 255 bytes"))?;
    out.write_all(&[symbol_bytes])?;
    out.write_all(symbols.as_bytes())?;
    // l, the players, the last to move wins (normal play), the winner: 0 first, 1 second.
    out.write_all(&[rules.length() as u8, 2, 1, u8::from(!first_wins)])
}

/// Strings each with a byte (an opening move), or a number (a root's part).
fn strings(out: &mut impl Write, items: &[(Vec<u8>, u128)], byte: bool) -> std::io::Result<()> {
    varint(out, items.len() as u128)?;
    for (text, x) in items {
        out.write_all(&[text.len() as u8])?;
        out.write_all(text)?;
        if byte {
            out.write_all(&[*x as u8])?;
        } else {
            varint(out, *x)?;
        }
    }
    Ok(())
}

/// Writes a combined certificate for `rules` to `out` (version 2). Returns the bytes
/// written.
pub fn encode_combined(
    rules: &Rules,
    cert: &Combined,
    out: &mut dyn Write,
) -> std::io::Result<u64> {
    let mut out = Summing {
        out,
        sum: FNV_START,
        bytes: 0,
    };
    header(&mut out, rules, VERSION_SPLIT, cert.first_wins)?;
    let opening: Vec<(Vec<u8>, u128)> = cert
        .opening
        .iter()
        .map(|(t, c)| (t.clone(), u128::from(*c)))
        .collect();
    strings(&mut out, &opening, true)?;
    varint(&mut out, cert.parts.len() as u128)?;
    for part in &cert.parts {
        entries(&mut out, part)?;
    }
    let roots: Vec<(Vec<u8>, u128)> = cert
        .roots
        .iter()
        .map(|(t, i)| (t.clone(), *i as u128))
        .collect();
    strings(&mut out, &roots, false)?;
    let sum = out.sum;
    out.write_all(&sum.to_le_bytes())?;
    Ok(out.bytes)
}

/// Writes a combined certificate to `path` atomically. Returns its size in bytes.
pub fn save_combined(path: &Path, rules: &Rules, cert: &Combined) -> std::io::Result<u64> {
    let mut size = 0;
    crate::store::file::write_atomically(path, |out| {
        size = encode_combined(rules, cert, out)?;
        Ok(())
    })?;
    Ok(size)
}

/// The combined certificate's bytes (tests).
pub fn combined_bytes(rules: &Rules, cert: &Combined) -> Vec<u8> {
    let mut out = Vec::new();
    let written = encode_combined(rules, cert, &mut out);
    debug_assert!(written.is_ok());
    out
}

/// The recorded moves (sorted by key): their count, then each as the set's difference
/// from the previous one's, the tag, the symbol.
pub(super) fn entries(out: &mut impl Write, entries: &[(Key, u8)]) -> std::io::Result<()> {
    varint(out, entries.len() as u128)?;
    let mut last = 0u128;
    for (key, mv) in entries {
        varint(out, key.set - last)?;
        out.write_all(&[key.tag, *mv])?;
        last = key.set;
    }
    Ok(())
}

/// The certificate's bytes (tests, small proofs).
pub fn to_bytes(rules: &Rules, cert: &Certificate) -> Vec<u8> {
    let mut out = Vec::new();
    // Writing to memory cannot fail but for symbols of more than 255 bytes, which the
    // rules do not allow (at most 12 characters).
    let written = encode(rules, cert, &mut out);
    debug_assert!(written.is_ok());
    out
}

/// Writes `cert` to `path` atomically (a temporary file beside it, synced, renamed
/// over it). Returns its size in bytes.
pub fn save(path: &Path, rules: &Rules, cert: &Certificate) -> std::io::Result<u64> {
    let mut size = 0;
    crate::store::file::write_atomically(path, |out| {
        size = encode(rules, cert, out)?;
        Ok(())
    })?;
    Ok(size)
}
