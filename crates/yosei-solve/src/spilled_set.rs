//! The part of help play's visited set written to disk (`--spill-dir`): positions and
//! their plies in sorted runs, one file each, with a 16-bit fingerprint of every key in
//! memory so that the disk is read only for keys that may be there.
//!
//! A run is an exact set drained when it could not grow within `--hash`: the same 104
//! key bits as `KeyIndex` (the shard's 8 and bits 32 to 127) and the ply, 16 bytes a
//! record, sorted by shard and key. Records fall into buckets of about sixteen by the
//! shard and the top bits of the key; memory keeps where each bucket starts (a `u32` per
//! bucket) and each record's fingerprint, the next 16 key bits: 2.25 bytes a position
//! instead of the 8 to 16 of the tables in memory. A key absent from a run matches a
//! fingerprint of its bucket with a chance of about 16 in 65,536, and only then is the
//! bucket read (a few hundred bytes) and the records compared in full: answers are as
//! exact as the exact set's.

use crate::key_index::KeyIndex;
use crate::saved_file::{SaveReader, SaveWriter};
use crate::zeroed::{prefetch, Zeroed};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use yosei_rules::Key;

/// Bytes of a record on disk: the key's bits 64 to 127, bits 32 to 63, the ply.
const RECORD_BYTES: usize = 16;
/// Records per bucket, on average.
const BUCKET_RECORDS: usize = 16;
const SHARDS: usize = 256;

/// Runs of positions on disk, newest last.
pub struct SpilledSet {
    dir: PathBuf,
    runs: Vec<Run>,
    len: usize,
}

struct Run {
    file: SpillFile,
    /// Buckets per shard: `1 << bucket_bits`.
    bucket_bits: u32,
    /// Where each bucket's records start, and the end of the last.
    /// (Huge pages, as the tables in memory: each lookup is a cache miss into them.)
    starts: Zeroed<u32>,
    fingerprints: Zeroed<u16>,
}

/// A file that is gone when dropped (on Unix, as soon as it is made: a killed search
/// leaves nothing behind).
struct SpillFile {
    file: File,
    path: Option<PathBuf>,
}

impl SpilledSet {
    /// An empty set whose runs will be written in `dir`.
    pub fn new(dir: &Path) -> SpilledSet {
        SpilledSet {
            dir: dir.to_path_buf(),
            runs: Vec::new(),
            len: 0,
        }
    }

