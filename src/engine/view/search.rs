//! Free-text search over offers, tolerant of the ways people type GPU names: "h100sxm",
//! "H100 SXM", "rtx4090", "80 gb", "us-east", "腾讯".
//!
//! Both the offer's text and the query are cut into *pieces*: runs of ASCII letters, runs of
//! ASCII digits, and runs of other letters (Chinese and the like), lowercased, with
//! everything else a separator. "NVIDIA H100-SXM5 80GB" becomes nvidia·h·100·sxm·5·80·gb.
//! Spacing and punctuation then stop mattering, because the pieces are the same however the
//! name is typed.
//!
//! Matching rules:
//! - Every query word must match (AND), in any order.
//! - A word matches where its pieces appear consecutively in the offer's pieces. So "p5" finds
//!   both p5.48xlarge and p5en.48xlarge (p·5·en): we chose whole-piece prefix matching because
//!   someone typing "p5" most likely wants the family.
//! - The last letter piece of a word may be unfinished ("nvid", "pci"), but digit pieces must
//!   be whole: "h20" is not H200, "a10" is not A100 and "l4" is not L40, which are all
//!   different GPUs someone may be looking for.
//! - Quotes make a phrase whose words must follow each other: `"sxm h100"` does not match
//!   "H100 SXM5" though `sxm h100` does.
//! - Text outside ASCII is matched as a plain substring: Chinese and Japanese put no spaces
//!   between words, so "腾讯" must find "腾讯云" and "讯云" may as well.
//! - Full-width (IME) letters and digits count as their ASCII twins.

use super::range::half_width;

/// A parsed search box. The empty query matches every offer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SearchQuery {
    terms: Vec<Term>,
}

#[derive(Debug, Clone, PartialEq)]
enum Term {
    /// ASCII pieces (at least one) that must appear consecutively, spelled as a haystack's
    /// `pieces` spells them: a NUL before each piece, and one after the last piece when it is
    /// digits, which must match whole. A letter piece may be unfinished, so nothing follows it.
    Pieces(String),
    /// A run of another script, matched anywhere in the offer's text.
    Substring(String),
}

impl SearchQuery {
    pub fn parse(text: &str) -> SearchQuery {
        let text = normalise(text);
        let mut terms = Vec::new();
        // Splitting at quotes alternates outside/inside; an unclosed quote runs to the end.
        for (i, segment) in text.split(['"', '“', '”']).enumerate() {
            if i % 2 == 1 {
                push_terms(segment, &mut terms);
            } else {
                for word in segment.split(is_word_break) {
                    push_terms(word, &mut terms);
                }
            }
        }
        SearchQuery { terms }
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// True when every query term is found in the haystack (AND), case-insensitively.
    pub fn matches(&self, haystack: &Haystack) -> bool {
        self.terms.iter().all(|term| match term {
            Term::Pieces(run) => haystack.pieces.contains(run.as_str()),
            Term::Substring(text) => haystack.text.contains(text.as_str()),
        })
    }
}

/// Turns one word or quoted phrase into terms. A change of script inside a word starts a new
/// term, so "腾讯h100" asks for 腾讯 and for h·100 rather than for the two side by side.
fn push_terms(phrase: &str, terms: &mut Vec<Term>) {
    let mut run: Vec<&str> = Vec::new();
    for piece in pieces(phrase) {
        if piece.is_ascii() {
            run.push(piece);
        } else {
            if !run.is_empty() {
                terms.push(pieces_term(&std::mem::take(&mut run)));
            }
            terms.push(Term::Substring(piece.to_string()));
        }
    }
    if !run.is_empty() {
        terms.push(pieces_term(&run));
    }
}

/// The term for a run of ASCII pieces (at least one): see [`Term::Pieces`].
fn pieces_term(run: &[&str]) -> Term {
    let mut spelled = String::new();
    for piece in run {
        spelled.push(PIECE_START);
        spelled.push_str(piece);
    }
    if run
        .last()
        .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_digit()))
    {
        spelled.push(PIECE_START);
    }
    Term::Pieces(spelled)
}

/// What a haystack's `pieces` puts before each piece, and after the last one: a separator, so
/// never inside a piece of an offer or of a query.
const PIECE_START: char = '\0';

/// Separates query words. Hyphens, dots and slashes do not: "us-east" and "p5.48xlarge" are
/// one word each, whose pieces must stay together.
fn is_word_break(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '、')
}

