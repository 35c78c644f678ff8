//! Nim's setup options: the piles (typed, the classic 3-4-5, or random) and misère.

use rand::{Rng, RngExt};

use crate::game::nim::{MAX_COINS, MAX_PILES};
use crate::matchup::MatchSetup;
use crate::options_plumbing;
use crate::plugin::options::{
    GameOptions, Row, cycle, erased_number, number_text, settled, typed_number,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PilePreset {
    Custom,
    ThreeFourFive,
    Random,
}

impl PilePreset {
    const ALL: [PilePreset; 3] = [
        PilePreset::Custom,
        PilePreset::ThreeFourFive,
        PilePreset::Random,
    ];

    fn label(self) -> &'static str {
        match self {
            PilePreset::Custom => "custom",
            PilePreset::ThreeFourFive => "3-4-5 (classic)",
            PilePreset::Random => "random",
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct NimSetup {
    pub piles: Vec<u8>,
    pub preset: PilePreset,
    pub misere: bool,
    /// The custom piles while a preset is shown, given back when ←→ comes round to
    /// "custom" again (the classic preset wrote over eight typed piles).
    #[serde(skip)]
    custom_piles: Option<Vec<u8>>,
    /// The piles a lowered "Number of piles" took away, first the one nearest the
    /// last kept: raising the count again gives them back (5 → 2 → 3 piles brought
    /// pile 3 back as 3 coins, not the 5 it held).
    #[serde(skip)]
    dropped_piles: Vec<u8>,
}

impl NimSetup {
    /// The variant in words, for the statistics: "piles 3,4,5", "random piles, misère".
    pub fn variant_words(&self) -> String {
        let piles = match self.preset {
            PilePreset::Random => "random piles".to_string(),
            _ => {
                let piles: Vec<String> = self.piles.iter().map(u8::to_string).collect();
                format!("piles {}", piles.join(","))
            }
        };
        if self.misere {
            format!("{piles}, misère")
        } else {
            piles
        }
    }

    /// The piles to start with: random ones are drawn anew for every game.
    pub fn starting_piles<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<u8> {
        match self.preset {
            PilePreset::Random => {
                let n = rng.random_range(2..=6);
                (0..n).map(|_| rng.random_range(1..=15)).collect()
            }
            _ => self.piles.clone(),
        }
    }
}

const PRESET: u16 = 0;
const MISERE: u16 = 1;
const PILE_COUNT: u16 = 2;
/// Pile i is row `PILE + i`.
const PILE: u16 = 10;

const PILES_EXPLAINED: &str = "←→ change by one, or type a number (coins 1-99).";

impl GameOptions for NimSetup {
    options_plumbing!();

    fn rows(&self, _matchup: &MatchSetup) -> Vec<Row> {
        let mut rows = vec![
            Row {
                id: PRESET,
                label: "Piles preset".into(),
                value: self.preset.label().into(),
                explanation: (match self.preset {
                    PilePreset::Custom => "Your own piles: set them on the rows below.",
                    PilePreset::ThreeFourFive => "The classic start: piles of 3, 4 and 5 coins.",
                    PilePreset::Random => "Draws 2-6 piles of 1-15 coins anew for every game.",
                })
                .into(),
            },
            Row {
                id: MISERE,
                label: "Misère".into(),
                value: if self.misere {
                    "on: the last coin loses"
                } else {
                    "off: the last coin wins"
                }
                .into(),
                explanation: (if self.misere {
                    "Misère turns Nim around: whoever takes the last coin loses."
                } else {
                    "Normal play: whoever takes the last coin wins. ←→ for misère."
                })
                .into(),
            },
        ];
        if self.preset != PilePreset::Random {
            rows.push(Row {
                id: PILE_COUNT,
                label: "Number of piles".into(),
                value: self.piles.len().to_string(),
                explanation: "←→ one pile more or fewer, or type how many (1-8).".into(),
            });
            rows.extend(self.piles.iter().enumerate().map(|(i, p)| Row {
                id: PILE + i as u16,
                label: format!("  pile {}", i + 1),
                value: number_text(u64::from(*p), 1, u64::from(MAX_COINS)),
                explanation: PILES_EXPLAINED.into(),
            }));
        }
        rows
    }

    fn change(&mut self, id: u16, step: isize) {
        match id {
            PRESET => {
                if self.preset == PilePreset::Custom {
                    self.custom_piles = Some(self.piles.clone());
                }
                self.preset = cycle(&PilePreset::ALL, self.preset, step);
                match self.preset {
                    PilePreset::ThreeFourFive => self.piles = vec![3, 4, 5],
                    PilePreset::Custom => {
                        if let Some(piles) = self.custom_piles.take() {
                            self.piles = piles;
                        }
                    }
                    PilePreset::Random => {}
                }
            }
            MISERE => self.misere = !self.misere,
            PILE_COUNT => {
                let n = (self.piles.len() as isize + step).clamp(1, MAX_PILES as isize) as usize;
                self.set_pile_count(n);
                self.preset = Self::preset_of(&self.piles);
            }
            _ => {
                if let Some(p) = self.piles.get_mut(usize::from(id.saturating_sub(PILE))) {
                    *p = (*p as isize + step).clamp(1, MAX_COINS as isize) as u8;
                    self.preset = Self::preset_of(&self.piles);
                }
            }
        }
    }

    fn type_char(&mut self, id: u16, c: char, typing: &mut bool) {
        let Some(d) = c.to_digit(10) else {
            return;
        };
        let d = d as u8;
        match id {
            PILE_COUNT if (1..=MAX_PILES as u8).contains(&d) => {
                self.set_pile_count(usize::from(d));
                self.preset = Self::preset_of(&self.piles);
                // Taken, even where it names the count there is (the footer's "1-8").
                *typing = true;
            }
            PRESET | MISERE | PILE_COUNT => {}
            _ => {
                let Some(p) = self.piles.get_mut(usize::from(id - PILE)) else {
                    return;
                };
                // The shared rule: a digit past the most is not taken; 0 on the way
                // is an empty row, settled at 1.
                let coins = typed_number(u64::from(*p), c, typing, 0, u64::from(MAX_COINS));
                *p = coins as u8;
                self.preset = Self::preset_of(&self.piles);
            }
        }
    }

    fn number_in(&self, id: u16) -> Option<(u64, u64)> {
        let coins = self.piles.get(usize::from(id.checked_sub(PILE)?))?;
        Some((u64::from(*coins), u64::from(MAX_COINS)))
    }

    fn erase(&mut self, id: u16, typing: &mut bool) {
        if id >= PILE
            && let Some(p) = self.piles.get_mut(usize::from(id - PILE))
        {
            *p = erased_number(u64::from(*p), typing, 0) as u8;
            self.preset = Self::preset_of(&self.piles);
        }
    }

    fn has_empty_number(&self) -> bool {
        self.piles.contains(&0)
    }
    fn settle(&mut self) {
        for p in &mut self.piles {
            *p = settled(u64::from(*p), 1) as u8;
        }
    }
}

impl NimSetup {
    /// The preset piles edited by hand show: the classic one where they came back to
    /// 3-4-5 (3 → 1 → 3 piles said "custom" over 3, 4 and 5), else "custom".
    fn preset_of(piles: &[u8]) -> PilePreset {
        if piles == [3, 4, 5] {
            PilePreset::ThreeFourFive
        } else {
            PilePreset::Custom
        }
    }

    /// `n` piles: those taken away keep their coins for a later raise, new ones
    /// start at 3.
    fn set_pile_count(&mut self, n: usize) {
        while self.piles.len() > n {
            if let Some(p) = self.piles.pop() {
                self.dropped_piles.push(p);
            }
        }
        while self.piles.len() < n {
            let p = self.dropped_piles.pop().unwrap_or(3);
            self.piles.push(p);
        }
    }

    /// The options as the config sets them.
    pub fn from_config(config: &crate::config::Config) -> NimSetup {
        let own = super::config::SECTION.read(config);
        let preset = Self::preset_of(&own.piles);
        NimSetup {
            piles: own.piles,
            preset,
            misere: own.misere,
            custom_piles: None,
            dropped_piles: Vec::new(),
        }
    }
}

impl Default for NimSetup {
    /// The built-in config's options.
    fn default() -> Self {
        NimSetup::from_config(&crate::config::Config::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchup::Difficulty;
    use crate::matchup::{FirstMover, Mode};

    fn explanation(setup: &NimSetup, id: u16) -> String {
        let matchup = MatchSetup {
            mode: Mode::VsAi,
            first: FirstMover::You,
            difficulty: Difficulty::Perfect,
            clock: None,
        };
        setup
            .rows(&matchup)
            .into_iter()
            .find(|r| r.id == id)
            .map_or(String::new(), |r| r.explanation.into_owned())
    }

    /// Each row's explanation speaks of the value shown ("random draws…" stood under
    /// every preset).
    #[test]
    fn explanations_follow_the_value() {
        let mut setup = NimSetup {
            preset: PilePreset::ThreeFourFive,
            ..NimSetup::default()
        };
        assert!(explanation(&setup, PRESET).contains("3, 4 and 5"));
        setup.change(PRESET, 1);
        assert_eq!(setup.preset, PilePreset::Random);
        assert!(explanation(&setup, PRESET).contains("anew for every game"));
        setup.misere = false;
        assert!(explanation(&setup, MISERE).starts_with("Normal play"));
        setup.change(MISERE, 1);
        assert!(explanation(&setup, MISERE).starts_with("Misère"));
    }

    /// Round the presets and back to "custom": the typed piles come back (the classic
    /// preset wrote over them).
    #[test]
    fn custom_piles_survive_a_round_of_the_presets() {
        let mut setup = NimSetup::default();
        setup.change(PILE_COUNT, 5);
        let mut typing = false;
        setup.type_char(PILE + 7, '9', &mut typing);
        let typed = setup.piles.clone();
        assert_eq!(typed.len(), 8);
        assert_eq!(setup.preset, PilePreset::Custom);
        for _ in 0..PilePreset::ALL.len() {
            setup.change(PRESET, 1);
        }
        assert_eq!(setup.preset, PilePreset::Custom);
        assert_eq!(setup.piles, typed);
        // Backwards too.
        setup.change(PRESET, -1);
        assert_eq!(setup.preset, PilePreset::Random);
        setup.change(PRESET, 1);
        assert_eq!(setup.piles, typed);
    }

    /// Lowering the number of piles and raising it again gives the piles back as
    /// they were, by ←→ and by typing the count.
    #[test]
    fn piles_taken_away_come_back_with_their_coins() {
        let mut setup = NimSetup::default();
        let mut typing = false;
        setup.type_char(PILE_COUNT, '5', &mut typing);
        for (i, c) in ['7', '8', '9', '6', '5'].into_iter().enumerate() {
            let mut typing = false;
            setup.type_char(PILE + i as u16, c, &mut typing);
        }
        assert_eq!(setup.piles, [7, 8, 9, 6, 5]);
        let mut typing = false;
        setup.type_char(PILE_COUNT, '2', &mut typing);
        assert_eq!(setup.piles, [7, 8]);
        setup.change(PILE_COUNT, 1);
        assert_eq!(setup.piles, [7, 8, 9]);
        let mut typing = false;
        setup.type_char(PILE_COUNT, '6', &mut typing);
        assert_eq!(setup.piles, [7, 8, 9, 6, 5, 3]);
        // Back to 3, 4 and 5 by hand: the classic preset, named.
        let mut classic = NimSetup::default();
        assert_eq!(classic.preset, PilePreset::ThreeFourFive);
        classic.change(PILE_COUNT, -1);
        assert_eq!(classic.preset, PilePreset::Custom);
        classic.change(PILE_COUNT, 1);
        assert_eq!(classic.piles, [3, 4, 5]);
        assert_eq!(classic.preset, PilePreset::ThreeFourFive);
    }

    /// A pile erased to nothing shows empty, takes the next digit alone and settles
    /// at one coin.
    #[test]
    fn an_erased_pile_is_empty_until_typed() {
        let mut setup = NimSetup::default();
        let mut typing = false;
        setup.type_char(PILE, '4', &mut typing);
        setup.type_char(PILE, '2', &mut typing);
        setup.erase(PILE, &mut typing);
        setup.erase(PILE, &mut typing);
        let matchup = MatchSetup {
            mode: Mode::VsAi,
            first: FirstMover::You,
            difficulty: Difficulty::Perfect,
            clock: None,
        };
        let shown = |s: &NimSetup| {
            s.rows(&matchup)
                .into_iter()
                .find(|r| r.id == PILE)
                .map(|r| r.value)
                .unwrap_or_default()
        };
        assert_eq!(shown(&setup), "… (type 1-99)");
        setup.type_char(PILE, '5', &mut typing);
        assert_eq!(setup.piles[0], 5);
        setup.erase(PILE, &mut typing);
        setup.settle();
        assert_eq!(setup.piles[0], 1);
    }
}
