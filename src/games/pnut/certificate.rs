//! Writes a proof certificate of Pnut-Butta (`parlor prove pnut --certificate FILE`,
//! issue 38) in the binary format of docs/certificate.md, atomically. Its reader is
//! the checker's own (`verify::read`), written from the same page and not from this
//! code.

use std::io::Write;
use std::path::Path;

use crate::game::pnut::Rules;
use crate::solve::pnut::certify::Certificate;

/// The first bytes of every certificate.
pub const MAGIC: &[u8; 8] = b"PNUTCERT";
/// The format's version (docs/certificate.md).
pub const VERSION: u16 = 1;

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A writer that keeps the FNV-1a 64 checksum of what went through it, and its length.
struct Summing<'a> {
    out: &'a mut dyn Write,
    sum: u64,
    bytes: u64,
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
fn varint(out: &mut impl Write, mut x: u128) -> std::io::Result<()> {
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
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    let symbols = rules.symbols_text();
    let symbol_bytes = u8::try_from(symbols.len())
        .map_err(|_| std::io::Error::other("the symbols take more than 255 bytes"))?;
    out.write_all(&[symbol_bytes])?;
    out.write_all(symbols.as_bytes())?;
    // l, the players, the last to move wins (normal play), the winner: 0 first, 1 second.
    out.write_all(&[rules.length() as u8, 2, 1, u8::from(!cert.first_wins)])?;
    varint(&mut out, cert.opening.len() as u128)?;
    for (prefix, mv) in &cert.opening {
        out.write_all(&[prefix.len() as u8])?;
        out.write_all(prefix)?;
        out.write_all(&[*mv])?;
    }
    varint(&mut out, cert.entries.len() as u128)?;
    let mut last = 0u128;
    for (key, mv) in &cert.entries {
        varint(&mut out, key.set - last)?;
        out.write_all(&[key.tag, *mv])?;
        last = key.set;
    }
    let sum = out.sum;
    out.write_all(&sum.to_le_bytes())?;
    Ok(out.bytes)
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
