//! The question itself, searched by several threads: its successors divided between them.
//!
//! An exact value v needs a witness for each value below v, most often the first successor
//! tried, and a refutation of v, which tries every successor: half the search or more, and
//! pieces that do not depend on one another. So each thread searching the question claims the
//! successor it tries (see [`Root`]), passes over those other
//! threads claimed, and comes back to them once it has tried the rest, when what their
//! searches learned is published; those still claimed then, it searches too rather than wait.
//! A thread that finds another on the first successor tried for the least value without a
//! witness first searches that successor too (one thread at most; its own successors from the
//! middle of their order on), until the other thread is done with it or for at most
//! [`HELP_LIMIT`] expansions: in a short question that search is most of the work (the
//! question may be worth its least value, and then nothing above it needs a witness). Then,
//! and once it has helped,
//! it looks for a witness of the value above: that is the next value to find a witness for or
//! refute, once the one below has its witness, which it most often has. Once the least value
//! has a second successor tried, it looks like a refutation, and the thread leaves the value
//! above for it (after helping, it looks ahead once whatever the other thread does). The
//! witnesses and refutations found are shared, so that every thread moves on together.
//!
//! A successor's own successors are divided too: a thread testing a successor of the question
//! claims the component it searches next, one at a time, and passes over, to try last, one
//! another thread is on (see [`pass_over`]). Two threads on the same successor of the
//! question (the last one left, most often the largest) then take its successors in turns.
//!
//! A question's values are kept as bits of a word: from the value [`LAST_DIVIDED`] on, its
//! threads search it as they would alone, and so does a thread whose search goes on alone.

use std::hash::Hash;
use std::sync::Arc;

use super::step::{Task, drop_valued, task};
use super::{EXACT, Engine, Frame, Kind, NO_VALUE, Step, ask_for, bits};
use crate::Error;
use crate::solver::parallel::{Root, Shared};

/// What a thread dividing a question did with the successors other threads claimed, for the
/// value it seeks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Others {
    /// It met none.
    Untouched,
    /// It passed over some, to try once it has tried the rest.
    PassedOver,
    /// It tried the rest: it searches them too, rather than wait for them.
    Joined,
}

/// What a thread dividing a question does when another thread searches the first successor
/// tried for the least value without a witness (see
/// [`Root::ahead`](crate::solver::parallel::Root::ahead)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Help {
    /// It has not helped on this question yet: it searches that successor too, if that is a
    /// test and no other thread helps with it.
    Unused,
    /// It searches that successor beside the other thread, for `goal`, since it had expanded
    /// `since` components; `rotated` once it took the successor's own successors from the
    /// middle of their order on (when they are split at once), so that the two threads start
    /// apart.
    Helping {
        since: u64,
        goal: u64,
        rotated: bool,
    },
    /// It helped: it looks for a witness of the value above the least once, whether or not
    /// the other thread is still on the first successor tried.
    LookAhead,
    /// It helped and looked ahead: from now on [`Root::ahead`] alone decides.
    ///
    /// [`Root::ahead`]: crate::solver::parallel::Root::ahead
    Used,
}

/// The values a question with `moves` moves may have, as bits of a word: those up to the
/// number of moves.
fn reachable(moves: usize) -> u64 {
    if moves > LAST_DIVIDED as usize {
        u64::MAX
    } else {
        (2 << moves) - 1
    }
}

/// The largest value a thread dividing the question of `frame` may seek a witness for: its
/// number of moves, but nothing above its goal (if it has one), nor above [`LAST_DIVIDED`],
/// from where the frame goes on alone and takes every value below the one it seeks for
/// witnessed.
fn seek_limit(frame: &Frame) -> usize {
    let goal = usize::try_from(frame.goal).unwrap_or(usize::MAX);
    frame.succ_count.min(goal).min(LAST_DIVIDED as usize)
}

