//! Document layout (DocSpec): `Doc -> LaidDoc`. Word and Writer paginate; this stage decides
//! what they cannot: the page ([`page`]: A4 or Letter, margins), the width every block gets
//! (the text width), tables' column widths and size from measured content ([`table`]),
//! figures' extents (natural size at 96 dpi scaled down to the text width and to
//! [`figure_max_height`], aspect kept), caption numbers, citation numbers, and the page each
//! block lands on ([`flow`]: paragraph lines at their width, the styles' spacing and line
//! rules, keep with next, widow and orphan control, table rows that never split, figures,
//! page breaks, footnotes).

pub mod flow;
pub mod look;
pub mod model;
pub mod page;
pub mod scene;
pub mod table;
pub mod template;

use crate::ctx::resolve_fonts;
use crate::element::text::run_lang;
use crate::picture::{self, Image};
use crate::text::TextFonts;
use model::*;
use specrender_fonts::{never_missing, FontBook, Measurer, ShapeLang, SlotFaces};
use specrender_model::findings::{Finding, Location, Note};
use specrender_model::page::{DocPages, Role};
use specrender_spec::deck::Theme;
use specrender_spec::doc::{BlockKind, Doc};
use specrender_spec::units::{Cpt, Emu, EMU_PER_INCH};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
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
    let (page, (theme, clamped), styles) = match &opts.template {
        Some(t) => (
            template::page_of(t, &doc.language),
            template::theme_on_noted(&doc.theme, t, &doc.language, doc.lang),
            template::style_map(t),
        ),
        None => (
            page::for_language(&doc.language),
            (doc.theme.clone(), Vec::new()),
            Vec::new(),
        ),
    };
    // The paragraph formats pages are predicted with: our styles', or what the template's
    // styles (and ours added to it) write.
    let formats = match &opts.template {
        Some(t) => template::formats_on(t),
        None => flow::Formats::default(),
    };
    let width = page.text_width();
    let mut subst = Vec::new();
    let f = &theme.fonts;
    let body = resolve_fonts(book, &f.body, &f.body_ea, false, &mut subst);
    let bold = resolve_fonts(book, &f.body, &f.body_ea, true, &mut subst);
    let whole = |finding| Note::new(finding, Location::Document);
    let mut findings: Vec<Note> = subst
        .into_iter()
        .map(|s| {
            whole(Finding::FontSubstituted {
                family: s.family,
                measured_with: s.measured_with,
                stand_in: s.stand_in,
            })
        })
        .collect();
    if let Some(t) = &opts.template {
        findings.extend(
            t.dropped
                .iter()
                .map(|d| whole(Finding::TemplateContentDropped(d.clone()))),
        );
    }
    let mut m = Measurer::new(book);
    // The other threads' measurers, kept from the blocks' pass to the paragraphs' lines (a
    // measurer made for each starts its caches and character tables anew).
    let mut helpers: Vec<Measurer<'_>> = (1..threads).map(|_| Measurer::new(book)).collect();
    let lang = ShapeLang::from_tag(&doc.language);
    let mut pictures = picture::Pictures::default();
    let images: BTreeMap<&str, Result<Arc<Image>, _>> = doc
        .assets
        .iter()
        .map(|(id, a)| {
            let r = match a {
                Ok(l) => pictures.prepare(&l.bytes),
                Err(r) => Err(r.clone()),
            };
            (id.as_str(), r)
        })
        .collect();
    let head: Vec<&str> = std::iter::once(doc.title.as_str())
        .chain(doc.subtitle.as_deref())
        .collect();
    let chars = missing_chars(&mut m, body.faces, &head);
    if !chars.is_empty() {
        findings.push(whole(Finding::MissingGlyphs { chars }));
    }
    let (mut tables, mut figures) = (0u32, 0u32);
    let numbers_tables = doc
        .blocks
        .iter()
        .any(|b| matches!(&b.kind, BlockKind::Table { title: Some(_), .. }));
    let mut cites = Citer::new(opts.citations, doc.references.len());
    let ahead = TableArgs {
        body: &body,
        bold: &bold,
        lang,
        size: theme.sizes.body,
        width,
        cell: formats.cell,
        numbers_tables,
    };
    let mut ahead = blocks_ahead(&mut m, &mut helpers, doc, &ahead).map(Vec::into_iter);
    let mut blocks: Vec<LaidBlock> = doc
        .blocks
        .iter()
        .map(|b| {
            crate::work::enter(&b.id);
            let content = match &b.kind {
                BlockKind::Heading { level, text } => LaidContent::Heading {
                    level: *level,
                    text: text.clone(),
                },
                BlockKind::Paragraph { text } => LaidContent::Paragraph { text: text.clone() },
                BlockKind::List { ordered, items } => LaidContent::List {
                    ordered: *ordered,
                    items: items.clone(),
                },
                BlockKind::Table {
                    title,
                    columns,
                    rows,
                } => {
                    // A document that titles any table numbers every table, so the numbers
                    // a reader sees (and Word's SEQ fields) count all of them.
                    let numbered = title.is_some() || numbers_tables;
                    if numbered {
                        tables += 1;
                    }
                    let laid_ahead = ahead
                        .as_mut()
                        .and_then(|a| a.as_mut_slice().first_mut())
                        .and_then(|a| a.table.take());
                    if let Some((laid, found, charges)) = laid_ahead {
                        // Laid out ahead (`blocks_ahead`): its work charged here, in turn.
                        crate::work::replay(&charges);
                        findings.extend(found);
                        LaidContent::Table(laid)
                    } else {
                        let input = table::TableInput {
                            block: &b.id,
                            title: title.as_ref(),
                            columns,
                            rows,
                            cell: formats.cell,
                        };
                        LaidContent::Table(table::table(
                            &mut m,
                            &body,
                            &bold,
                            lang,
                            theme.sizes.body,
                            &input,
                            width,
                            (tables, numbered),
                            &mut findings,
                        ))
                    }
                }
                BlockKind::Figure {
                    asset_id,
                    caption,
                    alt,
                } => {
                    figures += 1;
                    let image = images
                        .get(asset_id.as_str())
                        .cloned()
                        .unwrap_or_else(|| Err(missing(asset_id)));
                    if let Err(refusal) = &image {
                        let finding = Finding::MissingAsset {
                            asset_id: asset_id.clone(),
                            reason: refusal.reason,
                            detail: refusal.detail.clone(),
                        };
                        findings.push(Note::new(finding, Location::block(&b.id)));
                    }
                    LaidContent::Figure(figure(&page, figures, asset_id, caption, alt, image))
                }
                BlockKind::Quote { text, attribution } => LaidContent::Quote {
                    text: text.clone(),
                    attribution: attribution.clone(),
                },
                BlockKind::PageBreak => LaidContent::PageBreak,
            };
            let chars = match ahead.as_mut().and_then(Iterator::next) {
                Some(a) => a.missing,
                None => missing_chars(&mut m, body.faces, &block_texts(&content)),
            };
            if !chars.is_empty() {
                let finding = Finding::MissingGlyphs { chars };
                findings.push(Note::new(finding, Location::block(&b.id)));
            }
            LaidBlock {
                id: b.id.clone(),
                index: b.index,
                width,
                cites: b.cites.iter().map(|&r| (cites.number(r), r)).collect(),
                content,
                style: b.style.clone(),
                pages: (1, 1),
                rtl_indent: match &b.kind {
                    BlockKind::List { ordered, items } => template::rtl_list_indent(
                        opts.template.as_deref(),
                        *ordered,
                        items.len(),
                        theme.sizes.body,
                    ),
                    _ => None,
                },
            }
        })
        .collect();
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
    let (pages, scene) = paginate(
        &mut m,
        &fl,
        doc,
        &theme,
        opts.citations,
        &cites.listed,
        &page,
        heights,
        &formats,
        &mut blocks,
        &mut helpers,
        opts.draw,
    );
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
            template::theme_as_written(
                &specrender_spec::doc::doc_theme(doc.lang),
                t,
                &doc.language,
                doc.lang,
            )
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

