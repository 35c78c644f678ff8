//! A `parlor serve` in this process and SSH clients of our own (russh's client, the
//! crate the server is built on), for tests and benches that need what the system
//! `ssh` cannot do: send any bytes a peer could, cut a connection without a goodbye, or
//! run a hundred players at once.
//!
//! The server runs on a thread of its own (127.0.0.1, a free port, open access, its data
//! in a temporary directory); the clients run on a tokio runtime of the caller's. A
//! client reads what it receives into a vt100 screen of its terminal's size, so it
//! looks for text as a player sees it, not in the escape codes between the cells.

#![allow(dead_code)] // Each test crate or bench uses its part.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;
use russh::{Channel, ChannelMsg, Disconnect};

/// Longer than this to see what is awaited means the server is stuck.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The menu's last-but-one entry: a player who sees it is at their menu.
pub const AT_MENU: &str = "Play online";

pub const DOWN: &[u8] = b"\x1b[B";
pub const UP: &[u8] = b"\x1b[A";

/// A server running in this process.
pub struct LocalServer {
    pub addr: SocketAddr,
    stopper: parlor::serve::Stopper,
    thread: Option<std::thread::JoinHandle<Result<(), parlor::serve::ServeError>>>,
    pub data: tempfile::TempDir,
}

impl LocalServer {
    /// Starts a server with open access and no AI pauses on a free port; returns once
    /// it listens.
    pub fn start() -> LocalServer {
        LocalServer::start_with(|_| {})
    }

    /// `start`, after `adjust` has had its say on the options.
    pub fn start_with(adjust: impl FnOnce(&mut parlor::serve::ServeOptions)) -> LocalServer {
        let data = tempfile::tempdir().expect("a temporary data directory");
        let mut config = parlor::config::Config::default();
        config.ui.ai_delay_ms = 0;
        let stopper = parlor::serve::Stopper::default();
        let mut options = parlor::serve::ServeOptions {
            listen: "127.0.0.1:0".parse().expect("an address"),
            data_dir: data.path().to_path_buf(),
            access: parlor::serve::access::Access {
                open: true,
                ..Default::default()
            },
            stopper: stopper.clone(),
            signals: false,
            idle: None,
            keepalive: parlor::serve::KEEPALIVE,
        };
        adjust(&mut options);
        let (tx, rx) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            parlor::serve::run(
                parlor::arcade::registry(),
                config,
                options,
                move |addr, _| {
                    let _ = tx.send(addr);
                },
            )
        });
        let addr = rx
            .recv_timeout(PATIENCE)
            .expect("the server listens (its address from `ready`)");
        LocalServer {
            addr,
            stopper,
            thread: Some(thread),
            data,
        }
    }

    /// Stops the server as Ctrl-C does and waits for it: what it ended with.
    pub fn stop(mut self) -> Result<(), String> {
        self.stopper.stop();
        match self.thread.take().map(std::thread::JoinHandle::join) {
            Some(Ok(Ok(()))) | None => Ok(()),
            Some(Ok(Err(e))) => Err(format!("the server ended with an error: {e}")),
            Some(Err(_)) => Err("the server's thread panicked".into()),
        }
    }
}

impl Drop for LocalServer {
    fn drop(&mut self) {
        self.stopper.stop();
    }
}

/// A runtime for the clients, two threads as the machine has cores.
pub fn client_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("ssh-client")
        .enable_all()
        .build()
        .expect("the clients' runtime")
}

/// Accepts the server's host key: the server is this process's own.
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A connected player and the screen of their terminal.
pub struct Player {
    pub name: String,
    pub handle: Handle<Trusting>,
    pub channel: Channel<client::Msg>,
    pub screen: vt100::Parser,
    /// The TCP connection under the SSH one, to cut it without a goodbye.
    socket: Option<std::net::TcpStream>,
}

impl Player {
    /// Connects as `name` with an 80x24 terminal and a shell, and waits for the menu.
    pub async fn join(addr: SocketAddr, name: &str) -> Player {
        let mut player = Player::connect(addr, name, (80, 24)).await;
        player.wait_for(AT_MENU).await;
        player
    }

    /// Connects as `name`, asks for a terminal of `cols` x `rows` (any numbers a peer
    /// may send; the screen read here is at most 300 x 100) and a shell; returns before
    /// anything is drawn.
    pub async fn connect(addr: SocketAddr, name: &str, size: (u32, u32)) -> Player {
        Player::connect_with(addr, name, size, true).await
    }

