//! A face as a document carries it (`--embed-fonts`): a standalone TrueType font rebuilt from
//! the face we measured with, whole or subset, for the DOCX and PPTX writers to wrap.
//!
//! - **Permissions first** ([`permission`]): the face's OS/2 `fsType`. Installable (0) and
//!   editable (8) faces are embedded; restricted-licence (2), preview-and-print (4: the
//!   document would open read-only, ours are editable) and bitmap-only faces are refused, as
//!   is a face with "no subsetting" asked for a subset (it is then embedded whole).
//! - **Outlines**: Office embeds TrueType outlines. A `glyf` face keeps its glyph programs
//!   byte for byte. A CFF face (the Noto Sans CJK collection) is rebuilt as a TrueType-
//!   flavoured build of the same design: each kept glyph's cubic outline, read with
//!   ttf-parser, approximated by quadratic curves within [`CUBIC_TOLERANCE`] font units; the
//!   advances (`hmtx`), cmap, layout tables and names are the face's own, so every advance the
//!   viewer reads is the one we measured with. Colour bitmap faces (emoji) are refused.
//! - **Subsets keep glyph ids** ("retain-gids"): the glyphs not kept become empty outlines, so
//!   `cmap`, `hmtx`, `GSUB`, `GPOS` and `kern` stay valid unchanged (kerning and joining the
//!   viewer applies are the face's own). Kept: `.notdef`, the characters' cmap glyphs, what the substitutions of the features a viewer applies by
//!   default reach from them, and the components of composite glyphs.
//! - Every table's checksum and `head.checkSumAdjustment` are written; `DSIG` is dropped (a
//!   signature of other bytes), and so are a subset's vertical metrics (`vhea`, `vmtx`).

use crate::{FaceId, FontBook};
use std::collections::BTreeSet;
use ttf_parser::{GlyphId, RawFace, Tag};

/// The largest distance (font units) between a cubic curve and the quadratic curves that
/// stand for it in a converted CFF face: 1/4 unit, 1/4000 em on a 1,000-unit face.
pub const CUBIC_TOLERANCE: f32 = 0.25;

/// Why a face is not embedded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// `fsType` says restricted licence: the font's licence forbids embedding.
    Restricted { fs_type: u16 },
    /// `fsType` says preview and print only: a document carrying it opens read-only.
    PreviewPrint { fs_type: u16 },
    /// `fsType` allows embedding bitmaps only.
    BitmapOnly { fs_type: u16 },
    /// A colour bitmap face (emoji): Office embeds outline fonts only.
    Color,
    /// No outlines we can write as TrueType (CFF2, or none at all).
    NoOutlines,
    /// The face's file cannot be read or parsed.
    Unreadable(String),
}

impl Refusal {
    /// A stable snake_case code for reports.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Restricted { .. } => "restricted_license",
            Refusal::PreviewPrint { .. } => "preview_print_only",
            Refusal::BitmapOnly { .. } => "bitmap_only",
            Refusal::Color => "color_bitmap_face",
            Refusal::NoOutlines => "no_truetype_outlines",
            Refusal::Unreadable(_) => "unreadable",
        }
    }

    /// One sentence for a finding's message.
    pub fn describe(&self) -> String {
        match self {
            Refusal::Restricted { fs_type } => format!(
                "its licence forbids embedding (OS/2 fsType {fs_type:#06x}: restricted licence)"
            ),
            Refusal::PreviewPrint { fs_type } => format!(
                "it may be embedded for preview and print only (OS/2 fsType {fs_type:#06x}), \
                 which would open the file read-only"
            ),
            Refusal::BitmapOnly { fs_type } => {
                format!("it may be embedded as bitmaps only (OS/2 fsType {fs_type:#06x})")
            }
            Refusal::Color => "it is a colour bitmap face; Office embeds outline fonts only".into(),
            Refusal::NoOutlines => "it has no outlines that can be written as TrueType".into(),
            Refusal::Unreadable(e) => format!("its font file cannot be read ({e})"),
        }
    }
}

/// What is kept of a face: the characters the file shows in it.
#[derive(Debug, Clone, Default)]
pub struct Keep {
    pub chars: BTreeSet<char>,
}

/// A face rebuilt for embedding.
#[derive(Debug, Clone)]
pub struct FaceFont {
    /// A standalone TrueType font (sfnt version 1.0).
    pub bytes: Vec<u8>,
    /// Subset (glyphs not kept are empty) or whole.
    pub subset: bool,
    /// The outlines were the face's own CFF, converted to quadratic curves.
    pub converted: bool,
    /// Glyphs with an outline kept (all of them when whole).
    pub glyphs: usize,
}

