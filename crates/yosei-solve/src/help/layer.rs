//! The frontier of the breadth-first search: one layer of positions and their node ids.

use yosei_rules::Position;

/// One layer of the breadth-first search, in breadth-first order. A narrow layer keeps
/// whole positions (no unpacking when it is expanded: faster); a wide one keeps them
/// packed, in a tenth of the memory.
pub(super) struct Layer {
    positions: Positions,
    /// The node id of each position (`Store::Edges`; empty otherwise: every id is 0).
    ids: Vec<u32>,
    keeps_ids: bool,
}

enum Positions {
    Full(Vec<Position>),
    Packed(PackedLayer),
}

/// Packed positions ([`Position::pack_into`], about fifty bytes on a full board) in
/// blocks of a fixed size (no vector doubling: a wide layer holds what it uses), with
/// where every `MARK_EVERY`-th one starts, for workers that take ranges of the layer.
struct PackedLayer {
    blocks: Vec<Vec<u8>>,
    /// (block, offset) of positions 0, `MARK_EVERY`, 2 × `MARK_EVERY`…
    marks: Vec<(u32, u32)>,
    len: usize,
    /// The move number of every position of the layer (one ply).
    move_number: u32,
}

const BLOCK_BYTES: usize = 1 << 20;
/// More than a packed position takes: header, a byte per square, two per hand kind.
const MAX_PACKED: usize = 12 + 81 + 2 * 64;
const MARK_EVERY: usize = 64;

impl PackedLayer {
    // (Kept out of `Worker::expand`, which every position passes through: wide layers
    // are rare and packing is long.)
    #[inline(never)]
    fn push(&mut self, pos: &Position, spare_blocks: &mut Vec<Vec<u8>>) {
        if self.len == 0 {
            self.move_number = pos.move_number();
        }
        if self.blocks.last().is_none_or(|b| b.capacity() - b.len() < MAX_PACKED) {
            self.blocks
                .push(spare_blocks.pop().unwrap_or_else(|| Vec::with_capacity(BLOCK_BYTES)));
        }
        let block = self.blocks.len() - 1;
        let bytes = &mut self.blocks[block];
        if self.len.is_multiple_of(MARK_EVERY) {
            self.marks.push((block as u32, bytes.len() as u32));
        }
        pos.pack_into(bytes);
        self.len += 1;
    }

    /// Calls `f` on positions `lo..hi` of this layer with their indices.
    fn for_each_in(&self, lo: usize, hi: usize, mut f: impl FnMut(&Position, usize)) {
        let Some(&(mut block, at)) = self.marks.get(lo / MARK_EVERY) else {
            return;
        };
        let mut at = at as usize;
        let mut i = lo - lo % MARK_EVERY;
        while i < hi {
            let bytes = &self.blocks[block as usize];
            if at >= bytes.len() {
                block += 1;
                at = 0;
                continue;
            }
            if i < lo {
                at += Position::packed_len(&bytes[at..]);
            } else {
                let (pos, len) = Position::unpack(&bytes[at..], self.move_number);
                f(&pos, i);
                at += len;
            }
            i += 1;
        }
    }
}

impl Layer {
    /// Children of layers narrower than this keep whole positions (measured on the
    /// benchmark helpmates: unpacking costs more than copying whole positions; at most
    /// two such layers, ~75 MB each, are held at once) until they are as wide
    /// themselves. Wider layers are packed, for searches of hundreds of millions of
    /// positions.
    const FULL_BELOW: usize = 131_072;

    /// An empty layer for the children of a frontier of `width` positions, reusing the
    /// storage of an earlier layer (`spare`): fresh large vectors cost page faults.
    pub(super) fn for_width(width: usize, keeps_ids: bool, spare: &mut Spare) -> Layer {
        Layer {
            positions: if width < Layer::FULL_BELOW {
                Positions::Full(spare.full.pop().unwrap_or_default())
            } else {
                Positions::Packed(PackedLayer {
                    blocks: Vec::new(),
                    marks: spare.marks.pop().unwrap_or_default(),
                    len: 0,
                    move_number: 0,
                })
            },
            ids: if keeps_ids {
                spare.ids.pop().unwrap_or_default()
            } else {
                Vec::new()
            },
            keeps_ids,
        }
    }

