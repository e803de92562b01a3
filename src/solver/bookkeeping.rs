//! What the search keeps of each stored component beside its state: its move count, the
//! values tests excluded, how often it was tested, its marks and the cost of its search.

#[cfg(doc)]
use super::table::Table;

/// Search bookkeeping that lookups never touch: 8 bytes a position.
#[derive(Clone, Copy)]
pub(crate) struct Aux {
    /// How many moves the component has, up to [`MANY_MOVES`], or [`NOT_COUNTED`]: the search
    /// tries successors with fewer moves first, and a value is at most the number of moves.
    /// Read through [`Aux::moves`] and [`Aux::value_bound`].
    moves: u16,
    /// Bit x is set when a test showed the value is not x (for x < 32).
    pub(crate) excluded: u32,
    /// How many tests of the value have searched the component.
    pub(crate) tests: u8,
    /// [`ON_STACK`] and [`FINITE`] in the low bits, the work class above them (see
    /// [`Aux::work`]).
    marks: u8,
}

// Every stored position has one: the memory a position takes is budgeted with it.
const _: () = assert!(size_of::<Aux>() == 8);

/// The mark of a component being searched (see [`Table::enter`]).
const ON_STACK: u8 = 1;

/// The mark of a component from which every position reachable was examined, none repeating.
const FINITE: u8 = 2;

/// How many low bits of [`Aux::marks`] hold the marks, below the work class.
const MARK_BITS: u32 = 2;

/// The move count of a component whose moves were never listed.
const NOT_COUNTED: u16 = u16::MAX;

/// The move count kept for a component with this many moves or more: an order, not a bound.
const MANY_MOVES: u16 = u16::MAX - 1;

impl Aux {
    /// The number of moves, if counted: at most [`MANY_MOVES`], which stands for that many or
    /// more.
    #[inline]
    pub(crate) fn moves(self) -> Option<u32> {
        (self.moves != NOT_COUNTED).then_some(u32::from(self.moves))
    }

    /// A bound on the value, the number of moves, if it was counted and is below
    /// [`MANY_MOVES`].
    #[inline]
    pub(crate) fn value_bound(self) -> Option<u64> {
        (self.moves < MANY_MOVES).then_some(u64::from(self.moves))
    }

    /// Whether the component is being searched (see [`Table::enter`]).
    #[inline]
    pub(crate) fn on_stack(self) -> bool {
        self.marks & ON_STACK != 0
    }

    /// Marks the component as being searched, or no longer.
    #[inline]
    pub(super) fn set_on_stack(&mut self, on: bool) {
        if on {
            self.marks |= ON_STACK;
        } else {
            self.marks &= !ON_STACK;
        }
    }

    /// Whether every position reachable from the component was examined and none repeats.
    #[inline]
    pub(crate) fn finite(self) -> bool {
        self.marks & FINITE != 0
    }

    /// Records that every position reachable from the component was examined.
    pub(crate) fn set_finite(&mut self) {
        self.marks |= FINITE;
    }

    /// How much a search of the component cost, the largest of its searches: 0 if it was
    /// never searched, else one more than the base-2 logarithm of the components that search
    /// expanded (itself included), at most 63. Under a memory budget, a compaction gives most
    /// of the room it keeps to the costliest classes (see the search's `compact`).
    #[inline]
    pub(crate) fn work(self) -> u8 {
        self.marks >> MARK_BITS
    }

    /// Records a search of the component that expanded `expanded` components, itself
    /// included (see [`Aux::work`]).
    #[inline]
    pub(crate) fn record_work(&mut self, expanded: u64) {
        let class = (u64::BITS - expanded.leading_zeros()).min(u32::from(u8::MAX >> MARK_BITS));
        let class = class as u8;
        if class > self.work() {
            self.marks = (self.marks & ((1 << MARK_BITS) - 1)) | class << MARK_BITS;
        }
    }

    /// Records that the component has `count` moves; returns the count kept (see
    /// [`Aux::moves`]).
    #[inline]
    pub(crate) fn set_moves(&mut self, count: usize) -> u32 {
        self.moves = u16::try_from(count).map_or(MANY_MOVES, |count| count.min(MANY_MOVES));
        u32::from(self.moves)
    }
}

impl Default for Aux {
    fn default() -> Self {
        Aux {
            moves: NOT_COUNTED,
            excluded: 0,
            tests: 0,
            marks: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Aux;

    #[test]
    fn the_work_class_keeps_the_largest_search_beside_the_marks() {
        let mut aux = Aux::default();
        assert_eq!(aux.work(), 0);
        aux.set_finite();
        aux.set_on_stack(true);
        aux.record_work(1);
        assert_eq!(aux.work(), 1);
        aux.record_work(1000);
        assert_eq!(aux.work(), 10);
        // A cheaper search later leaves the class of the costliest.
        aux.record_work(3);
        assert_eq!(aux.work(), 10);
        aux.record_work(u64::MAX);
        assert_eq!(aux.work(), 63);
        assert!(aux.finite() && aux.on_stack());
        aux.set_on_stack(false);
        assert!(aux.finite() && !aux.on_stack());
        assert_eq!(aux.work(), 63);
    }

    #[test]
    fn a_move_count_too_large_to_keep_orders_but_bounds_nothing() {
        let mut aux = Aux::default();
        assert_eq!((aux.moves(), aux.value_bound()), (None, None));
        aux.set_moves(12);
        assert_eq!((aux.moves(), aux.value_bound()), (Some(12), Some(12)));
        aux.set_moves(65_533);
        assert_eq!(aux.value_bound(), Some(65_533));
        // A component of 70,000 moves may be worth 69,999: the count kept is an order only.
        for count in [65_534, 70_000, usize::MAX] {
            aux.set_moves(count);
            assert_eq!(
                (aux.moves(), aux.value_bound()),
                (Some(65_534), None),
                "{count}"
            );
        }
    }
}