/// The embedding permission of a face's `fsType` (OS/2 offset 8): `Ok(no_subsetting)`.
pub fn permission(fs_type: u16) -> Result<bool, Refusal> {
    let usage = fs_type & 0x000F;
    if usage & 0x0002 != 0 && usage & 0x000C == 0 {
        return Err(Refusal::Restricted { fs_type });
    }
    if usage & 0x0008 == 0 && usage & 0x0004 != 0 {
        return Err(Refusal::PreviewPrint { fs_type });
    }
    if fs_type & 0x0200 != 0 {
        return Err(Refusal::BitmapOnly { fs_type });
    }
    Ok(fs_type & 0x0100 != 0)
}

/// Whether `face` may be embedded, and its `fsType` (0 when it has no OS/2 table).
pub fn check(book: &FontBook, face: FaceId) -> Result<u16, Refusal> {
    let file = book.font_file(face);
    check_bytes(file.bytes.as_ref(), file.index)
}

fn check_bytes(data: &[u8], index: u32) -> Result<u16, Refusal> {
    let raw = RawFace::parse(data, index).map_err(|e| Refusal::Unreadable(e.to_string()))?;
    let fs_type = raw
        .table(Tag::from_bytes(b"OS/2"))
        .and_then(|t| t.get(8..10))
        .map_or(0, |b| u16::from_be_bytes([b[0], b[1]]));
    permission(fs_type)?;
    let has = |t: &[u8; 4]| raw.table(Tag::from_bytes(t)).is_some();
    if !has(b"glyf") && !has(b"CFF ") {
        return Err(if has(b"CBDT") || has(b"sbix") || has(b"COLR") {
            Refusal::Color
        } else {
            Refusal::NoOutlines
        });
    }
    Ok(fs_type)
}

/// Face `face` of `book` as a standalone TrueType font: whole (`keep` `None`), or keeping
/// only what `keep` needs (whole anyway when `fsType` forbids subsetting).
pub fn build(book: &FontBook, face: FaceId, keep: Option<&Keep>) -> Result<FaceFont, Refusal> {
    let file = book.font_file(face);
    build_from(file.bytes.as_ref(), file.index, keep)
}

/// [`build`] for face `index` of a font file's bytes. Any bytes: a damaged face is a
/// [`Refusal`], never a panic.
pub fn build_from(data: &[u8], index: u32, keep: Option<&Keep>) -> Result<FaceFont, Refusal> {
    let fs_type = check_bytes(data, index)?;
    let no_subsetting = permission(fs_type)?;
    let raw = RawFace::parse(data, index).map_err(|e| Refusal::Unreadable(e.to_string()))?;
    let parsed =
        ttf_parser::Face::parse(data, index).map_err(|e| Refusal::Unreadable(e.to_string()))?;
    let table = |t: &[u8; 4]| raw.table(Tag::from_bytes(t));
    let count = usize::from(parsed.number_of_glyphs());
    let cff = table(b"glyf").is_none();
    let kept: Option<BTreeSet<u16>> = match keep {
        Some(k) if !no_subsetting => Some(closure(&parsed, table(b"glyf"), table(b"loca"), k)),
        _ => None,
    };
    let head = table(b"head").ok_or(Refusal::NoOutlines)?;
    let mut tables: Vec<([u8; 4], Vec<u8>)> = Vec::new();
    let glyphs;
    if cff {
        let (glyf, loca, stats) = convert_cff(&parsed, count, kept.as_ref());
        glyphs = stats.glyphs;
        tables.push((*b"glyf", glyf));
        tables.push((*b"loca", loca));
        tables.push((*b"maxp", maxp_v1(count, &stats)));
    } else {
        let (glyf, loca, n) = subset_glyf(
            table(b"glyf").unwrap_or_default(),
            table(b"loca").unwrap_or_default(),
            head,
            count,
            kept.as_ref(),
        )
        .ok_or_else(|| Refusal::Unreadable("glyf/loca out of range".into()))?;
        glyphs = n;
        tables.push((*b"glyf", glyf));
        tables.push((*b"loca", loca));
    }
    for r in raw.table_records {
        let tag = r.tag.to_bytes();
        let skip: &[&[u8; 4]] = if cff {
            &[b"glyf", b"loca", b"maxp", b"CFF ", b"VORG", b"DSIG"]
        } else {
            &[b"glyf", b"loca", b"DSIG"]
        };
        // A subset is for showing the file's text, laid out horizontally: vertical metrics
        // (255 KB in a Noto Sans CJK face) are left out.
        let vertical = kept.is_some() && matches!(&tag, b"vhea" | b"vmtx");
        if skip.contains(&&tag) || vertical {
            continue;
        }
        let Some(bytes) = raw.table(r.tag) else {
            continue;
        };
        let mut bytes = bytes.to_vec();
        if &tag == b"head" && bytes.len() >= 54 {
            // Long offsets in `loca`; checkSumAdjustment computed over the whole font below.
            bytes[50..52].copy_from_slice(&1i16.to_be_bytes());
            bytes[8..12].copy_from_slice(&[0; 4]);
        }
        tables.push((tag, bytes));
    }
    tables.sort_by_key(|(t, _)| *t);
    Ok(FaceFont {
        bytes: sfnt(&tables),
        subset: kept.is_some(),
        converted: cff,
        glyphs,
    })
}