/// What every table of a document is laid out with besides its own input.
struct TableArgs<'a> {
    body: &'a TextFonts,
    bold: &'a TextFonts,
    lang: ShapeLang,
    /// The body size.
    size: Cpt,
    width: Emu,
    cell: flow::ParaFormat,
    /// Are all tables numbered (one has a title)?
    numbers_tables: bool,
}

/// A table laid out ahead: the table, its findings, its work ([`crate::work::recorded`]).
type LaidAhead = (DocTable, Vec<Note>, Vec<crate::work::Charge>);

/// What [`blocks_ahead`] found of one block.
struct Ahead {
    /// A table laid out (`None`: not a table, or to be laid out in turn).
    table: Option<LaidAhead>,
    /// The characters of its texts no face draws ([`missing_chars`]).
    missing: Vec<char>,
}

/// The texts of a block as [`block_texts`] gives them once laid (a table's: `None`).
fn input_texts(k: &BlockKind) -> Option<Vec<&str>> {
    Some(match k {
        BlockKind::Heading { text, .. } | BlockKind::Paragraph { text } => vec![text],
        BlockKind::List { items, .. } => items.iter().map(String::as_str).collect(),
        BlockKind::Table { .. } => return None,
        BlockKind::Figure { caption, alt, .. } => std::iter::once(caption.as_str())
            .chain(alt.as_deref())
            .collect(),
        BlockKind::Quote { text, attribution } => std::iter::once(text.as_str())
            .chain(attribution.as_deref())
            .collect(),
        BlockKind::PageBreak => Vec::new(),
    })
}

