//! Bytes as a sequence of the editor's document operations (see `peakforge_fuzz::document::document_ops`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| peakforge_fuzz::document::document_ops(data));