    /// Gives this layer's storage back for a later layer.
    fn recycle(self, spare: &mut Spare) {
        match self.positions {
            Positions::Full(mut v) => {
                v.clear();
                spare.full.push(v);
            }
            Positions::Packed(packed) => {
                for mut block in packed.blocks {
                    block.clear();
                    spare.blocks.push(block);
                }
                let mut marks = packed.marks;
                marks.clear();
                spare.marks.push(marks);
            }
        }
        let mut ids = self.ids;
        ids.clear();
        spare.ids.push(ids);
    }

    pub(super) fn len(&self) -> usize {
        match &self.positions {
            Positions::Full(v) => v.len(),
            Positions::Packed(p) => p.len,
        }
    }

    /// Memory held (capacity: recycled storage is larger than its layer).
    pub(super) fn bytes(&self) -> usize {
        self.ids.capacity() * 4
            + match &self.positions {
                Positions::Full(v) => v.capacity() * std::mem::size_of::<Position>(),
                Positions::Packed(p) => {
                    p.blocks.len() * BLOCK_BYTES + p.marks.capacity() * std::mem::size_of::<(u32, u32)>()
                }
            }
    }

    /// Appends `child`; a packed layer takes new blocks from `spare_blocks`.
    pub(super) fn push(&mut self, child: Position, id: u32, spare_blocks: &mut Vec<Vec<u8>>) {
        if matches!(&self.positions, Positions::Full(v) if v.len() >= Layer::FULL_BELOW) {
            self.pack(spare_blocks);
        }
        match &mut self.positions {
            Positions::Full(v) => v.push(child),
            Positions::Packed(p) => p.push(&child, spare_blocks),
        }
        if self.keeps_ids {
            self.ids.push(id);
        }
    }

    /// `push`, from a reference: a whole position is copied once, into the layer (a
    /// worker judges its children in one scratch position rather than moving each
    /// through the calls by value).
    pub(super) fn push_copy(&mut self, child: &Position, id: u32, spare_blocks: &mut Vec<Vec<u8>>) {
        if matches!(&self.positions, Positions::Full(v) if v.len() >= Layer::FULL_BELOW) {
            self.pack(spare_blocks);
        }
        match &mut self.positions {
            Positions::Full(v) => v.push(child.clone()),
            Positions::Packed(p) => p.push(child, spare_blocks),
        }
        if self.keeps_ids {
            self.ids.push(id);
        }
    }

    /// Packs a layer of whole positions that has grown wide (a wide ply after a narrow
    /// one: ofm-139_5's ply 5 is fifty times as wide as its ply 3, and would take ten
    /// times the memory as whole positions).
    #[cold]
    fn pack(&mut self, spare_blocks: &mut Vec<Vec<u8>>) {
        let mut packed = PackedLayer {
            blocks: Vec::new(),
            marks: Vec::new(),
            len: 0,
            move_number: 0,
        };
        if let Positions::Full(v) = &self.positions {
            for pos in v {
                packed.push(pos, spare_blocks);
            }
        }
        self.positions = Positions::Packed(packed);
    }

    fn id(&self, i: usize) -> u32 {
        self.ids.get(i).copied().unwrap_or(0)
    }
}

/// Storage of expanded layers, kept for the next ones.
#[derive(Default)]
pub(super) struct Spare {
    full: Vec<Vec<Position>>,
    blocks: Vec<Vec<u8>>,
    marks: Vec<Vec<(u32, u32)>>,
    ids: Vec<Vec<u32>>,
}

impl Spare {
    pub(super) fn blocks(&self) -> usize {
        self.blocks.len()
    }