/// Per block of `doc`, in order, on `threads` threads before the blocks' pass (this one
/// with `m`, each other with a measurer of its own, taking the next block not yet taken):
/// the characters its texts lack, and a table laid out, its work recorded to be charged in
/// its turn. Both depend on the block's input alone — a table's layout as long as the work
/// budget is not spent while it is laid out. `None` on one thread; no table is laid out
/// ahead when the tables' work could pass the budget (there its layout depends on where
/// the budget is spent: each is laid out in turn, as on one thread).
fn blocks_ahead<'b>(
    m: &mut Measurer<'b>,
    helpers: &mut [Measurer<'b>],
    doc: &Doc,
    args: &TableArgs<'_>,
) -> Option<Vec<Ahead>> {
    let mut number = 0u32;
    let inputs: Vec<Option<(table::TableInput<'_>, (u32, bool))>> = doc
        .blocks
        .iter()
        .map(|b| match &b.kind {
            BlockKind::Table {
                title,
                columns,
                rows,
            } => {
                // As the blocks' pass numbers them.
                let numbered = title.is_some() || args.numbers_tables;
                if numbered {
                    number += 1;
                }
                let input = table::TableInput {
                    block: &b.id,
                    title: title.as_ref(),
                    columns,
                    rows,
                    cell: args.cell,
                };
                Some((input, (number, numbered)))
            }
            _ => None,
        })
        .collect();
    let threads = (helpers.len() + 1).clamp(1, doc.blocks.len().max(1));
    if threads < 2 {
        return None;
    }
    let next = AtomicUsize::new(0);
    let take = |m: &mut Measurer<'_>| {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(b) = doc.blocks.get(i) else {
                break;
            };
            let ahead = match (&inputs[i], input_texts(&b.kind)) {
                (Some((input, number)), _) => {
                    let mut found = Vec::new();
                    let (laid, charges) = crate::work::recorded(|| {
                        table::table(
                            m, args.body, args.bold, args.lang, args.size, input, args.width,
                            *number, &mut found,
                        )
                    });
                    let content = LaidContent::Table(laid);
                    let missing = missing_chars(m, args.body.faces, &block_texts(&content));
                    let LaidContent::Table(laid) = content else {
                        unreachable!("made a table above")
                    };
                    Ahead {
                        table: Some((laid, found, charges)),
                        missing,
                    }
                }
                (None, texts) => Ahead {
                    table: None,
                    missing: missing_chars(m, args.body.faces, &texts.unwrap_or_default()),
                },
            };
            done.push((i, ahead));
        }
        done
    };
    let mut ahead: Vec<Option<Ahead>> = (0..doc.blocks.len()).map(|_| None).collect();
    for (i, a) in on_threads(m, helpers, threads, take) {
        ahead[i] = Some(a);
    }
    let mut ahead: Vec<Ahead> = ahead.into_iter().flatten().collect();
    let work = (ahead.iter().filter_map(|a| a.table.as_ref()))
        .fold(0u64, |n, t| n.saturating_add(crate::work::bound(&t.2)));
    if work > crate::work::headroom() {
        // The budget may be spent among the tables: lay them out in turn.
        for a in &mut ahead {
            a.table = None;
        }
    }
    Some(ahead)
}

pub use specrender_model::doc::labels;

/// The texts of a block the writer draws.
fn block_texts(c: &LaidContent) -> Vec<&str> {
    match c {
        LaidContent::Heading { text, .. } | LaidContent::Paragraph { text } => vec![text],
        LaidContent::List { items, .. } => items.iter().map(String::as_str).collect(),
        LaidContent::Table(t) => t
            .title
            .iter()
            .chain(&t.columns)
            .chain(t.rows.iter().flatten())
            .map(String::as_str)
            .collect(),
        LaidContent::Figure(f) => std::iter::once(f.caption.as_str())
            .chain(f.alt.as_deref())
            .collect(),
        LaidContent::Quote { text, attribution } => std::iter::once(text.as_str())
            .chain(attribution.as_deref())
            .collect(),
        LaidContent::PageBreak => Vec::new(),
    }
}

/// The faces document text is measured with.
pub(crate) struct FlowFonts {
    body: TextFonts,
    bold: TextFonts,
    heading: TextFonts,
    title: TextFonts,
    lang: ShapeLang,
}

