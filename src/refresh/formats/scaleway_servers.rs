//! Scaleway's public Instance type list, `GET https://api.scaleway.com/instance/v1/zones/<zone>/
//! products/servers` (no key needed: the products endpoints answer without a token). One page
//! of a zone's commercial types: `servers` maps each type's name (`H100-SXM-8-80G`,
//! `L40S-1-48G`, `RENDER-S`) to its specs — `ncpus`, `ram` in bytes, `gpu` (how many GPUs),
//! `gpu_info.gpu_name` (`H100-SXM`, `L4`, `P100`) — and its `hourly_price` in EUR excl. VAT
//! (`monthly_price` is the same figure times 730, not a second price, and is not read).
//!
//! The document does not name its zone (the address does), so every quote's region is
//! [`ZONE`], which a feed maps onto its zone (`region_map = { "*" = "fr-par-2" }`). Types
//! without a GPU are passed over; a GPU type whose price or GPU count is missing or not a
//! number is named, never guessed.

use catalog::{Currency, PriceUnit, Term};

use crate::quote::{checked_price, paid_price, Parsed, Quote, SourceProblem};

/// The region every quote carries until the feed's `region_map` names the zone it asked for.
pub const ZONE: &str = "requested-zone";

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let what = "a Scaleway products/servers page";
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        SourceProblem::new(format!("line {}", e.line()), "", format!("not {what}: {e}"))
    })?;
    let Some(servers) = doc.get("servers").and_then(|v| v.as_object()) else {
        return Err(SourceProblem::new(
            "file",
            "servers",
            format!("not {what}: no servers object"),
        ));
    };
    let mut parsed = Parsed::default();
    for (n, (name, spec)) in servers.iter().enumerate() {
        let place = format!("server {name}");
        let number = |field: &str| spec.get(field).and_then(|v| v.as_f64());
        let count = match spec.get("gpu") {
            None | Some(serde_json::Value::Null) => continue,
            Some(v) => match v.as_f64() {
                Some(c) if c.is_finite() && c >= 0.0 => c,
                _ => {
                    parsed.skipped.push(SourceProblem::new(
                        place,
                        "gpu",
                        format!("{v} is not a GPU count"),
                    ));
                    continue;
                }
            },
        };
        if count == 0.0 {
            continue;
        }
        let gpu = spec
            .get("gpu_info")
            .and_then(|i| i.get("gpu_name"))
            .and_then(|g| g.as_str())
            .filter(|g| !g.trim().is_empty())
            .map(|g| g.trim().to_string());
        let price = match spec.get("hourly_price") {
            Some(serde_json::Value::Number(p)) => match p.as_f64() {
                Some(p) => checked_price(p, &place, "hourly_price"),
                None => Err(SourceProblem::new(
                    &place,
                    "hourly_price",
                    format!("{p} is not a price"),
                )),
            },
            Some(other) => Err(SourceProblem::new(
                &place,
                "hourly_price",
                format!("{other} is not a price"),
            )),
            None => Err(SourceProblem::new(&place, "hourly_price", "missing")),
        };
        let Some(price) = paid_price(
            price,
            &place,
            "hourly_price",
            "a GPU type",
            &mut parsed.skipped,
        ) else {
            continue;
        };
        parsed.quotes.push(Quote {
            sku: name.clone(),
            gpu,
            count: Some(count),
            vcpus: number("ncpus").filter(|v| v.is_finite() && *v > 0.0),
            ram_gb: number("ram")
                .filter(|v| v.is_finite() && *v > 0.0)
                .map(|bytes| bytes / (1u64 << 30) as f64),
            region: ZONE.into(),
            term: Term::OnDemand,
            price,
            price_high: None,
            currency: Currency::Eur,
            unit: PriceUnit::InstanceHour,
            line: n + 1,
            note: None,
            cited: None,
        });
    }
    Ok(parsed)
}
