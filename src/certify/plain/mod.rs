//! Rules written from RULES.md for the certificate checker alone, sharing no code with the
//! engine (`src/games`) or the solver (`src/solver`): a second implementation, so that a
//! certificate checked here does not take the engine's word for any rule.

pub mod breakthrough;
pub mod pawn_peak;
mod rules;
pub mod seega;

pub use rules::{Bt, Rules};

/// A position string's field that names the side to move: `first` (`w`, `r`) or `second`.
fn side(field: &str, first: &str, second: &str) -> Result<bool, String> {
    match field {
        f if f == first => Ok(true),
        f if f == second => Ok(false),
        _ => Err(format!("side '{field}': '{first}' or '{second}'")),
    }
}

/// A field of two whole numbers `<a><sep><b>` (scores, hands, the counter), `what` its name
/// and `form` its form in messages.
fn pair(field: &str, sep: char, what: &str, form: &str) -> Result<[u32; 2], String> {
    field
        .split_once(sep)
        .and_then(|(a, b)| Some([a.parse().ok()?, b.parse().ok()?]))
        .ok_or_else(|| format!("{what} '{field}': '{form}', whole numbers"))
}

/// The counter field `<count>/<limit>`, the count at most the limit.
fn counter(field: &str) -> Result<(u32, u32), String> {
    let [count, limit] = pair(field, '/', "counter", "<count>/<limit>")?;
    if count > limit {
        return Err(format!("counter '{field}': the count is past the limit"));
    }
    Ok((count, limit))
}
