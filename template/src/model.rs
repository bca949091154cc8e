//! What a template is, as data: slide size, masters, layouts with their placeholders (geometry
//! resolved through layout -> master), the theme's colours and fonts, and what was noticed.

use crate::paint::{apply_mods, ColorBase, Fill, Paint};
use serde::Serialize;

/// A rectangle in EMU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rect {
    pub x: i64,
    pub y: i64,
    pub cx: i64,
    pub cy: i64,
}

/// `a:bodyPr` of a placeholder: insets in EMU, anchor (`t`, `ctr`, `b`), autofit
/// (`norm`, `shape`, `none`), wrap (`square`, `none`). `None`: inherited / default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BodyPr {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub insets: Option<[i64; 4]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub anchor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub autofit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrap: Option<String>,
}

impl BodyPr {
    /// Fields unset here taken from `parent` (a layout placeholder inherits its master's).
    pub fn inherit(&mut self, parent: &BodyPr) {
        if self.insets.is_none() {
            self.insets = parent.insets;
        }
        if self.anchor.is_none() {
            self.anchor.clone_from(&parent.anchor);
        }
        if self.autofit.is_none() {
            self.autofit.clone_from(&parent.autofit);
        }
        if self.wrap.is_none() {
            self.wrap.clone_from(&parent.wrap);
        }
    }
}

/// A placeholder (`p:ph`) of a master or layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Placeholder {
    /// ST_PlaceholderType as written (`title`, `ctrTitle`, `subTitle`, `body`, `obj`, `pic`,
    /// `tbl`, `chart`, `dt`, `ftr`, `sldNum`, ...); absent in the file means `obj`.
    #[serde(rename = "type")]
    pub ty: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idx: Option<u32>,
    pub name: String,
    /// Resolved geometry (own `a:xfrm`, else the master placeholder's); `None` when neither has one.
    #[serde(rename = "rect_emu", skip_serializing_if = "Option::is_none")]
    pub rect: Option<Rect>,
    /// The geometry came from the master, not from this placeholder.
    pub inherited: bool,
    pub body: BodyPr,
    /// Its `a:lstStyle` level-1 text colour (`a:defRPr/a:solidFill`), as written.
    #[serde(skip)]
    pub color: Option<crate::paint::Color>,
    /// Its `a:lstStyle` level-1 bullet colour (`a:buClr` / `a:buClrTx`), as written.
    #[serde(skip)]
    pub bullet_color: Option<crate::paint::BulletColor>,
}

impl Placeholder {
    /// The role class a placeholder plays: `title` (title, ctrTitle), `subtitle`, `footer`
    /// (dt, ftr, sldNum), `picture`, `table`, `chart`, else `body` (body, obj, ...).
    pub fn class(&self) -> &'static str {
        placeholder_class(&self.ty)
    }
}

/// The role class of a placeholder of type `ty` (see [`Placeholder::class`]).
pub fn placeholder_class(ty: &str) -> &'static str {
    match ty {
        "title" | "ctrTitle" => "title",
        "subTitle" => "subtitle",
        "dt" | "ftr" | "sldNum" | "hdr" => "footer",
        "pic" | "clipArt" => "picture",
        "tbl" => "table",
        "chart" => "chart",
        _ => "body",
    }
}

/// A shape of a master or layout that is not a placeholder (a logo, a bar, a line): drawn on
/// every slide that uses it, so content placed over it is an overlap.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decoration {
    pub name: String,
    /// `sp`, `pic`, `grpSp`, `cxnSp`, `graphicFrame`.
    pub kind: String,
    #[serde(rename = "rect_emu")]
    pub rect: Rect,
    /// Its fill as written (a picture's `p:blipFill` as [`Fill::Picture`]; groups and
    /// frames: unknown; lines: none).
    #[serde(skip)]
    pub fill: Fill,
    /// Its `a:prstGeom prst` (`rect`, `ellipse`...), `custGeom`, or empty (none written).
    #[serde(skip)]
    pub geometry: String,
    /// Its `a:xfrm rot`, 60000ths of a degree.
    #[serde(skip)]
    pub rot: i64,
    /// A `custGeom`'s paths when every point is a number ([`crate::geom`]); `None` otherwise.
    #[serde(skip)]
    pub paths: Option<std::sync::Arc<[specrender_model::look::Path]>>,
}