    /// Positions on disk.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn run_count(&self) -> usize {
        self.runs.len()
    }

    /// Memory held (the fingerprints and bucket starts).
    pub fn bytes(&self) -> usize {
        self.runs
            .iter()
            .map(|r| r.starts.len() * 4 + r.fingerprints.len() * 2)
            .sum()
    }

    /// Bytes written to disk.
    pub fn disk_bytes(&self) -> u64 {
        self.len as u64 * RECORD_BYTES as u64
    }

    /// Writes every key and ply of `index` as a new run, a shard at a time (each shard
    /// of `index` is freed once written). None of its keys may be in the set already.
    pub fn spill(&mut self, index: KeyIndex) -> io::Result<()> {
        self.spill_older(index, u32::MAX, 0).map(drop)
    }

    /// Writes the keys of `index` first reached before ply `before` as a new run, a
    /// shard at a time (each shard of `index` freed once drained), and gives back the
    /// others in a new index of about `keep_bytes`. None of the keys may be in the set
    /// already.
    pub fn spill_older(&mut self, index: KeyIndex, before: u32, keep_bytes: usize) -> io::Result<KeyIndex> {
        let kept = KeyIndex::with_bytes(keep_bytes);
        let records = index.count_values(|ply| ply < before);
        // (Bucket starts are `u32`s: checked before anything is drained.)
        if u32::try_from(records).is_err() {
            return Err(io::Error::other("a spilled run over 2³² positions"));
        }
        let bucket_bits = (records / (SHARDS * BUCKET_RECORDS)).max(1).ilog2();
        let file = SpillFile::create(&self.dir)?;
        let mut out = BufWriter::with_capacity(1 << 20, &file.file);
        let mut starts = Zeroed::<u32>::new((SHARDS << bucket_bits) + 1);
        let mut fingerprints = Zeroed::<u16>::new(records);
        let (counts, prints) = (starts.as_mut_slice(), fingerprints.as_mut_slice());
        let mut at = 0;
        let mut written = Ok(());
        let mut shard_seen = 0;
        index.drain_shards(|shard, entries| {
            debug_assert!(shard >= shard_seen, "shards come in order");
            shard_seen = shard;
            entries.sort_unstable_by_key(|&(key, _)| key >> 32);
            for &(key, ply) in entries.iter() {
                if ply >= before {
                    kept.get_or_insert(key, ply);
                    continue;
                }
                counts[bucket(key, bucket_bits) + 1] += 1;
                prints[at] = fingerprint(key, bucket_bits);
                at += 1;
                if written.is_ok() {
                    written = out.write_all(&record(key, ply));
                }
            }
        });
        written?;
        out.flush()?;
        drop(out);
        debug_assert_eq!(at, records, "the index holds its length");
        file.reads_at_random();
        for b in 1..counts.len() {
            counts[b] += counts[b - 1];
        }
        self.len += fingerprints.len();
        self.runs.push(Run {
            file,
            bucket_bits,
            starts,
            fingerprints,
        });
        Ok(kept)
    }

    /// Asks the memory system for where `key`'s bucket starts in each run, ahead of
    /// [`SpilledSet::prefetch_fingerprints`].
    #[inline]
    pub fn prefetch_starts(&self, key: Key) {
        for run in &self.runs {
            prefetch(run.starts.as_ptr().wrapping_add(bucket(key, run.bucket_bits)));
        }
    }

    /// Asks the memory system for `key`'s fingerprints in each run, ahead of
    /// [`SpilledSet::may_contain`] (reads where the buckets start: best after
    /// [`SpilledSet::prefetch_starts`]).
    #[inline]
    pub fn prefetch_fingerprints(&self, key: Key) {
        for run in &self.runs {
            let start = run.starts.as_slice()[bucket(key, run.bucket_bits)] as usize;
            prefetch(run.fingerprints.as_ptr().wrapping_add(start));
        }
    }

    /// Whether `key` may be in the set (no: it is not; yes: ask [`SpilledSet::get`]).
    #[inline]
    pub fn may_contain(&self, key: Key) -> bool {
        self.runs.iter().any(|r| r.may_contain(key))
    }

    /// The plies of `keys` ([`SpilledSet::get`]), looked up by many threads at once: a
    /// disk answers many reads in flight nearly as fast as one (a virtual disk here: 2,200
    /// random reads a second one at a time, 48,000 sixteen at a time).
    pub fn get_many(&self, keys: &[Key]) -> io::Result<Vec<Option<u32>>> {
        const READERS: usize = 32;
        let mut plies = vec![None; keys.len()];
        let chunk = keys.len().div_ceil(READERS).max(64);
        std::thread::scope(|scope| {
            let readers: Vec<_> = keys
                .chunks(chunk)
                .zip(plies.chunks_mut(chunk))
                .map(|(keys, plies)| {
                    scope.spawn(move || -> io::Result<()> {
                        for (key, ply) in keys.iter().zip(plies) {
                            *ply = self.get(*key)?;
                        }
                        Ok(())
                    })
                })
                .collect();
            readers
                .into_iter()
                .try_for_each(|r| r.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
        })?;
        Ok(plies)
    }

    /// The ply of `key`, if it is in the set (reads the disk where a fingerprint
    /// matches).
    pub fn get(&self, key: Key) -> io::Result<Option<u32>> {
        for run in self.runs.iter().rev() {
            if let Some(ply) = run.get(key)? {
                return Ok(Some(ply));
            }
        }
        Ok(None)
    }
}

impl SpilledSet {
    /// Keeps the runs in `dir`, for a saved search (`help::saved`): each run's records
    /// as `run-N` (a new link to its file where the system allows, else a copy) and
    /// where its buckets start and its fingerprints in `run-N.index`.
    pub(crate) fn save(&self, dir: &Path) -> io::Result<()> {
        for (i, run) in self.runs.iter().enumerate() {
            run.file
                .keep_as(&dir.join(format!("run-{i}")), run.fingerprints.len() * RECORD_BYTES)?;
            let mut out = SaveWriter::create(&dir.join(format!("run-{i}.index")))?;
            out.u64(u64::from(run.bucket_bits))?;
            out.array(run.starts.as_slice())?;
            out.array(run.fingerprints.as_slice())?;
            out.finish()?;
        }
        Ok(())
    }

