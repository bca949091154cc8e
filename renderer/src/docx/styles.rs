//! `word/styles.xml`: real Word styles, so navigation, a table of contents and restyling
//! work. Style ids are Word's own (`Title`, `Heading1`...), names are Word's built-in names
//! (`heading 1`, which Word and python-docx show as "Heading 1").
//!
//! - document defaults: the body fonts (`w:rFonts` ascii/hAnsi/cs = body font, eastAsia = the
//!   East Asian body font), the body size and `w:lang` from the document's language;
//! - `Normal` (Korean documents: `w:wordWrap w:val="1"`, which every style inherits);
//! - `Title`, `Subtitle`; `Heading1`–`Heading6` with outline levels 0–5, keep-with-next and
//!   keep-lines, in the heading fonts;
//! - `ListBullet`, `ListNumber` (numbering from `numbering.xml`), `Quote`, `Caption`,
//!   `FootnoteText`, `FootnoteReference`, and the table style `SpecTable` (thin borders in the
//!   muted colour, 6 pt cell margins left and right).

mod on_template;

pub(crate) use on_template::styles_on;

use super::numbering::ListNums;
use super::text::{half_points, NS_W};
use crate::opc::xml::Xml;
use specrender_model::doc::LaidDoc;
use specrender_model::doc_look::DocLook;
use specrender_spec::deck::LangFamily;
use specrender_spec::units::Cpt;

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml";

struct Style<'a> {
    id: &'a str,
    name: &'a str,
    kind: &'a str,
    based_on: Option<&'a str>,
    /// `w:next`: the style of the paragraph after (the `Normal` written, whatever its id).
    next: Option<&'a str>,
}

fn start_style(x: &mut Xml, s: &Style<'_>, default: bool) {
    if default {
        x.start(
            "w:style",
            &[
                ("w:type", &s.kind),
                ("w:default", &"1"),
                ("w:styleId", &s.id),
            ],
        );
    } else {
        x.start("w:style", &[("w:type", &s.kind), ("w:styleId", &s.id)]);
    }
    x.empty("w:name", &[("w:val", &s.name)]);
    if let Some(b) = s.based_on {
        x.empty("w:basedOn", &[("w:val", &b)]);
    }
    if let Some(n) = s.next {
        x.empty("w:next", &[("w:val", &n)]);
    }
    x.empty("w:qFormat", &[]);
}

fn fonts(x: &mut Xml, latin: &str, ea: &str) {
    x.empty(
        "w:rFonts",
        &[
            ("w:ascii", &latin),
            ("w:hAnsi", &latin),
            ("w:eastAsia", &ea),
            ("w:cs", &latin),
        ],
    );
}

fn size(x: &mut Xml, c: Cpt) {
    let h = half_points(c);
    x.empty("w:sz", &[("w:val", &h)]);
    x.empty("w:szCs", &[("w:val", &h)]);
}

/// `w:lang`: the language for Latin text, and for East Asian text in a CJK document.
pub(crate) fn lang(x: &mut Xml, laid: &LaidDoc) {
    if laid.lang == LangFamily::Other {
        x.empty("w:lang", &[("w:val", &laid.run_lang)]);
    } else {
        x.empty(
            "w:lang",
            &[("w:val", &"en-US"), ("w:eastAsia", &laid.run_lang)],
        );
    }
}

fn doc_defaults(x: &mut Xml, laid: &LaidDoc) {
    let f = &laid.theme.fonts;
    x.start("w:docDefaults", &[]);
    x.start("w:rPrDefault", &[]);
    x.start("w:rPr", &[]);
    fonts(x, &f.body, &f.body_ea);
    x.empty("w:color", &[("w:val", &laid.theme.colors.text.hex())]);
    size(x, laid.theme.sizes.body);
    lang(x, laid);
    x.end("w:rPr");
    x.end("w:rPrDefault");
    x.start("w:pPrDefault", &[]);
    x.start("w:pPr", &[]);
    // Punctuation never hangs past the margin in LibreOffice Writer: its DOCX import reads this
    // flag inverted (absent or "0" import as hanging punctuation, "1" as none), while "1" is
    // Word's own default (East Asian punctuation may overflow), so Word is unchanged by it.
    x.empty("w:overflowPunct", &[("w:val", &"1")]);
    x.empty(
        "w:spacing",
        &[
            ("w:after", &"120"),
            ("w:line", &"276"),
            ("w:lineRule", &"auto"),
        ],
    );
    x.end("w:pPr");
    x.end("w:pPrDefault");
    x.end("w:docDefaults");
}

