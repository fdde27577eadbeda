//! The frontier of the breadth-first search: one layer of positions and their node ids.

use yosei_rules::{PackedPosition, Position};

/// One layer of the breadth-first search, in breadth-first order. A narrow layer keeps
/// whole positions (no unpacking when it is expanded: faster); a wide one keeps them
/// packed, at about a third of the memory.
pub(super) struct Layer {
    pub(super) positions: Positions,
    /// The node id of each position (`Store::Edges`).
    pub(super) ids: Vec<u32>,
}

pub(super) enum Positions {
    Full(Vec<Position>),
    Packed(Vec<PackedPosition>),
}

impl Layer {
    /// Children of layers narrower than this keep whole positions (measured on the
    /// benchmark helpmates: unpacking costs more than copying whole positions; at most
    /// two such layers, ~75 MB each, are held at once). Wider layers stay packed, a third
    /// of the memory, for searches of hundreds of millions of positions.
    const FULL_BELOW: usize = 131_072;

    /// The first layer.
    pub(super) fn start(pos: &Position) -> Layer {
        Layer {
            positions: Positions::Full(vec![pos.clone()]),
            ids: vec![0],
        }
    }

    /// An empty layer for the children of a layer of `width` positions, reusing the
    /// storage of an earlier layer (`spare`): fresh large vectors cost page faults.
    pub(super) fn for_width(width: usize, spare: &mut Spare) -> Layer {
        Layer {
            positions: if width < Layer::FULL_BELOW {
                Positions::Full(std::mem::take(&mut spare.full))
            } else {
                Positions::Packed(std::mem::take(&mut spare.packed))
            },
            ids: std::mem::take(&mut spare.ids),
        }
    }

    /// Gives this layer's storage back for a later layer.
    pub(super) fn recycle(self, spare: &mut Spare) {
        match self.positions {
            Positions::Full(mut v) => {
                v.clear();
                spare.full = v;
            }
            Positions::Packed(mut v) => {
                v.clear();
                spare.packed = v;
            }
        }
        let mut ids = self.ids;
        ids.clear();
        spare.ids = ids;
    }

    pub(super) fn len(&self) -> usize {
        self.ids.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first position (all of a layer have the same side to move).
    pub(super) fn first(&self) -> Option<Position> {
        match &self.positions {
            Positions::Full(v) => v.first().cloned(),
            Positions::Packed(v) => v.first().map(Position::unpack),
        }
    }

    pub(super) fn bytes(&self) -> usize {
        self.ids.len() * 4
            + match &self.positions {
                Positions::Full(v) => v.len() * std::mem::size_of::<Position>(),
                Positions::Packed(v) => v.len() * std::mem::size_of::<PackedPosition>(),
            }
    }

    pub(super) fn push(&mut self, child: Position, id: u32) {
        match &mut self.positions {
            Positions::Full(v) => v.push(child),
            Positions::Packed(v) => v.push(child.pack()),
        }
        self.ids.push(id);
    }
}

/// Storage of expanded layers, kept for the next ones.
#[derive(Default)]
pub(super) struct Spare {
    full: Vec<Position>,
    packed: Vec<PackedPosition>,
    ids: Vec<u32>,
}
