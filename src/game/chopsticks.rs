//! Chopsticks: each player has two hands showing 0-4 fingers, and starts with one up on
//! each. A turn is a hit (one of your live hands taps one of the opponent's live hands,
//! which gains your count) or a split (move fingers between your own hands, same total).
//! A player whose hands are both dead loses.
//!
//! Variants: standard (a hand dies at 5 or more) or rollover (the count wraps modulo 5,
//! so a hand dies only at exactly 5); splits may empty a hand or not.
//!
//! The game can cycle. A position seen for the third time with the same player to move
//! is a draw, and so is reaching the move cap. Both are decided from data kept inside
//! the position value, so an earlier value restored by undo is exactly the earlier game.

use std::fmt;
use std::str::FromStr;

use super::{Game, Outcome, RuleError, Seat};

/// The most fingers a live hand shows.
pub const MAX_FINGERS: u8 = 4;
/// How often a position may occur before the game is drawn (on that occurrence).
pub const REPETITION_DRAW: usize = 3;
/// Move caps accepted in the config and the setup screen.
pub const MIN_MOVE_CAP: u32 = 10;
pub const MAX_MOVE_CAP: u32 = 1000;

/// The accepted position notation, for error messages.
pub const POSITION_FORMAT: &str = "expected MY_LEFT,MY_RIGHT/THEIR_LEFT,THEIR_RIGHT with 0-4 fingers on each hand, the player to move first, e.g. 1,1/1,1";
/// The accepted move notation, for error messages.
pub const MOVE_FORMAT: &str = "expected hit:MINE:THEIRS with l or r for each hand (hit:l:r: my left hits their right) or split:LEFT,RIGHT with my new counts (split:2,0)";

/// One of a player's two hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Hand {
    Left,
    Right,
}

impl Hand {
    pub const BOTH: [Hand; 2] = [Hand::Left, Hand::Right];

    pub fn index(self) -> usize {
        match self {
            Hand::Left => 0,
            Hand::Right => 1,
        }
    }

    pub fn from_index(i: usize) -> Hand {
        if i == 0 { Hand::Left } else { Hand::Right }
    }

    pub fn other(self) -> Hand {
        match self {
            Hand::Left => Hand::Right,
            Hand::Right => Hand::Left,
        }
    }

    /// `l` or `r`, as in the move notation.
    pub fn letter(self) -> char {
        match self {
            Hand::Left => 'l',
            Hand::Right => 'r',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Hand::Left => "left",
            Hand::Right => "right",
        }
    }

    fn parse(text: &str) -> Option<Hand> {
        match text.trim().to_ascii_lowercase().as_str() {
            "l" | "left" => Some(Hand::Left),
            "r" | "right" => Some(Hand::Right),
            _ => None,
        }
    }
}

/// Which rules are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Sums wrap modulo 5 and a hand dies only at exactly 5 (else at 5 or more).
    pub rollover: bool,
    /// Whether a split may leave a hand with no fingers.
    pub empty_splits: bool,
}

impl Default for Variant {
    fn default() -> Self {
        Variant::STANDARD
    }
}

impl Variant {
    pub const STANDARD: Variant = Variant {
        rollover: false,
        empty_splits: true,
    };

    pub const ALL: [Variant; 4] = [
        Variant::STANDARD,
        Variant {
            rollover: false,
            empty_splits: false,
        },
        Variant {
            rollover: true,
            empty_splits: true,
        },
        Variant {
            rollover: true,
            empty_splits: false,
        },
    ];

    /// The position of this variant in [`Variant::ALL`].
    pub fn index(self) -> usize {
        usize::from(self.rollover) * 2 + usize::from(!self.empty_splits)
    }

    /// The count a hand with `target` fingers shows after a hand with `attacker` hits it.
    pub fn hit(self, target: u8, attacker: u8) -> u8 {
        let sum = u16::from(target) + u16::from(attacker);
        let after = if self.rollover {
            sum % 5
        } else if sum >= 5 {
            0
        } else {
            sum
        };
        after as u8
    }

    /// A short description, e.g. "standard, splits may empty a hand".
    pub fn describe(self) -> String {
        let death = if self.rollover {
            "rollover: counts wrap past 5, a hand dies at exactly 5"
        } else {
            "standard: a hand dies at 5 or more"
        };
        let splits = if self.empty_splits {
            "splits may empty a hand"
        } else {
            "splits may not empty a hand"
        };
        format!("{death}; {splits}")
    }
}

