//! The features of the pattern evaluation: groups of squares ("families", in the style
//! of Edax and Egaroucid: corner 3x3, corner 2x5, edge plus X-squares, lines, diagonals)
//! read as base-3 numbers (0 empty, 1 mover, 2 opponent).
//!
//! Each family is defined once, in one orientation near a1; its instances are the same
//! squares read on the board's images under the eight symmetries (duplicate square
//! sets dropped), so every rotation and reflection of a pattern uses the same table.
//! Configurations that a symmetry of the pattern itself maps onto each other (a corner
//! 3x3 read along the other axis, a line read backwards) share one weight: a "class".
//! With both, the evaluation of a position equals that of each of its 8 images.
//!
//! Indices are built from row-wise pieces: each piece's squares lie in distinct columns,
//! so one multiplication gathers them into a byte, and a 256-entry table turns that
//! byte into the piece's base-3 digits.

use std::sync::LazyLock;

/// The base squares of each family as (row, column), a1 = (0, 0), in digit order.
const FAMILIES: [(&str, &[(u8, u8)]); 11] = [
    (
        "corner3x3",
        &[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
    ),
    (
        "corner2x5",
        &[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 0),
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
        ],
    ),
    (
        "edge2x",
        &[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (0, 5),
            (0, 6),
            (0, 7),
            (1, 1),
            (1, 6),
        ],
    ),
    ("line2", &ROW1),
    ("line3", &ROW2),
    ("line4", &ROW3),
    ("diag8", &DIAG8),
    ("diag7", &DIAG7),
    ("diag6", &DIAG6),
    ("diag5", &DIAG5),
    ("diag4", &DIAG4),
];

const fn row(r: u8) -> [(u8, u8); 8] {
    let mut out = [(0, 0); 8];
    let mut c = 0;
    while c < 8 {
        out[c as usize] = (r, c);
        c += 1;
    }
    out
}

/// The diagonal of `len` squares from (0, 8 - len) towards h-file.
const fn diag<const N: usize>() -> [(u8, u8); N] {
    let mut out = [(0, 0); N];
    let mut k = 0;
    while k < N {
        out[k] = (k as u8, (8 - N + k) as u8);
        k += 1;
    }
    out
}

const ROW1: [(u8, u8); 8] = row(1);
const ROW2: [(u8, u8); 8] = row(2);
const ROW3: [(u8, u8); 8] = row(3);
const DIAG8: [(u8, u8); 8] = diag::<8>();
const DIAG7: [(u8, u8); 7] = diag::<7>();
const DIAG6: [(u8, u8); 6] = diag::<6>();
const DIAG5: [(u8, u8); 5] = diag::<5>();
const DIAG4: [(u8, u8); 4] = diag::<4>();

/// Number of scalar features: mobility, potential mobility, discs, parity, a bias.
pub const N_SCALARS: usize = 5;

/// Squares of one piece of a family (distinct columns) and their digit values.
pub struct Piece {
    mask: u64,
    /// `digits[byte]`: the base-3 value of the squares set in the gathered byte.
    digits: [u32; 256],
}

/// One family of patterns.
pub struct Family {
    pub name: &'static str,
    /// Base squares as bit indices, in digit order.
    pub squares: Vec<u32>,
    /// 3^squares.
    pub configs: usize,
    pieces: Vec<Piece>,
    /// The board symmetries (see [`transform`]) whose images give the instances.
    pub transforms: Vec<usize>,
    /// Configuration -> class (configurations equal under a symmetry of the pattern).
    pub class_of: Vec<u32>,
    pub classes: usize,
}

/// All families, with where each one's tables start.
pub struct Layout {
    pub families: Vec<Family>,
    /// Start of each family in a table of all configurations (the evaluation's).
    pub config_offset: Vec<usize>,
    pub total_configs: usize,
    /// Start of each family in a list of all classes (the weights file's, training's).
    pub class_offset: Vec<usize>,
    pub total_classes: usize,
    /// Instances read per position.
    pub instances: usize,
    /// For each family, bit `t` set when the image under symmetry `t` gives an instance.
    pub image_mask: Vec<u8>,
    /// A fingerprint of all of the above; the weights file must carry the same.
    pub hash: u64,
}

