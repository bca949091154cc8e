//! Resolve: every shape of every slide with what PowerPoint inherits for it. Geometry and
//! body properties come from the shape, else its layout placeholder, else the master's
//! placeholder; each paragraph property from the run or paragraph, else the shape's list
//! style at the paragraph's level, the layout placeholder's, the master placeholder's, the
//! master's text style for the placeholder's class (`p:titleStyle`, `p:bodyStyle`,
//! `p:otherStyle`), the presentation's `p:defaultTextStyle`; font references (`+mj-lt`,
//! `+mn-ea`, ...) and an East Asian font left empty through the theme's fonts (by script for
//! the run's language, as `FontSet::ea_for`). Placeholders match as PowerPoint matches them:
//! by `idx`, else by type (`ctrTitle` as `title`, `obj` as `body`).

use crate::read::{self, Kind, Level, Rect, Shape, Spacing, TextBody, Tree};
use specrender_opc::xml::{attr_i64, attr_ns, walk};
use specrender_opc::{Package, PackageError};
use specrender_template::{read_theme, Theme};
use std::collections::BTreeMap;

/// Slides one deck may list.
pub const MAX_SLIDES: usize = 5_000;

/// A deck as [`check`](crate::check) measures it.
#[derive(Debug, Clone)]
pub struct Deck {
    pub slide_size: (i64, i64),
    pub slides: Vec<Slide>,
}

#[derive(Debug, Clone)]
pub struct Slide {
    /// 1-based, in the presentation's order.
    pub number: usize,
    pub part: String,
    pub shapes: Vec<Resolved>,
}

/// A shape of a slide, resolved.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub id: u32,
    pub name: String,
    pub creation_id: Option<String>,
    /// Placeholder type (`title`, `body`, ...), when it is one.
    pub ph: Option<String>,
    pub rect: Option<Rect>,
    pub group_depth: usize,
    pub what: What,
    /// The layout placeholder's own text (its prompt), for placeholders.
    pub prompt: Option<String>,
    /// What the accessibility rules read ([`Access`]).
    pub access: Access,
}

/// A shape as the accessibility rules see it.
#[derive(Debug, Clone, Default)]
pub struct Access {
    /// A picture, chart, diagram or other graphic frame (not a table): it needs alternative
    /// text unless marked decorative.
    pub graphic: Option<&'static str>,
    /// `p:cNvPr descr`, trimmed; empty when none.
    pub alt: String,
    pub decorative: bool,
    /// A table: whether its first row is a header row (`firstRow="1"`).
    pub header_row: Option<bool>,
    /// The text of each hyperlink run.
    pub links: Vec<String>,
    /// Has text (its own, not a placeholder's prompt).
    pub has_text: bool,
    /// The languages its runs name.
    pub langs: Vec<String>,
}

#[derive(Debug, Clone)]
pub enum What {
    Text(Frame),
    Table(Vec<Vec<CellText>>, Vec<i64>, Vec<i64>),
    /// Drawn text we do not measure (vertical text, WordArt, SmartArt): why.
    NotMeasured(&'static str),
    /// A shape without text (a picture, a connector, an empty autoshape, a chart).
    Other,
}

/// A text body, resolved.
#[derive(Debug, Clone)]
pub struct Frame {
    pub insets: [i64; 4],
    pub anchor: String,
    /// `wrap="none"`: a line per paragraph whatever the width.
    pub no_wrap: bool,
    /// `norm`, `shape` or `none`.
    pub autofit: &'static str,
    pub font_scale: i64,
    pub ln_reduction: i64,
    /// `normAutofit` on the slide's own shape (LibreOffice shrinks only that text; an
    /// inherited one it draws at full size, as PowerPoint does until the text is edited).
    pub own_norm_autofit: bool,
    pub columns: i64,
    pub paras: Vec<Para>,
    pub title: bool,
}

impl Frame {
    pub fn text(&self) -> String {
        let ps: Vec<&str> = self.paras.iter().map(|p| p.text.as_str()).collect();
        ps.join("\n")
    }
}

#[derive(Debug, Clone)]
pub struct CellText {
    pub row: usize,
    pub col: usize,
    pub span: usize,
    pub margins: [i64; 4],
    pub body: Frame,
}

#[derive(Debug, Clone)]
pub struct Para {
    pub text: String,
    pub size: u32,
    pub latin: String,
    pub ea: String,
    pub bold: bool,
    pub lang: String,
    pub mar_l: i64,
    pub indent: i64,
    pub ln_spc: Option<Spacing>,
    pub spc_bef: Option<Spacing>,
    pub spc_aft: Option<Spacing>,
}

struct Master {
    tree: Tree,
    theme: Theme,
}

fn class(ty: &str) -> &'static str {
    match ty {
        "title" | "ctrTitle" => "title",
        "dt" | "ftr" | "sldNum" | "hdr" => "other",
        _ => "body",
    }
}

