//! The calculator applied to the table: what the user's job needs and costs on each offer.
//!
//! [`workload`](workload) estimates one job on one piece of hardware at one price;
//! this module reads both from an explorer row (its accelerator's specs, the offer's fabric,
//! the quote's price in the view's currency) and keeps the few figures the table shows, so a
//! view change re-estimates once per row and sorting reads the result.

use crate::explorer::Entry;
use crate::pricing::{Quote, Rates};
use catalog::fabric::{self, Basis};
use catalog::{Interruption, Term};
use workload::{
    estimate, estimate_numbers,
    spot::{per_hour_from_monthly_share, DEFAULT_INTERRUPTIONS_PER_HOUR},
    Deadline, Estimate, Fit, Hardware, Inside, Job, PriceInput,
};

/// The job on one offer, as the table's job columns show it.
#[derive(Debug, Clone, PartialEq)]
pub struct JobFigures {
    pub fit: Fit,
    /// Instances the figures assume: those that meet the deadline, else the fewest that hold
    /// the job.
    pub instances: Option<u32>,
    /// Hours one run takes (training and fine-tuning).
    pub wall_hours: Option<f64>,
    /// Output tokens per second per instance (serving).
    pub tokens_per_second: Option<f64>,
    /// All runs (serving: one day), in the view's currency, with billing rounding and, on
    /// spot, the expected rework after interruptions.
    pub cost: Option<f64>,
    /// Serving: per million output tokens at the requested volume.
    pub per_million_tokens: Option<f64>,
    /// A deadline was set and this offer, though it holds the job, cannot meet it (too slow
    /// on the most instances considered, or it needs instances the offer cannot cluster).
    pub deadline_missed: bool,
    /// A deadline was set and this offer meets it.
    pub deadline_met: bool,
    /// Serving: the day's load in instance-hours, and the instances one copy of the model
    /// spans (a day at another volume is billed from these, `present::serving_choice`).
    pub busy_hours: Option<f64>,
    pub copy_instances: Option<u32>,
}

impl JobFigures {
    /// The job cannot run on this offer.
    pub fn does_not_fit(&self) -> bool {
        matches!(self.fit, Fit::DoesNotFit { .. })
    }
}

/// What one instance of the offer has, for the calculator.
pub fn hardware(entry: &Entry<'_>) -> Hardware {
    let specs = entry.accelerator.map(|a| &a.specs);
    let offer = entry.offer;
    Hardware {
        accelerators: entry.divisors.accelerators,
        memory_per_accelerator_gb: specs.and_then(|s| s.memory_gb),
        bandwidth_per_accelerator_gbs: specs.and_then(|s| s.memory_bandwidth_gbs),
        bf16_tflops: specs.and_then(|s| s.bf16_tflops),
        fp16_tflops: specs.and_then(|s| s.fp16_tflops),
        fp8_tflops: specs.and_then(|s| s.fp8_tflops),
        release_year: entry.accelerator.and_then(|a| a.release_year),
        architecture: entry.accelerator.and_then(|a| a.architecture.clone()),
        inside: match fabric::inside_link(offer, entry.accelerator) {
            Some(link) if link.is_direct() => Inside::Direct {
                derived: link.basis == Basis::FormFactor,
            },
            Some(_) => Inside::Pcie,
            None => Inside::NotStated,
        },
        between: fabric::network(offer),
        multi_node: offer.multi_node == Some(true),
        multi_node_not_stated: offer.multi_node.is_none(),
    }
}

/// The quote as the calculator's price: per instance-hour in the view's currency, with the
/// billing increment; a spot quote carries the interruption rate of the band its source
/// reported for this very price, else the default rate as the stated fallback.
pub fn price_input(entry: &Entry<'_>, quote: &Quote, rates: &Rates) -> Option<PriceInput> {
    let per_hour = quote
        .native_per_hour
        .and_then(|p| rates.convert(p, quote.native_currency, quote.currency))?;
    let (rate, basis) = match (quote.term, interruption_of(entry, quote)) {
        (Term::Spot, Some(reported)) => {
            let share = reported.band.monthly_share();
            (
                per_hour_from_monthly_share(share).or(Some(DEFAULT_INTERRUPTIONS_PER_HOUR)),
                Some(format!(
                    "{} of instances interrupted a month, per {} on {}",
                    reported.band.label(),
                    reported.source,
                    reported.as_of
                )),
            )
        }
        (Term::Spot, None) => (Some(DEFAULT_INTERRUPTIONS_PER_HOUR), None),
        _ => (None, None),
    };
    Some(PriceInput {
        per_instance_hour: per_hour,
        billing_seconds: quote
            .billing
            .or(entry.provider.billing_increment)
            .map(|b| b.seconds()),
        minimum_charge_seconds: None,
        scales_to_zero: quote.term == Term::Serverless,
        spot_interruptions_per_hour: rate,
        spot_interruption_basis: basis,
    })
}

