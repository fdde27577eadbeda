//! The frontier of the breadth-first search: one layer of positions.

use yosei_core::Move;
use yosei_rules::{PackedPosition, Position};

/// One layer of the breadth-first search, in breadth-first order. A narrow layer keeps
/// whole positions (no unpacking when it is expanded: faster); a wide one keeps them
/// packed, at about a third of the memory.
pub(super) enum Layer {
    Full(Vec<Position>),
    Packed(Vec<PackedPosition>),
}

impl Layer {
    /// Children of layers narrower than this keep whole positions (measured on the
    /// benchmark helpmates: unpacking costs more than copying whole positions; at most
    /// two such layers, ~75 MB each, are held at once). Wider layers stay packed, a third
    /// of the memory, for searches of hundreds of millions of positions.
    const FULL_BELOW: usize = 131_072;

    /// An empty layer for the children of a layer of `width` positions, reusing the
    /// storage of an earlier layer (`spare`): fresh large vectors cost page faults.
    pub(super) fn for_width(width: usize, spare: &mut Spare) -> Layer {
        if width < Layer::FULL_BELOW {
            Layer::Full(std::mem::take(&mut spare.full))
        } else {
            Layer::Packed(std::mem::take(&mut spare.packed))
        }
    }

    /// Gives this layer's storage back for a later layer.
    pub(super) fn recycle(self, spare: &mut Spare) {
        match self {
            Layer::Full(mut v) => {
                v.clear();
                spare.full = v;
            }
            Layer::Packed(mut v) => {
                v.clear();
                spare.packed = v;
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Layer::Full(v) => v.len(),
            Layer::Packed(v) => v.len(),
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(super) fn bytes(&self) -> usize {
        match self {
            Layer::Full(v) => v.len() * std::mem::size_of::<Position>(),
            Layer::Packed(v) => v.len() * std::mem::size_of::<PackedPosition>(),
        }
    }

    /// Adds the child reached by `m` from `parent` (whose packed form the caller may
    /// have); `child` is the position when the caller built it already. Only a packed
    /// child built from its packed parent needs the child's key.
    pub(super) fn push(
        &mut self,
        parent: &Position,
        parent_packed: Option<&PackedPosition>,
        m: Move,
        child: Option<Position>,
    ) {
        match self {
            Layer::Full(v) => v.push(child.unwrap_or_else(|| parent.play(m))),
            Layer::Packed(v) => v.push(match (child, parent_packed) {
                (Some(child), _) => child.pack(),
                (None, Some(packed)) => packed.after(m, parent.key_after(m)),
                (None, None) => parent.play(m).pack(),
            }),
        }
    }
}

/// Storage of expanded layers, kept for the next ones.
#[derive(Default)]
pub(super) struct Spare {
    full: Vec<Position>,
    packed: Vec<PackedPosition>,
}
