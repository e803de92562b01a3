//! Splitting successors on other threads, for games whose split is costly.
//!
//! When a game's [`split`](crate::Game::split) costs far more than a lookup in the table (a
//! flood fill and eight symmetries of a board, say), it is most of a search's time, and the
//! successors a component lists are independent pieces of work. The search then posts them
//! as a *job*, and it and the helper threads claim them in order, one at a time, the helpers
//! at most a few ahead of the searching thread: a test is often settled after a few of its
//! successors, and what lies past that is wasted. The table stays with the searching thread,
//! which interns what the helpers split as it reaches it: it is one thread's search, except
//! that a helper's successor finished early may be taken before one the searching thread
//! was splitting itself, and settle a test first. Which successors settle tests then differs
//! from run to run, and so the work; every value is the same.
//!
//! Sharing has costs a single thread does not: each successor handed over is a few words
//! going from one core to another, and a helper may lose its core to another program in the
//! middle of a split. So the searching thread takes back a successor a helper has held for
//! twice the time a split takes, and it times its expansions shared and alone in turn
//! ([`Pacer`]), posting jobs only while that pays. Helpers waiting give their core away
//! rather than spin, and after a while sleep, so that a search posting a job every few
//! microseconds does not wake them each time.

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

/// A search alone looks this often (in components expanded) whether the split is costly: a
/// short question (user-written Cram 5 x 5, about 3,000 expansions) gains from helpers that
/// join early, and the split's cost is known after a few hundred splits.
pub(super) const JOIN_CHECK: u64 = 64;

/// Decides, expansion by expansion, whether posting the successors pays: on a machine whose
/// cores are far apart, or shared with other programs, handing a successor to another thread
/// can cost more than splitting it, and which holds can change from one minute to the next
/// on the same machine, as virtual cores move.
///
/// The searching thread times the successors it goes through in a *probe*, expansions shared
/// and alone in turn, so that both ways see the same part of the search; the faster way then
/// runs alone for a stretch twice as long as its last, up to [`Pacer::LONGEST`] expansions,
/// and the next probe follows, so that a change in the machine is seen within a few thousand
/// expansions, and a probe costs a few percent at most.
#[derive(Clone, Debug)]
pub(super) struct Pacer {
    /// Expansions left in the current stretch or probe.
    left: u32,
    /// In a stretch: whether it shares; in a probe, `None`.
    stretch: Option<bool>,
    /// The length of the next stretch of each way: alone, shared.
    lengths: [u32; 2],
    /// Time and successors of each way in the current probe: alone, shared.
    nanos: [u64; 2],
    successors: [u64; 2],
}

impl Default for Pacer {
    fn default() -> Self {
        Pacer {
            left: Pacer::PROBE,
            stretch: None,
            lengths: [Pacer::SHORTEST; 2],
            nanos: [0; 2],
            successors: [0; 2],
        }
    }
}

impl Pacer {
    /// The expansions of a probe, half of them shared.
    const PROBE: u32 = 128;
    /// The first stretch of a way that won a probe.
    const SHORTEST: u32 = 256;
    /// The longest stretch before the next probe.
    const LONGEST: u32 = 16384;

    /// Whether the next expansion's successors are to be posted.
    pub(super) fn sharing(&self) -> bool {
        self.stretch.unwrap_or(self.left.is_multiple_of(2))
    }

    /// Whether the pacer is comparing the two ways: only then does [`Pacer::record`] need
    /// the time an expansion took.
    pub(super) fn probing(&self) -> bool {
        self.stretch.is_none()
    }

    /// Records an expansion that went through `successors` successors, shared or not as
    /// [`Pacer::sharing`] said, in `time` if [`Pacer::probing`].
    pub(super) fn record(&mut self, successors: usize, time: Option<Duration>) {
        if let (true, Some(time)) = (self.probing(), time) {
            let way = usize::from(self.sharing());
            let nanos = u64::try_from(time.as_nanos()).unwrap_or(u64::MAX);
            self.nanos[way] = self.nanos[way].saturating_add(nanos);
            self.successors[way] += successors as u64;
        }
        self.left -= 1;
        if self.left > 0 {
            return;
        }
        if self.stretch.is_some() {
            self.stretch = None;
            self.left = Pacer::PROBE;
            return;
        }
        // Time per successor of each way, compared as products. Sharing must win by a
        // twentieth: it also takes the other cores.
        let alone = u128::from(self.nanos[0]) * u128::from(self.successors[1].max(1));
        let shared = u128::from(self.nanos[1]) * u128::from(self.successors[0].max(1));
        let winner = usize::from(shared * 20 < alone * 19);
        self.stretch = Some(winner == 1);
        self.left = self.lengths[winner];
        self.lengths[winner] = (self.lengths[winner] * 2).min(Pacer::LONGEST);
        self.lengths[1 - winner] = Pacer::SHORTEST;
        self.nanos = [0; 2];
        self.successors = [0; 2];
    }
}

/// The components of a successor a helper split: most have one or two, kept inline, so that
/// the searching thread has nothing to free that another thread allocated.
pub(super) type Parts<N> = SmallVec<[N; 2]>;

