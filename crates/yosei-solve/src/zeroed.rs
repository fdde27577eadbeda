//! Zeroed arrays of plain integers for the visited sets: from 2 MiB up, backed by
//! transparent huge pages where the system offers them (every lookup is a cache miss
//! into gigabytes; with 4 KiB pages it would be a TLB miss too).

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::marker::PhantomData;

/// Integer types for which all-zero bytes are a valid value.
pub(crate) trait Zeroable: Copy {}
impl Zeroable for u16 {}
impl Zeroable for u32 {}
impl Zeroable for u64 {}
impl Zeroable for u128 {}

/// The bytes of plain integers (in the machine's order).
pub(crate) fn bytes_of<T: Zeroable>(values: &[T]) -> &[u8] {
    // SAFETY: plain integers have no padding; any `u8` view of them is valid.
    unsafe { std::slice::from_raw_parts(values.as_ptr() as *const u8, std::mem::size_of_val(values)) }
}

/// The bytes of plain integers, to write into (any bytes make valid integers).
pub(crate) fn bytes_of_mut<T: Zeroable>(values: &mut [T]) -> &mut [u8] {
    // SAFETY: as `bytes_of`; every bit pattern is a valid integer.
    unsafe { std::slice::from_raw_parts_mut(values.as_mut_ptr() as *mut u8, std::mem::size_of_val(values)) }
}

/// A zeroed array of `len` values of `T`, owned like a `Box<[T]>`.
pub(crate) struct Zeroed<T: Zeroable> {
    ptr: *mut T,
    len: usize,
    _owns: PhantomData<T>,
}

// SAFETY: `Zeroed` owns its allocation like a `Box<[T]>` of plain integers.
unsafe impl<T: Zeroable> Send for Zeroed<T> {}
unsafe impl<T: Zeroable> Sync for Zeroed<T> {}

const HUGE_PAGE: usize = 2 << 20;

impl<T: Zeroable> Zeroed<T> {
    fn layout(len: usize) -> Layout {
        let bytes = (len * std::mem::size_of::<T>()).max(16);
        Layout::from_size_align(bytes, std::mem::align_of::<T>().max(16)).expect("zeroed array layout")
    }

    /// Large arrays (on Linux) are mapped straight from the system, asking for huge
    /// pages: their pages are zero and are only committed when first written, so a table
    /// made beside another that it replaces piece by piece (`KeyIndex::drain`) never
    /// costs both in full.
    fn mapped(layout: Layout) -> bool {
        cfg!(target_os = "linux") && layout.size() >= HUGE_PAGE
    }

    pub(crate) fn new(len: usize) -> Zeroed<T> {
        Zeroed::with_huge_pages_from(len, HUGE_PAGE)
    }

    /// A zeroed array that asks for huge pages only if it takes `min_bytes` or more. On
    /// this project's machines (virtual ones) the system clears a fresh huge page several
    /// times slower than as many small ones, which only a table of a gigabyte or so
    /// repays in fewer TLB misses (docs/ARCHITECTURE.md, the direct-mate table).
    pub(crate) fn with_huge_pages_from(len: usize, min_bytes: usize) -> Zeroed<T> {
        let layout = Zeroed::<T>::layout(len);
        let ptr = if Zeroed::<T>::mapped(layout) {
            map_zeroed(layout, layout.size() >= min_bytes)
        } else {
            // SAFETY: the layout has a non-zero size; the memory is zeroed before use.
            let ptr = unsafe { alloc(layout) } as *mut T;
            if ptr.is_null() {
                handle_alloc_error(layout);
            }
            // SAFETY: `ptr` holds `len` values (the layout's size).
            unsafe { std::ptr::write_bytes(ptr, 0, len) };
            ptr
        };
        Zeroed {
            ptr,
            len,
            _owns: PhantomData,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Where the values are (for prefetching).
    pub(crate) fn as_ptr(&self) -> *mut T {
        self.ptr
    }

    pub(crate) fn as_slice(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` initialised values.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as `as_slice`, and `&mut self` is unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Zeroed<u64> {
    /// The values as atomics, for a table that threads share without locks.
    pub(crate) fn as_atomic(&self) -> &[std::sync::atomic::AtomicU64] {
        // SAFETY: `AtomicU64` has the size of `u64` and at most the 16-byte alignment of
        // every array here (`layout`); through `&self`, values change only atomically.
        unsafe { std::slice::from_raw_parts(self.ptr as *const std::sync::atomic::AtomicU64, self.len) }
    }
}

impl<T: Zeroable> Drop for Zeroed<T> {
    fn drop(&mut self) {
        let layout = Zeroed::<T>::layout(self.len);
        if Zeroed::<T>::mapped(layout) {
            unmap(self.ptr as *mut u8, layout);
        } else {
            // SAFETY: allocated in `new` with this layout.
            unsafe { dealloc(self.ptr as *mut u8, layout) }
        }
    }
}

/// Zeroed memory for `layout` from the system, asking for transparent huge pages if
/// `huge`.
#[cfg(target_os = "linux")]
fn map_zeroed<T>(layout: Layout, huge: bool) -> *mut T {
    // SAFETY: a fresh private anonymous mapping (zeroed by the system); the advice
    // concerns memory this mapping owns, and failing only loses the hint.
    unsafe {
        let ptr = libc::mmap(
            std::ptr::null_mut(),
            layout.size(),
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        if ptr == libc::MAP_FAILED {
            handle_alloc_error(layout);
        }
        if huge {
            libc::madvise(ptr, layout.size(), libc::MADV_HUGEPAGE);
        }
        ptr as *mut T
    }
}

#[cfg(not(target_os = "linux"))]
fn map_zeroed<T>(_: Layout, _: bool) -> *mut T {
    unreachable!("only Linux maps tables")
}

#[cfg(target_os = "linux")]
fn unmap(ptr: *mut u8, layout: Layout) {
    // SAFETY: mapped in `map_zeroed` with this size, and no longer used.
    unsafe {
        libc::munmap(ptr as *mut libc::c_void, layout.size());
    }
}

#[cfg(not(target_os = "linux"))]
fn unmap(_: *mut u8, _: Layout) {
    unreachable!("only Linux maps tables")
}

/// Asks the memory system for `ptr`'s cache line ahead of a lookup.
#[inline]
pub(crate) fn prefetch<T>(ptr: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that never faults.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(ptr as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = ptr;
}
