//! One parser per source format. Each takes the source's text and returns the quotes it could
//! read plus the rows it skipped (with line and field), or fails whole when the text is not
//! that format at all — then nothing of it is applied.
//!
//! CSV formats read from a stream, so a copy of gigabytes (the AWS Price List) is never held
//! in memory; JSON formats read a whole document, bounded by [`MAX_DOCUMENT_BYTES`].

mod aws_price_list;
mod aws_price_list_csv;
mod aws_spot_advisor;
mod azure_retail;
mod catalog_csv;
mod columns;
mod exoscale_pricing;
mod gcp_pricing_yml;
mod gpuhunt;
mod html;
mod json;
mod linode_types;
mod oci_price_list;
mod openrouter_models;
mod skypilot;
mod vultr_plans;
mod zones;
// Issue 25, feeds2: Scaleway's Instance type list.
mod scaleway_servers;
// Issue 25, feeds2: CoreWeave's price page.
mod coreweave_pricing;
// Issue 25, feeds3: Latitude.sh's plan list.
mod latitude_plans;
// Issue 25, feeds3: Hot Aisle's price page.
mod hotaisle_pricing;
// Issue 25, feeds3: fal's price page.
mod fal_pricing;
// Issue 25, feeds3: Together AI's price page.
mod together_pricing;

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

use serde::Deserialize;

use crate::api_quote::ApiParsed;
use crate::quote::{Parsed, SourceProblem};

/// The largest document a JSON format reads whole. The largest real one (Azure's GPU pages
/// merged) is tens of megabytes; a file past this bound is not that document.
pub const MAX_DOCUMENT_BYTES: u64 = 512 * 1024 * 1024;

/// The source formats GPU Atlas can import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// SkyPilot's catalog `vms.csv` (v7 and v8 schemas): on-demand and spot per zone.
    SkypilotVms,
    /// gpuhunt's published provider catalog (`<provider>.csv` in its `catalog.zip`).
    GpuhuntCsv,
    /// An AWS Price List Bulk API offer file (AmazonEC2, one region): on-demand Linux prices.
    AwsPriceList,
    /// The same offer file in its CSV form, streamed: on-demand and no-upfront Standard RIs.
    AwsPriceListCsv,
    /// The AWS Spot Instance Advisor's data: each instance type's interruption band per region
    /// (live facts, no prices).
    AwsSpotAdvisor,
    /// Pages of the Azure Retail Prices API, merged into one `Items` array.
    AzureRetail,
    /// Oracle's public price list API (`cetools/api/v1/products`).
    OciPriceList,
    /// Google Cloud's machine types per region, summed from its billing SKUs
    /// (`pricing.yml` of Cyclenerd's google-cloud-pricing-cost-calculator).
    GcpPricingYml,
    /// Linode's public plan list (`/v4/linode/types`): GPU plans per hour, regional overrides.
    LinodeTypes,
    /// Vultr's public plan lists (`/v2/plans`, `/v2/plans-metal`): on-demand and preemptible.
    VultrPlans,
    /// Exoscale's public price list (`portal.exoscale.com/api/pricing/opencompute`): GPU
    /// instance types per hour, one price everywhere.
    ExoscalePricing,
    /// A table in the catalog's own price columns, each row with its own date and source:
    /// prices gathered by hand or from a dated third-party file.
    CatalogCsv,
    // Issue 25, feeds2:
    /// Scaleway's public Instance type list (`/instance/v1/zones/<zone>/products/servers`):
    /// each type's hourly price in EUR, one page of one zone.
    ScalewayServers,
    /// CoreWeave's public price page (`coreweave.com/pricing`): each GPU instance's on-demand
    /// and spot price per hour, per region table.
    CoreweavePricing,
    // Issue 25, feeds3:
    /// Latitude.sh's plan list as its public pricing page carries it (`latitude.sh/pricing`):
    /// each GPU server plan's hourly and monthly USD price per country group.
    LatitudePlans,
    /// Hot Aisle's public price page (`hotaisle.xyz/pricing`): each card's sizes at its price
    /// per GPU-hour, on-demand or a monthly commitment.
    HotaislePricing,
    /// fal's public price page (`fal.ai/pricing`): the GPU table's list price per GPU-hour,
    /// serverless.
    FalPricing,
    /// Together AI's public price page (`together.ai/pricing`): each section's on-demand price
    /// per GPU-hour (dedicated inference, GPU clusters).
    TogetherPricing,
}

