//! A help search saved at the end of a pass, to be resumed: with `--spill-dir DIR`, a
//! search that reaches its `--time-limit` finishes the pass it is in and writes
//! itself into `DIR/yosei-saved-search-P` (`P`: a checksum of the problem, so that the
//! problems of one file keep a save each); `--resume` goes on from there. A search many
//! hours long (kato-107b_4197) is then run in as many sittings as it takes.
//!
//! The directory holds `search` (text: the format, the problem, the ply, the counters,
//! the notes and what the visited set is), `frontier` (the layer to expand, packed),
//! and the visited set (`Visited::save`: the exact set, the compact table, the runs on
//! disk, linked rather than copied where the system allows). Every binary file ends
//! with a checksum (`saved_file`): a damaged file is refused, naming it, before
//! anything is searched. The directory is written beside the old one and renamed over
//! it at the end, so a search killed while saving keeps the save before.

use super::visited::SpillStats;
use super::{Frontier, Search, Store};
use crate::plan::Goal;
use crate::saved_file::{checksum, SaveReader, SaveWriter};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use yosei_rules::Position;

/// The start of a saved search's directory name, in the spill directory.
const SAVED: &str = "yosei-saved-search";
const FORMAT: &str = "yosei saved help search 1";

impl Search<'_> {
    /// What a saved search must have been started from to be resumed by this one: the
    /// start position, the rules (a checksum of their long description) and the plan.
    fn problem(&self, start: &Position) -> String {
        let goal = match &self.plan.goal {
            Goal::Reach(target) => format!("reach {:032x}", target.key()),
            other => format!("{other:?}"),
        };
        format!(
            "{:032x} rules {:016x} attacker {:?} goal {goal} checks {} length {:?}",
            start.key(),
            checksum(format!("{:?}", self.rules).as_bytes()),
            self.plan.attacker,
            self.plan.attacker_checks,
            self.plan.max_length
        )
        .replace('\n', " ")
    }

    /// Where this search is saved: a directory of the spill directory named after the
    /// problem.
    fn saved_dir(&self, start: &Position) -> Option<PathBuf> {
        let dir = self.limits.spill_dir.as_deref()?;
        Some(dir.join(format!("{SAVED}-{:016x}", checksum(self.problem(start).as_bytes()))))
    }

    /// Removes the save of this search, if any (it has come to an end).
    pub(super) fn forget_save(&self, start: &Position) {
        if let Some(saved) = self.saved_dir(start) {
            let _ = fs::remove_dir_all(saved);
        }
    }

    /// Writes the search (between passes: `frontier` is the layer to expand next) into
    /// the spill directory; where it went.
    pub(super) fn save(&mut self, start: &Position, frontier: &Frontier) -> io::Result<PathBuf> {
        let target = self.saved_dir(start).expect("a search saves into its spill directory");
        self.keep_plies_only(Some("was saved"));
        let new = target.with_extension("new");
        if new.exists() {
            fs::remove_dir_all(&new)?;
        }
        fs::create_dir(&new)?;
        let visited = self.index.save(&new)?;
        save_frontier(&new.join("frontier"), frontier)?;
        let mut header = format!(
            "{FORMAT}\nproblem {}\ndepth {}\nnodes {}\nheld-back {} {}\nvisited {visited}\n",
            self.problem(start),
            self.depth,
            self.nodes,
            self.index.spill_stats.held_back,
            self.index.spill_stats.held_back_new
        );
        for note in &self.notes {
            header.push_str(&format!("note {}\n", note.replace('\n', " ")));
        }
        let mut out = SaveWriter::create(&new.join("search"))?;
        out.bytes(header.as_bytes())?;
        out.finish()?;
        if target.exists() {
            fs::remove_dir_all(&target)?;
        }
        fs::rename(&new, &target)?;
        Ok(target)
    }

    /// Takes up the search saved in the spill directory: its visited set, counters and
    /// notes; the frontier to expand. An error says what is missing or wrong.
    pub(super) fn resume(&mut self, start: &Position) -> Result<Frontier, String> {
        let (Some(dir), Some(saved)) = (self.limits.spill_dir.as_deref(), self.saved_dir(start)) else {
            return Err("--resume needs the --spill-dir of the saved search".into());
        };
        if !saved.join("search").is_file() {
            return Err(format!(
                "no saved search of this problem (start position, rules and stipulation) to resume in {}",
                dir.display()
            ));
        }
        let cannot = |e: io::Error| format!("cannot resume the search saved in {}: {e}", saved.display());
        let header = read_header(&saved.join("search")).map_err(cannot)?;
        let field = |name: &str| -> Result<&str, String> {
            header
                .lines()
                .find_map(|l| l.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')))
                .ok_or_else(|| cannot(damaged(&format!("no `{name}` line"))))
        };
        let number = |name: &str, text: &str| -> Result<u64, String> {
            text.parse()
                .map_err(|_| cannot(damaged(&format!("`{name}` is not a number: {text}"))))
        };
        if header.lines().next() != Some(FORMAT) {
            return Err(cannot(damaged(&format!("its first line is not `{FORMAT}`"))));
        }
        if field("problem")? != self.problem(start) {
            return Err(format!(
                "the search saved in {} is of another problem (start position, rules or stipulation)",
                saved.display()
            ));
        }
        let depth = number("depth", field("depth")?)?;
        let nodes = number("nodes", field("nodes")?)?;
        let held_back: Vec<&str> = field("held-back")?.split(' ').collect();
        let [held, held_new] = held_back.as_slice() else {
            return Err(cannot(damaged("`held-back` is not two numbers")));
        };
        self.index.load(field("visited")?, &saved, dir).map_err(cannot)?;
        let frontier = load_frontier(&saved.join("frontier")).map_err(cannot)?;
        self.store = Store::Plies;
        self.depth = u32::try_from(depth).map_err(|_| cannot(damaged("`depth` is too large")))?;
        self.nodes = nodes;
        self.nodes_before = nodes;
        self.index.spill_stats = SpillStats {
            held_back: number("held-back", held)?,
            held_back_new: number("held-back", held_new)?,
        };
        self.notes = header
            .lines()
            .filter_map(|l| l.strip_prefix("note "))
            .map(String::from)
            .collect();
        self.notes.push(format!(
            "resumed at ply {depth} from the search saved in {} ({} positions, {nodes} nodes before)",
            saved.display(),
            self.index.len()
        ));
        Ok(frontier)
    }
}