impl Help {
    /// Whether thread `thread` helps with the first successor tried for `least`, the least
    /// value without a witness of a question with witnesses for `values` (bits), and the value
    /// it seeks, at most `moves` (see [`seek_limit`]): helping comes before looking ahead,
    /// once.
    fn choose<N: Clone + Eq>(
        self,
        root: &Root<N>,
        least: u64,
        values: u64,
        moves: usize,
        thread: usize,
    ) -> (bool, u64) {
        if self == Help::Unused && root.ahead(least, thread) && !root.helped(least, thread) {
            return (true, least);
        }
        let ahead = self == Help::LookAhead;
        (
            false,
            root.value_to_seek(least, values, moves, thread, ahead),
        )
    }
}

/// A thread helps another with the first successor tried for a value for at most this many
/// expansions: a short question is mostly that successor's search, and a long one loses
/// little.
const HELP_LIMIT: u64 = 1024;

/// The values of a question divided between threads are kept as bits of a word: from this
/// value on, its threads search it as they would alone.
const LAST_DIVIDED: u64 = 62;

/// Whether a thread searching a successor of a question divided between threads passes over,
/// for now, the component it would search next, `component`: another thread is on it (see
/// [`Root::claim_below`]), and of the `left` successors from it to the end of the frame's
/// order, some were not passed over since the thread last claimed one (`passed` counts them).
/// Otherwise the thread searches it, claimed or not.
///
/// So when both threads search the same successor of the question (the last one left, or one
/// another thread claimed, which a thread searches too rather than wait), they take its
/// successors in turns rather than one after the other: the one passed over comes last, when
/// what the other thread published about it settles it.
pub(super) fn pass_over<N: Clone + Eq>(
    root: &Root<N>,
    component: &N,
    thread: usize,
    passed: &mut usize,
    left: usize,
) -> bool {
    if *passed + 1 >= left || root.claim_below(component, thread) {
        *passed = 0;
        return false;
    }
    *passed += 1;
    true
}

impl<N: Clone + Eq + Hash> Engine<N> {
    /// Whether the top frame is a question this thread is dividing with others.
    pub(super) fn dividing(&self) -> bool {
        self.frames.len() == 1 && self.divides_question()
    }

    /// Whether the question at the bottom of the stack is one this thread divides with others.
    fn divides_question(&self) -> bool {
        self.shared.is_some()
            && self.frames[0].kind == Kind::Exact
            && self.frames[0].sought <= LAST_DIVIDED
    }

    /// Whether the top frame searches a successor of a question this thread divides with
    /// others: the threads divide that frame's successors too (see [`pass_over`]).
    pub(super) fn dividing_below(&self) -> bool {
        self.frames.len() == 2 && self.divides_question()
    }

    /// [`Engine::step`] for a question divided between threads: advances its frame until it
    /// needs a successor searched or is finished.
    pub(super) fn step_root(&mut self) -> Result<Step, Error> {
        let shared = Arc::clone(self.shared.as_ref().expect("a question shared"));
        // What this thread claimed is searched.
        shared.root.release(self.rotation.0);
        self.root_value = NO_VALUE;
        if matches!(self.help, Help::Helping { .. }) {
            self.help = Help::LookAhead;
        }
        self.skip_tested();
        match self.next_root_step(&shared.root) {
            // Searched on as alone, from the value sought.
            None => self.step(),
            Some(Step::Push(component, goal)) if goal != EXACT => {
                self.root_value = self.frames[0].sought;
                ask_for(&mut self.request, goal)?;
                Ok(Step::Push(component, goal))
            }
            Some(step) => Ok(step),
        }
    }

