//! Meta's published training runs, estimated the way a user gets them: a preset edited in the
//! calculator's form, then read off the table's rows of the real 8×A100-80GB SXM offers.
//!
//! The workload crate checks the 6·N·D model on bare hardware; these tests check the path the
//! UI takes (catalog row → form factor and network → calculator → table figures), where a
//! cross-server loss counted on top of a cluster-wide MFU once put Llama 2 70B at 1.9× its
//! reported GPU-hours.
//!
//! What each result depends on:
//! - the default A100 MFU (43 %, the median of the eight LLaMA 1 and Llama 2 runs, which
//!   implied 35–51 %);
//! - NVLink inside the instance: stated, or implied by the SXM form factor;
//! - for several instances (70B, or any deadline), an RDMA network (InfiniBand or EFA) like
//!   Meta's; over an unstated network the calculator assumes Ethernet and a third more time,
//!   so those offers are not held to the paper.

use crate::bundled;
use crate::explorer::{Explorer, JobFigures};
use crate::pricing::Rates;
use crate::view::job_form::{edit, Edit};
use crate::view::state::ViewState;
use catalog::fabric::{network, Network};
use catalog::fx::Fx;
use catalog::Catalog;
use workload::{Job, Preset};

/// Reported GPU-hours: Llama 2 (arXiv:2307.09288) Table 2; LLaMA (arXiv:2302.13971) Table 15.
const LLAMA_2_7B: f64 = 184_320.0;
const LLAMA_2_70B: f64 = 1_720_320.0;
const LLAMA_1_65B: f64 = 1_022_362.0;
const TOLERANCE: f64 = 0.15;

/// The job a user gets from "Pre-train 7B on 1T tokens" after typing these fields.
fn typed(fields: &[(&str, &str)]) -> Job {
    fields
        .iter()
        .fold(Preset::Pretrain7b1t.job(), |job, (key, text)| {
            match edit(&job, key, text) {
                Edit::Applied { job, .. } => job,
                Edit::Refused(problems) => panic!("{key}={text} refused: {problems:?}"),
            }
        })
}

/// Every 8×A100-80GB SXM offer with an on-demand price, and its job figures.
fn on_a100_boards(catalog: &Catalog, job: &Job) -> Vec<(String, JobFigures)> {
    let explorer = Explorer::new(catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let state = ViewState {
        job: Some(job.clone()),
        ..ViewState::default()
    };
    catalog
        .offers
        .iter()
        .filter(|o| o.accelerator.as_deref() == Some("a100-sxm4-80gb") && o.count == 8.0)
        .filter_map(|o| {
            let row = explorer.row(&o.id, &state, &rates)?;
            row.quote.as_ref()?.value?;
            Some((o.id.clone(), row.job?))
        })
        .collect()
}

fn gpu_hours(figures: &JobFigures) -> Option<f64> {
    Some(figures.wall_hours? * f64::from(figures.instances?) * 8.0)
}

fn on_rdma(catalog: &Catalog, id: &str) -> bool {
    let offer = catalog.offers.iter().find(|o| o.id == id).unwrap();
    network(offer) == Network::Fast && offer.multi_node == Some(true)
}

/// Checks each offer that can run the job against the reported hours; returns how many ran.
fn check(catalog: &Catalog, job: &Job, reported: f64, only_rdma: bool) -> usize {
    let mut checked = 0;
    for (id, figures) in on_a100_boards(catalog, job) {
        if only_rdma && !on_rdma(catalog, &id) {
            continue;
        }
        let hours = gpu_hours(&figures).unwrap_or_else(|| panic!("{id}: {figures:?}"));
        let ratio = hours / reported;
        eprintln!("{id}: {hours:.0} GPU-hours = {ratio:.3}× reported");
        assert!(
            (1.0 - TOLERANCE..=1.0 + TOLERANCE).contains(&ratio),
            "{id}: {hours:.0} GPU-hours, {ratio:.3}× the reported {reported}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn llama_2_7b_on_one_board_and_against_a_deadline() {
    let catalog = bundled::catalog().unwrap();
    let job = typed(&[("j.tok", "2000")]);
    // One board, no deadline: every 8×A100-80GB SXM offer, NVLink stated or implied.
    let boards = check(&catalog, &job, LLAMA_2_7B, false);
    assert!(boards >= 5, "{boards} offers");
    // A 30-day deadline takes ~33 boards; only offers clustering over RDMA are Meta-like.
    let due = typed(&[("j.tok", "2000"), ("j.dl", "720")]);
    let clustered = check(&catalog, &due, LLAMA_2_7B, true);
    assert!(clustered >= 2, "{clustered} clustered offers");
    for (id, figures) in on_a100_boards(&catalog, &due) {
        if on_rdma(&catalog, &id) {
            assert!(figures.instances.unwrap() > 1 && figures.wall_hours.unwrap() <= 720.0);
        }
    }
}

#[test]
fn llama_2_70b_on_three_boards_and_against_a_deadline() {
    let catalog = bundled::catalog().unwrap();
    let job = typed(&[("j.p", "70"), ("j.tok", "2000")]);
    assert!(check(&catalog, &job, LLAMA_2_70B, true) >= 2);
    let due = typed(&[("j.p", "70"), ("j.tok", "2000"), ("j.dl", "1440")]);
    assert!(check(&catalog, &due, LLAMA_2_70B, true) >= 2);
}

#[test]
fn llama_1_65b() {
    let catalog = bundled::catalog().unwrap();
    let job = typed(&[("j.p", "65.2"), ("j.tok", "1400")]);
    assert!(check(&catalog, &job, LLAMA_1_65B, true) >= 2);
    let due = typed(&[("j.p", "65.2"), ("j.tok", "1400"), ("j.dl", "504")]);
    assert!(check(&catalog, &due, LLAMA_1_65B, true) >= 2);
}

/// GCP's a2-ultragpu-8g is an 8×A100-80GB SXM board: the job's time and cost are known, and
/// 70B fits on several of them where GCP clusters them, or is said not to fit on one.
#[test]
fn gcp_a2_ultragpu_8g_gets_a_time_and_a_cost() {
    let catalog = bundled::catalog().unwrap();
    let job = typed(&[("j.tok", "2000")]);
    let (_, figures) = on_a100_boards(&catalog, &job)
        .into_iter()
        .find(|(id, _)| id == "gcp/a2-ultragpu-8g")
        .expect("a2-ultragpu-8g is an 8×A100-80GB SXM offer with a price");
    assert!(
        figures.wall_hours.is_some() && figures.cost.is_some(),
        "{figures:?}"
    );
}