fn same_type(a: &str, b: &str) -> bool {
    fn norm(t: &str) -> &str {
        match t {
            "ctrTitle" => "title",
            "obj" => "body",
            t => t,
        }
    }
    norm(a) == norm(b)
}

/// The placeholder of `tree` a shape with `ph` inherits from.
fn find_ph<'t>(tree: &'t Tree, ty: &str, idx: Option<u32>, by_class: bool) -> Option<&'t Shape> {
    let phs = || tree.shapes.iter().filter(|s| s.ph.is_some());
    if by_class {
        let c = class(ty);
        return phs()
            .find(|s| s.ph.as_ref().is_some_and(|(t, _)| same_type(t, ty)))
            .or_else(|| phs().find(|s| s.ph.as_ref().is_some_and(|(t, _)| class(t) == c)));
    }
    if let Some(i) = idx {
        if let Some(s) = phs().find(|s| s.ph.as_ref().is_some_and(|(_, x)| *x == Some(i))) {
            return Some(s);
        }
    }
    phs().find(|s| s.ph.as_ref().is_some_and(|(t, _)| same_type(t, ty)))
}

/// Reads the presentation: slide size, default text style, the slides in order, each with
/// its layout and master.
pub fn deck(pkg: &Package, pres: &str) -> Result<Deck, PackageError> {
    let xml = pkg.read_xml(pres, Some("_rels/.rels"))?;
    let mut ids = Vec::new();
    let mut size = None;
    walk(pres, &xml, |name, e, end| {
        if !end {
            match name {
                b"sldId" => {
                    if let Some(r) = attr_ns(e, "id") {
                        ids.push(r);
                    }
                }
                b"sldSz" => size = attr_i64(e, "cx").zip(attr_i64(e, "cy")),
                _ => {}
            }
        }
        Ok(())
    })?;
    if ids.len() > MAX_SLIDES {
        return Err(PackageError::Xml {
            part: pres.to_string(),
            message: format!("lists more than {MAX_SLIDES} slides"),
        });
    }
    let (cx, cy) = size.ok_or_else(|| PackageError::Xml {
        part: pres.to_string(),
        message: "p:sldSz is missing".into(),
    })?;
    let slide_size = (cx.clamp(1, 1 << 40), cy.clamp(1, 1 << 40));
    let defaults = default_style(pres, &xml)?;
    let rels = pkg.rels(pres)?;
    let mut layouts: BTreeMap<String, (Tree, String)> = BTreeMap::new();
    let mut masters: BTreeMap<String, Master> = BTreeMap::new();
    let mut slides = Vec::new();
    for (n, rid) in ids.iter().enumerate() {
        let rel = rels
            .iter()
            .find(|r| &r.id == rid && !r.external)
            .ok_or_else(|| PackageError::Xml {
                part: pres.to_string(),
                message: format!("slide relationship {rid:?} is missing"),
            })?;
        let part = rel.target.clone();
        let sxml = pkg.read_xml(&part, Some(pres))?;
        let tree = read::tree(&part, &sxml)?;
        let srels = pkg.rels(&part)?;
        let layout_part = srels
            .iter()
            .find(|r| !r.external && r.is("slideLayout"))
            .map(|r| r.target.clone())
            .ok_or_else(|| PackageError::Xml {
                part: part.clone(),
                message: "names no slide layout".into(),
            })?;
        if !layouts.contains_key(&layout_part) {
            let lxml = pkg.read_xml(&layout_part, Some(&part))?;
            let ltree = read::tree(&layout_part, &lxml)?;
            let master_part = pkg
                .rels(&layout_part)?
                .iter()
                .find(|r| !r.external && r.is("slideMaster"))
                .map(|r| r.target.clone())
                .ok_or_else(|| PackageError::Xml {
                    part: layout_part.clone(),
                    message: "names no slide master".into(),
                })?;
            if !masters.contains_key(&master_part) {
                let mxml = pkg.read_xml(&master_part, Some(&layout_part))?;
                let mtree = read::tree(&master_part, &mxml)?;
                let theme = match pkg
                    .rels(&master_part)?
                    .iter()
                    .find(|r| !r.external && r.is("theme"))
                {
                    Some(r) => read_theme(pkg, &r.target, &master_part).map_err(|e| match e {
                        specrender_template::TemplateError::Package(p) => p,
                        other => PackageError::Xml {
                            part: r.target.clone(),
                            message: other.to_string(),
                        },
                    })?,
                    None => Theme::default(),
                };
                masters.insert(master_part.clone(), Master { tree: mtree, theme });
            }
            layouts.insert(layout_part.clone(), (ltree, master_part));
        }
        let (ltree, master_part) = &layouts[&layout_part];
        let master = &masters[master_part];
        let shapes = tree
            .shapes
            .iter()
            .map(|s| shape(s, ltree, master, &defaults))
            .collect();
        slides.push(Slide {
            number: n + 1,
            part,
            shapes,
        });
    }
    Ok(Deck { slide_size, slides })
}

