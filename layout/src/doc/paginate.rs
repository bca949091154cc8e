//! A document's pages predicted: every paragraph the writer writes made a flow unit
//! ([`super::units::Units`]) in the writer's order — title, subtitle, each block (headings,
//! paragraphs, list items, table captions and rows, figures with their captions, quotes,
//! page breaks), the reference list — then measured and paginated ([`flow::paginate_placed`]),
//! each block given the pages it lands on, and the pages drawn when asked ([`scene::build`]).

use super::model::{labels, CitationStyle, DocFigure, DocTable, LaidBlock, LaidContent, Page};
use super::units::{no_notes, para_unit, FlowFonts, Notes, Units};
use super::{flow, page, scene, template};
use crate::text::TextFonts;
use specrender_fonts::Measurer;
use specrender_model::page::{DocPages, Role};
use specrender_spec::deck::Theme;
use specrender_spec::doc::Doc;
use specrender_spec::tokens::BlockStyleRead;
use specrender_spec::units::Cpt;
use std::sync::Arc;

/// What a document is paginated with besides its blocks.
pub(super) struct Paging<'a> {
    pub(super) doc: &'a Doc,
    pub(super) theme: &'a Theme,
    pub(super) citations: CitationStyle,
    /// List mode: the references in the order of their numbers.
    pub(super) listed: &'a [usize],
    pub(super) page: &'a Page,
    pub(super) heights: flow::Heights,
    pub(super) formats: &'a flow::Formats,
    /// Draw the pages too (`DocOptions::draw`).
    pub(super) draw: bool,
}

/// Predicts the pages of `blocks` (sets each block's `pages`); returns the page count and,
/// when drawing, the pages as drawn.
pub(super) fn paginate<'b>(
    m: &mut Measurer<'b>,
    fonts: &FlowFonts,
    p: &Paging<'_>,
    blocks: &mut [LaidBlock],
    helpers: &mut [Measurer<'b>],
) -> (u32, Option<Arc<DocPages>>) {
    let mut w = Writer::new(fonts, p);
    w.head();
    for (i, b) in blocks.iter().enumerate() {
        crate::work::enter(&b.id);
        w.block(m, i, b);
    }
    w.references();
    let Writer {
        u, colors, note, ..
    } = w;
    let done = u.finish(m, helpers);
    let units: Vec<flow::Unit> = done.out.iter().map(|(_, _, x)| x.clone()).collect();
    let placed = flow::paginate_placed(&units, p.heights);
    let (spans, pages) = (&placed.spans, placed.pages);
    let mut seen = vec![false; blocks.len()];
    for ((block, counts, _), s) in done.out.iter().zip(spans) {
        if let (Some(i), true) = (block, counts) {
            let at = &mut blocks[*i].pages;
            if !seen[*i] {
                *at = (s.first, s.last);
                seen[*i] = true;
            } else {
                at.1 = at.1.max(s.last);
            }
        }
    }
    let scene = p.draw.then(|| {
        let at = scene::Args {
            page: p.page,
            heights: &p.heights,
            lang: fonts.lang,
            language: &p.doc.language,
            note: scene::NoteText { size: note },
            text: colors.text,
            rule: colors.muted,
            header_fill: colors.primary,
            header_text: colors.background,
            list_indent: (flow::LIST_INDENT, template::OUR_LIST_HANGING),
        };
        Arc::new(scene::build(m, fonts, &at, &done, &placed, blocks))
    });
    (pages, scene)
}

/// The theme's colours as the writer uses them.
#[derive(Clone, Copy)]
struct Colors {
    text: [u8; 3],
    muted: [u8; 3],
    /// Headings: the theme's heading colour, else its primary.
    heading: [u8; 3],
    primary: [u8; 3],
    background: [u8; 3],
}

/// The units of a document made in the writer's order.
struct Writer<'a, 'f> {
    u: Units<'f>,
    fonts: &'f FlowFonts,
    p: &'a Paging<'a>,
    colors: Colors,
    body_size: Cpt,
    /// The footnotes' size.
    note: Cpt,
}

