//! Share links: the whole [`ViewState`] in a URL query, and back.
//!
//! Readable where it can be (`?v=1&gpu=h100-sxm5-80gb&mem=80..&cur=cny`), compact where it
//! must be (`w=8a58313` for seven weights), and only what differs from the first screen is
//! written, so a link says what the sender changed. [`decode`] never fails: it applies what it
//! can read and lists the rest as [`Ignored`] for a dismissible notice.
//!
//! | key | field | example |
//! |---|---|---|
//! | `v` | link format version, always written first | `v=1` |
//! | `lang`, `theme`, `mode` | language, theme, table, ranking, charts or market | `lang=zh`, `theme=dark`, `mode=charts` |
//! | `q` | search text | `q=h100%20sxm` |
//! | `p`, `model`, `gpu`, `arch` | providers, model names, accelerator ids, architectures | `gpu=h100-sxm5-80gb,a100-sxm4-80gb` |
//! | `cat`, `vendor`, `link` | provider categories, vendors, interconnects | `cat=gpu-cloud`, `link=nvlink` |
//! | `count`, `mem`, `total-mem`, `vcpus`, `ram`, `price`, `bf16` | range text as typed ([`RangeField::key`]) | `mem=%3E=80`, `total-mem=24..48` |
//! | `multi`, `persec`, `nocommit`, `k8s`, `images`, `notebooks`, `known` | filter toggles | `k8s=1` |
//! | `age` | hide prices older than, months (1–600) | `age=12` |
//! | `term` | pricing term | `term=reserved-1y` |
//! | `area`, `region` | regions by area, single `provider/region`s | `area=cn,hk`, `region=aws/us-east-1` |
//! | `cur`, `rate` | currency, custom USD→CNY rate (0–1000 exclusive; applied only within 10× of the reference) | `cur=cny&rate=7.1` |
//! | `unit`, `per` | price basis, duration | `unit=memory-gb&per=month` |
//! | `sort` | sort column, `-` for descending | `sort=-memory` |
//! | `lead` | the group first: `data-centre` (HBM) accelerators or `none`; only when it differs from what the sort implies (the first screen's sort: data-centre; any other sort: none) | `lead=none` |
//! | `unstated` | `1`: offers that do not state a fact a filter asks for (multi-node clusters, an interconnect, a range's quantity, Kubernetes …) are shown, marked; by default they are counted apart | `multi=1&unstated=1` |
//! | `old` | `1`: prices past the "old" mark (over 18 months) compete for cheapest, median, place and best; by default they are shown, marked and counted apart | `old=1` |
//! | `cols` | visible columns in order, when not the default | `cols=provider,price` |
//! | `scn` | weights and constraints equal to a preset | `scn=training` |
//! | `w`, `cb` | weights otherwise, one digit per criterion (`a` = 10); cost basis | `w=8a58313&cb=gb-hour` |
//! | `c.mem`, `c.min`, `c.max`, `c.budget` | ranking constraints (0–1e9) | `c.mem=80` |
//! | `c.link`, `c.multi`, `c.cat` | ranking constraints | `c.link=nvlink` |
//! | `job` | the calculator's job, from that kind's preset: `train`, `tune`, `serve` | `job=tune` |
//! | `j.p`, `j.tok`, `j.flops`, `j.refh`, `j.mfu` | billions of parameters, billions of tokens, FLOP, hours on a reference accelerator, MFU | `j.p=13&j.tok=0.5` |
//! | `j.ctx`, `j.conc`, `j.tpd`, `j.in` | serving: context, concurrent sequences, output and prompt tokens a day | `j.tpd=5e6` |
//! | `j.dl`, `j.runs`, `j.ckpt`, `j.rst` | deadline hours, runs, minutes between checkpoints, minutes to restart after an interruption | `j.dl=72` |
//! | `j.prec`, `j.m`, `j.q`, `j.ref` | precision, fine-tuning method, quantization, reference accelerator | `j.m=qlora` |
//! | `j.model`, `j.cache` | serving: the model by name (its id in `catalog/api/models.toml`), the prompt share a hosted API's cache serves | `j.model=llama-3.1-70b&j.cache=0.5` |
//! | `fit` | hide offers the job does not fit | `fit=1` |
//! | `cy`, `ceff` | charts: the scatter's measure, what the efficiency bars price | `cy=memory&ceff=gb-hour` |
//! | `pl.h`, `pl.buy`, `pl.host`, `pl.w`, `pl.kwh`, `pl.pue`, `pl.yr`, `pl.maint` | the money plan: hours of use a month (0–730), purchase and server share per GPU, GPU watts, price per kWh, PUE (≥ 1), years of use, maintenance % a year ([`plan::FIELDS`]) | `pl.h=200&pl.buy=25000&pl.kwh=0.12` |
//! | `sel`, `cmp`, `detail` | selected offers in pick order, comparing, open detail | `sel=aws/p5.48xlarge&cmp=1` |
//! | `heat` | the accelerator variant whose heat table the market view shows | `mode=market&heat=h100-sxm5-80gb` |
//! | `disc` | the user's discounts, `provider:term:percent:note` each, empty provider or term for every one (0–100 exclusive, note ≤ 60 characters; most specific wins, see `discounts`) | `disc=aws::15:enterprise%20agreement,:spot:10` |
//! | `cv` | the catalog version the link was made with (its newest recorded day), written last; not part of the view: opening a link of an older catalog lists the prices of its view that changed since ([`stamp`]) | `cv=2026-12-02` |
//!
//! Lists are comma-separated; a comma inside an item is written `%2C`. A repeated key counts
//! once (the first). Words are read regardless of case.
//!
//! # Length
//!
//! A link's query holds at most [`MAX_QUERY_CHARS`] (2,000) characters, well under what GitHub
//! Pages, CDNs, chat apps and QR codes accept. [`bounded`] writes the address and the share
//! menu's link within it, leaving out the longest settings of a view that would not fit (and
//! the menu says which); a longer link that arrives anyway is read as far as it goes, and the
//! notice says it is too long ([`Reason::LongLink`]).
//!
//! # Versions
//!
//! Links live in chats and bookmarks for years, so what a link once meant is a promise; the
//! `fixtures` tests hold the links of each version and what they must open.
//! - Adding a setting (calculator inputs, chart choices) needs no new version: give it a key
//!   in `encode` and an arm in `decode`. Older links lack the key and get the default; older
//!   apps report the key as unknown and apply the rest.
//! - Bump [`VERSION`] only when an existing key changes meaning. Read the old meaning by the
//!   link's `v` before applying it, and keep the old fixtures passing.
//! - A link without `v` is read as version 1. A link from a newer version is read key by key
//!   as far as this version understands it, and the notice says so.

mod decode;
mod discounts;
mod discounts_store;
mod encode;
pub mod filter_box;
pub mod filter_boxes;
pub mod job;
mod keys;
mod length;
mod notice;
mod percent;
pub mod plan;
pub mod qr;
mod query;
mod rate;
pub mod saved;
pub mod stamp;
mod tokens;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod properties;

pub use decode::{decode, Decoded};
pub use discounts_store::{
    from_storage as discounts_from_storage, to_storage as discounts_to_storage,
};
pub use encode::encode;
pub use keys::{Key, StorageKey, VERSION};
pub use length::{bounded, Bounded};
pub use notice::{Ignored, Reason};
pub use query::{from_pairs, MAX_QUERY_CHARS};
pub use rate::settle_custom_rate;
pub use tokens::Token;

#[cfg(doc)]
use crate::view::{filters::RangeField, state::ViewState};
