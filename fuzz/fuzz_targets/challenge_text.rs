//! Challenge files as RON and JSON text: reading, validating and the problems' lines must never
//! panic, and what reads must write back to text that reads to the same challenge.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use peakforge::challenge::{self, Format};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for format in [Format::Ron, Format::Json] {
        let path = Path::new("fuzz");
        let Ok(ch) = challenge::parse(text, format, path) else {
            continue;
        };
        if let Err(problems) = challenge::validate(&ch) {
            let _ = challenge::invalid_in(path, text, problems).to_string();
        }
        let again = challenge::to_text(&ch, format).expect("a read challenge writes");
        let back = challenge::parse(&again, format, path).expect("written text reads back");
        assert_eq!(back, ch);
    }
});
