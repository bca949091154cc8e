//! A document's pages: drawn from the pages layout laid out for drawing
//! ([`specrender_model::page::DocPages`]: every line's glyphs at its place, table rules and
//! fills, pictures), and tagged as a document in reading order — the title and headings
//! (the title `H1`, a heading of level n `H(n+1)`), paragraphs, lists with labels and bodies,
//! tables with header cells (a header row repeated on a later page is an artifact), figures
//! with their alt text and captions, quotes, footnotes as notes; rules and fills as artifacts.

use std::num::NonZeroU16;

use crate::draw::{color3, pt, Painter};
use crate::tags::Tags;
use krilla::geom::Point;
use krilla::tagging::{
    ArtifactType, Identifier, ListNumbering, Node, TableHeaderScope, Tag, TagGroup,
};
use specrender_model::doc::{LaidContent, LaidDoc};
use specrender_model::page::{PageItem, PageLine, PageScene, Role};
use specrender_model::Rect;
use specrender_spec::units::EMU_PER_CPT;

/// Draws one page of the document; its content goes into `s` (the document's structure).
pub(crate) fn page(
    p: &mut Painter<'_, '_, '_>,
    tags: &mut Tags,
    s: &mut Structure,
    doc: &LaidDoc,
    page: &PageScene,
) {
    for item in &page.items {
        match item {
            PageItem::Line(l) => {
                // A table's header row again on a later page is pagination, not content.
                if let Role::Cell { repeat: true, .. } = l.role {
                    tags.artifact(p, ArtifactType::PaginationOther, |p| line(p, l));
                    continue;
                }
                let actual = p.outlined(&l.glyphs, &l.text);
                let id = tags.span(p, &l.lang, actual.as_deref(), |p| line(p, l));
                s.add(doc, l, id);
            }
            PageItem::Rule {
                from,
                to,
                width,
                color,
            } => tags.artifact(p, ArtifactType::Layout, |p| {
                let k = |v: f64| (v / specrender_spec::units::EMU_PER_PT as f64) as f32;
                p.line(
                    (k(from.0), k(from.1)),
                    (k(to.0), k(to.1)),
                    color3(*color),
                    k(*width),
                );
            }),
            PageItem::Fill { rect, color } => tags.artifact(p, ArtifactType::Layout, |p| {
                p.fill_rect(&rect_of(rect), color3(*color), 1.0);
            }),
            PageItem::Picture {
                rect,
                image,
                alt,
                block,
            } => {
                let mut drawn = true;
                let mut fig = Tags::default();
                fig.figure(p, alt.clone(), |p| {
                    let fmt = image.format;
                    let o = image.orientation;
                    let rot = i32::from(o.quarter_turns) * 5_400_000;
                    drawn = p.image(&image.bytes, fmt, [0; 4], rot, o.flip_h, &rect_of(rect));
                });
                if !drawn {
                    let n = format!("block {}: its picture does not decode: not drawn", block);
                    if !p.notes.contains(&n) {
                        p.notes.push(n);
                    }
                }
                s.close_paragraph();
                s.close_container();
                for n in fig.nodes {
                    s.nodes.push(n);
                }
            }
        }
    }
}

fn rect_of(r: &[f64; 4]) -> Rect {
    Rect {
        x: r[0].round() as i64,
        y: r[1].round() as i64,
        w: r[2].round() as i64,
        h: r[3].round() as i64,
    }
}

/// One line's glyphs on its baseline.
fn line(p: &mut Painter<'_, '_, '_>, l: &PageLine) {
    let size = l.size as f32 * EMU_PER_CPT as f32 / specrender_spec::units::EMU_PER_PT as f32;
    let origin = Point::from_xy(pt(l.x.round() as i64), pt(l.baseline.round() as i64));
    let g = &l.glyphs;
    p.glyphs_at(
        &g.glyphs,
        &l.text,
        g.end,
        g.width,
        origin,
        size,
        color3(l.color),
    );
}

