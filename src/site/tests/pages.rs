//! Tests of the site's pages module.
