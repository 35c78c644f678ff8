//! What the two players of a match ask each other and say: resigning, a draw offered
//! (in games with draws), a takeback asked for, a rematch with the sides swapped, and
//! the match's one-line chat. Every line said is cleaned of control and escape
//! sequences before another terminal sees it.

use rand::SeedableRng;

use super::seat::Seat;
use super::{Lobby, State};
use crate::game::Seat as Side;
use crate::seeds::GameRng;
use crate::store::EndedBy;
use crate::tui::online::{ChatLine, OnlineEvent, Proposal};

/// The longest chat line, in characters (longer ones are cut).
pub const CHAT_MAX: usize = 200;

/// `text` fit to show on another player's terminal: one line, no control characters
/// (so no escape sequence can reach another terminal), no marks that reorder text,
/// runs of spaces made one, at most `max` characters.
pub fn clean_line(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let shown = if c.is_control() || is_format_mark(c) {
            ' '
        } else {
            c
        };
        if shown == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(shown);
    }
    out.trim_end().chars().take(max).collect()
}

/// Marks that change how the text around them is shown (bidirectional overrides,
/// zero-width joiners and the like): a line could otherwise pretend to be another.
fn is_format_mark(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// The match `id` and the side `seat` plays in it, else the reason.
fn my_side(state: &State, seat: &Seat, id: u64) -> Result<usize, &'static str> {
    let table = state.matches.get(&id).ok_or("That match is over.")?;
    table
        .side_of(seat.member)
        .ok_or("Only the players of a match can do that.")
}

pub(super) fn resign(seat: &Seat, id: u64) {
    let mut state = seat.lobby.state();
    let side = match my_side(&state, seat, id) {
        Ok(side) => side,
        Err(why) => return seat.refuse(&state, why),
    };
    let Some(table) = state.matches.get_mut(&id) else {
        return;
    };
    if table.is_over() {
        return seat.refuse(&state, "The game is already over.");
    }
    let who = table.names[side].clone();
    let ending = table.end(
        Some(Side::ALL[1 - side]),
        format!("{who} resigned"),
        Some(EndedBy::Resignation),
    );
    let everyone = table.everyone();
    state.ended(seat.lobby.db(), id, ending, &everyone);
}

pub(super) fn propose(seat: &Seat, id: u64, what: Proposal) {
    let mut state = seat.lobby.state();
    let side = match my_side(&state, seat, id) {
        Ok(side) => side,
        Err(why) => return seat.refuse(&state, why),
    };
    let Some(table) = state.matches.get_mut(&id) else {
        return;
    };
    // Asked by the other already: asking back is saying yes.
    if table.asked == Some((1 - side, what)) {
        drop(state);
        return answer(seat, id, true);
    }
    let refusal = match what {
        _ if table.asked.is_some_and(|(s, _)| s == side) => {
            Some("You asked already: the other player has not answered yet.")
        }
        Proposal::Rematch if !table.is_over() => Some("A rematch comes when the game is over."),
        Proposal::Draw | Proposal::Takeback if table.is_over() => {
            Some("The game is over: r asks for a rematch.")
        }
        Proposal::Draw if !table.setup.game.kind().has_draws() => {
            Some("This game has no draws: play it out, or resign.")
        }
        Proposal::Takeback if table.takeback_keeps(side).is_none() => {
            Some("You have no move to take back yet.")
        }
        _ if table.away[1 - side] => Some("The other player is away: ask when they are back."),
        _ => None,
    };
    if let Some(why) = refusal {
        return seat.refuse(&state, why);
    }
    table.asked = Some((side, what));
    let event = OnlineEvent::Proposed {
        id,
        who: table.names[side].clone(),
        what,
    };
    let to = table.others(side);
    Lobby::tell_all(&state, &to, &event);
}

