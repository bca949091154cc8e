//! DrawingML text bodies (`p:txBody`) from the laid-out [`TextBox`]: every property layout
//! decided is written explicitly (insets, anchor, line pitch, spacing, fonts, size), so a
//! viewer wraps the text with our numbers, not with inherited defaults.
//!
//! Element order follows the schema sequences (ECMA-376 Part 1, §21.1.2):
//! `CT_TextBodyProperties` (autofit choice), `CT_TextParagraphProperties` (lnSpc, spcBef, spcAft,
//! bullet font, bullet), `CT_TextCharacterProperties` (fill, then latin, ea, cs).

use crate::opc::xml::{Attr, Xml};
use specrender_model::{Align, Anchor, Autofit, Insets, Paragraph, Run, TextBox, TextField};
use specrender_spec::deck::Cpt;

/// `ST_TextFontSize`: 1..4000 pt in centipoints.
pub(crate) fn font_size(size: Cpt) -> Cpt {
    size.clamp(100, 400_000)
}

/// `ST_TextSpacingPoint`: 0..1584 pt in centipoints.
fn spacing_pts(v: Cpt) -> Cpt {
    v.min(158_400)
}

const MAX_MARGIN: i64 = 51_206_400;

pub(crate) fn body_pr(x: &mut Xml, insets: Insets, anchor: Anchor, autofit: Autofit) {
    body_pr_columns(x, insets, anchor, autofit, 1, 0);
}

/// `a:bodyPr` with `columns` text columns `gap` EMU apart (`numCol`/`spcCol`, written only
/// for more than one column; PowerPoint and LibreOffice fill column 1 first).
pub(crate) fn body_pr_columns(
    x: &mut Xml,
    insets: Insets,
    anchor: Anchor,
    autofit: Autofit,
    columns: u8,
    gap: i64,
) {
    let anchor = match anchor {
        Anchor::Top => "t",
        Anchor::Middle => "ctr",
        Anchor::Bottom => "b",
    };
    let (cols, gap) = (columns.clamp(1, 16), gap.clamp(0, 51_206_400));
    if cols > 1 {
        x.start(
            "a:bodyPr",
            &[
                ("wrap", &"square"),
                ("lIns", &insets.l),
                ("tIns", &insets.t),
                ("rIns", &insets.r),
                ("bIns", &insets.b),
                ("numCol", &cols),
                ("spcCol", &gap),
                ("rtlCol", &0),
                ("anchor", &anchor),
            ],
        );
    } else {
        x.start(
            "a:bodyPr",
            &[
                ("wrap", &"square"),
                ("lIns", &insets.l),
                ("tIns", &insets.t),
                ("rIns", &insets.r),
                ("bIns", &insets.b),
                ("rtlCol", &0),
                ("anchor", &anchor),
            ],
        );
    }
    match autofit {
        Autofit::Shrink => x.empty("a:normAutofit", &[]),
        Autofit::None => x.empty("a:noAutofit", &[]),
    }
    x.end("a:bodyPr");
}

/// The `p:txBody` of a laid-out text box. `fallback_lang` is used for paragraphs without one.
pub(crate) fn text_body(x: &mut Xml, tb: &TextBox, autofit: Autofit, fallback_lang: &str) {
    x.start("p:txBody", &[]);
    body_pr_columns(x, tb.insets, tb.anchor, autofit, tb.columns, tb.column_gap);
    x.empty("a:lstStyle", &[]);
    let style = RunStyle {
        size: font_size(tb.size),
        bold: tb.bold,
        color: tb.color.hex(),
    };
    if tb.paragraphs.is_empty() {
        // CT_TextBody needs at least one paragraph.
        x.start("a:p", &[]);
        style.end_para(x, fallback_lang);
        x.end("a:p");
    }
    for p in &tb.paragraphs {
        match tb.field {
            Some(TextField::SlideNumber) => {
                let lang = if p.lang.is_empty() {
                    fallback_lang
                } else {
                    &p.lang
                };
                field_paragraph(x, p, tb.align, &style, lang, "slidenum");
            }
            None => paragraph(x, p, tb.align, &style, fallback_lang),
        }
    }
    x.end("p:txBody");
}

