//! The files of a saved search (`help::saved`): integers and arrays of integers in the
//! machine's byte order, each file ending with a checksum of what it holds, so that a
//! file cut short or changed is refused, with its name, before anything read from it
//! is used.

use crate::zeroed::{bytes_of, bytes_of_mut, Zeroable};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// A 64-bit checksum of a byte stream, eight bytes at a time (several GB a second: a
/// saved table is tens of gigabytes).
#[derive(Default)]
struct Checksum {
    sum: u64,
    tail: [u8; 8],
    tail_len: usize,
}

impl Checksum {
    fn update(&mut self, mut bytes: &[u8]) {
        while self.tail_len != 0 && !bytes.is_empty() {
            self.tail[self.tail_len] = bytes[0];
            self.tail_len += 1;
            bytes = &bytes[1..];
            if self.tail_len == 8 {
                self.mix(u64::from_le_bytes(self.tail));
                self.tail_len = 0;
            }
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.mix(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        for &b in words.remainder() {
            self.tail[self.tail_len] = b;
            self.tail_len += 1;
        }
    }

    fn mix(&mut self, word: u64) {
        self.sum = (self.sum ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }

    fn value(&self) -> u64 {
        let mut last = self.tail;
        last[self.tail_len..].fill(0);
        let mut done = Checksum {
            sum: self.sum,
            ..Checksum::default()
        };
        done.mix(u64::from_le_bytes(last));
        done.mix(self.tail_len as u64);
        done.sum
    }
}

/// The checksum of `bytes` (as a file's).
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::default();
    sum.update(bytes);
    sum.value()
}

/// Writes the file `path` with `write`, then its checksum.
pub(crate) fn write_file(path: &Path, write: impl FnOnce(&mut SaveWriter) -> io::Result<()>) -> io::Result<()> {
    let mut out = SaveWriter::create(path)?;
    write(&mut out)?;
    out.finish()
}

/// Reads the file `path` with `read`, and gives what it read once the checksum and the
/// file's end are checked.
pub(crate) fn read_file<T>(path: &Path, read: impl FnOnce(&mut SaveReader) -> io::Result<T>) -> io::Result<T> {
    let mut input = SaveReader::open(path)?;
    let value = read(&mut input)?;
    input.finish()?;
    Ok(value)
}

/// A file of a saved search being written.
pub(crate) struct SaveWriter {
    out: BufWriter<File>,
    sum: Checksum,
    path: PathBuf,
}

impl SaveWriter {
    pub(crate) fn create(path: &Path) -> io::Result<SaveWriter> {
        let file = File::create(path).map_err(|e| named(path, e))?;
        Ok(SaveWriter {
            out: BufWriter::with_capacity(1 << 20, file),
            sum: Checksum::default(),
            path: path.to_path_buf(),
        })
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.sum.update(bytes);
        self.out.write_all(bytes).map_err(|e| named(&self.path, e))
    }

    pub(crate) fn u64(&mut self, value: u64) -> io::Result<()> {
        self.bytes(&value.to_le_bytes())
    }

    /// An array with its length.
    pub(crate) fn array<T: Zeroable>(&mut self, values: &[T]) -> io::Result<()> {
        self.u64(values.len() as u64)?;
        self.bytes(bytes_of(values))
    }

    /// Writes the checksum and makes sure that everything is on disk.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        let sum = self.sum.value();
        self.out
            .write_all(&sum.to_le_bytes())
            .map_err(|e| named(&self.path, e))?;
        let file = self.out.into_inner().map_err(|e| named(&self.path, e.into_error()))?;
        file.sync_all().map_err(|e| named(&self.path, e))
    }
}

/// A file of a saved search being read.
pub(crate) struct SaveReader {
    input: BufReader<File>,
    sum: Checksum,
    path: PathBuf,
}

impl SaveReader {
    pub(crate) fn open(path: &Path) -> io::Result<SaveReader> {
        let file = File::open(path).map_err(|e| named(path, e))?;
        Ok(SaveReader {
            input: BufReader::with_capacity(1 << 20, file),
            sum: Checksum::default(),
            path: path.to_path_buf(),
        })
    }

