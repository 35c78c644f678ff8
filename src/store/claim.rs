//! A claim on a saved match while a parlor has it on screen, so that two parlors open
//! at once never play the same saved match: each would write its own line of play
//! over the other's, and the last to save would win. The claim is the operating
//! system's lock on `claims/<slot>.lock`, held for as long as the match is on screen;
//! a parlor that quits or crashes lets go of it with its open files.

use std::fs::{self, File, TryLockError};

use super::{SaveSlot, Store};

/// Held while the saved match in `slot` is on screen; dropping it lets go.
#[derive(Debug)]
pub struct SlotClaim {
    slot: SaveSlot,
    _file: File,
}

impl SlotClaim {
    /// The saved match it claims.
    pub fn slot(&self) -> &SaveSlot {
        &self.slot
    }
}

/// What [`Store::claim`] found.
#[derive(Debug)]
pub enum Claim {
    Held(SlotClaim),
    /// Another parlor (or another window of this one) has the match on screen.
    Busy,
    /// Nothing can be locked here (no data directory, or it cannot be written): the
    /// match is played without a claim, as it is saved without one.
    Unavailable,
}

impl Store {
    /// Claims the saved match in `slot` for this parlor.
    pub fn claim(&self, slot: &SaveSlot) -> Claim {
        if !self.writable() {
            return Claim::Unavailable;
        }
        let path = self.claim_path(slot);
        if fs::create_dir_all(self.claims_dir()).is_err() {
            return Claim::Unavailable;
        }
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path);
        let Ok(file) = file else {
            return Claim::Unavailable;
        };
        match file.try_lock() {
            Ok(()) => Claim::Held(SlotClaim {
                slot: slot.clone(),
                _file: file,
            }),
            Err(TryLockError::WouldBlock) => Claim::Busy,
            Err(TryLockError::Error(e)) => {
                tracing::warn!("{}: {e}", path.display());
                Claim::Unavailable
            }
        }
    }

    /// Whether another parlor has the saved match in `slot` on screen now.
    pub fn claimed_elsewhere(&self, slot: &SaveSlot) -> bool {
        matches!(self.claim(slot), Claim::Busy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claimed_match_is_busy_for_another_until_let_go() {
        let dir = tempfile::tempdir().unwrap();
        // Two stores on one directory: two parlors.
        let (a, b) = (
            Store::open(dir.path().to_path_buf()),
            Store::open(dir.path().to_path_buf()),
        );
        let slot = SaveSlot("nim-20260101T000000Z-0000000000000001".into());
        let held = match a.claim(&slot) {
            Claim::Held(held) => held,
            other => panic!("not held: {other:?}"),
        };
        assert_eq!(held.slot(), &slot);
        assert!(matches!(b.claim(&slot), Claim::Busy));
        assert!(b.claimed_elsewhere(&slot));
        // Another match is free.
        let other = SaveSlot("nim-20260101T000000Z-0000000000000002".into());
        assert!(matches!(b.claim(&other), Claim::Held(_)));
        drop(held);
        assert!(!b.claimed_elsewhere(&slot));
        assert!(matches!(b.claim(&slot), Claim::Held(_)));
    }
}