/// A move, from the point of view of the player making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChopsticksMove {
    /// My hand `from` taps the opponent's hand `to`.
    Hit { from: Hand, to: Hand },
    /// My hands become `left` and `right` fingers, same total as before.
    Split { left: u8, right: u8 },
}

impl fmt::Display for ChopsticksMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChopsticksMove::Hit { from, to } => {
                write!(f, "hit:{}:{}", from.letter(), to.letter())
            }
            ChopsticksMove::Split { left, right } => write!(f, "split:{left},{right}"),
        }
    }
}

impl FromStr for ChopsticksMove {
    type Err = RuleError;

    /// `hit:l:r` (my left hits their right) or `split:2,0` (my hands become 2 and 0).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || RuleError::BadMove(format!("'{s}' is not a Chopsticks move: {MOVE_FORMAT}"));
        let text = s.trim().to_ascii_lowercase();
        let (kind, rest) = text.split_once(':').ok_or_else(bad)?;
        match kind.trim() {
            "hit" => {
                let (from, to) = rest.split_once(':').ok_or_else(bad)?;
                Ok(ChopsticksMove::Hit {
                    from: Hand::parse(from).ok_or_else(bad)?,
                    to: Hand::parse(to).ok_or_else(bad)?,
                })
            }
            "split" => {
                let (left, right) = rest.split_once(',').ok_or_else(bad)?;
                let finger = |t: &str| {
                    t.trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|&n| n <= MAX_FINGERS)
                        .ok_or_else(bad)
                };
                Ok(ChopsticksMove::Split {
                    left: finger(left)?,
                    right: finger(right)?,
                })
            }
            _ => Err(bad()),
        }
    }
}

/// The four hands, seen from the player to move: `mine` are the mover's hands, `theirs`
/// the opponent's, each `[left, right]`. This is all the solver needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hands {
    pub mine: [u8; 2],
    pub theirs: [u8; 2],
}

impl Hands {
    pub const START: Hands = Hands {
        mine: [1, 1],
        theirs: [1, 1],
    };

    /// How many distinct `Hands` values there are (valid or not).
    pub const COUNT: usize = 625;

    /// A dense index in `0..COUNT`.
    pub fn index(self) -> usize {
        let [a, b] = self.mine;
        let [c, d] = self.theirs;
        ((usize::from(a) * 5 + usize::from(b)) * 5 + usize::from(c)) * 5 + usize::from(d)
    }

    /// The inverse of [`Hands::index`]; `i` is taken modulo `COUNT`.
    pub fn from_index(i: usize) -> Hands {
        let digit = |k: u32| (i / 5usize.pow(k) % 5) as u8;
        Hands {
            mine: [digit(3), digit(2)],
            theirs: [digit(1), digit(0)],
        }
    }

    /// Every `Hands` value in index order.
    pub fn all() -> impl Iterator<Item = Hands> {
        (0..Hands::COUNT).map(Hands::from_index)
    }

    /// Whether both of the mover's hands are dead: the mover has lost.
    pub fn mover_dead(self) -> bool {
        self.mine == [0, 0]
    }

    /// Whether both of the opponent's hands are dead. This cannot arise in play (nobody
    /// kills their own hands, and the game ends when the mover's hands die).
    pub fn opponent_dead(self) -> bool {
        self.theirs == [0, 0]
    }

    /// Whether this can be a position in a game: every hand 0-4 and the opponent alive.
    pub fn is_valid(self) -> bool {
        self.mine
            .iter()
            .chain(&self.theirs)
            .all(|&f| f <= MAX_FINGERS)
            && !self.opponent_dead()
    }

    /// The same position with the mover's hands swapped, the opponent's, or both.
    pub fn mirrored(self, mine: bool, theirs: bool) -> Hands {
        let swap = |h: [u8; 2], yes: bool| if yes { [h[1], h[0]] } else { h };
        Hands {
            mine: swap(self.mine, mine),
            theirs: swap(self.theirs, theirs),
        }
    }

    /// The splits open to the mover: same total, each hand 0-4, not the same pair or
    /// the same pair swapped, and (when the variant says so) no empty hand.
    pub fn splits(self, variant: Variant) -> Vec<[u8; 2]> {
        let [a, b] = self.mine;
        let total = a.saturating_add(b);
        (0..=MAX_FINGERS.min(total))
            .map(|left| [left, total - left])
            .filter(|&[_, r]| r <= MAX_FINGERS)
            .filter(|&[l, r]| [l, r] != [a, b] && [l, r] != [b, a])
            .filter(|&[l, r]| variant.empty_splits || (l > 0 && r > 0))
            .collect()
    }

