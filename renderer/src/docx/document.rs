//! `word/document.xml`: the title and subtitle, every block in order, the reference list
//! (list mode), and the section (page size and margins from layout, in twips).

use super::figure::figure;
use super::numbering::ListNums;
use super::table::table;
use super::text::{has_hangul, runs, ParaProps, RunProps, NS_W};
use crate::opc::rels::RelId;
use crate::opc::xml::{Xml, NS_A, NS_R};
use specrender_model::doc::EMU_PER_TWIP;
use specrender_model::doc::{CitationStyle, LaidBlock, LaidContent, LaidDoc};
use specrender_spec::deck::LangFamily;
use specrender_spec::tokens::BlockStyleRead;
use specrender_spec::units::Cpt;

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

const NS_WP: &str = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing";
const NS_PIC: &str = "http://schemas.openxmlformats.org/drawingml/2006/picture";

/// What the body writer needs besides the laid document.
pub(crate) struct Body<'a> {
    pub laid: &'a LaidDoc,
    pub nums: ListNums,
    /// Per block: the image relationship of its figure.
    pub images: Vec<Option<RelId>>,
    /// The template's headers and footers: (header?, kind, relationship).
    pub furniture: Vec<(bool, String, RelId)>,
}

impl Body<'_> {
    /// Paragraph properties with `w:wordWrap` for Hangul text ([`keeps_korean_words`]) and
    /// `w:bidi` for a right-to-left paragraph.
    pub(crate) fn para<'s>(&'s self, style: Option<&'s str>, text: &str) -> ParaProps<'s> {
        ParaProps {
            style: style.map(|s| self.laid.style_id(s)),
            word_wrap: keeps_korean_words(self.laid, text),
            bidi: specrender_fonts::starts_right_to_left(text),
            ..Default::default()
        }
    }
}

/// Does a paragraph of `text` need its own `w:wordWrap w:val="1"` (Word keeps Hangul words
/// whole)? When it holds Hangul, except in a Korean document in our own styles, whose `Normal`
/// has it; every paragraph of a Korean document on a template (its `Normal` is theirs).
pub(crate) fn keeps_korean_words(laid: &LaidDoc, text: &str) -> bool {
    match (laid.lang, &laid.look) {
        // On a template every paragraph of a Korean document says so itself.
        (LangFamily::Korean, Some(_)) => true,
        (LangFamily::Korean, None) => false,
        _ => has_hangul(text),
    }
}

/// Localised labels: (figure, table, references heading, separator after the number).
pub(crate) use specrender_model::doc::labels;

pub(crate) fn document_xml(body: &Body<'_>, pretty: bool) -> Vec<u8> {
    let laid = body.laid;
    let mut x = Xml::new(pretty);
    x.start(
        "w:document",
        &[
            ("xmlns:w", &NS_W),
            ("xmlns:r", &NS_R),
            ("xmlns:wp", &NS_WP),
            ("xmlns:a", &NS_A),
            ("xmlns:pic", &NS_PIC),
        ],
    );
    x.start("w:body", &[]);
    simple(&mut x, body, "Title", &laid.title, None);
    if let Some(s) = &laid.subtitle {
        simple(&mut x, body, "Subtitle", s, None);
    }
    for (i, b) in laid.blocks.iter().enumerate() {
        block(&mut x, body, i, b);
    }
    if laid.citations == CitationStyle::List && !laid.listed.is_empty() {
        reference_list(&mut x, body);
    }
    section(&mut x, body);
    x.end("w:body");
    x.end("w:document");
    x.finish()
}

/// One paragraph of `text` in `style`, with the block's citations at its end.
fn simple(x: &mut Xml, body: &Body<'_>, style: &str, text: &str, cites: Option<&LaidBlock>) {
    styled(x, body, style, text, cites, &BlockStyleRead::default());
}

