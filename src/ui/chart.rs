//! A small chart of a series in text: a few rows of block characters (eighths of a
//! cell), the top and bottom values labelled, so it scrolls and copies as lines of
//! text (the statistics' rating history).

/// The eighths of a cell, empty to full.
const BLOCKS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The last `width` values of `series` as `rows` lines of blocks, each value a column
/// whose height is its place between the lowest and the highest shown (the lowest one
/// eighth high, so every column shows). Each line starts with `label` columns: the
/// highest value on the top line, the lowest on the bottom one.
pub fn blocks(series: &[u32], width: usize, rows: usize, label: usize) -> Vec<String> {
    let shown = &series[series.len().saturating_sub(width)..];
    let (Some(&lo), Some(&hi)) = (shown.iter().min(), shown.iter().max()) else {
        return Vec::new();
    };
    let eighths = rows * 8;
    let height = |v: u32| -> usize {
        if hi == lo {
            return eighths / 2;
        }
        let share = f64::from(v - lo) / f64::from(hi - lo);
        1 + (share * (eighths - 1) as f64).round() as usize
    };
    (0..rows)
        .rev()
        .map(|row| {
            let tag = match (row + 1 == rows, row == 0) {
                (true, _) => format!("{hi:>w$} ┤", w = label.saturating_sub(2)),
                (_, true) => format!("{lo:>w$} ┤", w = label.saturating_sub(2)),
                _ => format!("{:>w$} │", "", w = label.saturating_sub(2)),
            };
            let bars: String = shown
                .iter()
                .map(|&v| BLOCKS[height(v).saturating_sub(row * 8).min(8)])
                .collect();
            format!("{tag}{bars}")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lowest_is_one_eighth_and_the_highest_full() {
        // 1600 is half way: 1 + 7.5 eighths of 16, rounded to 9: a full bottom cell and
        // one eighth above it.
        let lines = blocks(&[1500, 1600, 1700], 10, 2, 6);
        assert_eq!(lines, ["1700 ┤ ▁█", "1500 ┤▁██"]);
    }

    #[test]
    fn only_the_last_values_that_fit_and_a_flat_series_at_half() {
        // The 100 is left out, so the rest is flat: half high.
        let lines = blocks(&[100, 1000, 1000, 1000], 3, 1, 6);
        assert_eq!(lines, ["1000 ┤▄▄▄"]);
        let flat = blocks(&[1200, 1200], 5, 2, 6);
        assert_eq!(flat, ["1200 ┤  ", "1200 ┤██"]);
        assert!(blocks(&[], 5, 2, 6).is_empty());
    }
}