impl Format {
    /// Every format, for checks that must cover them all.
    pub const ALL: [Format; 18] = [
        Format::SkypilotVms,
        Format::GpuhuntCsv,
        Format::AwsPriceList,
        Format::AwsPriceListCsv,
        Format::AwsSpotAdvisor,
        Format::AzureRetail,
        Format::OciPriceList,
        Format::GcpPricingYml,
        Format::LinodeTypes,
        Format::VultrPlans,
        Format::ExoscalePricing,
        Format::CatalogCsv,
        // Issue 25, feeds2:
        Format::ScalewayServers,
        Format::CoreweavePricing,
        // Issue 25, feeds3:
        Format::LatitudePlans,
        Format::HotaislePricing,
        Format::FalPricing,
        Format::TogetherPricing,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::SkypilotVms => "skypilot-vms",
            Format::GpuhuntCsv => "gpuhunt-csv",
            Format::AwsPriceList => "aws-price-list",
            Format::AwsPriceListCsv => "aws-price-list-csv",
            Format::AwsSpotAdvisor => "aws-spot-advisor",
            Format::AzureRetail => "azure-retail",
            Format::OciPriceList => "oci-price-list",
            Format::GcpPricingYml => "gcp-pricing-yml",
            Format::LinodeTypes => "linode-types",
            Format::VultrPlans => "vultr-plans",
            Format::ExoscalePricing => "exoscale-pricing",
            Format::CatalogCsv => "catalog-csv",
            // Issue 25, feeds2:
            Format::ScalewayServers => "scaleway-servers",
            Format::CoreweavePricing => "coreweave-pricing",
            // Issue 25, feeds3:
            Format::LatitudePlans => "latitude-plans",
            Format::HotaislePricing => "hotaisle-pricing",
            Format::FalPricing => "fal-pricing",
            Format::TogetherPricing => "together-pricing",
        }
    }

    /// The file extension a downloaded copy gets.
    pub fn extension(self) -> &'static str {
        match self {
            Format::SkypilotVms
            | Format::GpuhuntCsv
            | Format::AwsPriceListCsv
            | Format::CatalogCsv => "csv",
            Format::AwsPriceList
            | Format::AwsSpotAdvisor
            | Format::AzureRetail
            | Format::OciPriceList
            | Format::LinodeTypes
            | Format::VultrPlans
            | Format::ExoscalePricing
            // Issue 25, feeds2:
            | Format::ScalewayServers => "json",
            Format::GcpPricingYml => "yml",
            // Issue 25, feeds2:
            Format::CoreweavePricing => "html",
            // Issue 25, feeds3: the page, whose plan data the reader takes.
            Format::LatitudePlans
            | Format::HotaislePricing
            | Format::FalPricing
            | Format::TogetherPricing => "html",
        }
    }

    /// Reads one source of this format from its text.
    pub fn parse(self, text: &str) -> Result<Parsed, SourceProblem> {
        self.read(text.as_bytes())
    }

    /// Reads one source of this format from a file: streamed for CSV formats, whole (within
    /// [`MAX_DOCUMENT_BYTES`]) for JSON ones. Bytes that are not text fail whole, named.
    pub fn read_file(self, path: &Path) -> Result<Parsed, SourceProblem> {
        let file = File::open(path)
            .map_err(|e| SourceProblem::new("file", "", format!("cannot open it: {e}")))?;
        self.read(BufReader::with_capacity(1 << 20, file))
    }

    fn read(self, source: impl Read) -> Result<Parsed, SourceProblem> {
        match self {
            Format::SkypilotVms => skypilot::read(Text::new(source)),
            Format::GpuhuntCsv => gpuhunt::read(Text::new(source)),
            Format::AwsPriceListCsv => aws_price_list_csv::read(Text::new(source)),
            Format::CatalogCsv => catalog_csv::parse(&whole(source)?),
            Format::AwsPriceList => aws_price_list::parse(&whole(source)?),
            Format::AwsSpotAdvisor => aws_spot_advisor::parse(&whole(source)?),
            Format::AzureRetail => azure_retail::parse(&whole(source)?),
            Format::OciPriceList => oci_price_list::parse(&whole(source)?),
            Format::GcpPricingYml => gcp_pricing_yml::parse(&whole(source)?),
            Format::LinodeTypes => linode_types::parse(&whole(source)?),
            Format::VultrPlans => vultr_plans::parse(&whole(source)?),
            Format::ExoscalePricing => exoscale_pricing::parse(&whole(source)?),
            // Issue 25, feeds2:
            Format::ScalewayServers => scaleway_servers::parse(&whole(source)?),
            Format::CoreweavePricing => coreweave_pricing::parse(&whole(source)?),
            // Issue 25, feeds3:
            Format::LatitudePlans => latitude_plans::parse(&whole(source)?),
            Format::HotaislePricing => hotaisle_pricing::parse(&whole(source)?),
            Format::FalPricing => fal_pricing::parse(&whole(source)?),
            Format::TogetherPricing => together_pricing::parse(&whole(source)?),
        }
    }
}

