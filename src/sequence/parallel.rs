//! The plain scan of splits, and sparse space's rare splits, on two cores.
//!
//! A heap's value needs every value before it, so heaps are computed one at a time; the splits
//! of one heap are what is shared. A helper thread keeps its own copy of the values (the main
//! thread posts each new value with the next heap to work on) and marks the option values of
//! the upper part of each move's splits in its own stamp array, while the main thread marks the
//! lower part. The helper then publishes what it saw as a bitset of a few words, and the main
//! thread takes the mex over both: the threads share a few cache lines a heap, not the stamp
//! arrays, whose lines would otherwise travel between the cores on every heap.
//!
//! The hand-over costs about a microsecond a heap, so it only pays from heaps of a few thousand
//! tokens on, where a heap's splits take microseconds. Each side spins for the other and then
//! parks, so that a busy machine, where the other thread may not be running, costs a wake-up
//! rather than a spinning core.
//!
//! In sparse space, a [`RareHelper`] marks the splits with a rare part one heap ahead, once
//! there are more than a thousand of them a heap (0.6 has 1,585 from heap 10,000 on): they
//! read no value of the last two heaps, so the helper works on heap `n + 1` while the main
//! thread searches the common splits of heap `n`, and the main thread only waits when the
//! helper is behind.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::{Scope, ScopedJoinHandle, Thread};
use std::time::{Duration, Instant};

use super::bits::byte_bits;
use super::marking::{RarePart, mark_rare_splits, mark_splits, stamp_array};
use super::rules::last_part;

/// The mailbox value that tells the helper to stop.
const STOP: u64 = u64::MAX;

/// Keeps a value on a cache line of its own, so that one thread's writes do not disturb the
/// other thread's spinning on a neighbour.
#[repr(align(128))]
struct Padded<T>(T);

/// Words of the published bitset: one bit per 16-bit value.
const WORDS: usize = (1 << 16) / 64;

/// What a helper and the main thread share, with `SETS` bitsets of option values.
struct Shared<const SETS: usize> {
    /// The main thread's newest message: a heap (high 32 bits) and what goes with it.
    mailbox: Padded<AtomicU64>,
    /// The last heap the helper finished.
    done: Padded<AtomicU64>,
    /// The option values the helper saw, as many words as its values need; on lines of their
    /// own, as the helper writes them on every heap. (In a `Vec`, the allocation next to them
    /// could be data the main thread writes on every heap: on 0.007 that cost a quarter more
    /// time.)
    seen: [Padded<[AtomicU64; WORDS]>; SETS],
}

/// A helper thread, from the main thread's side: stopped and joined when dropped.
struct Link<'scope, const SETS: usize> {
    shared: Arc<Shared<SETS>>,
    handle: Option<ScopedJoinHandle<'scope, ()>>,
    /// The helper's thread, to wake it when a message is posted.
    thread: Thread,
}

impl<'scope, const SETS: usize> Link<'scope, SETS> {
    /// Starts a helper running `body` with the shared state and the main thread, to wake.
    fn spawn<'env>(
        scope: &'scope Scope<'scope, 'env>,
        body: impl FnOnce(&Shared<SETS>, &Thread) + Send + 'scope,
    ) -> Self {
        let shared = Arc::new(Shared {
            mailbox: Padded(AtomicU64::new(0)),
            done: Padded(AtomicU64::new(0)),
            seen: std::array::from_fn(|_| Padded(std::array::from_fn(|_| AtomicU64::new(0)))),
        });
        let theirs = Arc::clone(&shared);
        let main = std::thread::current();
        let handle = scope.spawn(move || body(&theirs, &main));
        // A thread just spawned may wait for a core until the scheduler next balances its
        // load: with this core given to it for a moment, it starts at once (figures in
        // BENCHMARKS.md).
        std::thread::yield_now();
        let thread = handle.thread().clone();
        Link {
            shared,
            handle: Some(handle),
            thread,
        }
    }

    /// Leaves `message` in the mailbox and wakes the helper.
    fn post(&self, message: u64) {
        self.shared.mailbox.0.store(message, Ordering::Release);
        self.thread.unpark();
    }

    /// Waits until the helper has finished a heap accepted by `ready`.
    fn wait(&self, ready: impl Fn(u64) -> bool) {
        wait_for(&self.shared.done.0, ready);
    }
}

impl<const SETS: usize> Drop for Link<'_, SETS> {
    fn drop(&mut self) {
        self.post(STOP);
        // A helper only reads its own data and stores marks: it cannot panic but by a bug,
        // which the join then reports on this thread.
        if let Some(handle) = self.handle.take()
            && let Err(panic) = handle.join()
        {
            std::panic::resume_unwind(panic);
        }
    }
}