    /// `connect`, asking for the shell only if `shell`.
    pub async fn connect_with(
        addr: SocketAddr,
        name: &str,
        (cols, rows): (u32, u32),
        shell: bool,
    ) -> Player {
        // As OpenSSH does for an interactive session: keys leave at once (no Nagle).
        let config = Arc::new(client::Config {
            nodelay: true,
            ..Default::default()
        });
        let stream = tokio::net::TcpStream::connect(addr)
            .await
            .expect("connected");
        // The config's nodelay applies to sockets russh opens; this one is ours.
        stream.set_nodelay(true).expect("no Nagle");
        // A second handle on the socket, to shut it down under russh's feet.
        let std_stream = stream.into_std().expect("a std socket");
        let socket = std_stream.try_clone().ok();
        let stream = tokio::net::TcpStream::from_std(std_stream).expect("back to tokio");
        let mut handle = client::connect_stream(config, stream, Trusting)
            .await
            .expect("an SSH connection");
        let auth = handle.authenticate_none(name).await.expect("authenticated");
        assert!(auth.success(), "{name} was refused: {auth:?}");
        let channel = handle.channel_open_session().await.expect("a session");
        channel
            .request_pty(false, "xterm", cols, rows, 0, 0, &[])
            .await
            .expect("a pty");
        if shell {
            channel.request_shell(true).await.expect("a shell");
        }
        Player {
            name: name.to_string(),
            handle,
            channel,
            screen: terminal(
                u16::try_from(cols.min(300)).unwrap_or(300),
                u16::try_from(rows.min(100)).unwrap_or(100),
            ),
            socket,
        }
    }

    /// What the screen shows now.
    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads until the screen shows `text`; the screen.
    pub async fn wait_for(&mut self, text: &str) -> String {
        self.wait_until(text, |s| s.contains(text)).await
    }

    /// Reads until `ok` holds for the screen (`what` names it in the failure).
    pub async fn wait_until(&mut self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let now = self.contents();
            if ok(&now) {
                return now;
            }
            match tokio::time::timeout_at(deadline, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => self.screen.process(&data),
                Ok(Some(_)) => {}
                Ok(None) => panic!("{}'s channel closed waiting for {what}:\n{now}", self.name),
                Err(_) => panic!("{} waited {PATIENCE:?} for {what}:\n{now}", self.name),
            }
        }
    }

    /// Sends bytes as typed.
    pub async fn send(&mut self, bytes: &[u8]) {
        self.channel.data(bytes).await.expect("the bytes sent");
    }

    /// Sends `key` and waits for the first bytes that come back.
    pub async fn key_round_trip(&mut self, key: &[u8]) {
        self.send(key).await;
        loop {
            match tokio::time::timeout(PATIENCE, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) if !data.is_empty() => {
                    self.screen.process(&data);
                    return;
                }
                Ok(Some(_)) => {}
                Ok(None) => panic!("the channel closed after a key"),
                Err(_) => panic!("no redraw in {PATIENCE:?} after a key"),
            }
        }
    }

    /// Reads what is still coming (the rest of a redraw) until the screen is quiet.
    pub async fn settle(&mut self) {
        let quiet = Duration::from_millis(30);
        let give_up = tokio::time::Instant::now() + Duration::from_secs(1);
        while tokio::time::Instant::now() < give_up {
            match tokio::time::timeout(quiet, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => self.screen.process(&data),
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => return,
            }
        }
    }

    /// Leaves as a client does: end of input, then a goodbye.
    pub async fn leave(self) {
        let _ = self.channel.eof().await;
        let _ = self
            .handle
            .disconnect(Disconnect::ByApplication, "", "en")
            .await;
    }

    /// Cuts the TCP connection under the SSH one, as a pulled cable or a killed client
    /// does: no end of input, no goodbye.
    pub fn cut(self) {
        if let Some(socket) = &self.socket {
            let _ = socket.shutdown(std::net::Shutdown::Both);
        }
    }
}

/// A client's terminal of `cols` x `rows`.
pub fn terminal(cols: u16, rows: u16) -> vt100::Parser {
    let size = |n: u16| std::num::NonZeroU16::new(n.max(1)).expect("not zero");
    vt100::Parser::new(size(rows), size(cols), 0)
}
