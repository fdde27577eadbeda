//! The result store (`yosei check --store PATH`): what checking a problem came to,
//! kept in an SQLite file so that checking a collection again answers at once.
//!
//! - **Keyed by the whole problem.** The key is the full canonical text of everything
//!   that decides the answer (`check::store_key`: yosei's version and a checksum of the
//!   running executable, the position as SFEN, the stipulation, the rules, every option
//!   of the check); SQLite
//!   compares keys whole, so a key can never answer for another problem (no hash stands
//!   for the problem).
//! - **Never trusted blindly.** Each entry carries a 64-bit checksum of its key and
//!   value, checked on every read (a mismatch is a miss, and the entry is dropped). A
//!   file that SQLite cannot open, that fails `PRAGMA quick_check`, or whose format is
//!   not this one is set aside (renamed `PATH.damaged-…`, never deleted) and a new store
//!   is made in its place.
//! - **Bounded.** Entries are numbered as they are written; beyond `limit` entries the
//!   oldest written are removed.
//! - **Two writers at once.** SQLite's write-ahead log lets readers go on while one
//!   process writes; each write is one short `BEGIN IMMEDIATE` transaction, and a writer
//!   that finds the file busy waits (`busy_timeout`) instead of failing. Opening (and
//!   setting aside a damaged file) happens under an exclusive lock on `PATH.lock`, so two
//!   processes never both repair the same file — the second sees the first's new store.
//! - **A failing store never fails a check.** An error while reading or writing is
//!   reported once on standard error and the store is not used for the rest of the run.

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// The layout of the tables and of the key; a store of another format is set aside.
const FORMAT: &str = "yosei-result-store 1";

/// How long a writer waits for another process's write to finish.
const BUSY_WAIT: Duration = Duration::from_secs(30);

/// Entries kept when no limit is given (a few hundred bytes each).
pub const DEFAULT_LIMIT: u64 = 100_000;

pub struct Store {
    path: PathBuf,
    limit: u64,
    /// `None` once an error has made the store unusable for this run.
    connection: Mutex<Option<Connection>>,
}

/// What opening a store did besides opening it.
#[derive(Debug, Default)]
pub struct Opened {
    /// Where a damaged file was moved to, and why it was judged damaged.
    pub set_aside: Option<(PathBuf, String)>,
}

impl Store {
    /// Opens the store at `path` (creating it), setting a damaged file aside.
    pub fn open(path: &Path, limit: u64) -> Result<(Store, Opened), String> {
        let lock_path = with_suffix(path, ".lock");
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| format!("--store: cannot open {}: {e}", lock_path.display()))?;
        lock.lock()
            .map_err(|e| format!("--store: cannot lock {}: {e}", lock_path.display()))?;
        let mut opened = Opened::default();
        let connection = match open_checked(path) {
            Ok(c) => c,
            Err(why) => {
                let aside = set_aside(path)?;
                opened.set_aside = Some((aside, why));
                open_checked(path).map_err(|e| format!("--store {}: cannot make a new store: {e}", path.display()))?
            }
        };
        // Dropping `lock` unlocks: the store is sound and in place.
        drop(lock);
        Ok((
            Store {
                path: path.to_path_buf(),
                limit: limit.max(1),
                connection: Mutex::new(Some(connection)),
            },
            opened,
        ))
    }

    /// The value stored under `key`, if any and if its checksum holds.
    pub fn get(&self, key: &str) -> Option<String> {
        self.with_connection(|c| {
            let row: Option<(String, i64)> = c
                .query_row(
                    "SELECT value, checksum FROM results WHERE key = ?1",
                    params![key],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            match row {
                Some((value, sum)) if sum == checksum(key, &value) => Ok(Some(value)),
                Some(_) => {
                    // A damaged entry answers nothing; it is removed so that the next
                    // check writes it again.
                    c.execute("DELETE FROM results WHERE key = ?1", params![key])?;
                    Ok(None)
                }
                None => Ok(None),
            }
        })
        .flatten()
    }

    /// Stores `value` under `key` (replacing an older value), then removes the oldest
    /// entries beyond the limit.
    pub fn put(&self, key: &str, value: &str) {
        let limit = self.limit as i64;
        self.with_connection(|c| {
            let t = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            t.execute(
                "INSERT INTO results (key, value, checksum, written)
                 VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(written), 0) + 1 FROM results))
                 ON CONFLICT (key) DO UPDATE SET
                   value = excluded.value, checksum = excluded.checksum, written = excluded.written",
                params![key, value, checksum(key, value)],
            )?;
            // Entries are numbered in the order written (a rewritten entry takes a new
            // number), so at most `limit` numbers lie above the cut.
            t.execute(
                "DELETE FROM results WHERE written <= (SELECT MAX(written) FROM results) - ?1",
                params![limit],
            )?;
            t.commit()
        });
    }

    /// Number of entries.
    #[cfg(test)]
    fn len(&self) -> u64 {
        self.with_connection(|c| c.query_row("SELECT COUNT(*) FROM results", [], |r| r.get::<_, i64>(0)))
            .map_or(0, |n| n as u64)
    }

    /// Runs `f` on the connection; on an error, says so once and stops using the store.
    fn with_connection<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Option<T> {
        let mut guard = self.connection.lock().unwrap_or_else(|e| e.into_inner());
        let connection = guard.as_mut()?;
        match f(connection) {
            Ok(v) => Some(v),
            Err(e) => {
                eprintln!(
                    "yosei: the result store {} failed ({e}); going on without it (a damaged store is set aside when next opened)",
                    self.path.display()
                );
                *guard = None;
                None
            }
        }
    }
}