/// A successor of a job, in the hands of one thread at a time.
pub(super) enum Slot<N> {
    /// Not claimed yet.
    Waiting(N),
    /// A helper is splitting a copy of it; the searching thread may take it back.
    Claimed(N),
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
    slots: Vec<Mutex<Slot<N>>>,
    /// The next slot to claim, by any thread; past the end once the job is withdrawn.
    next: AtomicUsize,
    /// The slot the searching thread last claimed: helpers claim at most `SplitPool::lead`
    /// past it.
    at: AtomicUsize,
}

/// The helpers' side of the jobs of one question.
pub(super) struct SplitPool<N> {
    job: Mutex<Option<Arc<Job<N>>>>,
    /// The last job withdrawn, whose storage the next post reuses once the helpers have let
    /// go of it: a job is posted every few microseconds.
    spare: Mutex<Option<Arc<Job<N>>>>,
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

    /// What a helper made of slot `at`, waiting for it at most `patience`; after that the
    /// helper has most likely lost its core to another program, and the successor comes back
    /// [`Slot::Waiting`], for the searching thread to split itself.
    pub(super) fn wait(&self, at: usize, patience: Duration) -> Slot<N> {
        let start = Instant::now();
        loop {
            if let Some(slot) = self.ready(at) {
                return slot;
            }
            if start.elapsed() >= patience {
                let mut slot = lock(&self.slots[at]);
                return match std::mem::replace(&mut *slot, Slot::Taken) {
                    Slot::Claimed(successor) => Slot::Waiting(successor),
                    done => done,
                };
            }
            std::hint::spin_loop();
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
            spare: Mutex::new(None),
            posted: Condvar::new(),
            lead: 2 * helpers,
            generation: AtomicU64::new(0),
            sleeping: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
        })
    }

    /// Posts `successors` as the current job, replacing any other.
    pub(super) fn post(&self, successors: impl Iterator<Item = N>) -> Arc<Job<N>> {
        let slots = successors.map(|n| Mutex::new(Slot::Waiting(n)));
        let mut spare = lock(&self.spare).take();
        let job = if let Some(reused) = spare.as_mut().and_then(Arc::get_mut) {
            reused.slots.clear();
            reused.slots.extend(slots);
            *reused.next.get_mut() = 0;
            *reused.at.get_mut() = 0;
            spare.expect("a spare job was reused")
        } else {
            Arc::new(Job {
                slots: slots.collect(),
                next: AtomicUsize::new(0),
                at: AtomicUsize::new(0),
            })
        };
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
            *lock(&self.spare) = Some(job);
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
                        // Far enough ahead of the searching thread: wait for it, giving the
                        // core away (see `next_job`).
                        std::thread::yield_now();
                        continue;
                    }
                    Err(_) => break,
                };
                let mut slot = lock(&job.slots[at]);
                // Else taken back by the searching thread before this helper began.
                let Slot::Waiting(successor) = std::mem::replace(&mut *slot, Slot::Taken) else {
                    continue;
                };
                // The copy is split; the searching thread may take the successor back. A
                // panic in the game's `clone` leaves it to the searching thread too.
                let Ok(copy) = catch_unwind(AssertUnwindSafe(|| successor.clone())) else {
                    *slot = Slot::Failed(successor);
                    continue;
                };
                *slot = Slot::Claimed(successor);
                drop(slot);
                let split = catch_unwind(AssertUnwindSafe(|| {
                    copy.split().into_iter().collect::<Parts<N>>()
                }));
                let mut slot = lock(&job.slots[at]);
                // Taken back meanwhile: the searching thread split it, and this is not wanted.
                if matches!(*slot, Slot::Claimed(_)) {
                    *slot = match split {
                        Ok(parts) => Slot::Split(copy, parts),
                        Err(_) => Slot::Failed(copy),
                    };
                }
                drop(slot);
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
                // Not a spin: on a busy machine a spinning helper takes its core from the
                // searching thread or from another program. On an idle core this returns at
                // once.
                std::thread::yield_now();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `pacer` through `expansions` expansions of ten successors, each taking `shared`
    /// or `alone` nanoseconds a successor; returns how many were shared.
    fn run(pacer: &mut Pacer, expansions: u32, shared: u64, alone: u64) -> u32 {
        let mut posted = 0;
        for _ in 0..expansions {
            let nanos = if pacer.sharing() {
                posted += 1;
                shared
            } else {
                alone
            };
            pacer.record(10, Some(Duration::from_nanos(10 * nanos)));
        }
        posted
    }

    #[test]
    fn the_pacer_shares_while_sharing_pays_and_stops_when_it_does_not() {
        let mut pacer = Pacer::default();
        // Sharing twice as fast: after the first probes, nearly every expansion shares.
        run(&mut pacer, 5_000, 500, 1_000);
        let shared = run(&mut pacer, 20_000, 500, 1_000);
        assert!(shared > 19_000, "{shared}");
        // The machine changes: sharing now costs twice as much. Within one long stretch
        // and a probe the pacer stops posting.
        run(&mut pacer, 2 * Pacer::LONGEST + Pacer::PROBE, 2_000, 1_000);
        let shared = run(&mut pacer, 20_000, 2_000, 1_000);
        assert!(shared < 1_000, "{shared}");
        // A tie goes to the thread alone.
        let mut pacer = Pacer::default();
        let shared = run(&mut pacer, 20_000, 1_000, 1_000);
        assert!(shared < 1_000, "{shared}");
    }
}
