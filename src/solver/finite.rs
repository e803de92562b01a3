//! The cycle check of [`Solver::with_cycle_check`](super::Solver::with_cycle_check): every
//! component reachable from a position is examined, depth first, before the position is
//! valued.

use std::hash::Hash;

use super::rules::Rules;
use super::table::Table;
use crate::Error;

/// A component whose reachable components are being examined.
struct Node {
    id: u32,
    /// Where its components not yet examined start in the list of all of them.
    first: usize,
}

/// Checks that no play from `position`, a component, repeats a position, marking every
/// component examined as finite. Components marked before are not examined again.
///
/// # Errors
///
/// [`Error::Cycle`] with the length of the first cycle met and the number of moves from
/// `position` to it; the errors of [`Table::intern`]. The marks of components under
/// examination are then cleared.
///
/// # Complexity
///
/// O(V + E) for the V components reachable and not marked before and their E (successor,
/// component) pairs; memory O(V) in the table and, on the stack, the components of the
/// successors of every component on the current line of play not yet examined.
pub(super) fn check<N: Clone + Eq + Hash, R: Rules<N>>(
    table: &mut Table<N>,
    rules: &mut R,
    position: N,
) -> Result<(), Error> {
    let mut stack: Vec<Node> = Vec::new();
    let mut pending: Vec<u32> = Vec::new();
    let (root, _) = table.intern::<R>(position)?;
    let result = walk(table, rules, root, &mut stack, &mut pending);
    if result.is_err() {
        table.leave_all();
    }
    result
}

fn walk<N: Clone + Eq + Hash, R: Rules<N>>(
    table: &mut Table<N>,
    rules: &mut R,
    root: u32,
    stack: &mut Vec<Node>,
    pending: &mut Vec<u32>,
) -> Result<(), Error> {
    let mut next = Some(root);
    loop {
        if let Some(id) = next.take() {
            let aux = table.aux(id);
            if aux.finite() {
                // Already examined.
            } else if aux.on_stack() {
                let entered = table.depth_of(id);
                return Err(Error::Cycle {
                    length: stack.len() - entered,
                    depth: entered,
                });
            } else {
                table.enter(id)?;
                stack.push(Node {
                    id,
                    first: pending.len(),
                });
                let position = table.position(id).clone();
                rules.for_each_successor(&position, |successor| {
                    R::for_each_component(successor, |c| {
                        let (c, _) = table.intern::<R>(c)?;
                        if !table.aux(c).finite() {
                            pending.push(c);
                        }
                        Ok(())
                    })
                })?;
            }
        }
        let Some(top) = stack.last() else {
            return Ok(());
        };
        if pending.len() > top.first {
            next = pending.pop();
        } else {
            table.leave(top.id);
            table.aux_mut(top.id).set_finite();
            stack.pop();
        }
    }
}
