//! A closed pipe ends the command quietly with status 0, as `cargo` and `ripgrep` do:
//! `opencharacter formula '8d20' --seed 7 | head -1` is the reader choosing to stop, not a failure.
//!
//! Rust ignores SIGPIPE, so a write to a closed pipe is an error, and `println!` turns that error
//! into a panic (exit 101). Every verb prints through `println!`/`print!`; rather than thread a
//! write error through each of them, the command installs a panic hook that recognises exactly
//! that panic (the standard library's "failed printing to stdout" with the broken-pipe error) and
//! exits quietly. Any other panic goes to the default hook unchanged.

/// Installs the hook; call once, first thing in `main`.
pub fn end_quietly_when_the_reader_goes_away() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if is_closed_pipe(message) {
            std::process::exit(0);
        }
        default(info);
    }));
}

/// The standard library's message for a print to a closed pipe (`failed printing to stdout:
/// Broken pipe (os error 32)`).
fn is_closed_pipe(message: &str) -> bool {
    message.starts_with("failed printing to std") && message.contains("Broken pipe")
}

#[cfg(test)]
mod tests {
    use super::is_closed_pipe;

    #[test]
    fn only_a_print_to_a_closed_pipe_is_quiet() {
        assert!(is_closed_pipe(
            "failed printing to stdout: Broken pipe (os error 32)"
        ));
        assert!(!is_closed_pipe(
            "failed printing to stdout: No space left on device"
        ));
        assert!(!is_closed_pipe("index out of bounds: Broken pipe"));
    }
}
