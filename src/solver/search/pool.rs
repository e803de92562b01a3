//! Splitting successors on other threads, for games whose split is costly.
//!
//! When a game's [`split`](crate::Game::split) costs far more than a lookup in the table (a
//! flood fill and eight symmetries of a board, say), it is most of a search's time, and the
//! successors a component lists are independent pieces of work. The search then posts them
//! as a *job*, and it and the helper threads claim them in order, one at a time, the helpers
//! at most a few ahead of the searching thread: a test is often settled after a few of its
//! successors, and what lies past that is wasted. The table stays with the searching thread,
//! which interns what the helpers split as it reaches it: it is one thread's search, except
//! that the searching thread may take a successor it split itself before an earlier one a
//! helper has not finished, and that one may settle the test first. Which successors settle
//! tests then differs from run to run, and so the work; every value is the same.
//!
//! The pool keeps the slots of every job: posting one writes a copy of each successor into
//! them and then one word (the job's number, its length and the next slot to claim), and
//! withdrawing it writes the word. The searching thread keeps its own successors, and splits
//! those it claims without touching their slots; a slot's job number tells a helper that
//! claimed it just before a new job was posted to leave it.
//!
//! Sharing has costs a single thread does not: each successor handed over is a few words
//! going from one core to another, and a helper may lose its core to another program in the
//! middle of a split. So the searching thread takes back a successor a helper has held for
//! twice the time a split takes, and it times its expansions shared and alone in turn
//! ([`Pacer`](super::pacer::Pacer)), posting jobs only while that pays. Helpers waiting give
//! their core away rather than spin, and after a while sleep, so that a search posting a job
//! every few microseconds does not wake them each time.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
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

/// A search alone looks this often (in components expanded) whether the split is costly: a
/// short question (user-written Cram 5 x 5, about 3,000 expansions) gains from helpers that
/// join early, and the split's cost is known after a few dozen splits.
pub(super) const JOIN_CHECK: u64 = 64;

/// The components of a successor a helper split: most have one or two, kept inline, so that
/// the searching thread has nothing to free that another thread allocated.
pub(super) type Parts<N> = SmallVec<[N; 2]>;

/// The most successors of one expansion posted at once: a test that lists more splits the
/// rest itself, after the posted ones (a board of 64 cells has at most 112 moves, and a test
/// is most often settled by its first few).
pub(super) const MAX_POSTED: usize = 64;

/// What became of a successor the searching thread posted and did not split itself.
pub(super) enum Done<N> {
    /// A helper split the copy posted into these components. The copy comes back with them,
    /// so that the thread that made it frees it.
    Split(N, Parts<N>),
    /// No helper split it (the game's split panicked on the helper, or the helper was too
    /// slow and the slot was taken back): the searching thread splits its own successor, so
    /// that a panic reaches the caller.
    Again,
}

/// A successor posted, in the hands of one thread at a time.
enum Slot<N> {
    /// A copy of a successor, not claimed yet.
    Waiting(N),
    /// A helper is splitting the copy; the searching thread may take the successor back.
    Claimed,
    /// A helper split the copy into these components.
    Split(N, Parts<N>),
    /// The game's split panicked on a helper: the searching thread splits its own successor
    /// again, so that the panic reaches the caller.
    Failed,
    /// The searching thread took it, or took it back; or nothing was ever posted in it.
    Taken,
}

/// A slot and the job it was posted for: a helper that claimed a slot of a job withdrawn
/// since finds another job's number in it, and leaves it.
struct Cell<N> {
    job: u32,
    slot: Slot<N>,
}

/// The claims of the current job in one word: its number, how many slots it posted, and the
/// next slot to claim (equal to their number once every slot is claimed or the job
/// withdrawn).
#[derive(Clone, Copy)]
struct Claims {
    job: u32,
    len: u16,
    next: u16,
}

impl Claims {
    fn word(self) -> u64 {
        u64::from(self.job) << 32 | u64::from(self.len) << 16 | u64::from(self.next)
    }

    fn of(word: u64) -> Claims {
        Claims {
            job: (word >> 32) as u32,
            len: (word >> 16) as u16,
            next: word as u16,
        }
    }
}

