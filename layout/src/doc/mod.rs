//! Document layout (DocSpec): `Doc -> LaidDoc`. Word and Writer paginate; this stage decides
//! what they cannot: the page ([`page`]: A4 or Letter, margins), the width every block gets
//! (the text width), tables' column widths and size from measured content ([`table`]),
//! figures' extents (natural size at 96 dpi scaled down to the text width and to
//! [`figure_max_height`], aspect kept), caption numbers, citation numbers, and the page each
//! block lands on ([`flow`]: paragraph lines at their width, the styles' spacing and line
//! rules, keep with next, widow and orphan control, table rows that never split, figures,
//! page breaks, footnotes).

mod ahead;
mod blocks;
pub mod flow;
pub mod look;
pub mod model;
pub mod page;
mod paginate;
pub mod scene;
pub mod table;
pub mod template;
mod units;

use crate::ctx::resolve_fonts;
use crate::element::text::run_lang;
use crate::picture::{self, Image};
use model::*;
use specrender_fonts::{FontBook, Measurer, ShapeLang};
use specrender_model::findings::{Finding, Location, Note};
use specrender_spec::doc::{BlockKind, Doc};
use specrender_spec::units::{Emu, EMU_PER_INCH};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Options for [`layout_doc`].
#[derive(Debug, Clone, Default)]
pub struct DocOptions {
    /// Footnotes (default) or a numbered reference list.
    pub citations: CitationStyle,
    /// The customer's reference document (`--template` with a .docx / .dotx): its page,
    /// fonts and styles.
    pub template: Option<Arc<specrender_template::DocTemplate>>,
    /// Lay the pages out for drawing too ([`LaidDoc::scene`]: every line's glyphs at its
    /// place), for the PDF and page images; a DOCX needs none.
    pub draw: bool,
}

/// EMU per pixel at 96 dpi (a picture's natural size).
const EMU_PER_PX: Emu = EMU_PER_INCH / 96;

/// Tallest figure: the text height less 1 in, so the figure and its caption fit one page.
pub fn figure_max_height(page: &Page) -> Emu {
    page.text_height() - EMU_PER_INCH
}

/// [`layout_doc`] within a work budget ([`crate::work`]): a document that needs more than
/// `budget` work units is refused, at the block where the running total (blocks in order)
/// passed it.
pub fn try_layout_doc(
    doc: &Doc,
    book: &FontBook,
    opts: &DocOptions,
    budget: u64,
) -> Result<LaidDoc, crate::work::OverBudget> {
    try_layout_doc_on(doc, book, opts, budget, 1)
}

/// [`try_layout_doc`] with the paragraphs' lines measured on `threads` threads: the same
/// document, and the same work count and refusal, on any number.
pub fn try_layout_doc_on(
    doc: &Doc,
    book: &FontBook,
    opts: &DocOptions,
    budget: u64,
    threads: usize,
) -> Result<LaidDoc, crate::work::OverBudget> {
    let counting = crate::work::counting(budget);
    let laid = layout_doc_on(doc, book, opts, threads);
    let spent = counting.end();
    match crate::work::add(&mut 0, &spent, 0, budget) {
        Some(over) => Err(over),
        None => Ok(laid),
    }
}

/// Lay out a document (no work budget: see [`try_layout_doc`]).
pub fn layout_doc(doc: &Doc, book: &FontBook, opts: &DocOptions) -> LaidDoc {
    layout_doc_on(doc, book, opts, 1)
}