/// An open paragraph: its number, role and group.
struct Open {
    para: u32,
    role: Role,
    group: TagGroup,
}

/// A list or table being tagged.
enum Container {
    List {
        block: usize,
        group: TagGroup,
        /// The item whose label came before its text.
        label: Option<(usize, TagGroup)>,
    },
    Table {
        block: usize,
        group: TagGroup,
        row: Option<(usize, TagGroup)>,
    },
}

/// The document's structure as its pages are drawn: paragraphs gathered across pages, lists,
/// tables, footnotes (each note after the paragraph the page break interrupted, if one was).
#[derive(Default)]
pub(crate) struct Structure {
    pub(crate) nodes: Vec<Node>,
    open: Option<Open>,
    container: Option<Container>,
    notes: Vec<TagGroup>,
    note: Option<(u32, TagGroup)>,
}

impl Structure {
    /// Adds a drawn line's content `id`.
    fn add(&mut self, doc: &LaidDoc, l: &PageLine, id: Identifier) {
        match &l.role {
            Role::Footnote { number } => {
                match &mut self.note {
                    Some((n, g)) if n == number => g.push(id),
                    _ => {
                        self.finish_note();
                        let mut g = TagGroup::new(Tag::Note);
                        g.push(id);
                        self.note = Some((*number, g));
                    }
                }
                return;
            }
            Role::Label { block, item } => {
                self.close_paragraph();
                self.enter_list(doc, *block);
                if let Some(Container::List { label, .. }) = &mut self.container {
                    let mut g = TagGroup::new(Tag::Lbl);
                    g.push(id);
                    *label = Some((*item, g));
                }
                return;
            }
            _ => {}
        }
        self.finish_note();
        if let Some(o) = &mut self.open {
            if o.para == l.para {
                o.group.push(id);
                return;
            }
        }
        self.close_paragraph();
        let tag: TagGroup = match &l.role {
            Role::Title => TagGroup::new(Tag::Hn(NonZeroU16::MIN, Some(doc.title.clone()))),
            Role::Heading { level, block } => {
                let text = match &doc.blocks[*block].content {
                    LaidContent::Heading { text, .. } => text.clone(),
                    _ => l.text.to_string(),
                };
                TagGroup::new(Tag::Hn(level_tag(*level), Some(text)))
            }
            Role::ReferenceHeading => {
                TagGroup::new(Tag::Hn(level_tag(1), Some(l.text.to_string())))
            }
            Role::Item { .. } => TagGroup::new(Tag::LBody),
            Role::Quote { .. } => TagGroup::new(Tag::BlockQuote),
            Role::Caption { .. } => TagGroup::new(Tag::Caption),
            Role::Cell { row: 0, .. } => TagGroup::new(Tag::TH(TableHeaderScope::Column)),
            Role::Cell { .. } => TagGroup::new(Tag::TD),
            _ => TagGroup::new(Tag::P),
        };
        let mut group = tag;
        group.push(id);
        self.open = Some(Open {
            para: l.para,
            role: l.role.clone(),
            group,
        });
        // A table's caption comes first inside its table.
        if let Role::Caption { block } = l.role {
            if matches!(doc.blocks[block].content, LaidContent::Table(_)) {
                self.close_container();
                self.container = Some(Container::Table {
                    block,
                    group: TagGroup::new(Tag::Table),
                    row: None,
                });
            }
        }
    }

    fn finish_note(&mut self) {
        if let Some((_, g)) = self.note.take() {
            self.notes.push(g);
            if self.open.is_none() {
                self.flush_notes();
            }
        }
    }

    fn flush_notes(&mut self) {
        for g in self.notes.drain(..) {
            self.nodes.push(g.into());
        }
    }