pub static LAYOUT: LazyLock<Layout> = LazyLock::new(Layout::build);

/// The ranks of the board reversed left to right.
#[inline(always)]
fn mirror(b: u64) -> u64 {
    b.reverse_bits().swap_bytes()
}

/// Ranks and files exchanged (the a1-h8 diagonal stays).
#[inline(always)]
fn transpose(mut x: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The image of `b` under symmetry `t` (0-7): bit 0 mirrors, bit 1 flips the ranks,
/// bit 2 then transposes.
#[inline(always)]
pub fn transform(b: u64, t: usize) -> u64 {
    let mut x = b;
    if t & 1 != 0 {
        x = mirror(x);
    }
    if t & 2 != 0 {
        x = x.swap_bytes();
    }
    if t & 4 != 0 {
        x = transpose(x);
    }
    x
}

/// All 8 images of `b`, indexed like [`transform`].
#[inline(always)]
pub fn images(b: u64) -> [u64; 8] {
    let m = mirror(b);
    let f = b.swap_bytes();
    let mf = m.swap_bytes();
    [
        b,
        m,
        f,
        mf,
        transpose(b),
        transpose(m),
        transpose(f),
        transpose(mf),
    ]
}

/// The square of the board that symmetry `t` carries onto square `s`.
pub fn source_square(s: u32, t: usize) -> u32 {
    (0..64)
        .find(|&q| transform(1u64 << q, t) == 1u64 << s)
        .unwrap_or(s)
}

/// The squares set in `b & mask` (distinct columns) gathered into one byte by column.
#[inline(always)]
fn gather(b: u64, mask: u64) -> usize {
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

impl Family {
    fn build(name: &'static str, cells: &[(u8, u8)]) -> Family {
        let squares: Vec<u32> = cells
            .iter()
            .map(|&(r, c)| u32::from(r) * 8 + u32::from(c))
            .collect();
        let n = squares.len();
        let configs = 3usize.pow(n as u32);
        // Pieces: one per row (a row's squares have distinct columns).
        let mut pieces = Vec::new();
        for r in 0..8u32 {
            let mut mask = 0u64;
            let mut digit_of_col = [None; 8];
            for (i, &s) in squares.iter().enumerate() {
                if s / 8 == r {
                    mask |= 1u64 << s;
                    digit_of_col[(s % 8) as usize] = Some(3u32.pow(i as u32));
                }
            }
            if mask == 0 {
                continue;
            }
            let mut digits = [0u32; 256];
            for (byte, d) in digits.iter_mut().enumerate() {
                *d = (0..8)
                    .filter(|c| byte & (1 << c) != 0)
                    .filter_map(|c| digit_of_col[c])
                    .sum();
            }
            pieces.push(Piece { mask, digits });
        }
        // Instances: the symmetries that read a new set of squares; the pattern's own
        // symmetries: those that read the same set in another order.
        let mut transforms = Vec::new();
        let mut seen: Vec<Vec<u32>> = Vec::new();
        let mut perms: Vec<Vec<usize>> = Vec::new();
        let mut base_set = squares.clone();
        base_set.sort_unstable();
        for t in 0..8 {
            let sources: Vec<u32> = squares.iter().map(|&s| source_square(s, t)).collect();
            let mut set = sources.clone();
            set.sort_unstable();
            if set == base_set {
                let perm = sources
                    .iter()
                    .map(|q| squares.iter().position(|s| s == q).unwrap_or(0))
                    .collect();
                perms.push(perm);
            }
            if !seen.contains(&set) {
                seen.push(set);
                transforms.push(t);
            }
        }
        let pow: Vec<usize> = (0..n).map(|i| 3usize.pow(i as u32)).collect();
        let mut class_of = vec![0u32; configs];
        let mut classes = 0usize;
        let mut digits = vec![0usize; n];
        for idx in 0..configs {
            let mut x = idx;
            for d in digits.iter_mut() {
                *d = x % 3;
                x /= 3;
            }
            // The smallest equivalent configuration is seen first and names the class.
            let canonical = perms
                .iter()
                .map(|perm| (0..n).map(|i| digits[perm[i]] * pow[i]).sum::<usize>())
                .min()
                .unwrap_or(idx);
            if canonical == idx {
                class_of[idx] = classes as u32;
                classes += 1;
            } else {
                class_of[idx] = class_of[canonical];
            }
        }
        Family {
            name,
            squares,
            configs,
            pieces,
            transforms,
            class_of,
            classes,
        }
    }

    /// The configuration of the base squares on a board (`p` mover, `o` opponent).
    #[inline(always)]
    pub fn index(&self, p: u64, o: u64) -> usize {
        let mut idx = 0;
        for pc in &self.pieces {
            idx += pc.digits[gather(p, pc.mask)] + 2 * pc.digits[gather(o, pc.mask)];
        }
        idx as usize
    }
}

impl Layout {
    fn build() -> Layout {
        let families: Vec<Family> = FAMILIES
            .iter()
            .map(|&(name, cells)| Family::build(name, cells))
            .collect();
        let mut config_offset = Vec::new();
        let mut class_offset = Vec::new();
        let (mut configs, mut classes, mut instances) = (0, 0, 0);
        // FNV-1a over everything that decides a weight's meaning.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |v: u64| {
            hash ^= v;
            hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
        };
        for f in &families {
            config_offset.push(configs);
            class_offset.push(classes);
            configs += f.configs;
            classes += f.classes;
            instances += f.transforms.len();
            for &s in &f.squares {
                mix(u64::from(s));
            }
            for &t in &f.transforms {
                mix(t as u64 + 100);
            }
            mix(f.classes as u64);
        }
        mix(N_SCALARS as u64);
        let image_mask = families
            .iter()
            .map(|f| f.transforms.iter().fold(0u8, |m, &t| m | (1 << t)))
            .collect();
        Layout {
            image_mask,
            families,
            config_offset,
            total_configs: configs,
            class_offset,
            total_classes: classes,
            instances,
            hash,
        }
    }

    /// Calls `f(family, configuration)` for every instance on the position.
    #[inline(always)]
    pub fn for_each_instance(&self, p: u64, o: u64, mut f: impl FnMut(usize, usize)) {
        let ip = images(p);
        let io = images(o);
        for (k, fam) in self.families.iter().enumerate() {
            for &t in &fam.transforms {
                f(k, fam.index(ip[t], io[t]));
            }
        }
    }

    /// The class (index into all classes) of every instance on the position, for
    /// training.
    pub fn classes_of(&self, p: u64, o: u64, out: &mut Vec<u32>) {
        out.clear();
        self.for_each_instance(p, o, |k, idx| {
            out.push((self.class_offset[k] + self.families[k].class_of[idx] as usize) as u32)
        });
    }
}

/// The scalar features for the mover: mobility, potential mobility and discs (mover
/// minus opponent), parity (+1 when the mover gets the last move on an odd count), a
/// bias.
#[inline(always)]
pub fn scalars(p: u64, o: u64, pm: u64, om: u64) -> [i32; N_SCALARS] {
    use crate::game::othello::neighbours;
    let empty = !(p | o);
    [
        pm.count_ones() as i32 - om.count_ones() as i32,
        (neighbours(o) & empty).count_ones() as i32 - (neighbours(p) & empty).count_ones() as i32,
        p.count_ones() as i32 - o.count_ones() as i32,
        if empty.count_ones() % 2 == 1 { 1 } else { -1 },
        1,
    ]
}
