//! The app's entry point in the browser; on the host, a summary of the bundled catalog.

#[cfg(target_arch = "wasm32")]
fn main() {
    gpu_atlas::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use gpu_atlas::engine::bundled;
    match bundled::catalog() {
        Ok(catalog) => {
            let priced = catalog
                .offers
                .iter()
                .filter(|o| o.prices.iter().any(|p| p.amount.is_some()))
                .count();
            println!(
                "GPU Atlas catalog built {}: {} providers, {} accelerators, {} offers ({} with a known price), {} price rows",
                bundled::BUILT_ON,
                catalog.providers.len(),
                catalog.accelerators.len(),
                catalog.offers.len(),
                priced,
                catalog.offers.iter().map(|o| o.prices.len()).sum::<usize>(),
            );
            for provider in &catalog.providers {
                let offers: Vec<_> = catalog
                    .offers
                    .iter()
                    .filter(|o| o.provider == provider.id)
                    .collect();
                let prices = offers.iter().flat_map(|o| &o.prices);
                let newest = prices.clone().map(|p| p.as_of).max();
                println!(
                    "  {:<16} {:>3} offers {:>4} prices, newest {}",
                    provider.id,
                    offers.len(),
                    prices.count(),
                    newest.map_or("-".to_string(), |d| d.to_string()),
                );
            }
            println!("The app runs in the browser: see README.md (scripts/serve.sh).");
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
