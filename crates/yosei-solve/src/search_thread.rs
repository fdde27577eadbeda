//! Threads with a large stack for the recursive searches, kept for the next search.
//!
//! Direct mate recurses once per ply of the line it follows, thousands of plies deep on
//! long problems, so it runs on a thread with a stack to match (only the pages touched
//! are committed). A new thread's stack is fresh memory, faulted in and zeroed by the
//! kernel page by page as the recursion reaches it, and given back when the thread
//! ends: a process solving many short problems one after the other (a collection, a
//! GUI's requests, the tanuki set's 1,805 problems) spent a fifth of its time on that.
//! A thread that has finished a search waits here for the next one instead.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, sync_channel, Sender};
use std::sync::Mutex;

/// The stack of a search thread.
pub const STACK: usize = 1 << 30;

/// A search sent to a thread, given that thread's own sender to put back among the
/// idle ones.
struct Job(Task<'static>);

/// A job's work, borrowing for `'a`.
type Task<'a> = Box<dyn FnOnce(&Sender<Job>) + Send + 'a>;

/// The idle search threads, each waiting on its channel for a job.
static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

/// Runs `search` on a search thread, an idle one or a new one, and returns its result
/// (`Err` if it panicked or no thread could be started). Searches run at the same time
/// each have their own thread.
pub fn run<R: Send>(search: impl FnOnce() -> R + Send) -> Result<R, String> {
    let (done, result) = sync_channel(1);
    let job = move |me: &Sender<Job>| {
        let outcome = catch_unwind(AssertUnwindSafe(search));
        // idle again before the caller hears of it, so that its next search finds
        // this thread rather than starting another
        if let Ok(mut idle) = IDLE.lock() {
            idle.push(me.clone());
        }
        let _ = done.send(outcome);
    };
    let job: Task<'_> = Box::new(job);
    // SAFETY: the job borrows what `search` borrows, from the caller; its lifetime is
    // erased only to pass it through a channel. This function does not return before
    // the job is over: `result.recv()` waits until the job sends its outcome, or until
    // the job is dropped (its sender `done` with it) without having run, when the
    // thread it was sent to could not take it.
    let job = Job(unsafe { std::mem::transmute::<Task<'_>, Task<'static>>(job) });
    let idle = IDLE.lock().ok().and_then(|mut idle| idle.pop());
    let unsent = match idle {
        Some(thread) => thread.send(job).err().map(|e| e.0),
        None => Some(job),
    };
    if let Some(job) = unsent {
        start_thread(job)?;
    }
    match result.recv() {
        Ok(Ok(r)) => Ok(r),
        Ok(Err(_)) => Err("the search thread panicked".to_string()),
        Err(_) => Err("the search thread stopped".to_string()),
    }
}

/// Starts a search thread with `first` as its first job.
fn start_thread(first: Job) -> Result<(), String> {
    let (me, jobs) = channel::<Job>();
    // (queued before the thread starts; if it cannot start, the job is dropped with
    // the channel and the caller hears of it)
    let _ = me.send(first);
    std::thread::Builder::new()
        .name("search".into())
        .stack_size(STACK)
        .spawn(move || {
            while let Ok(job) = jobs.recv() {
                (job.0)(&me);
            }
        })
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::run;

    #[test]
    fn a_search_borrows_from_its_caller_and_gives_back_its_result() {
        let line = [1u32, 2, 3];
        let mut seen = 0;
        let sum = run(|| {
            seen += 1;
            line.iter().sum::<u32>()
        });
        assert_eq!(sum, Ok(6));
        assert_eq!(seen, 1);
    }

    #[test]
    fn a_panicking_search_is_an_error_and_the_next_search_runs() {
        assert!(run(|| -> u32 { panic!("a search that fails") }).is_err());
        assert_eq!(run(|| 7), Ok(7));
    }

    #[test]
    fn searches_at_the_same_time_each_run() {
        let results: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4u64)
                .map(|i| scope.spawn(move || run(move || (0..=i * 1000).sum::<u64>())))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let expected: Vec<_> = (0..4u64).map(|i| Ok((0..=i * 1000).sum::<u64>())).collect();
        assert_eq!(results, expected);
    }

    #[test]
    fn a_search_runs_on_a_large_stack() {
        fn depth(n: u32) -> u32 {
            let frame = [n as u8; 4096];
            std::hint::black_box(&frame);
            if n == 0 {
                0
            } else {
                depth(n - 1) + 1
            }
        }
        // 16 MiB of frames: more than a default thread's 2 MiB, far less than STACK
        assert_eq!(run(|| depth(4096)), Ok(4096));
    }
}