/// One level of a master text style (`a:lvlNpPr`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LevelStyle {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size_hundredths_pt: Option<u32>,
    /// `a:latin typeface` (`+mj-lt`, `+mn-lt` or a family).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mar_l: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub indent: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bullet: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub align: Option<String>,
    /// `a:defRPr/a:solidFill`: the text colour as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<crate::paint::Color>,
    /// `a:buClr` / `a:buClrTx`: the bullet's colour as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bullet_color: Option<crate::paint::BulletColor>,
}

/// `p:txStyles`: title, body and other levels (index 0 = level 1).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TextStyles {
    pub title: Vec<LevelStyle>,
    pub body: Vec<LevelStyle>,
    pub other: Vec<LevelStyle>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Master {
    pub part: String,
    /// `p:sldMasterId id` in the presentation (ids of masters and layouts share one space).
    pub id: Option<u32>,
    pub placeholders: Vec<Placeholder>,
    pub decorations: Vec<Decoration>,
    pub text_styles: TextStyles,
    /// `p:clrMap` (bg1 -> lt1, tx1 -> dk1, ...).
    pub color_map: Vec<(String, String)>,
    /// Index into [`Template::themes`].
    pub theme: Option<usize>,
    /// `p:cSld/p:bg` as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub background: Option<Fill>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Layout {
    pub part: String,
    pub name: String,
    /// ST_SlideLayoutType as written (`title`, `obj`, `twoObj`, `secHead`, ...); absent: `cust`.
    #[serde(rename = "type")]
    pub ty: String,
    /// Index into [`Template::masters`].
    pub master: usize,
    pub placeholders: Vec<Placeholder>,
    pub decorations: Vec<Decoration>,
    /// `showMasterSp`: the master's decorations are drawn on slides of this layout.
    pub show_master_shapes: bool,
    /// `p:cSld/p:bg` as written (`None`: the master's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub background: Option<Fill>,
}

impl Layout {
    pub fn count(&self, class: &str) -> usize {
        self.placeholders
            .iter()
            .filter(|p| p.class() == class)
            .count()
    }
}

/// A theme font set (`a:majorFont` / `a:minorFont`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FontSet {
    pub latin: String,
    pub ea: String,
    pub cs: String,
    /// `a:font script=` entries (`Hang` -> "맑은 고딕", `Jpan` -> ...), in file order.
    pub scripts: Vec<(String, String)>,
}