/// The interruption band a live source reported for the quote's own price row.
fn interruption_of<'a>(entry: &'a Entry<'_>, quote: &Quote) -> Option<&'a Interruption> {
    entry
        .offer
        .prices
        .iter()
        .find(|p| p.term == quote.term && p.region == quote.region)?
        .live
        .interruption
        .as_ref()
}

/// The full estimate (with its assumptions), for the detail view.
pub fn estimate_row(
    job: &Job,
    entry: &Entry<'_>,
    quote: Option<&Quote>,
    rates: &Rates,
) -> Estimate {
    let price = quote.and_then(|q| price_input(entry, q, rates));
    estimate(job, &hardware(entry), price)
}

/// The table's figures for `job` on a row: the numbers of [`estimate_row`], which the table
/// works out for every offer, without the assumptions only the detail view shows.
pub fn figures(job: &Job, entry: &Entry<'_>, quote: Option<&Quote>, rates: &Rates) -> JobFigures {
    let price = quote.and_then(|q| price_input(entry, q, rates));
    let e = estimate_numbers(job, &hardware(entry), price);
    let (instances, wall_hours, cost) = match e.deadline {
        Deadline::Met {
            instances,
            wall_hours,
            cost,
        } => (Some(instances), Some(wall_hours), cost),
        _ => (e.instances, e.wall_hours, e.cost),
    };
    let serving = job.workload.is_inference();
    let holds = !matches!(e.fit, Fit::DoesNotFit { .. });
    let deadline_missed =
        holds && matches!(e.deadline, Deadline::Unreachable | Deadline::NeedsMultiNode);
    let deadline_met = matches!(e.deadline, Deadline::Met { .. });
    JobFigures {
        fit: e.fit,
        instances,
        wall_hours: (!serving).then_some(wall_hours).flatten(),
        tokens_per_second: e.tokens_per_second,
        cost,
        per_million_tokens: e.cost_per_million_tokens,
        deadline_missed,
        deadline_met,
        busy_hours: serving.then_some(e.instance_hours).flatten(),
        copy_instances: serving.then_some(e.instances).flatten(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use crate::view::state::ViewState;
    use catalog::fx::Fx;
    use workload::Preset;

    #[test]
    fn sorting_by_fit_is_a_total_order_whatever_order_the_rows_come_in() {
        use crate::explorer::sort_order;
        use crate::view::columns::{Column, Direction, Sort};
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let state = ViewState {
            job: Some(Preset::LoraFineTune7b.job()),
            ..ViewState::default()
        };
        let today = catalog::AsOf::day(2026, 11, 30);
        let rows = explorer.show(&state, &rates, &today).rows;
        // Known fits, "does not fit" and unknown fits (no specs) are all present.
        let fits: Vec<_> = rows.iter().map(|r| Column::JobFit.cell(r)).collect();
        assert!(fits.iter().any(|c| c.number().is_none()), "an unknown fit");
        assert!(fits.iter().any(|c| c.number().is_some()), "a known fit");
        for direction in [Direction::Ascending, Direction::Descending] {
            let sort = Sort {
                column: Column::JobFit,
                direction,
            };
            let ids = |rows: &[crate::explorer::Row<'_>]| {
                sort_order(rows, sort)
                    .into_iter()
                    .map(|i| rows[i].entry.offer.id.clone())
                    .collect::<Vec<_>>()
            };
            let mut reversed = rows.clone();
            reversed.reverse();
            let mut shuffled = rows.clone();
            shuffled.rotate_left(rows.len() / 3);
            let forward = ids(&rows);
            assert_eq!(forward, ids(&reversed), "{direction:?}");
            assert_eq!(forward, ids(&shuffled), "{direction:?}");
            // Unknown fits come after every known one, in both directions.
            let first_unknown = forward
                .iter()
                .position(|id| {
                    let row = rows.iter().find(|r| r.entry.offer.id == *id).unwrap();
                    Column::JobFit.cell(row).number().is_none()
                })
                .unwrap();
            assert!(forward[first_unknown..].iter().all(|id| {
                let row = rows.iter().find(|r| r.entry.offer.id == *id).unwrap();
                Column::JobFit.cell(row).number().is_none()
            }));
        }
    }

    /// The table's figures skip the assumptions (`estimate_numbers`); everything else must be
    /// the detail's full estimate, for every preset, with and without a deadline, on every
    /// offer the table shows on demand, on spot and serverless.
    #[test]
    fn the_tables_figures_are_the_full_estimates_numbers() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let today = catalog::AsOf::day(2026, 11, 30);
        let mut compared = 0;
        let mut with_assumptions = 0;
        for preset in Preset::ALL {
            for deadline in [None, Some(2.0)] {
                let job = Job {
                    deadline_hours: deadline,
                    ..preset.job()
                };
                for term in [Term::OnDemand, Term::Spot, Term::Serverless] {
                    let state = ViewState {
                        term,
                        job: Some(job.clone()),
                        ..ViewState::default()
                    };
                    for row in explorer.show(&state, &rates, &today).rows {
                        let quote = row.quote.as_ref();
                        let full = estimate_row(&job, row.entry, quote, &rates);
                        let price = quote.and_then(|q| price_input(row.entry, q, &rates));
                        let numbers = estimate_numbers(&job, &hardware(row.entry), price);
                        assert!(numbers.assumptions.is_empty(), "{}", row.entry.offer.id);
                        with_assumptions += usize::from(!full.assumptions.is_empty());
                        let without = Estimate {
                            assumptions: Vec::new(),
                            ..full
                        };
                        assert_eq!(numbers, without, "{} {term:?}", row.entry.offer.id);
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared} estimates compared");
        assert!(
            with_assumptions > compared / 2,
            "{with_assumptions} had assumptions"
        );
    }

    #[test]
    fn a_7b_lora_fits_one_24gb_l4_but_not_one_16gb_t4() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let job = Preset::LoraFineTune7b.job();
        let state = ViewState::default();
        let on = |id: &str| {
            let row = explorer.row(id, &state, &rates).unwrap();
            figures(&job, row.entry, row.quote.as_ref(), &rates)
        };
        let l4 = on("gcp/g2-standard-8");
        assert!(matches!(l4.fit, Fit::OneAccelerator), "{:?}", l4.fit);
        assert!(l4.cost.unwrap() > 0.0 && l4.wall_hours.unwrap() > 0.0);
        // 14 GB of 16-bit weights plus activations leave a 16 GB T4 short: it takes two, and
        // as AWS does not say g4dn clusters, that is an assumption, marked, not a "no".
        assert!(
            matches!(
                on("aws/g4dn.xlarge").fit,
                Fit::Instances {
                    instances: 2..,
                    clustering_assumed: true,
                    ..
                }
            ),
            "{:?}",
            on("aws/g4dn.xlarge").fit
        );
        // Eight H100s finish sooner than one L4.
        let h100 = on("aws/p5.48xlarge");
        assert!(h100.wall_hours.unwrap() < l4.wall_hours.unwrap());
    }

    #[test]
    fn a_70b_full_fine_tune_takes_a_hundred_t4s_on_a_stated_clustering_assumption() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let mut job = Preset::LoraFineTune7b.job();
        if let workload::Workload::FineTune {
            params_b, method, ..
        } = &mut job.workload
        {
            *params_b = 70.0;
            *method = workload::FineTuneMethod::Full;
        }
        let row = explorer
            .row("aws/g4dn.xlarge", &ViewState::default(), &rates)
            .unwrap();
        let f = figures(&job, row.entry, row.quote.as_ref(), &rates);
        assert!(
            matches!(
                f.fit,
                Fit::Instances {
                    instances: 100..,
                    clustering_assumed: true,
                    ..
                }
            ),
            "{:?}",
            f.fit
        );
        assert!(f.cost.is_some(), "costed on the assumption");
        let estimate = estimate_row(&job, row.entry, row.quote.as_ref(), &rates);
        assert!(estimate
            .assumptions
            .iter()
            .any(|a| a.name.starts_with("Several instances clustered")));
        // An offer that states it does not cluster is still a "does not fit".
        let mut offer = row.entry.offer.clone();
        offer.multi_node = Some(false);
        let entry = Entry {
            offer: &offer,
            ..row.entry.clone()
        };
        let f = figures(&job, &entry, row.quote.as_ref(), &rates);
        assert!(f.does_not_fit(), "{:?}", f.fit);
        assert_eq!(f.cost, None, "no cost for a job that cannot run");
    }

    #[test]
    fn spot_costs_more_than_its_hourly_price_alone_says() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let job = Preset::Pretrain1bChinchilla.job();
        let state = ViewState {
            term: Term::Spot,
            ..ViewState::default()
        };
        let row = explorer.row("aws/p5.48xlarge", &state, &rates).unwrap();
        let quote = row.quote.clone().unwrap();
        let spot = figures(&job, row.entry, Some(&quote), &rates);
        let mut plain = quote.clone();
        plain.term = Term::OnDemand;
        let naive = figures(&job, row.entry, Some(&plain), &rates);
        assert!(spot.cost.unwrap() > naive.cost.unwrap());
    }
}

#[cfg(test)]
mod unknown_is_not_no {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use crate::view::state::ViewState;
    use catalog::fx::Fx;
    use workload::Preset;

    /// A 405B pre-training run needs many 8×H100 instances. An offer silent about clustering
    /// gets a number on the stated assumption that it clusters; only an offer that says it
    /// does not is refused for it (the catalog states no such offer today).
    #[test]
    fn every_8x_h100_offer_gets_a_number_for_a_405b_run_unless_it_says_it_cannot_cluster() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let mut job = Preset::Pretrain7b1t.job();
        if let workload::Workload::Training { params_b, .. } = &mut job.workload {
            *params_b = 405.0;
        }
        let state = ViewState::default();
        let (mut stated, mut assumed) = (0, 0);
        for entry in explorer.entries.iter().filter(|e| {
            e.offer.count == 8.0 && e.accelerator.is_some_and(|a| a.id == "h100-sxm5-80gb")
        }) {
            let Some(row) = explorer.row(&entry.offer.id, &state, &rates) else {
                continue;
            };
            let f = figures(&job, row.entry, row.quote.as_ref(), &rates);
            match f.fit {
                Fit::Instances {
                    clustering_assumed, ..
                } => {
                    assert_eq!(clustering_assumed, entry.offer.multi_node.is_none());
                    if clustering_assumed {
                        assumed += 1;
                    } else {
                        stated += 1;
                    }
                }
                Fit::DoesNotFit { .. } => {
                    assert_eq!(entry.offer.multi_node, Some(false), "{}", entry.offer.id)
                }
                other => panic!("{}: {other:?}", entry.offer.id),
            }
        }
        assert!(
            assumed > 0 && stated > 0,
            "stated {stated}, assumed {assumed}"
        );
    }
}

