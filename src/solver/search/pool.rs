//! Splitting successors on other threads, for games whose split is costly.
//!
//! When a game's [`split`](crate::Game::split) costs far more than a lookup in the table (a
//! flood fill and eight symmetries of a board, say), it is most of a search's time, and the
//! successors a component lists are independent pieces of work. The search then posts them
//! as a *job*, and it and the helper threads claim them in order, one at a time, the helpers
//! at most a few ahead of the searching thread: a test is often settled after a few of its
//! successors, and what lies past that is wasted. The table stays with the searching thread,
//! which interns what the helpers split as it reaches it, so the search itself, and every
//! value, is the same as on one thread.
//!
//! Helpers wait for jobs spinning for a while, then asleep, so that a search posting a job
//! every few microseconds does not wake them each time.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use smallvec::SmallVec;

use crate::Game;

/// How long a helper looks for a new job before it sleeps.
const SPIN: Duration = Duration::from_millis(2);

/// A game whose split takes at least this long on average is split by the pool, when the
/// solver has several threads; a cheaper split costs less than handing it over.
pub(super) const COSTLY: Duration = Duration::from_nanos(300);

/// Successors still to split that are worth posting as a job: fewer cost more to hand over
/// than they save (user-written Cram 7 x 4: a twentieth faster than from 2).
pub(super) const SHARED_JOB: usize = 4;

/// A search alone looks this often (in components expanded) whether the split is costly.
pub(super) const JOIN_CHECK: u64 = 256;

/// The components of a successor a helper split: most have one or two, kept inline, so that
/// the searching thread has nothing to free that another thread allocated.
pub(super) type Parts<N> = SmallVec<[N; 2]>;

/// A successor of a job, in the hands of one thread at a time.
pub(super) enum Slot<N> {
    /// Not claimed yet.
    Waiting(N),
    /// A helper is splitting it.
    Claimed,
    /// A helper split it into these components.
    Split(N, Parts<N>),
    /// The game's split panicked on a helper: the searching thread splits it again itself,
    /// so that the panic reaches the caller.
    Failed(N),
    /// The searching thread took it.
    Taken,
}

/// The successors of one expansion, to be split.
pub(super) struct Job<N> {
    slots: Box<[Mutex<Slot<N>>]>,
    /// The next slot to claim, by any thread; past the end once the job is withdrawn.
    next: AtomicUsize,
    /// The slot the searching thread last claimed: helpers claim at most `SplitPool::lead`
    /// past it.
    at: AtomicUsize,
}

/// The helpers' side of the jobs of one question.
pub(super) struct SplitPool<N> {
    job: Mutex<Option<Arc<Job<N>>>>,
    posted: Condvar,
    /// How far past the searching thread helpers may claim slots.
    lead: usize,
    /// Counts the jobs posted, so that a spinning helper sees a new one without the lock.
    generation: AtomicU64,
    /// Helpers asleep on `posted`: only then is a post worth a wake-up call.
    sleeping: AtomicUsize,
    stop: AtomicBool,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<N> Job<N> {
    /// Claims the next slot for the searching thread, if any is left: the slots between its
    /// last claim and this one are the helpers'.
    pub(super) fn claim(&self) -> Option<usize> {
        let len = self.slots.len();
        let at = self
            .next
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |k| {
                (k < len).then_some(k + 1)
            })
            .ok()?;
        self.at.store(at, Ordering::Relaxed);
        Some(at)
    }

    /// The successor in slot `at`, which the searching thread claimed.
    pub(super) fn take_claimed(&self, at: usize) -> Slot<N> {
        std::mem::replace(&mut *lock(&self.slots[at]), Slot::Taken)
    }

    /// What a helper made of slot `at`, if it is done.
    pub(super) fn ready(&self, at: usize) -> Option<Slot<N>> {
        let mut slot = lock(&self.slots[at]);
        matches!(*slot, Slot::Split(..) | Slot::Failed(_))
            .then(|| std::mem::replace(&mut *slot, Slot::Taken))
    }

    /// What a helper made of slot `at`, waiting for it.
    pub(super) fn wait(&self, at: usize) -> Slot<N> {
        let mut spins = 0u32;
        loop {
            if let Some(slot) = self.ready(at) {
                return slot;
            }
            // A split takes a microsecond or so; longer, and the helper may have lost its core.
            if spins < 1024 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }
}

impl<N> SplitPool<N> {
    /// A pool for `helpers` helper threads.
    pub(super) fn new(helpers: usize) -> Arc<Self> {
        Arc::new(SplitPool {
            job: Mutex::new(None),
            posted: Condvar::new(),
            lead: 2 * helpers,
            generation: AtomicU64::new(0),
            sleeping: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
        })
    }