/// Opens `path`, checks it whole and makes its tables; any failure means the file is
/// not to be trusted.
fn open_checked(path: &Path) -> Result<Connection, String> {
    let c = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| e.to_string())?;
    c.busy_timeout(BUSY_WAIT).map_err(|e| e.to_string())?;
    let mode: String = c
        .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
        .map_err(|e| e.to_string())?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(format!("journal mode {mode} instead of wal"));
    }
    let verdict: String = c
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(|e| e.to_string())?;
    if verdict != "ok" {
        return Err(format!("quick_check: {verdict}"));
    }
    c.execute_batch(
        "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
         CREATE TABLE IF NOT EXISTS results (
             key TEXT PRIMARY KEY,
             value TEXT NOT NULL,
             checksum INTEGER NOT NULL,
             written INTEGER NOT NULL);
         CREATE INDEX IF NOT EXISTS results_written ON results (written);",
    )
    .map_err(|e| e.to_string())?;
    c.execute(
        "INSERT OR IGNORE INTO meta (name, value) VALUES ('format', ?1)",
        params![FORMAT],
    )
    .map_err(|e| e.to_string())?;
    let format: String = c
        .query_row("SELECT value FROM meta WHERE name = 'format'", [], |r| r.get(0))
        .map_err(|e| e.to_string())?;
    if format != FORMAT {
        return Err(format!("format '{format}' instead of '{FORMAT}'"));
    }
    Ok(c)
}

/// Moves a damaged store (with its log files) out of the way; returns where it went.
fn set_aside(path: &Path) -> Result<PathBuf, String> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let aside = with_suffix(path, &format!(".damaged-{stamp}-{}", std::process::id()));
    if path.exists() {
        std::fs::rename(path, &aside).map_err(|e| {
            format!(
                "--store {}: the file is damaged and cannot be set aside: {e}",
                path.display()
            )
        })?;
    }
    for log in ["-wal", "-shm"] {
        let from = with_suffix(path, log);
        if from.exists() {
            // A log of a damaged file belongs with it; a failure leaves it to SQLite,
            // which ignores a log that does not match its database.
            let _ = std::fs::rename(&from, with_suffix(&aside, log));
        }
    }
    Ok(aside)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// What identifies the program that computed a result: a checksum of the running
