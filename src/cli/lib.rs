//! GPU Atlas from a terminal or an agent: the `gpu-atlas` command line and its MCP server.
//!
//! Every answer is the app's: flags are the app's share-link settings read by the app's own
//! decoder ([`view`]), the rows come from the same explorer and market, and the small answers
//! are `engine::present::answers`, which the site also writes as `data/v1/gpu/<id>.json` and
//! `data/v1/market.json`. This crate only reads arguments, picks a catalog ([`source`]) and
//! writes tables, JSON or CSV ([`output`]); the `mcp` command serves the same commands as
//! tools ([`mcp`]).
//!
//! # Never
//!
//! - No arithmetic of prices or jobs here: what a command prints, the engine computed.

pub mod args;
pub mod commands;
pub mod context;
pub mod failure;
pub mod mcp;
pub mod output;
pub mod source;
pub mod view;

use std::ffi::OsString;
use std::io::Write;

use clap::Parser;

use args::{Cli, Command};
use context::Context;
use failure::Failure;
use output::Format;

/// The command line's entry point: reads the process's arguments, writes the answer to
/// stdout or the reason to stderr, and returns the exit status.
pub fn main() -> std::process::ExitCode {
    // Not locked for the whole run: the MCP server writes to stdout from its own thread.
    let mut stdout = std::io::stdout();
    match run(std::env::args_os(), &mut stdout) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(failure) => {
            let _ = stdout.flush();
            eprintln!("gpu-atlas: {}", failure.message.trim_end());
            std::process::ExitCode::from(failure.code)
        }
    }
}

/// Runs one command line (`args` starting with the program's name) and writes its answer to
/// `out`. `--help` and `--version` are answers too.
pub fn run(args: impl IntoIterator<Item = OsString>, out: &mut dyn Write) -> Result<(), Failure> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: printed to stdout, exit 0.
            return write(out, &e.render().to_string());
        }
        Err(e) => return Err(Failure::usage(e.render().to_string())),
    };
    let format = if cli.json {
        Format::Json
    } else if cli.csv {
        Format::Csv
    } else {
        Format::Table
    };
    let today = source::today(cli.today.as_deref())?;
    let catalog = source::catalog(cli.catalog.as_deref())?;
    if let Command::Mcp = cli.command {
        return mcp::serve(catalog, today);
    }
    let context = Context::new(&catalog, today);
    let answer = commands::answer(&context, &cli.command, format)?;
    write(out, &answer.render(format))
}

fn write(out: &mut dyn Write, text: &str) -> Result<(), Failure> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .or_else(|e| {
            // A closed pipe (`gpu-atlas offers | head`) is the reader's choice, not an error.
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                Ok(())
            } else {
                Err(Failure::usage(format!("could not write the answer: {e}")))
            }
        })
}