/// The searchable text of one offer, prepared once (provider name(s), instance, accelerator
/// label, model, variant, architecture, region ids and names).
///
/// The parts' pieces are kept as one sequence, so a word may run from one part into the next
/// (a model "H100" followed by a variant "SXM5" still matches "h100sxm").
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Haystack {
    /// Every part, normalised, one per line; for substring terms.
    text: String,
    /// Every part's pieces, in order, each after a NUL, with a NUL after the last:
    /// "\0nvidia\0h\0100\0". A run of query pieces is then one substring search (see
    /// [`Term::Pieces`]): a NUL marks where a piece starts, so a match starts at a piece, and
    /// pieces hold no NUL, so each query piece but the last is a whole piece and the last is a
    /// whole piece or, for letters, its start. One string rather than a string per piece: a
    /// search reads every offer's pieces, and at 100k offers reading millions of separately
    /// allocated strings cost more than comparing them.
    pieces: String,
}

impl Haystack {
    pub fn new<'a>(parts: impl IntoIterator<Item = &'a str>) -> Haystack {
        let mut haystack = Haystack::default();
        for part in parts {
            if part.is_ascii() {
                haystack.add_ascii(part);
            } else {
                haystack.add_any(part);
            }
        }
        if !haystack.pieces.is_empty() {
            haystack.pieces.push(PIECE_START);
        }
        haystack
    }

    /// Adds a part: normalised, then cut into pieces.
    fn add_any(&mut self, part: &str) {
        let part = normalise(part);
        if part.trim().is_empty() {
            return;
        }
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        self.text.push_str(&part);
        for piece in pieces(&part) {
            self.pieces.push(PIECE_START);
            self.pieces.push_str(piece);
        }
    }

    /// [`Haystack::add_any`] for an ASCII part (nearly every part of the catalog), a byte at a
    /// time: its lowercase is a byte's, and its pieces are runs of digits or of letters. Every
    /// offer's search text is written once at the start, in the browser's baseline code, where
    /// decoding each character, collecting the pieces and trimming took most of that time.
    fn add_ascii(&mut self, part: &str) {
        // Blank as `trim` reads it: Unicode's white space, which for ASCII includes \x0b.
        if part.bytes().all(|b| char::from(b).is_whitespace()) {
            return;
        }
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        self.text.reserve(part.len());
        self.pieces.reserve(part.len() + 4);
        let mut previous = Class::Separator;
        for c in part.bytes().map(|b| char::from(b.to_ascii_lowercase())) {
            self.text.push(c);
            let class = class(c);
            if class != Class::Separator {
                if class != previous {
                    self.pieces.push(PIECE_START);
                }
                self.pieces.push(c);
            }
            previous = class;
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Class {
    Separator,
    Digit,
    Letter,
    OtherScript,
}

fn class(c: char) -> Class {
    if c.is_ascii_digit() {
        Class::Digit
    } else if c.is_ascii_alphabetic() {
        Class::Letter
    } else if c.is_alphanumeric() {
        Class::OtherScript
    } else {
        Class::Separator
    }
}

/// Maximal runs of one class, separators dropped: "h100-sxm5" → h, 100, sxm, 5.
fn pieces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut current: Option<(usize, Class)> = None;
    for (at, c) in text.char_indices() {
        let kind = class(c);
        if let Some((start, run)) = current {
            if run == kind {
                continue;
            }
            out.push(&text[start..at]);
        }
        current = (kind != Class::Separator).then_some((at, kind));
    }
    if let Some((start, _)) = current {
        out.push(&text[start..]);
    }
    out
}

/// Lowercase, with full-width IME forms (`Ｈ１００`) and the ideographic space made ASCII.
fn normalise(text: &str) -> String {
    // Nearly every piece of the catalog is ASCII, whose lowercase is a byte's: building the
    // explorer lowercased its search text a character at a time, half of its 8 ms natively.
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    normalise_each_char(text)
}

fn normalise_each_char(text: &str) -> String {
    text.chars()
        .map(|c| if c == '\u{3000}' { ' ' } else { half_width(c) })
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explorer::{search_pieces, sold_in};

    /// The ASCII path writes what the general one writes, for every part of the catalog and
    /// for the edges: blanks of every ASCII space, separators only, letters against digits.
    #[test]
    fn an_ascii_part_is_added_as_any_part_is() {
        let catalog = crate::bundled::catalog().unwrap();
        let mut parts: Vec<String> = [
            "",
            " ",
            "\t\n\x0b\x0c\r ",
            "--",
            "H100 SXM5 us-East-1",
            "p5.48XLARGE",
            "a10g",
            "x\x0by",
            "  RTX 4090 (24 GB) ",
            "__A1b2__",
            "\x00\x7f",
        ]
        .map(String::from)
        .to_vec();
        for offer in &catalog.offers {
            parts.push(offer.instance.clone());
            parts.extend(offer.prices.iter().map(|p| p.region.to_string()));
        }
        for provider in &catalog.providers {
            parts.push(provider.name.clone());
            parts.push(provider.id.clone());
            parts.extend(provider.regions.iter().map(|r| r.name.clone()));
        }
        for accelerator in &catalog.accelerators {
            parts.push(accelerator.label());
            parts.extend(accelerator.architecture.clone());
        }
        let ascii: Vec<&String> = parts.iter().filter(|p| p.is_ascii()).collect();
        assert!(ascii.len() > 1000, "{} ASCII parts", ascii.len());
        for pair in ascii.windows(2) {
            let (mut fast, mut general) = (Haystack::default(), Haystack::default());
            for part in pair {
                fast.add_ascii(part);
                general.add_any(part);
            }
            assert_eq!(fast, general, "{pair:?}");
        }
    }

    #[test]
    fn ascii_text_is_normalised_as_each_character_would_be() {
        let catalog = crate::bundled::catalog().unwrap();
        let mut texts: Vec<&str> = vec!["H100 SXM5 us-East-1", "p5.48XLARGE", "", "Ａ１００ 北京"];
        for offer in &catalog.offers {
            texts.push(&offer.instance);
            texts.extend(offer.prices.iter().map(|p| &*p.region));
        }
        for provider in &catalog.providers {
            texts.push(&provider.name);
            texts.extend(provider.regions.iter().map(|r| r.name.as_str()));
        }
        assert!(texts.iter().filter(|t| t.is_ascii()).count() > 1000);
        for text in texts {
            assert_eq!(normalise(text), normalise_each_char(text), "{text:?}");
        }
    }

    fn finds(query: &str, text: &str) -> bool {
        SearchQuery::parse(query).matches(&Haystack::new([text]))
    }

    #[test]
    fn model_numbers_must_match_whole() {
        assert!(finds("h100", "NVIDIA H100 SXM5 80GB"));
        assert!(!finds("h100", "NVIDIA H800 SXM 80GB"));
        assert!(!finds("h20", "NVIDIA H200 SXM 141GB"));
        assert!(finds("h20", "NVIDIA H20 96GB"));
        assert!(!finds("a10", "NVIDIA A100 PCIe 80GB"));
        assert!(finds("a10", "NVIDIA A10G 24GB"));
        assert!(!finds("l4", "NVIDIA L40S 48GB"));
        assert!(finds("l40", "NVIDIA L40S 48GB"));
    }

    #[test]
    fn every_word_must_match() {
        assert!(finds("H100 SXM", "NVIDIA H100 SXM5 80GB"));
        assert!(!finds("H100 SXM", "NVIDIA H100 PCIe 80GB"));
        assert!(finds("a100 80", "NVIDIA A100 SXM4 80GB"));
        assert!(finds("a100 80", "NVIDIA A100 PCIe 80GB"));
        assert!(!finds("a100 80", "NVIDIA A100 SXM4 40GB"));
        assert!(finds("80gb sxm4 a100", "NVIDIA A100 SXM4 80GB"));
    }

    #[test]
    fn spacing_and_case_do_not_matter() {
        assert!(finds("sxm5", "NVIDIA H100 SXM5 80GB"));
        assert!(finds("SXM5", "nvidia h100 sxm5 80gb"));
        for query in ["80gb", "80 gb", "80GB", "80-GB"] {
            assert!(finds(query, "NVIDIA H100 SXM5 80GB"), "{query}");
        }
        assert!(finds("80gb", "H100 80 GB"));
        for query in ["rtx 4090", "rtx4090", "4090", "RTX-4090", "geforce rtx"] {
            assert!(finds(query, "GeForce RTX 4090 24GB"), "{query}");
        }
        assert!(finds("h100sxm", "NVIDIA H100 SXM5 80GB"));
        assert!(finds("h100sxm", "NVIDIA H100-SXM5-80GB"));
    }

    #[test]
    fn a_word_matches_the_start_of_a_run_of_pieces() {
        assert!(finds("p5", "p5.48xlarge"));
        assert!(finds("p5", "p5en.48xlarge"));
        assert!(finds("p5e", "p5en.48xlarge"));
        assert!(finds("p5.48", "p5.48xlarge"));
        assert!(!finds("p5.48", "p5en.48xlarge"));
        assert!(finds("nvid pci", "NVIDIA H100 PCIe 80GB"));
        assert!(!finds("vidia", "NVIDIA H100 PCIe 80GB"));
        assert!(!finds("p4", "p5.48xlarge"));
    }

    #[test]
    fn hyphenated_words_keep_their_pieces_together() {
        assert!(finds("us-east", "us-east-1"));
        assert!(finds("us-east-1", "us-east-1"));
        assert!(!finds("us-east-1", "us-east-10"));
        assert!(!finds("us-east", "eu-east-1 us-west-2"));
        assert!(finds("us east", "eu-east-1 us-west-2"));
    }

    #[test]
    fn other_scripts_match_as_substrings() {
        assert!(finds("腾讯", "腾讯云"));
        assert!(finds("讯云", "腾讯云"));
        assert!(!finds("阿里", "腾讯云"));
        assert!(finds("北京", "ap-beijing 北京"));
        assert!(finds("腾讯h20", "腾讯云 NVIDIA H20 96GB"));
        assert!(!finds("腾讯h200", "腾讯云 NVIDIA H20 96GB"));
    }

    #[test]
    fn full_width_input_counts_as_ascii() {
        assert!(finds("Ｈ１００", "NVIDIA H100 SXM5 80GB"));
        assert!(finds("h100\u{3000}sxm", "ＮＶＩＤＩＡ　Ｈ１００　ＳＸＭ５"));
    }

    #[test]
    fn quotes_make_a_phrase() {
        assert!(finds("\"H100 SXM\"", "NVIDIA H100 SXM5 80GB"));
        assert!(!finds("\"H100 SXM\"", "NVIDIA H100 PCIe 80GB"));
        assert!(finds("sxm h100", "NVIDIA H100 SXM5 80GB"));
        assert!(!finds("\"sxm h100\"", "NVIDIA H100 SXM5 80GB"));
        assert!(finds("“h100 sxm” 80gb", "NVIDIA H100 SXM5 80GB"));
        // An unclosed quote runs to the end instead of being an error.
        assert!(finds("nvidia \"h100 sxm", "NVIDIA H100 SXM5 80GB"));
    }

    #[test]
    fn empty_query_matches_everything() {
        for query in ["", "   ", "\"\"", "--", "\u{3000}"] {
            let q = SearchQuery::parse(query);
            assert!(q.is_empty(), "{query:?}");
            assert!(q.matches(&Haystack::new(["NVIDIA H100"])));
            assert!(q.matches(&Haystack::default()));
        }
        assert!(!SearchQuery::parse("h100").is_empty());
        assert!(!SearchQuery::parse("h100").matches(&Haystack::default()));
    }

    #[test]
    fn a_haystack_searches_all_its_parts() {
        let offer = Haystack::new([
            "Amazon Web Services",
            "aws",
            "",
            "p5.48xlarge",
            "NVIDIA H100 SXM5 80GB",
            "Hopper",
            "us-east-1",
            "US East (N. Virginia)",
        ]);
        for query in ["aws p5 h100", "hopper virginia", "amazon us-east", "48xl"] {
            assert!(SearchQuery::parse(query).matches(&offer), "{query}");
        }
        assert!(!SearchQuery::parse("aws a100").matches(&offer));
        // Parts run on into each other, so a model and a separate variant still match as one.
        let split = Haystack::new(["H100", "SXM5"]);
        assert!(SearchQuery::parse("h100sxm").matches(&split));
    }

    #[test]
    fn odd_input_never_panics() {
        let alphabet = [
            "h", "1", "0", " ", "\"", "-", "腾", "Ｈ", "İ", "\u{301}", "“", ".",
        ];
        let haystack = Haystack::new(["NVIDIA H100 SXM5 80GB", "腾讯云", "İstanbul"]);
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let text = format!("{a}{b}{c}");
                    let _ = SearchQuery::parse(&text).matches(&haystack);
                    let _ = SearchQuery::parse("h").matches(&Haystack::new([text.as_str()]));
                }
            }
        }
        let long = "h100 ".repeat(20_000);
        assert!(SearchQuery::parse(&long).matches(&haystack));
    }

    /// The haystack as it was, with a string per piece compared one by one; the one string of
    /// pieces must find exactly what it found.
    struct Before {
        text: String,
        pieces: Vec<String>,
    }

    impl Before {
        fn new(parts: &[&str]) -> Before {
            let mut before = Before {
                text: String::new(),
                pieces: Vec::new(),
            };
            for part in parts {
                let part = normalise(part);
                if part.trim().is_empty() {
                    continue;
                }
                if !before.text.is_empty() {
                    before.text.push('\n');
                }
                before.text.push_str(&part);
                before
                    .pieces
                    .extend(pieces(&part).into_iter().map(str::to_string));
            }
            before
        }

        fn matches(&self, query: &SearchQuery) -> bool {
            let piece_matches = |have: &str, typed: &str| {
                if typed.starts_with(|c: char| c.is_ascii_digit()) {
                    have == typed
                } else {
                    have.starts_with(typed)
                }
            };
            query.terms.iter().all(|term| match term {
                Term::Pieces(spelled) => {
                    // The query's pieces, as the query kept them before.
                    let wanted: Vec<&str> = spelled
                        .split(PIECE_START)
                        .filter(|p| !p.is_empty())
                        .collect();
                    let (last, whole) = wanted.split_last().unwrap();
                    self.pieces.windows(wanted.len()).any(|window| {
                        window[..whole.len()] == *whole && piece_matches(&window[whole.len()], last)
                    })
                }
                Term::Substring(t) => self.text.contains(t.as_str()),
            })
        }
    }

    #[test]
    fn the_catalog_is_searched_as_with_a_string_per_piece() {
        let catalog = crate::bundled::catalog().unwrap();
        let mut queries: Vec<String> = [
            "h100",
            "H100 SXM",
            "h100sxm",
            "a10",
            "a100 80",
            "l4",
            "l40s",
            "p5",
            "p5.48",
            "p5e",
            "nvid",
            "pci",
            "80gb",
            "80 gb",
            "rtx4090",
            "4090",
            "us-east",
            "us-east-1",
            "eu west",
            "\"sxm h100\"",
            "“h100 sxm” 80gb",
            "腾讯",
            "北京",
            "腾讯h20",
            "hopper",
            "mi300",
            "tpu v5",
            "gb200",
            "x",
            "1",
            "-",
            "Ｈ１００",
            "virginia",
            "aws p5 h100",
        ]
        .map(String::from)
        .to_vec();
        // Instance names, whole and cut short, as someone typing them would.
        for offer in catalog.offers.iter().step_by(7) {
            let name: Vec<char> = offer.instance.chars().collect();
            for len in [2, 4, 7, name.len()] {
                queries.push(name[..len.min(name.len())].iter().collect());
            }
        }
        queries.sort();
        queries.dedup();
        let queries: Vec<(&String, SearchQuery)> =
            queries.iter().map(|q| (q, SearchQuery::parse(q))).collect();
        let mut found = 0;
        for offer in &catalog.offers {
            let provider = catalog
                .providers
                .iter()
                .find(|p| p.id == offer.provider)
                .unwrap();
            let accelerator = offer
                .accelerator
                .as_deref()
                .and_then(|id| catalog.accelerators.iter().find(|a| a.id == id));
            let label = accelerator.map(|a| a.label()).unwrap_or_default();
            let regions = sold_in(offer);
            let parts = search_pieces(offer, provider, accelerator, &label, &regions);
            let (haystack, before) = (Haystack::new(parts.iter().copied()), Before::new(&parts));
            for (text, query) in &queries {
                let now = query.matches(&haystack);
                assert_eq!(now, before.matches(query), "{text:?} in {parts:?}");
                found += usize::from(now);
            }
        }
        assert!(found > catalog.offers.len(), "the queries find offers");
    }

    #[test]
    fn odd_input_is_searched_as_with_a_string_per_piece() {
        let alphabet = [
            "h", "1", "0", " ", "\"", "-", "腾", "Ｈ", "İ", "\u{301}", "“", ".", "\u{3000}", "\0",
        ];
        let parts = [
            "NVIDIA H100 SXM5 80GB",
            "",
            "腾讯云",
            "  ",
            "İstanbul",
            "h-1.0 Ｈ１",
            "a\0b",
        ];
        let (haystack, before) = (Haystack::new(parts), Before::new(&parts));
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let text = format!("{a}{b}{c}");
                    let query = SearchQuery::parse(&text);
                    assert_eq!(query.matches(&haystack), before.matches(&query), "{text:?}");
                    let own = [text.as_str(), "h10", &text];
                    for query in ["h1", "h", "0h", "h 1", "腾h", "\0"] {
                        let query = SearchQuery::parse(query);
                        assert_eq!(
                            query.matches(&Haystack::new(own)),
                            Before::new(&own).matches(&query),
                            "{text:?}"
                        );
                    }
                }
            }
        }
    }
}
