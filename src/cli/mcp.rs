//! `gpu-atlas mcp`: the command line's answers as Model Context Protocol tools over stdio,
//! through the protocol's official Rust SDK (rmcp). Each tool builds the command's own
//! arguments and runs the command, so an agent gets exactly what `gpu-atlas … --json` prints:
//! every price with its day and source. A value the command refuses comes back as a tool error
//! saying which; a call the protocol cannot read (an unknown tool, arguments of the wrong
//! shape) is the SDK's protocol error. Nothing panics on a client's input.

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler, ServiceExt};
use serde::Deserialize;

use engine::catalog::{AsOf, Catalog};

use crate::args::{self, JobKind};
use crate::commands;
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{Answer, Format};

/// What the server tells a client about itself and how to cite it.
const INSTRUCTIONS: &str = "GPU Atlas: GPU cloud prices from a dated, sourced catalog \
(AWS, Google Cloud, Azure, Lambda, RunPod, Alibaba, Tencent and many more). Every price \
carries `as_of` (the day it was true at its source; `~` marks an estimate) and `source` (its \
title and URL): cite both, and say a price is old when `freshness` is aging or stale. Unknown \
values are null, never zero. Offer ids are provider/instance (aws/p5.48xlarge); accelerator \
ids are exact variants (h100-sxm5-80gb) — `market` lists them.";

/// Runs the server on stdin/stdout until the client closes it.
pub fn serve(catalog: Catalog, today: AsOf) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::catalog(format!("could not start the server: {e}")))?;
    let (input, output) = rmcp::transport::stdio();
    runtime.block_on(serve_on(catalog, today, input, output))
}

/// Serves one session on `input` and `output` (stdio, or a pipe in the tests) until the
/// client closes it.
pub async fn serve_on<R, W>(
    catalog: Catalog,
    today: AsOf,
    input: R,
    output: W,
) -> Result<(), Failure>
where
    R: tokio::io::AsyncRead + Send + Unpin + 'static,
    W: tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    // The server lives as long as the process: the catalog and its explorer are never freed.
    let catalog: &'static Catalog = Box::leak(Box::new(catalog));
    let server = Atlas {
        context: Arc::new(Context::new(catalog, today)),
        tool_router: Atlas::tool_router(),
    };
    let running = server
        .serve((input, output))
        .await
        .map_err(|e| Failure::usage(format!("the MCP client did not start a session: {e}")))?;
    running
        .waiting()
        .await
        .map(|_| ())
        .map_err(|e| Failure::usage(format!("the MCP session ended with an error: {e}")))
}

#[derive(Clone)]
pub struct Atlas {
    context: Arc<Context<'static>>,
    tool_router: ToolRouter<Atlas>,
}

/// The view's settings an agent may give; every one is optional.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct ViewParams {
    /// Exact accelerator variants, e.g. ["h100-sxm5-80gb"].
    #[serde(default)]
    pub gpu: Vec<String>,
    /// Accelerator models, any variant, e.g. ["H100"].
    #[serde(default)]
    pub gpu_model: Vec<String>,
    /// Provider ids, e.g. ["aws", "lambda"].
    #[serde(default)]
    pub provider: Vec<String>,
    /// Region groups (us, eu, asia, cn, hk, other, global) or provider/region ids.
    #[serde(default)]
    pub region: Vec<String>,
    /// usd, cny or eur.
    pub currency: Option<String>,
    /// on-demand, spot, reserved-1y, reserved-3y, monthly, serverless or free.
    pub term: Option<String>,
    /// Leave out prices older than this: "6m", "1y".
    pub max_age: Option<String>,
    /// instance, accelerator, memory-gb or bf16-pflop.
    pub unit: Option<String>,
    /// hour, day, month or year.
    pub per: Option<String>,
    /// A column to sort by; a leading - reverses it.
    pub sort: Option<String>,
    /// An app link (or its query) to start from.
    pub link: Option<String>,
}