    /// Every legal move, hits first (my left, then my right; their left, then right),
    /// then splits by the new left count. None once the mover is dead.
    pub fn moves(self, variant: Variant) -> Vec<ChopsticksMove> {
        if self.mover_dead() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for from in Hand::BOTH {
            for to in Hand::BOTH {
                if self.mine[from.index()] > 0 && self.theirs[to.index()] > 0 {
                    moves.push(ChopsticksMove::Hit { from, to });
                }
            }
        }
        moves.extend(
            self.splits(variant)
                .into_iter()
                .map(|[left, right]| ChopsticksMove::Split { left, right }),
        );
        moves
    }

    /// The position after `m`, seen from the next player to move (the opponent).
    pub fn after(self, m: ChopsticksMove, variant: Variant) -> Result<Hands, RuleError> {
        if self.mover_dead() {
            return Err(RuleError::GameOver);
        }
        let illegal = |why: String| Err(RuleError::Illegal(format!("{m}: {why}")));
        match m {
            ChopsticksMove::Hit { from, to } => {
                let attacker = self.mine[from.index()];
                let target = self.theirs[to.index()];
                if attacker == 0 {
                    return illegal(format!("your {} hand is dead", from.name()));
                }
                if target == 0 {
                    return illegal(format!("their {} hand is already dead", to.name()));
                }
                let mut theirs = self.theirs;
                theirs[to.index()] = variant.hit(target, attacker);
                Ok(Hands {
                    mine: theirs,
                    theirs: self.mine,
                })
            }
            ChopsticksMove::Split { left, right } => {
                if !self.splits(variant).contains(&[left, right]) {
                    let [a, b] = self.mine;
                    let total = u16::from(a) + u16::from(b);
                    let why = if u16::from(left) + u16::from(right) != total {
                        format!("a split keeps your {total} fingers")
                    } else if left > MAX_FINGERS || right > MAX_FINGERS {
                        "a hand holds at most 4 fingers".to_string()
                    } else if [left, right] == [a, b] || [left, right] == [b, a] {
                        "a split must change your hands, not keep or swap them".to_string()
                    } else {
                        "in this variant a split may not empty a hand".to_string()
                    };
                    return illegal(why);
                }
                Ok(Hands {
                    mine: self.theirs,
                    theirs: [left, right],
                })
            }
        }
    }

    /// `1,1/1,1`: the mover's left,right / the opponent's left,right.
    pub fn notation(self) -> String {
        format!(
            "{},{}/{},{}",
            self.mine[0], self.mine[1], self.theirs[0], self.theirs[1]
        )
    }

    /// Parses `1,1/1,1`; refuses counts above 4 and a position with the opponent's
    /// hands both dead (the game would already be over).
    pub fn parse(text: &str) -> Result<Hands, RuleError> {
        let text = text.trim();
        let bad = |what: String| RuleError::BadPosition(format!("{what}: {POSITION_FORMAT}"));
        if text.is_empty() {
            return Err(bad("no position given".into()));
        }
        let Some((mine, theirs)) = text.split_once('/') else {
            return Err(bad(format!(
                "'{text}' has no '/' between the two players' hands"
            )));
        };
        let pair = |part: &str, whose: &str| -> Result<[u8; 2], RuleError> {
            let Some((l, r)) = part.split_once(',') else {
                return Err(bad(format!(
                    "{whose} hands '{}' are not two counts separated by a comma",
                    part.trim()
                )));
            };
            let count = |t: &str, hand: &str| {
                t.trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n <= MAX_FINGERS)
                    .ok_or_else(|| {
                        bad(format!(
                            "{whose} {hand} hand '{}' is not a count of 0-4 fingers",
                            t.trim()
                        ))
                    })
            };
            Ok([count(l, "left")?, count(r, "right")?])
        };
        let hands = Hands {
            mine: pair(mine, "the mover's")?,
            theirs: pair(theirs, "the opponent's")?,
        };
        if hands.opponent_dead() {
            return Err(bad(format!(
                "in '{text}' the opponent's hands are both dead, so the game ended before this turn"
            )));
        }
        Ok(hands)
    }
}

impl fmt::Display for Hands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// Why a game ended in a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// The same position, same player to move, for the third time.
    Repetition,
    /// The move cap was reached.
    MoveCap,
}

/// A game of Chopsticks: the hands, whose turn it is, the rules, and what the draw rules
/// need (the positions seen so far and the number of moves played).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chopsticks {
    hands: Hands,
    to_move: Seat,
    variant: Variant,
    move_cap: Option<u32>,
    plies: u32,
    /// The key of every position so far, the current one last.
    seen: Vec<u16>,
}