    /// Posts `successors` as the current job, replacing any other.
    pub(super) fn post(&self, successors: impl Iterator<Item = N>) -> Arc<Job<N>> {
        let slots: Box<[Mutex<Slot<N>>]> =
            successors.map(|n| Mutex::new(Slot::Waiting(n))).collect();
        let job = Arc::new(Job {
            slots,
            next: AtomicUsize::new(0),
            at: AtomicUsize::new(0),
        });
        let mut current = lock(&self.job);
        *current = Some(Arc::clone(&job));
        self.generation.fetch_add(1, Ordering::Release);
        if self.sleeping.load(Ordering::Relaxed) > 0 {
            self.posted.notify_all();
        }
        job
    }

    /// Withdraws the current job: what helpers have not claimed stays unsplit.
    pub(super) fn withdraw(&self) {
        if let Some(job) = lock(&self.job).take() {
            job.next.store(usize::MAX, Ordering::Relaxed);
        }
    }

    /// Ends the helpers' service.
    pub(super) fn stop(&self) {
        let _guard = lock(&self.job);
        self.stop.store(true, Ordering::Release);
        self.posted.notify_all();
    }
}

impl<N: Game> SplitPool<N> {
    /// A helper's service: splits the successors of posted jobs until the pool is stopped.
    pub(super) fn serve(&self) {
        let mut seen = 0;
        loop {
            let Some(job) = self.next_job(&mut seen) else {
                return;
            };
            let len = job.slots.len();
            loop {
                let claimed = job
                    .next
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |k| {
                        (k < len && k <= job.at.load(Ordering::Relaxed) + self.lead)
                            .then_some(k + 1)
                    });
                let at = match claimed {
                    Ok(at) => at,
                    Err(next) if next < len && !self.stop.load(Ordering::Relaxed) => {
                        // Far enough ahead of the searching thread: wait for it, reading
                        // what it writes seldom enough not to slow it.
                        for _ in 0..32 {
                            std::hint::spin_loop();
                        }
                        continue;
                    }
                    Err(_) => break,
                };
                let mut slot = lock(&job.slots[at]);
                let Slot::Waiting(successor) = std::mem::replace(&mut *slot, Slot::Claimed) else {
                    unreachable!("a slot is claimed once")
                };
                drop(slot);
                let split = catch_unwind(AssertUnwindSafe(|| {
                    successor.split().into_iter().collect::<Parts<N>>()
                }));
                *lock(&job.slots[at]) = match split {
                    Ok(parts) => Slot::Split(successor, parts),
                    Err(_) => Slot::Failed(successor),
                };
                if self.stop.load(Ordering::Relaxed) {
                    return;
                }
            }
        }
    }

    /// Waits for a job newer than the `seen`-th; `None` once the pool is stopped.
    fn next_job(&self, seen: &mut u64) -> Option<Arc<Job<N>>> {
        loop {
            let start = Instant::now();
            while self.generation.load(Ordering::Acquire) == *seen && start.elapsed() < SPIN {
                if self.stop.load(Ordering::Relaxed) {
                    return None;
                }
                std::hint::spin_loop();
            }
            let mut current = lock(&self.job);
            while self.generation.load(Ordering::Acquire) == *seen {
                if self.stop.load(Ordering::Relaxed) {
                    return None;
                }
                self.sleeping.fetch_add(1, Ordering::Relaxed);
                current = self
                    .posted
                    .wait(current)
                    .unwrap_or_else(PoisonError::into_inner);
                self.sleeping.fetch_sub(1, Ordering::Relaxed);
            }
            *seen = self.generation.load(Ordering::Acquire);
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            // A job withdrawn already leaves nothing to do: wait for the next.
            if let Some(job) = current.clone() {
                return Some(job);
            }
        }
    }
}

/// Stops a pool's helpers when dropped, so that a panic of the searching thread does not
/// leave them waiting for jobs, and the scope that runs them waiting for them.
pub(super) struct StopOnDrop<'a, N>(pub(super) &'a SplitPool<N>);

impl<N> Drop for StopOnDrop<'_, N> {
    fn drop(&mut self) {
        self.0.stop();
    }
}