/// Builds the flow units ([`flow::Unit`]) of a document: one paragraph unit per paragraph the
/// writer writes (title, subtitle, every list item, captions, the picture's line, quote and
/// attribution, the empty paragraph after every table), tables with their row heights.
///
/// A paragraph's lines are not measured as its unit is made: its work is charged (in document
/// order, so the work count and the refusal point are those of measuring it there) and it
/// becomes a [`LineJob`]; once every unit is made the jobs are measured, on the job's threads
/// ([`measure_lines`]), and each answer is put into the unit that asked for it.
struct Units<'f> {
    fonts: &'f FlowFonts,
    width: Emu,
    /// (block index or None, counts towards the block's pages, unit).
    out: Vec<(Option<usize>, bool, flow::Unit)>,
    jobs: Vec<LineJob<'f>>,
    /// (unit in `out`, the job whose lines it has).
    lines_of: Vec<(usize, usize)>,
    /// (unit in `out`, the jobs whose lines, added up, are its footnotes' height).
    notes_of: Vec<(usize, Vec<usize>)>,
    /// What each unit of `out` is, for drawing ([`scene`]).
    meta: Vec<scene::Meta>,
    /// What the next units are ([`Units::set`]).
    cur: scene::Meta,
}

/// A paragraph's footnotes: the jobs measuring each note's text, and how many there are.
type Notes = (Vec<usize>, usize);

/// No footnotes.
fn no_notes() -> Notes {
    (Vec::new(), 0)
}

/// A job's answer: its lines' heights and byte ranges.
type Measured = (Vec<flow::Twips>, Vec<(usize, usize)>);

/// One paragraph whose lines (their heights, [`flow::line_heights`]) are to be measured.
pub(crate) struct LineJob<'f> {
    pub(crate) text: String,
    pub(crate) fonts: &'f TextFonts,
    pub(crate) size: Cpt,
    pub(crate) format: flow::ParaFormat,
    /// The line width (EMU).
    pub(crate) width: Emu,
    /// Charged past the work budget: the job is refused, so the text is not measured (as
    /// [`crate::text::prepare`] does then).
    over: bool,
}

impl LineJob<'_> {
    /// The heights of the paragraph's lines as Writer breaks them, and where each line
    /// starts and ends in the text.
    fn measure(&self, m: &mut Measurer<'_>, lang: ShapeLang, refused: bool) -> Measured {
        let text = if self.over || refused {
            ""
        } else {
            self.text.as_str()
        };
        flow::para_lines_at(
            m,
            self.fonts,
            lang,
            text,
            self.size,
            &self.format,
            self.width,
        )
    }
}

impl<'f> Units<'f> {
    /// A paragraph of `text` in `fonts` at `size`, `format`; `notes` its footnotes.
    fn para(
        &mut self,
        block: Option<usize>,
        text: &str,
        fonts: &'f TextFonts,
        size: Cpt,
        format: flow::ParaFormat,
        notes: Notes,
    ) {
        let job = self.lines(text, fonts, size, format);
        self.push(block, true, flow::Unit::Para(para_unit(format)), job, notes);
    }

    /// Adds `unit`, whose lines job `job` measures, with `notes`.
    fn push(
        &mut self,
        block: Option<usize>,
        counts: bool,
        mut unit: flow::Unit,
        job: usize,
        notes: Notes,
    ) {
        let k = self.out.len();
        if let flow::Unit::Para(p) | flow::Unit::PageBreak(p) = &mut unit {
            p.footnotes.1 = notes.1;
        }
        self.out.push((block, counts, unit));
        self.lines_of.push((k, job));
        let mut meta = self.cur.clone();
        meta.job = Some(job);
        meta.notes = notes.0.clone();
        self.meta.push(meta);
        if !notes.0.is_empty() {
            self.notes_of.push((k, notes.0));
        }
    }

    /// Adds `unit`, which has no lines to measure (a table, a picture's line).
    fn unit(&mut self, block: Option<usize>, counts: bool, unit: flow::Unit) {
        self.out.push((block, counts, unit));
        self.meta.push(scene::Meta {
            job: None,
            notes: Vec::new(),
            ..self.cur.clone()
        });
    }

    /// The units added next are quote `block`'s text.
    fn quote(&mut self, block: usize, align: scene::Align, color: [u8; 3]) -> &mut Self {
        self.set(Role::Quote { block }, align, color);
        self
    }

    /// What the units added next are: `role`, aligned `align`, in `color`.
    fn set(&mut self, role: Role, align: scene::Align, color: [u8; 3]) {
        self.cur = scene::Meta {
            role,
            align,
            color,
            job: None,
            notes: Vec::new(),
        };
    }

