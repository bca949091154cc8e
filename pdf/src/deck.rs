//! A deck's pages: one per output slide at the slide's size, drawn as the preview draws it
//! (`specrender-preview`, from the same model): the look under the boxes (background, the
//! master's and layout's decorations and pictures, the brand's logo), then every box in slide order. Each
//! piece is tagged as it is drawn: text as paragraphs (a slide's title as its heading, bullets
//! as a list), tables with header cells, pictures as figures with their alt text; the look,
//! shapes' geometry, dividers and slide numbers as artifacts.

use crate::draw::{color, color3, oval_path, pt, rect_path, Painter};
use crate::tags::Tags;
use krilla::color::rgb;
use krilla::geom::PathBuilder;
use krilla::tagging::{ArtifactType, ListNumbering, TableHeaderScope, Tag, TagGroup};
use specrender_model::look::{Decoration, Paint, PathCmd, Surface};
use specrender_model::outline::{self, Seg};
use specrender_model::place;
use specrender_model::{
    BoxContent, LaidDeck, LaidSlide, Paragraph, PlacedBox, Placeholder, Rect, RowKind, TableBox,
    TextBox, TextField,
};
use specrender_spec::units::{Emu, EMU_PER_CPT};

/// Draws `slide` on the painter's page; its tag group goes into `tags`.
pub(crate) fn slide(p: &mut Painter<'_, '_, '_>, tags: &mut Tags, deck: &LaidDeck, s: &LaidSlide) {
    tags.artifact(p, ArtifactType::Background, |p| look(p, deck, s));
    for b in &s.boxes {
        placed(p, tags, b);
    }
}

/// The look under the boxes (as `specrender-preview`'s frame.rs draws it).
fn look(p: &mut Painter<'_, '_, '_>, deck: &LaidDeck, slide: &LaidSlide) {
    let frame = &deck.frame;
    let layout = frame.template_layout(slide.preset);
    let master = frame.look.masters.get(layout.map_or(0, |l| l.master));
    let bg = layout
        .and_then(|l| l.background.as_ref())
        .or_else(|| master.and_then(|m| m.background.as_ref()));
    let full = Rect {
        x: 0,
        y: 0,
        w: deck.slide_size.cx,
        h: deck.slide_size.cy,
    };
    match bg {
        Some(f) => fill(p, f, &full, "the slide's background"),
        None => {
            let bg1 = master
                .and_then(|m| m.bg1)
                .map_or(color(deck.theme.colors.background), color3);
            p.fill_rect(&full, bg1, 1.0);
        }
    }
    let show_master = layout.is_none_or(|l| l.show_master_shapes);
    if let Some(m) = master.filter(|_| show_master) {
        for (i, d) in m.decorations.iter().enumerate() {
            decoration(p, d, "master", i);
        }
    }
    if show_master {
        if let Some(l) = &frame.logo {
            let img = &l.image;
            p.image(&img.bytes, img.format, [0; 4], 0, false, &l.rect);
        }
    }
    if let Some(l) = layout {
        for (i, d) in l.decorations.iter().enumerate() {
            decoration(p, d, "layout", i);
        }
    }
}

fn note(p: &mut Painter<'_, '_, '_>, n: String) {
    if !p.notes.contains(&n) {
        p.notes.push(n);
    }
}

/// Fills `r` with `f` as the slide shows it.
fn fill(p: &mut Painter<'_, '_, '_>, f: &Surface, r: &Rect, what: &str) {
    if let Some(pic) = &f.picture {
        if let Err(why) = p.picture_fill(pic, r) {
            note(p, format!("{what}: {why}"));
        }
        return;
    }
    match &f.paint {
        Paint::Transparent => {}
        Paint::Unknown => note(p, format!("{what}: its fill is not known (a picture?)")),
        Paint::Colors(cs) => {
            let cs: Vec<rgb::Color> = cs.iter().copied().map(color3).collect();
            match cs.as_slice() {
                [] => {}
                [one] => p.fill_rect(r, *one, 1.0),
                [fg, bg] if f.pattern => {
                    p.fill_rect(r, *bg, 1.0);
                    p.grid(r, *fg, 6.0);
                }
                stops => p.gradient(r, stops),
            }
        }
    }
}

