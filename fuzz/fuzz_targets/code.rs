#![no_main]
//! cargo fuzz run code: see `fuzz/README.md`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        pond_core::fuzzing::code(text);
    }
});