impl ViewParams {
    fn args(self) -> args::View {
        args::View {
            gpu: self.gpu,
            gpu_model: self.gpu_model,
            provider: self.provider,
            region: self.region,
            currency: self.currency,
            term: self.term,
            max_age: self.max_age,
            unit: self.unit,
            per: self.per,
            sort: self.sort,
            link: self.link,
            ..args::View::default()
        }
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct SearchParams {
    /// Search words as typed into the app's search box, e.g. "h100 sxm".
    #[serde(default)]
    pub search: String,
    #[serde(flatten)]
    pub view: ViewParams,
    /// At most this many offers (default 20).
    pub limit: Option<usize>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct CheapestParams {
    /// The exact accelerator variant, e.g. "h100-sxm5-80gb".
    pub gpu: String,
    /// A region group (us, eu, asia, cn, hk) or a provider/region id; everywhere if left out.
    pub region: Option<String>,
    /// usd, cny or eur (default usd).
    pub currency: Option<String>,
    /// The pricing term (default on-demand).
    pub term: Option<String>,
    /// How many (default 3).
    pub limit: Option<usize>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct MarketParams {
    /// One variant's market line, e.g. "h100-sxm5-80gb"; every variant if left out.
    pub gpu: Option<String>,
    #[serde(default)]
    pub region: Vec<String>,
    pub currency: Option<String>,
    /// At most this many variants (default 20).
    pub limit: Option<usize>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct GpuParams {
    /// The exact accelerator variant, e.g. "h100-sxm5-80gb".
    pub gpu: String,
    pub currency: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Train,
    Tune,
    Serve,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct JobParams {
    /// train (pre-training), tune (fine-tuning) or serve.
    pub kind: Kind,
    /// Model parameters, e.g. "7b".
    pub params: Option<String>,
    /// Training or fine-tuning tokens, e.g. "1t".
    pub tokens: Option<String>,
    /// Model FLOPs utilisation, 0 to 1.
    pub mfu: Option<String>,
    /// Finish each run within this many hours.
    pub deadline: Option<String>,
    /// Fine-tuning method: lora, qlora or full.
    pub method: Option<String>,
    /// Serving quantization: fp16, int8, int4 or fp8.
    pub quant: Option<String>,
    /// Serving: the model by name, e.g. "llama-3.1-70b".
    pub model: Option<String>,
    /// Serving: output tokens a day, e.g. "100m".
    pub tokens_per_day: Option<String>,
    /// Serving: prompt tokens a day.
    pub input_tokens_per_day: Option<String>,
    /// One offer's estimate with its assumptions, e.g. "aws/p5.48xlarge".
    pub offer: Option<String>,
    #[serde(flatten)]
    pub view: ViewParams,
    /// At most this many offers (default 10).
    pub limit: Option<usize>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct HistoryParams {
    /// The offer id, e.g. "aws/p5.48xlarge".
    pub offer: String,
    /// The day, YYYY-MM-DD (default today).
    pub at: Option<String>,
    /// Only this region of the offer, e.g. "us-east-1".
    pub region: Option<String>,
    /// Only this term.
    pub term: Option<String>,
    pub currency: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct LinkParams {
    #[serde(default)]
    pub search: String,
    #[serde(flatten)]
    pub view: ViewParams,
    /// The site's address, e.g. "https://owner.github.io/gpu-atlas/".
    pub base: Option<String>,
}

impl Atlas {
    /// The command's answer as the tool's result: its JSON, or the command's refusal as a
    /// tool error the agent can read and correct.
    fn reply(&self, command: &args::Command) -> CallToolResult {
        match commands::answer(&self.context, command, Format::Json) {
            Ok(Answer { json, .. }) => CallToolResult::structured(json),
            Err(failure) => CallToolResult::error(vec![ContentBlock::text(failure.message)]),
        }
    }
}

#[tool_router]
impl Atlas {
    #[tool(
        description = "Search GPU cloud offers as the app's table does (search words and filters); each price with its date and source, in the table's order (cheapest per accelerator first, data-centre parts leading)."
    )]
    fn search_offers(&self, Parameters(p): Parameters<SearchParams>) -> CallToolResult {
        self.reply(&args::Command::Offers(args::Offers {
            search: p.search.split_whitespace().map(str::to_string).collect(),
            view: p.view.args(),
            limit: Some(p.limit.unwrap_or(20)),
            base: None,
        }))
    }

    #[tool(
        description = "The cheapest offers of one accelerator variant, per accelerator-hour, everywhere or in a region group or region, on demand unless another term is asked; old prices (over 18 months) do not compete."
    )]
    fn cheapest(&self, Parameters(p): Parameters<CheapestParams>) -> CallToolResult {
        self.reply(&args::Command::Cheapest(args::Cheapest {
            variant: p.gpu,
            view: args::View {
                region: p.region.into_iter().collect(),
                currency: p.currency,
                term: p.term,
                ..args::View::default()
            },
            limit: p.limit,
        }))
    }

    #[tool(
        description = "What each accelerator variant costs across the market (the app's Market tab): cheapest on-demand price per accelerator-hour with who and when, quartiles, providers, cheapest spot and committed."
    )]
    fn market(&self, Parameters(p): Parameters<MarketParams>) -> CallToolResult {
        self.reply(&args::Command::Market(args::MarketArgs {
            view: args::View {
                gpu: p.gpu.into_iter().collect(),
                region: p.region,
                currency: p.currency,
                ..args::View::default()
            },
            limit: Some(p.limit.unwrap_or(20)),
        }))
    }

    #[tool(
        description = "One accelerator variant's prices: the three cheapest on demand, and per region group (us, eu, asia, cn, hk, other) the cheapest on-demand, spot and committed prices and the median, each with date and source."
    )]
    fn gpu_prices(&self, Parameters(p): Parameters<GpuParams>) -> CallToolResult {
        self.reply(&args::Command::Gpu(args::Gpu {
            id: p.gpu,
            view: args::View {
                currency: p.currency,
                ..args::View::default()
            },
        }))
    }

