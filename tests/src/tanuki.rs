//! The tanuki-tsume set (tests/data/tanuki_all.tsv, see tests/data/PROVENANCE.md) and
//! what is known of its problems, shared by the direct-mate and mate-in-n tests.

/// Each problem of the set: its SFEN, its stated length in plies and its name.
pub fn problems() -> impl Iterator<Item = (&'static str, u32, &'static str)> {
    include_str!("../data/tanuki_all.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols[0], cols[1].parse::<u32>().unwrap(), cols[3])
        })
}

/// The problems with a mate two plies shorter than stated (PROVENANCE: KomoringHeights
/// and cshogi agree on them).
pub const SHORTER: [&str; 11] = [
    "tanuki_7.json#72",
    "tanuki_7.json#129",
    "tanuki_7.json#182",
    "tanuki_7.json#185",
    "tanuki_7.json#202",
    "tanuki_9.json#164",
    "tanuki_9.json#429",
    "tanuki_9.json#431",
    "tanuki_9.json#464",
    "tanuki_9.json#466",
    "tanuki_9.json#490",
];

/// Of `COOKED`, those whose every other mating move comes back to the main line's own
/// position at the same ply, no cook by default (docs/rules/direct-mate.md, "Cooks"):
/// #137 a silver's check promoted or not, the king taking it (非限定); #438 the lance
/// dropped on 1h and the rook's interposition on 1g played before the dragon's three
/// checks rather than after (手順前後).
pub const REJOINING: [&str; 2] = ["tanuki_7.json#137", "tanuki_9.json#438"];

/// The problems of the stated length with a second mating move at some attacker move
/// of every main line (余詰). Each cook line was checked to mate within the plies left
/// by a brute-force search over cshogi's move generator (every interposition
/// counted): `tests/differential/tsume_cooks.py`.
pub const COOKED: [&str; 26] = [
    "tanuki_7.json#40",
    "tanuki_7.json#42",
    "tanuki_7.json#47",
    "tanuki_7.json#64",
    "tanuki_7.json#66",
    "tanuki_7.json#75",
    "tanuki_7.json#79",
    "tanuki_7.json#81",
    "tanuki_7.json#88",
    "tanuki_7.json#90",
    "tanuki_7.json#111",
    "tanuki_7.json#131",
    "tanuki_7.json#137",
    "tanuki_7.json#145",
    "tanuki_7.json#147",
    "tanuki_7.json#158",
    "tanuki_7.json#203",
    "tanuki_7.json#205",
    "tanuki_9.json#433",
    "tanuki_9.json#438",
    "tanuki_9.json#459",
    "tanuki_9.json#468",
    "tanuki_9.json#497",
    "tanuki_9.json#499",
    "tanuki_9.json#501",
    "tanuki_9.json#517",
];