/// A TrueType font (as [`build`] makes it) as an Embedded OpenType file, the form PowerPoint
/// embeds (`.fntdata`; W3C EOT version 0x00020001): the EOT header (from the font's own `OS/2`, `head`
/// and `name` tables) and the font data as is.
pub fn eot(data: &[u8], subset: bool) -> Vec<u8> {
    let parsed = ttf_parser::RawFace::parse(data, 0).ok();
    let table = |t: &[u8; 4]| {
        parsed
            .as_ref()
            .and_then(|r| r.table(ttf_parser::Tag::from_bytes(t)))
            .unwrap_or_default()
    };
    let os2 = table(b"OS/2");
    let head = table(b"head");
    let at = |b: &[u8], i: usize, n: usize| -> Vec<u8> {
        b.get(i..i + n).map_or_else(|| vec![0; n], <[u8]>::to_vec)
    };
    let be16 = |b: &[u8], i: usize| {
        let v = at(b, i, 2);
        u16::from_be_bytes([v[0], v[1]])
    };
    let be32 = |b: &[u8], i: usize| {
        let v = at(b, i, 4);
        u32::from_be_bytes([v[0], v[1], v[2], v[3]])
    };
    let names = ttf_parser::Face::parse(data, 0).ok();
    let name = |id: u16| -> Vec<u8> {
        let s = names
            .as_ref()
            .and_then(|f| {
                f.names()
                    .into_iter()
                    .filter(|n| n.name_id == id && n.is_unicode())
                    .find(|n| {
                        n.language_id == 0x0409 || n.platform_id == ttf_parser::PlatformId::Unicode
                    })
                    .and_then(|n| n.to_string())
            })
            .unwrap_or_default();
        s.encode_utf16().flat_map(u16::to_le_bytes).collect()
    };
    let mut h: Vec<u8> = Vec::with_capacity(256);
    let le32 = |h: &mut Vec<u8>, v: u32| h.extend_from_slice(&v.to_le_bytes());
    let le16 = |h: &mut Vec<u8>, v: u16| h.extend_from_slice(&v.to_le_bytes());
    le32(&mut h, 0); // EOTSize, set below
    le32(&mut h, data.len() as u32); // FontDataSize
    le32(&mut h, 0x0002_0001); // Version
    le32(&mut h, u32::from(subset)); // Flags: TTEMBED_SUBSET, nothing else
    h.extend_from_slice(&at(os2, 32, 10)); // FontPANOSE
    h.push(1); // Charset: DEFAULT_CHARSET
    h.push(u8::from(be16(os2, 62) & 0x0001 != 0)); // Italic (fsSelection bit 0)
    le32(&mut h, u32::from(be16(os2, 4))); // Weight (usWeightClass)
    le16(&mut h, be16(os2, 8)); // fsType
    le16(&mut h, 0x504C); // MagicNumber
    for i in 0..4 {
        le32(&mut h, be32(os2, 42 + 4 * i)); // UnicodeRange1-4
    }
    for i in 0..2 {
        le32(&mut h, be32(os2, 78 + 4 * i)); // CodePageRange1-2
    }
    le32(&mut h, be32(head, 8)); // CheckSumAdjustment
    for _ in 0..4 {
        le32(&mut h, 0); // Reserved1-4
    }
    le16(&mut h, 0); // Padding1
    for (i, id) in [1u16, 2, 5, 4].into_iter().enumerate() {
        if i > 0 {
            le16(&mut h, 0); // Padding2-4
        }
        let s = name(id); // FamilyName, StyleName, VersionName, FullName
        le16(&mut h, s.len() as u16);
        h.extend_from_slice(&s);
    }
    le16(&mut h, 0); // Padding5
    le16(&mut h, 0); // RootStringSize: no root string
    let size = (h.len() + data.len()) as u32;
    h[0..4].copy_from_slice(&size.to_le_bytes());
    h.extend_from_slice(data);
    h
}

