//! What the command's tests share: the repository's root, running the built binary in English
//! (no `LC_ALL`, `LC_MESSAGES` or `LANG` from the machine, so messages are the standard text's
//! English unless a test asks for `--lang`), and its standard output as text.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root, where `packs/` and `examples/` are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `opencharacter ARGS` in `dir`, in English.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .unwrap()
}

/// Runs `opencharacter ARGS` at the repository's root, in English.
pub fn run(args: &[&str]) -> Output {
    run_in(&root(), args)
}

/// The command's standard output, as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}