/// `p:defaultTextStyle` of the presentation part.
fn default_style(part: &str, xml: &[u8]) -> Result<[Level; 9], PackageError> {
    // The same reader as a master's text styles: wrap it as one.
    let mut out: [Level; 9] = Default::default();
    let mut inside = false;
    let mut at: Option<usize> = None;
    let mut stack: Vec<Vec<u8>> = Vec::new();
    walk(part, xml, |name, e, end| {
        if end {
            stack.pop();
            if name == b"defaultTextStyle" {
                inside = false;
            }
            return Ok(());
        }
        let parent = stack.last().cloned().unwrap_or_default();
        stack.push(name.to_vec());
        if name == b"defaultTextStyle" {
            inside = true;
            return Ok(());
        }
        if !inside {
            return Ok(());
        }
        if parent == b"defaultTextStyle" {
            at = read::lvl_index(name);
        }
        if let Some(i) = at {
            read::level_event(name, &parent, e, &mut out[i]);
        }
        Ok(())
    })?;
    Ok(out)
}

fn pick<T: Clone>(chain: &[&Level], f: impl Fn(&Level) -> Option<T>) -> Option<T> {
    chain.iter().find_map(|l| f(l))
}

/// A theme font reference (`+mj-lt`, `+mn-ea`, ...) resolved; other names as written.
fn font_name(name: &str, theme: &Theme, lang: &str, ea: bool) -> String {
    let set = if name.starts_with("+mj") {
        Some(&theme.major)
    } else if name.starts_with("+mn") {
        Some(&theme.minor)
    } else {
        None
    };
    match set {
        Some(s) if name.ends_with("-lt") => s.latin.clone(),
        Some(s) if name.ends_with("-ea") => s.ea_for(lang).to_string(),
        Some(s) if name.ends_with("-cs") => s.cs.clone(),
        Some(s) if ea => s.ea_for(lang).to_string(),
        Some(s) => s.latin.clone(),
        None => name.to_string(),
    }
}