    /// The job measuring the lines of `text` (charged now to the block entered).
    fn lines(
        &mut self,
        text: &str,
        fonts: &'f TextFonts,
        size: Cpt,
        format: flow::ParaFormat,
    ) -> usize {
        let width = (self.width - (format.indent.0 + format.indent.1) * page::EMU_PER_TWIP).max(1);
        let owner = crate::work::current();
        let over = crate::text::prepare::charge(owner, text);
        // Writer's lines measure the text again, glyph by glyph (`flow::writer_lines`).
        crate::work::spend(owner, crate::work::WRITER_LINES * text.len() as u64);
        self.jobs.push(LineJob {
            text: text.to_string(),
            fonts,
            size,
            format,
            width,
            over,
        });
        self.jobs.len() - 1
    }

    /// The units with their lines: the jobs measured with `m` on this thread and each of
    /// `helpers` on another.
    fn finish<'b>(self, m: &mut Measurer<'b>, helpers: &mut [Measurer<'b>]) -> Finished<'f> {
        let Units {
            fonts,
            mut out,
            jobs,
            lines_of,
            notes_of,
            meta,
            ..
        } = self;
        // Past the budget the job is refused whatever the lines are: every job is measured
        // empty, as those charged past it are (a refused document of 30 MB of distinct words
        // took 2.2 s of CPU measuring what it would not write; now 0.4 s).
        let refused = crate::work::exhausted();
        let measured = measure_lines(m, helpers, fonts.lang, &jobs, refused);
        let (lines, ranges): (Vec<_>, Vec<_>) = measured.into_iter().unzip();
        for (k, ids) in notes_of {
            let h: flow::Twips = ids.iter().flat_map(|&j| &lines[j]).sum();
            if let flow::Unit::Para(p) | flow::Unit::PageBreak(p) = &mut out[k].2 {
                p.footnotes.0 = h;
            }
        }
        for (k, j) in lines_of {
            if let flow::Unit::Para(p) | flow::Unit::PageBreak(p) = &mut out[k].2 {
                p.lines.clone_from(&lines[j]);
            }
        }
        Finished {
            out,
            meta,
            jobs,
            lines,
            ranges,
        }
    }
}

/// The units with their lines measured, and what drawing them needs.
pub(crate) struct Finished<'f> {
    pub(crate) out: Vec<(Option<usize>, bool, flow::Unit)>,
    pub(crate) meta: Vec<scene::Meta>,
    pub(crate) jobs: Vec<LineJob<'f>>,
    /// Each job's lines' heights and byte ranges.
    pub(crate) lines: Vec<Vec<flow::Twips>>,
    pub(crate) ranges: Vec<Vec<(usize, usize)>>,
}

/// A paragraph unit in `format`, its lines and footnotes to come.
fn para_unit(format: flow::ParaFormat) -> flow::ParaUnit {
    flow::ParaUnit {
        lines: Vec::new(),
        format,
        footnotes: (0, 0),
    }
}

/// `take` run with `m` on this thread and with `threads - 1` of `helpers` on as many others at
/// once (each taking work from a shared counter): every `(index, answer)` they return, the
/// helpers' first. A helper's panic is resumed on this thread.
fn on_threads<'b, T: Send>(
    m: &mut Measurer<'b>,
    helpers: &mut [Measurer<'b>],
    threads: usize,
    take: impl Fn(&mut Measurer<'b>) -> Vec<(usize, T)> + Sync,
) -> Vec<(usize, T)> {
    let take = &take;
    std::thread::scope(|s| {
        let others: Vec<_> = (helpers.iter_mut().take(threads - 1))
            .map(|h| s.spawn(move || take(h)))
            .collect();
        let mine = take(m);
        others
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .chain(mine)
            .collect()
    })
}

/// Every job's lines, in the jobs' order, measured with `m` on this thread and each of
/// `helpers` on another, each taking the next job not yet taken. A job's answer
/// depends on its text, fonts, size and width alone (a measurer's caches only remember
/// answers), so the lines are the same on any number of threads.
fn measure_lines<'b>(
    m: &mut Measurer<'b>,
    helpers: &mut [Measurer<'b>],
    lang: ShapeLang,
    jobs: &[LineJob<'_>],
    refused: bool,
) -> Vec<Measured> {
    let threads = (helpers.len() + 1).clamp(1, jobs.len().max(1));
    if threads == 1 {
        return jobs.iter().map(|j| j.measure(m, lang, refused)).collect();
    }
    let next = AtomicUsize::new(0);
    let take = |m: &mut Measurer<'_>| {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(j) = jobs.get(i) else { break };
            done.push((i, j.measure(m, lang, refused)));
        }
        done
    };
    let mut lines = vec![(Vec::new(), Vec::new()); jobs.len()];
    for (i, l) in on_threads(m, helpers, threads, take) {
        lines[i] = l;
    }
    lines
}