pub(super) fn answer(seat: &Seat, id: u64, yes: bool) {
    let mut state = seat.lobby.state();
    let side = match my_side(&state, seat, id) {
        Ok(side) => side,
        Err(why) => return seat.refuse(&state, why),
    };
    let Some(table) = state.matches.get_mut(&id) else {
        return;
    };
    let Some((asker, what)) = table.asked.filter(|&(asker, _)| asker != side) else {
        return seat.refuse(&state, "Nothing is asked of you now.");
    };
    let who = table.names[side].clone();
    if !yes {
        table.asked = None;
        let event = OnlineEvent::Declined { id, who, what };
        let to = table.others(side);
        return Lobby::tell_all(&state, &to, &event);
    }
    match what {
        Proposal::Draw => {
            let ending = table.end(None, "a draw by agreement".into(), Some(EndedBy::Agreement));
            let everyone = table.everyone();
            state.ended(seat.lobby.db(), id, ending, &everyone);
        }
        Proposal::Takeback => {
            let Some(keep) = table.takeback_keeps(asker) else {
                table.asked = None;
                return seat.refuse(&state, "There is no move to take back any more.");
            };
            if let Err(why) = table.take_back(keep) {
                table.asked = None;
                return seat.refuse(&state, &format!("The takeback failed: {why}."));
            }
            let event = OnlineEvent::Reset {
                id,
                moves: table.moves.clone(),
                clock: table.clock_state(),
            };
            let everyone = table.everyone();
            Lobby::tell_all(&state, &everyone, &event);
            state.store(seat.lobby.db(), id);
        }
        Proposal::Rematch => rematch(&mut state, seat, id),
    }
}

/// Both players asked for a rematch: a new match of the same offer, the sides
/// swapped; the finished one goes, its watchers watch the new one.
fn rematch(state: &mut State, seat: &Seat, id: u64) {
    let Some(old) = state.matches.remove(&id) else {
        return;
    };
    let sides = [old.sides[1], old.sides[0]];
    let mut rng = GameRng::from_rng(&mut rand::rng());
    let time = seat.lobby.time.clone();
    match state.open_match(&old.offered, sides, &mut rng, &time) {
        Ok(new_id) => {
            if let Some(table) = state.matches.get_mut(&new_id) {
                table.watchers = old.watchers.clone();
                let started = table.started(new_id, None);
                Lobby::tell_all(state, &old.watchers, &started);
            }
            state.store(seat.lobby.db(), new_id);
        }
        Err(why) => seat.refuse(state, &why),
    }
}

pub(super) fn chat(seat: &Seat, id: u64, text: &str) {
    let text = clean_line(text, CHAT_MAX);
    if text.is_empty() {
        return;
    }
    let mut state = seat.lobby.state();
    let from = state.name(seat.member);
    let Some(table) = state.matches.get_mut(&id) else {
        return seat.refuse(&state, "That match is over.");
    };
    let watching = table.side_of(seat.member).is_none();
    if watching && !table.watchers.contains(&seat.member) {
        return;
    }
    let line = ChatLine {
        from,
        text,
        watching,
    };
    table.say(line.clone());
    // What watchers say, only watchers read: no help for a player from outside.
    let to: Vec<u64> = if watching {
        table.watchers.clone()
    } else {
        table.everyone()
    };
    Lobby::tell_all(&state, &to, &OnlineEvent::Chat { id, line });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_loses_its_escapes_controls_and_overrides() {
        assert_eq!(
            clean_line("hi\x1b[2J\x1b]0;pwned\x07 there", 200),
            "hi [2J ]0;pwned there"
        );
        assert_eq!(clean_line("a\r\nb\tc\u{9b}31m", 200), "a b c 31m");
        assert_eq!(clean_line("abc\u{202E}fed", 200), "abc fed");
        assert_eq!(clean_line("   ", 200), "");
        assert_eq!(clean_line("héllo wörld", 5), "héllo");
    }

    proptest::proptest! {
        #[test]
        fn no_control_character_survives(text in ".*") {
            let line = clean_line(&text, CHAT_MAX);
            proptest::prop_assert!(line.chars().all(|c| !c.is_control() && !is_format_mark(c)));
            proptest::prop_assert!(line.chars().count() <= CHAT_MAX);
        }
    }
}