/// A block's own style (`style`) as it applies to its paragraphs.
struct Own<'s> {
    st: &'s BlockStyleRead,
    /// Its size, else the body size.
    size: Cpt,
    align: scene::Align,
}

impl Own<'_> {
    /// A block's own size is written on its runs as `w:sz` and `w:szCs` both: its complex
    /// script text is at that size, not the style's `w:szCs`.
    fn sized(&self, f: flow::ParaFormat) -> flow::ParaFormat {
        match self.st.size_pt {
            Some(_) => flow::ParaFormat { cs: None, ..f },
            None => f,
        }
    }

    /// Its colour, else `c`.
    fn color(&self, c: [u8; 3]) -> [u8; 3] {
        self.st.color.map_or(c, |(r, g, b)| [r, g, b])
    }
}

impl<'a, 'f> Writer<'a, 'f> {
    fn new(fonts: &'f FlowFonts, p: &'a Paging<'a>) -> Writer<'a, 'f> {
        let th = p.theme;
        let c = &th.colors;
        let rgb = |c: specrender_spec::deck::Rgb| [c.0, c.1, c.2];
        let body_size = th.sizes.body;
        Writer {
            u: Units::new(fonts, p.page.line_width()),
            fonts,
            p,
            colors: Colors {
                text: rgb(c.text),
                muted: rgb(c.muted),
                heading: rgb(c.heading.unwrap_or(c.primary)),
                primary: rgb(c.primary),
                background: rgb(c.background),
            },
            body_size,
            note: p
                .formats
                .footnote_size
                .unwrap_or_else(|| th.sizes.caption.max(body_size.saturating_sub(100))),
        }
    }

    /// The title and the subtitle.
    fn head(&mut self) {
        let (doc, th, fm) = (self.p.doc, self.p.theme, self.p.formats);
        let fonts = self.fonts;
        self.u
            .set(Role::Title, scene::Align::Auto, self.colors.primary);
        self.u.para(
            None,
            &doc.title,
            &fonts.title,
            th.sizes.title,
            fm.title,
            no_notes(),
        );
        if let Some(s) = &doc.subtitle {
            self.u
                .set(Role::Subtitle, scene::Align::Auto, self.colors.muted);
            self.u.para(
                None,
                s,
                &fonts.title,
                th.sizes.subtitle,
                fm.subtitle,
                no_notes(),
            );
        }
    }

    /// Citations of block `b`: its footnotes' jobs, or the `[n]` keys its text ends with.
    fn citations(&mut self, b: &LaidBlock) -> (Notes, String) {
        let (doc, fm) = (self.p.doc, self.p.formats);
        match self.p.citations {
            CitationStyle::Footnotes => {
                let jobs: Vec<usize> = b
                    .cites
                    .iter()
                    .map(|&(_, r)| {
                        let t = format!(" {}", doc.references[r].text());
                        self.u.lines(&t, &self.fonts.body, self.note, fm.footnote)
                    })
                    .collect();
                ((jobs, b.cites.len()), String::new())
            }
            CitationStyle::List if !b.cites.is_empty() => {
                let k: Vec<String> = b.cites.iter().map(|(n, _)| format!("[{n}]")).collect();
                (no_notes(), format!(" {}", k.join("")))
            }
            CitationStyle::List => (no_notes(), String::new()),
        }
    }