/// Decoration `i` of the master or layout (`whose`).
fn decoration(p: &mut Painter<'_, '_, '_>, d: &Decoration, whose: &str, i: usize) {
    let name = if d.name.is_empty() {
        format!("{whose} shape {} ({})", i + 1, d.kind)
    } else {
        format!("{whose} shape {} \"{}\" ({})", i + 1, d.name, d.kind)
    };
    match d.kind.as_str() {
        "sp" if d.rot.rem_euclid(21_600_000) != 0 => {
            note(p, format!("{name}: a turned shape is not drawn"))
        }
        "sp" => match d.geometry.as_str() {
            "" | "rect" => fill(p, &d.fill, &d.rect, &name),
            "custGeom" => cust_geom(p, d, &name),
            g => {
                if d.fill.paint != Paint::Transparent {
                    note(p, format!("{name}: its geometry ({g}) is not drawn"));
                }
            }
        },
        "cxnSp" => note(p, format!("{name}: its line colour is not known")),
        "pic" if d.fill.picture.is_some() && d.rot.rem_euclid(21_600_000) != 0 => {
            note(p, format!("{name}: a turned picture is not drawn"))
        }
        "pic" if d.fill.picture.is_some() => fill(p, &d.fill, &d.rect, &name),
        "pic" => note(p, format!("{name}: a picture of the template is not drawn")),
        other => note(p, format!("{name}: a {other} is not drawn")),
    }
}

/// A `custGeom` decoration: its paths, filled with the first colour of its fill (a
/// gradient's stops over the shape's height).
fn cust_geom(p: &mut Painter<'_, '_, '_>, d: &Decoration, name: &str) {
    if d.fill.paint == Paint::Transparent {
        return;
    }
    let (Some(paths), Paint::Colors(cs)) = (&d.paths, &d.fill.paint) else {
        note(p, format!("{name}: its geometry (custGeom) is not drawn"));
        return;
    };
    let r = d.rect;
    let (x0, y0, w, h) = (pt(r.x), pt(r.y), pt(r.w), pt(r.h));
    let mut pb = PathBuilder::new();
    for path in paths.iter() {
        // A path's own units span the shape (w = 0: the shape's EMU).
        let sx = if path.w > 0 {
            f64::from(w) / path.w as f64
        } else {
            f64::from(pt(1))
        };
        let sy = if path.h > 0 {
            f64::from(h) / path.h as f64
        } else {
            f64::from(pt(1))
        };
        let at = |x: i64, y: i64| (x0 + (x as f64 * sx) as f32, y0 + (y as f64 * sy) as f32);
        for cmd in &path.cmds {
            match *cmd {
                PathCmd::Move(x, y) => {
                    let (a, b) = at(x, y);
                    pb.move_to(a, b);
                }
                PathCmd::Line(x, y) => {
                    let (a, b) = at(x, y);
                    pb.line_to(a, b);
                }
                PathCmd::Quad([x1, y1, x, y]) => {
                    let ((a, b), (e, f)) = (at(x1, y1), at(x, y));
                    pb.quad_to(a, b, e, f);
                }
                PathCmd::Cubic([x1, y1, x2, y2, x, y]) => {
                    let ((a, b), (e, f), (g, k)) = (at(x1, y1), at(x2, y2), at(x, y));
                    pb.cubic_to(a, b, e, f, g, k);
                }
                PathCmd::Close => pb.close(),
            }
        }
    }
    if let (Some(path), Some(c)) = (pb.finish(), cs.first()) {
        p.fill_path(&path, color3(*c), 1.0);
    }
}

