//! The pattern evaluation's weights and their files (`assets/othello_patterns.bin`,
//! the evaluation's, and `assets/othello_order_patterns.bin`, the exact solver's move
//! ordering's, see [`super::evaluator`]), written by `examples/othello_train`, built
//! into the binary and parsed once.
//!
//! Format, little-endian:
//!
//! ```text
//! magic "PRLOTHPW" | version u16 | layout hash u64 | scalars u16 | classes u32
//! | buckets u8 | the last empty count of each bucket u8...
//! | per bucket: scalar weights i16... then class weights i16..., where i16::MIN
//!   followed by a u16 count stands for that many zeros
//! | FNV-1a 64 of everything before it
//! ```
//!
//! Weights are in evaluation units ([`super::eval::SCALE`] per disc). A class is a
//! pattern configuration up to the pattern's own symmetry ([`super::patterns`]); in
//! memory each bucket is expanded to one weight per configuration, so the evaluation
//! needs no class lookup.

use std::sync::LazyLock;

use super::patterns::{LAYOUT, Layout, N_SCALARS};

pub const MAGIC: &[u8; 8] = b"PRLOTHPW";
pub const VERSION: u16 = 1;
/// Marks a run of zeros in the class weights.
const ZERO_RUN: i16 = i16::MIN;

/// Why a weights file cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WeightsError {
    #[error("the weights file ends early")]
    Truncated,
    #[error("not a parlor pattern weights file")]
    BadMagic,
    #[error("weights file version {0}, expected {VERSION}")]
    Version(u16),
    #[error("the weights file's pattern layout {found:016x} is not this build's {expected:016x}")]
    Layout { found: u64, expected: u64 },
    #[error("the weights file's checksum does not match its contents")]
    Checksum,
    #[error("the weights file's phase buckets are invalid")]
    Buckets,
    #[error("the weights file has {0} bytes after its end")]
    Trailing(usize),
}

/// The weights of one phase bucket.
pub struct Bucket {
    /// The last number of empty squares the bucket serves (the first is the previous
    /// bucket's last plus one).
    pub last: u8,
    pub scalars: [i16; N_SCALARS],
    /// One weight per class (the file's form).
    pub classes: Vec<i16>,
    /// One weight per configuration (the evaluation's form).
    pub table: Vec<i16>,
}

/// All buckets, and which serves each number of empty squares.
pub struct PatternWeights {
    pub buckets: Vec<Bucket>,
    pub bucket_of: [u8; 65],
}

fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

impl Bucket {
    /// A bucket from class weights, expanded for the evaluation.
    pub fn new(last: u8, scalars: [i16; N_SCALARS], classes: Vec<i16>) -> Bucket {
        let layout: &Layout = &LAYOUT;
        let mut table = vec![0i16; layout.total_configs];
        for (k, f) in layout.families.iter().enumerate() {
            let dst = &mut table[layout.config_offset[k]..layout.config_offset[k] + f.configs];
            let src = &classes[layout.class_offset[k]..layout.class_offset[k] + f.classes];
            for (d, &c) in dst.iter_mut().zip(&f.class_of) {
                *d = src.get(c as usize).copied().unwrap_or(0);
            }
        }
        Bucket {
            last,
            scalars,
            classes,
            table,
        }
    }
}

