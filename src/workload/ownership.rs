//! Buying versus renting: what an hour of an owned GPU costs, the use at which owning beats a
//! rented price, and cumulative cost over the months for every option, for the charts.
//!
//! ```text
//! cost per hour of use = (purchase + host share) / (years × 8,760 h) / utilisation
//!                      + yearly maintenance / 8,760 h / utilisation
//!                      + (GPU W + host W) × PUE / 1000 × price per kWh
//! ```
//!
//! Energy is counted only while the GPU works; an idle owned GPU draws little by comparison.
//! Everything is per GPU: divide an instance's rented price by its GPU count to compare.

use serde::{Deserialize, Serialize};

use super::commitment::{month_hours, usable, TermPrices};
use super::sources::{Source, NVIDIA_DGX_H100, UPTIME_2023};
use catalog::{Term, HOURS_PER_YEAR};

/// Power usage effectiveness when the user gives none: the industry average of the Uptime
/// Institute survey 2023 (1.58; flat at 1.55–1.59 since about 2020). New AI halls do better.
pub const DEFAULT_PUE: f64 = 1.58;
/// Source of [`DEFAULT_PUE`].
pub const DEFAULT_PUE_SOURCE: Source = UPTIME_2023;
/// Host power per GPU of an 8-GPU H100 server: DGX H100 draws about 10.2 kW at most, of which
/// 8 × 700 W are GPUs, leaving (10,200 − 5,600) / 8 = 575 W per GPU for CPUs, memory, network
/// and fans. A ceiling for an estimate, offered to callers.
pub const DGX_H100_HOST_WATTS_PER_GPU: f64 = (10_200.0 - 8.0 * 700.0) / 8.0;
/// Source of [`DGX_H100_HOST_WATTS_PER_GPU`].
pub const DGX_H100_SOURCE: Source = NVIDIA_DGX_H100;
/// Longest cumulative series computed, in months.
pub const MAX_MONTHS: u32 = 120;

/// Owning one GPU.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Ownership {
    pub purchase_per_gpu: f64,
    /// The server, networking and installation, per GPU (a server's price ÷ its GPUs).
    pub host_per_gpu: f64,
    /// Measured draw of the GPU under load, W; `None`: its TDP.
    pub power_per_gpu_w: Option<f64>,
    pub tdp_w: Option<f64>,
    /// Host draw per GPU, W (see [`DGX_H100_HOST_WATTS_PER_GPU`]).
    pub host_power_per_gpu_w: f64,
    pub electricity_per_kwh: f64,
    pub pue: f64,
    /// Depreciation period.
    pub years: f64,
    /// Yearly maintenance and support as a share of the purchase (0.1 = 10% a year).
    pub maintenance_per_year: f64,
}

impl Default for Ownership {
    fn default() -> Ownership {
        Ownership {
            purchase_per_gpu: 0.0,
            host_per_gpu: 0.0,
            power_per_gpu_w: None,
            tdp_w: None,
            host_power_per_gpu_w: 0.0,
            electricity_per_kwh: 0.0,
            pue: DEFAULT_PUE,
            years: 3.0,
            maintenance_per_year: 0.0,
        }
    }
}

fn sane(x: f64) -> Option<f64> {
    usable(Some(x))
}

impl Ownership {
    /// Money paid upfront for one GPU and its share of the host.
    pub fn capex(&self) -> Option<f64> {
        let capex = sane(self.purchase_per_gpu)? + sane(self.host_per_gpu)?;
        capex.is_finite().then_some(capex)
    }

    /// Cost per wall-clock hour whether used or not: depreciation plus maintenance.
    pub fn fixed_per_hour(&self) -> Option<f64> {
        let years = sane(self.years).filter(|y| *y > 0.0)?;
        let capex = self.capex()?;
        let per_hour = capex / (years * HOURS_PER_YEAR)
            + sane(self.maintenance_per_year)? * capex / HOURS_PER_YEAR;
        per_hour.is_finite().then_some(per_hour)
    }

    /// Electricity per hour of use, PUE included.
    pub fn energy_per_used_hour(&self) -> Option<f64> {
        let gpu = usable(self.power_per_gpu_w.or(self.tdp_w))?;
        let watts = gpu + sane(self.host_power_per_gpu_w)?;
        let pue = sane(self.pue).filter(|p| *p >= 1.0)?;
        let cost = watts * pue / 1_000.0 * sane(self.electricity_per_kwh)?;
        cost.is_finite().then_some(cost)
    }

    /// Cost per hour the GPU is actually used, at a utilisation in (0, 1].
    pub fn cost_per_used_hour(&self, utilisation: f64) -> Option<f64> {
        let u = sane(utilisation).filter(|u| *u > 0.0 && *u <= 1.0)?;
        let cost = self.fixed_per_hour()? / u + self.energy_per_used_hour()?;
        cost.is_finite().then_some(cost)
    }