/// [`layout_doc`] with the paragraphs' lines (pages prediction) measured on `threads`
/// threads; the laid document is the same whatever the number.
pub fn layout_doc_on(doc: &Doc, book: &FontBook, opts: &DocOptions, threads: usize) -> LaidDoc {
    let Setting {
        page,
        theme,
        clamped,
        styles,
        formats,
    } = setting(doc, opts);
    let width = page.text_width();
    let mut subst = Vec::new();
    let f = &theme.fonts;
    let body = resolve_fonts(book, &f.body, &f.body_ea, false, &mut subst);
    let bold = resolve_fonts(book, &f.body, &f.body_ea, true, &mut subst);
    let mut findings = opening_notes(subst, opts.template.as_deref());
    let mut m = Measurer::new(book);
    // The other threads' measurers, kept from the blocks' pass to the paragraphs' lines (a
    // measurer made for each starts its caches and character tables anew).
    let mut helpers: Vec<Measurer<'_>> = (1..threads).map(|_| Measurer::new(book)).collect();
    let lang = ShapeLang::from_tag(&doc.language);
    let images = prepared_images(doc);
    let head: Vec<&str> = std::iter::once(doc.title.as_str())
        .chain(doc.subtitle.as_deref())
        .collect();
    let chars = missing_chars(&mut m, body.faces, &head);
    if !chars.is_empty() {
        findings.push(Note::new(
            Finding::MissingGlyphs { chars },
            Location::Document,
        ));
    }
    let numbers_tables = doc
        .blocks
        .iter()
        .any(|b| matches!(&b.kind, BlockKind::Table { title: Some(_), .. }));
    let mut cites = Citer::new(opts.citations, doc.references.len());
    let args = TableArgs {
        body: &body,
        bold: &bold,
        lang,
        size: theme.sizes.body,
        width,
        cell: formats.cell,
        numbers_tables,
    };
    let ahead = blocks_ahead(&mut m, &mut helpers, doc, &args).map(Vec::into_iter);
    let mut pass = blocks::Pass {
        m: &mut m,
        page: &page,
        table: args,
        template: opts.template.as_deref(),
        images: &images,
        ahead,
        tables: 0,
        figures: 0,
        cites: &mut cites,
        findings: &mut findings,
    };
    let mut blocks: Vec<LaidBlock> = doc.blocks.iter().map(|b| pass.lay(b)).collect();
    let fl = FlowFonts {
        body,
        bold,
        heading: resolve_fonts(book, &f.heading, &f.heading_ea, true, &mut Vec::new()),
        title: resolve_fonts(book, &f.heading, &f.heading_ea, false, &mut Vec::new()),
        lang,
    };
    // The body height of each kind of page: less what the template's header and footer
    // take past the margins.
    let heights = match &opts.template {
        Some(t) => template::body_heights(
            t,
            &page,
            &mut m,
            (&theme.fonts.body, &theme.fonts.body_ea),
            &doc.language,
        ),
        None => flow::Heights::uniform(page.text_height() / page::EMU_PER_TWIP),
    };
    let paging = paginate::Paging {
        doc,
        theme: &theme,
        citations: opts.citations,
        listed: &cites.listed,
        page: &page,
        heights,
        formats: &formats,
        draw: opts.draw,
    };
    let (pages, scene) = paginate::paginate(&mut m, &fl, &paging, &mut blocks, &mut helpers);
    let notes = located(findings, doc.notes.iter().cloned().chain(clamped), &blocks);
    LaidDoc {
        title: doc.title.clone(),
        subtitle: doc.subtitle.clone(),
        language: doc.language.clone(),
        run_lang: run_lang(&doc.language),
        lang: doc.lang,
        author: doc.author.clone(),
        created: doc.created.clone(),
        theme_frame: crate::frame::theme_frame(&theme),
        list_indent: (flow::LIST_INDENT, template::OUR_LIST_HANGING),
        heading_sizes: std::array::from_fn(|i| flow::heading_size(i as u8 + 1, theme.sizes.body)),
        template_theme: opts.template.as_ref().map(|t| {
            let ours = specrender_spec::doc::doc_theme(doc.lang);
            template::theme_as_written(&ours, t, &doc.language, doc.lang)
        }),
        theme,
        page,
        look: opts.template.as_ref().map(|t| look::look(t, &styles)),
        styles,
        pages,
        blocks,
        references: doc.references.clone(),
        citations: opts.citations,
        listed: cites.listed,
        footnotes: cites.footnotes as usize,
        notes,
        scene,
        embedding: Default::default(),
    }
}

/// What a document is laid out with: its page, theme (and what reading it on the template
/// clamped), the template's style for each role, and the paragraph formats pages are
/// predicted with — ours, or what the template's styles (and ours added to it) write.
struct Setting {
    page: Page,
    theme: specrender_spec::deck::Theme,
    clamped: Vec<specrender_spec::deck::ResolveNote>,
    styles: Vec<StyleUse>,
    formats: flow::Formats,
}

fn setting(doc: &Doc, opts: &DocOptions) -> Setting {
    match &opts.template {
        Some(t) => {
            let (theme, clamped) = template::theme_on_noted(&doc.theme, t, &doc.language, doc.lang);
            Setting {
                page: template::page_of(t, &doc.language),
                theme,
                clamped,
                styles: template::style_map(t),
                formats: template::formats_on(t),
            }
        }
        None => Setting {
            page: page::for_language(&doc.language),
            theme: doc.theme.clone(),
            clamped: Vec::new(),
            styles: Vec::new(),
            formats: flow::Formats::default(),
        },
    }
}