/// The slots of the jobs of one question, shared by the searching thread and the helpers (see
/// the module's documentation).
pub(super) struct SplitPool<N> {
    slots: Box<[Mutex<Cell<N>>]>,
    /// The current job's [`Claims`].
    claims: AtomicU64,
    /// The current job's number, on a line of its own: helpers waiting for a job watch it,
    /// not the word both threads write at every claim.
    latest: Lined<AtomicU32>,
    /// The slot the searching thread last claimed: helpers claim at most `lead` past it.
    at: AtomicUsize,
    /// How far past the searching thread helpers may claim slots.
    lead: usize,
    /// Helpers asleep, and where they sleep: only with one asleep is a post worth a call.
    sleeping: AtomicUsize,
    asleep: Mutex<()>,
    posted: Condvar,
    stop: AtomicBool,
}

/// A value on cache lines of its own.
#[repr(align(128))]
struct Lined<T>(T);

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<N> SplitPool<N> {
    /// A pool for `helpers` helper threads.
    pub(super) fn new(helpers: usize) -> Arc<Self> {
        Arc::new(SplitPool {
            slots: (0..MAX_POSTED)
                .map(|_| {
                    Mutex::new(Cell {
                        job: 0,
                        slot: Slot::Taken,
                    })
                })
                .collect(),
            claims: AtomicU64::new(0),
            latest: Lined(AtomicU32::new(0)),
            at: AtomicUsize::new(0),
            lead: 2 * helpers,
            sleeping: AtomicUsize::new(0),
            asleep: Mutex::new(()),
            posted: Condvar::new(),
            stop: AtomicBool::new(false),
        })
    }

    /// Posts copies of `successors` (at most [`MAX_POSTED`]) as a new job; returns its
    /// number and how many it posted. The job before it must be withdrawn.
    pub(super) fn post(&self, successors: impl Iterator<Item = N>) -> (u32, usize) {
        let job = Claims::of(self.claims.load(Ordering::Relaxed))
            .job
            .wrapping_add(1);
        let mut len = 0;
        for (cell, successor) in self.slots.iter().zip(successors) {
            let mut cell = lock(cell);
            cell.job = job;
            cell.slot = Slot::Waiting(successor);
            len += 1;
        }
        self.at.store(0, Ordering::Relaxed);
        // Below 2^16: `MAX_POSTED` slots.
        let claims = Claims {
            job,
            len: len as u16,
            next: 0,
        };
        self.claims.store(claims.word(), Ordering::SeqCst);
        self.latest.0.store(job, Ordering::SeqCst);
        if self.sleeping.load(Ordering::SeqCst) > 0 {
            let _asleep = lock(&self.asleep);
            self.posted.notify_all();
        }
        (job, len)
    }

    /// Claims the next slot of job `job` for the searching thread, if any is left: the
    /// slots between its last claim and this one are the helpers'.
    pub(super) fn claim(&self, job: u32) -> Option<usize> {
        let word = self
            .claims
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |word| {
                let claims = Claims::of(word);
                (claims.job == job && claims.next < claims.len).then(|| word + 1)
            })
            .ok()?;
        let at = usize::from(Claims::of(word).next);
        self.at.store(at, Ordering::Relaxed);
        Some(at)
    }

    /// What a helper made of slot `at` of job `job`, if it is done.
    pub(super) fn ready(&self, job: u32, at: usize) -> Option<Done<N>> {
        let mut cell = lock(&self.slots[at]);
        if cell.job != job || !matches!(cell.slot, Slot::Split(..) | Slot::Failed) {
            return None;
        }
        Some(Self::take(&mut cell.slot))
    }

    /// Takes what a slot holds, leaving it [`Slot::Taken`]: a split, or else
    /// [`Done::Again`].
    fn take(slot: &mut Slot<N>) -> Done<N> {
        match std::mem::replace(slot, Slot::Taken) {
            Slot::Split(copy, parts) => Done::Split(copy, parts),
            _ => Done::Again,
        }
    }

    /// What a helper made of slot `at` of job `job`, waiting for it at most `patience`; after
    /// that the helper has most likely lost its core to another program, and the slot is
    /// taken back ([`Done::Again`]).
    pub(super) fn wait(&self, job: u32, at: usize, patience: Duration) -> Done<N> {
        let start = Instant::now();
        loop {
            if let Some(done) = self.ready(job, at) {
                return done;
            }
            if start.elapsed() >= patience {
                return Self::take(&mut lock(&self.slots[at]).slot);
            }
            std::hint::spin_loop();
        }
    }

    /// Withdraws job `job`: what helpers have not claimed stays unsplit.
    pub(super) fn withdraw(&self, job: u32) {
        let _ = self
            .claims
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |word| {
                let claims = Claims::of(word);
                (claims.job == job).then(|| {
                    Claims {
                        next: claims.len,
                        ..claims
                    }
                    .word()
                })
            });
    }

    /// Ends the helpers' service.
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        let _asleep = lock(&self.asleep);
        self.posted.notify_all();
    }
}