    fn bytes(&self) -> usize {
        self.blocks.len() * BLOCK_BYTES
            + self
                .full
                .iter()
                .map(|v| v.capacity() * std::mem::size_of::<Position>())
                .sum::<usize>()
            + self
                .marks
                .iter()
                .map(|v| v.capacity() * std::mem::size_of::<(u32, u32)>())
                .sum::<usize>()
            + self.ids.iter().map(|v| v.capacity() * 4).sum::<usize>()
    }

    /// Frees the blocks beyond `keep_blocks` (a wave of wide layers has passed: its
    /// storage would otherwise stay held, uncounted) and the vectors beyond what a pass
    /// of `threads` workers takes.
    pub(super) fn trim(&mut self, keep_blocks: usize, threads: usize) {
        self.blocks.truncate(keep_blocks);
        self.full.truncate(threads);
        self.marks.truncate(threads);
        self.ids.truncate(threads);
    }

    /// A share of the blocks for one worker of a pass (each worker fills its own part).
    pub(super) fn split_off_blocks(&mut self, share: usize) -> Vec<Vec<u8>> {
        let at = self.blocks.len().saturating_sub(share);
        self.blocks.split_off(at)
    }

    /// Takes back a worker's unused blocks.
    pub(super) fn take_blocks(&mut self, blocks: &mut Vec<Vec<u8>>) {
        self.blocks.append(blocks);
    }
}

/// The layer being expanded, in parts (one per worker of the pass that made it), and
/// the storage kept for the next (counted in its memory).
pub(super) struct Frontier {
    pub(super) parts: Vec<Layer>,
    pub(super) spare: Spare,
}