/// What is known of the whole document before its blocks: the body fonts substituted, what
/// the carry policy dropped from the template.
fn opening_notes(
    subst: Vec<crate::ctx::Substitution>,
    template: Option<&specrender_template::DocTemplate>,
) -> Vec<Note> {
    let whole = |finding| Note::new(finding, Location::Document);
    let mut notes: Vec<Note> = subst
        .into_iter()
        .map(|s| {
            whole(Finding::FontSubstituted {
                family: s.family,
                measured_with: s.measured_with,
                stand_in: s.stand_in,
            })
        })
        .collect();
    if let Some(t) = template {
        let dropped = t.dropped.iter().cloned();
        notes.extend(dropped.map(|d| whole(Finding::TemplateContentDropped(d))));
    }
    notes
}

/// Every figure asset prepared (decoded, converted, under one job's decoding budget), or why
/// it cannot be used, by asset id.
fn prepared_images(
    doc: &Doc,
) -> BTreeMap<&str, Result<Arc<Image>, specrender_spec::deck::Refusal>> {
    let mut pictures = picture::Pictures::default();
    doc.assets
        .iter()
        .map(|(id, a)| {
            let r = match a {
                Ok(l) => pictures.prepare(&l.bytes),
                Err(r) => Err(r.clone()),
            };
            (id.as_str(), r)
        })
        .collect()
}

/// Layout's findings, then the input values resolve could not use, each block's with the page
/// pagination put its start on.
fn located(
    mut findings: Vec<Note>,
    inputs: impl Iterator<Item = specrender_spec::deck::ResolveNote>,
    blocks: &[LaidBlock],
) -> Vec<Note> {
    findings.extend(inputs.map(|n| Note::new(Finding::Input(n), Location::Document)));
    for n in &mut findings {
        if let Location::Block { block_id, page } = &mut n.at {
            *page = blocks.iter().find(|b| b.id == *block_id).map(|b| b.pages.0);
        }
    }
    findings
}

use ahead::{blocks_ahead, missing_chars, TableArgs};
use blocks::Citer;
pub use specrender_model::doc::labels;
pub(crate) use units::{Finished, FlowFonts, LineJob};

/// The `--layout` JSON of a document (serialised straight from the laid document: [`crate::boxes`]).
pub use crate::boxes::doc_layout_json;

#[cfg(test)]
mod tests {
    use super::*;
    use blocks::figure;
    use specrender_fonts::FontOptions;
    use specrender_spec::doc::resolve_doc;

    fn laid(blocks: serde_json::Value, lang: &str) -> LaidDoc {
        let spec = serde_json::from_value(serde_json::json!({
            "spec_version": "docspec_v1",
            "doc": {"title": "T", "language": lang, "blocks": blocks},
            "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}
        }))
        .unwrap();
        let book = FontBook::new(&FontOptions::default()).unwrap();
        layout_doc(&resolve_doc(&spec, None), &book, &DocOptions::default())
    }