    /// The next step of [`Engine::step_root`], once the last successor searched is taken
    /// into account; `None` once the least value without a witness is too large to divide.
    fn next_root_step(&mut self, root: &Root<N>) -> Option<Step> {
        let me = self.rotation.0;
        let Engine {
            table,
            frames,
            succ_partial,
            succ_next,
            succ_end,
            comps,
            open,
            known,
            root_others: others,
            help,
            expansions,
            ..
        } = self;
        let frame = &mut frames[0];
        let word = frame.known_first;
        let reachable = reachable(frame.succ_count);
        loop {
            known[word] |= root.witnessed() & reachable;
            root.witness(known[word]);
            // The value is the least one without a witness, once that one is refuted.
            let least = u64::from((!known[word]).trailing_zeros());
            if least > frame.goal {
                // A question with a goal has its witness for it.
                frame.sought = frame.goal;
                return Some(Step::Done);
            }
            if least > LAST_DIVIDED {
                frame.sought = least;
                frame.cursor = 0;
                return None;
            }
            if root.is_refuted(least) {
                frame.sought = least;
                return Some(Step::Done);
            }
            let (helps, wanted) = help.choose(root, least, known[word], seek_limit(frame), me);
            if frame.sought != wanted {
                frame.sought = wanted;
                frame.cursor = 0;
                *others = Others::Untouched;
            }
            let sought = frame.sought;
            if frame.cursor == frame.open_len {
                if frame.raw_next < frame.raw_end {
                    return Some(Step::Split);
                }
                if frame.generated < frame.succ_count {
                    return Some(Step::Refill);
                }
                if *others == Others::PassedOver {
                    // Other threads hold what is left: rather than wait, search it too.
                    *others = Others::Joined;
                    frame.cursor = 0;
                    continue;
                }
                // No successor has the value sought.
                if sought == least {
                    return Some(Step::Done);
                }
                root.refute(sought);
                continue;
            }
            let at = frame.open_first + frame.cursor;
            let succ = open[at];
            let successor = (
                &mut succ_partial[succ],
                &mut succ_next[succ],
                succ_end[succ],
            );
            let (component, goal) = match task(table, comps, successor, sought, false) {
                Task::Valued(value) => {
                    drop_valued(known, open, frame, at, value);
                    continue;
                }
                Task::Pass => {
                    frame.cursor += 1;
                    continue;
                }
                Task::Search(component, goal) => (component, goal),
            };
            if helps {
                if goal != EXACT && root.help(table.position(component), goal, sought, me) {
                    *help = Help::Helping {
                        since: *expansions,
                        goal,
                        rotated: false,
                    };
                    return Some(Step::Push(component, goal));
                }
                // Not a test another thread is on: look ahead instead, as without helping.
                *help = Help::LookAhead;
                continue;
            }
            let joined = *others == Others::Joined;
            if root.claim(table.position(component), goal, sought, me, joined) {
                if sought > least && *help == Help::LookAhead {
                    *help = Help::Used;
                }
                return Some(Step::Push(component, goal));
            }
            *others = Others::PassedOver;
            frame.cursor += 1;
        }
    }

    /// Whether this thread should leave the successor of the question it is searching: another
    /// thread found a witness for the value it searches it as a witness for, so that the
    /// question needs no more of it; or it searches it as a witness for the value above the
    /// least one without a witness, and the other threads now try the successors of that least
    /// value one after another, as for a refutation (see
    /// [`Root::ahead`](crate::solver::parallel::Root::ahead)); or it helps with it (see
    /// [`Help`]), and the thread that claimed it is done with it, or the help has lasted
    /// [`HELP_LIMIT`] expansions. Checked every few steps.
    pub(super) fn root_task_stale(&mut self) -> bool {
        if self.root_check > 0 {
            self.root_check -= 1;
            return false;
        }
        self.root_check = 64;
        let Some(shared) = &self.shared else {
            return false;
        };
        // The successor helped with is the frame above the question's: left once the thread
        // that claimed it is done with it.
        if let (Help::Helping { since, goal, .. }, Some(helped)) = (self.help, self.frames.get(1)) {
            let component = self.table.position(helped.id);
            let helping = shared
                .root
                .held_by_another(component, goal, self.rotation.0);
            if !helping || self.expansions - since > HELP_LIMIT {
                return true;
            }
        }
        let root = &shared.root;
        let value = self.root_value;
        let witnessed = root.witnessed();
        if value < 64 && witnessed & (1 << value) != 0 {
            // What the search would still find is no longer asked: the threads that could use
            // it are better off on the successors the question still needs.
            return true;
        }
        let least = u64::from((!witnessed).trailing_zeros());
        value == least + 1 && !root.ahead(least, self.rotation.0)
    }

