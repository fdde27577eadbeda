//! A set of piece kinds, one bit per kind: the per-problem options that name kinds
//! (what a captured fairy piece becomes, `DiscardedKinds`; which fairy kinds promote,
//! `FairyPromotion`) are sets of this shape, told apart by a tag type so that neither
//! can be given for the other.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use yosei_core::PieceKind;

// one bit per kind
const _: () = assert!(PieceKind::COUNT <= 128);

/// A set of kinds; `T` says what the set means. (The traits are written out so that
/// they ask nothing of the tag.)
pub struct KindSet<T>(u128, PhantomData<T>);

impl<T> Clone for KindSet<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for KindSet<T> {}

impl<T> Default for KindSet<T> {
    fn default() -> Self {
        KindSet::NONE
    }
}

impl<T> PartialEq for KindSet<T> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<T> Eq for KindSet<T> {}

impl<T> Hash for KindSet<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<T> KindSet<T> {
    /// The empty set.
    pub const NONE: KindSet<T> = KindSet(0, PhantomData);

    /// `kinds` as a set, unchecked (each option's own `with` checks what it may hold).
    pub(crate) fn of(kinds: impl IntoIterator<Item = PieceKind>) -> KindSet<T> {
        kinds.into_iter().fold(KindSet::NONE, |set, kind| set.adding(kind))
    }

    /// These kinds and `kind`, unchecked.
    pub(crate) fn adding(self, kind: PieceKind) -> KindSet<T> {
        KindSet(self.0 | 1 << kind.index(), PhantomData)
    }

    #[inline]
    pub fn contains(self, kind: PieceKind) -> bool {
        self.0 & (1 << kind.index()) != 0
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds of either set.
    pub fn union(self, other: KindSet<T>) -> KindSet<T> {
        KindSet(self.0 | other.0, PhantomData)
    }

    /// The kinds of both sets.
    pub(crate) fn intersection(self, other: KindSet<T>) -> KindSet<T> {
        KindSet(self.0 & other.0, PhantomData)
    }

    /// The kinds, in kind order.
    pub fn iter(self) -> impl Iterator<Item = PieceKind> {
        PieceKind::ALL.into_iter().filter(move |&k| self.contains(k))
    }

    /// The set as bits by kind index (the packed position keeps discarded kinds so).
    pub(crate) fn bits(self) -> u128 {
        self.0
    }

    /// The set of `bits` ([`KindSet::bits`]), unchecked.
    pub(crate) fn from_bits(bits: u128) -> KindSet<T> {
        KindSet(bits, PhantomData)
    }

    /// The kinds of the comma list `text` (`J,[MK]`, `kirin, blind-tiger`), each added
    /// by the option's own `with`; an error names the option (`option`), the word that is
    /// no kind and what the option expects.
    pub(crate) fn from_list(
        text: &str,
        option: &str,
        expected: &str,
        with: impl Fn(KindSet<T>, PieceKind) -> Result<KindSet<T>, String>,
    ) -> Result<KindSet<T>, String> {
        text.split(',').try_fold(KindSet::NONE, |kinds, word| {
            let kind = crate::ruleset::kind_from_word(word).ok_or_else(|| {
                format!(
                    "{option} '{text}': '{}' is not a piece kind (expected {expected})",
                    word.trim()
                )
            })?;
            with(kinds, kind)
        })
    }

    /// The SFEN names of the kinds, joined by commas (`T,[WA]`).
    pub(crate) fn sfen_names(self) -> String {
        let names: Vec<&str> = self.iter().map(|k| k.sfen_name()).collect();
        names.join(",")
    }
}

impl<T> fmt::Debug for KindSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|k| k.sfen_name())).finish()
    }
}