    /// Block `i`'s units.
    fn block(&mut self, m: &mut Measurer<'_>, i: usize, b: &LaidBlock) {
        let (notes, keys) = self.citations(b);
        let st = &b.style;
        let own = Own {
            st,
            size: st
                .size_pt
                .map(|pt| (pt * 2.0).round() as Cpt * 50)
                .unwrap_or(self.body_size),
            align: scene::Align::of(st.align),
        };
        let fm = self.p.formats;
        let fonts = self.fonts;
        let body = if st.bold == Some(true) {
            &fonts.bold
        } else {
            &fonts.body
        };
        let text_c = self.colors.text;
        match &b.content {
            LaidContent::Heading { level, text } => {
                let role = Role::Heading {
                    level: *level,
                    block: i,
                };
                self.u.set(role, own.align, own.color(self.colors.heading));
                let hs = st
                    .size_pt
                    .map(|pt| (pt * 2.0).round() as Cpt * 50)
                    .unwrap_or_else(|| fm.heading_size(*level, self.body_size));
                let t = format!("{text}{keys}");
                let format = own.sized(fm.heading(*level));
                self.u.para(Some(i), &t, &fonts.heading, hs, format, notes);
            }
            LaidContent::Paragraph { text } => {
                let role = Role::Body { block: Some(i) };
                self.u.set(role, own.align, own.color(text_c));
                let t = format!("{text}{keys}");
                let format = own.sized(fm.normal);
                self.u.para(Some(i), &t, body, own.size, format, notes);
            }
            LaidContent::List { items, ordered } => {
                self.list(i, b, (items, *ordered), (&own, body), (notes, &keys))
            }
            LaidContent::Table(t) => self.table(i, b, t, (notes, &keys)),
            LaidContent::Figure(fig) => self.figure(m, i, fig, (notes, &keys)),
            LaidContent::Quote { text, attribution } => self.quote(
                i,
                (text, attribution.as_deref()),
                (&own, body),
                (notes, &keys),
            ),
            LaidContent::PageBreak => {
                let role = Role::Body { block: Some(i) };
                self.u.set(role, scene::Align::Auto, text_c);
                let job = self.u.lines("", &fonts.body, self.body_size, fm.normal);
                let unit = flow::Unit::PageBreak(para_unit(fm.normal));
                self.u.push(Some(i), true, unit, job, no_notes());
            }
        }
    }

