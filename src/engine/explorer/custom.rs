//! The user's own offers: a quote from a sales team, an own cluster's hourly cost, a price
//! the catalog does not have. They join the table, the comparison and the ranking beside the
//! catalog's offers, always marked as custom, and travel with the saved-views file.
//!
//! They become a small catalog of their own (one provider, "custom"), so every engine stage
//! treats them exactly like catalog offers without knowing they are special.

use serde::{Deserialize, Serialize};

use catalog::{
    Area, AsOf, Catalog, Confidence, Currency, Offer, Price, PriceUnit, Provider, ProviderCategory,
    ProviderFacts, Region, Source, SourceKind, Term,
};

/// The provider id of every custom offer; the UI marks rows of this provider.
pub const PROVIDER_ID: &str = "custom";
const MAX_TEXT: usize = 120;
pub const MAX_OFFERS: usize = 200;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomOffer {
    /// Who sells it ("Acme GPU, sales quote", "Our cluster").
    pub seller: String,
    /// What it is called ("8× H100 reserved 12 months").
    pub name: String,
    /// A catalog accelerator id, so specs, units and scores work; `None` for CPU-only.
    pub accelerator: Option<String>,
    pub count: f64,
    pub term: Term,
    pub price: f64,
    pub currency: Currency,
    pub unit: PriceUnit,
    /// Where the price comes from (a quote number, a spreadsheet).
    pub note: String,
    /// When the price was given, YYYY-MM-DD.
    pub as_of: AsOf,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CustomError {
    EmptyText(&'static str),
    TextTooLong(&'static str),
    UnknownAccelerator(String),
    Count,
    Price,
    Unit,
    TooMany,
}

impl CustomError {
    pub fn describe(&self, lang: catalog::Lang) -> String {
        use catalog::Lang::{En, Zh};
        match (self, lang) {
            (CustomError::EmptyText(f), En) => format!("Fill in the {f}."),
            (CustomError::EmptyText(f), Zh) => format!("请填写{}。", zh_field(f)),
            (CustomError::TextTooLong(f), En) => {
                format!("The {f} is longer than {MAX_TEXT} characters.")
            }
            (CustomError::TextTooLong(f), Zh) => format!("{}超过 {MAX_TEXT} 个字符。", zh_field(f)),
            (CustomError::UnknownAccelerator(a), En) => {
                format!("“{a}” is not an accelerator of the catalog.")
            }
            (CustomError::UnknownAccelerator(a), Zh) => format!("“{a}”不是目录中的加速器。"),
            (CustomError::Count, En) => {
                "The accelerator count must be a number from 0.01 to 10,000.".into()
            }
            (CustomError::Count, Zh) => "加速卡数量须在 0.01 到 10,000 之间。".into(),
            (CustomError::Price, En) => {
                "The price must be a number above 0 and below 10,000,000.".into()
            }
            (CustomError::Price, Zh) => "价格须大于 0 且小于 10,000,000。".into(),
            (CustomError::Unit, En) => "A whole-term price needs a reserved term.".into(),
            (CustomError::Unit, Zh) => "整期价格需要选择预留期限。".into(),
            (CustomError::TooMany, En) => format!("At most {MAX_OFFERS} custom offers."),
            (CustomError::TooMany, Zh) => format!("最多 {MAX_OFFERS} 个自定义报价。"),
        }
    }
}

fn zh_field(field: &str) -> &'static str {
    match field {
        "seller" => "提供方",
        "name" => "名称",
        _ => "备注",
    }
}

fn check_text(value: &str, field: &'static str, required: bool) -> Result<(), CustomError> {
    if required && value.trim().is_empty() {
        return Err(CustomError::EmptyText(field));
    }
    if value.chars().count() > MAX_TEXT {
        return Err(CustomError::TextTooLong(field));
    }
    Ok(())
}

impl CustomOffer {
    /// Checks the offer against the catalog it will join.
    pub fn validate(&self, catalog: &Catalog) -> Result<(), CustomError> {
        check_text(&self.seller, "seller", true)?;
        check_text(&self.name, "name", true)?;
        check_text(&self.note, "note", false)?;
        if let Some(a) = &self.accelerator {
            if !catalog.accelerators.iter().any(|x| &x.id == a) {
                return Err(CustomError::UnknownAccelerator(a.clone()));
            }
        }
        if !(self.count.is_finite() && (0.01..=10_000.0).contains(&self.count)) {
            return Err(CustomError::Count);
        }
        if !(self.price.is_finite() && self.price > 0.0 && self.price < 1e7) {
            return Err(CustomError::Price);
        }
        if self.unit == PriceUnit::InstanceTerm && self.term.term_hours().is_none() {
            return Err(CustomError::Unit);
        }
        Ok(())
    }
}

/// The custom offers as a catalog of their own: one provider, the accelerators they use
/// (copied from `base`), and one offer each, with ids "custom/1", "custom/2"… in list order.
pub fn catalog(offers: &[CustomOffer], base: &Catalog) -> Catalog {
    let source = Source {
        id: "yours".into(),
        title: "Entered by you on this device".into(),
        url: String::new(),
        kind: SourceKind::ThirdParty,
        date: None,
    };
    let provider = Provider {
        id: PROVIDER_ID.into(),
        name: "Your offers".into(),
        name_zh: Some("自定义报价".into()),
        category: ProviderCategory::GpuCloud,
        headquarters: None,
        currencies: vec![Currency::Usd, Currency::Cny, Currency::Eur],
        homepage: String::new(),
        billing_increment: None,
        facts: ProviderFacts::default(),
        regions: vec![Region {
            id: "yours".into(),
            name: "As quoted".into(),
            name_zh: Some("按报价".into()),
            area: Area::Global,
        }],
        sources: vec![source],
        retired: vec![],
    };
    let accelerators = base
        .accelerators
        .iter()
        .filter(|a| {
            offers
                .iter()
                .any(|o| o.accelerator.as_deref() == Some(a.id.as_str()))
        })
        .cloned()
        .collect();
    let offers = offers
        .iter()
        .enumerate()
        .map(|(i, o)| Offer {
            id: format!("{PROVIDER_ID}/{}", i + 1),
            provider: PROVIDER_ID.into(),
            instance: format!("{} — {}", o.seller.trim(), o.name.trim()),
            accelerator: o.accelerator.clone(),
            count: if o.accelerator.is_some() {
                o.count
            } else {
                0.0
            },
            vcpus: None,
            ram_gb: None,
            interconnect: None,
            network: None,
            network_zh: None,
            multi_node: None,
            source: "yours".into(),
            note: Some(o.note.clone()).filter(|n| !n.trim().is_empty()),
            // The visitor's own words, in whatever language they typed: shown as they are.
            note_zh: Some(o.note.clone()).filter(|n| !n.trim().is_empty()),
            prices: vec![Price {
                region: "yours".into(),
                term: o.term,
                amount: Some(o.price),
                amount_high: None,
                currency: o.currency,
                unit: o.unit,
                billing: None,
                as_of: o.as_of,
                source: "yours".into(),
                // The user vouches for their own quote; the UI still marks it as custom.
                confidence: Confidence::High,
                note: Some(o.note.clone()).filter(|n| !n.trim().is_empty()),
                live: Default::default(),
            }],
        })
        .collect();
    Catalog {
        providers: vec![provider],
        accelerators,
        accelerator_sources: base.accelerator_sources.clone(),
        offers,
        fx: base.fx.clone(),
        built_on: base.built_on,
        history: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Cell;
    use crate::explorer::Explorer;
    use crate::pricing::Rates;
    use crate::view::columns::Column;
    use crate::view::state::ViewState;
    use catalog::fx::Fx;

    #[test]
    fn own_offers_are_the_provider_discounts_leave_alone() {
        assert_eq!(PROVIDER_ID, crate::discounts::OWN_OFFERS);
    }

    fn quote() -> CustomOffer {
        CustomOffer {
            seller: "Acme GPU".into(),
            name: "8× H100, sales quote".into(),
            accelerator: Some("h100-sxm5-80gb".into()),
            count: 8.0,
            term: Term::OnDemand,
            price: 16.0,
            currency: Currency::Usd,
            unit: PriceUnit::InstanceHour,
            note: "Quote #42".into(),
            as_of: AsOf::parse("2026-11-30").unwrap(),
        }
    }

    #[test]
    fn a_custom_offer_is_priced_and_ranked_like_any_other() {
        let base = bundled::catalog().unwrap();
        let mine = catalog(&[quote()], &base);
        let explorer = Explorer::new(&mine);
        let rates = Rates::new(Fx::newest(&mine.fx), None);
        let state = ViewState::default();
        let today = AsOf::parse("2026-11-30").unwrap();
        let shown = explorer.show(&state, &rates, &today);
        assert_eq!(shown.rows.len(), 1);
        let row = &shown.rows[0];
        assert_eq!(row.entry.offer.id, "custom/1");
        assert_eq!(row.entry.provider.id, PROVIDER_ID);
        // $16 per instance-hour over 8 GPUs: $2 per accelerator-hour.
        assert!(
            matches!(Column::PricePerAccelerator.cell(row), Cell::Money { value, .. } if value == 2.0)
        );
        assert_eq!(Column::Memory.cell(row), Cell::Number(640.0));
    }

    #[test]
    fn bad_custom_offers_are_refused_with_the_reason() {
        let base = bundled::catalog().unwrap();
        let check = |change: fn(&mut CustomOffer)| {
            let mut o = quote();
            change(&mut o);
            o.validate(&base)
        };
        assert_eq!(check(|_| {}), Ok(()));
        assert_eq!(
            check(|o| o.seller = "  ".into()),
            Err(CustomError::EmptyText("seller"))
        );
        assert_eq!(check(|o| o.price = 0.0), Err(CustomError::Price));
        assert_eq!(check(|o| o.price = f64::NAN), Err(CustomError::Price));
        assert_eq!(check(|o| o.count = -1.0), Err(CustomError::Count));
        assert_eq!(
            check(|o| o.accelerator = Some("h999".into())),
            Err(CustomError::UnknownAccelerator("h999".into()))
        );
        assert_eq!(
            check(|o| o.unit = PriceUnit::InstanceTerm),
            Err(CustomError::Unit)
        );
        assert_eq!(
            check(|o| o.name = "x".repeat(500)),
            Err(CustomError::TextTooLong("name"))
        );
    }
}