impl<N: Game> SplitPool<N> {
    /// A helper's service: splits the successors of posted jobs until the pool is stopped.
    pub(super) fn serve(&self) {
        let mut seen = 0;
        while let Some(job) = self.next_job(seen) {
            seen = job;
            loop {
                let claims = Claims::of(self.claims.load(Ordering::Acquire));
                if claims.job != job || claims.next >= claims.len {
                    break;
                }
                let at = usize::from(claims.next);
                if at > self.at.load(Ordering::Relaxed) + self.lead {
                    // Far enough ahead of the searching thread: wait for it, giving the
                    // core away (see `next_job`).
                    if self.stop.load(Ordering::Relaxed) {
                        return;
                    }
                    std::thread::yield_now();
                    continue;
                }
                let next = Claims {
                    next: claims.next + 1,
                    ..claims
                };
                if self
                    .claims
                    .compare_exchange(
                        claims.word(),
                        next.word(),
                        Ordering::Acquire,
                        Ordering::Relaxed,
                    )
                    .is_err()
                {
                    continue;
                }
                self.split_slot(job, at);
                if self.stop.load(Ordering::Relaxed) {
                    return;
                }
            }
        }
    }

    /// Splits the successor in slot `at`, claimed for job `job`, unless the searching thread
    /// took it back or posted another job in it meanwhile.
    fn split_slot(&self, job: u32, at: usize) {
        let mut cell = lock(&self.slots[at]);
        if cell.job != job {
            return;
        }
        let Slot::Waiting(successor) = std::mem::replace(&mut cell.slot, Slot::Claimed) else {
            return;
        };
        drop(cell);
        let split = catch_unwind(AssertUnwindSafe(|| {
            successor.split().into_iter().collect::<Parts<N>>()
        }));
        let mut cell = lock(&self.slots[at]);
        // Taken back meanwhile: the searching thread split it, and this is not wanted.
        if cell.job == job && matches!(cell.slot, Slot::Claimed) {
            cell.slot = match split {
                Ok(parts) => Slot::Split(successor, parts),
                Err(_) => Slot::Failed,
            };
        }
    }