    fn enter_list(&mut self, _doc: &LaidDoc, block: usize) {
        if !matches!(&self.container, Some(Container::List { block: b, .. }) if *b == block) {
            self.close_container();
            self.container = Some(Container::List {
                block,
                group: TagGroup::new(Tag::L(ListNumbering::Disc)),
                label: None,
            });
        }
    }

    /// Puts the open paragraph where it belongs.
    fn close_paragraph(&mut self) {
        let Some(o) = self.open.take() else {
            return;
        };
        match o.role {
            Role::Item { block, item } => {
                if !matches!(&self.container, Some(Container::List { block: b, .. }) if *b == block)
                {
                    self.close_container();
                    self.container = Some(Container::List {
                        block,
                        group: TagGroup::new(Tag::L(ListNumbering::Disc)),
                        label: None,
                    });
                }
                if let Some(Container::List { group, label, .. }) = &mut self.container {
                    let mut li = TagGroup::new(Tag::LI);
                    if let Some((i, l)) = label.take() {
                        if i == item {
                            li.push(l);
                        }
                    }
                    li.push(o.group);
                    group.push(li);
                }
            }
            Role::Cell { block, row, .. } => {
                if !matches!(&self.container, Some(Container::Table { block: b, .. }) if *b == block)
                {
                    self.close_container();
                    self.container = Some(Container::Table {
                        block,
                        group: TagGroup::new(Tag::Table),
                        row: None,
                    });
                }
                if let Some(Container::Table { group, row: r, .. }) = &mut self.container {
                    if r.as_ref().is_some_and(|(k, _)| *k != row) {
                        if let Some((_, tr)) = r.take() {
                            group.push(tr);
                        }
                    }
                    r.get_or_insert_with(|| (row, TagGroup::new(Tag::TR)))
                        .1
                        .push(o.group);
                }
            }
            Role::Caption { block } => match &mut self.container {
                Some(Container::Table {
                    block: b, group, ..
                }) if *b == block => group.push(o.group),
                _ => {
                    self.close_container();
                    self.nodes.push(o.group.into());
                }
            },
            _ => {
                self.close_container();
                self.nodes.push(o.group.into());
            }
        }
        self.flush_notes();
    }

    /// Closes the open list or table.
    fn close_container(&mut self) {
        match self.container.take() {
            Some(Container::List { group, .. }) => self.nodes.push(group.into()),
            Some(Container::Table { mut group, row, .. }) => {
                if let Some((_, tr)) = row {
                    group.push(tr);
                }
                self.nodes.push(group.into());
            }
            None => {}
        }
    }

    /// Everything closed: the document's structure.
    pub(crate) fn finish(mut self) -> Vec<Node> {
        self.finish_note();
        self.close_paragraph();
        self.close_container();
        self.flush_notes();
        self.nodes
    }
}

/// The headings drawn on page `index` (level, text, page index, top in points): the
/// document's title at level 1, a heading of level n at n + 1.
pub(crate) fn headings(
    doc: &LaidDoc,
    page: &PageScene,
    index: usize,
) -> Vec<(u8, String, usize, f32)> {
    let mut out = Vec::new();
    let mut last = None;
    for item in &page.items {
        let PageItem::Line(l) = item else { continue };
        if last == Some(l.para) {
            continue;
        }
        let top = pt((l.baseline - f64::from(l.size) * EMU_PER_CPT as f64).round() as i64).max(0.0);
        match &l.role {
            Role::Title => out.push((1, doc.title.clone(), index, top)),
            Role::Heading { level, block } => {
                if let LaidContent::Heading { text, .. } = &doc.blocks[*block].content {
                    out.push(((*level).clamp(1, 5) + 1, text.clone(), index, top));
                }
            }
            _ => continue,
        }
        last = Some(l.para);
    }
    out
}

/// The tag level of a heading of level `level`: one below the title's (H1), at most H6.
fn level_tag(level: u8) -> NonZeroU16 {
    NonZeroU16::new(u16::from(level.clamp(1, 5)) + 1).unwrap_or(NonZeroU16::MIN)
}