/// The paragraph and run properties a block's `style` sets: `w:jc` (justify: `both`), bold,
/// italic, colour and size on its text runs.
fn block_props<'p>(
    st: &BlockStyleRead,
    mut p: ParaProps<'p>,
) -> (ParaProps<'p>, RunProps<'static>) {
    if let Some(a) = st.align {
        p.jc = Some(if a == "justify" { "both" } else { a });
    }
    let r = RunProps {
        bold: st.bold == Some(true),
        italic: st.italic == Some(true),
        color: st.color.map(|(r, g, b)| format!("{r:02X}{g:02X}{b:02X}")),
        size: st.size_pt.map(|pt| (pt * 2.0).round() as Cpt * 50),
        ..Default::default()
    };
    (p, r)
}

fn styled(
    x: &mut Xml,
    body: &Body<'_>,
    style: &str,
    text: &str,
    cites: Option<&LaidBlock>,
    st: &BlockStyleRead,
) {
    x.start("w:p", &[]);
    let (p, r) = block_props(st, body.para(Some(style), text));
    p.write(x);
    runs(x, text, &r);
    if let Some(b) = cites {
        citations(x, body, b);
    }
    x.end("w:p");
}

/// A block's citations: footnote references, or `[n]` keys in list mode.
pub(crate) fn citations(x: &mut Xml, body: &Body<'_>, b: &LaidBlock) {
    match body.laid.citations {
        CitationStyle::Footnotes => {
            for &(n, _) in &b.cites {
                x.start("w:r", &[]);
                RunProps {
                    style: Some(body.laid.style_id("FootnoteReference")),
                    ..Default::default()
                }
                .write(x);
                x.empty("w:footnoteReference", &[("w:id", &n)]);
                x.end("w:r");
            }
        }
        CitationStyle::List => {
            if !b.cites.is_empty() {
                let keys: Vec<String> = b.cites.iter().map(|(n, _)| format!("[{n}]")).collect();
                runs(x, &format!(" {}", keys.join("")), &RunProps::default());
            }
        }
    }
}

fn block(x: &mut Xml, body: &Body<'_>, i: usize, b: &LaidBlock) {
    match &b.content {
        LaidContent::Heading { level, text } => {
            styled(x, body, &format!("Heading{level}"), text, Some(b), &b.style);
        }
        LaidContent::Paragraph { text } => styled(x, body, "Normal", text, Some(b), &b.style),
        LaidContent::List { ordered, items } => {
            let style = if *ordered { "ListNumber" } else { "ListBullet" };
            for (k, item) in items.iter().enumerate() {
                x.start("w:p", &[]);
                let (mut p, r) = block_props(&b.style, body.para(Some(style), item));
                p.num = Some((body.nums.blocks[i], 0));
                // A right-to-left item whose numbering sets the label on the margin: its own
                // indent, the number moved in (Writer draws the label from it towards the
                // margin; layout measured the item at this indent).
                if p.bidi {
                    p.ind = b.rtl_indent;
                }
                p.write(x);
                runs(x, item, &r);
                if k + 1 == items.len() {
                    citations(x, body, b);
                }
                x.end("w:p");
            }
        }
        LaidContent::Table(t) => table(x, body, b, t),
        LaidContent::Figure(f) => figure(x, body, b, f, body.images[i]),
        LaidContent::Quote { text, attribution } => {
            styled(
                x,
                body,
                "Quote",
                text,
                attribution.is_none().then_some(b),
                &b.style,
            );
            if let Some(a) = attribution {
                x.start("w:p", &[]);
                let mut p = body.para(Some("Quote"), a);
                p.jc = Some("right");
                p.write(x);
                runs(x, &format!("\u{2014} {a}"), &RunProps::default());
                citations(x, body, b);
                x.end("w:p");
            }
        }
        LaidContent::PageBreak => {
            x.start("w:p", &[]);
            x.start("w:r", &[]);
            x.empty("w:br", &[("w:type", &"page")]);
            x.end("w:r");
            x.end("w:p");
        }
    }
}

