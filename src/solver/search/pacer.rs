//! Whether posting a test's successors to the split pool pays, judged as the search goes.

use std::time::Duration;

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
///
/// It starts with a shared stretch of [`Pacer::SHORTEST`] expansions, not a probe: the pool
/// is started only for a game whose split is costly, where sharing most often pays, and a
/// question of a few thousand expansions (user-written Cram 5 x 5) would otherwise spend a
/// good part of itself in probes and in stretches alone that a probe's noise chose.
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
            left: Pacer::SHORTEST,
            stretch: Some(true),
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
        // It starts sharing, before any probe.
        let shared = run(&mut Pacer::default(), Pacer::SHORTEST, 2_000, 1_000);
        assert_eq!(shared, Pacer::SHORTEST);
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
