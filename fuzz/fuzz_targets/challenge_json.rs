//! Any bytes as a JSON challenge file (see `peakforge_fuzz::challenge_text`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| peakforge_fuzz::challenge_text(
    peakforge::challenge::Format::Json,
    data
));