/// executable. The version number alone would stay the same across a fix of a solver,
/// and a store must not answer with what an older build computed; any new build starts
/// from an empty store (its entries for older builds age out under the limit).
pub fn build_identity() -> &'static str {
    static IDENTITY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    IDENTITY.get_or_init(|| {
        let bytes = std::env::current_exe().and_then(std::fs::read);
        match bytes {
            Ok(bytes) => format!("{:016x}", fnv1a(0xcbf2_9ce4_8422_2325, &bytes)),
            // Without its own file the program is named by its version alone.
            Err(_) => "unknown".to_string(),
        }
    })
}

fn fnv1a(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// FNV-1a over the key, a separator and the value: catches a damaged entry that
/// SQLite's structure check cannot see (a changed byte inside a record).
fn checksum(key: &str, value: &str) -> i64 {
    let h = fnv1a(0xcbf2_9ce4_8422_2325, key.as_bytes());
    let h = fnv1a(h, &[0]);
    fnv1a(h, value.as_bytes()) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_path(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("yosei-store-unit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("results.sqlite")
    }

    #[test]
    fn a_value_is_found_by_its_whole_key_only() {
        let path = temp_path("hit");
        let (store, opened) = Store::open(&path, 10).unwrap();
        assert!(opened.set_aside.is_none());
        assert_eq!(store.get("problem A"), None);
        store.put("problem A", "answer A");
        assert_eq!(store.get("problem A").as_deref(), Some("answer A"));
        assert_eq!(store.get("problem A "), None);
        drop(store);
        let (store, _) = Store::open(&path, 10).unwrap();
        assert_eq!(store.get("problem A").as_deref(), Some("answer A"), "kept on disk");
    }

    #[test]
    fn the_oldest_entries_go_beyond_the_limit() {
        let path = temp_path("limit");
        let (store, _) = Store::open(&path, 3).unwrap();
        for i in 0..5 {
            store.put(&format!("k{i}"), "v");
        }
        assert_eq!(store.len(), 3);
        assert_eq!(store.get("k0"), None);
        assert_eq!(store.get("k1"), None);
        assert!(store.get("k4").is_some());
    }

    #[test]
    fn a_damaged_entry_is_a_miss() {
        let path = temp_path("entry");
        let (store, _) = Store::open(&path, 10).unwrap();
        store.put("k", "right");
        store.with_connection(|c| c.execute("UPDATE results SET value = 'wrong' WHERE key = 'k'", []));
        assert_eq!(store.get("k"), None);
        assert_eq!(store.len(), 0, "the damaged entry is removed");
    }

    #[test]
    fn a_damaged_file_is_set_aside_and_rebuilt() {
        let path = temp_path("file");
        {
            let (store, _) = Store::open(&path, 10).unwrap();
            store.put("k", "v");
        }
        // Not an SQLite file at all.
        std::fs::write(&path, b"this is not a database, just some bytes that were here before").unwrap();
        let _ = std::fs::remove_file(with_suffix(&path, "-wal"));
        let _ = std::fs::remove_file(with_suffix(&path, "-shm"));
        let (store, opened) = Store::open(&path, 10).unwrap();
        let (aside, _why) = opened.set_aside.expect("set aside");
        assert!(aside.exists());
        assert_eq!(store.get("k"), None);
        store.put("k", "v2");
        assert_eq!(store.get("k").as_deref(), Some("v2"));
    }

    #[test]
    fn two_writers_at_once_lose_nothing() {
        let path = temp_path("threads");
        // Two connections, as two processes have: each thread opens its own store.
        std::thread::scope(|s| {
            for t in 0..2 {
                let path = &path;
                s.spawn(move || {
                    let (store, _) = Store::open(path, 1000).unwrap();
                    for i in 0..100 {
                        store.put(&format!("t{t}-{i}"), &format!("v{i}"));
                    }
                });
            }
        });
        let (store, _) = Store::open(&path, 1000).unwrap();
        assert_eq!(store.len(), 200);
        assert_eq!(store.get("t1-99").as_deref(), Some("v99"));
    }
}