    pub(crate) fn bytes(&mut self, bytes: &mut [u8]) -> io::Result<()> {
        self.input.read_exact(bytes).map_err(|e| named(&self.path, e))?;
        self.sum.update(bytes);
        Ok(())
    }

    pub(crate) fn u64(&mut self) -> io::Result<u64> {
        let mut b = [0; 8];
        self.bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    /// A count of at most `most` (a larger one is a damaged file, not a request for
    /// that much memory).
    pub(crate) fn count(&mut self, most: u64) -> io::Result<usize> {
        let n = self.u64()?;
        if n > most {
            return Err(self.damaged(&format!("a count of {n} where at most {most} was expected")));
        }
        Ok(n as usize)
    }

    /// An array written by [`SaveWriter::array`] into `values`, whose length it must have.
    pub(crate) fn array_into<T: Zeroable>(&mut self, values: &mut [T]) -> io::Result<()> {
        let n = self.u64()?;
        if n != values.len() as u64 {
            return Err(self.damaged(&format!("{n} values where {} were expected", values.len())));
        }
        self.bytes(bytes_of_mut(values))
    }

    /// Checks the checksum and that the file ends there.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        let expected = self.sum.value();
        let mut b = [0; 8];
        self.input.read_exact(&mut b).map_err(|e| named(&self.path, e))?;
        let mut rest = [0; 1];
        if u64::from_le_bytes(b) != expected || self.input.read(&mut rest).map_err(|e| named(&self.path, e))? != 0 {
            return Err(self.damaged("its checksum does not match what it holds"));
        }
        Ok(())
    }

    pub(crate) fn damaged(&self, what: &str) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: damaged saved search file: {what}", self.path.display()),
        )
    }
}

/// `e`, naming the file.
fn named(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_is_read_and_damage_is_refused() {
        let path = std::env::temp_dir().join(format!("yosei-saved-file-test-{}", std::process::id()));
        let mut w = SaveWriter::create(&path).unwrap();
        w.u64(7).unwrap();
        w.bytes(b"abc").unwrap();
        w.array(&[1u16, 2, 3]).unwrap();
        w.array(&[5u128; 4]).unwrap();
        w.finish().unwrap();
        type Contents = (u64, [u8; 3], Vec<u16>, [u128; 4]);
        let read = || -> io::Result<Contents> {
            let mut r = SaveReader::open(&path)?;
            let n = r.u64()?;
            let mut abc = [0; 3];
            r.bytes(&mut abc)?;
            let mut small = vec![0u16; 3];
            r.array_into(&mut small)?;
            let mut big = [0u128; 4];
            r.array_into(&mut big)?;
            r.finish()?;
            Ok((n, abc, small, big))
        };
        assert_eq!(read().unwrap(), (7, *b"abc", vec![1, 2, 3], [5; 4]));
        // One byte changed, then one byte more: refused, naming the file.
        let good = std::fs::read(&path).unwrap();
        let mut changed = good.clone();
        changed[9] ^= 1;
        std::fs::write(&path, &changed).unwrap();
        let e = read().unwrap_err().to_string();
        assert!(e.contains("checksum") && e.contains("yosei-saved-file-test"), "{e}");
        let mut longer = good.clone();
        longer.push(0);
        std::fs::write(&path, &longer).unwrap();
        assert!(read().is_err());
        // Cut short.
        std::fs::write(&path, &good[..good.len() - 3]).unwrap();
        assert!(read().is_err());
        // A count beyond what is allowed.
        let mut r = SaveReader::open(&path).unwrap();
        assert!(r.count(6).unwrap_err().to_string().contains("a count of 7"));
        std::fs::remove_file(&path).unwrap();
    }
}
