//! Any bytes as a Marinara engine JSON ruleset, imported as `import-ruleset` does: never a panic or a hang, every diagnostic renders (fuzz/src/lib.rs).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = opencharacter_fuzz::ruleset_json(data);
});
