//! The command line's words: commands, flags and the help that explains them.

use clap::{Args, Parser, Subcommand, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  gpu-atlas offers h100 --region eu --currency eur --max-age 6m
  gpu-atlas offers --gpu h100-sxm5-80gb --term spot --unit accelerator --json
  gpu-atlas market --region us --limit 10
  gpu-atlas cheapest h100-sxm5-80gb --region eu --currency eur
  gpu-atlas gpu h100-sxm5-80gb
  gpu-atlas cost train --params 7b --tokens 1t --offer aws/p5.48xlarge
  gpu-atlas cost serve --model llama-3.1-70b --tokens-per-day 100m --limit 5
  gpu-atlas price aws/p5.48xlarge --at 2026-10-01 --region us-east-1
  gpu-atlas link h100 --region eu --currency eur
  gpu-atlas mcp            (a Model Context Protocol server on stdin/stdout)

Exit status: 0 answered; 1 nothing matched (no offer, no price known); 2 the command or a
value was wrong; 3 the catalog could not be read.";

/// GPU Atlas from a terminal: which GPU offer is best for your job, and what it costs.
///
/// The answers are the web app's: the same catalog (built in, or a newer one with
/// --catalog), the same filters, prices, dates and sources.
#[derive(Debug, Parser)]
#[command(name = "gpu-atlas", version, after_help = EXAMPLES)]
pub struct Cli {
    /// A newer catalog: a file or an http(s) address of the site's data/v1/catalog.json
    #[arg(long, global = true, value_name = "FILE|URL")]
    pub catalog: Option<String>,
    /// Write JSON for programs
    #[arg(long, global = true, conflicts_with = "csv")]
    pub json: bool,
    /// Write CSV for spreadsheets
    #[arg(long, global = true)]
    pub csv: bool,
    /// The day prices are aged to (YYYY-MM-DD); today by default
    #[arg(long, global = true, value_name = "DAY", hide = true)]
    pub today: Option<String>,
    #[command(subcommand)]
    pub command: Command,
}

// Parsed once per run: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Offers matching a search and filters, cheapest first (the app's table)
    Offers(Offers),
    /// What each accelerator variant costs: cheapest, median, spot, committed (the Market tab)
    Market(MarketArgs),
    /// The cheapest prices per accelerator of one variant (old prices do not compete)
    Cheapest(Cheapest),
    /// One variant's prices by term and region group, with who and since when
    Gpu(Gpu),
    /// What a training, fine-tuning or serving job costs on each offer (the calculator)
    Cost(Cost),
    /// What an offer's price was on a past day, per which source (the price history)
    Price(Price),
    /// The app's share link for a view
    Link(Offers),
    /// Serve these answers to an agent: a Model Context Protocol server on stdio
    Mcp,
}

