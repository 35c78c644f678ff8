//! The hands as ASCII art: five left-hand pictures (0-4 fingers) read from
//! `assets/chopsticks_hands.txt`, mirrored for right hands; larger sets of the same
//! pictures (`_medium`, `_large`) for a larger terminal.

use std::sync::OnceLock;

use crate::game::chopsticks::Hand;

const HANDS_ART: &str = include_str!("../../../../assets/chopsticks_hands.txt");
const MEDIUM_ART: &str = include_str!("../../../../assets/chopsticks_hands_medium.txt");
const LARGE_ART: &str = include_str!("../../../../assets/chopsticks_hands_large.txt");

/// The sets of left-hand pictures for 0-4 raised fingers, smallest first (each set's
/// lines padded to one width, its pictures to one height).
pub(super) fn hand_sets() -> &'static [Vec<Vec<String>>] {
    static ART: OnceLock<Vec<Vec<Vec<String>>>> = OnceLock::new();
    ART.get_or_init(|| {
        [HANDS_ART, MEDIUM_ART, LARGE_ART]
            .into_iter()
            .map(parse_art)
            .collect()
    })
}

/// The height and width of a set's pictures.
pub(super) fn set_size(set: &[Vec<String>]) -> (u16, u16) {
    let height = set.first().map_or(1, Vec::len);
    let width = set
        .first()
        .and_then(|p| p.first())
        .map_or(1, |l| l.chars().count());
    (height as u16, width as u16)
}

/// Splits the art file into its pictures; missing pictures fall back to a plain count.
pub fn parse_art(text: &str) -> Vec<Vec<String>> {
    let mut pictures: Vec<Vec<String>> = vec![Vec::new(); 5];
    let mut current: Option<usize> = None;
    for line in text.lines() {
        if let Some(n) = line
            .strip_prefix("==")
            .and_then(|rest| rest.strip_suffix("=="))
        {
            current = n.trim().parse::<usize>().ok().filter(|&n| n < 5);
            continue;
        }
        if let Some(i) = current {
            pictures[i].push(line.trim_end().to_string());
        }
    }
    for (n, picture) in pictures.iter_mut().enumerate() {
        if picture.is_empty() {
            *picture = vec![format!("[{}]", "|".repeat(n))];
        }
    }
    let width = pictures
        .iter()
        .flatten()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let height = pictures.iter().map(Vec::len).max().unwrap_or(0);
    for picture in &mut pictures {
        for line in picture.iter_mut() {
            let pad = width - line.chars().count();
            line.push_str(&" ".repeat(pad));
        }
        while picture.len() < height {
            picture.insert(0, " ".repeat(width));
        }
    }
    pictures
}

/// A picture seen in a mirror: lines reversed, slashes swapped.
pub fn mirror(picture: &[String]) -> Vec<String> {
    picture
        .iter()
        .map(|l| {
            l.chars()
                .rev()
                .map(|c| match c {
                    '/' => '\\',
                    '\\' => '/',
                    '(' => ')',
                    ')' => '(',
                    other => other,
                })
                .collect()
        })
        .collect()
}

/// The picture of `hand` with `fingers` up (0 to 4), from `set`.
pub(super) fn hand_art(set: &[Vec<String>], hand: Hand, fingers: u8) -> Vec<String> {
    let Some(picture) = set.get(usize::from(fingers.min(4))) else {
        return Vec::new();
    };
    match hand {
        Hand::Left => picture.clone(),
        Hand::Right => mirror(picture),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_art_file_has_five_pictures_of_one_size() {
        for text in [HANDS_ART, MEDIUM_ART, LARGE_ART] {
            five_pictures_of_one_size(&parse_art(text));
        }
        // Each set larger than the one before, both ways.
        for pair in hand_sets().windows(2) {
            let (small, big) = (set_size(&pair[0]), set_size(&pair[1]));
            assert!(big.0 > small.0 && big.1 > small.1, "{small:?} {big:?}");
        }
    }

    fn five_pictures_of_one_size(pictures: &[Vec<String>]) {
        assert_eq!(pictures.len(), 5);
        let height = pictures[0].len();
        let width = pictures[0][0].chars().count();
        assert!(height >= 4, "{height}");
        for p in pictures {
            assert_eq!(p.len(), height);
            assert!(p.iter().all(|l| l.chars().count() == width));
        }
        // More fingers, more ink at the top.
        let ink = |p: &Vec<String>| {
            p.iter()
                .take(2)
                .flat_map(|l| l.chars())
                .filter(|c| !c.is_whitespace())
                .count()
        };
        for n in 1..5 {
            assert!(ink(&pictures[n]) > ink(&pictures[n - 1]), "{n}");
        }
    }

    #[test]
    fn mirroring_twice_gives_the_picture_back() {
        let p = &hand_sets()[0][3];
        assert_eq!(&mirror(&mirror(p)), p);
        assert_ne!(&mirror(p), p);
    }
}
