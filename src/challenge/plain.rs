//! Serde for an optional field written as its bare value: `scores: (red: 0, blue: 0)` rather
//! than RON's `scores: Some((…))`, so that a field one game has no use for is simply left out
//! (with `skip_serializing_if = "Option::is_none"` and `default`), and files stay as people
//! write them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes `Some(v)` as `v` (and `None` as none, though such fields are skipped).
///
/// # Errors
/// The serializer's.
pub fn serialize<T: Serialize, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(x) => x.serialize(s),
        None => s.serialize_none(),
    }
}

/// Reads a present field's bare value as `Some`.
///
/// # Errors
/// The deserializer's, for a value of the wrong type.
pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}