impl FontSet {
    /// The East Asian family for a deck language: `ea` when set, else the script font of the
    /// language (ko: Hang, ja: Jpan, zh-Hant / zh-TW / zh-HK: Hant, zh: Hans) — what Office
    /// does with an empty `ea`. Empty when neither exists.
    pub fn ea_for(&self, language: &str) -> &str {
        if !self.ea.trim().is_empty() {
            return &self.ea;
        }
        let l = language.to_ascii_lowercase();
        let script = if l.starts_with("ko") {
            "Hang"
        } else if l.starts_with("ja") {
            "Jpan"
        } else if l.starts_with("zh") {
            // As `spec::resolve::lang_family` reads the tag: a script subtag first, then
            // the regions that write Traditional Chinese.
            if !l.contains("hans")
                && (l.contains("hant") || l.contains("tw") || l.contains("hk") || l.contains("mo"))
            {
                "Hant"
            } else {
                "Hans"
            }
        } else {
            return "";
        };
        self.scripts
            .iter()
            .find(|(s, _)| s == script)
            .map(|(_, f)| f.as_str())
            .unwrap_or("")
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Theme {
    pub part: String,
    pub name: String,
    /// `a:clrScheme` (dk1, lt1, dk2, lt2, accent1..6, hlink, folHlink) -> RRGGBB.
    pub colors: Vec<(String, String)>,
    pub major: FontSet,
    pub minor: FontSet,
    /// `a:fmtScheme/a:fillStyleLst` (`a:fillRef idx` 1, 2, 3).
    #[serde(skip)]
    pub fill_styles: Vec<Fill>,
    /// `a:fmtScheme/a:bgFillStyleLst` (`p:bgRef idx` 1001, 1002, 1003).
    #[serde(skip)]
    pub bg_fill_styles: Vec<Fill>,
}

/// A parsed template: everything layout needs to place a deck on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Template {
    /// `pptx`, `potx` or `ppsx`, from the main part's content type.
    pub kind: String,
    pub slide_size: (i64, i64),
    pub masters: Vec<Master>,
    pub layouts: Vec<Layout>,
    pub themes: Vec<Theme>,
    /// Example slides the template carries (dropped when a deck is rendered on it).
    pub example_slides: usize,
    /// What a user should know (no title placeholder, a layout without a body, ...).
    pub warnings: Vec<String>,
    /// The package itself, for writing a deck on it (its masters, layouts and theme are
    /// carried over part for part).
    #[serde(skip)]
    pub bytes: std::sync::Arc<Vec<u8>>,
    /// The parts a deck written on it carries over ([`Template::carried`]), read and
    /// checked with the template.
    #[serde(skip)]
    pub carried: std::sync::Arc<Vec<crate::carry::Carried>>,
    /// What the carry policy dropped from the carried parts ([`Template::dropped`]).
    #[serde(skip)]
    pub dropped: Vec<crate::policy::Dropped>,
    /// Values of the template past what OOXML stores or PowerPoint takes, clamped when read
    /// (shape geometry, the slide size): one line each, naming the part (QC's low
    /// `template_value_clamped`).
    #[serde(skip)]
    pub clamped: Vec<String>,
    /// A brand applied to it ([`Template::branded`]): the theme part is rewritten on writing.
    #[serde(skip)]
    pub brand: Option<Brand>,
    /// The look's pictures once decoded ([`PictureCache`]).
    #[serde(skip)]
    pub pictures: PictureCache,
}

/// The pictures a template's look shows, decoded by layout the first time it resolves the
/// look (`specrender_layout::frame::look`), by part name (`None`: not carried), kept for the
/// template's lifetime so a worker holding a parsed template decodes them once, not per
/// render. The look walks every master and layout whatever the deck, so what is kept does not
/// depend on which job came first; clones share it (a branded template's pictures are the
/// same: a brand rewrites only the theme part). Not part of a template's equality.
#[derive(Clone, Default)]
pub struct PictureCache(std::sync::Arc<std::sync::OnceLock<PictureMap>>);

/// Decoded pictures by part name.
pub type PictureMap =
    std::collections::BTreeMap<String, Option<std::sync::Arc<specrender_model::blip::LookPicture>>>;

impl PictureCache {
    /// The pictures, when decoded before.
    pub fn get(&self) -> Option<&PictureMap> {
        self.0.get()
    }

    /// Keeps `pictures` unless another look build kept them first (the same, by the above).
    pub fn keep(&self, pictures: PictureMap) {
        let _ = self.0.set(pictures);
    }
}

impl PartialEq for PictureCache {
    fn eq(&self, _: &PictureCache) -> bool {
        true
    }
}

impl Eq for PictureCache {}

impl std::fmt::Debug for PictureCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.get() {
            Some(m) => write!(f, "PictureCache({} pictures)", m.len()),
            None => f.write_str("PictureCache(not decoded)"),
        }
    }
}

