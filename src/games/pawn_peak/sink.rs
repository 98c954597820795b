//! Where move generation puts its moves: a list, a count, or the first move only.

use std::ops::ControlFlow;

use super::moves::Move;

/// Receives generated moves; [`ControlFlow::Break`] stops the generation. One generator serves
/// the move list ([`Vec`]), the bulk count ([`Count`]) and the legal-move test ([`AnyMove`]),
/// so that all three follow exactly the same rules.
pub(super) trait MoveSink {
    /// Takes one generated move.
    fn take(&mut self, mv: Move) -> ControlFlow<()>;
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn take(&mut self, mv: Move) -> ControlFlow<()> {
        self.push(mv);
        ControlFlow::Continue(())
    }
}

/// Counts moves without keeping them.
pub(super) struct Count(pub(super) usize);

impl MoveSink for Count {
    #[inline]
    fn take(&mut self, _mv: Move) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

/// Stops at the first move.
pub(super) struct AnyMove;

impl MoveSink for AnyMove {
    #[inline]
    fn take(&mut self, _mv: Move) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}
