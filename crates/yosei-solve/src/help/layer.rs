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

    /// An empty layer for the children of a frontier of `width` positions, reusing the
    /// storage of an earlier layer (`spare`): fresh large vectors cost page faults.
    pub(super) fn for_width(width: usize, spare: &mut Spare) -> Layer {
        Layer {
            positions: if width < Layer::FULL_BELOW {
                Positions::Full(spare.full.pop().unwrap_or_default())
            } else {
                Positions::Packed(spare.packed.pop().unwrap_or_default())
            },
            ids: spare.ids.pop().unwrap_or_default(),
        }
    }

    /// Gives this layer's storage back for a later layer.
    fn recycle(self, spare: &mut Spare) {
        match self.positions {
            Positions::Full(mut v) => {
                v.clear();
                spare.full.push(v);
            }
            Positions::Packed(mut v) => {
                v.clear();
                spare.packed.push(v);
            }
        }
        let mut ids = self.ids;
        ids.clear();
        spare.ids.push(ids);
    }

    pub(super) fn len(&self) -> usize {
        self.ids.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Memory held (capacity: recycled storage is larger than its layer).
    pub(super) fn bytes(&self) -> usize {
        self.ids.capacity() * 4
            + match &self.positions {
                Positions::Full(v) => v.capacity() * std::mem::size_of::<Position>(),
                Positions::Packed(v) => v.capacity() * std::mem::size_of::<PackedPosition>(),
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
    full: Vec<Vec<Position>>,
    packed: Vec<Vec<PackedPosition>>,
    ids: Vec<Vec<u32>>,
}

/// The layer being expanded, in parts (one per worker of the pass that made it).
pub(super) struct Frontier {
    pub(super) parts: Vec<Layer>,
}

impl Frontier {
    /// The start position alone, node 0.
    pub(super) fn start(pos: &Position) -> Frontier {
        Frontier {
            parts: vec![Layer {
                positions: Positions::Full(vec![pos.clone()]),
                ids: vec![0],
            }],
        }
    }

    pub(super) fn len(&self) -> usize {
        self.parts.iter().map(Layer::len).sum()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(super) fn bytes(&self) -> usize {
        self.parts.iter().map(Layer::bytes).sum()
    }

    /// The first position (all of a layer have the same side to move).
    pub(super) fn first(&self) -> Option<Position> {
        self.parts.iter().find(|p| !p.is_empty()).map(|p| match &p.positions {
            Positions::Full(v) => v[0].clone(),
            Positions::Packed(v) => Position::unpack(&v[0]),
        })
    }

    /// Calls `f` on each position of `range` (of the whole frontier's order) with its id.
    pub(super) fn for_each_in(&self, range: std::ops::Range<usize>, mut f: impl FnMut(&Position, u32)) {
        let mut offset = 0;
        for part in &self.parts {
            let (lo, hi) = (range.start.max(offset), range.end.min(offset + part.len()));
            if lo < hi {
                match &part.positions {
                    Positions::Full(v) => {
                        for i in lo..hi {
                            f(&v[i - offset], part.ids[i - offset]);
                        }
                    }
                    Positions::Packed(v) => {
                        for i in lo..hi {
                            f(&Position::unpack(&v[i - offset]), part.ids[i - offset]);
                        }
                    }
                }
            }
            offset += part.len();
        }
    }

    /// Gives the storage back for later layers.
    pub(super) fn recycle(&mut self, spare: &mut Spare) {
        for part in self.parts.drain(..) {
            part.recycle(spare);
        }
    }
}