/// Brand colours and fonts written into a template's theme part: scheme slots (`accent1`,
/// `dk1`...) to `RRGGBB`, and the major / minor Latin and East Asian typefaces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Brand {
    pub theme_part: String,
    pub colors: Vec<(String, String)>,
    pub major: Option<String>,
    pub minor: Option<String>,
    pub major_ea: Option<String>,
    pub minor_ea: Option<String>,
}

impl Template {
    /// This template with a brand applied to the theme of its first master: `colors` are
    /// deck roles (`text`, `background`, `primary`, `secondary`, `accent`) to colours, written
    /// into the scheme slot each role shows through the master's colour map (`text` -> what
    /// `tx1` maps to, `background` -> `bg1`'s, `primary` -> `accent1`, `secondary` ->
    /// `accent2`, `accent` -> `accent3`); `fonts` are deck roles too: `heading` / `body`
    /// replace the font scheme's major / minor Latin typefaces, `heading_ea` / `body_ea` its
    /// major / minor East Asian ones. Layout then reads the branded scheme (decorations in
    /// `accent1` take the brand's primary), and the writer writes it into the carried theme
    /// part.
    pub fn branded(&self, colors: &[(&str, [u8; 3])], fonts: &[(&str, &str)]) -> Template {
        let mut t = self.clone();
        let Some(m) = t.masters.first() else { return t };
        let Some(ti) = m.theme else { return t };
        let slot_of = |alias: &str| {
            m.color_map
                .iter()
                .find(|(k, _)| k == alias)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| if alias == "tx1" { "dk1" } else { "lt1" }.to_string())
        };
        let mut brand = Brand {
            theme_part: t.themes[ti].part.clone(),
            ..Brand::default()
        };
        for (role, c) in colors {
            let slot = match *role {
                "text" => slot_of("tx1"),
                "background" => slot_of("bg1"),
                "primary" => "accent1".into(),
                "secondary" => "accent2".into(),
                "accent" => "accent3".into(),
                _ => continue,
            };
            let hex = format!("{:02X}{:02X}{:02X}", c[0], c[1], c[2]);
            let th = &mut t.themes[ti];
            match th.colors.iter_mut().find(|(k, _)| *k == slot) {
                Some(e) => e.1 = hex.clone(),
                None => th.colors.push((slot.clone(), hex.clone())),
            }
            brand.colors.push((slot, hex));
        }
        for (role, f) in fonts {
            let th = &mut t.themes[ti];
            let (slot, written) = match *role {
                "heading" => (&mut th.major.latin, &mut brand.major),
                "body" => (&mut th.minor.latin, &mut brand.minor),
                "heading_ea" => (&mut th.major.ea, &mut brand.major_ea),
                "body_ea" => (&mut th.minor.ea, &mut brand.minor_ea),
                _ => continue,
            };
            *slot = f.to_string();
            *written = Some(f.to_string());
        }
        t.brand = Some(brand);
        t
    }

    /// The theme of the first master (the one a deck uses), if any.
    pub fn theme(&self) -> Option<&Theme> {
        let m = self.masters.first()?;
        self.themes.get(m.theme?)
    }
}

impl Template {
    /// The theme colour `name` (`accent1`, `dk1`, or `tx1` / `bg1` ... through the master's
    /// colour map) of master `master`.
    pub fn scheme_color(&self, master: usize, name: &str) -> Option<[u8; 3]> {
        let m = self.masters.get(master)?;
        let mapped = m
            .color_map
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or(match name {
                "tx1" => "dk1",
                "bg1" => "lt1",
                "tx2" => "dk2",
                "bg2" => "lt2",
                other => other,
            });
        let th = self.themes.get(m.theme?)?;
        let (_, hex) = th.colors.iter().find(|(k, _)| k == mapped)?;
        let v = u32::from_str_radix(hex, 16)
            .ok()
            .filter(|_| hex.len() == 6)?;
        Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
    }

