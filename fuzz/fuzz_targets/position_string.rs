//! Position strings of every game: parsing must never panic, and a parsed position prints to a
//! string that parses to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peakforge::games::{AnyPosition, GameName};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in [GameName::PawnPeak, GameName::Breakthrough, GameName::Seega] {
        if let Ok(pos) = AnyPosition::parse(game, text) {
            let printed = pos.to_string();
            let back = AnyPosition::parse(game, &printed).expect("a printed position parses");
            assert_eq!(back.to_string(), printed);
        }
    }
});
