//! Any bytes as a Pawn&Peak position string (see `peakforge_fuzz::position_string`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| peakforge_fuzz::position_string(
    peakforge::games::GameName::PawnPeak,
    data
));
