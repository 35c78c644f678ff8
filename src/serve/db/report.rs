//! The standings as `parlor stats` prints them on a server: plain text, one line per
//! player and game, columns aligned, so it reads in any terminal and pipes into `grep`.

use super::Standing;

/// The standings as a table (player, game, played, won, lost, drawn), or a sentence
/// saying there is nothing yet.
pub fn standings_text(standings: &[Standing]) -> String {
    if standings.is_empty() {
        return "No games finished on this server yet.\n".to_string();
    }
    let head = ["Player", "Game", "Played", "Won", "Lost", "Drawn"];
    let rows: Vec<[String; 6]> = standings
        .iter()
        .map(|s| {
            [
                s.player.clone(),
                s.game.clone(),
                s.played.to_string(),
                s.won.to_string(),
                s.lost.to_string(),
                s.drawn.to_string(),
            ]
        })
        .collect();
    let mut widths = head.map(|h| h.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut text = String::new();
    let head = head.map(String::from);
    for row in std::iter::once(&head).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .enumerate()
            // Names read from the left, numbers line up on the right.
            .map(|(column, (cell, width))| match column {
                0 | 1 => format!("{cell:<width$}"),
                _ => format!("{cell:>width$}"),
            })
            .collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    text
}