    #[tool(
        description = "What a job costs (the app's calculator): train, fine-tune or serve a model of a size, on every offer cheapest first, or on one offer with the assumptions behind the estimate."
    )]
    fn job_cost(&self, Parameters(p): Parameters<JobParams>) -> CallToolResult {
        let kind = match p.kind {
            Kind::Train => JobKind::Train,
            Kind::Tune => JobKind::Tune,
            Kind::Serve => JobKind::Serve,
        };
        self.reply(&args::Command::Cost(args::Cost {
            kind,
            job: args::Job {
                params: p.params,
                tokens: p.tokens,
                mfu: p.mfu,
                deadline: p.deadline,
                method: p.method,
                quant: p.quant,
                model: p.model,
                tokens_per_day: p.tokens_per_day,
                input_tokens_per_day: p.input_tokens_per_day,
                ..args::Job::default()
            },
            offer: p.offer,
            view: p.view.args(),
            limit: Some(p.limit.unwrap_or(10)),
        }))
    }

    #[tool(
        description = "What an offer's prices were on a past day, per which source, beside today's."
    )]
    fn price_history(&self, Parameters(p): Parameters<HistoryParams>) -> CallToolResult {
        self.reply(&args::Command::Price(args::Price {
            offer: p.offer,
            at: p.at,
            region: p.region,
            term: p.term,
            currency: p.currency,
        }))
    }

    #[tool(
        description = "The app's share link for a view (search and filters), to give a person the same answer in the browser."
    )]
    fn share_link(&self, Parameters(p): Parameters<LinkParams>) -> CallToolResult {
        self.reply(&args::Command::Link(args::Offers {
            search: p.search.split_whitespace().map(str::to_string).collect(),
            view: p.view.args(),
            limit: None,
            base: p.base,
        }))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Atlas {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("gpu-atlas", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }
}
