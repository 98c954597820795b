//! Rules taken away, for the themes' test (a challenge teaches a rule when it is no longer
//! sound without it): a set a position carries for the whole match, empty in every position a
//! file, a position string or a move makes. Not a rule of the game: no file or string spells
//! it, and the search hooks that know the rules by heart give way to plain search while any
//! rule is taken away.

/// A set of Pawn&Peak rules taken away (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Removed(u8);

impl Removed {
    /// Every rule in force.
    pub const NONE: Removed = Removed(0);
    /// PP-6.3: support counts 0.
    pub const SUPPORT: Removed = Removed(1);
    /// PP-6.3: reinforcement counts 0.
    pub const REINFORCEMENT: Removed = Removed(1 << 1);
    /// PP-6.4: a Protector gets no charge bonus.
    pub const CHARGE: Removed = Removed(1 << 2);
    /// PP-7: the Scout has no special move.
    pub const SCOUT_SPECIAL: Removed = Removed(1 << 3);
    /// PP-5.1: crossing the far edge costs nothing (no point to spare).
    pub const EXIT_STEP: Removed = Removed(1 << 4);
    /// PP-8.1: a Guardian's first exit only scores, as any other exit.
    pub const GUARDIAN_EXIT: Removed = Removed(1 << 5);

    /// Whether every rule of `rules` is taken away.
    #[must_use]
    pub fn has(self, rules: Removed) -> bool {
        self.0 & rules.0 == rules.0 && rules.0 != 0
    }

    /// This set and `rules`.
    #[must_use]
    pub fn with(self, rules: Removed) -> Removed {
        Removed(self.0 | rules.0)
    }

    /// Whether no rule is taken away.
    #[must_use]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The set as a number, for the match key.
    #[must_use]
    pub fn bits(self) -> u8 {
        self.0
    }
}
