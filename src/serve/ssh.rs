//! The SSH side of `parlor serve`: who may join, which requests open an arcade (a pty
//! and a shell; nothing else), and the bytes between a client and its arcade.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use crossbeam_channel::Sender;
use russh::keys::PrivateKey;
use russh::server::{Auth, Handler, Msg, Server as _, Session};
use russh::{Channel, ChannelId, Pty};
use tokio::sync::mpsc::unbounded_channel;

use super::input::InputParser;
use super::terminal::{self, Out};
use super::{ServeError, Shared};
use crate::tui::event::AppEvent;

/// The signal an arcade gets when its client is gone: it saves and ends, as on SIGHUP.
pub(super) const HANG_UP: i32 = 1;
/// The signal an arcade gets when the server stops: it saves, ends and says why.
pub(super) const SERVER_STOP: i32 = 15;

/// How long the sessions have, once told the server stops, to save and restore their
/// clients' terminals before the connections are closed.
const GOODBYE: std::time::Duration = std::time::Duration::from_secs(2);

/// Listens on `listen` until Ctrl-C or SIGTERM, then tells every session to end.
pub async fn serve(
    shared: Arc<Shared>,
    key: PrivateKey,
    options: &super::ServeOptions,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let listen = options.listen;
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|source| ServeError::Listen {
            addr: listen,
            source,
        })?;
    let bound = listener.local_addr().map_err(|source| ServeError::Listen {
        addr: listen,
        source,
    })?;
    let config = Arc::new(russh::server::Config {
        keys: vec![key],
        methods: shared.access.methods(),
        auth_rejection_time: std::time::Duration::from_secs(1),
        auth_rejection_time_initial: Some(std::time::Duration::ZERO),
        inactivity_timeout: Some(std::time::Duration::from_secs(3600)),
        // A client that answers nothing (frozen, or its network gone without a word)
        // is closed after three unanswered questions, its seat held as for a hang-up.
        keepalive_interval: Some(options.keepalive),
        keepalive_max: 3,
        nodelay: true,
        ..Default::default()
    });
    let mut server = Arcades {
        shared: shared.clone(),
    };
    let running = server.run_on_socket(config, &listener);
    let handle = running.handle();
    ready(bound);
    let (stopper, signals) = (options.stopper.clone(), options.signals);
    tokio::spawn(async move {
        tokio::select! {
            () = stopper.0.notified() => {}
            () = stop_signal(), if signals => {}
        }
        // Each arcade saves, restores its client's terminal and closes its channel.
        if shared.end_sessions() > 0 {
            let deadline = tokio::time::Instant::now() + GOODBYE;
            while shared.running() > 0 && tokio::time::Instant::now() < deadline {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            // The last bytes of each leave the connection before it is closed.
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        shared.lobby.save_all();
        handle.shutdown("the parlor server has stopped; your games are saved".into());
    });
    running.await.map_err(ServeError::Runtime)
}

/// Ctrl-C or SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Makes one handler per connection.
struct Arcades {
    shared: Arc<Shared>,
}

impl russh::server::Server for Arcades {
    type Handler = Connection;
    fn new_client(&mut self, peer: Option<SocketAddr>) -> Connection {
        Connection {
            shared: self.shared.clone(),
            peer,
            player: String::new(),
            key: None,
            admitted: None,
            bad_name: None,
            channels: HashMap::new(),
        }
    }
}

/// One client connection: its player's name and its channels.
struct Connection {
    shared: Arc<Shared>,
    peer: Option<SocketAddr>,
    player: String,
    /// The fingerprint of the key the player joined with, if any.
    key: Option<String>,
    /// Its place among the connections (none until it first authenticates).
    admitted: Option<super::access::Admitted>,
    /// Why the name it joined under is no name here, if it is not.
    bad_name: Option<String>,
    channels: HashMap<ChannelId, Terminal>,
}

/// A session channel: the size its pty asked for, and its arcade once the shell starts.
#[derive(Default)]
struct Terminal {
    size: Option<(u16, u16)>,
    arcade: Option<Sender<AppEvent>>,
    input: InputParser,
    /// The input this second, for the bound on a client's rate.
    rate: InputRate,
}

/// The most a client may type in a second: far above any typist or a pasted chat
/// line; a flood past it is dropped, so no client keeps its arcade (or the server's
/// memory) busy.
const INPUT_PER_SECOND: usize = 16 * 1024;

#[derive(Default)]
struct InputRate {
    since: Option<std::time::Instant>,
    bytes: usize,
    dropped: bool,
}

impl InputRate {
    /// How much of `len` new bytes may go on now.
    fn allow(&mut self, len: usize) -> usize {
        let now = std::time::Instant::now();
        if self
            .since
            .is_none_or(|t| now.duration_since(t) >= std::time::Duration::from_secs(1))
        {
            self.since = Some(now);
            self.bytes = 0;
        }
        let room = INPUT_PER_SECOND.saturating_sub(self.bytes);
        let allowed = len.min(room);
        self.bytes += allowed;
        if allowed < len && !self.dropped {
            self.dropped = true;
            tracing::warn!("a client sent more than {INPUT_PER_SECOND} bytes in a second: dropped");
        }
        allowed
    }
}

impl Connection {
    /// Lets `user` in if `proved` (their password or key, or open access) and the
    /// server and their address have room.
    fn join(&mut self, user: &str, proved: bool) -> Auth {
        if self.admitted.is_none() {
            let ip = self
                .peer
                .map_or(std::net::IpAddr::from([0, 0, 0, 0]), |p| p.ip());
            self.admitted = self.shared.gate.admit(ip);
            if self.admitted.is_none() {
                tracing::warn!("refused {user} from {ip}: too many connections");
                return Auth::reject();
            }
        }
        if !proved {
            return Auth::Reject {
                proceed_with_methods: Some(self.shared.access.methods()),
                partial_success: false,
            };
        }
        match player_name(user) {
            Ok(name) => self.player = name,
            Err(why) => {
                // Let in, to be told why at the shell (a refused login says nothing).
                self.player = "guest".into();
                self.bad_name = Some(why);
            }
        }
        let from = self.peer.map_or_else(|| "?".to_string(), |p| p.to_string());
        say(&format!("{} joined from {from}", self.player));
        Auth::Accept
    }

    fn tell(&self, channel: ChannelId, event: AppEvent) {
        if let Some(arcade) = self.channels.get(&channel).and_then(|t| t.arcade.as_ref()) {
            let _ = arcade.send(event);
        }
    }
}

/// A line for the operator on the server's stdout (who comes and goes); a stdout that
/// is gone is no reason to stop serving.
pub(super) fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// Ends a channel without an arcade: `why` on the client's stderr, exit status 1.
fn refuse(session: &mut Session, channel: ChannelId, why: &str) -> Result<(), russh::Error> {
    session.channel_success(channel)?;
    let handle = session.handle();
    let line = format!("parlor: {why}\r\n");
    tokio::spawn(async move {
        let _ = handle.extended_data(channel, 1, line).await;
        let _ = handle.exit_status_request(channel, 1).await;
        let _ = handle.eof(channel).await;
        let _ = handle.close(channel).await;
    });
    Ok(())
}

/// The longest name: what a move list and a title have room for.
const NAME_MAX: usize = 16;

/// A player's name, which is also their folder: 1 to 16 letters, digits, `-` and `_`.
/// Anything else is refused with what is accepted, never changed without a word (two
/// names that differ only in what was dropped would share one player's saves).
pub fn player_name(user: &str) -> Result<String, String> {
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let count = user.chars().count();
    if (1..=NAME_MAX).contains(&count) && user.chars().all(ok) {
        return Ok(user.to_string());
    }
    let shown: String = user
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(40)
        .collect();
    Err(format!(
        "'{shown}' cannot be a name here: a name is 1 to {NAME_MAX} letters a-z, digits, - or _ \
         (join with ssh -p PORT NAME@HOST)."
    ))
}

/// The largest terminal a client gets drawn: wider than any real screen shows in
/// readable type, and a bound on what one session's frames cost (a frame of the
/// largest is 100,000 cells, kept twice, where 65535 x 65535 would be gigabytes).
const MAX_SIZE: (u32, u32) = (500, 200);

/// A terminal size from the client's numbers (0 or huge values kept in range).
fn size(cols: u32, rows: u32) -> (u16, u16) {
    let clamp = |n: u32, most: u32| u16::try_from(n.clamp(1, most)).unwrap_or(1);
    (clamp(cols, MAX_SIZE.0), clamp(rows, MAX_SIZE.1))
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        let open = self.shared.access.open;
        Ok(self.join(user, open))
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        let ok = self.shared.access.password_ok(password);
        Ok(self.join(user, ok))
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let ok = self.shared.access.key_ok(key.public_key);
        let auth = self.join(user, ok);
        if matches!(auth, Auth::Accept) {
            self.key = Some(
                key.public_key
                    .fingerprint(russh::keys::HashAlg::Sha256)
                    .to_string(),
            );
        }
        Ok(auth)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channels.insert(channel.id(), Terminal::default());
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.channels.get_mut(&channel) {
            Some(t) => {
                t.size = Some(size(cols, rows));
                session.channel_success(channel)
            }
            None => session.channel_failure(channel),
        }
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(t) = self.channels.get_mut(&channel) else {
            return session.channel_failure(channel);
        };
        let Some(size) = t.size.filter(|_| t.arcade.is_none()) else {
            // No pty: nothing to draw on.
            return refuse(
                session,
                channel,
                "parlor needs a terminal: join with ssh -t (or without -T).",
            );
        };
        if let Some(why) = &self.bad_name {
            return refuse(session, channel, why);
        }
        // A name a key has joined with is that key's: no one else plays under it.
        match self.shared.db.key_of(&self.player) {
            Ok(Some(bound)) if self.key.as_ref() != Some(&bound) => {
                let why = format!(
                    "The name {} belongs to the player who joined with their SSH key: join with \
                     that key, or under another name.",
                    self.player
                );
                return refuse(session, channel, &why);
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("the players of the database: {e}"),
        }
        if let Err(e) = self.shared.db.seen(
            &self.player,
            self.key.as_deref(),
            crate::serve::seconds_now(),
        ) {
            tracing::warn!("the players of the database: {e}");
        }
        if self.shared.playing(&self.player) {
            let why = format!(
                "{} is already playing here, from another terminal: join under another name \
                 (a terminal that froze or lost its network is let go within a minute).",
                self.player
            );
            return refuse(session, channel, &why);
        }
        let (out, mut from_arcade) = unbounded_channel::<Out>();
        let player = (self.player.clone(), self.key.clone());
        match terminal::start(self.shared.clone(), player.0, player.1, size, out) {
            Ok(arcade) => t.arcade = Some(arcade),
            Err(e) => {
                tracing::warn!("cannot start an arcade: {e}");
                return session.channel_failure(channel);
            }
        }
        let handle = session.handle();
        tokio::spawn(async move {
            while let Some(out) = from_arcade.recv().await {
                match out {
                    Out::Data(bytes) => {
                        if handle.data(channel, bytes).await.is_err() {
                            break;
                        }
                    }
                    Out::Close => break,
                }
            }
            let _ = handle.exit_status_request(channel, 0).await;
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
        });
        session.channel_success(channel)
    }

    /// A command is never run: the client is told so, with how to join.
    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        refuse(
            session,
            channel,
            "parlor runs no commands: join with ssh -p PORT NAME@HOST for the arcade.",
        )
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let (w, h) = size(cols, rows);
        if let Some(t) = self.channels.get_mut(&channel) {
            t.size = Some((w, h));
        }
        self.tell(channel, AppEvent::Resize(w, h));
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(t) = self.channels.get_mut(&channel) {
            let allowed = t.rate.allow(data.len());
            let events = t.input.feed(&data[..allowed]);
            if let Some(arcade) = &t.arcade {
                for event in events {
                    let _ = arcade.send(event);
                }
            }
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.tell(channel, AppEvent::Signal(HANG_UP));
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.tell(channel, AppEvent::Signal(HANG_UP));
        self.channels.remove(&channel);
        Ok(())
    }
}

/// A connection that ends, however it ends, ends its arcades (each saves first).
impl Drop for Connection {
    fn drop(&mut self) {
        if !self.player.is_empty() {
            say(&format!("{} left", self.player));
        }
        for t in self.channels.values() {
            if let Some(arcade) = &t.arcade {
                let _ = arcade.send(AppEvent::Signal(HANG_UP));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_of_input_is_cut_at_the_bound_of_a_second() {
        let mut rate = InputRate::default();
        assert_eq!(rate.allow(10), 10);
        assert_eq!(rate.allow(INPUT_PER_SECOND), INPUT_PER_SECOND - 10);
        assert_eq!(rate.allow(1), 0, "nothing more this second");
        // A second later the client may type again.
        rate.since = rate
            .since
            .and_then(|t| t.checked_sub(std::time::Duration::from_millis(1001)));
        assert_eq!(rate.allow(5), 5);
    }

    #[test]
    fn a_terminal_size_is_kept_between_one_and_the_largest_drawn() {
        assert_eq!(size(80, 24), (80, 24));
        assert_eq!(size(0, 0), (1, 1));
        assert_eq!(size(u32::MAX, u32::MAX), (500, 200));
        assert_eq!(size(501, 24), (500, 24));
    }

    #[test]
    fn a_name_is_letters_digits_dash_and_underscore_up_to_sixteen_or_refused() {
        assert_eq!(player_name("alice"), Ok("alice".into()));
        assert_eq!(player_name("Bob_2-x"), Ok("Bob_2-x".into()));
        assert_eq!(
            player_name("sixteen_letters_"),
            Ok("sixteen_letters_".into())
        );
        for bad in [
            "",
            "zoë",
            "zoé🐉",
            "\x1b[31mbob",
            "../..",
            "a b",
            "christopher_the_magnificent",
        ] {
            let why = player_name(bad).expect_err(bad);
            assert!(why.contains("1 to 16 letters a-z, digits, - or _"), "{why}");
            assert!(
                !why.contains('\x1b'),
                "no escape reaches the terminal: {why}"
            );
        }
    }
}