    /// The `runs` runs kept in `dir` by [`SpilledSet::save`]; runs to come are written
    /// in `spill_dir`.
    pub(crate) fn load(dir: &Path, runs: usize, spill_dir: &Path) -> io::Result<SpilledSet> {
        let mut set = SpilledSet::new(spill_dir);
        for i in 0..runs {
            let path = dir.join(format!("run-{i}"));
            let file = File::open(&path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            let mut input = SaveReader::open(&dir.join(format!("run-{i}.index")))?;
            let bucket_bits = input.count(32)? as u32;
            let records = file.metadata()?.len() / RECORD_BYTES as u64;
            if records > u64::from(u32::MAX) {
                return Err(input.damaged(&format!("{} holds over 2³² records", path.display())));
            }
            let mut starts = Zeroed::<u32>::new((SHARDS << bucket_bits) + 1);
            let mut fingerprints = Zeroed::<u16>::new(records as usize);
            input.array_into(starts.as_mut_slice())?;
            input.array_into(fingerprints.as_mut_slice())?;
            if starts.as_slice().last().map(|&n| u64::from(n)) != Some(records) {
                return Err(input.damaged(&format!("it does not describe {}", path.display())));
            }
            input.finish()?;
            set.len += fingerprints.len();
            let file = SpillFile { file, path: None };
            file.reads_at_random();
            set.runs.push(Run {
                file,
                bucket_bits,
                starts,
                fingerprints,
            });
        }
        Ok(set)
    }
}

impl Run {
    fn bucket_range(&self, key: Key) -> std::ops::Range<usize> {
        let b = bucket(key, self.bucket_bits);
        let starts = self.starts.as_slice();
        starts[b] as usize..starts[b + 1] as usize
    }

    fn may_contain(&self, key: Key) -> bool {
        let fp = fingerprint(key, self.bucket_bits);
        self.fingerprints.as_slice()[self.bucket_range(key)].contains(&fp)
    }

    fn get(&self, key: Key) -> io::Result<Option<u32>> {
        let range = self.bucket_range(key);
        let fp = fingerprint(key, self.bucket_bits);
        if !self.fingerprints.as_slice()[range.clone()].contains(&fp) {
            return Ok(None);
        }
        let mut bytes = vec![0u8; range.len() * RECORD_BYTES];
        self.file
            .read_exact_at(&mut bytes, (range.start * RECORD_BYTES) as u64)?;
        let wanted = record(key, 0);
        Ok(bytes
            .chunks_exact(RECORD_BYTES)
            .find_map(|r| (r[..12] == wanted[..12]).then(|| u32::from_le_bytes(r[12..].try_into().expect("4 bytes")))))
    }
}

/// The bucket of `key`: its shard, then the top `bucket_bits` of the key.
#[inline]
fn bucket(key: Key, bucket_bits: u32) -> usize {
    let top = (key >> 64) as u64;
    let within = if bucket_bits == 0 { 0 } else { top >> (64 - bucket_bits) };
    ((key as usize & (SHARDS - 1)) << bucket_bits) | within as usize
}

/// The 16 key bits below those that choose the bucket.
#[inline]
fn fingerprint(key: Key, bucket_bits: u32) -> u16 {
    (((key >> 64) as u64) << bucket_bits >> 48) as u16
}

/// A record: the key's bits 64 to 127 and 32 to 63, the ply (little-endian).
fn record(key: Key, ply: u32) -> [u8; RECORD_BYTES] {
    let mut r = [0u8; RECORD_BYTES];
    r[..8].copy_from_slice(&((key >> 64) as u64).to_le_bytes());
    r[8..12].copy_from_slice(&((key >> 32) as u32).to_le_bytes());
    r[12..].copy_from_slice(&ply.to_le_bytes());
    r
}

impl SpillFile {
    fn create(dir: &Path) -> io::Result<SpillFile> {
        use std::sync::atomic::{AtomicU64, Ordering};
        // A file without a name from the start, which a saved search can still link
        // into its directory (`keep_as`).
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::fs::OpenOptionsExt;
            if let Ok(file) = OpenOptions::new()
                .read(true)
                .write(true)
                .custom_flags(libc::O_TMPFILE)
                .mode(0o600)
                .open(dir)
            {
                return Ok(SpillFile { file, path: None });
            }
        }
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let path = dir.join(format!(
            "yosei-spill-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        // Unix keeps an unlinked file until it is closed.
        let path = if cfg!(unix) && std::fs::remove_file(&path).is_ok() {
            None
        } else {
            Some(path)
        };
        Ok(SpillFile { file, path })
    }

    /// Tells the system that the file will be read at random places, a bucket at a
    /// time: without it, a read that misses the page cache also reads the next pages
    /// (a 4 KiB lookup brought in 16 KiB here), which costs the disk and crowds the
    /// cache with records nobody asked for.
    fn reads_at_random(&self) {
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::io::AsRawFd;
            // SAFETY: an advice on an open descriptor; failing only loses the hint.
            unsafe {
                libc::posix_fadvise(self.file.as_raw_fd(), 0, 0, libc::POSIX_FADV_RANDOM);
            }
        }
    }

