//! Who may join: anyone (open, the default on loopback, as at a LAN party), whoever
//! knows the password, or whoever holds a key listed in an `authorized_keys` file. A
//! server listening beyond this machine needs a password or keys unless it is told
//! `--open` in so many words. Limits keep one client from crowding out the rest.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use russh::keys::PublicKey;
use russh::keys::ssh_key::AuthorizedKeys;

/// How players prove who they are.
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// Any name joins.
    pub open: bool,
    /// The password, if one is set (read from a file, never from the command line).
    pub password: Option<String>,
    /// The keys that may join, if a file of them is set.
    pub keys: Vec<PublicKey>,
}

/// Why the access asked for cannot be.
#[derive(Debug, thiserror::Error)]
pub enum AccessError {
    #[error(
        "{addr} is reachable from other machines: give --password-file FILE or --authorized-keys FILE, or --open to let anyone join under any name"
    )]
    Unprotected { addr: SocketAddr },
    #[error("--password-file {path}: {why}")]
    Password { path: PathBuf, why: String },
    #[error("--authorized-keys {path}: {why}")]
    Keys { path: PathBuf, why: String },
}

impl Access {
    /// The access for a server on `listen`: open where asked, or on loopback when no
    /// password or keys are given.
    pub fn new(
        listen: SocketAddr,
        open: bool,
        password_file: Option<&Path>,
        keys_file: Option<&Path>,
    ) -> Result<Access, AccessError> {
        let password = password_file.map(read_password).transpose()?;
        let keys = keys_file.map(read_keys).transpose()?.unwrap_or_default();
        let protected = password.is_some() || !keys.is_empty();
        if !protected && !open && !listen.ip().is_loopback() {
            return Err(AccessError::Unprotected { addr: listen });
        }
        Ok(Access {
            open: open || !protected,
            password,
            keys,
        })
    }

    /// Whether `password` opens the door (compared in constant time).
    pub fn password_ok(&self, password: &str) -> bool {
        self.open
            || self
                .password
                .as_deref()
                .is_some_and(|p| constant_time_eq(p.as_bytes(), password.as_bytes()))
    }

    /// Whether `key` is one of the listed keys.
    pub fn key_ok(&self, key: &PublicKey) -> bool {
        self.open || self.keys.iter().any(|k| k.key_data() == key.key_data())
    }

    /// The ways of authenticating the server offers (and offers again after a failed
    /// try, so a mistyped password can be typed again).
    pub fn methods(&self) -> russh::MethodSet {
        use russh::MethodKind;
        let mut methods = russh::MethodSet::empty();
        if self.open {
            methods.push(MethodKind::None);
        }
        if self.open || self.password.is_some() {
            methods.push(MethodKind::Password);
        }
        if self.open || !self.keys.is_empty() {
            methods.push(MethodKind::PublicKey);
        }
        methods
    }