/// The features a viewer applies by default whose substitutions can bring in a glyph the
/// text's characters do not map to (ligatures, joining forms, Indic conjuncts, locale forms).
const DEFAULT_FEATURES: &[&[u8; 4]] = &[
    b"ccmp", b"locl", b"rlig", b"liga", b"clig", b"calt", b"rclt", b"init", b"medi", b"fina",
    b"isol", b"med2", b"fin2", b"fin3", b"nukt", b"akhn", b"rphf", b"rkrf", b"pref", b"blwf",
    b"abvf", b"half", b"pstf", b"vatu", b"cjct", b"pres", b"abvs", b"blws", b"psts", b"haln",
    b"mset", b"frac", b"numr", b"dnom",
];

/// `.notdef`, the kept characters' glyphs, what default-feature substitutions reach from
/// them (to a fixed point), then composite glyphs' components.
fn closure(
    face: &ttf_parser::Face<'_>,
    glyf: Option<&[u8]>,
    loca: Option<&[u8]>,
    keep: &Keep,
) -> BTreeSet<u16> {
    let count = face.number_of_glyphs();
    let mut set: BTreeSet<u16> = BTreeSet::from([0]);
    for &c in &keep.chars {
        if let Some(g) = face.glyph_index(c) {
            set.insert(g.0);
        }
    }
    if let Some(gsub) = face.tables().gsub {
        let mut lookups = BTreeSet::new();
        for f in gsub.features {
            if DEFAULT_FEATURES.contains(&&f.tag.to_bytes()) {
                lookups.extend(f.lookup_indices);
            }
        }
        // Each round adds what the lookups reach from the set; a font's substitutions are
        // finite, so this ends (bounded anyway).
        for _ in 0..16 {
            let before = set.len();
            for &li in &lookups {
                let Some(lookup) = gsub.lookups.get(li) else {
                    continue;
                };
                for st in lookup
                    .subtables
                    .into_iter::<ttf_parser::gsub::SubstitutionSubtable>()
                {
                    reach(&st, &mut set);
                }
            }
            if set.len() == before {
                break;
            }
        }
    }
    if let (Some(glyf), Some(loca)) = (glyf, loca) {
        let long = face.tables().head.index_to_location_format
            == ttf_parser::head::IndexToLocationFormat::Long;
        let mut todo: Vec<u16> = set.iter().copied().collect();
        while let Some(g) = todo.pop() {
            let Some(bytes) = glyph_bytes(glyf, loca, long, g) else {
                continue;
            };
            for c in components(bytes) {
                if c < count && set.insert(c) {
                    todo.push(c);
                }
            }
        }
    }
    set
}

/// What one substitution subtable produces from glyphs in `set`.
fn reach(st: &ttf_parser::gsub::SubstitutionSubtable<'_>, set: &mut BTreeSet<u16>) {
    use ttf_parser::gsub::{SingleSubstitution, SubstitutionSubtable as S};
    let now: Vec<u16> = set.iter().copied().collect();
    match st {
        S::Single(s) => {
            for g in now {
                let Some(i) = s.coverage().get(GlyphId(g)) else {
                    continue;
                };
                match s {
                    SingleSubstitution::Format1 { delta, .. } => {
                        set.insert((i32::from(g) + i32::from(*delta)) as u16);
                    }
                    SingleSubstitution::Format2 { substitutes, .. } => {
                        if let Some(s) = substitutes.get(i) {
                            set.insert(s.0);
                        }
                    }
                }
            }
        }
        S::Multiple(m) => {
            for g in now {
                if let Some(seq) = m.coverage.get(GlyphId(g)).and_then(|i| m.sequences.get(i)) {
                    set.extend(seq.substitutes.into_iter().map(|s| s.0));
                }
            }
        }
        S::Ligature(l) => {
            for g in now {
                let Some(ligs) = l
                    .coverage
                    .get(GlyphId(g))
                    .and_then(|i| l.ligature_sets.get(i))
                else {
                    continue;
                };
                for lig in ligs {
                    if lig.components.into_iter().all(|c| set.contains(&c.0)) {
                        set.insert(lig.glyph.0);
                    }
                }
            }
        }
        S::ReverseChainSingle(r) => {
            for g in now {
                if let Some(s) = r
                    .coverage
                    .get(GlyphId(g))
                    .and_then(|i| r.substitutes.get(i))
                {
                    set.insert(s.0);
                }
            }
        }
        // Alternates are chosen by the user, not by default; contextual lookups apply
        // lookups this closure walks anyway.
        S::Alternate(_) | S::Context(_) | S::ChainContext(_) => {}
    }
}