/// Predicts the pages of `blocks` (sets each block's `pages`); returns the page count.
#[allow(clippy::too_many_arguments)]
fn paginate<'b>(
    m: &mut Measurer<'b>,
    fonts: &FlowFonts,
    doc: &Doc,
    th: &Theme,
    citations: CitationStyle,
    listed: &[usize],
    page: &Page,
    heights: flow::Heights,
    fm: &flow::Formats,
    blocks: &mut [LaidBlock],
    helpers: &mut [Measurer<'b>],
    draw: bool,
) -> (u32, Option<Arc<DocPages>>) {
    let body_size = th.sizes.body;
    let c = &th.colors;
    let rgb = |c: specrender_spec::deck::Rgb| [c.0, c.1, c.2];
    let (text_c, muted) = (rgb(c.text), rgb(c.muted));
    let heading_c = rgb(c.heading.unwrap_or(c.primary));
    let mut u = Units {
        fonts,
        width: page.line_width(),
        out: Vec::new(),
        jobs: Vec::new(),
        lines_of: Vec::new(),
        notes_of: Vec::new(),
        meta: Vec::new(),
        cur: scene::Meta::default(),
    };
    u.set(Role::Title, scene::Align::Auto, rgb(c.primary));
    u.para(
        None,
        &doc.title,
        &fonts.title,
        th.sizes.title,
        fm.title,
        no_notes(),
    );
    if let Some(s) = &doc.subtitle {
        u.set(Role::Subtitle, scene::Align::Auto, muted);
        u.para(
            None,
            s,
            &fonts.title,
            th.sizes.subtitle,
            fm.subtitle,
            no_notes(),
        );
    }
    let note_size = fm
        .footnote_size
        .unwrap_or_else(|| th.sizes.caption.max(body_size.saturating_sub(100)));
    let (figure_label, table_label, _, sep) = labels(doc.lang);
    for (i, b) in blocks.iter().enumerate() {
        crate::work::enter(&b.id);
        // Citations: footnotes at the page bottom, or `[n]` keys in the text.
        let (notes, keys) = match citations {
            CitationStyle::Footnotes => {
                let jobs: Vec<usize> = b
                    .cites
                    .iter()
                    .map(|&(_, r)| {
                        let t = format!(" {}", doc.references[r].text());
                        u.lines(&t, &fonts.body, note_size, fm.footnote)
                    })
                    .collect();
                ((jobs, b.cites.len()), String::new())
            }
            CitationStyle::List if !b.cites.is_empty() => {
                let k: Vec<String> = b.cites.iter().map(|(n, _)| format!("[{n}]")).collect();
                (no_notes(), format!(" {}", k.join("")))
            }
            CitationStyle::List => (no_notes(), String::new()),
        };
        let st = &b.style;
        let size = st
            .size_pt
            .map(|pt| (pt * 2.0).round() as Cpt * 50)
            .unwrap_or(body_size);
        // A block's own size is written on its runs as `w:sz` and `w:szCs` both: its complex
        // script text is at that size, not the style's `w:szCs`.
        let sized = |f: flow::ParaFormat| match st.size_pt {
            Some(_) => flow::ParaFormat { cs: None, ..f },
            None => f,
        };
        let body = if st.bold == Some(true) {
            &fonts.bold
        } else {
            &fonts.body
        };
        let align = scene::Align::of(st.align);
        let own = |c: [u8; 3]| st.color.map_or(c, |(r, g, b)| [r, g, b]);
        match &b.content {
            LaidContent::Heading { level, text } => {
                let role = Role::Heading {
                    level: *level,
                    block: i,
                };
                u.set(role, align, own(heading_c));
                let hs = st
                    .size_pt
                    .map(|pt| (pt * 2.0).round() as Cpt * 50)
                    .unwrap_or_else(|| fm.heading_size(*level, body_size));
                let t = format!("{text}{keys}");
                u.para(
                    Some(i),
                    &t,
                    &fonts.heading,
                    hs,
                    sized(fm.heading(*level)),
                    notes,
                );
            }
            LaidContent::Paragraph { text } => {
                u.set(Role::Body { block: Some(i) }, align, own(text_c));
                u.para(
                    Some(i),
                    &format!("{text}{keys}"),
                    body,
                    size,
                    sized(fm.normal),
                    notes,
                );
            }
            LaidContent::List { items, ordered } => {
                let format = sized(if *ordered {
                    fm.list_number
                } else {
                    fm.list_bullet
                });
                let mut notes = Some(notes);
                for (k, item) in items.iter().enumerate() {
                    // A right-to-left item whose label needs room: measured at its own indent.
                    let mut format = format;
                    if let Some((start, _)) = b.rtl_indent {
                        if crate::text::prepare::starts_right_to_left(item) {
                            format.indent.0 = start;
                        }
                    }
                    let last = k + 1 == items.len();
                    let t = if last {
                        format!("{item}{keys}")
                    } else {
                        item.clone()
                    };
                    let n = match last {
                        true => notes.take().unwrap_or_else(no_notes),
                        false => no_notes(),
                    };
                    u.set(Role::Item { block: i, item: k }, align, own(text_c));
                    u.para(Some(i), &t, body, size, format, n);
                }
            }
            LaidContent::Table(t) => {
                if t.title.is_some() || t.numbered || !b.cites.is_empty() {
                    let text = match (&t.title, t.numbered || t.title.is_some()) {
                        (Some(title), _) => format!("{table_label} {}{sep}{title}{keys}", t.number),
                        (None, true) => format!("{table_label} {}{keys}", t.number),
                        (None, false) => keys.clone(),
                    };
                    let format = flow::ParaFormat {
                        keep_next: true,
                        ..fm.caption
                    };
                    u.set(Role::Caption { block: i }, scene::Align::Auto, text_c);
                    u.para(Some(i), &text, &fonts.body, th.sizes.caption, format, notes);
                }
                let header = t.row_heights.first().copied().unwrap_or(0);
                let rows = t.row_heights.iter().skip(1).copied().collect();
                let role = Role::Cell {
                    block: i,
                    row: 0,
                    column: 0,
                    repeat: false,
                };
                u.set(role, scene::Align::Auto, text_c);
                u.unit(Some(i), true, flow::Unit::Table { header, rows });
                u.set(Role::Body { block: None }, scene::Align::Auto, text_c);
                // The empty paragraph the writer puts after every table.
                let format = flow::ParaFormat {
                    after: 0,
                    ..fm.normal
                };
                let job = u.lines("", &fonts.body, body_size, format);
                let unit = flow::Unit::Para(para_unit(format));
                u.push(Some(i), false, unit, job, no_notes());
            }
            LaidContent::Figure(fig) => {
                let format = flow::ParaFormat {
                    keep_next: true,
                    ..fm.normal
                };
                u.set(Role::Body { block: Some(i) }, scene::Align::Center, text_c);
                match &fig.image {
                    Ok(_) => u.unit(
                        Some(i),
                        true,
                        flow::Unit::Para(flow::ParaUnit {
                            lines: vec![format.picture_line(
                                fig.extent.1 / page::EMU_PER_TWIP,
                                flow::latin_line(m.book, &fonts.body, body_size),
                            )],
                            format,
                            footnotes: (0, 0),
                        }),
                    ),
                    Err(_) => {
                        let what = fig.alt.as_deref().unwrap_or(&fig.asset_id);
                        let job = u.lines(&format!("[{what}]"), &fonts.body, body_size, format);
                        let unit = flow::Unit::Para(para_unit(format));
                        u.push(Some(i), true, unit, job, no_notes());
                    }
                }
                let mut text = format!("{figure_label} {}", fig.number);
                if !fig.caption.is_empty() {
                    text.push_str(sep);
                    text.push_str(&fig.caption);
                }
                text.push_str(&keys);
                u.set(Role::Caption { block: i }, scene::Align::Auto, text_c);
                u.para(
                    Some(i),
                    &text,
                    &fonts.body,
                    th.sizes.caption,
                    fm.caption,
                    notes,
                );
            }
            LaidContent::Quote { text, attribution } => match attribution {
                None => u.quote(i, align, own(muted)).para(
                    Some(i),
                    &format!("{text}{keys}"),
                    body,
                    size,
                    sized(fm.quote),
                    notes,
                ),
                Some(a) => {
                    u.quote(i, align, own(muted));
                    u.para(Some(i), text, body, size, sized(fm.quote), no_notes());
                    let t = format!("\u{2014} {a}{keys}");
                    u.set(Role::Attribution { block: i }, scene::Align::Right, muted);
                    u.para(Some(i), &t, &fonts.body, body_size, fm.quote, notes);
                }
            },
            LaidContent::PageBreak => {
                u.set(Role::Body { block: Some(i) }, scene::Align::Auto, text_c);
                let job = u.lines("", &fonts.body, body_size, fm.normal);
                let unit = flow::Unit::PageBreak(para_unit(fm.normal));
                u.push(Some(i), true, unit, job, no_notes());
            }
        }
    }
    if citations == CitationStyle::List && !listed.is_empty() {
        // The reference list: a Heading 1 and a paragraph per listed reference.
        let (_, _, heading, _) = labels(doc.lang);
        let hs = fm.heading_size(1, body_size);
        u.set(Role::ReferenceHeading, scene::Align::Auto, heading_c);
        u.para(None, heading, &fonts.heading, hs, fm.heading(1), no_notes());
        u.set(Role::Reference, scene::Align::Auto, text_c);
        for (k, &r) in listed.iter().enumerate() {
            let t = format!("[{}] {}", k + 1, doc.references[r].text());
            u.para(None, &t, &fonts.body, body_size, fm.normal, no_notes());
        }
    }
    let done = u.finish(m, helpers);
    let units: Vec<flow::Unit> = done.out.iter().map(|(_, _, x)| x.clone()).collect();
    let placed = flow::paginate_placed(&units, heights);
    let (spans, pages) = (&placed.spans, placed.pages);
    let mut seen = vec![false; blocks.len()];
    for ((block, counts, _), s) in done.out.iter().zip(spans) {
        if let (Some(i), true) = (block, counts) {
            let p = &mut blocks[*i].pages;
            if !seen[*i] {
                *p = (s.first, s.last);
                seen[*i] = true;
            } else {
                p.1 = p.1.max(s.last);
            }
        }
    }
    let scene = draw.then(|| {
        let notes = scene::NoteText { size: note_size };
        let at = scene::Args {
            page,
            heights: &heights,
            lang: fonts.lang,
            language: &doc.language,
            note: notes,
            text: text_c,
            rule: muted,
            header_fill: rgb(c.primary),
            header_text: rgb(c.background),
            list_indent: (flow::LIST_INDENT, template::OUR_LIST_HANGING),
        };
        Arc::new(scene::build(m, fonts, &at, &done, &placed, blocks))
    });
    (pages, scene)
}