    /// How the server says who may join, for its start-up lines.
    pub fn describe(&self) -> String {
        match (self.open, &self.password, self.keys.len()) {
            (true, _, _) => "open: anyone joins under any name".into(),
            (false, Some(_), 0) => "by password".into(),
            (false, None, n) => format!("by key ({n} listed)"),
            (false, Some(_), n) => format!("by password or key ({n} listed)"),
        }
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The password: the first line of the file, which must not be empty.
fn read_password(path: &Path) -> Result<String, AccessError> {
    let failed = |why: String| AccessError::Password {
        path: path.to_path_buf(),
        why,
    };
    let text = std::fs::read_to_string(path).map_err(|e| failed(e.to_string()))?;
    let line = text.lines().next().unwrap_or("").trim_end_matches('\r');
    if line.is_empty() {
        return Err(failed("its first line, the password, is empty".into()));
    }
    Ok(line.to_string())
}

/// The keys of an OpenSSH `authorized_keys` file (options before a key are read and
/// ignored; comments and blank lines skipped).
fn read_keys(path: &Path) -> Result<Vec<PublicKey>, AccessError> {
    let failed = |why: String| AccessError::Keys {
        path: path.to_path_buf(),
        why,
    };
    let text = std::fs::read_to_string(path).map_err(|e| failed(e.to_string()))?;
    let mut keys = Vec::new();
    for (i, entry) in AuthorizedKeys::new(&text).enumerate() {
        let entry = entry.map_err(|e| failed(format!("key {}: {e}", i + 1)))?;
        keys.push(entry.public_key().clone());
    }
    if keys.is_empty() {
        return Err(failed("no key in it".into()));
    }
    Ok(keys)
}

/// At most this many connections at once, and from one address.
pub const MAX_CONNECTIONS: usize = 200;
pub const MAX_PER_ADDRESS: usize = 10;

/// The connections open now, per address: a connection past the limits is refused at
/// its authentication. Loopback, this machine's own players, counts in the total only.
#[derive(Debug, Default)]
pub struct Gate {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// A connection let in: it frees its place when dropped.
#[derive(Debug)]
pub struct Admitted {
    gate: std::sync::Arc<Gate>,
    ip: IpAddr,
}

impl Gate {
    /// A place for a connection from `ip`, or `None` when the server or that address
    /// is full.
    pub fn admit(self: &std::sync::Arc<Self>, ip: IpAddr) -> Option<Admitted> {
        let mut open = self.open.lock().ok()?;
        let total: usize = open.values().sum();
        let here = open.get(&ip).copied().unwrap_or(0);
        // This machine's own players share one address: only the total counts for them.
        let crowded = here >= MAX_PER_ADDRESS && !ip.is_loopback();
        if total >= MAX_CONNECTIONS || crowded {
            return None;
        }
        open.insert(ip, here + 1);
        Some(Admitted {
            gate: self.clone(),
            ip,
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        if let Ok(mut open) = self.gate.open.lock()
            && let Some(n) = open.get_mut(&self.ip)
        {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_key() -> russh::keys::PrivateKey {
        russh::keys::PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519)
            .expect("a key")
    }

    #[test]
    fn beyond_loopback_a_password_or_keys_or_open_in_so_many_words() {
        let lan: SocketAddr = "0.0.0.0:2222".parse().expect("an address");
        let local: SocketAddr = "127.0.0.1:2222".parse().expect("an address");
        let e = Access::new(lan, false, None, None).expect_err("refused");
        assert!(e.to_string().contains("--password-file"), "{e}");
        assert!(Access::new(lan, true, None, None).expect("open").open);
        assert!(
            Access::new(local, false, None, None)
                .expect("loopback")
                .open
        );

        let dir = tempfile::tempdir().expect("a directory");
        let pw = dir.path().join("pw");
        std::fs::write(&pw, "s3cret\n").expect("written");
        let access = Access::new(lan, false, Some(&pw), None).expect("by password");
        assert!(!access.open);
        assert!(access.password_ok("s3cret"));
        assert!(!access.password_ok("s3cre"));
        assert!(!access.password_ok("s3cret "));
        std::fs::write(&pw, "\n").expect("written");
        assert!(Access::new(lan, false, Some(&pw), None).is_err());
    }

    #[test]
    fn listed_keys_join_and_others_do_not() {
        let dir = tempfile::tempdir().expect("a directory");
        let file = dir.path().join("authorized_keys");
        let alice = a_key();
        let line = alice.public_key().to_openssh().expect("its line");
        std::fs::write(&file, format!("# friends\n\n{line} alice@home\n")).expect("written");
        let lan: SocketAddr = "0.0.0.0:2222".parse().expect("an address");
        let access = Access::new(lan, false, None, Some(&file)).expect("by key");
        assert!(access.key_ok(alice.public_key()));
        assert!(!access.key_ok(a_key().public_key()));
        assert!(!access.password_ok("anything"));
        std::fs::write(&file, "not a key\n").expect("written");
        let e = Access::new(lan, false, None, Some(&file)).expect_err("refused");
        assert!(e.to_string().contains("key 1"), "{e}");
    }

    #[test]
    fn the_gate_counts_per_address_and_in_all() {
        let gate = std::sync::Arc::new(Gate::default());
        let a: IpAddr = "10.0.0.1".parse().expect("an address");
        let b: IpAddr = "10.0.0.2".parse().expect("an address");
        let held: Vec<_> = (0..MAX_PER_ADDRESS)
            .map(|_| gate.admit(a).expect("a place"))
            .collect();
        assert!(gate.admit(a).is_none(), "that address is full");
        assert!(gate.admit(b).is_some(), "another address is not");
        drop(held);
        assert!(gate.admit(a).is_some(), "places are freed");
        let here: IpAddr = "127.0.0.1".parse().expect("an address");
        let local: Vec<_> = (0..MAX_PER_ADDRESS + 5)
            .map(|_| gate.admit(here).expect("loopback counts in the total only"))
            .collect();
        assert_eq!(local.len(), MAX_PER_ADDRESS + 5);
    }
}