    /// Makes the file's `len` bytes also the file `target`: a new link to the file
    /// where the system allows it (Linux: a named file, or one made with `O_TMPFILE`),
    /// else a copy.
    fn keep_as(&self, target: &Path, len: usize) -> io::Result<()> {
        let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", target.display()));
        #[cfg(target_os = "linux")]
        if link_open_file(&self.file, target).is_ok() {
            return Ok(());
        }
        let mut out = BufWriter::with_capacity(1 << 20, File::create(target).map_err(named)?);
        let mut chunk = vec![0u8; 1 << 20];
        let mut at = 0;
        while at < len {
            let n = chunk.len().min(len - at);
            self.read_exact_at(&mut chunk[..n], at as u64)?;
            out.write_all(&chunk[..n]).map_err(named)?;
            at += n;
        }
        out.into_inner()
            .map_err(|e| named(e.into_error()))?
            .sync_all()
            .map_err(named)
    }

    #[cfg(unix)]
    fn read_exact_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(&self.file, buf, offset)
    }

    #[cfg(windows)]
    fn read_exact_at(&self, mut buf: &mut [u8], mut offset: u64) -> io::Result<()> {
        while !buf.is_empty() {
            match std::os::windows::fs::FileExt::seek_read(&self.file, buf, offset)? {
                0 => return Err(io::ErrorKind::UnexpectedEof.into()),
                n => {
                    buf = &mut buf[n..];
                    offset += n as u64;
                }
            }
        }
        Ok(())
    }
}

/// Links the open `file` as `target` (through `/proc/self/fd`, which also reaches a
/// file made with `O_TMPFILE`).
#[cfg(target_os = "linux")]
fn link_open_file(file: &File, target: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::AsRawFd;
    let source = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd())).expect("no NUL in a number");
    let target = CString::new(target.as_os_str().as_bytes()).map_err(io::Error::other)?;
    // SAFETY: two valid C strings, alive for the call.
    let linked = unsafe {
        libc::linkat(
            libc::AT_FDCWD,
            source.as_ptr(),
            libc::AT_FDCWD,
            target.as_ptr(),
            libc::AT_SYMLINK_FOLLOW,
        )
    };
    if linked == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

impl Drop for SpillFile {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key_index::tests::key;

    /// A run kept for a saved search: linked where the system allows, copied where it
    /// does not (a file unlinked by name cannot be linked again), the same bytes.
    #[test]
    #[cfg(unix)]
    fn a_run_is_kept_by_a_link_or_a_copy() {
        let dir = std::env::temp_dir();
        let bytes: Vec<u8> = (0..3_000_000u32).map(|i| (i * 7) as u8).collect();
        let made = SpillFile::create(&dir).unwrap();
        std::os::unix::fs::FileExt::write_all_at(&made.file, &bytes, 0).unwrap();
        let named = dir.join(format!("yosei-unlinked-{}", std::process::id()));
        std::fs::write(&named, &bytes).unwrap();
        let unlinked = SpillFile {
            file: File::open(&named).unwrap(),
            path: None,
        };
        std::fs::remove_file(&named).unwrap();
        for (i, file) in [made, unlinked].iter().enumerate() {
            let kept = dir.join(format!("yosei-kept-{}-{i}", std::process::id()));
            file.keep_as(&kept, bytes.len()).unwrap();
            assert!(std::fs::read(&kept).unwrap() == bytes, "file {i}");
            std::fs::remove_file(&kept).unwrap();
        }
    }

