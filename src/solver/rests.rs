//! Rests that grow: a shortcut a trial found not to pay stands aside for a while, twice as
//! long after each failed trial in a row, so that a search where it never pays tries it
//! rarely, and one where it starts to pay finds out.

/// How long a shortcut stands aside (see the module's documentation).
#[derive(Clone, Debug)]
pub(super) struct Rests {
    /// Items left in the current rest.
    left: u32,
    /// How long the next rest is.
    next: u32,
    /// The first rest after a passed trial, and the longest.
    first: u32,
    longest: u32,
}

impl Rests {
    /// Rests of `first` items after a first failed trial, doubling up to `longest`.
    pub(super) const fn new(first: u32, longest: u32) -> Self {
        Rests {
            left: 0,
            next: first,
            first,
            longest,
        }
    }

    /// Whether the shortcut stands aside for the next item, which this counts.
    #[inline]
    pub(super) fn resting(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }

    /// Whether the shortcut is in use, without counting an item.
    #[inline]
    pub(super) fn active(&self) -> bool {
        self.left == 0
    }

    /// Ends a trial: a failed one starts a rest, longer than the last if that one failed too;
    /// a passed one makes the next rest the first again.
    pub(super) fn judge(&mut self, failed: bool) {
        if failed {
            self.left = self.next;
            self.next = (self.next * 2).min(self.longest);
        } else {
            self.next = self.first;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many items the shortcut stands aside for (the call that ends the count is the
    /// first item it is used for).
    fn rest(rests: &mut Rests) -> u32 {
        let mut rested = 0;
        while rests.resting() {
            rested += 1;
        }
        rested
    }

    #[test]
    fn rests_double_after_each_failed_trial_up_to_the_longest_and_start_over_after_a_pass() {
        let mut rests = Rests::new(4, 16);
        assert!(rests.active());
        rests.judge(false);
        assert_eq!(rest(&mut rests), 0);
        for want in [4, 8, 16, 16] {
            rests.judge(true);
            assert!(!rests.active());
            assert_eq!(rest(&mut rests), want);
            assert!(rests.active());
        }
        rests.judge(false);
        rests.judge(true);
        assert_eq!(rest(&mut rests), 4, "a passed trial starts the rests over");
    }
}
