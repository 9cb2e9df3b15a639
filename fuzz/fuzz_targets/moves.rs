#![no_main]
//! cargo fuzz run moves: see `fuzz/README.md`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        pond_core::fuzzing::moves(text);
    }
});