/// A paragraph style: `ppr` writes inside `w:pPr`, `rpr` inside `w:rPr`.
fn para_style(x: &mut Xml, s: Style<'_>, ppr: impl FnOnce(&mut Xml), rpr: impl FnOnce(&mut Xml)) {
    start_style(x, &s, false);
    x.start("w:pPr", &[]);
    ppr(x);
    x.end("w:pPr");
    x.start("w:rPr", &[]);
    rpr(x);
    x.end("w:rPr");
    x.end("w:style");
}

/// Style ids as written: ours, or on a template the template's for the roles it has (those
/// styles are not written) and its `Normal`, default character and table styles as bases.
struct Ids<'a> {
    laid: &'a LaidDoc,
    normal: &'a str,
    /// The default character style (`Default Paragraph Font`).
    dpf: Option<&'a str>,
    /// The base of our table style (`Normal Table`, written with it); `None` on a template.
    table: Option<&'a str>,
    /// On a template: [`role_styles`] writes the `Normal` too when the template has none
    /// (no default paragraph style and none named `Normal`), so every paragraph's `w:pStyle`
    /// and every `w:basedOn` / `w:next` names a style the output has.
    on_template: bool,
}

impl<'a> Ids<'a> {
    fn ours(laid: &'a LaidDoc) -> Ids<'a> {
        Ids {
            laid,
            normal: "Normal",
            dpf: Some("DefaultParagraphFont"),
            table: Some("TableNormal"),
            on_template: false,
        }
    }

    fn on(laid: &'a LaidDoc, t: &'a DocLook) -> Ids<'a> {
        Ids {
            laid,
            normal: laid.style_id("Normal"),
            dpf: t.default_character_style.as_deref(),
            // Our table style stands alone on a template: a template's default table style
            // may carry conditional formatting that changes what layout measured (pandoc's
            // `Table` made Writer drop the body rows of a table whose header row ended a page).
            table: None,
            on_template: true,
        }
    }

    fn writes(&self, ours: &str) -> bool {
        self.laid.writes_style(ours)
    }

    fn para(&self, ours: &'a str, name: &'a str) -> Style<'a> {
        Style {
            id: self.laid.style_id(ours),
            name,
            kind: "paragraph",
            based_on: Some(self.normal),
            next: Some(self.normal),
        }
    }
}

pub(crate) fn styles_xml(laid: &LaidDoc, nums: &ListNums, pretty: bool) -> Vec<u8> {
    let korean = laid.lang == LangFamily::Korean;
    let mut x = Xml::new(pretty);
    x.start("w:styles", &[("xmlns:w", &NS_W)]);
    doc_defaults(&mut x, laid);
    let normal = Style {
        id: "Normal",
        name: "Normal",
        kind: "paragraph",
        based_on: None,
        next: None,
    };
    start_style(&mut x, &normal, true);
    if korean {
        x.start("w:pPr", &[]);
        x.empty("w:wordWrap", &[("w:val", &"1")]);
        x.end("w:pPr");
    }
    x.end("w:style");
    let dpf = Style {
        id: "DefaultParagraphFont",
        name: "Default Paragraph Font",
        kind: "character",
        based_on: None,
        next: None,
    };
    x.start(
        "w:style",
        &[
            ("w:type", &"character"),
            ("w:default", &"1"),
            ("w:styleId", &dpf.id),
        ],
    );
    x.empty("w:name", &[("w:val", &dpf.name)]);
    x.empty("w:uiPriority", &[("w:val", &"1")]);
    x.empty("w:semiHidden", &[]);
    x.empty("w:unhideWhenUsed", &[]);
    x.end("w:style");
    role_styles(&mut x, laid, &Ids::ours(laid), nums);
    x.end("w:styles");
    x.finish()
}

/// The styles of our roles that `ids` says to write, and our table style.
fn role_styles(x: &mut Xml, laid: &LaidDoc, ids: &Ids<'_>, nums: &ListNums) {
    let muted = laid.theme.colors.muted.hex();
    opening_styles(x, laid, ids);
    for level in 1..=6u8 {
        heading(x, laid, ids, level);
    }
    if ids.writes("ListBullet") {
        list_style(x, ids.para("ListBullet", "List Bullet"), nums.bullet);
    }
    if ids.writes("ListNumber") {
        list_style(x, ids.para("ListNumber", "List Number"), nums.number());
    }
    text_styles(x, laid, ids);
    table_styles(x, ids, &muted);
}

