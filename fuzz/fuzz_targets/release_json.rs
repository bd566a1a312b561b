//! Any bytes as a built `release.json`, read and loaded as `load` does: never a panic or a hang, every diagnostic renders (fuzz/src/lib.rs).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = opencharacter_fuzz::release_json(data);
});
