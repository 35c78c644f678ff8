//! The bytes an SSH client sends, as the arcade's events: keys and mouse, parsed with
//! terminput (the legacy xterm sequences and the newer ones), whatever arrives: a
//! sequence split across packets after its first bytes waits for its end, an Esc at the
//! end of a packet is the Esc key, and bytes that are no event are dropped without
//! stopping the rest.

use ratatui::crossterm::event::{Event, KeyEventKind};
use terminput::Event as Input;

use crate::tui::event::AppEvent;

/// The longest escape sequence kept while waiting for its end: anything longer is no
/// key, and a stream of junk must not grow the buffer.
const LONGEST: usize = 64;

/// Turns a client's byte stream into events.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
}

impl InputParser {
    /// The events in `bytes`, with what an earlier packet left unfinished.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<AppEvent> {
        let mut events = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            self.pending.push(b);
            // An Esc with more bytes after it in the same packet starts a sequence; at
            // the end of a packet it is the key itself (as crossterm reads a terminal).
            if self.pending == [0x1b] && i + 1 < bytes.len() {
                continue;
            }
            match Input::parse_from(&self.pending) {
                Ok(Some(input)) => {
                    self.pending.clear();
                    events.extend(to_app(input));
                }
                // Perhaps the start of a longer sequence.
                Ok(None) if self.pending.len() < LONGEST => {}
                _ => self.pending.clear(),
            }
        }
        events
    }
}

/// A parsed input as an arcade event (key presses and mouse; the rest is not used).
fn to_app(input: Input) -> Option<AppEvent> {
    match terminput_crossterm::to_crossterm(input).ok()? {
        Event::Key(key) if key.kind == KeyEventKind::Press => Some(AppEvent::Key(key)),
        Event::Mouse(mouse) => Some(AppEvent::Mouse(mouse)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseEventKind};

    fn keys(events: &[AppEvent]) -> Vec<KeyCode> {
        events
            .iter()
            .filter_map(|e| match e {
                AppEvent::Key(k) => Some(k.code),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn letters_arrows_enter_and_a_lone_esc() {
        let mut p = InputParser::default();
        assert_eq!(keys(&p.feed(b"q")), vec![KeyCode::Char('q')]);
        assert_eq!(
            keys(&p.feed(b"\x1b[A\x1b[D\r")),
            vec![KeyCode::Up, KeyCode::Left, KeyCode::Enter]
        );
        assert_eq!(keys(&p.feed(b"\x1b")), vec![KeyCode::Esc]);
        // A sequence split across two packets.
        assert!(p.feed(b"\x1b[").is_empty());
        assert_eq!(keys(&p.feed(b"B")), vec![KeyCode::Down]);
        // Ctrl-C arrives as a byte.
        let ctrl_c = p.feed(&[3]);
        let AppEvent::Key(k) = &ctrl_c[0] else {
            panic!("not a key");
        };
        assert_eq!(k.code, KeyCode::Char('c'));
        assert!(k.modifiers.contains(KeyModifiers::CONTROL));
    }

    #[test]
    fn an_sgr_mouse_click() {
        let mut p = InputParser::default();
        let events = p.feed(b"\x1b[<0;10;5M");
        let AppEvent::Mouse(m) = &events[0] else {
            panic!("not a mouse event: {events:?}");
        };
        assert!(matches!(m.kind, MouseEventKind::Down(_)));
        assert_eq!((m.column, m.row), (9, 4));
    }

    proptest::proptest! {
        /// Whatever a client sends, in whatever packets: no panic, the unfinished part
        /// stays short, and a key sent afterwards in a packet of its own still arrives.
        #[test]
        fn any_byte_stream_is_taken_without_harm(
            packets in proptest::collection::vec(proptest::collection::vec(proptest::num::u8::ANY, 0..40), 0..20)
        ) {
            let mut p = InputParser::default();
            for packet in &packets {
                p.feed(packet);
                proptest::prop_assert!(p.pending.len() < LONGEST);
            }
            // A sequence left open swallows what follows until it is complete or too
            // long; a clean Esc-free byte then ends it.
            let mut tail = Vec::new();
            for _ in 0..LONGEST {
                tail.extend(p.feed(b"z"));
                if !tail.is_empty() {
                    break;
                }
            }
            proptest::prop_assert!(!tail.is_empty(), "no event after the junk");
        }
    }

    #[test]
    fn junk_is_dropped_and_the_keys_after_it_still_come() {
        let mut p = InputParser::default();
        let mut junk = vec![0x1b, b'['];
        junk.extend(std::iter::repeat_n(b'9', 200));
        p.feed(&junk);
        assert_eq!(keys(&p.feed(b"x")), vec![KeyCode::Char('x')]);
    }
}