/// Glyph `g`'s bytes in `glyf` (`None` when empty or out of range).
fn glyph_bytes<'a>(glyf: &'a [u8], loca: &[u8], long: bool, g: u16) -> Option<&'a [u8]> {
    let at = |i: usize| -> Option<usize> {
        if long {
            let b = loca.get(4 * i..4 * i + 4)?;
            Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
        } else {
            let b = loca.get(2 * i..2 * i + 2)?;
            Some(2 * usize::from(u16::from_be_bytes([b[0], b[1]])))
        }
    };
    let (a, b) = (at(usize::from(g))?, at(usize::from(g) + 1)?);
    if b <= a {
        return None;
    }
    glyf.get(a..b)
}

/// The component glyph ids of a composite glyph (none for a simple one).
fn components(g: &[u8]) -> Vec<u16> {
    let mut out = Vec::new();
    if g.len() < 10 || i16::from_be_bytes([g[0], g[1]]) >= 0 {
        return out;
    }
    let mut at = 10;
    // Bounded by the glyph's own length: each record is at least 6 bytes.
    while let Some(b) = g.get(at..at + 4) {
        let flags = u16::from_be_bytes([b[0], b[1]]);
        out.push(u16::from_be_bytes([b[2], b[3]]));
        at += 4 + if flags & 0x0001 != 0 { 4 } else { 2 };
        at += if flags & 0x0008 != 0 {
            2
        } else if flags & 0x0040 != 0 {
            4
        } else if flags & 0x0080 != 0 {
            8
        } else {
            0
        };
        if flags & 0x0020 == 0 {
            break;
        }
    }
    out
}

/// What a glyph left out of a subset becomes: a simple glyph of no contours (its header and
/// a zero instruction length), not a zero-length `loca` entry. LibreOffice 7.4's PDF export
/// drew no outline for about one kept glyph in seven of a Noto Sans CJK subset whose dropped
/// glyphs were zero-length (its screen rendering and FreeType drew them all); with empty
/// glyphs in their place it draws every one. 12 bytes a glyph, a few KB once deflated.
const EMPTY_GLYPH: [u8; 12] = [0; 12];

/// `glyf` and long `loca` keeping the glyphs of `kept` (all when `None`), and how many
/// glyphs have an outline.
fn subset_glyf(
    glyf: &[u8],
    loca: &[u8],
    head: &[u8],
    count: usize,
    kept: Option<&BTreeSet<u16>>,
) -> Option<(Vec<u8>, Vec<u8>, usize)> {
    let long = head.get(50..52)? != [0, 0];
    let mut out = Vec::with_capacity(if kept.is_some() { 4096 } else { glyf.len() });
    let mut offsets = Vec::with_capacity(4 * (count + 1));
    let mut n = 0;
    for g in 0..count {
        offsets.extend_from_slice(&(out.len() as u32).to_be_bytes());
        let g = u16::try_from(g).ok()?;
        let dropped = kept.is_some_and(|k| !k.contains(&g));
        if let Some(bytes) = glyph_bytes(glyf, loca, long, g) {
            if dropped {
                out.extend_from_slice(&EMPTY_GLYPH);
                continue;
            }
            out.extend_from_slice(bytes);
            while out.len() % 4 != 0 {
                out.push(0);
            }
            n += 1;
        }
    }
    offsets.extend_from_slice(&(out.len() as u32).to_be_bytes());
    Some((out, offsets, n))
}

/// The largest glyph a converted face writes, for `maxp`.
#[derive(Debug, Default)]
struct Stats {
    glyphs: usize,
    max_points: u16,
    max_contours: u16,
}

/// A TrueType `glyf` (and long `loca`) from a CFF face's outlines.
fn convert_cff(
    face: &ttf_parser::Face<'_>,
    count: usize,
    kept: Option<&BTreeSet<u16>>,
) -> (Vec<u8>, Vec<u8>, Stats) {
    let mut glyf = Vec::new();
    let mut loca = Vec::with_capacity(4 * (count + 1));
    let mut stats = Stats::default();
    let mut pen = QuadPen::default();
    for g in 0..count {
        loca.extend_from_slice(&(glyf.len() as u32).to_be_bytes());
        let g = g as u16;
        if kept.is_some_and(|k| !k.contains(&g)) {
            glyf.extend_from_slice(&EMPTY_GLYPH);
            continue;
        }
        pen.clear();
        if face.outline_glyph(GlyphId(g), &mut pen).is_none() {
            continue;
        }
        pen.finish_contour();
        if let Some((points, contours)) = pen.encode(&mut glyf) {
            stats.glyphs += 1;
            stats.max_points = stats.max_points.max(points);
            stats.max_contours = stats.max_contours.max(contours);
        }
        while glyf.len() % 4 != 0 {
            glyf.push(0);
        }
    }
    loca.extend_from_slice(&(glyf.len() as u32).to_be_bytes());
    (glyf, loca, stats)
}

