//! The hosted-API catalog's figures: how many models and providers have token prices, how
//! old those prices are, and where they come from — printed by `catalog_figures` after the
//! GPU figures.

use std::collections::BTreeSet;

use catalog::api_prices::ApiCatalog;
use catalog::{AsOf, SourceKind};

/// One source and how many price rows cite it.
#[derive(Debug, Clone, PartialEq)]
pub struct SourceUse {
    pub id: String,
    pub kind: SourceKind,
    pub rows: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ApiFigures {
    /// Models with at least one price, and how many of them have open weights.
    pub models: usize,
    pub open_weight_models: usize,
    /// Providers with at least one price.
    pub providers: usize,
    pub rows: usize,
    pub with_cached_price: usize,
    pub with_batch_price: usize,
    pub oldest: Option<AsOf>,
    pub newest: Option<AsOf>,
    /// Most-cited first.
    pub sources: Vec<SourceUse>,
}

impl ApiFigures {
    pub fn of(catalog: &ApiCatalog) -> ApiFigures {
        let models: BTreeSet<&str> = catalog.prices.iter().map(|p| p.model.as_str()).collect();
        let providers: BTreeSet<&str> =
            catalog.prices.iter().map(|p| p.provider.as_str()).collect();
        let open_weight_models = models
            .iter()
            .filter(|m| catalog.model(m).is_some_and(|m| m.open_weights))
            .count();
        let mut sources: Vec<SourceUse> = catalog
            .price_sources
            .iter()
            .map(|s| SourceUse {
                id: s.id.clone(),
                kind: s.kind,
                rows: catalog.prices.iter().filter(|p| p.source == s.id).count(),
            })
            .filter(|s| s.rows > 0)
            .collect();
        sources.sort_by(|a, b| b.rows.cmp(&a.rows).then_with(|| a.id.cmp(&b.id)));
        let range = catalog.date_range();
        ApiFigures {
            models: models.len(),
            open_weight_models,
            providers: providers.len(),
            rows: catalog.prices.len(),
            with_cached_price: catalog
                .prices
                .iter()
                .filter(|p| p.cached_input.is_some())
                .count(),
            with_batch_price: catalog
                .prices
                .iter()
                .filter(|p| p.batch_input.is_some() || p.batch_output.is_some())
                .count(),
            oldest: range.map(|r| r.0),
            newest: range.map(|r| r.1),
            sources,
        }
    }

    pub fn markdown(&self) -> String {
        let day = |d: Option<AsOf>| d.map_or("—".to_string(), |d| d.to_string());
        let mut out = String::from(
            "Hosted API prices (catalog/api/):\n\n| figure | value |\n| --- | --- |\n",
        );
        for (name, value) in [
            (
                "models with API prices (open weights)",
                format!("{} ({})", self.models, self.open_weight_models),
            ),
            ("providers with API prices", self.providers.to_string()),
            ("price rows", self.rows.to_string()),
            (
                "rows with a cached-input price",
                self.with_cached_price.to_string(),
            ),
            ("rows with a batch price", self.with_batch_price.to_string()),
            (
                "prices true between",
                format!("{} and {}", day(self.oldest), day(self.newest)),
            ),
        ] {
            out.push_str(&format!("| {name} | {value} |\n"));
        }
        out.push_str("\n| source | kind | rows |\n| --- | --- | --- |\n");
        for s in &self.sources {
            let kind = match s.kind {
                SourceKind::Vendor => "vendor",
                SourceKind::Aggregator => "aggregator",
                SourceKind::ThirdParty => "third-party",
                SourceKind::Community => "community",
            };
            out.push_str(&format!("| {} | {kind} | {} |\n", s.id, s.rows));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use catalog::api_prices::{load_api, ApiFiles};

    use super::*;

    #[test]
    fn the_shipped_figures_count_what_the_table_holds() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog");
        let files = ApiFiles::read_dir(&dir, "catalog").unwrap();
        let text = files.prices.text.clone();
        let catalog = load_api(&files, AsOf::day(2026, 12, 6)).unwrap();
        let figures = ApiFigures::of(&catalog);
        // Counted again from the CSV text, not through the loader.
        let lines: Vec<Vec<&str>> = text
            .lines()
            .skip(1)
            .map(|l| l.split(',').collect())
            .collect();
        assert_eq!(figures.rows, lines.len());
        let providers: BTreeSet<&str> = lines.iter().map(|l| l[1]).collect();
        let models: BTreeSet<&str> = lines.iter().map(|l| l[0]).collect();
        assert_eq!(
            (figures.providers, figures.models),
            (providers.len(), models.len())
        );
        assert_eq!(
            figures.sources.iter().map(|s| s.rows).sum::<usize>(),
            figures.rows
        );
        assert!(figures.oldest.unwrap() <= figures.newest.unwrap());
        let md = figures.markdown();
        assert!(
            md.contains(&format!("| price rows | {} |", figures.rows)),
            "{md}"
        );
    }
}