/// The header of a saved search (UTF-8 text with a checksum).
fn read_header(path: &Path) -> io::Result<String> {
    let len = fs::metadata(path)?.len();
    let mut input = SaveReader::open(path)?;
    let mut bytes = vec![0; len.saturating_sub(8).min(1 << 24) as usize];
    input.bytes(&mut bytes)?;
    input.finish()?;
    String::from_utf8(bytes).map_err(|_| damaged("its header is not UTF-8"))
}

/// The frontier's positions, packed: their number, their move number, the bytes.
fn save_frontier(path: &Path, frontier: &Frontier) -> io::Result<()> {
    let mut out = SaveWriter::create(path)?;
    let mut packed = Vec::new();
    let mut bytes = 0u64;
    let mut move_number = 0;
    frontier.for_each_in(0..frontier.len(), |pos, _| {
        packed.clear();
        pos.pack_into(&mut packed);
        bytes += packed.len() as u64;
        move_number = pos.move_number();
    });
    out.u64(frontier.len() as u64)?;
    out.u64(u64::from(move_number))?;
    out.u64(bytes)?;
    let mut written = Ok(());
    frontier.for_each_in(0..frontier.len(), |pos, _| {
        if written.is_ok() {
            packed.clear();
            pos.pack_into(&mut packed);
            written = out.bytes(&packed);
        }
    });
    written?;
    out.finish()
}

/// The frontier written by `save_frontier` (read whole and checked before a position is
/// unpacked).
fn load_frontier(path: &Path) -> io::Result<Frontier> {
    let mut input = SaveReader::open(path)?;
    let count = input.count(u64::from(u32::MAX))?;
    let move_number = input.count(u64::from(u32::MAX))? as u32;
    let mut bytes = vec![0; input.count(1 << 40)?];
    input.bytes(&mut bytes)?;
    input.finish()?;
    let mut frontier = Frontier::for_width(count);
    let mut at = 0;
    for _ in 0..count {
        // (A packed position has a 12-byte header.)
        if bytes.len() - at < 12 || at + Position::packed_len(&bytes[at..]) > bytes.len() {
            return Err(damaged("the frontier ends inside a position"));
        }
        let (pos, len) = Position::unpack(&bytes[at..], move_number);
        frontier.push(pos);
        at += len;
    }
    if at != bytes.len() {
        return Err(damaged("the frontier has bytes after its last position"));
    }
    Ok(frontier)
}

fn damaged(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("damaged saved search: {what}"))
}