/// A whole document as text, without a leading byte-order mark.
fn whole(source: impl Read) -> Result<String, SourceProblem> {
    let mut bytes = Vec::new();
    source
        .take(MAX_DOCUMENT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| SourceProblem::new("file", "", format!("cannot read it: {e}")))?;
    if bytes.len() as u64 > MAX_DOCUMENT_BYTES {
        return Err(SourceProblem::new(
            "file",
            "",
            format!("larger than {MAX_DOCUMENT_BYTES} bytes: not a price document"),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        SourceProblem::new(
            format!("byte {}", e.utf8_error().valid_up_to()),
            "",
            "not text (binary or another encoding than UTF-8)",
        )
    })?;
    Ok(text.trim_start_matches('\u{feff}').to_string())
}

/// A stream that fails on the first NUL byte: CSV readers take any bytes, so binary garbage
/// would otherwise read as one odd column instead of failing as "not text".
struct Text<R> {
    inner: R,
    offset: u64,
}

impl<R: Read> Text<R> {
    fn new(inner: R) -> Self {
        Text { inner, offset: 0 }
    }
}

impl<R: Read> Read for Text<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(at) = buf[..n].iter().position(|b| *b == 0) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not text: a NUL byte at byte {}", self.offset + at as u64),
            ));
        }
        self.offset += n as u64;
        Ok(n)
    }
}

/// The hosted-API price formats: each reads token prices per model (`catalog/api/`), not GPU
/// offers, so they are a list of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ApiFormat {
    /// OpenRouter's public model list (`/api/v1/models`): USD per token per model.
    OpenrouterModels,
}

impl ApiFormat {
    pub const ALL: [ApiFormat; 1] = [ApiFormat::OpenrouterModels];

    pub fn name(self) -> &'static str {
        match self {
            ApiFormat::OpenrouterModels => "openrouter-models",
        }
    }

    /// Reads one source of this format; a document that is not one fails whole, named.
    pub fn parse(self, text: &str) -> Result<ApiParsed, SourceProblem> {
        let text = whole(text.as_bytes())?;
        match self {
            ApiFormat::OpenrouterModels => openrouter_models::parse(&text),
        }
    }
}
