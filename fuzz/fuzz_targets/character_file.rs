//! Any bytes as a saved character file, read against the character fixtures' game as an app reads it: never a panic or a hang, every diagnostic renders (fuzz/src/lib.rs).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = opencharacter_fuzz::character(data);
});
