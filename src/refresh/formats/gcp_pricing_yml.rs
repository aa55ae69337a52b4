//! Google Cloud's machine types priced per region: `pricing.yml` of Cyclenerd's
//! google-cloud-pricing-cost-calculator, which its own workflow rebuilds every week from the
//! Cloud Billing Catalog's SKUs (vCPU + RAM + GPU + bundled local SSD per machine type and
//! region) and publishes in its repository, readable without a key.
//!
//! Read: the `compute.instance.<machine>` blocks — the GPU count (`a100: 1`, `h100-80gb: 8`,
//! `l4: 1`, `rtx6000: 4` …), `cpu`, `ram` and `cost.<region>` with `hour` (on-demand),
//! `hour_spot` (Spot) and `month_1y` / `month_3y` (resource-based committed use), whose month
//! is the file's 730 hours — so the hourly price of a commitment is the month ÷ 730. A machine
//! without a GPU count is a CPU machine and is passed over; `about.timestamp` is the day the
//! file was generated.
//!
//! The file is one machine-written shape of YAML (two-space indents, one `key: value` a line),
//! so the reader follows its indents rather than taking a YAML library for a single file.
//! Prices are kept to six decimals, as the catalog's GCP rows are written: the sums carry
//! float noise below a millionth of a dollar.

use catalog::{AsOf, Currency, PriceUnit, Term};

use crate::quote::{price, Parsed, Quote, SourceProblem};

/// Hours in the file's month (its generator's default, the Google calculator's).
const HOURS_PER_MONTH: f64 = 730.0;

/// Whether a key of a machine block names an accelerator: a GPU's name is letters then a
/// digit (`a100`, `h100-80gb-mega`, `l4`, `rtx6000`); the machine's own fields (`cost`, `cpu`,
/// `ram`, `local-ssd`, `type`) and any field added later without a digit are not.
fn names_accelerator(key: &str) -> bool {
    let letters = key.bytes().take_while(u8::is_ascii_lowercase).count();
    letters > 0 && key.as_bytes().get(letters).is_some_and(u8::is_ascii_digit)
}

/// One machine type as the file describes it.
#[derive(Default)]
struct Machine {
    name: String,
    gpu: Option<(String, f64)>,
    cpu: Option<f64>,
    ram: Option<f64>,
    /// (region, field, value text, line).
    costs: Vec<(String, String, String, usize)>,
}

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    if !text.starts_with("---") && !text.starts_with("about:") {
        return Err(not_this(
            "its first line is not the file's `---` or `about:`",
        ));
    }
    let mut parsed = Parsed::default();
    let mut top = "";
    let mut in_instances = false;
    let mut saw_instances = false;
    let mut machine: Option<Machine> = None;
    let mut region = "";
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let raw = raw.trim_end_matches('\r');
        let indent = raw.len() - raw.trim_start_matches(' ').len();
        let body = raw.trim();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let (key, value) = match body.split_once(':') {
            Some((k, v)) => (k.trim(), v.trim()),
            None => (body, ""),
        };
        if indent <= 4 {
            finish(machine.take(), &mut parsed);
        }
        match indent {
            0 => {
                top = key;
                in_instances = false;
            }
            2 => {
                if top == "about" && key == "timestamp" {
                    parsed.published = value.parse::<i64>().ok().map(|secs| {
                        AsOf::from_days_since_epoch(secs.div_euclid(86_400)).to_string()
                    });
                }
                in_instances = top == "compute" && key == "instance";
                saw_instances |= in_instances;
            }
            4 if in_instances => {
                machine = Some(Machine {
                    name: key.to_string(),
                    ..Machine::default()
                })
            }
            6 if in_instances => {
                let Some(m) = machine.as_mut() else { continue };
                match key {
                    "cpu" => m.cpu = value.parse().ok(),
                    "ram" => m.ram = value.parse().ok(),
                    gpu if names_accelerator(gpu) => match value.parse::<f64>() {
                        Ok(count) if count > 0.0 => m.gpu = Some((gpu.to_string(), count)),
                        _ => parsed.skipped.push(SourceProblem::new(
                            format!("line {line}"),
                            gpu,
                            format!("{value:?} is not an accelerator count"),
                        )),
                    },
                    _ => {}
                }
            }
            8 if in_instances => region = key,
            10 if in_instances => {
                if let Some(m) = machine.as_mut() {
                    m.costs
                        .push((region.to_string(), key.to_string(), value.to_string(), line));
                }
            }
            _ => {}
        }
    }
    finish(machine.take(), &mut parsed);
    if !saw_instances {
        return Err(not_this("no `compute: instance:` section"));
    }
    Ok(parsed)
}

fn not_this(why: &str) -> SourceProblem {
    SourceProblem::new(
        "line 1",
        "",
        format!("not a google-cloud-pricing-cost-calculator pricing.yml: {why}"),
    )
}

/// The quotes of one machine block, once all of it is read.
fn finish(machine: Option<Machine>, parsed: &mut Parsed) {
    let Some(m) = machine else { return };
    let Some((gpu, count)) = m.gpu else { return };
    for (region, field, value, line) in &m.costs {
        let (term, hours) = match field.as_str() {
            "hour" => (Term::OnDemand, 1.0),
            "hour_spot" => (Term::Spot, 1.0),
            "month_1y" => (Term::Reserved1y, HOURS_PER_MONTH),
            "month_3y" => (Term::Reserved3y, HOURS_PER_MONTH),
            _ => continue,
        };
        let amount = match price(value, &format!("line {line}"), field) {
            Ok(v) => v / hours,
            Err(problem) => {
                parsed.skipped.push(problem);
                continue;
            }
        };
        // A zero is a price the generator could not sum (a SKU missing in that region).
        if amount <= 0.0 {
            continue;
        }
        parsed.quotes.push(Quote {
            sku: m.name.clone(),
            gpu: Some(gpu.clone()),
            count: Some(count),
            vcpus: m.cpu,
            ram_gb: m.ram,
            region: region.clone(),
            term,
            price: (amount * 1e6).round() / 1e6,
            price_high: None,
            currency: Currency::Usd,
            unit: PriceUnit::InstanceHour,
            line: *line,
            note: (hours > 1.0).then(|| format!("{field} ÷ {HOURS_PER_MONTH}")),
            cited: None,
        });
    }
}
