//! Tests of the site's open_data module.
