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
    /// The complex-script face of the run's text (`w:rFonts w:cs`, with `w:hint="cs"`): the
    /// shipped face that draws it, the one layout measured it with.
    pub cs_font: Option<&'static str>,
}

impl RunProps<'_> {
    fn is_empty(&self) -> bool {
        self.style.is_none()
            && self.cs_font.is_none()
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
        if let Some(f) = self.cs_font {
            x.empty("w:rFonts", &[("w:cs", &f), ("w:hint", &"cs")]);
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

/// Runs of `text`: one per stretch of one complex script (its face named as `w:cs`), text in
/// other scripts and neutral characters staying with the stretch before them.
pub(crate) fn runs(x: &mut Xml, text: &str, props: &RunProps<'_>) {
    if !text
        .chars()
        .any(|c| c >= '\u{0590}' && specrender_fonts::complex_family(c).is_some())
    {
        return one_run(x, text, props);
    }
    let mut start = 0;
    let mut face: Option<&'static str> = None;
    for (i, c) in text.char_indices() {
        let f = specrender_fonts::complex_family(c);
        if f.is_some() && f != face && i > start {
            one_run(
                x,
                &text[start..i],
                &RunProps {
                    cs_font: face,
                    ..props.clone()
                },
            );
            start = i;
        }
        if f.is_some() {
            face = f;
        }
    }
    one_run(
        x,
        &text[start..],
        &RunProps {
            cs_font: face,
            ..props.clone()
        },
    );
}

/// One run (or several: a newline is `w:br`, a tab `w:tab`) of `text`.
fn one_run(x: &mut Xml, text: &str, props: &RunProps<'_>) {
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
    /// A right-to-left paragraph (its first strong character is): `w:bidi`.
    pub bidi: bool,
    /// `w:ind`: (start, hanging) twips; a negative hanging indent is written as `w:firstLine`.
    pub ind: Option<(i64, i64)>,
    /// The paragraph mark's run properties (`w:pPr/w:rPr`): an empty paragraph's line is as
    /// tall as its mark, so an empty table cell carries the cell's size (Writer 7.4 sized an
    /// empty cell's line by the style's 11 pt where the row's text was 10 pt: the row 1.15 pt
    /// taller than layout measured).
    pub mark: Option<RunProps<'a>>,
}

impl ParaProps<'_> {
    pub(crate) fn write(&self, x: &mut Xml) {
        let empty = self.style.is_none()
            && !self.keep_next
            && self.num.is_none()
            && !self.word_wrap
            && self.spacing_after.is_none()
            && self.jc.is_none()
            && !self.bidi
            && self.ind.is_none()
            && self.mark.as_ref().is_none_or(RunProps::is_empty);
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
        if self.bidi {
            x.empty("w:bidi", &[]);
        }
        if let Some(a) = self.spacing_after {
            x.empty("w:spacing", &[("w:after", &a)]);
        }
        if let Some((start, hanging)) = self.ind {
            let (k, v) = match hanging {
                h if h >= 0 => ("w:hanging", h),
                h => ("w:firstLine", -h),
            };
            x.empty("w:ind", &[("w:left", &start), (k, &v)]);
        }
        if let Some(j) = self.jc {
            x.empty("w:jc", &[("w:val", &j)]);
        }
        if let Some(m) = &self.mark {
            m.write(x);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn body(f: impl FnOnce(&mut Xml)) -> String {
        let mut x = Xml::new(false);
        f(&mut x);
        let s = String::from_utf8(x.finish()).unwrap();
        s.split_once("\r\n").unwrap().1.to_string()
    }

    #[test]
    fn newlines_and_tabs_become_breaks_and_tabs() {
        let s = body(|x| runs(x, "a\tb\nc ", &RunProps::default()));
        assert_eq!(
            s,
            r#"<w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t xml:space="preserve">c </w:t></w:r>"#
        );
        assert_eq!(body(|x| runs(x, "", &RunProps::default())), "");
    }

    #[test]
    fn run_and_paragraph_properties_keep_schema_order() {
        let props = RunProps {
            style: Some("S"),
            bold: true,
            color: Some("FFFFFF".into()),
            size: Some(950),
            ..Default::default()
        };
        assert_eq!(
            body(|x| props.write(x)),
            r#"<w:rPr><w:rStyle w:val="S"/><w:b/><w:bCs/><w:color w:val="FFFFFF"/><w:sz w:val="19"/><w:szCs w:val="19"/></w:rPr>"#
        );
        let p = ParaProps {
            style: Some("ListNumber"),
            keep_next: true,
            num: Some((3, 0)),
            word_wrap: true,
            jc: Some("right"),
            ..Default::default()
        };
        assert_eq!(
            body(|x| p.write(x)),
            r#"<w:pPr><w:pStyle w:val="ListNumber"/><w:keepNext/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr><w:wordWrap w:val="1"/><w:jc w:val="right"/></w:pPr>"#
        );
    }

    #[test]
    fn fields_carry_their_current_value() {
        let s = body(|x| field(x, " SEQ Figure \\* ARABIC ", "2", &RunProps::default()));
        assert!(s.contains(r#"<w:fldChar w:fldCharType="begin"/>"#));
        assert!(
            s.contains(r#"<w:instrText xml:space="preserve"> SEQ Figure \* ARABIC </w:instrText>"#)
        );
        assert!(s.contains("<w:t>2</w:t>"));
        assert!(s.ends_with(r#"<w:r><w:fldChar w:fldCharType="end"/></w:r>"#));
        assert!(has_hangul("a 한") && !has_hangul("漢字かな"));
    }
}