/// `maxp` version 1.0 (TrueType) for a converted face: no hinting, no composites.
fn maxp_v1(count: usize, s: &Stats) -> Vec<u8> {
    let mut m = Vec::with_capacity(32);
    m.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    m.extend_from_slice(&(count as u16).to_be_bytes());
    m.extend_from_slice(&s.max_points.to_be_bytes());
    m.extend_from_slice(&s.max_contours.to_be_bytes());
    // maxCompositePoints, maxCompositeContours; maxZones 2; then eight zero fields.
    m.extend_from_slice(&[0, 0, 0, 0, 0, 2]);
    m.extend_from_slice(&[0; 16]);
    m
}

/// Collects a glyph outline as TrueType contours: on-curve and off-curve points, cubic
/// segments split into quadratic ones.
#[derive(Debug, Default)]
struct QuadPen {
    /// (x, y, on-curve) of every finished contour, with each contour's last index.
    points: Vec<(f32, f32, bool)>,
    ends: Vec<usize>,
    start: usize,
    at: (f32, f32),
}

impl QuadPen {
    fn clear(&mut self) {
        self.points.clear();
        self.ends.clear();
        self.start = 0;
    }

    fn finish_contour(&mut self) {
        let n = self.points.len();
        if n == self.start {
            return;
        }
        // A closing point on the start point is the start point itself.
        if n - self.start > 1 {
            let (f, l) = (self.points[self.start], self.points[n - 1]);
            if l.2 && (f.0 - l.0).abs() < 0.5 && (f.1 - l.1).abs() < 0.5 {
                self.points.pop();
            }
        }
        if self.points.len() - self.start < 2 {
            self.points.truncate(self.start);
            return;
        }
        self.ends.push(self.points.len() - 1);
        self.start = self.points.len();
    }

    /// Cubic `p0 p1 p2 p3` as quadratic curves, each within [`CUBIC_TOLERANCE`].
    fn cubic(&mut self, p0: (f32, f32), p1: (f32, f32), p2: (f32, f32), p3: (f32, f32), depth: u8) {
        // The distance between a cubic and its single-quadratic approximation is at most
        // sqrt(3)/36 * |p3 - 3 p2 + 3 p1 - p0|.
        let dx = p3.0 - 3.0 * p2.0 + 3.0 * p1.0 - p0.0;
        let dy = p3.1 - 3.0 * p2.1 + 3.0 * p1.1 - p0.1;
        let err = 3f32.sqrt() / 36.0 * (dx * dx + dy * dy).sqrt();
        if err <= CUBIC_TOLERANCE || depth >= 8 {
            let q = (
                (3.0 * (p1.0 + p2.0) - p0.0 - p3.0) / 4.0,
                (3.0 * (p1.1 + p2.1) - p0.1 - p3.1) / 4.0,
            );
            self.points.push((q.0, q.1, false));
            self.points.push((p3.0, p3.1, true));
            return;
        }
        // De Casteljau at t = 1/2.
        let mid = |a: (f32, f32), b: (f32, f32)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let (a, b, c) = (mid(p0, p1), mid(p1, p2), mid(p2, p3));
        let (d, e) = (mid(a, b), mid(b, c));
        let m = mid(d, e);
        self.cubic(p0, a, d, m, depth + 1);
        self.cubic(m, e, c, p3, depth + 1);
    }

