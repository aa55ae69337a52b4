//! One file per command; each turns its arguments into an [`Answer`] the engine computed.

pub mod cheapest;
pub mod cost;
pub mod gpu;
pub mod link;
pub mod listing;
pub mod market;
pub mod offers;
pub mod price;

use crate::args::Command;
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{Answer, Format};

/// The answer to `command` (every command but `mcp`, which serves these).
pub fn answer(cx: &Context<'_>, command: &Command, format: Format) -> Result<Answer, Failure> {
    match command {
        Command::Offers(args) => offers::answer(cx, args, format),
        Command::Market(args) => market::answer(cx, args, format),
        Command::Cheapest(args) => cheapest::answer(cx, args),
        Command::Gpu(args) => gpu::answer(cx, args),
        Command::Cost(args) => cost::answer(cx, args, format),
        Command::Price(args) => price::answer(cx, args),
        Command::Link(args) => link::answer(cx, args),
        Command::Mcp => Err(Failure::usage(
            "mcp serves the other commands; it answers none itself",
        )),
    }
}