    /// The colour viewers draw the level-1 bullets of a slide placeholder in: `ty` and `idx`
    /// as the slide's `p:ph` writes them, on layout `layout`. The first `a:buClr` /
    /// `a:buClrTx` of the layout placeholder's list style, the master placeholder's of the
    /// same class, the master's text style (title for titles, else body) wins; `None` means the
    /// text's own colour (`a:buClrTx`, nothing written, or a colour that cannot be told).
    pub fn bullet_color(&self, layout: usize, ty: &str, idx: Option<u32>) -> Option<[u8; 3]> {
        let l = self.layouts.get(layout)?;
        let m = self.masters.get(l.master)?;
        let class = placeholder_class(ty);
        let on_layout = l.placeholders.iter().find(|p| {
            if class == "title" || idx.is_none() {
                p.class() == class
            } else {
                p.idx == idx
            }
        });
        let class = on_layout.map_or(class, |p| p.class());
        // A subtitle inherits from the master's body placeholder (masters have no subtitle).
        let master_class = if class == "subtitle" { "body" } else { class };
        let on_master = m.placeholders.iter().find(|p| p.class() == master_class);
        let styles = if class == "title" {
            &m.text_styles.title
        } else {
            &m.text_styles.body
        };
        let written = on_layout
            .and_then(|p| p.bullet_color.clone())
            .or_else(|| on_master.and_then(|p| p.bullet_color.clone()))
            .or_else(|| styles.first().and_then(|s| s.bullet_color.clone()))?;
        match written {
            crate::paint::BulletColor::Text => None,
            crate::paint::BulletColor::Color(c) => self.color(l.master, &c, None),
        }
    }

    fn color(
        &self,
        master: usize,
        c: &crate::paint::Color,
        ph: Option<[u8; 3]>,
    ) -> Option<[u8; 3]> {
        let base = match &c.base {
            ColorBase::Rgb(v) => *v,
            ColorBase::Scheme(n) => self.scheme_color(master, n)?,
            ColorBase::Placeholder => ph?,
        };
        Some(apply_mods(base, &c.mods))
    }

    /// What `fill` shows on a slide of master `master`.
    pub fn paint(&self, master: usize, fill: &Fill) -> Paint {
        self.paint_with(master, fill, None, 0)
    }

    fn paint_with(&self, master: usize, fill: &Fill, ph: Option<[u8; 3]>, depth: u8) -> Paint {
        let colors = |cs: Vec<Option<[u8; 3]>>| match cs.into_iter().collect::<Option<Vec<_>>>() {
            Some(v) if !v.is_empty() => Paint::Colors(v),
            _ => Paint::Unknown,
        };
        match fill {
            Fill::None => Paint::Transparent,
            // A picture's colours are the look's to sample (`specrender_model::blip`).
            Fill::Unknown | Fill::Picture(_) => Paint::Unknown,
            Fill::Solid(c) => colors(vec![self.color(master, c, ph)]),
            Fill::Gradient(stops) | Fill::Pattern(stops) => {
                colors(stops.iter().map(|c| self.color(master, c, ph)).collect())
            }
            Fill::Ref { idx, color } => {
                let ph = color.as_ref().and_then(|c| self.color(master, c, None));
                let th = self
                    .masters
                    .get(master)
                    .and_then(|m| m.theme)
                    .and_then(|i| self.themes.get(i));
                let style = th.and_then(|th| match *idx {
                    0 | 1000 => None,
                    i if i > 1000 => th.bg_fill_styles.get(i as usize - 1001),
                    i => th.fill_styles.get(i as usize - 1),
                });
                match style {
                    // A style list never refers to another; one level is all there is.
                    Some(f) if depth == 0 => self.paint_with(master, f, ph, 1),
                    None if matches!(*idx, 0 | 1000) => Paint::Transparent,
                    _ => Paint::Unknown,
                }
            }
        }
    }
}