fn placed(p: &mut Painter<'_, '_, '_>, tags: &mut Tags, b: &PlacedBox) {
    match &b.content {
        BoxContent::Text(t) => {
            let heading = matches!(
                b.placeholder,
                Some(Placeholder::Title | Placeholder::CenterTitle)
            );
            if t.field == Some(TextField::SlideNumber) {
                tags.artifact(p, ArtifactType::PageNumber, |p| {
                    text_box(p, None, t, &b.rect)
                });
            } else {
                let mut group = Body::new(t, heading);
                text_box(p, Some((tags, &mut group)), t, &b.rect);
                group.close(tags);
                if !t.links.is_empty() {
                    links(p, t, &b.rect);
                }
            }
        }
        BoxContent::Shape(sh) => {
            tags.artifact(p, ArtifactType::Layout, |p| {
                let r = p.visible(&b.rect);
                let (l, t, rt, bt) = (pt(r.x), pt(r.y), pt(r.right()), pt(r.bottom()));
                let path = match (sh.prst, outline::preset(sh.prst, [l, t, rt, bt])) {
                    ("ellipse", _) => oval_path(&r),
                    (_, Some(segs)) => seg_path(&segs),
                    (_, None) => rect_path(&r),
                };
                if let Some(path) = path {
                    if let Some(f) = sh.fill {
                        p.fill_path(&path, color(f), 1.0);
                    }
                    if let Some((c, w)) = sh.line {
                        p.stroke_path(&path, color(c), pt(w));
                    }
                }
            });
            if let Some(t) = &sh.text {
                let mut group = Body::new(t, false);
                text_box(p, Some((tags, &mut group)), t, &sh.text_rect);
                group.close(tags);
            }
        }
        BoxContent::Divider(l) => tags.artifact(p, ArtifactType::Layout, |p| {
            let from = (pt(l.line.x), pt(l.line.y));
            let to = (pt(l.line.right()), pt(l.line.bottom()));
            p.line(from, to, color(l.color), pt(l.width));
        }),
        BoxContent::Placeholder(ph) => {
            // As the writer's label shape: D9D9D9 with a 0.75 pt A6A6A6 rule. Its label is
            // not placed by layout (the preview shapes it): named in the notes.
            tags.artifact(p, ArtifactType::Layout, |p| {
                p.fill_rect(&b.rect, rgb::Color::new(0xD9, 0xD9, 0xD9), 1.0);
                if let Some(path) = rect_path(&b.rect) {
                    p.stroke_path(&path, rgb::Color::new(0xA6, 0xA6, 0xA6), 0.75);
                }
            });
            note(
                p,
                format!(
                    "{}: the placeholder's label \"{}\" is not drawn",
                    b.element_id, ph.label
                ),
            );
        }
        BoxContent::Picture(pic) => {
            let alt = pic.descr.clone().filter(|d| !d.trim().is_empty());
            let drawn = tags.figure(p, alt, |p| {
                p.image(
                    &pic.bytes,
                    pic.format,
                    pic.src_rect,
                    pic.rot,
                    pic.flip_h,
                    &pic.frame,
                )
            });
            if !drawn {
                tags.artifact(p, ArtifactType::Layout, |p| {
                    p.fill_rect(&pic.frame, rgb::Color::new(0xD9, 0xD9, 0xD9), 1.0)
                });
                note(
                    p,
                    format!(
                        "{}: the picture does not decode: drawn as a grey box",
                        b.element_id
                    ),
                );
            }
        }
        BoxContent::Table(t) => table(p, tags, t, &b.rect),
        BoxContent::Chart(c) => crate::chart::chart(p, tags, c, &b.rect),
    }
}

fn seg_path(segs: &[Seg]) -> Option<krilla::geom::Path> {
    let mut pb = PathBuilder::new();
    for s in segs {
        match *s {
            Seg::Move(x, y) => pb.move_to(x, y),
            Seg::Line(x, y) => pb.line_to(x, y),
            Seg::Cubic([a, b, c, d, e, f]) => pb.cubic_to(a, b, c, d, e, f),
            Seg::Close => pb.close(),
        }
    }
    pb.finish()
}

/// How a box's text is tagged: a heading, paragraphs, or a list (paragraphs with bullets).
pub(crate) struct Body {
    heading: bool,
    list: Option<TagGroup>,
    /// The paragraph being tagged (index, group), and its item's label when a list.
    current: Option<(usize, TagGroup, Option<TagGroup>)>,
    done: Vec<TagGroup>,
    title: String,
}

impl Body {
    fn new(t: &TextBox, heading: bool) -> Body {
        let list = t
            .paragraphs
            .iter()
            .any(|p| p.bullet.is_some())
            .then(|| TagGroup::new(Tag::L(ListNumbering::Disc)));
        let title = t
            .paragraphs
            .iter()
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        Body {
            heading,
            list,
            current: None,
            done: Vec::new(),
            title,
        }
    }

