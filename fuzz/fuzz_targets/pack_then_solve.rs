#![no_main]
//! cargo fuzz run pack_then_solve: see `fuzz/README.md`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() <= pond_core::fuzzing::MOST_BYTES {
        pond_core::fuzzing::pack_then_solve(data);
    }
});
