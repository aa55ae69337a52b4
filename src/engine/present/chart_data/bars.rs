//! Cost-efficiency: what a unit of compute, memory or the user's job costs on each offer,
//! cheapest first, for the offers the view shows.

use crate::explorer::{metrics, Row};
use crate::present::i18n::{pick, Lang};
use crate::pricing::Rates;
use crate::view::chart_choices::Efficiency;
use catalog::format;
use catalog::AsOf;
use charts::{Bar, BarsData};

/// Bars drawn: the cheapest this many; the table alternative lists them all.
pub const TOP: usize = 15;

/// The cheapest offers for `efficiency` among `rows`, in the view's currency. Offers whose
/// value is unknown are left out of the chart (their number would be a guess).
pub fn efficiency_bars(
    rows: &[Row<'_>],
    efficiency: Efficiency,
    rates: &Rates,
    today: &AsOf,
    lang: Lang,
) -> BarsData {
    let mut currency = None;
    let mut bars: Vec<Bar> = rows
        .iter()
        .filter_map(|row| {
            let value = match efficiency {
                Efficiency::Job => row.job.as_ref()?.cost?,
                other => {
                    let m = metrics(row, rates, today)?;
                    currency = Some(m.currency);
                    match other {
                        Efficiency::PflopHour => m.price_per_bf16_pflop_hour?,
                        _ => m.price_per_gb_hour?,
                    }
                }
            };
            let currency = row.quote.as_ref()?.currency;
            Some(Bar {
                label: row.entry.label(),
                value: Some(value),
                value_text: Some(format::money(value, currency)),
            })
        })
        .collect();
    bars.sort_by(|a, b| a.value.unwrap_or(0.0).total_cmp(&b.value.unwrap_or(0.0)));
    let code = currency
        .or(rows
            .first()
            .and_then(|r| r.quote.as_ref())
            .map(|q| q.currency))
        .map_or("", |c| c.code());
    BarsData {
        title: format!(
            "{} {}",
            pick(lang, "Cheapest", "最便宜："),
            efficiency.label(lang)
        ),
        value_label: format!("{code} {}", efficiency.label(lang)),
        bars,
        highlight: None,
        sort: true,
        top_n: Some(TOP),
        words: super::words(lang, pick(lang, "Offer", "报价")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_are_the_known_values_cheapest_first() {
        super::super::with_default_view(|shown, _, rates, today| {
            let data = efficiency_bars(&shown.rows, Efficiency::PflopHour, rates, today, Lang::En);
            let values: Vec<f64> = data.bars.iter().map(|b| b.value.unwrap()).collect();
            assert!(values.len() > 50);
            assert!(values.windows(2).all(|w| w[0] <= w[1]));
            assert!(data.value_label.starts_with("USD"));
            // Without a job there is nothing to cost.
            let job = efficiency_bars(&shown.rows, Efficiency::Job, rates, today, Lang::En);
            assert!(job.bars.is_empty());
        });
    }
}