/// Run properties shared by every run of a box.
pub(crate) struct RunStyle {
    pub size: Cpt,
    pub bold: bool,
    pub color: String,
}

impl RunStyle {
    fn r_pr(&self, x: &mut Xml, tag: &str, lang: &str, fonts: Option<(&str, &str, &str)>) {
        let b = if self.bold { "1" } else { "0" };
        let attrs: &[crate::opc::xml::Attr] = &[
            ("lang", &lang),
            ("altLang", &"en-US"),
            ("sz", &self.size),
            ("b", &b),
            ("dirty", &0),
        ];
        // An empty `lang` is not a language tag: leave it to inheritance.
        let attrs = if lang.is_empty() { &attrs[1..] } else { attrs };
        x.start(tag, attrs);
        x.solid_fill(&self.color);
        if let Some((latin, ea, cs)) = fonts {
            for (tag, face) in [("a:latin", latin), ("a:ea", ea), ("a:cs", cs)] {
                if !face.is_empty() {
                    x.empty(tag, &[("typeface", &face)]);
                }
            }
        }
        x.end(tag);
    }

    pub(crate) fn end_para(&self, x: &mut Xml, lang: &str) {
        let b = if self.bold { "1" } else { "0" };
        if lang.is_empty() {
            x.empty(
                "a:endParaRPr",
                &[("sz", &self.size), ("b", &b), ("dirty", &0)],
            );
        } else {
            x.empty(
                "a:endParaRPr",
                &[
                    ("lang", &lang),
                    ("altLang", &"en-US"),
                    ("sz", &self.size),
                    ("b", &b),
                    ("dirty", &0),
                ],
            );
        }
    }
}

pub(crate) fn paragraph(
    x: &mut Xml,
    p: &Paragraph,
    align: Align,
    style: &RunStyle,
    fallback_lang: &str,
) {
    let lang = if p.lang.is_empty() {
        fallback_lang
    } else {
        &*p.lang
    };
    // hangingPunct="0": no punctuation may hang past the right edge. LibreOffice otherwise lets
    // a paragraph's last character ("합니다." / "缩短了一半。") hang outside the box instead of
    // moving the word down, which layout does not predict (conformance finding); PowerPoint
    // honours the same flag, so both viewers apply kinsoku as layout does.
    x.start("a:p", &[]);
    p_pr(x, p, align);
    for (text, run) in segments(&p.text, &p.runs) {
        let fonts = run.map(|r| (&*r.latin, &*r.ea, &*r.cs));
        write_run_text(x, text, |x, tag| style.r_pr(x, tag, lang, fonts));
    }
    style.end_para(x, lang);
    x.end("a:p");
}

/// A paragraph holding one field (`a:fld type`) whose current value is the paragraph's text
/// (the slide number): viewers show their own value, which layout made equal to this one.
fn field_paragraph(
    x: &mut Xml,
    p: &Paragraph,
    align: Align,
    style: &RunStyle,
    lang: &str,
    ty: &str,
) {
    x.start("a:p", &[]);
    p_pr(x, p, align);
    let fonts = p.runs.first().map(|r| (&*r.latin, &*r.ea, &*r.cs));
    // ST_Guid; the id PowerPoint gives its own slide-number fields.
    x.start("a:fld", &[("id", &SLIDENUM_FIELD_ID), ("type", &ty)]);
    style.r_pr(x, "a:rPr", lang, fonts);
    x.leaf("a:t", &[], &p.text);
    x.end("a:fld");
    style.end_para(x, lang);
    x.end("a:p");
}

const SLIDENUM_FIELD_ID: &str = "{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}";