impl PatternWeights {
    /// Weights from buckets (in order of empty squares, the last serving up to 64).
    pub fn new(buckets: Vec<Bucket>) -> Result<PatternWeights, WeightsError> {
        if buckets.is_empty()
            || buckets.windows(2).any(|w| w[0].last >= w[1].last)
            || buckets
                .iter()
                .any(|b| b.classes.len() != LAYOUT.total_classes)
        {
            return Err(WeightsError::Buckets);
        }
        let mut bucket_of = [0u8; 65];
        for (n, slot) in bucket_of.iter_mut().enumerate() {
            let b = buckets
                .iter()
                .position(|b| n <= usize::from(b.last))
                .unwrap_or(buckets.len() - 1);
            *slot = b as u8;
        }
        Ok(PatternWeights { buckets, bucket_of })
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&LAYOUT.hash.to_le_bytes());
        out.extend_from_slice(&(N_SCALARS as u16).to_le_bytes());
        out.extend_from_slice(&(LAYOUT.total_classes as u32).to_le_bytes());
        out.push(self.buckets.len() as u8);
        for b in &self.buckets {
            out.push(b.last);
        }
        for b in &self.buckets {
            for s in b.scalars {
                out.extend_from_slice(&s.to_le_bytes());
            }
            let mut i = 0;
            while i < b.classes.len() {
                let run = b.classes[i..]
                    .iter()
                    .take(usize::from(u16::MAX))
                    .take_while(|&&w| w == 0)
                    .count();
                if run >= 2 {
                    out.extend_from_slice(&ZERO_RUN.to_le_bytes());
                    out.extend_from_slice(&(run as u16).to_le_bytes());
                    i += run;
                } else {
                    // The marker value itself is never written as a weight.
                    let w = b.classes[i].max(-i16::MAX);
                    out.extend_from_slice(&w.to_le_bytes());
                    i += 1;
                }
            }
        }
        let sum = fnv(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Parses a file written by [`PatternWeights::to_bytes`] for this build's layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternWeights, WeightsError> {
        if bytes.len() < MAGIC.len() + 8 {
            return Err(WeightsError::Truncated);
        }
        if &bytes[..MAGIC.len()] != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut r = Reader {
            bytes: body,
            at: MAGIC.len(),
        };
        let version = r.u16()?;
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let found = r.u64()?;
        let scalars = usize::from(r.u16()?);
        let classes = r.u32()? as usize;
        if found != LAYOUT.hash || scalars != N_SCALARS || classes != LAYOUT.total_classes {
            return Err(WeightsError::Layout {
                found,
                expected: LAYOUT.hash,
            });
        }
        if u64::from_le_bytes(sum.try_into().map_err(|_| WeightsError::Truncated)?) != fnv(body) {
            return Err(WeightsError::Checksum);
        }
        let n = usize::from(r.u8()?);
        let lasts: Vec<u8> = (0..n).map(|_| r.u8()).collect::<Result<_, _>>()?;
        let mut buckets = Vec::with_capacity(n);
        for last in lasts {
            let mut s = [0i16; N_SCALARS];
            for v in s.iter_mut() {
                *v = r.i16()?;
            }
            let mut w = Vec::with_capacity(classes);
            while w.len() < classes {
                let v = r.i16()?;
                if v == ZERO_RUN {
                    let run = usize::from(r.u16()?);
                    if run == 0 || w.len() + run > classes {
                        return Err(WeightsError::Buckets);
                    }
                    w.resize(w.len() + run, 0);
                } else {
                    w.push(v);
                }
            }
            buckets.push(Bucket::new(last, s, w));
        }
        if r.at != body.len() {
            return Err(WeightsError::Trailing(body.len() - r.at));
        }
        PatternWeights::new(buckets)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], WeightsError> {
        let s = self
            .bytes
            .get(self.at..self.at + N)
            .ok_or(WeightsError::Truncated)?;
        self.at += N;
        s.try_into().map_err(|_| WeightsError::Truncated)
    }
    fn u8(&mut self) -> Result<u8, WeightsError> {
        Ok(self.take::<1>()?[0])
    }
    fn u16(&mut self) -> Result<u16, WeightsError> {
        Ok(u16::from_le_bytes(self.take()?))
    }
    fn i16(&mut self) -> Result<i16, WeightsError> {
        Ok(i16::from_le_bytes(self.take()?))
    }
    fn u32(&mut self) -> Result<u32, WeightsError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    fn u64(&mut self) -> Result<u64, WeightsError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
}

/// The shipped weights file.
pub static SHIPPED_BYTES: &[u8] = include_bytes!("../../../assets/othello_patterns.bin");

static SHIPPED: LazyLock<Result<PatternWeights, WeightsError>> =
    LazyLock::new(|| PatternWeights::from_bytes(SHIPPED_BYTES));

/// The shipped weights, parsed on first use; an error if the file does not fit this
/// build (a test guards against shipping one).
pub fn shipped() -> Result<&'static PatternWeights, &'static WeightsError> {
    SHIPPED.as_ref()
}

/// The shipped weights the exact solver orders its moves by.
pub static SHIPPED_ORDER_BYTES: &[u8] =
    include_bytes!("../../../assets/othello_order_patterns.bin");

static SHIPPED_ORDER: LazyLock<Result<PatternWeights, WeightsError>> =
    LazyLock::new(|| PatternWeights::from_bytes(SHIPPED_ORDER_BYTES));

/// The shipped ordering weights, parsed on first use (as [`shipped`]).
pub fn shipped_order() -> Result<&'static PatternWeights, &'static WeightsError> {
    SHIPPED_ORDER.as_ref()
}
