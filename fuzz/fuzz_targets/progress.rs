#![no_main]
//! cargo fuzz run progress: see `fuzz/README.md`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    pond_core::fuzzing::progress(data);
});
