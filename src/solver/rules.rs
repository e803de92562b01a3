//! How the solvers learn the moves and components of a position: from a [`Game`], or from a
//! successor function.

use crate::{Error, Game, Nimber, Search};

/// What the position table asks of the rules about a position it stores: an index to find it
/// by, and a value known without a search.
pub(crate) trait Lookup<N> {
    /// The [`Game::index`] of `position`, if the rules know one.
    fn index(_position: &N) -> Option<usize> {
        None
    }

    /// The [`Game::known_value`] of `position`, if the rules know one.
    fn known_value(_position: &N) -> Option<u64> {
        None
    }
}

/// How the engine learns the moves and components of a position.
pub(crate) trait Rules<N>: Lookup<N> {
    /// Calls `each` on every successor of `position`, stopping at the first error.
    fn for_each_successor(
        &mut self,
        position: &N,
        each: impl FnMut(N) -> Result<(), Error>,
    ) -> Result<(), Error>;

    /// Calls `each` on every component of `position`, stopping at the first error.
    fn for_each_component(
        position: N,
        each: impl FnMut(N) -> Result<(), Error>,
    ) -> Result<(), Error>;

    /// The components of every successor of `position`, successor by successor, if the rules
    /// know them without building the successors; `None` if they do not.
    fn split_successors(
        _position: &N,
    ) -> Option<impl IntoIterator<Item = impl IntoIterator<Item = N>>> {
        None::<[[N; 0]; 0]>
    }

    /// Whether `position` is to be valued by [`Search::Exhaustive`](crate::Search).
    fn exhaustive(_position: &N) -> bool {
        false
    }
    /// The [`Game::move_count`] of `position`, if the rules know one.
    fn move_count(_position: &N) -> Option<usize> {
        None
    }
}

/// The rules of a [`Game`] under normal play.
pub(crate) struct GameRules;

impl<G: Game> Lookup<G> for GameRules {
    #[inline]
    fn index(position: &G) -> Option<usize> {
        position.index()
    }

    #[inline]
    fn known_value(position: &G) -> Option<u64> {
        position.known_value().map(Nimber::value)
    }
}

/// A [`Game`]'s positions looked up by their index alone, for the solvers of other rules of
/// play (misère, loopy), to which [`Game::known_value`] does not apply.
pub(crate) struct GameIndex;

impl<G: Game> Lookup<G> for GameIndex {
    #[inline]
    fn index(position: &G) -> Option<usize> {
        position.index()
    }
}

impl<G: Game> Rules<G> for GameRules {
    #[inline]
    fn for_each_successor(
        &mut self,
        position: &G,
        each: impl FnMut(G) -> Result<(), Error>,
    ) -> Result<(), Error> {
        position.successors().into_iter().try_for_each(each)
    }

    #[inline]
    fn for_each_component(
        position: G,
        mut each: impl FnMut(G) -> Result<(), Error>,
    ) -> Result<(), Error> {
        for component in position.split() {
            each(component)?;
        }
        Ok(())
    }

    #[inline]
    fn split_successors(
        position: &G,
    ) -> Option<impl IntoIterator<Item = impl IntoIterator<Item = G>>> {
        position.split_successors()
    }

    #[inline]
    fn exhaustive(position: &G) -> bool {
        position.search() == Search::Exhaustive
    }

    #[inline]
    fn move_count(position: &G) -> Option<usize> {
        position.move_count()
    }
}

/// The rules of a successor function; positions are not split.
pub(crate) struct FnRules<F>(pub(crate) F);

impl<N, F> Lookup<N> for FnRules<F> {}

impl<N, F, I> Rules<N> for FnRules<F>
where
    F: FnMut(&N) -> I,
    I: IntoIterator<Item = N>,
{
    #[inline]
    fn for_each_successor(
        &mut self,
        position: &N,
        each: impl FnMut(N) -> Result<(), Error>,
    ) -> Result<(), Error> {
        (self.0)(position).into_iter().try_for_each(each)
    }

    fn for_each_component(
        position: N,
        mut each: impl FnMut(N) -> Result<(), Error>,
    ) -> Result<(), Error> {
        each(position)
    }
}
