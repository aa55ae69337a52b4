//! Exoscale's public price list, `GET https://portal.exoscale.com/api/pricing/opencompute` (no
//! key needed; the JSON its own price page reads): one object per billing currency (`chf`,
//! `eur`, `usd`), each mapping a billing key to an hourly price written as a decimal string —
//! `running_<family>_<size>` for a running instance, other keys for volumes, traffic and IPs.
//!
//! Only the `usd` object is read (the catalog keeps Exoscale's rows in USD; the stored copies
//! state the same numbers in all three currencies). Instances are the `running_` keys whose
//! family starts with `gpu`, named as Exoscale's API names the instance type: the family
//! without its underscore and the size with a hyphen (`running_gpu_a5000_small` →
//! `gpua5000.small`, as exoscale/karpenter-provider-exoscale maps them). The list has no zone
//! dimension (one price everywhere: region `global`) and states no GPU model or count, so the
//! family stands as the accelerator name and aliases say which offer each type is.

use catalog::{Currency, PriceUnit, Term};

use crate::quote::{price, Parsed, Quote, SourceProblem};

/// Exoscale's instance sizes, longest first so `extra_large` is not read as `large`.
const SIZES: [&str; 11] = [
    "extra_large",
    "colossus",
    "medium",
    "jumbo",
    "large",
    "micro",
    "small",
    "titan",
    "huge",
    "mega",
    "tiny",
];

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let what = "an Exoscale price list";
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        SourceProblem::new(format!("line {}", e.line()), "", format!("not {what}: {e}"))
    })?;
    let Some(prices) = doc.get("usd").and_then(|v| v.as_object()) else {
        return Err(SourceProblem::new(
            "file",
            "usd",
            format!("not {what}: no usd object"),
        ));
    };
    let mut parsed = Parsed::default();
    for (n, (key, value)) in prices.iter().enumerate() {
        let Some(sku) = gpu_instance(key) else {
            continue;
        };
        let place = format!("usd entry {key}");
        let written = match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            other => {
                parsed.skipped.push(SourceProblem::new(
                    place,
                    key,
                    format!("{other} is not a price"),
                ));
                continue;
            }
        };
        match price(&written, &place, key) {
            Ok(p) if p > 0.0 => parsed.quotes.push(Quote {
                gpu: sku.split('.').next().map(str::to_string),
                sku,
                count: None,
                vcpus: None,
                ram_gb: None,
                region: "global".into(),
                term: Term::OnDemand,
                price: p,
                price_high: None,
                currency: Currency::Usd,
                unit: PriceUnit::InstanceHour,
                line: n + 1,
                note: None,
                cited: None,
            }),
            Ok(_) => {}
            Err(problem) => parsed.skipped.push(problem),
        }
    }
    Ok(parsed)
}

/// The instance type a billing key prices, when it is a GPU instance's running price.
fn gpu_instance(key: &str) -> Option<String> {
    let name = key.strip_prefix("running_")?;
    let (family, size) = SIZES.iter().find_map(|size| {
        let family = name.strip_suffix(size)?.strip_suffix('_')?;
        Some((family, *size))
    })?;
    family
        .starts_with("gpu")
        .then(|| format!("{}.{}", family.replace('_', ""), size.replace('_', "-")))
}

#[cfg(test)]
mod tests {
    use super::gpu_instance;

    #[test]
    fn billing_keys_name_instance_types_as_exoscale_does() {
        assert_eq!(gpu_instance("running_gpu3_small").unwrap(), "gpu3.small");
        assert_eq!(
            gpu_instance("running_gpu_a5000_large").unwrap(),
            "gpua5000.large"
        );
        assert_eq!(gpu_instance("running_gpu_huge").unwrap(), "gpu.huge");
        assert_eq!(gpu_instance("running_cpu_extra_large"), None);
        assert_eq!(gpu_instance("running_small"), None);
        assert_eq!(gpu_instance("volume"), None);
    }
}
