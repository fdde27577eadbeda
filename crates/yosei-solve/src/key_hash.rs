//! Hashing for maps keyed by Zobrist keys: the keys are random already, so their low
//! 64 bits are the hash (SipHash would only cost time).

use std::hash::{BuildHasherDefault, Hasher};

/// Passes a `u128` Zobrist key's low 64 bits through as the hash; other data (tuples
/// with a small number beside the key) are mixed in by a rotate and xor.
#[derive(Default)]
pub struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, &b| h.rotate_left(8) ^ u64::from(b));
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.0 = self.0.rotate_left(8) ^ u64::from(n);
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.0 ^= n as u64;
    }
}

/// The `BuildHasher` of [`ZobristHasher`], for `HashMap<Key, _, ZobristBuild>`.
pub type ZobristBuild = BuildHasherDefault<ZobristHasher>;