/// End to end on the bundled catalog: an AWS spot price's rework is figured with the band the
/// Spot Instance Advisor reported for that very price (`catalog/live/aws.csv`, compared here
/// with a plain reading of the file), the offer detail says it, and a spot price without a
/// band gets the default rate, labelled as the fallback.
#[cfg(test)]
mod reported_bands {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use crate::pricing::RegionChoice;
    use crate::view::state::ViewState;
    use catalog::fx::Fx;
    use catalog::{AsOf, Lang};
    use workload::Preset;

    const LIVE: &str = include_str!("../../../catalog/live/aws.csv");

    /// (offer, region, band label, as_of) of every interruption row of the file.
    fn bands() -> Vec<(&'static str, &'static str, &'static str, &'static str)> {
        LIVE.lines()
            .skip(1)
            .map(|l| l.split(',').collect::<Vec<_>>())
            .filter(|c| c[2] == "spot" && c[3] == "interruption")
            .map(|c| (c[0], c[1], c[4], c[5]))
            .collect()
    }

    /// A second, simple computation: the band's upper end (">20%": its stated 20 %) as the
    /// share of instances interrupted in 730 hours, as a Poisson rate per hour.
    fn rate(label: &str) -> f64 {
        let share = match label {
            "<5%" => 0.05,
            "5-10%" => 0.10,
            "10-15%" => 0.15,
            "15-20%" | ">20%" => 0.20,
            other => panic!("{other} is no band"),
        };
        -(1.0f64 - share).ln() / 730.0
    }

