//! The exceptions a library's index writes (a problem a designer accepts, with the reason):
//! applied to the problems the check found, each excepted one kept with its reason.

use super::index::{Exception, Index};
use super::problem::{Excepted, Problem};

/// The problems left, and those the index excepts with their reasons.
pub(super) fn apply_exceptions(
    problems: Vec<Problem>,
    index: &Index,
) -> (Vec<Problem>, Vec<Excepted>) {
    let excepting = |p: &Problem| -> Option<&Exception> {
        let fits = |x: &&Exception| x.kind == p.kind && (x.theme.is_none() || x.theme == p.theme);
        match &p.entry {
            Some(id) => index
                .challenges
                .iter()
                .filter(|e| &e.id == id)
                .flat_map(|e| &e.exceptions)
                .find(fits),
            None => index.exceptions.iter().find(fits),
        }
    };
    let mut left = Vec::new();
    let mut excepted = Vec::new();
    for p in problems {
        match excepting(&p) {
            Some(x) => excepted.push(Excepted {
                why: x.why.clone(),
                problem: p,
            }),
            None => left.push(p),
        }
    }
    (left, excepted)
}