    /// The group a line of paragraph `i` goes into (a new one for a new paragraph).
    fn enter(&mut self, i: usize, para: &Paragraph) -> &mut TagGroup {
        if self.current.as_ref().is_none_or(|c| c.0 != i) {
            self.flush();
            let group = if self.heading {
                let one = std::num::NonZeroU16::MIN;
                TagGroup::new(Tag::Hn(one, Some(self.title.clone())))
            } else if self.list.is_some() {
                TagGroup::new(Tag::LBody)
            } else {
                TagGroup::new(Tag::P)
            };
            let label =
                (self.list.is_some() && para.bullet.is_some()).then(|| TagGroup::new(Tag::Lbl));
            self.current = Some((i, group, label));
        }
        &mut self.current.as_mut().expect("entered").1
    }

    fn flush(&mut self) {
        if let Some((_, body, label)) = self.current.take() {
            match &mut self.list {
                Some(list) => {
                    let mut item = TagGroup::new(Tag::LI);
                    if let Some(l) = label {
                        item.push(l);
                    }
                    item.push(body);
                    list.push(item);
                }
                None => self.done.push(body),
            }
        }
    }

    fn close(mut self, tags: &mut Tags) {
        self.flush();
        if let Some(list) = self.list.take() {
            tags.push(list);
        }
        for g in self.done {
            tags.push(g);
        }
    }
}

/// A text box's fill and lines; `tagged`: where its lines' content goes (`None`: the caller
/// made the whole box an artifact).
fn text_box(
    p: &mut Painter<'_, '_, '_>,
    mut tagged: Option<(&mut Tags, &mut Body)>,
    t: &TextBox,
    rect: &Rect,
) {
    if let Some(f) = t.fill {
        let alpha = f.alpha.min(100_000) as f32 / 100_000.0;
        match tagged.as_mut() {
            Some((tags, _)) => tags.artifact(p, ArtifactType::Layout, |p| {
                p.fill_rect(rect, color(f.color), alpha)
            }),
            None => p.fill_rect(rect, color(f.color), alpha),
        }
    }
    let area = t.area(rect);
    let c = color(t.color);
    let size = (Emu::from(t.size) * EMU_PER_CPT) as f64 / specrender_spec::units::EMU_PER_PT as f64;
    let size = size as f32;
    place::lines(
        &t.paragraphs,
        &area.first,
        area.second.as_ref(),
        area.top,
        t.size,
        t.align,
        |l| match tagged.as_mut() {
            Some((tags, body)) => {
                let lang = l.paragraph.lang.clone();
                if let (Some(_), true) = (l.bullet, body.list.is_some()) {
                    // The bullet is the item's label; the line's text its body.
                    body.enter(l.para, l.paragraph);
                    let bullet_only = place::LinePlace {
                        glyphs: &EMPTY_LINE,
                        ..l
                    };
                    let id = tags.span(p, &lang, None, |p| p.line_glyphs(&bullet_only, size, c));
                    if let Some((_, _, Some(label))) = body.current.as_mut() {
                        label.push(id);
                    }
                    let text_only = place::LinePlace { bullet: None, ..l };
                    let actual = p.outlined(l.glyphs, &l.paragraph.text);
                    let id = tags.span(p, &lang, actual.as_deref(), |p| {
                        p.line_glyphs(&text_only, size, c)
                    });
                    body.enter(l.para, l.paragraph).push(id);
                } else {
                    let actual = p.outlined(l.glyphs, &l.paragraph.text);
                    let id = tags.span(p, &lang, actual.as_deref(), |p| p.line_glyphs(&l, size, c));
                    body.enter(l.para, l.paragraph).push(id);
                }
            }
            None => p.line_glyphs(&l, size, c),
        },
    );
}