    /// Leaves the search of the successor of the question this thread claimed, unfinished:
    /// what it stored stays, and the question goes on with its next successor.
    pub(super) fn back_to_root(&mut self) {
        while self.frames.len() > 1 {
            let f = self.frames.pop().expect("a frame above the question");
            self.table.leave(f.id);
            if self.frames.len() == 1 {
                self.truncate_to(&f);
            }
        }
        self.frames[0].awaiting = false;
        self.root_value = NO_VALUE;
    }

    /// Ends this thread's part in a search with others: the question it was dividing, if it
    /// is still on the stack, goes on as a search alone, from the least value without a
    /// witness and its first successor, the test under way (if any) searched as any other.
    /// Its frame may seek a value above that one, or have passed over successors other
    /// threads claimed: alone, it would take that value for the answer once its last
    /// successor is tried.
    pub(super) fn leave_shared(&mut self) {
        self.shared = None;
        self.root_value = NO_VALUE;
        self.help = Help::Unused;
        let Some(frame) = self.frames.first_mut() else {
            return;
        };
        if frame.kind != Kind::Exact {
            return;
        }
        let witnessed = &self.known[frame.known_first..=frame.known_first + frame.succ_count / 64];
        // A value is at most the number of moves: some value up to it has no witness.
        let least = (0..=frame.succ_count as u64)
            .find(|&v| !bits::contains(witnessed, v))
            .expect("a value without a witness");
        // A question with a goal that has its witness stops at it, as alone it would.
        frame.sought = least.min(frame.goal);
        frame.cursor = 0;
        frame.awaiting = false;
    }

    /// Claims, for this thread, the successor of the question it is searching (when other
    /// threads join a search under way).
    pub(super) fn claim_root_task(&mut self, shared: &Shared<N>) {
        self.help = Help::Unused;
        let Some(frame) = self.frames.first() else {
            return;
        };
        if self.frames.len() < 2 || frame.cursor >= frame.open_len || frame.sought > LAST_DIVIDED {
            return;
        }
        let succ = self.open[frame.open_first + frame.cursor];
        // Copies: what the search pushed, not what the frame makes of it when it returns.
        let (mut partial, mut next) = (self.succ_partial[succ], self.succ_next[succ]);
        let successor = (&mut partial, &mut next, self.succ_end[succ]);
        let Task::Search(component, goal) =
            task(&self.table, &self.comps, successor, frame.sought, false)
        else {
            return;
        };
        shared.root.claim(
            self.table.position(component),
            goal,
            frame.sought,
            self.rotation.0,
            false,
        );
        if goal != EXACT {
            self.root_value = frame.sought;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::games::Cram;
    use crate::solver::parallel::Shared;
    use crate::solver::rules::GameRules;
    use crate::solver::search::Engine;
    use crate::solver::table::PARTIAL;

    #[test]
    fn a_question_left_by_the_threads_after_its_goals_witness_stops_at_the_goal()
    -> Result<(), crate::Error> {
        // A 1 x 4 strip: the middle domino leaves two single cells, worth 0, the others a
        // domino, worth 1; the strip is worth 2. Who wins asks it with the goal 0.
        let strip = Cram::new(1, 4)?;
        let mut engine = Engine::new();
        let (id, _) = engine.intern_question::<GameRules>(strip)?;
        engine.expand_question(&mut GameRules, id, 0)?;
        engine.shared = Some(Shared::new(1 << 20, false, true));
        engine.leave_shared();
        // The least value without a witness is 1, above the goal: alone, the question would
        // have stopped at the witness for 0.
        assert_eq!(engine.frames[0].sought, 0);
        engine.run(&mut GameRules, u64::MAX)?;
        assert_eq!(engine.table.state(id), PARTIAL | 1, "above 0, not valued");
        Ok(())
    }

    #[test]
    fn a_successor_searched_for_a_value_another_thread_witnessed_is_left() {
        let mut engine = Engine::<Cram>::new();
        let shared = Shared::new(1 << 20, false, true);
        engine.shared = Some(Arc::clone(&shared));
        // This thread searches a successor of the question as a witness for 0.
        engine.root_value = 0;
        assert!(!engine.root_task_stale(), "nobody has a witness for 0 yet");
        shared.root.witness(1);
        engine.root_check = 0;
        assert!(engine.root_task_stale(), "another thread has one now");
    }
}