/// The view: the app's search, filters and units, as flags. Each is a setting of the app's
/// share links, read by the same code.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "The view (the app's search, filters and units)")]
pub struct View {
    /// Providers by id (aws, gcp, lambda, runpod, …), comma-separated
    #[arg(long, short = 'p', value_name = "IDS")]
    pub provider: Vec<String>,
    /// Exact accelerator variants (h100-sxm5-80gb, a100-sxm4-80gb, …)
    #[arg(long, value_name = "IDS")]
    pub gpu: Vec<String>,
    /// Accelerator models, any variant (H100, A100, MI300X, …)
    #[arg(long, value_name = "NAMES")]
    pub gpu_model: Vec<String>,
    /// Region groups (us, eu, asia, cn, hk, other, global) or single provider/region ids
    #[arg(long, short = 'r', value_name = "AREAS|PROVIDER/REGION")]
    pub region: Vec<String>,
    /// usd, cny or eur
    #[arg(long, short = 'c', value_name = "CURRENCY")]
    pub currency: Option<String>,
    /// Your own USD→CNY rate instead of the reference rate
    #[arg(long, value_name = "CNY_PER_USD")]
    pub rate: Option<String>,
    /// on-demand, spot, reserved-1y, reserved-3y, monthly, serverless or free
    #[arg(long, short = 't', value_name = "TERM")]
    pub term: Option<String>,
    /// Hide prices older than this: months (6, 6m) or years (1y)
    #[arg(long, value_name = "AGE")]
    pub max_age: Option<String>,
    /// What a price buys: instance, accelerator, memory-gb or bf16-pflop
    #[arg(long, value_name = "UNIT")]
    pub unit: Option<String>,
    /// The time a price covers: hour, day, month or year
    #[arg(long, value_name = "DURATION")]
    pub per: Option<String>,
    /// Sort column (price, price-per-accelerator, memory, as-of, …); a leading - reverses it
    #[arg(long, value_name = "COLUMN", allow_hyphen_values = true)]
    pub sort: Option<String>,
    /// Accelerators per instance, as a range (8, >=4, 1..8)
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true)]
    pub count: Option<String>,
    /// Memory per accelerator in GB, as a range (>=80)
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true)]
    pub mem: Option<String>,
    /// Price in the chosen currency, unit and duration, as a range (<=3)
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true)]
    pub price: Option<String>,
    /// Provider categories: hyperscaler, gpu-cloud, marketplace, china
    #[arg(long, value_name = "CATEGORIES")]
    pub category: Vec<String>,
    /// Accelerator vendors: nvidia, amd, intel, google
    #[arg(long, value_name = "VENDORS")]
    pub vendor: Vec<String>,
    /// Interconnects inside an instance: nvswitch, nvlink, pcie, ici
    #[arg(long, value_name = "LINKS")]
    pub interconnect: Vec<String>,
    /// Only offers that cluster over InfiniBand, EFA or ICI
    #[arg(long)]
    pub multi_node: bool,
    /// Only prices billed by the second
    #[arg(long)]
    pub per_second: bool,
    /// Only offers with a known price
    #[arg(long)]
    pub known_price: bool,
    /// Let prices older than 18 months compete for cheapest
    #[arg(long)]
    pub old_prices: bool,
    /// en or zh: the language of the app's view (`link` writes it into the link)
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// Start from an app link (its address or only its ?query); flags given here win
    #[arg(long, value_name = "URL")]
    pub link: Option<String>,
    /// Any other setting of the app's links, as key=value (see the app's share links)
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct Offers {
    /// Search words, as typed into the app's search box (h100 sxm, "a100 80gb", aws)
    pub search: Vec<String>,
    #[command(flatten)]
    pub view: View,
    /// Show at most this many rows (the table shows 20 unless told; JSON and CSV all)
    #[arg(long, short = 'n', value_name = "N")]
    pub limit: Option<usize>,
    /// The site's address for `link` (default: GPU_ATLAS_SITE_URL, else only the query)
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct MarketArgs {
    #[command(flatten)]
    pub view: View,
    #[arg(long, short = 'n', value_name = "N")]
    pub limit: Option<usize>,
}

#[derive(Debug, Clone, Args)]
pub struct Cheapest {
    /// The variant's id (h100-sxm5-80gb); `gpu-atlas market` lists them
    #[arg(value_name = "GPU")]
    pub variant: String,
    #[command(flatten)]
    pub view: View,
    /// How many (3 unless told)
    #[arg(long, short = 'n', value_name = "N")]
    pub limit: Option<usize>,
}

#[derive(Debug, Clone, Args)]
pub struct Gpu {
    /// The variant's id (h100-sxm5-80gb); `gpu-atlas market` lists them
    #[arg(value_name = "GPU")]
    pub id: String,
    #[command(flatten)]
    pub view: View,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum JobKind {
    /// Pre-train a model from scratch
    Train,
    /// Fine-tune a model (LoRA, QLoRA or full)
    Tune,
    /// Serve a model
    Serve,
}

/// The calculator's job. Sizes take suffixes: 7b parameters, 1t tokens, 100m tokens a day.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "The job (the calculator's inputs)")]
pub struct Job {
    /// Model parameters (7b, 70b, 405b)
    #[arg(long, value_name = "N")]
    pub params: Option<String>,
    /// Training or fine-tuning tokens (1t, 300b)
    #[arg(long, value_name = "N")]
    pub tokens: Option<String>,
    /// Training compute instead of tokens, in FLOP (6e23)
    #[arg(long, value_name = "FLOP")]
    pub flops: Option<String>,
    /// Model FLOPs utilisation, 0 to 1 (default: the accelerator generation's)
    #[arg(long, value_name = "SHARE")]
    pub mfu: Option<String>,
    /// Finish each run within this many hours (more instances if needed)
    #[arg(long, value_name = "HOURS")]
    pub deadline: Option<String>,
    /// Times the job is run
    #[arg(long, value_name = "N")]
    pub runs: Option<String>,
    /// Training precision: bf16, fp16, fp8 or fp32
    #[arg(long, value_name = "PRECISION")]
    pub precision: Option<String>,
    /// Fine-tuning method: lora, qlora or full
    #[arg(long, value_name = "METHOD")]
    pub method: Option<String>,
    /// Serving quantization: fp16, int8, int4 or fp8
    #[arg(long, value_name = "QUANT")]
    pub quant: Option<String>,
    /// Serving: the model by name (llama-3.1-70b, qwen2.5-72b, …)
    #[arg(long, value_name = "MODEL")]
    pub model: Option<String>,
    /// Serving: output tokens a day (100m)
    #[arg(long, value_name = "N")]
    pub tokens_per_day: Option<String>,
    /// Serving: prompt tokens a day
    #[arg(long, value_name = "N")]
    pub input_tokens_per_day: Option<String>,
    /// Serving: tokens of context per sequence
    #[arg(long, value_name = "N")]
    pub context: Option<String>,
    /// Serving: sequences decoded together
    #[arg(long, value_name = "N")]
    pub concurrency: Option<String>,
    /// Only offers the job fits on
    #[arg(long)]
    pub fits_only: bool,
}

#[derive(Debug, Clone, Args)]
pub struct Cost {
    pub kind: JobKind,
    #[command(flatten)]
    pub job: Job,
    /// One offer's estimate (aws/p5.48xlarge) instead of the cheapest offers
    #[arg(long, value_name = "OFFER")]
    pub offer: Option<String>,
    #[command(flatten)]
    pub view: View,
    #[arg(long, short = 'n', value_name = "N")]
    pub limit: Option<usize>,
}

#[derive(Debug, Clone, Args)]
pub struct Price {
    /// The offer's id, provider/instance (aws/p5.48xlarge)
    pub offer: String,
    /// The day (YYYY-MM-DD); today by default
    #[arg(long, value_name = "DAY")]
    pub at: Option<String>,
    /// Only this region of the offer (us-east-1)
    #[arg(long, short = 'r', value_name = "REGION")]
    pub region: Option<String>,
    /// Only this term
    #[arg(long, short = 't', value_name = "TERM")]
    pub term: Option<String>,
    /// usd, cny or eur
    #[arg(long, short = 'c', value_name = "CURRENCY")]
    pub currency: Option<String>,
}