    /// Utilisation above which owning costs less per used hour than renting at
    /// `rent_per_hour`; `None` if it never does.
    pub fn break_even_utilisation(&self, rent_per_hour: f64) -> Option<f64> {
        let margin = sane(rent_per_hour)? - self.energy_per_used_hour()?;
        if margin <= 0.0 {
            return None;
        }
        let u = self.fixed_per_hour()? / margin;
        (u.is_finite() && u <= 1.0).then_some(u)
    }

    /// Money spent per month of ownership besides the purchase: maintenance and energy.
    fn running_per_month(&self, hours_per_month: f64) -> Option<f64> {
        let maintenance = sane(self.maintenance_per_year)? * self.capex()? / 12.0;
        let cost = maintenance + month_hours(hours_per_month) * self.energy_per_used_hour()?;
        cost.is_finite().then_some(cost)
    }
}

/// A rent-or-buy comparison: one GPU used `hours_per_month`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Plan {
    pub hours_per_month: f64,
    /// Rented prices per GPU.
    pub prices: TermPrices,
    /// Expected spot hours ÷ plain hours (1 = no interruptions).
    pub spot_overhead: f64,
    pub own: Option<Ownership>,
}

/// How the GPU is had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Acquisition {
    Rent(Term),
    Buy,
}

/// Cumulative cost after each month, index 0 = month 0 (a purchase is paid then).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CostSeries {
    pub acquisition: Acquisition,
    pub cumulative: Vec<f64>,
}

/// Cumulative cost over `months` (at most [`MAX_MONTHS`]) of every priced term, and of buying
/// if the ownership costs are known. A bought GPU is bought again when its depreciation
/// period has passed.
pub fn cumulative_costs(plan: &Plan, months: u32) -> Vec<CostSeries> {
    let months = months.min(MAX_MONTHS);
    let mut series: Vec<CostSeries> = plan
        .prices
        .terms()
        .into_iter()
        .filter_map(|term| {
            let monthly =
                plan.prices
                    .monthly_cost(term, plan.hours_per_month, plan.spot_overhead)?;
            let cumulative: Vec<f64> = (0..=months).map(|m| f64::from(m) * monthly).collect();
            cumulative
                .iter()
                .all(|c| c.is_finite())
                .then_some(CostSeries {
                    acquisition: Acquisition::Rent(term),
                    cumulative,
                })
        })
        .collect();
    if let Some(buy) = plan
        .own
        .as_ref()
        .and_then(|own| buy_series(own, plan.hours_per_month, months))
    {
        series.push(buy);
    }
    series
}

fn buy_series(own: &Ownership, hours_per_month: f64, months: u32) -> Option<CostSeries> {
    let capex = own.capex()?;
    let running = own.running_per_month(hours_per_month)?;
    let life_months = sane(own.years).filter(|y| *y > 0.0)? * 12.0;
    let purchases = |m: u32| {
        if m == 0 {
            1.0
        } else {
            (f64::from(m) / life_months).ceil()
        }
    };
    let cumulative: Vec<f64> = (0..=months)
        .map(|m| purchases(m) * capex + f64::from(m) * running)
        .collect();
    cumulative
        .iter()
        .all(|c| c.is_finite())
        .then_some(CostSeries {
            acquisition: Acquisition::Buy,
            cumulative,
        })
}

/// When buying catches up with one rented term.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BreakEvenMonth {
    pub against: Term,
    /// Months until the purchase has paid for itself; `None` if not within its depreciation
    /// period (renting stays cheaper).
    pub month: Option<f64>,
}