    /// The glyph as a TrueType simple glyph appended to `out`: (points, contours), or `None`
    /// (nothing written) for an empty outline.
    fn encode(&self, out: &mut Vec<u8>) -> Option<(u16, u16)> {
        if self.ends.is_empty()
            || self.points.len() > usize::from(u16::MAX)
            || self.ends.len() > i16::MAX as usize
        {
            return None;
        }
        let pts: Vec<(i16, i16, bool)> = self
            .points
            .iter()
            .map(|&(x, y, on)| (round16(x), round16(y), on))
            .collect();
        let (mut x0, mut y0, mut x1, mut y1) = (i16::MAX, i16::MAX, i16::MIN, i16::MIN);
        for &(x, y, _) in &pts {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        out.extend_from_slice(&(self.ends.len() as i16).to_be_bytes());
        for v in [x0, y0, x1, y1] {
            out.extend_from_slice(&v.to_be_bytes());
        }
        for &e in &self.ends {
            out.extend_from_slice(&(e as u16).to_be_bytes());
        }
        out.extend_from_slice(&0u16.to_be_bytes()); // no instructions
        let (mut flags, mut xs, mut ys) = (Vec::new(), Vec::new(), Vec::new());
        let (mut px, mut py) = (0i32, 0i32);
        for &(x, y, on) in &pts {
            let mut f: u8 = u8::from(on);
            let (dx, dy) = (i32::from(x) - px, i32::from(y) - py);
            (px, py) = (i32::from(x), i32::from(y));
            f |= delta(dx, 0x02, 0x10, &mut xs);
            f |= delta(dy, 0x04, 0x20, &mut ys);
            flags.push(f);
        }
        out.extend_from_slice(&flags);
        out.extend_from_slice(&xs);
        out.extend_from_slice(&ys);
        Some((pts.len() as u16, self.ends.len() as u16))
    }
}

/// One coordinate delta: the flag bits it needs, its bytes appended to `to`.
fn delta(d: i32, short: u8, same_or_positive: u8, to: &mut Vec<u8>) -> u8 {
    if d == 0 {
        same_or_positive
    } else if d.unsigned_abs() < 256 {
        to.push(d.unsigned_abs() as u8);
        short | if d > 0 { same_or_positive } else { 0 }
    } else {
        to.extend_from_slice(&(d as i16).to_be_bytes());
        0
    }
}

fn round16(v: f32) -> i16 {
    v.round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

impl ttf_parser::OutlineBuilder for QuadPen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.finish_contour();
        self.points.push((x, y, true));
        self.at = (x, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.points.push((x, y, true));
        self.at = (x, y);
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.points.push((x1, y1, false));
        self.points.push((x, y, true));
        self.at = (x, y);
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let p0 = self.at;
        self.cubic(p0, (x1, y1), (x2, y2), (x, y), 0);
        self.at = (x, y);
    }

    fn close(&mut self) {
        self.finish_contour();
    }
}

/// A single-face font of `tables` (sorted by tag), with every table checksum and
/// `head.checkSumAdjustment` set.
fn sfnt(tables: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    for v in directory_fields(tables.len() as u16) {
        out.extend_from_slice(&v.to_be_bytes());
    }
    let mut at = 12 + 16 * tables.len();
    let mut head_at = None;
    for (tag, bytes) in tables {
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum(bytes).to_be_bytes());
        out.extend_from_slice(&(at as u32).to_be_bytes());
        out.extend_from_slice(&(bytes.len() as u32).to_be_bytes());
        if tag == b"head" {
            head_at = Some(at);
        }
        at += bytes.len().div_ceil(4) * 4;
    }
    for (_, bytes) in tables {
        out.extend_from_slice(bytes);
        while out.len() % 4 != 0 {
            out.push(0);
        }
    }
    if let Some(h) = head_at {
        let adjust = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        if let Some(b) = out.get_mut(h + 8..h + 12) {
            b.copy_from_slice(&adjust.to_be_bytes());
        }
    }
    out
}

/// A table directory's numTables, searchRange, entrySelector and rangeShift for `n` tables.
pub(crate) fn directory_fields(n: u16) -> [u16; 4] {
    let selector = if n == 0 {
        0
    } else {
        15 - n.leading_zeros() as u16
    };
    let search = 16u16 << selector;
    [n, search, selector, (16 * n).saturating_sub(search)]
}

