//! Tests of the site's first_screen module.