fn body_text(
    tb: &TextBody,
    inherited: &[&TextBody],
    style: Option<&[Level; 9]>,
    defaults: &[Level; 9],
    theme: &Theme,
    title: bool,
) -> Frame {
    let bodies: Vec<&read::Body> = std::iter::once(&tb.body)
        .chain(inherited.iter().map(|t| &t.body))
        .collect();
    let inset = |i: usize| bodies.iter().find_map(|b| b.insets[i]);
    let d = [91_440, 45_720, 91_440, 45_720];
    let insets = [0, 1, 2, 3].map(|i| inset(i).unwrap_or(d[i]));
    let anchor = bodies
        .iter()
        .find_map(|b| b.anchor.clone())
        .unwrap_or_else(|| "t".into());
    let no_wrap = bodies.iter().find_map(|b| b.wrap.clone()).as_deref() == Some("none");
    let autofit = bodies.iter().find_map(|b| b.autofit).unwrap_or("none");
    // fontScale and lnSpcReduction are the slide's own: what PowerPoint last computed there.
    let (font_scale, ln_reduction) = if tb.body.autofit == Some("norm") {
        (
            tb.body.font_scale.unwrap_or(100_000),
            tb.body.ln_reduction.unwrap_or(0),
        )
    } else {
        (100_000, 0)
    };
    let columns = bodies
        .iter()
        .find_map(|b| b.columns)
        .unwrap_or(1)
        .clamp(1, 16);
    let fonts_major = title;
    let paras = tb
        .paras
        .iter()
        .map(|p| {
            let l = p.lvl.min(8);
            let mut chain: Vec<&Level> = vec![&p.ppr, &tb.lst[l]];
            chain.extend(inherited.iter().map(|t| &t.lst[l]));
            if let Some(s) = style {
                chain.push(&s[l]);
            }
            chain.push(&defaults[l]);
            let text: String = p.runs.iter().map(|r| r.text.as_str()).collect();
            let first = p
                .runs
                .iter()
                .find(|r| !r.text.trim().is_empty())
                .or(p.runs.first());
            let lang = first.and_then(|r| r.lang.clone()).unwrap_or_default();
            let size = p
                .runs
                .iter()
                .filter(|r| !r.text.is_empty())
                .filter_map(|r| r.size)
                .max()
                .or_else(|| (text.is_empty()).then_some(p.end_size).flatten())
                .or_else(|| pick(&chain, |l| l.size))
                .unwrap_or(1800);
            let dflt = if fonts_major { "+mj" } else { "+mn" };
            let latin = first
                .and_then(|r| r.latin.clone())
                .or_else(|| pick(&chain, |l| l.latin.clone()))
                .unwrap_or_else(|| format!("{dflt}-lt"));
            let ea = first
                .and_then(|r| r.ea.clone())
                .or_else(|| pick(&chain, |l| l.ea.clone()))
                .unwrap_or_else(|| format!("{dflt}-ea"));
            let latin = font_name(&latin, theme, &lang, false);
            let mut ea = font_name(&ea, theme, &lang, true);
            if ea.trim().is_empty() {
                // No East Asian font named: the theme's for the language's script.
                ea = theme.minor.ea_for(&lang).to_string();
            }
            Para {
                text,
                size,
                latin,
                ea,
                bold: first
                    .and_then(|r| r.bold)
                    .or_else(|| pick(&chain, |l| l.bold))
                    .unwrap_or(false),
                lang,
                mar_l: pick(&chain, |l| l.mar_l).unwrap_or(0),
                indent: pick(&chain, |l| l.indent).unwrap_or(0),
                ln_spc: pick(&chain, |l| l.ln_spc),
                spc_bef: pick(&chain, |l| l.spc_bef),
                spc_aft: pick(&chain, |l| l.spc_aft),
            }
        })
        .collect();
    Frame {
        insets,
        anchor,
        no_wrap,
        autofit,
        font_scale,
        ln_reduction,
        own_norm_autofit: tb.body.autofit == Some("norm"),
        columns,
        paras,
        title,
    }
}

