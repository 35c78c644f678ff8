//! The engine session's input, read on a thread of its own so that a line can stop a
//! search while it runs (NBoard's `ping`: "stop thinking and respond"): lines wait in
//! a queue, and a flag the search polls turns on when one that stops a search arrives
//! (`quit`, or a line the session's stopper names) or the input ends.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// `quit`: the session ends, a search under way first.
pub fn is_quit(line: &str) -> bool {
    line.split_whitespace().next() == Some("quit")
}

#[derive(Default)]
struct Queue {
    lines: VecDeque<String>,
    /// The input has ended (or failed): no more lines will come.
    closed: bool,
}

/// Lines read from the input, in order, and whether a waiting one stops a search.
pub struct Inbox {
    queue: Mutex<Queue>,
    arrived: Condvar,
    stop: AtomicBool,
    stopper: fn(&str) -> bool,
}

impl Inbox {
    /// Starts reading `input` on its own thread; `stopper` says which lines stop a
    /// search.
    pub fn read<R: BufRead + Send + 'static>(
        mut input: R,
        stopper: fn(&str) -> bool,
    ) -> Arc<Inbox> {
        let inbox = Arc::new(Inbox {
            queue: Mutex::new(Queue::default()),
            arrived: Condvar::new(),
            stop: AtomicBool::new(false),
            stopper,
        });
        let reader = Arc::clone(&inbox);
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match input.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    // Bytes that are not UTF-8 become U+FFFD: the line is then refused
                    // as any unknown line is, and the session goes on.
                    Ok(_) => reader.push(String::from_utf8_lossy(&bytes).trim().to_string()),
                }
            }
            reader.close();
        });
        inbox
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A panic elsewhere cannot leave the queue half-changed: keep using it.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn push(&self, line: String) {
        let mut queue = self.lock();
        if self.stops(&line) {
            self.stop.store(true, Ordering::Relaxed);
        }
        queue.lines.push_back(line);
        self.arrived.notify_one();
    }

    fn close(&self) {
        let mut queue = self.lock();
        queue.closed = true;
        self.stop.store(true, Ordering::Relaxed);
        self.arrived.notify_one();
    }

    /// The next line, waiting for it; `None` once the input has ended and every line
    /// has been taken.
    pub fn next(&self) -> Option<String> {
        let mut queue = self.lock();
        while queue.lines.is_empty() && !queue.closed {
            queue = self.arrived.wait(queue).unwrap_or_else(|e| e.into_inner());
        }
        let line = queue.lines.pop_front();
        let stop = queue.closed || queue.lines.iter().any(|l| self.stops(l));
        self.stop.store(stop, Ordering::Relaxed);
        line
    }

    fn stops(&self, line: &str) -> bool {
        is_quit(line) || (self.stopper)(line)
    }

    /// Whether a search should stop now: a line that stops one waits, or the input ended.
    pub fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_ping(line: &str) -> bool {
        line.starts_with("ping")
    }

    #[test]
    fn lines_come_in_order_and_a_waiting_stopper_stops() {
        let inbox = Inbox::read(&b"go\nping 1\nhint 2\n"[..], is_ping);
        assert_eq!(inbox.next().as_deref(), Some("go"));
        assert_eq!(inbox.next().as_deref(), Some("ping 1"));
        assert_eq!(inbox.next().as_deref(), Some("hint 2"));
        assert_eq!(inbox.next(), None);
        assert!(inbox.stopping(), "the input has ended");
    }

    /// A reader fed by hand, so a test sees the state between lines.
    struct Feed(std::sync::mpsc::Receiver<Vec<u8>>, Vec<u8>);
    impl std::io::Read for Feed {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(b) => self.1 = b,
                    Err(_) => return Ok(0),
                }
            }
            let n = buf.len().min(self.1.len());
            buf[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }

    /// An inbox on a hand-fed reader, and the sender that feeds it.
    fn fed(stopper: fn(&str) -> bool) -> (std::sync::mpsc::Sender<Vec<u8>>, Arc<Inbox>) {
        let (tx, rx) = std::sync::mpsc::channel::<Vec<u8>>();
        let inbox = Inbox::read(std::io::BufReader::new(Feed(rx, Vec::new())), stopper);
        (tx, inbox)
    }

    #[test]
    fn quit_stops_a_search_whatever_the_session_names() {
        let (tx, inbox) = fed(|_| false);
        tx.send(b"go\nhint 1\n".to_vec()).expect("send");
        assert_eq!(inbox.next().as_deref(), Some("go"));
        assert!(
            !inbox.stopping(),
            "hint is not a stopper here, the input is open"
        );
        tx.send(b"quit\n".to_vec()).expect("send");
        // Wait for the reader to queue it (a minute at most: a hang guard, not a limit).
        for _ in 0..60_000 {
            if inbox.stopping() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(inbox.stopping(), "the waiting quit stops a search");
        assert!(is_quit(" quit now") && !is_quit("quits"));
    }

    #[test]
    fn a_line_that_does_not_stop_leaves_the_search_alone() {
        let (tx, inbox) = fed(is_ping);
        tx.send(b"go\n".to_vec()).expect("send");
        assert_eq!(inbox.next().as_deref(), Some("go"));
        assert!(!inbox.stopping());
        tx.send(b"set contempt 0\n".to_vec()).expect("send");
        tx.send(b"ping 7\n".to_vec()).expect("send");
        // Wait for both lines to be queued: the flag turns on with the ping.
        while !inbox.stopping() {
            std::thread::yield_now();
        }
        assert_eq!(inbox.next().as_deref(), Some("set contempt 0"));
        assert!(inbox.stopping(), "the ping still waits");
        assert_eq!(inbox.next().as_deref(), Some("ping 7"));
        assert!(!inbox.stopping(), "nothing waits and the input is open");
        drop(tx);
        assert_eq!(inbox.next(), None);
    }
}