impl<const SETS: usize> Shared<SETS> {
    /// Waits for a message other than the `last` one, and takes note of it; `None` when it
    /// tells the helper to stop.
    fn next_message(&self, last: &mut u64) -> Option<u64> {
        let message = wait_for(&self.mailbox.0, |m| m != *last);
        *last = message;
        (message != STOP).then_some(message)
    }

    /// Publishes in set `set` a bit for each of `stamps` equal to `stamp` below `bound`, as
    /// what the helper saw for heap `heap`, and wakes the `main` thread.
    fn publish(
        &self,
        set: usize,
        stamps: &[u32],
        stamp: u32,
        bound: usize,
        heap: usize,
        main: &Thread,
    ) {
        let words = &self.seen[set].0[..bound.div_ceil(64)];
        for (word, marks) in words.iter().zip(stamps.chunks_exact(64)) {
            let mut hits = [0u8; 64];
            for (hit, &s) in hits.iter_mut().zip(marks) {
                *hit = u8::from(s == stamp);
            }
            word.store(byte_bits(&hits), Ordering::Relaxed);
        }
        self.done.0.store(heap as u64, Ordering::Release);
        main.unpark();
    }
}

/// The plain scan's helper, from the main thread's side.
pub(crate) struct Helper<'scope> {
    link: Link<'scope, 1>,
}

/// Heaps from which the plain scan is shared: below, the hand-over costs more than it saves.
pub(crate) const PARALLEL_START: usize = 8192;

/// Heaps below which a heap number fits the mailbox's 32 bits.
pub(crate) const PARALLEL_END: usize = u32::MAX as usize;

/// Which splits `(a, s - a)` the main thread takes: `a` up to this, of `1..=s/2`. The main
/// thread also takes the mex and the bookkeeping, but the helper packs its marks into a bitset
/// and learns of each heap a little late: on 0.007 and 0.0007, a little more than half for the
/// main thread was fastest.
pub(crate) fn main_share(s: usize) -> usize {
    s / 2 * 17 / 32
}

impl<'scope> Helper<'scope> {
    /// Starts a helper that knows `values` and the two-heap breaks `moves`, which leave
    /// unequal heaps only if `unequal`.
    pub(crate) fn start<'env>(
        scope: &'scope Scope<'scope, 'env>,
        values: &[u16],
        moves: Vec<usize>,
        unequal: bool,
    ) -> Self {
        let initial = values.to_vec();
        let link = Link::spawn(scope, move |shared: &Shared<1>, main: &Thread| {
            // Allocated by this thread, as the end this thread writes to should share no cache
            // line with the main thread's data.
            let mut copy = initial.clone();
            drop(initial);
            let mut stamps = stamp_array();
            let mut last = 0;
            // A power of two above every value: nim-sums of values stay below it.
            let mut bound = values_bound(&copy);
            while let Some(message) = shared.next_message(&mut last) {
                let n = (message >> 32) as usize;
                // The first heap posted follows the values the helper started with.
                if copy.len() < n {
                    let newest = message as u16;
                    copy.push(newest);
                    bound = bound.max(usize::from(newest) + 1).next_power_of_two();
                }
                debug_assert_eq!(copy.len(), n);
                let stamp = n as u32;
                for &j in &moves {
                    let Some(s) = n.checked_sub(j).filter(|&s| s >= 2) else {
                        break;
                    };
                    mark_splits(
                        &mut stamps,
                        stamp,
                        &copy,
                        s,
                        main_share(s) + 1,
                        last_part(s, unequal),
                        0,
                    );
                }
                shared.publish(0, &stamps[..], stamp, bound, n, main);
            }
        });
        Helper { link }
    }

    /// Asks the helper to mark its splits of heap `n`, given the value of heap `n - 1`.
    pub(crate) fn post(&self, n: usize, previous: u16) {
        self.link.post(((n as u64) << 32) | u64::from(previous));
    }

    /// Waits until the helper has marked its splits of heap `n`.
    pub(crate) fn wait(&self, n: usize) {
        self.link.wait(|d| d == n as u64);
    }

    /// Whether the helper saw option value `v` for the heap last waited for. Words past the
    /// helper's bound were never written and read as nothing seen.
    pub(crate) fn marked(&self, v: u64) -> bool {
        self.link.shared.seen[0]
            .0
            .get((v / 64) as usize)
            .is_some_and(|w| w.load(Ordering::Relaxed) & (1 << (v % 64)) != 0)
    }
}

/// The least power of two above every value in `values`.
fn values_bound(values: &[u16]) -> usize {
    (usize::from(values.iter().copied().max().unwrap_or(0)) + 1).next_power_of_two()
}