/// List mode: a `Heading1` and one numbered paragraph per reference, in number order.
fn reference_list(x: &mut Xml, body: &Body<'_>) {
    let laid = body.laid;
    let (_, _, heading, _) = labels(laid.lang);
    simple(x, body, "Heading1", heading, None);
    for (k, &r) in laid.listed.iter().enumerate() {
        let text = format!("[{}] {}", k + 1, laid.references[r].text());
        simple(x, body, "Normal", &text, None);
    }
}

/// The section: on a template its headers and footers first (CT_SectPr order), its
/// orientation, columns, title page and line grid; page size and margins from layout.
fn section(x: &mut Xml, body: &Body<'_>) {
    let laid = body.laid;
    let p = &laid.page;
    let tw = |e: i64| e / EMU_PER_TWIP;
    x.start("w:sectPr", &[]);
    for header in [true, false] {
        for (_, kind, rel) in body.furniture.iter().filter(|f| f.0 == header) {
            let el = if header {
                "w:headerReference"
            } else {
                "w:footerReference"
            };
            x.empty(el, &[("w:type", &kind.as_str()), ("r:id", rel)]);
        }
    }
    // Our own page, or the template's last section's (its orientation, columns, title page
    // and grid; the page numbers were resolved into `p`).
    let s = laid.look.as_ref().map(|t| &t.section);
    let (w, h) = (tw(p.width), tw(p.height));
    if s.is_some_and(|s| s.landscape) {
        x.empty(
            "w:pgSz",
            &[("w:w", &w), ("w:h", &h), ("w:orient", &"landscape")],
        );
    } else {
        x.empty("w:pgSz", &[("w:w", &w), ("w:h", &h)]);
    }
    x.empty(
        "w:pgMar",
        &[
            ("w:top", &tw(p.margins[0])),
            ("w:right", &tw(p.margins[1])),
            ("w:bottom", &tw(p.margins[2])),
            ("w:left", &tw(p.margins[3])),
            ("w:header", &tw(p.header)),
            ("w:footer", &tw(p.footer)),
            ("w:gutter", &tw(p.gutter)),
        ],
    );
    // The template's columns: their own widths where it gives them (what layout measured the
    // narrowest of), a line between them where it asks.
    let line = s.is_some_and(|s| s.column_line);
    let widths = s
        .map(|s| s.column_widths.as_slice())
        .filter(|w| w.len() > 1 && p.column_min > 0);
    match (p.columns, widths) {
        (Some((n, space)), Some(widths)) => {
            let space = tw(space);
            let mut a: Vec<crate::opc::xml::Attr> =
                vec![("w:num", &n), ("w:space", &space), ("w:equalWidth", &"0")];
            if line {
                a.push(("w:sep", &"1"));
            }
            x.start("w:cols", &a);
            for (w, space) in widths {
                x.empty("w:col", &[("w:w", w), ("w:space", space)]);
            }
            x.end("w:cols");
        }
        (Some((n, space)), None) if line => x.empty(
            "w:cols",
            &[("w:num", &n), ("w:space", &tw(space)), ("w:sep", &"1")],
        ),
        (Some((n, space)), None) => x.empty("w:cols", &[("w:num", &n), ("w:space", &tw(space))]),
        (None, _) => x.empty(
            "w:cols",
            &[("w:space", &s.and_then(|s| s.column_space).unwrap_or(720))],
        ),
    }
    if s.is_some_and(|s| s.title_page) {
        x.empty("w:titlePg", &[]);
    }
    match s.and_then(|s| s.doc_grid.as_ref()) {
        Some((ty, pitch)) if ty != "default" => {
            let pitch = pitch.unwrap_or(360);
            x.empty(
                "w:docGrid",
                &[("w:type", &ty.as_str()), ("w:linePitch", &pitch)],
            );
        }
        Some((_, pitch)) => x.empty("w:docGrid", &[("w:linePitch", &pitch.unwrap_or(360))]),
        None => x.empty("w:docGrid", &[("w:linePitch", &360)]),
    }
    x.end("w:sectPr");
}
