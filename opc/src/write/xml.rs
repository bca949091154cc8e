//! A tiny XML writer for package parts.
//!
//! Escaping is the one Office applies: `&`, `<`, `>` and `"` in attribute values (plus tab,
//! line feed and carriage return as character references, so attribute-value normalisation
//! cannot turn them into spaces), `&`, `<`, `>` in text. Characters XML 1.0 forbids (C0
//! controls other than tab/LF/CR, U+FFFE, U+FFFF) are dropped: a part we write always parses.
//!
//! `pretty` writes one element per line, indented by two spaces, with text-only elements kept
//! on their line (`<a:t>text</a:t>`), so golden files diff line by line. Whitespace between
//! elements is insignificant in every part we write, so pretty and compact parts mean the same.

/// DrawingML and relationship-id namespaces: every Office format writes them.
pub const NS_A: &str = "http://schemas.openxmlformats.org/drawingml/2006/main";
pub const NS_R: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/// An attribute: name and value (escaped on write).
pub type Attr<'a> = (&'a str, &'a dyn AttrValue);

/// A value written into an attribute. Text is escaped; integers are written with `itoa`
/// (already in the tree through serde_json): a part has hundreds of attributes, and going
/// through `Display` and the formatting machinery for each was a good share of writing it.
pub trait AttrValue {
    fn write_attr(&self, out: &mut String);
}

impl AttrValue for str {
    fn write_attr(&self, out: &mut String) {
        push_escaped(out, self, true);
    }
}

impl AttrValue for String {
    fn write_attr(&self, out: &mut String) {
        push_escaped(out, self, true);
    }
}

impl AttrValue for char {
    fn write_attr(&self, out: &mut String) {
        push_escaped(out, self.encode_utf8(&mut [0; 4]), true);
    }
}

impl<T: AttrValue + ?Sized> AttrValue for &T {
    fn write_attr(&self, out: &mut String) {
        (**self).write_attr(out);
    }
}

macro_rules! int_attr {
    ($($t:ty),*) => {$(
        impl AttrValue for $t {
            fn write_attr(&self, out: &mut String) {
                out.push_str(itoa::Buffer::new().format(*self));
            }
        }
    )*};
}
int_attr!(i32, i64, u8, u16, u32, u64, usize);

pub struct Xml {
    buf: String,
    pretty: bool,
    depth: usize,
}

impl Xml {
    /// Starts a part with the XML declaration Office writes.
    pub fn new(pretty: bool) -> Xml {
        // Room for a slide's XML (5-15 KB) without regrowing; parts are written one at a time.
        let mut buf = String::with_capacity(16 * 1024);
        buf.push_str(r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#);
        // Office ends the declaration with CRLF; pretty output uses plain LF throughout.
        buf.push_str(if pretty { "\n" } else { "\r\n" });
        Xml {
            buf,
            pretty,
            depth: 0,
        }
    }

    fn indent(&mut self) {
        if self.pretty {
            for _ in 0..self.depth {
                self.buf.push_str("  ");
            }
        }
    }

    fn newline(&mut self) {
        if self.pretty {
            self.buf.push('\n');
        }
    }

    fn open_tag(&mut self, name: &str, attrs: &[Attr]) {
        self.indent();
        self.buf.push('<');
        self.buf.push_str(name);
        for (k, v) in attrs {
            self.buf.push(' ');
            self.buf.push_str(k);
            self.buf.push_str("=\"");
            v.write_attr(&mut self.buf);
            self.buf.push('"');
        }
    }

    /// `<name attrs>`; children follow until [`Xml::end`].
    pub fn start(&mut self, name: &str, attrs: &[Attr]) {
        self.open_tag(name, attrs);
        self.buf.push('>');
        self.newline();
        self.depth += 1;
    }

    /// `<name attrs/>`.
    pub fn empty(&mut self, name: &str, attrs: &[Attr]) {
        self.open_tag(name, attrs);
        self.buf.push_str("/>");
        self.newline();
    }

    /// `</name>`, closing the matching [`Xml::start`].
    pub fn end(&mut self, name: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.indent();
        self.buf.push_str("</");
        self.buf.push_str(name);
        self.buf.push('>');
        self.newline();
    }

    /// `<name attrs>text</name>` on one line.
    pub fn leaf(&mut self, name: &str, attrs: &[Attr], text: &str) {
        self.open_tag(name, attrs);
        self.buf.push('>');
        push_escaped(&mut self.buf, text, false);
        self.buf.push_str("</");
        self.buf.push_str(name);
        self.buf.push('>');
        self.newline();
    }

    /// A `<a:srgbClr val=".."/>` inside `<a:solidFill>`: written often enough to share.
    pub fn solid_fill(&mut self, hex: &str) {
        self.start("a:solidFill", &[]);
        self.empty("a:srgbClr", &[("val", &hex)]);
        self.end("a:solidFill");
    }

    /// Well-formed XML written as it is (an element carried from a template's part, whose
    /// prefixes the part's root declares).
    pub fn raw(&mut self, xml: &str) {
        self.indent();
        self.buf.push_str(xml);
        self.newline();
    }

    pub fn finish(self) -> Vec<u8> {
        self.buf.into_bytes()
    }
}

/// XML 1.0 `Char` production (surrogates cannot occur in a Rust `str`).
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{FFFD}' | '\u{10000}'..)
        && !matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// Appends `s` escaped for text (`attr = false`) or a double-quoted attribute value.
pub fn push_escaped(out: &mut String, s: &str, attr: bool) {
    let special = |c: char| {
        matches!(c, '&' | '<' | '>')
            || (attr && matches!(c, '"' | '\t' | '\n' | '\r'))
            || !is_xml_char(c)
    };
    if !s.chars().any(special) {
        out.push_str(s);
        return;
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\t' if attr => out.push_str("&#x9;"),
            '\n' if attr => out.push_str("&#xA;"),
            '\r' if attr => out.push_str("&#xD;"),
            c if !is_xml_char(c) => {}
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &str, attr: bool) -> String {
        let mut out = String::new();
        push_escaped(&mut out, s, attr);
        out
    }

    #[test]
    fn escapes_like_office() {
        assert_eq!(esc(r#"a&b<c>d"e'f"#, false), r#"a&amp;b&lt;c&gt;d"e'f"#);
        assert_eq!(esc(r#"a&b<c>d"e'f"#, true), "a&amp;b&lt;c&gt;d&quot;e'f");
        assert_eq!(esc("a\tb\nc", true), "a&#x9;b&#xA;c");
        assert_eq!(esc("a\tb\nc", false), "a\tb\nc");
    }

    #[test]
    fn drops_illegal_control_chars() {
        assert_eq!(esc("a\u{0}b\u{8}c\u{B}d\u{1F}e\u{FFFE}f", false), "abcdef");
        assert_eq!(esc("가\u{1}나", true), "가나");
    }

    #[test]
    fn pretty_and_compact() {
        let write = |pretty| {
            let mut x = Xml::new(pretty);
            x.start("r", &[("n", &1)]);
            x.empty("e", &[("v", &"<\"")]);
            x.leaf("t", &[], " a & b ");
            x.end("r");
            String::from_utf8(x.finish()).unwrap()
        };
        let decl = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#;
        assert_eq!(
            write(false),
            format!("{decl}\r\n<r n=\"1\"><e v=\"&lt;&quot;\"/><t> a &amp; b </t></r>")
        );
        assert_eq!(
            write(true),
            format!("{decl}\n<r n=\"1\">\n  <e v=\"&lt;&quot;\"/>\n  <t> a &amp; b </t>\n</r>\n")
        );
    }
}