/// How long to spin before parking. A heap's splits take microseconds to tens of
/// microseconds, and waking a parked thread costs about as much, so the wait is spun through
/// when both threads run; on a busy machine, where the other thread may not be running, the
/// waiter parks after this.
const SPIN: Duration = Duration::from_micros(50);

/// Waits until `cell` holds a value accepted by `ready`: spinning first, then parked until the
/// other side unparks this thread after changing the cell.
fn wait_for(cell: &AtomicU64, ready: impl Fn(u64) -> bool) -> u64 {
    let mut started: Option<Instant> = None;
    let mut spins = 0u32;
    loop {
        let value = cell.load(Ordering::Acquire);
        if ready(value) {
            return value;
        }
        spins = spins.wrapping_add(1);
        // Reading the clock costs more than a spin: only now and then.
        if !spins.is_multiple_of(64) || started.get_or_insert_with(Instant::now).elapsed() < SPIN {
            std::hint::spin_loop();
        } else {
            // An unpark that came before this park leaves a token, so no wake-up is lost.
            std::thread::park();
        }
    }
}

/// A helper thread that marks the rare splits of sparse space one heap ahead of the main
/// thread, in two bitsets, one for heaps of each parity.
///
/// The splits of heap `k` that remove at least one token only read values up to heap `k - 2`,
/// so the helper marks those of heap `n + 1` while the main thread works on heap `n`: once
/// there are more than a thousand rare splits a heap, the main thread no longer marks them,
/// and finds them in a bitset of a few words. The helper keeps its own copy of the values and
/// of the rare positions, extended as the main thread posts each new heap (its value in the
/// low 16 bits of the message, and whether it is rare in bit 16); when the rare positions are
/// listed anew, the helper is stopped and another started.
pub(crate) struct RareHelper<'scope> {
    link: Link<'scope, 2>,
}

impl<'scope> RareHelper<'scope> {
    /// Starts a helper that knows `values` and `rare`, the rare positions below `values.len()`,
    /// for the two-heap breaks `moves`, all removing a token or more; it marks the heaps
    /// `values.len()` and `values.len() + 1` at once.
    pub(crate) fn start<'env>(
        scope: &'scope Scope<'scope, 'env>,
        values: &[u16],
        rare: &[RarePart],
        moves: Vec<usize>,
    ) -> Self {
        debug_assert!(moves.iter().all(|&j| j >= 1));
        let (initial, initial_rare) = (values.to_vec(), rare.to_vec());
        let link = Link::spawn(scope, move |shared: &Shared<2>, main: &Thread| {
            // Allocated by this thread, as the end this thread writes to should share no cache
            // line with the main thread's data.
            let mut copy = initial.clone();
            let mut rare = initial_rare.clone();
            drop((initial, initial_rare));
            let mut stamps = stamp_array();
            let mut bound = values_bound(&copy);
            let mut mark_heap = |k: usize, copy: &[u16], rare: &[RarePart], bound: usize| {
                let stamp = k as u32;
                mark_rare_splits(&mut stamps, stamp, rare, copy, &moves, k);
                shared.publish(k % 2, &stamps[..], stamp, bound, k, main);
            };
            let first = copy.len();
            mark_heap(first, &copy, &rare, bound);
            mark_heap(first + 1, &copy, &rare, bound);
            let mut last = 0;
            while let Some(message) = shared.next_message(&mut last) {
                let newest = (message >> 32) as usize;
                debug_assert_eq!(copy.len(), newest);
                let value = message as u16;
                copy.push(value);
                if message >> 16 & 1 == 1 {
                    rare.push(RarePart::new(newest, &copy));
                }
                bound = bound.max(usize::from(value) + 1).next_power_of_two();
                mark_heap(newest + 2, &copy, &rare, bound);
            }
        });
        RareHelper { link }
    }

    /// Tells the helper the value of heap `n` and whether it is rare.
    ///
    /// The mailbox holds one heap: it is free once the helper has taken the one before,
    /// which it has when the marks of heap `n + 1` are published. (The main thread needs
    /// those next anyway.)
    pub(crate) fn post(&self, n: usize, value: u16, rare: bool) {
        self.link.wait(|d| d > n as u64);
        self.link
            .post(((n as u64) << 32) | (u64::from(rare) << 16) | u64::from(value));
    }

    /// Waits for the marks of heap `n` and copies them into `bits`, as many words as it holds
    /// (words past the values seen so far read as nothing reached).
    pub(crate) fn marks(&self, n: usize, bits: &mut [u64]) {
        self.link.wait(|d| d >= n as u64);
        for (bit, word) in bits.iter_mut().zip(&self.link.shared.seen[n % 2].0) {
            *bit = word.load(Ordering::Relaxed);
        }
    }
}
