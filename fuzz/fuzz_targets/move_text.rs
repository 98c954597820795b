//! A real position picked by the first byte, the rest as move text (see `peakforge_fuzz::move_text`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| peakforge_fuzz::move_text(data));
