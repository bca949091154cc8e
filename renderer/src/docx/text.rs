//! Runs and paragraphs shared by every WordprocessingML part: text split into `w:t`, `w:br`
//! (a newline) and `w:tab`; run properties in the schema's order (CT_RPr); paragraph
//! properties in CT_PPrBase order.

use crate::opc::xml::Xml;
use specrender_spec::units::Cpt;

/// The WordprocessingML namespace (`w:`).
pub(crate) const NS_W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/// Run properties a run may carry (fonts and language come from the styles).
#[derive(Debug, Clone, Default)]
pub(crate) struct RunProps<'a> {
    pub style: Option<&'a str>,
    pub bold: bool,
    pub italic: bool,
    pub color: Option<String>,
    pub size: Option<Cpt>,
}

impl RunProps<'_> {
    fn is_empty(&self) -> bool {
        self.style.is_none()
            && !self.bold
            && !self.italic
            && self.color.is_none()
            && self.size.is_none()
    }

    pub(crate) fn write(&self, x: &mut Xml) {
        if self.is_empty() {
            return;
        }
        x.start("w:rPr", &[]);
        if let Some(s) = self.style {
            x.empty("w:rStyle", &[("w:val", &s)]);
        }
        if self.bold {
            x.empty("w:b", &[]);
            x.empty("w:bCs", &[]);
        }
        if self.italic {
            x.empty("w:i", &[]);
            x.empty("w:iCs", &[]);
        }
        if let Some(c) = &self.color {
            x.empty("w:color", &[("w:val", c)]);
        }
        if let Some(s) = self.size {
            let half = half_points(s);
            x.empty("w:sz", &[("w:val", &half)]);
            x.empty("w:szCs", &[("w:val", &half)]);
        }
        x.end("w:rPr");
    }
}

/// Centipoints to the half points `w:sz` takes (sizes are in 0.5 pt steps already).
pub(crate) fn half_points(c: Cpt) -> u32 {
    (c + 25) / 50
}

/// `<w:t>`, with `xml:space="preserve"` when the text has spaces at either end.
pub(crate) fn t(x: &mut Xml, text: &str) {
    if text.starts_with([' ', '\u{3000}']) || text.ends_with([' ', '\u{3000}']) {
        x.leaf("w:t", &[("xml:space", &"preserve")], text);
    } else {
        x.leaf("w:t", &[], text);
    }
}

/// One run (or several: a newline is `w:br`, a tab `w:tab`) of `text`.
pub(crate) fn runs(x: &mut Xml, text: &str, props: &RunProps<'_>) {
    if text.is_empty() {
        return;
    }
    x.start("w:r", &[]);
    props.write(x);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            x.empty("w:br", &[]);
        }
        for (j, piece) in line.trim_end_matches('\r').split('\t').enumerate() {
            if j > 0 {
                x.empty("w:tab", &[]);
            }
            if !piece.is_empty() {
                t(x, piece);
            }
        }
    }
    x.end("w:r");
}

/// Paragraph properties, written in CT_PPrBase order.
#[derive(Debug, Clone, Default)]
pub(crate) struct ParaProps<'a> {
    pub style: Option<&'a str>,
    pub keep_next: bool,
    /// (numId, ilvl)
    pub num: Option<(u32, u32)>,
    /// Korean text: `w:wordWrap w:val="1"` keeps Hangul words whole in Word.
    pub word_wrap: bool,
    pub spacing_after: Option<u32>,
    pub jc: Option<&'static str>,
}

impl ParaProps<'_> {
    pub(crate) fn write(&self, x: &mut Xml) {
        let empty = self.style.is_none()
            && !self.keep_next
            && self.num.is_none()
            && !self.word_wrap
            && self.spacing_after.is_none()
            && self.jc.is_none();
        if empty {
            return;
        }
        x.start("w:pPr", &[]);
        if let Some(s) = self.style {
            x.empty("w:pStyle", &[("w:val", &s)]);
        }
        if self.keep_next {
            x.empty("w:keepNext", &[]);
        }
        if let Some((id, lvl)) = self.num {
            x.start("w:numPr", &[]);
            x.empty("w:ilvl", &[("w:val", &lvl)]);
            x.empty("w:numId", &[("w:val", &id)]);
            x.end("w:numPr");
        }
        if self.word_wrap {
            x.empty("w:wordWrap", &[("w:val", &"1")]);
        }
        if let Some(a) = self.spacing_after {
            x.empty("w:spacing", &[("w:after", &a)]);
        }
        if let Some(j) = self.jc {
            x.empty("w:jc", &[("w:val", &j)]);
        }
        x.end("w:pPr");
    }
}

/// Does `text` hold Hangul (a paragraph that needs `w:wordWrap` outside a Korean document)?
pub(crate) fn has_hangul(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
    })
}

/// A simple field's current value written the way Word writes a complex field
/// (`begin` / instruction / `separate` / value / `end`), so every viewer shows the value
/// without updating fields.
pub(crate) fn field(x: &mut Xml, instr: &str, value: &str, props: &RunProps<'_>) {
    let fld = |x: &mut Xml, ty: &str| {
        x.start("w:r", &[]);
        props.write(x);
        x.empty("w:fldChar", &[("w:fldCharType", &ty)]);
        x.end("w:r");
    };
    fld(x, "begin");
    x.start("w:r", &[]);
    props.write(x);
    x.leaf("w:instrText", &[("xml:space", &"preserve")], instr);
    x.end("w:r");
    fld(x, "separate");
    x.start("w:r", &[]);
    props.write(x);
    t(x, value);
    x.end("w:r");
    fld(x, "end");
}