fn shape(s: &Shape, layout: &Tree, master: &Master, defaults: &[Level; 9]) -> Resolved {
    let (lph, mph) = match &s.ph {
        Some((ty, idx)) => {
            let l = find_ph(layout, ty, *idx, false);
            let lty = l
                .and_then(|l| l.ph.as_ref())
                .map_or(ty.as_str(), |(t, _)| t.as_str());
            (l, find_ph(&master.tree, lty, None, true))
        }
        None => (None, None),
    };
    let ty = s.ph.as_ref().map(|(t, _)| {
        lph.and_then(|l| l.ph.as_ref())
            .filter(|_| t == "obj")
            .map_or(t.clone(), |(t, _)| t.clone())
    });
    let rect = s
        .rect
        .or(lph.and_then(|l| l.rect))
        .or(mph.and_then(|m| m.rect));
    let inherited: Vec<&TextBody> = [lph, mph]
        .iter()
        .flatten()
        .filter_map(|p| p.text.as_ref())
        .collect();
    let style = ty.as_deref().map(|t| match class(t) {
        "title" => &master.tree.title_style,
        "other" => &master.tree.other_style,
        _ => &master.tree.body_style,
    });
    let title = ty.as_deref().is_some_and(|t| class(t) == "title");
    let prompt = lph.and_then(|l| l.text.as_ref()).map(TextBody::text);
    let what = match &s.kind {
        Kind::SmartArt => What::NotMeasured("SmartArt"),
        Kind::Table(t) => table(t, defaults, &master.theme),
        Kind::Shape => match &s.text {
            Some(tb) => {
                let vert = std::iter::once(tb)
                    .chain(inherited.iter().copied())
                    .find_map(|t| t.body.vert.clone());
                if vert.as_deref().is_some_and(|v| v != "horz") {
                    What::NotMeasured("vertical text")
                } else if tb.body.warp {
                    What::NotMeasured("WordArt")
                } else {
                    What::Text(body_text(
                        tb,
                        &inherited,
                        style,
                        defaults,
                        &master.theme,
                        title,
                    ))
                }
            }
            None if s.ph.is_some() => What::Text(body_text(
                &TextBody::default(),
                &inherited,
                style,
                defaults,
                &master.theme,
                title,
            )),
            None => What::Other,
        },
        _ => What::Other,
    };
    Resolved {
        id: s.id,
        name: s.name.clone(),
        creation_id: s.creation_id.clone(),
        ph: ty,
        rect,
        group_depth: s.group_depth,
        what,
        prompt,
        access: access(s),
    }
}

/// What the accessibility rules read of a shape as the file writes it.
fn access(s: &Shape) -> Access {
    let mut bodies: Vec<&TextBody> = s.text.iter().collect();
    if let Kind::Table(t) = &s.kind {
        bodies.extend(t.rows.iter().flat_map(|r| r.cells.iter().map(|c| &c.text)));
    }
    let mut links = Vec::new();
    let mut langs: Vec<String> = Vec::new();
    let mut has_text = false;
    for r in bodies
        .iter()
        .flat_map(|b| b.paras.iter())
        .flat_map(|p| p.runs.iter())
    {
        has_text |= !r.text.trim().is_empty();
        if r.link && !r.text.trim().is_empty() {
            links.push(r.text.trim().to_string());
        }
        if let Some(l) = &r.lang {
            if !langs.contains(l) {
                langs.push(l.clone());
            }
        }
    }
    Access {
        graphic: match &s.kind {
            Kind::Picture => Some("picture"),
            Kind::Chart => Some("chart"),
            Kind::SmartArt => Some("diagram"),
            Kind::Frame => Some("object"),
            _ => None,
        },
        alt: s.descr.as_deref().unwrap_or("").trim().to_string(),
        decorative: s.decorative,
        header_row: match &s.kind {
            Kind::Table(t) => Some(t.header_row),
            _ => None,
        },
        links,
        has_text,
        langs,
    }
}

fn table(t: &read::Table, defaults: &[Level; 9], theme: &Theme) -> What {
    let mut rows = Vec::new();
    for (ri, r) in t.rows.iter().enumerate() {
        let mut cells = Vec::new();
        let mut col = 0;
        for c in &r.cells {
            let span = c.grid_span.max(1);
            if !c.merged {
                let d = [91_440, 91_440, 45_720, 45_720];
                cells.push(CellText {
                    row: ri,
                    col,
                    span,
                    margins: [0, 1, 2, 3].map(|i| c.margins[i].unwrap_or(d[i])),
                    body: body_text(&c.text, &[], None, defaults, theme, false),
                });
            }
            col += span;
        }
        rows.push(cells);
    }
    What::Table(
        rows,
        t.cols.clone(),
        t.rows.iter().map(|r| r.height).collect(),
    )
}