/// `a:pPr`: margins, alignment (mirrored for right-to-left), line breaking, pitch, spacing,
/// bullet.
fn p_pr(x: &mut Xml, p: &Paragraph, align: Align) {
    // A right-to-left paragraph mirrors the box's alignment: its text starts at the right.
    let algn = match (align, p.rtl) {
        (Align::Left, false) | (Align::Right, true) => "l",
        (Align::Center, _) => "ctr",
        (Align::Right, false) | (Align::Left, true) => "r",
    };
    let mar_l = p.margin_left.clamp(0, MAX_MARGIN);
    let indent = p.indent.clamp(-MAX_MARGIN, MAX_MARGIN);
    let ea_ln_brk = if p.ea_line_break { "1" } else { "0" };
    let attrs: [Attr; 7] = [
        ("marL", &mar_l),
        ("indent", &indent),
        ("algn", &algn),
        ("rtl", &1),
        ("eaLnBrk", &ea_ln_brk),
        ("latinLnBrk", &0),
        ("hangingPunct", &0),
    ];
    // `rtl` only where it is set (false is the default).
    let attrs: Vec<_> = attrs
        .into_iter()
        .filter(|(k, _)| *k != "rtl" || p.rtl)
        .collect();
    x.start("a:pPr", &attrs);
    for (tag, v) in [
        ("a:lnSpc", p.line_pitch),
        ("a:spcBef", p.space_before),
        ("a:spcAft", p.space_after),
    ] {
        x.start(tag, &[]);
        x.empty("a:spcPts", &[("val", &spacing_pts(v))]);
        x.end(tag);
    }
    match &p.bullet {
        Some(b) => {
            if !b.font.is_empty() {
                x.empty("a:buFont", &[("typeface", &&*b.font)]);
            }
            x.empty("a:buChar", &[("char", &b.char)]);
        }
        None => x.empty("a:buNone", &[]),
    }
    x.end("a:pPr");
}

/// Writes `text` as `a:r` elements, turning line breaks (`\n`, `\r\n`, `\r`, vertical tab) into
/// `a:br` (layout never puts one inside a paragraph; this keeps a stray one visible and valid).
pub(crate) fn write_run_text(x: &mut Xml, text: &str, r_pr: impl Fn(&mut Xml, &str)) {
    let normalized;
    let text = if text.contains('\r') {
        normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        normalized.as_str()
    } else {
        text
    };
    for (i, piece) in text.split(['\n', '\u{B}']).enumerate() {
        if i > 0 {
            x.start("a:br", &[]);
            r_pr(x, "a:rPr");
            x.end("a:br");
        }
        if !piece.is_empty() {
            x.start("a:r", &[]);
            r_pr(x, "a:rPr");
            x.leaf("a:t", &[], piece);
            x.end("a:r");
        }
    }
}

/// Splits `text` into consecutive slices with the run that covers each. Runs are expected to
/// tile the text in order; gaps or ranges off a char boundary are written with the nearest
/// run's fonts instead of being dropped, so no text is ever lost.
fn segments<'a>(text: &'a str, runs: &'a [Run]) -> Vec<(&'a str, Option<&'a Run>)> {
    let mut out = Vec::new();
    let mut cursor = 0;
    for run in runs {
        let end = run.end.min(text.len());
        if end <= cursor || !text.is_char_boundary(end) {
            continue;
        }
        // Anything before this run's end not yet written (including a gap) takes its fonts.
        out.push((&text[cursor..end], Some(run)));
        cursor = end;
    }
    if cursor < text.len() {
        out.push((&text[cursor..], runs.last()));
    }
    out.retain(|(s, _)| !s.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(start: usize, end: usize, latin: &str) -> Run {
        Run {
            start,
            end,
            latin: latin.into(),
            ea: "EA".into(),
            cs: "CS".into(),
            fallback: None,
        }
    }

    #[test]
    fn segments_tile_the_text() {
        let text = "abc 가나";
        let runs = [run(0, 4, "L"), run(4, text.len(), "K")];
        let s = segments(text, &runs);
        assert_eq!(
            s.iter().map(|(t, _)| *t).collect::<Vec<_>>(),
            ["abc ", "가나"]
        );
        assert_eq!(&*s[1].1.unwrap().latin, "K");
    }

    #[test]
    fn segments_survive_bad_runs() {
        let text = "abc 가나";
        // A gap, a range ending inside a character, and a run past the end.
        let runs = [run(1, 2, "A"), run(2, 5, "B"), run(4, 99, "C")];
        let s = segments(text, &runs);
        let joined: String = s.iter().map(|(t, _)| *t).collect();
        assert_eq!(joined, text);
        assert!(segments("xy", &[]).iter().all(|(_, r)| r.is_none()));
    }
}