fn heading(x: &mut Xml, laid: &LaidDoc, ids: &Ids<'_>, level: u8) {
    let th = &laid.theme;
    let ours = format!("Heading{level}");
    if !ids.writes(&ours) {
        return;
    }
    let name = format!("heading {level}");
    let s = Style {
        id: laid.style_id(&ours),
        name: &name,
        kind: "paragraph",
        based_on: Some(ids.normal),
        next: Some(ids.normal),
    };
    let before = if level == 1 { "360" } else { "240" };
    para_style(
        x,
        s,
        |x| {
            x.empty("w:keepNext", &[]);
            x.empty("w:keepLines", &[]);
            x.empty("w:spacing", &[("w:before", &before), ("w:after", &"120")]);
            x.empty("w:outlineLvl", &[("w:val", &(level - 1))]);
        },
        |x| {
            fonts(x, &th.fonts.heading, &th.fonts.heading_ea);
            x.empty("w:b", &[]);
            x.empty("w:bCs", &[]);
            if level >= 5 {
                x.empty("w:i", &[]);
                x.empty("w:iCs", &[]);
            }
            x.empty("w:color", &[("w:val", &th.colors.primary.hex())]);
            size(x, laid.heading_sizes[usize::from(level.clamp(1, 6)) - 1]);
        },
    );
}

/// A list style tied to its base numbering instance (`num_id`); each list block still names
/// its own instance, so every ordered list restarts at 1.
fn list_style(x: &mut Xml, style: Style<'_>, num_id: u32) {
    para_style(
        x,
        style,
        |x| {
            x.start("w:numPr", &[]);
            x.empty("w:numId", &[("w:val", &num_id)]);
            x.end("w:numPr");
            x.empty("w:spacing", &[("w:after", &"60")]);
            x.empty("w:contextualSpacing", &[]);
        },
        |_| {},
    );
}

fn table_styles(x: &mut Xml, ids: &Ids<'_>, border: &str) {
    if ids.table.is_some() {
        x.start(
            "w:style",
            &[
                ("w:type", &"table"),
                ("w:default", &"1"),
                ("w:styleId", &"TableNormal"),
            ],
        );
        x.empty("w:name", &[("w:val", &"Normal Table")]);
        x.empty("w:uiPriority", &[("w:val", &"99")]);
        x.empty("w:semiHidden", &[]);
        x.empty("w:unhideWhenUsed", &[]);
        x.start("w:tblPr", &[]);
        x.empty("w:tblInd", &[("w:w", &"0"), ("w:type", &"dxa")]);
        cell_margins(x);
        x.end("w:tblPr");
        x.end("w:style");
    }
    x.start(
        "w:style",
        &[("w:type", &"table"), ("w:styleId", &"SpecTable")],
    );
    x.empty("w:name", &[("w:val", &"Spec Table")]);
    if let Some(b) = ids.table {
        x.empty("w:basedOn", &[("w:val", &b)]);
    }
    x.start("w:pPr", &[]);
    x.empty(
        "w:spacing",
        &[
            ("w:after", &"0"),
            ("w:line", &"240"),
            ("w:lineRule", &"auto"),
        ],
    );
    x.end("w:pPr");
    x.start("w:tblPr", &[]);
    if ids.table.is_none() {
        x.empty("w:tblInd", &[("w:w", &"0"), ("w:type", &"dxa")]);
    }
    x.start("w:tblBorders", &[]);
    for side in [
        "w:top",
        "w:left",
        "w:bottom",
        "w:right",
        "w:insideH",
        "w:insideV",
    ] {
        x.empty(
            side,
            &[
                ("w:val", &"single"),
                ("w:sz", &"4"),
                ("w:space", &"0"),
                ("w:color", &border),
            ],
        );
    }
    x.end("w:tblBorders");
    cell_margins(x);
    x.end("w:tblPr");
    x.end("w:style");
}

