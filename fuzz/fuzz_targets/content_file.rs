//! Any bytes as a content file of a pack, validated as `validate` does: never a panic or a hang, every
//! diagnostic renders (fuzz/src/lib.rs).

#![no_main]

use libfuzzer_sys::fuzz_target;
use opencharacter_fuzz::{PackFile, pack_file};

fuzz_target!(|data: &[u8]| {
    let _ = pack_file(PackFile::Content, data);
});