    /// Waits for a job other than `seen`; `None` once the pool is stopped.
    fn next_job(&self, seen: u32) -> Option<u32> {
        let fresh = |pool: &Self| {
            if pool.latest.0.load(Ordering::SeqCst) == seen {
                return None;
            }
            let claims = Claims::of(pool.claims.load(Ordering::SeqCst));
            (claims.job != seen && claims.next < claims.len).then_some(claims.job)
        };
        let start = Instant::now();
        while start.elapsed() < SPIN {
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            if let Some(job) = fresh(self) {
                return Some(job);
            }
            // Not a spin: on a busy machine a spinning helper takes its core from the
            // searching thread or from another program. On an idle core this returns at
            // once.
            std::thread::yield_now();
        }
        let mut asleep = lock(&self.asleep);
        self.sleeping.fetch_add(1, Ordering::SeqCst);
        let job = loop {
            if self.stop.load(Ordering::SeqCst) {
                break None;
            }
            if let Some(job) = fresh(self) {
                break Some(job);
            }
            asleep = self
                .posted
                .wait(asleep)
                .unwrap_or_else(PoisonError::into_inner);
        };
        self.sleeping.fetch_sub(1, Ordering::SeqCst);
        job
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose split gives the position and its half, so that a split is known by its
    /// parts.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Halves(u32);

    impl Game for Halves {
        fn successors(&self) -> impl IntoIterator<Item = Self> {
            (0..self.0).map(Halves)
        }
        fn split(&self) -> impl IntoIterator<Item = Self> {
            assert!(self.0 != 13, "thirteen does not split");
            [self.clone(), Halves(self.0 / 2)]
        }
    }

    /// Claims the next slot of job `job` as a helper does, without splitting it.
    fn claim_as_helper(pool: &SplitPool<Halves>, job: u32) -> usize {
        let claims = Claims::of(pool.claims.load(Ordering::Relaxed));
        assert_eq!(claims.job, job);
        let next = Claims {
            next: claims.next + 1,
            ..claims
        };
        pool.claims.store(next.word(), Ordering::Relaxed);
        usize::from(claims.next)
    }

    #[test]
    fn a_helper_splits_what_it_claims_and_the_searching_thread_claims_the_rest() {
        let pool = SplitPool::new(1);
        let (job, len) = pool.post((0..10).map(Halves));
        assert_eq!(len, 10);
        assert_eq!(pool.claim(job), Some(0));
        let theirs = claim_as_helper(&pool, job);
        assert!(pool.ready(job, theirs).is_none(), "claimed, not split");
        pool.split_slot(job, theirs);
        match pool.ready(job, theirs) {
            Some(Done::Split(copy, parts)) => {
                assert_eq!(copy, Halves(1));
                assert_eq!(&parts[..], [Halves(1), Halves(0)]);
            }
            _ => panic!("slot 1 was split"),
        }
        assert!(pool.ready(job, theirs).is_none(), "taken once");
        assert_eq!(pool.claim(job), Some(2));
        pool.withdraw(job);
        assert_eq!(
            pool.claim(job),
            None,
            "a withdrawn job has nothing to claim"
        );
    }

    #[test]
    fn a_slot_of_a_job_withdrawn_is_left_to_the_next() {
        let pool = SplitPool::new(1);
        let (old, _) = pool.post((0..4).map(Halves));
        let stale = claim_as_helper(&pool, old);
        pool.withdraw(old);
        let (job, _) = pool.post((20..24).map(Halves));
        assert_ne!(job, old);
        // The helper that claimed slot 0 of the old job comes to it late.
        pool.split_slot(old, stale);
        assert!(pool.ready(job, stale).is_none());
        assert!(pool.ready(old, stale).is_none());
        // Slot 0 of the new job is still there to claim, and splits as its own.
        assert_eq!(claim_as_helper(&pool, job), 0);
        pool.split_slot(job, 0);
        assert!(matches!(
            pool.ready(job, 0),
            Some(Done::Split(Halves(20), _))
        ));
    }

    #[test]
    fn a_slot_held_too_long_or_failed_comes_back_to_the_searching_thread() {
        let pool = SplitPool::new(1);
        let (job, _) = pool.post((12..15).map(Halves));
        // Claimed and never split: taken back after the patience.
        let held = claim_as_helper(&pool, job);
        assert!(matches!(pool.wait(job, held, Duration::ZERO), Done::Again));
        // A helper finishing it after that leaves nothing behind.
        pool.split_slot(job, held);
        assert!(pool.ready(job, held).is_none());
        // A split that panics on the helper comes back to be split again.
        let failing = claim_as_helper(&pool, job);
        pool.split_slot(job, failing);
        assert!(matches!(pool.ready(job, failing), Some(Done::Again)));
    }

    #[test]
    fn a_job_posts_at_most_its_slots() {
        let pool = SplitPool::new(2);
        let (job, len) = pool.post((0..1000).map(Halves));
        assert_eq!(len, MAX_POSTED);
        let claimed = std::iter::from_fn(|| pool.claim(job)).count();
        assert_eq!(claimed, MAX_POSTED);
    }

    #[test]
    fn helpers_serve_jobs_until_the_pool_stops() {
        let pool = SplitPool::new(1);
        std::thread::scope(|scope| {
            let _stop = StopOnDrop(&pool);
            scope.spawn(|| pool.serve());
            for round in 0..50u32 {
                let (job, len) = pool.post((0..8).map(|k| Halves(100 * round + k)));
                // This thread claims nothing: the helper splits every slot, `lead` at a time
                // past the last slot this thread claimed (none, so slot 0).
                for at in 0..len.min(pool.lead + 1) {
                    match pool.wait(job, at, Duration::from_secs(60)) {
                        Done::Split(copy, parts) => {
                            let want = 100 * round + at as u32;
                            assert_eq!(copy, Halves(want));
                            assert_eq!(parts[1], Halves(want / 2));
                        }
                        Done::Again => panic!("a helper on an idle core takes far less"),
                    }
                }
                pool.withdraw(job);
            }
        });
    }
}
