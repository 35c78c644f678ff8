//! The server's host key: made once (Ed25519) and kept in the data directory, readable
//! by its owner only, so a client that trusted the server once can tell it again.

use std::path::Path;

use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};

use super::ServeError;

/// The file the key is kept in, in the server's data directory.
pub const FILE: &str = "host_key_ed25519";

/// The key kept in `dir`, made and written (mode 0600) the first time.
pub fn load_or_make(dir: &Path) -> Result<PrivateKey, ServeError> {
    let path = dir.join(FILE);
    let failed = |why: String| ServeError::HostKey {
        path: path.clone(),
        why,
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            return PrivateKey::from_openssh(&text).map_err(|e| {
                failed(format!(
                    "not an OpenSSH private key ({e}); move it aside to make a new one"
                ))
            });
        }
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(failed(e.to_string())),
        Err(_) => {}
    }
    std::fs::create_dir_all(dir).map_err(|e| failed(e.to_string()))?;
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| failed(e.to_string()))?;
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| failed(e.to_string()))?;
    write_private(&path, text.as_bytes()).map_err(|e| failed(e.to_string()))?;
    Ok(key)
}

/// Writes `bytes` to a new file only its owner can read, renamed into place whole.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist_noclobber(path).map_err(|e| e.error)?;
    Ok(())
}

/// The fingerprint a client shows when it first meets the server (`SHA256:…`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_kept_private_and_read_back() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let first = load_or_make(dir.path()).expect("made");
        let again = load_or_make(dir.path()).expect("read");
        assert_eq!(fingerprint(&first), fingerprint(&again));
        assert!(fingerprint(&first).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(FILE))
                .expect("kept")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(dir.path().join(FILE), "not a key").expect("written");
        let e = load_or_make(dir.path()).expect_err("refused");
        assert!(e.to_string().contains("move it aside"), "{e}");
    }
}
