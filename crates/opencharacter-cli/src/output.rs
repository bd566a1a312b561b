//! Writing a verb's generated text to standard output: a reader that stops early (`| head`)
//! ends the output quietly instead of failing the command.

use std::io::Write as _;
use std::process::ExitCode;

/// Writes `bytes` to standard output; exit 2 when it cannot be written for another reason
/// than a closed pipe.
pub fn print_bytes(bytes: &[u8]) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: cannot write to standard output: {error}");
            ExitCode::from(2)
        }
    }
}