    /// A list's items; the last carries the keys and the footnotes.
    fn list(
        &mut self,
        i: usize,
        b: &LaidBlock,
        (items, ordered): (&[String], bool),
        (own, body): (&Own<'_>, &'f TextFonts),
        (notes, keys): (Notes, &str),
    ) {
        let fm = self.p.formats;
        let format = own.sized(if ordered {
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
            let role = Role::Item { block: i, item: k };
            self.u.set(role, own.align, own.color(self.colors.text));
            self.u.para(Some(i), &t, body, own.size, format, n);
        }
    }

    /// A table: its caption (a title, a number, or only the keys), its rows, and the empty
    /// paragraph the writer puts after every table.
    fn table(&mut self, i: usize, b: &LaidBlock, t: &DocTable, (notes, keys): (Notes, &str)) {
        let (fm, fonts, text_c) = (self.p.formats, self.fonts, self.colors.text);
        if t.title.is_some() || t.numbered || !b.cites.is_empty() {
            let (_, table_label, _, sep) = labels(self.p.doc.lang);
            let text = match (&t.title, t.numbered || t.title.is_some()) {
                (Some(title), _) => format!("{table_label} {}{sep}{title}{keys}", t.number),
                (None, true) => format!("{table_label} {}{keys}", t.number),
                (None, false) => keys.to_string(),
            };
            let format = flow::ParaFormat {
                keep_next: true,
                ..fm.caption
            };
            let size = self.p.theme.sizes.caption;
            self.u
                .set(Role::Caption { block: i }, scene::Align::Auto, text_c);
            self.u
                .para(Some(i), &text, &fonts.body, size, format, notes);
        }
        let header = t.row_heights.first().copied().unwrap_or(0);
        let rows = t.row_heights.iter().skip(1).copied().collect();
        let role = Role::Cell {
            block: i,
            row: 0,
            column: 0,
            repeat: false,
        };
        self.u.set(role, scene::Align::Auto, text_c);
        self.u
            .unit(Some(i), true, flow::Unit::Table { header, rows });
        self.u
            .set(Role::Body { block: None }, scene::Align::Auto, text_c);
        let format = flow::ParaFormat {
            after: 0,
            ..fm.normal
        };
        let job = self.u.lines("", &fonts.body, self.body_size, format);
        let unit = flow::Unit::Para(para_unit(format));
        self.u.push(Some(i), false, unit, job, no_notes());
    }

    /// A figure: its picture's line (or a bracketed placeholder), then its caption.
    fn figure(
        &mut self,
        m: &mut Measurer<'_>,
        i: usize,
        fig: &DocFigure,
        (notes, keys): (Notes, &str),
    ) {
        let (fm, fonts, text_c) = (self.p.formats, self.fonts, self.colors.text);
        let format = flow::ParaFormat {
            keep_next: true,
            ..fm.normal
        };
        self.u
            .set(Role::Body { block: Some(i) }, scene::Align::Center, text_c);
        match &fig.image {
            Ok(_) => self.u.unit(
                Some(i),
                true,
                flow::Unit::Para(flow::ParaUnit {
                    lines: vec![format.picture_line(
                        fig.extent.1 / page::EMU_PER_TWIP,
                        flow::latin_line(m.book, &fonts.body, self.body_size),
                    )],
                    format,
                    footnotes: (0, 0),
                }),
            ),
            Err(_) => {
                let what = fig.alt.as_deref().unwrap_or(&fig.asset_id);
                let t = format!("[{what}]");
                let job = self.u.lines(&t, &fonts.body, self.body_size, format);
                let unit = flow::Unit::Para(para_unit(format));
                self.u.push(Some(i), true, unit, job, no_notes());
            }
        }
        let (figure_label, _, _, sep) = labels(self.p.doc.lang);
        let mut text = format!("{figure_label} {}", fig.number);
        if !fig.caption.is_empty() {
            text.push_str(sep);
            text.push_str(&fig.caption);
        }
        text.push_str(keys);
        let size = self.p.theme.sizes.caption;
        self.u
            .set(Role::Caption { block: i }, scene::Align::Auto, text_c);
        self.u
            .para(Some(i), &text, &fonts.body, size, fm.caption, notes);
    }

    /// A quote, and its attribution (which then carries the keys and the footnotes).
    fn quote(
        &mut self,
        i: usize,
        (text, attribution): (&str, Option<&str>),
        (own, body): (&Own<'_>, &'f TextFonts),
        (notes, keys): (Notes, &str),
    ) {
        let fm = self.p.formats;
        let muted = self.colors.muted;
        let format = own.sized(fm.quote);
        match attribution {
            None => self.u.quote(i, own.align, own.color(muted)).para(
                Some(i),
                &format!("{text}{keys}"),
                body,
                own.size,
                format,
                notes,
            ),
            Some(a) => {
                self.u.quote(i, own.align, own.color(muted));
                self.u
                    .para(Some(i), text, body, own.size, format, no_notes());
                let t = format!("\u{2014} {a}{keys}");
                self.u
                    .set(Role::Attribution { block: i }, scene::Align::Right, muted);
                let (fonts, size) = (self.fonts, self.body_size);
                self.u.para(Some(i), &t, &fonts.body, size, fm.quote, notes);
            }
        }
    }

    /// The reference list (list mode): a Heading 1 and a paragraph per listed reference.
    fn references(&mut self) {
        let p = self.p;
        if p.citations != CitationStyle::List || p.listed.is_empty() {
            return;
        }
        let (fm, fonts, size) = (p.formats, self.fonts, self.body_size);
        let (_, _, heading, _) = labels(p.doc.lang);
        let hs = fm.heading_size(1, size);
        self.u.set(
            Role::ReferenceHeading,
            scene::Align::Auto,
            self.colors.heading,
        );
        self.u
            .para(None, heading, &fonts.heading, hs, fm.heading(1), no_notes());
        self.u
            .set(Role::Reference, scene::Align::Auto, self.colors.text);
        for (k, &r) in p.listed.iter().enumerate() {
            let t = format!("[{}] {}", k + 1, p.doc.references[r].text());
            self.u
                .para(None, &t, &fonts.body, size, fm.normal, no_notes());
        }
    }
}