/// The OpenType table checksum: the sum of big-endian u32 words, the last one zero-padded.
fn checksum(b: &[u8]) -> u32 {
    b.chunks(4).fold(0u32, |s, c| {
        let mut w = [0u8; 4];
        w[..c.len()].copy_from_slice(c);
        s.wrapping_add(u32::from_be_bytes(w))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FontOptions;

    fn book() -> FontBook {
        FontBook::new(&FontOptions::default()).unwrap()
    }

    /// A glyph's bounding box as written in `glyf` (read through our own `loca` walk:
    /// ttf-parser 0.25 refuses the 65,536-entry `loca` of a 65,535-glyph face).
    fn written_bbox(font: &[u8], g: u16) -> Option<[i16; 4]> {
        let raw = RawFace::parse(font, 0).unwrap();
        let t = |n: &[u8; 4]| raw.table(Tag::from_bytes(n)).unwrap();
        let b = glyph_bytes(t(b"glyf"), t(b"loca"), true, g)?;
        let v = |i: usize| i16::from_be_bytes([b[i], b[i + 1]]);
        (v(0) != 0).then(|| [v(2), v(4), v(6), v(8)])
    }

    #[test]
    fn fs_type_permissions() {
        assert_eq!(permission(0), Ok(false));
        assert_eq!(permission(0x0008), Ok(false));
        assert_eq!(permission(0x0108), Ok(true));
        assert_eq!(permission(0x0002), Err(Refusal::Restricted { fs_type: 2 }));
        assert_eq!(
            permission(0x0004),
            Err(Refusal::PreviewPrint { fs_type: 4 })
        );
        assert_eq!(
            permission(0x0200),
            Err(Refusal::BitmapOnly { fs_type: 0x200 })
        );
    }

    /// The rebuilt font parses, keeps every advance and the cmap, and has outlines for the
    /// kept glyphs only.
    fn same_face(b: &FontBook, face: FaceId, font: &FaceFont, kept: &[char]) {
        let orig = b.font_file(face);
        let o = ttf_parser::Face::parse(orig.bytes.as_ref(), orig.index).unwrap();
        let n = ttf_parser::Face::parse(&font.bytes, 0).unwrap();
        assert_eq!(o.number_of_glyphs(), n.number_of_glyphs());
        for g in 0..o.number_of_glyphs() {
            assert_eq!(
                o.glyph_hor_advance(GlyphId(g)),
                n.glyph_hor_advance(GlyphId(g))
            );
        }
        for &c in kept {
            let g = o.glyph_index(c).unwrap();
            assert_eq!(n.glyph_index(c), Some(g));
            let a = o.glyph_bounding_box(g).expect("orig bbox");
            let z = written_bbox(&font.bytes, g.0).unwrap_or_else(|| panic!("{c:?}: no outline"));
            for (p, q) in [
                (a.x_min, z[0]),
                (a.y_min, z[1]),
                (a.x_max, z[2]),
                (a.y_max, z[3]),
            ] {
                assert!((p - q).abs() <= 1, "{c:?}: {a:?} vs {z:?}");
            }
        }
        assert_eq!(checksum(&font.bytes), 0xB1B0_AFBA);
    }

    #[test]
    fn a_truetype_face_subset_keeps_ids_advances_and_kept_outlines() {
        let b = book();
        let face = b.find_family("Carlito", false).unwrap();
        let keep = Keep {
            chars: "Hello, fit".chars().collect(),
        };
        let font = build(&b, face, Some(&keep)).unwrap();
        assert!(font.subset && !font.converted);
        same_face(&b, face, &font, &['H', 'e', 'f', 't']);
        let n = ttf_parser::Face::parse(&font.bytes, 0).unwrap();
        let z = n.glyph_index('Z').unwrap();
        assert!(n.glyph_bounding_box(z).is_none(), "Z is not kept");
        // The characters' glyphs and what the default features reach from them (the fi
        // ligature, ...): a few dozen of Carlito's 2,782.
        assert!(font.glyphs > 10 && font.glyphs < 40, "{}", font.glyphs);
        let whole = build(&b, face, None).unwrap();
        assert!(!whole.subset && whole.bytes.len() > 10 * font.bytes.len() / 4);
        same_face(&b, face, &whole, &['Z', 'Q']);
    }

    #[test]
    fn a_cff_face_becomes_truetype_with_its_own_advances() {
        let b = book();
        let face = b.find_family("Noto Sans CJK KR", false).unwrap();
        let keep = Keep {
            chars: "한국어 텍스트 漢字 abc".chars().collect(),
        };
        let font = build(&b, face, Some(&keep)).unwrap();
        assert!(font.subset && font.converted);
        same_face(&b, face, &font, &['한', '국', '漢', 'a']);
        let raw = RawFace::parse(&font.bytes, 0).unwrap();
        assert!(raw.table(Tag::from_bytes(b"glyf")).is_some());
        assert!(raw.table(Tag::from_bytes(b"CFF ")).is_none());
        // 한 is kept, 가 is not.
        let file = b.font_file(face);
        let o = ttf_parser::Face::parse(file.bytes.as_ref(), file.index).unwrap();
        assert!(written_bbox(&font.bytes, o.glyph_index('가').unwrap().0).is_none());
    }

    /// Damaged faces (bytes of Carlito's and a CJK face's tables overwritten, deterministic)
    /// are refused or rebuilt, never a panic.
    #[test]
    fn damaged_faces_never_panic() {
        let b = book();
        let keep = Keep {
            chars: "Hello 한국 fi".chars().collect(),
        };
        for family in ["Carlito", "Noto Sans Hebrew"] {
            let face = b.find_family(family, false).unwrap();
            let file = b.font_file(face);
            let orig = file.bytes.as_ref().to_vec();
            let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
            for round in 0..200 {
                let mut data = orig.clone();
                for _ in 0..(1 + round % 16) {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let at = (seed >> 33) as usize % data.len();
                    data[at] = (seed >> 17) as u8;
                }
                if round % 7 == 0 {
                    data.truncate((seed >> 40) as usize % data.len());
                }
                let _ = build_from(&data, file.index, Some(&keep));
                let _ = build_from(&data, file.index, None);
            }
        }
    }

    #[test]
    fn an_emoji_face_is_refused() {
        let b = book();
        let face = b.emoji_face(false).unwrap();
        assert_eq!(check(&b, face), Err(Refusal::Color));
    }
}