/// The month buying breaks even against each priced term; empty if ownership is unknown.
pub fn break_even_months(plan: &Plan) -> Vec<BreakEvenMonth> {
    let Some(own) = plan.own.as_ref() else {
        return Vec::new();
    };
    let (Some(capex), Some(running), Some(years)) = (
        own.capex(),
        own.running_per_month(plan.hours_per_month),
        sane(own.years).filter(|y| *y > 0.0),
    ) else {
        return Vec::new();
    };
    plan.prices
        .terms()
        .into_iter()
        .filter_map(|term| {
            let rent = plan
                .prices
                .monthly_cost(term, plan.hours_per_month, plan.spot_overhead)?;
            let saving = rent - running;
            let month = (saving > 0.0)
                .then(|| capex / saving)
                .filter(|m| m.is_finite() && *m <= years * 12.0);
            Some(BreakEvenMonth {
                against: term,
                month,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h100() -> Ownership {
        Ownership {
            purchase_per_gpu: 25_000.0,
            host_per_gpu: 5_000.0,
            power_per_gpu_w: Some(700.0),
            electricity_per_kwh: 0.10,
            pue: 1.5,
            years: 3.0,
            ..Ownership::default()
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn capital_cost_per_hour_at_full_use() {
        // 30,000 / (3 × 8,760) = 30,000 / 26,280 = 1.14155/h.
        assert!(close(h100().fixed_per_hour().unwrap(), 30_000.0 / 26_280.0));
        assert!((h100().fixed_per_hour().unwrap() - 1.141_55).abs() < 1e-5);
    }

    #[test]
    fn energy_per_hour_with_pue() {
        // 0.7 kW × 1.5 × 0.10 = 0.105/h.
        assert!(close(h100().energy_per_used_hour().unwrap(), 0.105));
        let with_host = Ownership {
            host_power_per_gpu_w: 300.0,
            ..h100()
        };
        assert!(close(with_host.energy_per_used_hour().unwrap(), 0.15));
        let from_tdp = Ownership {
            power_per_gpu_w: None,
            tdp_w: Some(700.0),
            ..h100()
        };
        assert!(close(from_tdp.energy_per_used_hour().unwrap(), 0.105));
        let unknown = Ownership {
            power_per_gpu_w: None,
            ..h100()
        };
        assert_eq!(unknown.energy_per_used_hour(), None);
    }

    #[test]
    fn cost_per_used_hour_rises_as_use_falls() {
        let full = h100().cost_per_used_hour(1.0).unwrap();
        assert!(close(full, 30_000.0 / 26_280.0 + 0.105));
        let half = h100().cost_per_used_hour(0.5).unwrap();
        assert!(close(half, 2.0 * 30_000.0 / 26_280.0 + 0.105));
        assert_eq!(h100().cost_per_used_hour(0.0), None);
        assert_eq!(h100().cost_per_used_hour(1.5), None);
        let maintained = Ownership {
            maintenance_per_year: 0.1,
            ..h100()
        };
        assert!(close(
            maintained.fixed_per_hour().unwrap(),
            30_000.0 / 26_280.0 + 3_000.0 / 8_760.0
        ));
    }

    #[test]
    fn break_even_utilisation_against_a_rented_hour() {
        // Rent 2.50/h: 1.14155 / (2.50 − 0.105) = 0.47664.
        let u = h100().break_even_utilisation(2.5).unwrap();
        assert!(close(u, (30_000.0 / 26_280.0) / 2.395));
        // At 1.00/h owning never pays within its life.
        assert_eq!(h100().break_even_utilisation(1.0), None);
        assert_eq!(h100().break_even_utilisation(0.05), None);
    }

    fn plan() -> Plan {
        Plan {
            hours_per_month: 730.0,
            prices: TermPrices {
                on_demand: Some(2.5),
                reserved_1y: Some(1.8),
                ..TermPrices::default()
            },
            spot_overhead: 1.0,
            own: Some(h100()),
        }
    }

    #[test]
    fn cumulative_series_start_with_the_purchase() {
        let series = cumulative_costs(&plan(), 36);
        assert_eq!(series.len(), 3);
        let buy = series
            .iter()
            .find(|s| s.acquisition == Acquisition::Buy)
            .unwrap();
        assert_eq!(buy.cumulative.len(), 37);
        assert_eq!(buy.cumulative[0], 30_000.0);
        // Month 12: 30,000 + 12 × 730 × 0.105 = 30,919.8.
        assert!(close(buy.cumulative[12], 30_919.8));
        let on_demand = series
            .iter()
            .find(|s| s.acquisition == Acquisition::Rent(Term::OnDemand))
            .unwrap();
        assert!(close(on_demand.cumulative[12], 12.0 * 730.0 * 2.5));
        // A second GPU is bought once the first is written off.
        let long = cumulative_costs(&plan(), 37);
        let buy = long
            .iter()
            .find(|s| s.acquisition == Acquisition::Buy)
            .unwrap();
        assert!(buy.cumulative[37] - buy.cumulative[36] > 29_000.0);
        assert_eq!(cumulative_costs(&plan(), u32::MAX)[0].cumulative.len(), 121);
    }

    #[test]
    fn break_even_months_against_each_term() {
        let even = break_even_months(&plan());
        // On-demand: 30,000 / (730 × (2.5 − 0.105)) = 17.16 months.
        let od = even.iter().find(|b| b.against == Term::OnDemand).unwrap();
        assert!(close(od.month.unwrap(), 30_000.0 / (730.0 * 2.395)));
        let reserved = even.iter().find(|b| b.against == Term::Reserved1y).unwrap();
        assert!(close(
            reserved.month.unwrap(),
            30_000.0 / (730.0 * (1.8 - 0.105))
        ));
        let idle = Plan {
            hours_per_month: 50.0,
            ..plan()
        };
        let od = break_even_months(&idle)
            .into_iter()
            .find(|b| b.against == Term::OnDemand)
            .unwrap();
        assert_eq!(
            od.month, None,
            "50 h a month never repays 30,000 in three years"
        );
    }
}