impl Chopsticks {
    /// A new game from one finger on every hand, `First` to move.
    pub fn new(variant: Variant, move_cap: Option<u32>) -> Chopsticks {
        Chopsticks::with_hands(Hands::START, variant, move_cap)
    }

    /// A game from `hands` (seen from the mover, who is `First`). Refuses positions that
    /// cannot occur in play (see [`Hands::is_valid`]).
    pub fn from_hands(
        hands: Hands,
        variant: Variant,
        move_cap: Option<u32>,
    ) -> Result<Chopsticks, RuleError> {
        if !hands.is_valid() {
            return Err(RuleError::BadPosition(format!(
                "{hands} cannot occur in a game: {POSITION_FORMAT}, and the opponent must have a live hand"
            )));
        }
        Ok(Chopsticks::with_hands(hands, variant, move_cap))
    }

    fn with_hands(hands: Hands, variant: Variant, move_cap: Option<u32>) -> Chopsticks {
        let mut game = Chopsticks {
            hands,
            to_move: Seat::First,
            variant,
            move_cap,
            plies: 0,
            seen: Vec::new(),
        };
        game.seen.push(game.key());
        game
    }

    /// Parses the position notation `1,1/1,1` into a new game.
    pub fn parse(
        text: &str,
        variant: Variant,
        move_cap: Option<u32>,
    ) -> Result<Chopsticks, RuleError> {
        Chopsticks::from_hands(Hands::parse(text)?, variant, move_cap)
    }

    /// The hands seen from the player to move.
    pub fn hands(&self) -> Hands {
        self.hands
    }

    /// The `[left, right]` fingers of `seat`.
    pub fn hands_of(&self, seat: Seat) -> [u8; 2] {
        if seat == self.to_move {
            self.hands.mine
        } else {
            self.hands.theirs
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn move_cap(&self) -> Option<u32> {
        self.move_cap
    }

    /// Moves (plies) played since this game value was created.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Moves left before the cap draws the game, if there is a cap.
    pub fn plies_left(&self) -> Option<u32> {
        self.move_cap.map(|c| c.saturating_sub(self.plies))
    }

    /// How many times the current position (same player to move) has occurred, this
    /// time included.
    pub fn repetitions(&self) -> usize {
        let key = self.key();
        self.seen.iter().filter(|&&k| k == key).count()
    }

    /// The position in notation, seen from the mover: `1,1/1,1`.
    pub fn notation(&self) -> String {
        self.hands.notation()
    }

    /// The position after `m`, or an error if `m` is illegal.
    pub fn after(&self, m: ChopsticksMove) -> Result<Chopsticks, RuleError> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }

    /// Why the game was drawn, if it was.
    pub fn draw_reason(&self) -> Option<DrawReason> {
        if self.hands.mover_dead() {
            None
        } else if self.repetitions() >= REPETITION_DRAW {
            Some(DrawReason::Repetition)
        } else if self.plies_left() == Some(0) {
            Some(DrawReason::MoveCap)
        } else {
            None
        }
    }

    /// The position with its player to move, as a number: the same number means the
    /// same position for the repetition rule.
    fn key(&self) -> u16 {
        (self.hands.index() * 2 + self.to_move.index()) as u16
    }
}

impl Game for Chopsticks {
    type Move = ChopsticksMove;

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<ChopsticksMove> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.hands.moves(self.variant)
    }

    fn play(&mut self, m: ChopsticksMove) -> Result<(), RuleError> {
        if self.outcome().is_some() {
            return Err(RuleError::GameOver);
        }
        self.hands = self.hands.after(m, self.variant)?;
        self.to_move = self.to_move.other();
        self.plies += 1;
        let key = self.key();
        self.seen.push(key);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.hands.mover_dead() {
            return Some(Outcome::Win(self.to_move.other()));
        }
        self.draw_reason().map(|_| Outcome::Draw)
    }

    fn position_text(&self) -> String {
        self.notation()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        for (i, h) in Hands::all().enumerate() {
            assert_eq!(h.index(), i);
        }
    }

    #[test]
    fn the_start_has_four_hits_and_two_splits() {
        let g = Chopsticks::new(Variant::STANDARD, None);
        let moves: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(
            moves,
            [
                "hit:l:l",
                "hit:l:r",
                "hit:r:l",
                "hit:r:r",
                "split:0,2",
                "split:2,0"
            ]
        );
        let g = Chopsticks::new(
            Variant {
                rollover: false,
                empty_splits: false,
            },
            None,
        );
        assert_eq!(g.legal_moves().len(), 4);
    }
}