impl Frontier {
    /// The start position alone, node 0.
    pub(super) fn start(pos: &Position) -> Frontier {
        Frontier {
            parts: vec![Layer {
                positions: Positions::Full(vec![pos.clone()]),
                ids: vec![0],
                keeps_ids: true,
            }],
            spare: Spare::default(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.parts.iter().map(Layer::len).sum()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(super) fn bytes(&self) -> usize {
        self.parts.iter().map(Layer::bytes).sum::<usize>() + self.spare.bytes()
    }

    /// Keeps spare storage for one pass over this layer: the rest (a wave of wide
    /// layers passed) goes back to the system.
    pub(super) fn trim_spare(&mut self, threads: usize) {
        let blocks = self.blocks();
        self.spare.trim(blocks, threads);
    }

    /// Blocks of packed positions held.
    fn blocks(&self) -> usize {
        self.parts
            .iter()
            .map(|p| match &p.positions {
                Positions::Packed(p) => p.blocks.len(),
                Positions::Full(_) => 0,
            })
            .sum()
    }

    /// The first position (all of a layer have the same side to move).
    pub(super) fn first(&self) -> Option<Position> {
        let mut first = None;
        self.for_each_in(0..1, |pos, _| first = Some(pos.clone()));
        first
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
                            f(&v[i - offset], part.id(i - offset));
                        }
                    }
                    Positions::Packed(p) => p.for_each_in(lo - offset, hi - offset, |pos, i| f(pos, part.id(i))),
                }
            }
            offset += part.len();
        }
    }

    /// An empty frontier of one part, for `width` positions pushed by
    /// [`Frontier::push`] (a resumed search).
    pub(super) fn for_width(width: usize) -> Frontier {
        let mut spare = Spare::default();
        Frontier {
            parts: vec![Layer::for_width(width, false, &mut spare)],
            spare,
        }
    }

    /// Appends `pos` to the last part (the plies store: node id 0).
    pub(super) fn push(&mut self, pos: Position) {
        let part = self.parts.last_mut().expect("a frontier made by for_width");
        part.push(pos, 0, &mut self.spare.blocks);
    }

    /// Appends `positions` as a part of their own (the plies store: node ids 0).
    pub(super) fn push_part(&mut self, positions: Vec<Position>) {
        if !positions.is_empty() {
            self.parts.push(Layer {
                positions: Positions::Full(positions),
                ids: Vec::new(),
                keeps_ids: false,
            });
        }
    }

    /// Gives the storage back for later layers.
    pub(super) fn recycle(&mut self, spare: &mut Spare) {
        for part in self.parts.drain(..) {
            part.recycle(spare);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yosei_core::random::SplitMix64;
    use yosei_rules::RuleSet;

    /// Positions of random games from the start, all at the same ply (as in a layer).
    fn positions(n: usize, ply: usize) -> Vec<Position> {
        let rules = RuleSet::ordinary();
        let mut rng = SplitMix64::new(7);
        let mut out = Vec::new();
        while out.len() < n {
            let mut pos = Position::startpos();
            for _ in 0..ply {
                let moves = pos.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves.as_slice()[rng.below(moves.len())]);
            }
            if pos.move_number() == 1 + ply as u32 {
                out.push(pos);
            }
        }
        out
    }

    #[test]
    fn spare_storage_is_bounded() {
        let mut spare = Spare::default();
        for _ in 0..10 {
            let mut layer = Layer::for_width(Layer::FULL_BELOW, true, &mut spare);
            for pos in positions(3000, 2) {
                layer.push(pos, 0, &mut spare.blocks);
            }
            layer.recycle(&mut spare);
            Layer::for_width(0, true, &mut spare).recycle(&mut spare);
        }
        assert!(spare.blocks() > 0);
        spare.trim(0, 2);
        assert_eq!(spare.blocks(), 0);
        assert!(spare.full.len() <= 2 && spare.marks.len() <= 2 && spare.ids.len() <= 2);
    }

    #[test]
    fn a_layer_of_whole_positions_is_packed_once_wide() {
        let some = positions(1000, 30);
        let mut spare = Spare::default();
        let mut layer = Layer::for_width(1, true, &mut spare);
        let n = Layer::FULL_BELOW + 100;
        for i in 0..n {
            layer.push(some[i % some.len()].clone(), i as u32, &mut spare.blocks);
        }
        assert!(matches!(layer.positions, Positions::Packed(_)));
        let frontier = Frontier {
            parts: vec![layer],
            spare,
        };
        assert!(frontier.bytes() < n * 64 + 2 * BLOCK_BYTES, "{}", frontier.bytes());
        let mut seen = 0;
        frontier.for_each_in(0..n, |pos, id| {
            assert!(*pos == some[id as usize % some.len()], "position {id}");
            assert_eq!(id as usize, seen);
            seen += 1;
        });
        assert_eq!(seen, n);
    }

    #[test]
    fn a_packed_layer_gives_back_every_position_of_any_range() {
        let all = positions(30_000, 40);
        let mut spare = Spare::default();
        let mut layer = Layer::for_width(Layer::FULL_BELOW, true, &mut spare);
        for (i, pos) in all.iter().enumerate() {
            layer.push(pos.clone(), i as u32 + 5, &mut spare.blocks);
        }
        assert!(matches!(layer.positions, Positions::Packed(_)));
        let frontier = Frontier {
            parts: vec![layer],
            spare: Spare::default(),
        };
        assert!(frontier.blocks() > 1, "positions in several blocks");
        assert!(
            frontier.bytes() < all.len() * 64 + 2 * BLOCK_BYTES,
            "{}",
            frontier.bytes()
        );
        for range in [0..all.len(), 0..1, 63..65, 1000..1256, 29_990..30_000, 17_001..17_002] {
            let mut seen = Vec::new();
            frontier.for_each_in(range.clone(), |pos, id| seen.push((pos.clone(), id)));
            assert_eq!(seen.len(), range.len());
            for ((pos, id), i) in seen.into_iter().zip(range) {
                assert!(pos == all[i], "position {i}");
                assert_eq!(id, i as u32 + 5);
            }
        }
    }
}