    fn table_of(l: &LaidDoc) -> &DocTable {
        match &l.blocks[0].content {
            LaidContent::Table(t) => t,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn table_columns_keep_tokens_whole_and_fill_the_text_width() {
        let url = "https://example.com/a/very/long/path/that/cannot/break";
        let l = laid(
            serde_json::json!([{"block_id": "t", "type": "table", "content": {
                "columns": ["Name", "Amount", "Link"],
                "rows": [["Alpha", "1,234억 원", url], ["Beta", 5, "short"]]}}]),
            "ko",
        );
        let t = table_of(&l);
        assert_eq!(t.widths.iter().sum::<Emu>(), l.page.text_width());
        assert!(t.widths.iter().all(|w| w % page::EMU_PER_TWIP == 0));
        assert!(t.overflow.is_empty());
        assert_eq!(t.numeric, vec![false, true, false]);
        assert_eq!(t.size, 1000, "body 11 pt less 1 pt");
        // The URL's column is at least as wide as the URL on one line at 10 pt.
        assert!(
            t.widths[2] > t.widths[0] && t.widths[2] > t.widths[1],
            "{:?}",
            t.widths
        );
        assert!(l.notes.is_empty(), "{:?}", l.notes);
    }

    #[test]
    fn a_long_overflowing_table_is_measured_in_linear_work() {
        // 2,000 rows x 30 numbers: far wider than the page, so every column overflows and
        // the cells setting each column's narrowest width are named. Finding them per cell
        // measured the whole column again for every cell (120 million extents, 4.6 s).
        let rows: Vec<Vec<f64>> = (0..2000)
            .map(|r| (0..30).map(|c| f64::from(r * 31 + c)).collect())
            .collect();
        let columns: Vec<String> = (0..30).map(|c| format!("C{c}")).collect();
        let before = crate::element::table::widths::EXTENTS.with(|n| n.get());
        let l = laid(
            serde_json::json!([{"block_id": "t", "type": "table",
                                "content": {"columns": columns, "rows": rows}}]),
            "en-US",
        );
        let work = crate::element::table::widths::EXTENTS.with(|n| n.get()) - before;
        let cells = 2001 * 30;
        assert!(!table_of(&l).overflow.is_empty());
        assert!(work <= 10 * cells, "{work} extents for {cells} cells");
        let named = l
            .notes
            .iter()
            .filter(|n| matches!(n.finding, Finding::UnbreakableText { .. }))
            .count();
        assert_eq!(named, 20);
    }

    #[test]
    fn characters_no_font_has_are_found_per_block() {
        let l = laid(
            serde_json::json!([{"block_id": "p", "type": "paragraph",
                                "content": {"text": "ok \u{E000}\u{200D} 가"}}]),
            "ko",
        );
        assert_eq!(
            l.notes,
            vec![Note::new(
                Finding::MissingGlyphs {
                    chars: vec!['\u{E000}']
                },
                Location::Block {
                    block_id: "p".into(),
                    page: Some(1)
                }
            )]
        );
    }

    #[test]
    fn too_many_wide_columns_shrink_to_the_floor_then_overflow() {
        let cols: Vec<String> = (0..12).map(|i| format!("averyverylongheader{i}")).collect();
        let l = laid(
            serde_json::json!([{"block_id": "t", "type": "table",
                                "content": {"columns": cols, "rows": [["x"]]}}]),
            "en-US",
        );
        let t = table_of(&l);
        assert_eq!(t.size, table::TABLE_FLOOR);
        assert!(!t.overflow.is_empty());
        // The one-cell row is ragged (12 columns): reported too.
        assert!(matches!(
            &l.notes[0].finding,
            Finding::TableRaggedRows { rows, columns: 12 } if rows == &[(0, 1)]
        ));
        assert!(matches!(l.notes[1].finding, Finding::TableTooWide { .. }));
        assert!(l.notes.iter().all(|n| n.at.block_id() == Some("t")));
        assert!(l
            .notes
            .iter()
            .any(|n| matches!(n.finding, Finding::UnbreakableText { row: None, .. })));
    }

    #[test]
    fn citation_numbers_follow_the_style() {
        let mut c = Citer::new(CitationStyle::List, 3);
        assert_eq!([c.number(2), c.number(0), c.number(2)], [1, 2, 1]);
        assert_eq!(c.listed, vec![2, 0]);
        let mut f = Citer::new(CitationStyle::Footnotes, 3);
        assert_eq!([f.number(2), f.number(2)], [1, 2]);
    }

    #[test]
    fn figures_scale_down_to_the_page_never_up() {
        let img = |w: u32, h: u32| {
            Ok(Arc::new(Image {
                format: picture::ImageFormat::Png,
                bytes: Arc::from(&b""[..]),
                width: w,
                height: h,
                orientation: Default::default(),
                converted_from: None,
            }))
        };
        let p = Page::A4;
        let small = figure(&p, 1, "a", "c", &None, img(96, 48));
        assert_eq!(small.extent, (EMU_PER_INCH, EMU_PER_INCH / 2));
        let wide = figure(&p, 2, "a", "c", &None, img(4000, 1000));
        assert_eq!(wide.extent.0, p.text_width());
        assert_eq!(wide.extent.1, p.text_width() / 4);
        let tall = figure(&p, 3, "a", "c", &None, img(1000, 8000));
        assert_eq!(tall.extent.1, figure_max_height(&p));
        assert_eq!(tall.extent.0, figure_max_height(&p) / 8);
    }
}
