//! The README's figures, generated from the catalog: the lines between [`START`] and [`END`] in
//! `README.md` are [`block`] of the catalog in `catalog/`, written by
//! `scripts/catalog-figures.sh --readme`, and a test fails when they differ.
//!
//! Every figure depends on the catalog's files alone, never on the calendar: ages are counted to
//! the catalog's version (its newest recorded day, [`catalog::History`]), so the block changes
//! when the catalog does and not when a day passes.

use std::collections::BTreeSet;

use catalog::{AsOf, Catalog, Currency};

use crate::feeds::Feed;
use crate::figures;

/// The line that opens the generated block.
pub const START: &str = "<!-- figures:start -->";
/// The line that closes it.
pub const END: &str = "<!-- figures:end -->";
/// The command that rewrites the block.
pub const COMMAND: &str = "scripts/catalog-figures.sh --readme";
/// The README's line width.
const WIDTH: usize = 96;

/// The day the figures are counted to: the catalog's version, or (with no history kept) its
/// newest price date.
pub fn version(catalog: &Catalog) -> Option<AsOf> {
    catalog.history.version.or_else(|| {
        catalog
            .offers
            .iter()
            .flat_map(|o| o.prices.iter())
            .filter(|p| p.amount.is_some())
            .map(|p| p.as_of)
            .max()
    })
}

/// The generated block, [`START`] and [`END`] included, ending with a newline.
pub fn block(catalog: &Catalog, feeds: &[Feed]) -> String {
    let Some(day) = version(catalog) else {
        return format!("{START}\nThe catalog has no priced row.\n{END}\n");
    };
    let f = figures::of(catalog, &day, feeds);
    let variants: BTreeSet<&str> = catalog
        .offers
        .iter()
        .filter(|o| o.prices.iter().any(|p| p.amount.is_some()))
        .filter_map(|o| o.accelerator.as_deref())
        .collect();
    let currencies: BTreeSet<&str> = catalog
        .offers
        .iter()
        .flat_map(|o| o.prices.iter())
        .filter(|p| p.amount.is_some())
        .map(|p| p.currency.code())
        .collect();
    // In the app's order of currencies, not the alphabet's.
    let currencies: Vec<&str> = [Currency::Usd, Currency::Cny, Currency::Eur]
        .iter()
        .map(|c| c.code())
        .filter(|c| currencies.contains(c))
        .collect();
    let share = |n: usize| percent(n, f.priced_rows);
    let text = format!(
        "The catalog, version {day} (the newest day it recorded a price): **{offers} offers from \
         {providers} providers** on {variants} accelerator variants, {rows} prices (one per offer, \
         region and term) in {currencies}. {fed} providers are refreshed daily from a live feed, \
         covering {fed_share} of the prices; {fresh_6m} of the prices were true within six months \
         of the version, {fresh_12m} within twelve.",
        offers = grouped(f.offers),
        providers = grouped(f.providers),
        variants = grouped(variants.len()),
        rows = grouped(f.priced_rows),
        currencies = words(&currencies),
        fed = grouped(f.providers_with_feed.len()),
        fed_share = share(f.rows_with_feed),
        fresh_6m = share(f.fresh_6m),
        fresh_12m = share(f.fresh_12m),
    );
    format!(
        "{START}\n<!-- Generated from catalog/ by `{COMMAND}`; `cargo test` fails when these \
         lines differ from it. -->\n{}{END}\n",
        wrapped(&text, WIDTH)
    )
}

/// The generated block of `readme`, markers included, or why there is none.
pub fn current(readme: &str) -> Result<&str, String> {
    let (start, end) = span(readme)?;
    Ok(&readme[start..end])
}

/// `readme` with its generated block replaced by `block`.
pub fn splice(readme: &str, block: &str) -> Result<String, String> {
    let (start, end) = span(readme)?;
    Ok(format!("{}{block}{}", &readme[..start], &readme[end..]))
}

