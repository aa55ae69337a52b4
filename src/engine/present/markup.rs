//! Elements as plain data — tags, attributes, styles, text — and their HTML.
//!
//! The app paints these trees into the page and then rewrites them by difference (the table's
//! rows, the ranked list); the static site writes the very same trees as HTML, so the first
//! screen it pre-renders and the page the app takes over read alike, from one piece of code.

/// An element as data.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct El {
    pub tag: &'static str,
    pub attrs: Vec<(&'static str, String)>,
    /// Inline styles go through the CSSOM: the Content-Security-Policy forbids style attributes.
    pub styles: Vec<(&'static str, String)>,
    /// A checkbox's state: a property, not an attribute.
    pub checked: Option<bool>,
    pub children: Vec<Plain>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Plain {
    Element(El),
    Text(String),
}

impl El {
    pub fn new(tag: &'static str) -> El {
        El {
            tag,
            ..El::default()
        }
    }

    pub fn attr(mut self, name: &'static str, value: impl Into<String>) -> El {
        self.attrs.push((name, value.into()));
        self
    }

    /// The attribute when there is a value; none at all otherwise.
    pub fn maybe(self, name: &'static str, value: Option<impl Into<String>>) -> El {
        match value {
            Some(value) => self.attr(name, value),
            None => self,
        }
    }

    pub fn style(mut self, name: &'static str, value: impl Into<String>) -> El {
        self.styles.push((name, value.into()));
        self
    }

    pub fn checked(mut self, checked: bool) -> El {
        self.checked = Some(checked);
        self
    }

    pub fn child(mut self, child: El) -> El {
        self.children.push(Plain::Element(child));
        self
    }

    pub fn text(mut self, text: impl Into<String>) -> El {
        self.children.push(Plain::Text(text.into()));
        self
    }

    pub fn nodes(mut self, nodes: impl IntoIterator<Item = Plain>) -> El {
        self.children.extend(nodes);
        self
    }

    /// This element's tag, attributes, styles and state, with no children (to fill anew).
    pub fn without_children(&self) -> El {
        El {
            tag: self.tag,
            attrs: self.attrs.clone(),
            styles: self.styles.clone(),
            checked: self.checked,
            children: Vec::new(),
        }
    }

    pub fn children(mut self, children: impl IntoIterator<Item = El>) -> El {
        self.children
            .extend(children.into_iter().map(Plain::Element));
        self
    }
}

/// Elements with no content and no end tag.
const VOID: [&str; 6] = ["input", "meta", "link", "br", "img", "hr"];

impl El {
    /// The element as HTML. Styles are left out: they exist for the CSSOM, and a page's
    /// Content-Security-Policy refuses style attributes; a checked box writes `checked`.
    pub fn to_html(&self) -> String {
        let mut out = String::new();
        self.write_html(&mut out);
        out
    }

    pub fn write_html(&self, out: &mut String) {
        out.push('<');
        out.push_str(self.tag);
        for (name, value) in &self.attrs {
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            escape_into(value, true, out);
            out.push('"');
        }
        if self.checked == Some(true) {
            out.push_str(" checked");
        }
        out.push('>');
        if VOID.contains(&self.tag) {
            return;
        }
        for child in &self.children {
            match child {
                Plain::Element(el) => el.write_html(out),
                Plain::Text(text) => escape_into(text, false, out),
            }
        }
        out.push_str("</");
        out.push_str(self.tag);
        out.push('>');
    }
}

/// `url` when it is a web address (http or https), the only kind a link of the app opens;
/// `None` for anything else — an empty address (a custom offer's provider has no homepage),
/// `javascript:`, a bare word — which is then shown as text, never as `href=""`.
pub fn web_address(url: &str) -> Option<&str> {
    let url = url.trim();
    let scheme_ends = url.find("://")?;
    let scheme = &url[..scheme_ends];
    let rest = &url[scheme_ends + 3..];
    let web = scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http");
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    (web && !host.is_empty() && !url.chars().any(|c| c.is_whitespace() || c.is_control()))
        .then_some(url)
}

/// `text` with the characters HTML gives meaning escaped (quotes too, inside attributes).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(text, true, &mut out);
    out
}

fn escape_into(text: &str, attribute: bool, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\'' if attribute => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_web_addresses_are_links() {
        for web in [
            "https://aws.amazon.com/ec2/",
            "http://x.example",
            "HTTPS://a.b/c?d#e",
        ] {
            assert_eq!(web_address(web), Some(web), "{web}");
        }
        assert_eq!(
            web_address(" https://a.example/ "),
            Some("https://a.example/")
        );
        for not in [
            "",
            "  ",
            "javascript:alert(1)",
            "https://",
            "https:///path",
            "ftp://a.example",
            "data:text/html,x",
            "//a.example",
            "https://a.example/x y",
            "aws.amazon.com",
        ] {
            assert_eq!(web_address(not), None, "{not:?}");
        }
    }

    #[test]
    fn html_escapes_text_and_attributes_and_closes_what_it_opens() {
        let el = El::new("td")
            .attr("title", "\"a\" & <b>")
            .child(El::new("input").attr("type", "checkbox").checked(true))
            .text("<script>1 & 2</script>")
            .style("height", "3px");
        assert_eq!(
            el.to_html(),
            "<td title=\"&quot;a&quot; &amp; &lt;b&gt;\"><input type=\"checkbox\" checked>\
             &lt;script&gt;1 &amp; 2&lt;/script&gt;</td>"
        );
    }

    #[test]
    fn an_unchecked_box_has_no_checked_attribute() {
        let el = El::new("input").checked(false);
        assert_eq!(el.to_html(), "<input>");
    }
}
