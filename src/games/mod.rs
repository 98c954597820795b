//! The rule sets, each implementing [`crate::game::GameState`], and the game as a value: the one
//! list of rule sets (`rule_sets!` below) declares [`GameName`] (a challenge's `game` field),
//! [`AnyPosition`] (a position of any rule set) and [`AnyMove`] (one of its moves), and the two
//! dispatch macros `with_game!` (run code with a game's position type) and `with_position!`
//! (run code with the concrete position inside an [`AnyPosition`]). These macros are the only
//! place that matches on the game; adding a rule set is its folder plus one line in that list.
//!
//! ```
//! use peakforge::game::GameState;
//! use peakforge::games::{AnyPosition, GameName};
//! let p = AnyPosition::parse(GameName::Breakthrough, "4/1B2/W3/4 w 0/200").unwrap();
//! assert_eq!(p.game(), GameName::Breakthrough);
//! let mv = p.parse_move("a2xb3").unwrap();
//! assert_eq!(p.play(mv).to_string(), "4/1W2/4/4 b 1/200");
//! ```

pub mod board;
pub mod breakthrough;
pub mod pawn_peak;
pub mod seega;

use std::fmt;

use crate::game::{GameState, MoveError, Outcome, Player};
use board::PositionError;

/// Declares the rule sets once: `$` (for the nested macros) then, per rule set, its doc
/// comment, its variant name, its module (which has a `Position: GameState`) and its name in
/// files and on the command line.
macro_rules! rule_sets {
    ($d:tt $( $(#[doc = $doc:literal])* $variant:ident : $module:ident = $name:literal ),* $(,)?) => {
        /// Which rule set: a challenge's `game` field and the CLI's `--game`, written as a string
        /// (`"pawn-peak"`, `"breakthrough"`, `"seega"`), so that RON and JSON spell it alike.
        /// A file without `game` is Pawn&Peak's ([`Default`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub enum GameName {
            $( $(#[doc = $doc])* $variant, )*
        }

        /// Every rule set, in the order of RULES.md.
        pub const GAMES: [GameName; [$($name),*].len()] = [$(GameName::$variant),*];

        impl GameName {
            /// The name in files and on the command line.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $( GameName::$variant => $name, )*
                }
            }
        }

        /// A position of any rule set: the game as a value. It implements [`GameState`] (its
        /// moves are [`AnyMove`]s), so what needs a position of "the challenge's game" holds one
        /// of these; heavy work (the solver, perft) goes through `with_position!` to the
        /// concrete rule set, compiled for each.
        // Unboxed although a Pawn&Peak position is larger than the others: an AnyPosition is
        // held by value in a few places (a command, the editor's play-test), and boxing would
        // add an allocation to every move played through it.
        #[allow(clippy::large_enum_variant, reason = "boxing would allocate per move; see above")]
        #[derive(Clone, PartialEq, Eq, Hash, Debug)]
        pub enum AnyPosition {
            $( $(#[doc = $doc])* $variant($module::Position), )*
        }

        /// A move of an [`AnyPosition`]: the move of the position's own rule set.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum AnyMove {
            $( $(#[doc = $doc])* $variant(<$module::Position as GameState>::Move), )*
        }

        $(
            impl Member for $module::Position {
                fn any_move(mv: Self::Move) -> AnyMove {
                    AnyMove::$variant(mv)
                }

                fn own_move(mv: AnyMove) -> Option<Self::Move> {
                    match mv {
                        AnyMove::$variant(m) => Some(m),
                        #[allow(unreachable_patterns, reason = "the other-game arm is unreachable only while there is one rule set")]
                        _ => None,
                    }
                }

                fn own_position(pos: &AnyPosition) -> Option<&Self> {
                    match pos {
                        AnyPosition::$variant(p) => Some(p),
                        #[allow(unreachable_patterns, reason = "the other-game arm is unreachable only while there is one rule set")]
                        _ => None,
                    }
                }
            }

            impl From<$module::Position> for AnyPosition {
                fn from(p: $module::Position) -> AnyPosition {
                    AnyPosition::$variant(p)
                }
            }

            impl From<<$module::Position as GameState>::Move> for AnyMove {
                fn from(m: <$module::Position as GameState>::Move) -> AnyMove {
                    AnyMove::$variant(m)
                }
            }
        )*

        impl AnyPosition {
            /// The rule set of this position.
            #[must_use]
            pub fn game(&self) -> GameName {
                match self {
                    $( AnyPosition::$variant(_) => GameName::$variant, )*
                }
            }

            /// The position after `mv`, or `None` when `mv` is a move of another rule set.
            #[must_use]
            pub fn try_play(&self, mv: AnyMove) -> Option<AnyPosition> {
                match (self, mv) {
                    $( (AnyPosition::$variant(p), AnyMove::$variant(m)) => Some(AnyPosition::$variant(p.play(m))), )*
                    #[allow(unreachable_patterns, reason = "the mixed-game arm is unreachable only while there is one rule set")]
                    _ => None,
                }
            }
        }

        /// Runs `$body` with `$G` the position type of the [`GameName`] `$game`:
        /// `with_game!(game, G => G::from_spec(spec).map(AnyPosition::from))`.
        macro_rules! with_game {
            ($d game:expr, $d G:ident => $d body:expr) => {
                match $d game {
                    $( $crate::games::GameName::$variant => {
                        type $d G = $crate::games::$module::Position;
                        $d body
                    } )*
                }
            };
        }
        #[allow(unused_imports, reason = "a dispatch macro some builds (headless, no editor) do not use")]
        pub(crate) use with_game;

        /// Runs `$body` with `$p` bound to the concrete position (by value or reference, as
        /// the matched expression gives it) inside an [`AnyPosition`]:
        /// `with_position!(&pos, p => p.perft(3))`.
        macro_rules! with_position {
            ($d pos:expr, $d p:ident => $d body:expr) => {
                match $d pos {
                    $( $crate::games::AnyPosition::$variant($d p) => $d body, )*
                }
            };
        }
        #[allow(unused_imports, reason = "a dispatch macro some builds (headless, no editor) do not use")]
        pub(crate) use with_position;

        /// Runs `$body` with `$p` and `$m` bound to the concrete position and move inside an
        /// [`AnyPosition`] and an [`AnyMove`] of the same rule set; `$other` when they differ.
        macro_rules! with_position_and_move {
            ($d pos:expr, $d mv:expr, $d p:ident, $d m:ident => $d body:expr, $d other:expr) => {
                match ($d pos, $d mv) {
                    $( ($crate::games::AnyPosition::$variant($d p), $crate::games::AnyMove::$variant($d m)) => $d body, )*
                    #[allow(unreachable_patterns, reason = "the mixed-game arm is unreachable only while there is one rule set")]
                    _ => $d other,
                }
            };
        }
        #[allow(unused_imports, reason = "a dispatch macro some builds (headless, no editor) do not use")]
        pub(crate) use with_position_and_move;

    };
}

rule_sets! { $
    /// Pawn&Peak (RULES.md PP): `"pawn-peak"`.
    PawnPeak: pawn_peak = "pawn-peak",
    /// Breakthrough (RULES.md BT): `"breakthrough"`.
    Breakthrough: breakthrough = "breakthrough",
    /// Seega (RULES.md SG): `"seega"`.
    Seega: seega = "seega",
}

/// A rule set's position as one of the games of `rule_sets!`: its moves turned into
/// [`AnyMove`]s and back, so that code generic over the concrete rule set (the solver's entry
/// points, compiled per game) can take and give the moves of the game as a value.
pub trait Member: GameState {
    /// `mv` as a move of any game.
    fn any_move(mv: Self::Move) -> AnyMove;
    /// The move of this rule set inside `mv`; `None` when `mv` is another game's.
    fn own_move(mv: AnyMove) -> Option<Self::Move>;
    /// The position of this rule set inside `pos`; `None` when `pos` is another game's.
    fn own_position(pos: &AnyPosition) -> Option<&Self>;
}

impl Default for GameName {
    /// Pawn&Peak: the game of a file without a `game` field.
    fn default() -> GameName {
        GameName::PawnPeak
    }
}

impl From<GameName> for String {
    fn from(g: GameName) -> String {
        g.as_str().to_string()
    }
}

impl TryFrom<String> for GameName {
    type Error = String;

    fn try_from(s: String) -> Result<GameName, String> {
        s.parse()
    }
}

impl std::str::FromStr for GameName {
    type Err = String;

    /// A game by its name (`pawn-peak`, `breakthrough`, `seega`).
    fn from_str(s: &str) -> Result<GameName, String> {
        GAMES
            .iter()
            .copied()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| {
                let names: Vec<String> = GAMES
                    .iter()
                    .map(|g| format!("\"{}\"", g.as_str()))
                    .collect();
                format!(
                    "unknown game {}: expected {}",
                    crate::excerpt::Excerpt(s),
                    names.join(", ")
                )
            })
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AnyPosition {
    /// Reads a position string of `game` (RULES.md PP-10, BT-5, SG-7).
    ///
    /// # Errors
    /// The field, column and reason of the first fault.
    pub fn parse(game: GameName, text: &str) -> Result<AnyPosition, PositionError> {
        with_game!(game, G => text.parse::<G>().map(AnyPosition::from))
    }

    /// Perft: the leaf count of the legal move tree to `depth` plies (finished positions are
    /// leaves), by the rule set's own bulk counter.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        with_position!(self, p => p.perft(depth))
    }

    /// A side's name as the panels write it: `Red`, `Blue`, `White`, `Black`.
    #[must_use]
    pub fn side_word(&self, player: Player) -> String {
        let name = self.side_name(player);
        let mut chars = name.chars();
        chars.next().map_or_else(String::new, |c| {
            c.to_uppercase().chain(chars).collect::<String>()
        })
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        with_position!(self, p => fmt::Display::fmt(p, f))
    }
}

/// Every rule set's [`GameState`] through the enum. The search hooks are passed through too,
/// so the solver is exact on an [`AnyPosition`]; it is faster on the concrete position, which
/// is why the solver's entry points are dispatched with `with_position!`.
impl GameState for AnyPosition {
    type Move = AnyMove;

    fn to_move(&self) -> Player {
        with_position!(self, p => p.to_move())
    }

    fn outcome(&self) -> Option<Outcome> {
        with_position!(self, p => p.outcome())
    }

    fn legal_moves_into(&self, out: &mut Vec<AnyMove>) {
        with_position!(self, p => out.extend(p.legal_moves().into_iter().map(AnyMove::from)));
    }

    /// The position after `mv`; a move of another rule set (never produced by this position's
    /// own moves) leaves the position as it is.
    fn play(&self, mv: AnyMove) -> AnyPosition {
        let next = self.try_play(mv);
        debug_assert!(next.is_some(), "a move of another game");
        next.unwrap_or_else(|| self.clone())
    }

    fn key(&self) -> u64 {
        with_position!(self, p => p.key())
    }

    fn move_text(&self, mv: AnyMove) -> String {
        with_position_and_move!(self, mv, p, m => p.move_text(m), String::new())
    }

    fn move_priority(&self, mv: AnyMove) -> i32 {
        with_position_and_move!(self, mv, p, m => p.move_priority(m), 0)
    }

    fn sides_alternate(&self) -> bool {
        with_position!(self, p => p.sides_alternate())
    }

    fn plies_left(&self) -> Option<u32> {
        with_position!(self, p => p.plies_left())
    }

    fn win_in_one_candidates_into(&self, out: &mut Vec<AnyMove>) {
        with_position!(self, p => {
            let mut own = Vec::new();
            p.win_in_one_candidates_into(&mut own);
            out.extend(own.into_iter().map(AnyMove::from));
        });
    }

    fn wins_in_one_known(&self) -> Option<bool> {
        with_position!(self, p => p.wins_in_one_known())
    }

    fn last_move_into(&self, out: &mut Vec<AnyMove>) -> Option<bool> {
        with_position!(self, p => {
            let mut own = Vec::new();
            let known = p.last_move_into(&mut own);
            out.extend(own.into_iter().map(AnyMove::from));
            known
        })
    }

    fn may_lose_at_once(&self) -> bool {
        with_position!(self, p => p.may_lose_at_once())
    }

    fn moves_to_win_at_least(&self, player: Player) -> u32 {
        with_position!(self, p => p.moves_to_win_at_least(player))
    }

    fn packed_key(&self) -> Option<[u64; 4]> {
        with_position!(self, p => p.packed_key())
    }

    fn match_key(&self) -> u64 {
        // The game is part of what never changes during a match.
        with_position!(self, p => p.match_key() ^ (self.game() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    fn side_name(&self, player: Player) -> &'static str {
        with_position!(self, p => p.side_name(player))
    }

    fn describe_origin(&self, square: &str) -> Option<String> {
        with_position!(self, p => p.describe_origin(square))
    }

    fn why_illegal(&self, text: &str) -> String {
        with_position!(self, p => p.why_illegal(text))
    }

    fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        with_position!(self, p => p.parse_move(text).map(AnyMove::from))
    }
}