/// Cell margins: 2 pt top and bottom, 6 pt left and right (layout's `CELL_MARGIN_LR`).
fn cell_margins(x: &mut Xml) {
    x.start("w:tblCellMar", &[]);
    x.empty("w:top", &[("w:w", &"40"), ("w:type", &"dxa")]);
    x.empty("w:left", &[("w:w", &"120"), ("w:type", &"dxa")]);
    x.empty("w:bottom", &[("w:w", &"40"), ("w:type", &"dxa")]);
    x.empty("w:right", &[("w:w", &"120"), ("w:type", &"dxa")]);
    x.end("w:tblCellMar");
}

/// The paragraph styles that open a document: `Normal` (on a template without one), `Title`
/// and `Subtitle`.
fn opening_styles(x: &mut Xml, laid: &LaidDoc, ids: &Ids<'_>) {
    let th = &laid.theme;
    let f = &th.fonts;
    let primary = th.colors.primary.hex();
    let muted = th.colors.muted.hex();
    if ids.on_template && ids.writes("Normal") {
        // The template has no default paragraph style (`w:default`) and none named `Normal`:
        // ours is its default, saying nothing of its own (text takes the template's
        // document defaults, as layout measured it).
        let normal = Style {
            id: ids.normal,
            name: "Normal",
            kind: "paragraph",
            based_on: None,
            next: None,
        };
        start_style(x, &normal, true);
        x.end("w:style");
    }
    if ids.writes("Title") {
        para_style(
            x,
            ids.para("Title", "Title"),
            |x| {
                x.empty("w:spacing", &[("w:after", &"240")]);
                x.empty("w:contextualSpacing", &[]);
            },
            |x| {
                fonts(x, &f.heading, &f.heading_ea);
                x.empty("w:color", &[("w:val", &primary)]);
                x.empty("w:kern", &[("w:val", &"28")]);
                size(x, th.sizes.title);
            },
        );
    }
    if ids.writes("Subtitle") {
        para_style(
            x,
            ids.para("Subtitle", "Subtitle"),
            |x| {
                x.empty("w:spacing", &[("w:after", &"240")]);
            },
            |x| {
                fonts(x, &f.heading, &f.heading_ea);
                x.empty("w:color", &[("w:val", &muted)]);
                size(x, th.sizes.subtitle);
            },
        );
    }
}

/// The styles of text around the body: `Quote`, `Caption`, `FootnoteText` and the
/// `FootnoteReference` character style.
fn text_styles(x: &mut Xml, laid: &LaidDoc, ids: &Ids<'_>) {
    let th = &laid.theme;
    let muted = th.colors.muted.hex();
    if ids.writes("Quote") {
        para_style(
            x,
            ids.para("Quote", "Quote"),
            |x| {
                x.empty("w:spacing", &[("w:before", &"120"), ("w:after", &"120")]);
                x.empty("w:ind", &[("w:left", &"720"), ("w:right", &"720")]);
            },
            |x| {
                x.empty("w:i", &[]);
                x.empty("w:iCs", &[]);
                x.empty("w:color", &[("w:val", &muted)]);
            },
        );
    }
    if ids.writes("Caption") {
        para_style(
            x,
            ids.para("Caption", "caption"),
            |x| {
                x.empty(
                    "w:spacing",
                    &[
                        ("w:after", &"200"),
                        ("w:line", &"240"),
                        ("w:lineRule", &"auto"),
                    ],
                );
            },
            |x| {
                x.empty("w:i", &[]);
                x.empty("w:iCs", &[]);
                size(x, th.sizes.caption);
            },
        );
    }
    if ids.writes("FootnoteText") {
        para_style(
            x,
            ids.para("FootnoteText", "footnote text"),
            |x| {
                x.empty(
                    "w:spacing",
                    &[
                        ("w:after", &"0"),
                        ("w:line", &"240"),
                        ("w:lineRule", &"auto"),
                    ],
                );
            },
            |x| size(x, th.sizes.caption.max(th.sizes.body.saturating_sub(100))),
        );
    }
    if ids.writes("FootnoteReference") {
        x.start(
            "w:style",
            &[
                ("w:type", &"character"),
                ("w:styleId", &laid.style_id("FootnoteReference")),
            ],
        );
        x.empty("w:name", &[("w:val", &"footnote reference")]);
        if let Some(b) = ids.dpf {
            x.empty("w:basedOn", &[("w:val", &b)]);
        }
        x.start("w:rPr", &[]);
        x.empty("w:vertAlign", &[("w:val", &"superscript")]);
        x.end("w:rPr");
        x.end("w:style");
    }
}
