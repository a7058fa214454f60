//! What `fief-cli` writes: the `say!`, `say_part!` and `warn!` macros, and paths as printed.

use std::io::Write;

/// Writes a line to standard output (see [`out`]).
macro_rules! say {
    ($($t:tt)*) => { $crate::output::out(format_args!($($t)*), true) };
}

/// Writes to standard output without ending the line (see [`out`]).
macro_rules! say_part {
    ($($t:tt)*) => { $crate::output::out(format_args!($($t)*), false) };
}

/// Writes a line to standard error; a closed or full standard error is no reason to stop.
macro_rules! warn {
    ($($t:tt)*) => {{ let _ = writeln!(std::io::stderr(), $($t)*); }};
}

/// Writes to standard output. Output that cannot be written ends the program with exit code
/// 1: a closed pipe quietly (its reader stopped reading), anything else (a full disk) with
/// the reason on standard error. Nothing is ever lost without the exit code saying so.
pub(crate) fn out(text: std::fmt::Arguments, line: bool) {
    let mut o = std::io::stdout().lock();
    let written = o
        .write_fmt(text)
        .and_then(|()| if line { o.write_all(b"\n") } else { Ok(()) });
    if let Err(e) = written {
        output_failed(&e);
    }
}

/// Ends the program on output that could not be written (see [`out`]).
pub(crate) fn output_failed(e: &std::io::Error) -> ! {
    if e.kind() != std::io::ErrorKind::BrokenPipe {
        warn!("fief-cli: the output could not be written: {e}");
    }
    std::process::exit(1);
}

/// A path as printed: nothing in a file's name can fake or hide a line of the output.
pub(crate) fn shown(path: &std::path::Path) -> String {
    fief::files::printable(&path.display().to_string())
}