/// Characters of `texts` that no loaded font draws (format characters never count), in
/// first-seen order.
fn missing_chars(m: &mut Measurer<'_>, faces: SlotFaces, texts: &[&str]) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for t in texts {
        for s in m.segment(t, faces, false) {
            if s.missing {
                for c in t[s.range.clone()].chars().filter(|&c| !never_missing(c)) {
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
        }
    }
    out
}

fn missing(asset_id: &str) -> specrender_spec::deck::Refusal {
    specrender_spec::deck::Refusal::new(
        specrender_spec::deck::Reason::NotFound,
        format!("no file named {asset_id:?} in the assets root"),
    )
}

/// A figure's extent: its natural size (96 dpi) scaled down, never up, to the text width and
/// [`figure_max_height`], aspect kept. A missing image keeps a 4:3 placeholder's size.
fn figure(
    page: &Page,
    number: u32,
    asset_id: &str,
    caption: &str,
    alt: &Option<String>,
    image: Result<Arc<Image>, specrender_spec::deck::Refusal>,
) -> DocFigure {
    let (w, h) = page_fit(page);
    let (extent, pixels, scale) = match &image {
        Ok(img) => {
            let (px, py) = img.shown_size();
            let (nx, ny) = (px as Emu * EMU_PER_PX, py as Emu * EMU_PER_PX);
            // scale = min(1, w / nx, h / ny), in integers.
            let (num, den) = [(w, nx), (h, ny)]
                .into_iter()
                .fold(
                    (1, 1),
                    |(a, b), (c, d)| if c * b < a * d { (c, d) } else { (a, b) },
                );
            let cx = (nx as i128 * num as i128 / den as i128) as Emu;
            let cy = (ny as i128 * num as i128 / den as i128) as Emu;
            let scale = (1000 * num as i128 / den as i128) as u32;
            ((cx.max(1), cy.max(1)), Some((px, py)), scale)
        }
        Err(_) => ((w / 2, w * 3 / 8), None, 1000),
    };
    DocFigure {
        number,
        asset_id: asset_id.to_string(),
        caption: caption.to_string(),
        alt: alt.clone(),
        image,
        extent,
        pixels,
        scale_permille: scale,
    }
}

fn page_fit(page: &Page) -> (Emu, Emu) {
    (page.text_width(), figure_max_height(page))
}

/// Citation numbers: footnotes run over the document; list numbers go by first appearance.
struct Citer {
    style: CitationStyle,
    footnotes: u32,
    by_ref: Vec<Option<u32>>,
    listed: Vec<usize>,
}

impl Citer {
    fn new(style: CitationStyle, refs: usize) -> Citer {
        Citer {
            style,
            footnotes: 0,
            by_ref: vec![None; refs],
            listed: Vec::new(),
        }
    }

    fn number(&mut self, r: usize) -> u32 {
        match self.style {
            CitationStyle::Footnotes => {
                self.footnotes += 1;
                self.footnotes
            }
            CitationStyle::List => *self.by_ref[r].get_or_insert_with(|| {
                self.listed.push(r);
                self.listed.len() as u32
            }),
        }
    }
}

/// The `--layout` JSON of a document (serialised straight from the laid document: [`crate::boxes`]).
pub use crate::boxes::doc_layout_json;

#[cfg(test)]
mod tests {
    use super::*;
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
