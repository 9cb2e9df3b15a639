//! `pond`: plays the game, or solves, checks, generates and benchmarks levels.

use clap::Parser;
use pond_puzzles::cli::{self, Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if prints_only(&cli) {
        quiet_when_reader_goes();
    }
    cli::run(cli)
}

/// Whether the command only prints (no window): such a command ends as
/// other command-line programs do when the program reading its output stops
/// reading (`pond moves ... | head -1`), instead of failing to print.
fn prints_only(cli: &Cli) -> bool {
    !matches!(
        cli.command,
        None | Some(Command::Play(_) | Command::Edit(_) | Command::Render(_))
    )
}

#[cfg(unix)]
fn quiet_when_reader_goes() {
    // SAFETY: restoring the default action of SIGPIPE before any other
    // thread starts; nothing else in the program handles that signal.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_when_reader_goes() {}
