//! The plain scan of splits on two cores.
//!
//! A heap's value needs every value before it, so heaps are computed one at a time; the splits
//! of one heap are what is shared. A helper thread keeps its own copy of the values (the main
//! thread posts each new value with the next heap to work on) and marks the option values of
//! the upper part of each move's splits in its own stamp array, while the main thread marks the
//! lower part. The main thread then reads both arrays for the mex.
//!
//! The hand-over costs a few hundred nanoseconds a heap, so it only pays from heaps of a few
//! thousand tokens on, where a heap's splits take microseconds. Each side spins briefly for the
//! other and then parks, so that a busy machine, where the other thread may not be running,
//! costs a wake-up rather than a spinning core.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::thread::{Scope, ScopedJoinHandle, Thread};

/// The mailbox value that tells the helper to stop.
const STOP: u64 = u64::MAX;

/// What the two threads share.
struct Shared {
    /// The heap to work on (high 32 bits) and the value of the heap before it (low 16 bits).
    mailbox: AtomicU64,
    /// The last heap the helper finished.
    done: AtomicU64,
    /// The helper's marks: `stamps[v] == n` when the helper saw option value `v` for heap `n`.
    stamps: Vec<AtomicU32>,
}

/// The helper thread, from the main thread's side.
pub(crate) struct Helper<'scope> {
    shared: Arc<Shared>,
    handle: Option<ScopedJoinHandle<'scope, ()>>,
    /// The helper's thread, to wake it when a heap is posted.
    thread: Thread,
}

/// Heaps from which the plain scan is shared: below, the hand-over costs more than it saves.
pub(crate) const PARALLEL_START: usize = 8192;

/// Heaps below which the helper's stamps (heap numbers as `u32`) are unambiguous.
pub(crate) const PARALLEL_END: usize = u32::MAX as usize;

/// Which splits `(a, s - a)` the main thread takes: `a` up to this, of `1..=s/2`.
pub(crate) fn main_share(s: usize) -> usize {
    s / 4
}

impl<'scope> Helper<'scope> {
    /// Starts a helper that knows `values` and the two-heap breaks `moves`.
    pub(crate) fn start<'env>(
        scope: &'scope Scope<'scope, 'env>,
        values: &[u16],
        moves: Vec<usize>,
    ) -> Self {
        let shared = Arc::new(Shared {
            mailbox: AtomicU64::new(0),
            done: AtomicU64::new(0),
            stamps: (0..1 << 16).map(|_| AtomicU32::new(u32::MAX)).collect(),
        });
        let mut copy = values.to_vec();
        let theirs = Arc::clone(&shared);
        let main = std::thread::current();
        let handle = scope.spawn(move || {
            let mut seen = 0;
            loop {
                let message = wait_for(&theirs.mailbox, |m| m != seen);
                if message == STOP {
                    return;
                }
                seen = message;
                let n = (message >> 32) as usize;
                // The first heap posted follows the values the helper started with.
                if copy.len() < n {
                    copy.push(message as u16);
                }
                debug_assert_eq!(copy.len(), n);
                let stamp = n as u32;
                for &j in &moves {
                    let Some(s) = n.checked_sub(j).filter(|&s| s >= 2) else {
                        break;
                    };
                    let (first, last) = (main_share(s) + 1, s / 2);
                    if first > last {
                        continue;
                    }
                    let lo = &copy[first..=last];
                    let hi = &copy[s - last..=s - first];
                    for (&x, &y) in lo.iter().zip(hi.iter().rev()) {
                        theirs.stamps[usize::from(x ^ y)].store(stamp, Ordering::Relaxed);
                    }
                }
                theirs.done.store(n as u64, Ordering::Release);
                main.unpark();
            }
        });
        let thread = handle.thread().clone();
        Helper {
            shared,
            handle: Some(handle),
            thread,
        }
    }

    /// Asks the helper to mark its splits of heap `n`, given the value of heap `n - 1`.
    pub(crate) fn post(&self, n: usize, previous: u16) {
        self.shared
            .mailbox
            .store(((n as u64) << 32) | u64::from(previous), Ordering::Release);
        self.thread.unpark();
    }

    /// Waits until the helper has marked its splits of heap `n`.
    pub(crate) fn wait(&self, n: usize) {
        wait_for(&self.shared.done, |d| d == n as u64);
    }

    /// Whether the helper saw option value `v` for heap `n`; only after [`Helper::wait`].
    pub(crate) fn marked(&self, v: u64, n: usize) -> bool {
        self.shared
            .stamps
            .get(v as usize)
            .is_some_and(|s| s.load(Ordering::Relaxed) == n as u32)
    }
}

impl Drop for Helper<'_> {
    fn drop(&mut self) {
        self.shared.mailbox.store(STOP, Ordering::Release);
        self.thread.unpark();
        if let Some(handle) = self.handle.take() {
            // The helper only reads its own data and stores marks: it cannot panic but by a
            // bug, which the join then reports on this thread.
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
    }
}

/// Spins this many times before parking: about a microsecond.
const SPINS: u32 = 2048;

/// Waits until `cell` holds a value accepted by `ready`: spinning first, then parked until the
/// other side unparks this thread after changing the cell.
fn wait_for(cell: &AtomicU64, ready: impl Fn(u64) -> bool) -> u64 {
    let mut spins = 0;
    loop {
        let value = cell.load(Ordering::Acquire);
        if ready(value) {
            return value;
        }
        if spins < SPINS {
            spins += 1;
            std::hint::spin_loop();
        } else {
            // An unpark that came before this park leaves a token, so no wake-up is lost.
            std::thread::park();
        }
    }
}
