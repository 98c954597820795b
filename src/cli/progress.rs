//! The progress bar of the commands that work through many searches (`verify`, `library
//! check`, `generate`): on stderr, only when stderr is a terminal.

/// A bar of `len` steps named `what` ("files", "candidates"); `None` when stderr is not a
/// terminal or there is one step only.
#[must_use]
pub fn bar(len: usize, what: &str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || len < 2 {
        return None;
    }
    let bar = indicatif::ProgressBar::new(len as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {what} {{elapsed}} {{msg}}"
    )) {
        bar.set_style(style);
    }
    Some(bar)
}