/// The parts of `t`'s lines its links cover, as rectangles from 0.8 em above the baseline to
/// 0.2 em below (the line's pitch as LibreOffice places it), one per line a link touches.
fn links(p: &mut Painter<'_, '_, '_>, t: &TextBox, rect: &Rect) {
    let area = t.area(rect);
    let em = pt(Emu::from(t.size) * EMU_PER_CPT);
    let mut found = Vec::new();
    place::lines(
        &t.paragraphs,
        &area.first,
        area.second.as_ref(),
        area.top,
        t.size,
        t.align,
        |l| {
            for link in t.links.iter().filter(|k| k.para == l.para) {
                let gs = &l.glyphs.glyphs;
                let inside = |i: usize| (link.start..link.end).contains(&(gs[i].cluster as usize));
                let xs: Vec<usize> = (0..gs.len()).filter(|&i| inside(i)).collect();
                let (Some(&a), Some(&b)) = (xs.first(), xs.last()) else {
                    continue;
                };
                let end = gs.get(b + 1).map_or(l.glyphs.width, |g| g.x);
                let x0 = pt(l.x) + (gs[a].x.min(gs[b].x) / 12_700.0) as f32;
                let x1 = pt(l.x) + (end.max(gs[a].x) / 12_700.0) as f32;
                let base = pt(l.baseline);
                if let Some(r) = krilla::geom::Rect::from_ltrb(
                    x0,
                    base - 0.8 * em,
                    x1.max(x0 + 0.1),
                    base + 0.2 * em,
                ) {
                    let text = &l.paragraph.text;
                    let shown = text.get(link.start..link.end.min(text.len())).unwrap_or("");
                    found.push((r, link.url.clone(), shown.to_string()));
                }
            }
        },
    );
    p.links.extend(found);
}

static EMPTY_LINE: specrender_model::LineGlyphs = specrender_model::LineGlyphs {
    glyphs: Vec::new(),
    width: 0.0,
    nominal: 0.0,
    upper: 0.0,
    start: 0,
    end: 0,
};

fn table(p: &mut Painter<'_, '_, '_>, tags: &mut Tags, t: &TableBox, rect: &Rect) {
    let mut table = TagGroup::new(Tag::Table);
    let mut row: Option<(usize, TagGroup)> = None;
    let border = color(t.border);
    for c in t.cells(rect) {
        let header = c.kind == RowKind::Header;
        tags.artifact(p, ArtifactType::Layout, |p| {
            if header {
                p.fill_rect(&c.rect, color(t.header_fill), 1.0);
            }
            if c.kind != RowKind::Caption {
                if let Some(path) = rect_path(&c.rect) {
                    p.stroke_path(&path, border, 0.75);
                }
            }
        });
        let mut cell = match c.kind {
            RowKind::Caption => TagGroup::new(Tag::Caption),
            RowKind::Header => TagGroup::new(Tag::TH(TableHeaderScope::Column)),
            RowKind::Body(_) => TagGroup::new(Tag::TD),
        };
        let fg = color(if header { t.header_color } else { t.color });
        let size = pt(Emu::from(t.size) * EMU_PER_CPT);
        let mut para: Option<(usize, TagGroup)> = None;
        place::lines(
            &c.cell.paragraphs,
            &c.inner,
            None,
            c.inner.y,
            t.size,
            c.cell.align,
            |l| {
                if para.as_ref().is_none_or(|(i, _)| *i != l.para) {
                    if let Some((_, g)) = para.take() {
                        cell.push(g);
                    }
                    para = Some((l.para, TagGroup::new(Tag::P)));
                }
                let lang = l.paragraph.lang.clone();
                let actual = p.outlined(l.glyphs, &l.paragraph.text);
                let id = tags.span(p, &lang, actual.as_deref(), |p| p.line_glyphs(&l, size, fg));
                if let Some((_, g)) = para.as_mut() {
                    g.push(id);
                }
            },
        );
        if let Some((_, g)) = para.take() {
            cell.push(g);
        }
        if c.kind == RowKind::Caption {
            table.push(cell);
            continue;
        }
        if row.as_ref().is_none_or(|(r, _)| *r != c.row) {
            if let Some((_, r)) = row.take() {
                table.push(r);
            }
            row = Some((c.row, TagGroup::new(Tag::TR)));
        }
        if let Some((_, r)) = row.as_mut() {
            r.push(cell);
        }
    }
    if let Some((_, r)) = row.take() {
        table.push(r);
    }
    tags.push(table);
}