/// Where the block is: from [`START`] to the end of the [`END`] line.
fn span(readme: &str) -> Result<(usize, usize), String> {
    let once = |marker: &str| match readme.matches(marker).count() {
        1 => Ok(readme.find(marker).unwrap_or(0)),
        n => Err(format!(
            "README.md has {marker} {n} times; it needs it once"
        )),
    };
    let start = once(START)?;
    let end = once(END)?;
    if end < start {
        return Err(format!("README.md has {END} before {START}"));
    }
    let end = end + END.len();
    let end = if readme[end..].starts_with('\n') {
        end + 1
    } else {
        end
    };
    Ok((start, end))
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "—".to_string()
    } else {
        format!("{:.1} %", 100.0 * part as f64 / whole as f64)
    }
}

/// 6733 as "6,733", as the README writes numbers.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `text` in lines of at most `width` characters (a longer word stands alone), each ending with
/// a newline; a "%" stays with its number.
fn wrapped(text: &str, width: usize) -> String {
    let mut words: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match words.last_mut() {
            Some(last) if word.starts_with('%') => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    let mut out = String::new();
    let mut line = String::new();
    for word in words {
        let needed = line.chars().count() + 1 + word.chars().count();
        if !line.is_empty() && needed > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// "USD, CNY and EUR".
fn words(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use catalog::load::{load, CatalogFiles};

    use super::*;
    use crate::feeds::parse_feeds;
    use crate::run::today;

    fn repo() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// The README states the catalog's figures as `scripts/catalog-figures.sh --readme` writes
    /// them: a change to catalog/ that moves a figure fails here until the command is run.
    #[test]
    fn the_readme_states_the_catalogs_figures() {
        let files = CatalogFiles::read_dir(&repo().join("catalog"), "catalog").unwrap();
        // `today` only bounds dates (nothing may be from the future); the figures count to the
        // catalog's version.
        let catalog = load(&files, today()).unwrap_or_else(|p| panic!("{p:#?}"));
        let feeds =
            parse_feeds(&std::fs::read_to_string(repo().join("catalog/feeds.toml")).unwrap())
                .unwrap();
        let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
        let stated = current(&readme).unwrap_or_else(|e| panic!("{e}; run `{COMMAND}`"));
        let expected = block(&catalog, &feeds);
        assert!(
            stated == expected,
            "README.md's figures differ from catalog/: run `{COMMAND}` and commit README.md.\n\
             README.md states:\n{stated}\nthe catalog gives:\n{expected}"
        );
    }

    #[test]
    fn the_block_is_replaced_and_nothing_else() {
        let readme = format!("# Title\n\nBefore.\n{START}\nold\n{END}\nAfter.\n");
        let new = format!("{START}\nnew\n{END}\n");
        let spliced = splice(&readme, &new).unwrap();
        assert_eq!(spliced, format!("# Title\n\nBefore.\n{new}After.\n"));
        assert_eq!(current(&spliced).unwrap(), new);
        assert_eq!(splice(&spliced, &new).unwrap(), spliced);
    }

    #[test]
    fn missing_doubled_or_swapped_markers_are_refused() {
        assert!(splice("no markers\n", "x").is_err());
        assert!(splice(&format!("{START}\n{END}\n{START}\n{END}\n"), "x").is_err());
        assert!(splice(&format!("{END}\n{START}\n"), "x").is_err());
    }

    #[test]
    fn numbers_read_as_the_readme_writes_them() {
        assert_eq!(grouped(7), "7");
        assert_eq!(grouped(993), "993");
        assert_eq!(grouped(6733), "6,733");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(words(&["USD", "CNY", "EUR"]), "USD, CNY and EUR");
        assert_eq!(words(&["USD"]), "USD");
        assert_eq!(percent(1, 3), "33.3 %");
        assert_eq!(
            wrapped("covering 91.8 % of the prices", 13),
            "covering\n91.8 % of the\nprices\n"
        );
        assert_eq!(wrapped("", 10), "");
    }
}