    fn spot_in(region: &str) -> ViewState {
        ViewState {
            term: Term::Spot,
            job: Some(Preset::LoraFineTune7b.job()),
            regions: RegionChoice {
                regions: [format!("aws/{region}")].into(),
                ..RegionChoice::default()
            },
            ..ViewState::default()
        }
    }

    #[test]
    fn every_aws_spot_price_with_a_band_is_reworked_at_that_band() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let bands = bands();
        assert!(bands.len() > 300, "{} bands in live/aws.csv", bands.len());
        let (mut costed, mut unpriced) = (0, 0);
        for (offer, region, label, as_of) in bands {
            let id = format!("aws/{offer}");
            let state = spot_in(region);
            let row = explorer.row(&id, &state, &rates).unwrap();
            let quote = row.quote.as_ref().unwrap();
            assert_eq!((quote.term, &*quote.region), (Term::Spot, region), "{id}");
            let entry = explorer.entry(&id).unwrap();
            // A spot price the catalog lists as sold but unpriced has a band and nothing to
            // cost (g5.48xlarge in ap-northeast-1); the band is still on its price row.
            let Some(price) = price_input(entry, quote, &rates) else {
                assert!(quote.native_per_hour.is_none(), "{id} {region}");
                unpriced += 1;
                continue;
            };
            costed += 1;
            assert_eq!(
                price.spot_interruptions_per_hour,
                Some(rate(label)),
                "{id} {region} {label}"
            );
            let basis = price.spot_interruption_basis.unwrap();
            assert!(
                basis.starts_with(&format!("{label} of instances interrupted a month")),
                "{basis}"
            );
            assert!(basis.ends_with(&format!(" on {as_of}")), "{basis}");
        }
        assert!(
            costed > 290 && unpriced < 10,
            "{costed} costed, {unpriced} unpriced"
        );
    }

    #[test]
    fn the_calculator_and_the_detail_say_the_band_and_the_fallback_is_labelled() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let job = Preset::LoraFineTune7b.job();
        let assumption = |id: &str, region: &str| {
            let state = spot_in(region);
            let row = explorer.row(id, &state, &rates).unwrap();
            let e = estimate_row(
                &job,
                explorer.entry(id).unwrap(),
                row.quote.as_ref(),
                &rates,
            );
            let said = e
                .assumptions
                .iter()
                .find(|a| a.name == "Spot interruptions per hour")
                .cloned()
                .expect("a spot estimate lists its interruption rate");
            (said, e.cost)
        };
        // p5.48xlarge in us-east-1: the file's band, by name, in the calculator's assumptions.
        let (_, _, label, as_of) = bands()
            .into_iter()
            .find(|(o, r, _, _)| *o == "p5.48xlarge" && *r == "us-east-1")
            .expect("live/aws.csv has p5.48xlarge in us-east-1");
        let (said, with_band) = assumption("aws/p5.48xlarge", "us-east-1");
        assert!(said.value.contains(label), "{}", said.value);
        assert!(
            said.source.contains("Spot Instance Advisor"),
            "{}",
            said.source
        );
        assert!(
            !said.value.starts_with("0 "),
            "the rate itself: {}",
            said.value
        );
        // The band changes the rework: the default rate (1/24 h) would cost more.
        let entry = explorer.entry("aws/p5.48xlarge").unwrap();
        let state = spot_in("us-east-1");
        let row = explorer.row("aws/p5.48xlarge", &state, &rates).unwrap();
        let mut fallback = price_input(entry, row.quote.as_ref().unwrap(), &rates).unwrap();
        fallback.spot_interruptions_per_hour = Some(DEFAULT_INTERRUPTIONS_PER_HOUR);
        fallback.spot_interruption_basis = None;
        let at_default = workload::estimate(&job, &hardware(entry), Some(fallback)).cost;
        assert!(
            with_band.unwrap() < at_default.unwrap(),
            "{with_band:?} vs {at_default:?}"
        );
        // The offer detail's line for that price: band, source, date.
        let price = entry
            .offer
            .prices
            .iter()
            .find(|p| p.term == Term::Spot && &*p.region == "us-east-1")
            .unwrap();
        let today = AsOf::parse("2026-12-06").unwrap();
        let lines = crate::present::live::sentences(&price.live, entry.provider, Lang::En, &today);
        let shown = label.replace('-', "–").replace('%', " %");
        assert!(
            lines[0].starts_with(&format!("Interruption: {shown} of spot instances")),
            "{lines:?}"
        );
        assert!(
            lines[0].contains("Spot Instance Advisor") && lines[0].contains(as_of),
            "{lines:?}"
        );
        // p5e.48xlarge in us-west-2 has a spot price but the advisor copy lists no p5e: the
        // default rate, said to be the fallback; and the detail says nothing of a band.
        assert!(!LIVE.contains("\np5e.48xlarge,us-west-2,spot,interruption"));
        let (said, _) = assumption("aws/p5e.48xlarge", "us-west-2");
        assert!(said.value.contains("fallback"), "{}", said.value);
        let p5e = explorer.entry("aws/p5e.48xlarge").unwrap();
        let price = p5e
            .offer
            .prices
            .iter()
            .find(|p| p.term == Term::Spot && &*p.region == "us-west-2")
            .unwrap();
        assert!(price.live.interruption.is_none());
        assert!(
            crate::present::live::sentences(&price.live, p5e.provider, Lang::En, &today).is_empty()
        );
    }
}