    /// A key as the exact set gives it back (bits 8 to 31 zero).
    fn kept_key(i: u64) -> Key {
        key(i) & !0xffff_ff00
    }

    #[test]
    fn runs_give_back_every_key_and_ply_and_nothing_else() {
        let dir = std::env::temp_dir();
        let mut set = SpilledSet::new(&dir);
        for run in 0..3u64 {
            let index = KeyIndex::new();
            for i in run * 100_000..(run + 1) * 100_000 {
                index.get_or_insert(key(i), (i % 5000) as u32);
            }
            set.spill(index).unwrap();
        }
        assert_eq!(set.len(), 300_000);
        assert_eq!(set.run_count(), 3);
        assert!(set.bytes() < 300_000 * 3);
        for i in (0..300_000u64).step_by(7) {
            assert!(set.may_contain(kept_key(i)));
            assert_eq!(set.get(kept_key(i)).unwrap(), Some((i % 5000) as u32), "{i}");
        }
        let keys: Vec<Key> = (290_000..310_000).map(kept_key).collect();
        let plies = set.get_many(&keys).unwrap();
        for (i, ply) in (290_000..310_000u64).zip(plies) {
            assert_eq!(ply, (i < 300_000).then_some((i % 5000) as u32), "{i}");
        }
        // Absent keys: never found, and the filter lets few through to the disk.
        let mut passed = 0;
        for i in 300_000..400_000u64 {
            passed += set.may_contain(kept_key(i)) as u32;
            assert_eq!(set.get(kept_key(i)).unwrap(), None);
        }
        assert!(passed < 300, "{passed} of 100,000 absent keys passed the fingerprints");
        // A key that differs only in bits the runs do not keep is the same key; in the
        // shard bits or the kept bits, another.
        assert_eq!(set.get(kept_key(3) | 0x100).unwrap(), Some(3));
        assert_eq!(set.get(kept_key(3) ^ 1).unwrap(), None);
        assert_eq!(set.get(kept_key(3) ^ 1 << 40).unwrap(), None);
        assert_eq!(set.get(kept_key(3) ^ 1 << 100).unwrap(), None);
    }

    /// The newest plies stay in memory: each key is in the run or in what is kept,
    /// never both, with its ply.
    #[test]
    fn spilling_the_older_plies_keeps_the_newer() {
        let index = KeyIndex::new();
        for i in 0..30_000u64 {
            index.get_or_insert(key(i), (i % 10) as u32);
        }
        // Plies 8 and 9 hold 6,000 keys; with ply 7 they would hold 9,000.
        let before = index.start_of_newest(7_500);
        assert_eq!(before, 8);
        let mut set = SpilledSet::new(&std::env::temp_dir());
        let kept = set.spill_older(index, before, 1 << 20).unwrap();
        assert_eq!((set.len(), kept.len()), (24_000, 6_000));
        for i in 0..30_000u64 {
            let ply = (i % 10) as u32;
            let (on_disk, in_memory) = (set.get(kept_key(i)).unwrap(), kept.get(kept_key(i)));
            if ply >= 8 {
                assert_eq!((on_disk, in_memory), (None, Some(ply)), "{i}");
            } else {
                assert_eq!((on_disk, in_memory), (Some(ply), None), "{i}");
            }
        }
    }

    #[test]
    fn small_and_empty_runs() {
        let mut set = SpilledSet::new(&std::env::temp_dir());
        set.spill(KeyIndex::new()).unwrap();
        let index = KeyIndex::new();
        index.get_or_insert(key(1), 4);
        set.spill(index).unwrap();
        assert_eq!(set.len(), 1);
        assert_eq!(set.get(kept_key(1)).unwrap(), Some(4));
        assert_eq!(set.get(kept_key(2)).unwrap(), None);
    }

    #[test]
    fn a_directory_that_cannot_be_written_is_an_error() {
        let mut set = SpilledSet::new(Path::new("/nonexistent/yosei-spill-test"));
        let err = set.spill(KeyIndex::new()).unwrap_err();
        assert!(err.to_string().contains("/nonexistent/yosei-spill-test"), "{err}");
    }
}
