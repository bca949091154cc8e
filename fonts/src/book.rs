//! The font book: every face found, in a deterministic order, with what measuring needs.
//!
//! Loading: sources in order — `FontOptions::dirs`, then the shipped folder, then (opt-in)
//! the system's fonts. Within a folder, font files (`ttf`, `otf`, `ttc`, `otc`) are taken in
//! path order (recursively); within a collection, in face-index order. A [`FaceId`] is the
//! position in that order, so the same files always give the same ids.
//!
//! Data: loading reads names, styles (fontdb) and metrics (ttf-parser) only — 22 shipped faces
//! in about 3 ms. A face's `cmap` table (about 230 KB for a Noto Sans CJK face) is read on its
//! first coverage question; its shaping tables (no outlines, see `shaping_data`) on its first
//! shaping. So a job touches a few hundred KB per face it uses, never a whole 19 MB collection.
//! Data is owned (`Arc<[u8]>` in a `OnceLock`), not memory-mapped: mapping is `unsafe`, which
//! this workspace denies.

use crate::{
    FaceId, FaceInfo, FamilyMatch, FontError, FontOptions, LineMetrics, MatchKind, ScriptClass,
};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// Metric-compatible families (same advance widths), used when the named family is absent.
/// LibreOffice ships the same table (VCL "metric compatible" replacements). The targets are
/// shipped in `data/metric/` (Liberation 2.1.5, Caladea, and Carlito beside the others).
const ALIASES: &[(&str, &str)] = &[
    ("calibri", "Carlito"),
    ("cambria", "Caladea"),
    ("arial", "Liberation Sans"),
    ("helvetica", "Liberation Sans"),
    ("times new roman", "Liberation Serif"),
    ("times", "Liberation Serif"),
    ("courier new", "Liberation Mono"),
    ("courier", "Liberation Mono"),
];

/// A family with no free metric clone and the shipped face it is measured with, one for
/// Latin (and complex-script) text and one for East Asian text. Each stand-in is chosen so
/// the estimate errs wide (a line we call fitting is not wider in the real font), and the
/// substitution is reported (`font_fallback`); `--fonts` with the real files removes it.
pub struct StandIn {
    /// Lower-cased family names, the English name and the localised names Office writes.
    pub names: &'static [&'static str],
    pub latin: &'static str,
    pub east_asian: &'static str,
    /// Why this stand-in errs wide (docs/guide/fonts.md, the stand-ins table).
    pub why: &'static str,
}

/// The documented stand-ins (docs/guide/fonts.md). East Asian faces: ideographs,
/// kana and Hangul are one em wide in every CJK UI font, so the Noto Sans CJK face of the
/// same region measures them exactly; their Latin glyphs are measured with Liberation Sans
/// (Arial widths), wider than the Latin of these fonts except Meiryo's (Verdana-like).
pub const STAND_INS: &[StandIn] = &[
    StandIn {
        names: &["aptos", "aptos display", "aptos narrow", "aptos serif"],
        latin: "Liberation Sans",
        east_asian: "Noto Sans CJK KR",
        why: "Office's default since 2023: a grotesque drawn no wider than Arial",
    },
    StandIn {
        names: &["calibri light"],
        latin: "Carlito",
        east_asian: "Noto Sans CJK KR",
        why: "same design as Calibri; a lighter weight is never wider than its regular",
    },
    StandIn {
        names: &["consolas", "lucida console", "menlo", "monaco", "sf mono"],
        latin: "Liberation Mono",
        east_asian: "Noto Sans Mono CJK KR",
        why: "monospaced at 0.55 em or less; Liberation Mono is 0.6 em",
    },
    StandIn {
        names: &[
            "malgun gothic",
            "맑은 고딕",
            "gulim",
            "굴림",
            "dotum",
            "돋움",
            "batang",
            "바탕",
            "nanumgothic",
            "나눔고딕",
            "apple sd gothic neo",
        ],
        latin: "Liberation Sans",
        east_asian: "Noto Sans CJK KR",
        why: "Korean UI fonts: Hangul and Hanja one em wide",
    },
    StandIn {
        names: &[
            "gulimche",
            "굴림체",
            "dotumche",
            "돋움체",
            "batangche",
            "바탕체",
        ],
        latin: "Noto Sans Mono CJK KR",
        east_asian: "Noto Sans Mono CJK KR",
        why: "Korean fixed-pitch fonts: half-width Latin, full-width Hangul",
    },
    StandIn {
        names: &[
            "meiryo",
            "meiryo ui",
            "メイリオ",
            "yu gothic",
            "yu gothic ui",
            "游ゴシック",
            "yu mincho",
            "游明朝",
            "ms pgothic",
            "ｍｓ ｐゴシック",
            "ms pmincho",
            "ｍｓ ｐ明朝",
            "hiragino sans",
            "hiragino kaku gothic pron",
            "ヒラギノ角ゴ pron w3",
        ],
        latin: "Liberation Sans",
        east_asian: "Noto Sans CJK JP",
        why: "Japanese UI fonts: kana and kanji one em wide",
    },
    StandIn {
        names: &["ms gothic", "ｍｓ ゴシック", "ms mincho", "ｍｓ 明朝"],
        latin: "Noto Sans Mono CJK JP",
        east_asian: "Noto Sans Mono CJK JP",
        why: "Japanese fixed-pitch fonts: half-width Latin, full-width kana and kanji",
    },
    StandIn {
        names: &[
            "microsoft yahei",
            "微软雅黑",
            "simsun",
            "宋体",
            "simhei",
            "黑体",
            "dengxian",
            "等线",
            "pingfang sc",
        ],
        latin: "Liberation Sans",
        east_asian: "Noto Sans CJK SC",
        why: "Simplified Chinese UI fonts: hanzi one em wide",
    },
    StandIn {
        names: &[
            "microsoft jhenghei",
            "微軟正黑體",
            "pmingliu",
            "新細明體",
            "mingliu",
            "細明體",
            "pingfang tc",
        ],
        latin: "Liberation Sans",
        east_asian: "Noto Sans CJK TC",
        why: "Traditional Chinese UI fonts: hanzi one em wide",
    },
];

/// Families specrender does not ship whose vertical metrics are known, read from their real
/// font files: a word processor sizes a line by the font a run *names* even where another face
/// draws its characters (LibreOffice's templates name DejaVu Sans for East Asian text; Writer's
/// Hangul lines there are DejaVu Sans's 1.164 em apart, though Noto Sans CJK draws them). Only
/// the line height is taken from here; widths still come from the face that draws.
pub struct NamedMetrics {
    /// Lower-cased family names.
    pub names: &'static [&'static str],
    pub regular: LineMetrics,
    pub bold: LineMetrics,
    /// The advance of the space (U+0020 and U+00A0), font units, regular and bold: Writer
    /// sets the spaces of a run in the named font where it has them, its other characters
    /// in the fallback face (Korean words named DejaVu Sans 0.318 em apart, not Noto Sans
    /// CJK's 0.28).
    pub space: (u16, u16),
    /// The files the numbers were read from (`hhea`, `hmtx`; none sets USE_TYPO_METRICS).
    pub source: &'static str,
}

const DEJAVU: LineMetrics = LineMetrics {
    units_per_em: 2048,
    ascender: 1901,
    descender: -483,
    line_gap: 0,
};

/// See [`NamedMetrics`]. DejaVu is under the Bitstream Vera licence (fonts-dejavu-core).
pub const NAMED_METRICS: &[NamedMetrics] = &[
    NamedMetrics {
        names: &["dejavu sans", "dejavu sans condensed", "dejavu sans mono"],
        regular: DEJAVU,
        bold: DEJAVU,
        space: (651, 713),
        source: "Debian fonts-dejavu-core 2.37-6: DejaVuSans.ttf, DejaVuSans-Bold.ttf, \
                 DejaVuSansCondensed*.ttf, DejaVuSansMono*.ttf (hhea 1901 / -483 / 0, upm 2048; \
                 DejaVuSans space 651, bold 713)",
    },
    NamedMetrics {
        names: &["dejavu serif", "dejavu serif condensed"],
        regular: DEJAVU,
        bold: LineMetrics {
            ascender: 1923,
            ..DEJAVU
        },
        space: (651, 713),
        source: "Debian fonts-dejavu-core 2.37-6: DejaVuSerif.ttf (hhea 1901 / -483 / 0), \
                 DejaVuSerif-Bold.ttf (1923 / -483 / 0), upm 2048; space 651, bold 713",
    },
];

/// A face's font file as [`FontBook::font_file`] lends it: the bytes and the face's index in
/// them (a collection holds several).
#[derive(Debug, Clone)]
pub struct FontFile {
    pub bytes: FileBytes,
    pub index: u32,
}

/// A font file's bytes: compiled into the program, or read from disk and shared.
#[derive(Debug, Clone)]
pub enum FileBytes {
    Static(&'static [u8]),
    Shared(Arc<[u8]>),
}

impl AsRef<[u8]> for FileBytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            FileBytes::Static(b) => b,
            FileBytes::Shared(b) => b,
        }
    }
}

/// The folder name embedded faces report as their path (`specrender fonts`): they have none.
pub const EMBEDDED: &str = "(embedded)";

/// Default substitutes by class, when neither the family nor an alias exists.
const DEFAULT_LATIN: &str = "Carlito";
const DEFAULT_EAST_ASIAN: &str = "Noto Sans CJK KR";

pub(crate) struct Face {
    pub(crate) info: FaceInfo,
    /// The font file's bytes when it is compiled into the program (`FontOptions::embedded`);
    /// `None`: read from `info.path`.
    bytes: Option<&'static [u8]>,
    /// The tables shaping reads, loaded on first shaping (see [`shaping_data`]).
    shaping: OnceLock<Arc<[u8]>>,
    /// The whole face's bytes (outlines too), read on the first drawing (previews only) when
    /// the face is on disk.
    full: OnceLock<Arc<[u8]>>,
    /// Index of the source (dir i, shipped, system) it came from; earlier wins.
    source: usize,
    weight: u16,
    monospaced: bool,
    /// Where the face's `cmap` table is in its file (offset, length), and the table itself,
    /// read on the first coverage question.
    cmap_at: (u64, usize),
    cmap: OnceLock<Arc<[u8]>>,
    /// The subtable rustybuzz picks (`find_best_cmap_subtable`), so coverage agrees with shaping.
    cmap_subtable: Option<u16>,
    /// Windows symbol encoding: U+0000–00FF is looked up at U+F000–F0FF (as rustybuzz does).
    cmap_symbol: bool,
    cmap_mac: bool,
    /// Has colour glyphs (`CBDT`, `COLR`, `sbix` or `SVG `): an emoji face.
    color: bool,
}

/// All loaded faces. Immutable after construction and `Sync`, so one book serves many jobs.
pub struct FontBook {
    pub(crate) faces: Vec<Face>,
    /// Lower-cased family name (every language the name table gives) -> faces, in id order.
    families: HashMap<String, Vec<FaceId>>,
}

impl std::fmt::Debug for FontBook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FontBook")
            .field("faces", &self.faces.len())
            .finish()
    }
}

fn is_font_file(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .map(|e| {
            matches!(
                e.to_ascii_lowercase().as_str(),
                "ttf" | "otf" | "ttc" | "otc"
            )
        })
        .unwrap_or(false)
}

/// Font files under `dir`, recursively, sorted by path. Unreadable subfolders are skipped
/// (as fontdb does); only the top folder must be readable.
fn collect_dir(
    dir: &Path,
    out: &mut Vec<PathBuf>,
    seen: &mut BTreeSet<PathBuf>,
) -> std::io::Result<()> {
    if let Ok(canon) = dir.canonicalize() {
        if !seen.insert(canon) {
            return Ok(()); // a symlink loop or a folder given twice
        }
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        match std::fs::metadata(&p) {
            Ok(m) if m.is_dir() => {
                let _ = collect_dir(&p, out, seen);
            }
            Ok(m) if m.is_file() && is_font_file(&p) => out.push(p),
            _ => {}
        }
    }
    Ok(())
}

/// The files fontdb finds on this system, sorted (fontdb's own walk follows `read_dir` order).
fn system_files() -> Vec<PathBuf> {
    let mut db = fontdb::Database::new();
    db.load_system_fonts();
    let mut set = BTreeSet::new();
    for f in db.faces() {
        match &f.source {
            fontdb::Source::File(p) | fontdb::Source::SharedFile(p, _) => {
                set.insert(p.clone());
            }
            fontdb::Source::Binary(_) => {}
        }
    }
    set.into_iter().collect()
}

impl FontBook {
    pub fn new(opts: &FontOptions) -> Result<FontBook, FontError> {
        // Sources in precedence order, each a sorted list of files.
        let mut sources: Vec<Vec<PathBuf>> = Vec::new();
        for dir in &opts.dirs {
            let mut files = Vec::new();
            let meta =
                std::fs::metadata(dir).map_err(|e| FontError::Dir(dir.clone(), e.to_string()))?;
            if meta.is_file() {
                files.push(dir.clone());
            } else {
                collect_dir(dir, &mut files, &mut BTreeSet::new())
                    .map_err(|e| FontError::Dir(dir.clone(), e.to_string()))?;
            }
            sources.push(files);
        }
        let mut embedded = &[][..];
        let shipped_at = sources.len();
        if opts.shipped {
            let mut files = Vec::new();
            if let Some(e) = opts.embedded {
                embedded = e; // loaded in its place below
            } else {
                // A missing shipped folder is only fatal when nothing else was found (NoFonts).
                let _ = collect_dir(&Self::shipped_dir(), &mut files, &mut BTreeSet::new());
            }
            sources.push(files);
        }
        if opts.system {
            sources.push(system_files());
        }

        let mut book = FontBook {
            faces: Vec::new(),
            families: HashMap::new(),
        };
        let mut loaded: BTreeSet<PathBuf> = BTreeSet::new();
        let mut db = fontdb::Database::new();
        for (source, files) in sources.iter().enumerate() {
            if source == shipped_at && opts.shipped {
                for (name, bytes) in embedded {
                    let path = PathBuf::from(EMBEDDED).join(name);
                    book.load(&mut db, &path, Some(bytes), source);
                }
            }
            for path in files {
                // The same file reached twice (a --fonts dir that is the shipped one) keeps
                // its first, higher-precedence place.
                let key = path.canonicalize().unwrap_or_else(|_| path.clone());
                if !loaded.insert(key) {
                    continue;
                }
                book.load(&mut db, path, None, source);
            }
        }
        if book.faces.is_empty() {
            return Err(FontError::NoFonts(Self::shipped_dir()));
        }
        Ok(book)
    }

    /// Loads the faces of one font file, read from `bytes` when it is compiled in.
    fn load(
        &mut self,
        db: &mut fontdb::Database,
        path: &Path,
        bytes: Option<&'static [u8]>,
        source: usize,
    ) {
        let src = match bytes {
            Some(b) => fontdb::Source::Binary(Arc::new(b)),
            None => fontdb::Source::File(path.to_path_buf()),
        };
        // Faces that fail to parse are skipped, as fontdb skips them.
        for id in db.load_font_source(src) {
            let Some(fi) = db.face(id) else { continue };
            let family = fi
                .families
                .first()
                .map(|(n, _)| n.clone())
                .unwrap_or_default();
            let names: Vec<String> = fi.families.iter().map(|(n, _)| n.to_lowercase()).collect();
            let (weight, italic, monospaced, index) = (
                fi.weight.0,
                fi.style != fontdb::Style::Normal,
                fi.monospaced,
                fi.index,
            );
            let post_script_name = fi.post_script_name.clone();
            let parsed = db.with_face_data(id, read_face);
            let Some(Some(p)) = parsed else { continue };
            let face_id = FaceId(self.faces.len() as u32);
            for n in names {
                let v = self.families.entry(n).or_default();
                if !v.contains(&face_id) {
                    v.push(face_id);
                }
            }
            self.faces.push(Face {
                info: FaceInfo {
                    family,
                    post_script_name,
                    path: path.to_path_buf(),
                    index,
                    bold: weight >= 600,
                    italic,
                    units_per_em: p.units_per_em,
                    ascender: p.ascender,
                    descender: p.descender,
                    line_gap: p.line_gap,
                    bbox_y: p.bbox_y,
                },
                bytes,
                shaping: OnceLock::new(),
                full: OnceLock::new(),
                source,
                weight,
                monospaced,
                cmap_at: p.cmap_at,
                cmap: OnceLock::new(),
                cmap_subtable: p.cmap_subtable,
                cmap_symbol: p.cmap_symbol,
                cmap_mac: p.cmap_mac,
                color: p.color,
            });
        }
        let ids: Vec<fontdb::ID> = db.faces().map(|f| f.id).collect();
        for id in ids {
            db.remove_face(id);
        }
    }

    /// Folder of the fonts shipped with specrender (in the source tree the program was built
    /// from; see [`FontOptions::embedded`] for a program that runs anywhere).
    pub fn shipped_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    /// Panics on an id not from this book (ids are only made by the book).
    pub fn face(&self, id: FaceId) -> &FaceInfo {
        &self.faces[id.0 as usize].info
    }

    pub fn faces(&self) -> impl Iterator<Item = (FaceId, &FaceInfo)> {
        self.faces
            .iter()
            .enumerate()
            .map(|(i, f)| (FaceId(i as u32), &f.info))
    }

    pub fn len(&self) -> usize {
        self.faces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.faces.is_empty()
    }

    /// The best face of a family (case-insensitive, any language of its name), or `None`.
    /// Only the earliest source that has the family is considered (a `--fonts` copy beats the
    /// shipped one); within it: not italic, then the requested boldness (a family without a
    /// bold face answers bold with its regular, as renderers embolden it), then the weight
    /// nearest 700 / 400, then the lowest id.
    pub fn find_family(&self, family: &str, bold: bool) -> Option<FaceId> {
        let ids = self.families.get(&family.trim().to_lowercase())?;
        let first_source = self.faces[ids[0].0 as usize].source;
        let target: i32 = if bold { 700 } else { 400 };
        ids.iter()
            .copied()
            .filter(|id| self.faces[id.0 as usize].source == first_source)
            .min_by_key(|id| {
                let f = &self.faces[id.0 as usize];
                (
                    f.info.italic,
                    f.info.bold != bold,
                    (f.weight as i32 - target).abs(),
                    *id,
                )
            })
    }

    /// Resolve a family name for a script class (the class picks the substitute when the
    /// family is missing: the shipped CJK face for EastAsian, Carlito for Latin).
    pub fn resolve(&self, family: &str, bold: bool, class: ScriptClass) -> FamilyMatch {
        if let Some(face) = self.find_family(family, bold) {
            return FamilyMatch {
                face,
                kind: MatchKind::Exact,
            };
        }
        let lc = family.trim().to_lowercase();
        if let Some(&(_, to)) = ALIASES.iter().find(|(from, _)| *from == lc) {
            if let Some(face) = self.find_family(to, bold) {
                return FamilyMatch {
                    face,
                    kind: MatchKind::Alias {
                        to: self.face(face).family.clone(),
                    },
                };
            }
        }
        if let Some(s) = STAND_INS.iter().find(|s| s.names.contains(&lc.as_str())) {
            let to = if class == ScriptClass::EastAsian {
                s.east_asian
            } else {
                s.latin
            };
            if let Some(face) = self.find_family(to, bold) {
                return FamilyMatch {
                    face,
                    kind: MatchKind::StandIn {
                        to: self.face(face).family.clone(),
                    },
                };
            }
        }
        let face = self.default_face(bold, class);
        FamilyMatch {
            face,
            kind: MatchKind::Substituted {
                to: self.face(face).family.clone(),
            },
        }
    }

    /// The vertical metrics a line of text in `family` is sized by, whatever face draws its
    /// characters: the family's own face or its metric clone (Cambria: Caladea), else a
    /// family of [`NAMED_METRICS`]; `None` when the family is unknown (stand-ins and
    /// substitutes: a word processor substitutes a face for the script, and the line is sized
    /// by the face that draws).
    pub fn named_line_metrics(&self, family: &str, bold: bool) -> Option<LineMetrics> {
        let m = self.resolve(family, bold, ScriptClass::Latin);
        if let MatchKind::Exact | MatchKind::Alias { .. } = m.kind {
            return Some(LineMetrics::of(self.face(m.face)));
        }
        let lc = family.trim().to_lowercase();
        NAMED_METRICS
            .iter()
            .find(|n| n.names.contains(&lc.as_str()))
            .map(|n| if bold { n.bold } else { n.regular })
    }

    /// The space advance (em) of `family` where it is known only from [`NAMED_METRICS`] (a
    /// family not shipped, whose spaces Writer sets in that family while a fallback face
    /// draws the rest of the run); `None` otherwise (the face that measures the run has the
    /// family's own spaces, or nothing is known of them).
    pub fn named_space_em(&self, family: &str, bold: bool) -> Option<f64> {
        let m = self.resolve(family, bold, ScriptClass::Latin);
        if let MatchKind::Exact | MatchKind::Alias { .. } = m.kind {
            return None;
        }
        let lc = family.trim().to_lowercase();
        NAMED_METRICS
            .iter()
            .find(|n| n.names.contains(&lc.as_str()))
            .map(|n| {
                let units = if bold { n.space.1 } else { n.space.0 };
                let upm = if bold { n.bold } else { n.regular }.units_per_em;
                f64::from(units) / f64::from(upm.max(1))
            })
    }

    /// The deterministic substitute for a class: "Noto Sans CJK KR" (else the first
    /// proportional face covering Han and Hangul) for East Asian; "Carlito" for everything
    /// else (nothing better is shipped for complex scripts); else the first upright face.
    pub fn default_face(&self, bold: bool, class: ScriptClass) -> FaceId {
        if class == ScriptClass::EastAsian {
            if let Some(f) = self.find_family(DEFAULT_EAST_ASIAN, bold) {
                return f;
            }
            let cjk = |mono: bool| {
                self.pick(bold, |id, f| {
                    f.monospaced == mono && self.covers(id, '中') && self.covers(id, '가')
                })
                .or_else(|| self.pick(bold, |id, f| f.monospaced == mono && self.covers(id, '中')))
            };
            if let Some(f) = cjk(false).or_else(|| cjk(true)) {
                return f;
            }
        }
        self.find_family(DEFAULT_LATIN, bold)
            .or_else(|| self.pick(bold, |_, _| true))
            .unwrap_or(FaceId(0))
    }

    /// First face (id order) passing `ok`, preferring upright faces of the requested boldness.
    fn pick(&self, bold: bool, ok: impl Fn(FaceId, &Face) -> bool) -> Option<FaceId> {
        let all = || {
            self.faces
                .iter()
                .enumerate()
                .map(|(i, f)| (FaceId(i as u32), f))
        };
        all()
            .find(|(id, f)| f.info.bold == bold && !f.info.italic && ok(*id, f))
            .or_else(|| all().find(|(id, f)| !f.info.italic && ok(*id, f)))
            .or_else(|| all().find(|(id, f)| ok(*id, f)))
            .map(|(id, _)| id)
    }

    /// The face emoji clusters are drawn with: the first face (in id order) with colour glyphs
    /// of the requested boldness, else any (shipped: "Noto Color Emoji", which has one
    /// weight). `None` when no colour face is loaded.
    pub fn emoji_face(&self, bold: bool) -> Option<FaceId> {
        self.pick(bold, |_, f| f.color)
    }

    /// Has the face colour glyphs (an emoji face)?
    pub fn is_color(&self, face: FaceId) -> bool {
        self.faces.get(face.0 as usize).is_some_and(|f| f.color)
    }

    /// Does the face map `ch` to a real glyph (the cmap subtable rustybuzz shapes with)?
    pub fn covers(&self, face: FaceId, ch: char) -> bool {
        let Some(f) = self.faces.get(face.0 as usize) else {
            return false;
        };
        let Some(idx) = f.cmap_subtable else {
            return false;
        };
        let cmap = f.cmap.get_or_init(|| {
            f.read(f.cmap_at.0, f.cmap_at.1)
                .map(Arc::from)
                .unwrap_or_else(|_| Arc::from(Vec::new()))
        });
        let Some(sub) = ttf_parser::cmap::Table::parse(cmap).and_then(|t| t.subtables.get(idx))
        else {
            return false;
        };
        let mut cp = ch as u32;
        if f.cmap_mac && cp > 0x7F {
            return false; // MacRoman-only fonts: ASCII is all we trust
        }
        if let Some(g) = sub.glyph_index(cp) {
            return g.0 != 0;
        }
        if f.cmap_symbol && cp <= 0xFF {
            cp += 0xF000;
            return sub.glyph_index(cp).is_some_and(|g| g.0 != 0);
        }
        false
    }

    /// One line for `specrender fonts`: how a family resolves for a class, and from which file.
    pub fn describe_resolution(&self, family: &str, bold: bool, class: ScriptClass) -> String {
        let m = self.resolve(family, bold, class);
        let f = self.face(m.face);
        let how = match &m.kind {
            MatchKind::Exact => "exact".to_string(),
            MatchKind::Alias { to } => format!("metric-compatible alias {to}"),
            MatchKind::StandIn { to } => format!("documented stand-in {to} (font_fallback)"),
            MatchKind::Substituted { to } => format!("substituted by {to} (font_fallback)"),
        };
        format!(
            "{family}{} [{class:?}] -> {} ({}) {}#{}: {how}",
            if bold { " bold" } else { "" },
            f.family,
            f.post_script_name,
            f.path.display(),
            f.index
        )
    }

    /// The whole font file of `face` (empty when it cannot be read any more), for drawing: a
    /// face compiled into the program is its own bytes (copying them cost the first preview
    /// of a CJK deck 19 MB), one on disk is read on first use.
    pub(crate) fn full_data(&self, face: FaceId) -> &[u8] {
        let f = &self.faces[face.0 as usize];
        if let Some(b) = f.bytes {
            return b;
        }
        f.full.get_or_init(|| {
            std::fs::read(&f.info.path)
                .map(Arc::from)
                .unwrap_or_else(|_| Arc::from(Vec::new()))
        })
    }

    /// The whole font file of `face` as shared bytes and the face's index in it, for an
    /// exporter that embeds the face (the PDF): a face compiled into the program is lent,
    /// not copied; one on disk is read once (the copy drawing reads).
    pub fn font_file(&self, face: FaceId) -> FontFile {
        let f = &self.faces[face.0 as usize];
        let bytes = match f.bytes {
            Some(b) => FileBytes::Static(b),
            None => {
                self.full_data(face);
                FileBytes::Shared(
                    f.full
                        .get()
                        .cloned()
                        .unwrap_or_else(|| Arc::from(Vec::new())),
                )
            }
        };
        FontFile {
            bytes,
            index: f.info.index,
        }
    }

    /// The face's shaping tables as a standalone font (face index 0), read on first use.
    /// Unreadable (the file vanished after loading): empty, so parsing fails and shaping
    /// falls back to an estimate.
    pub(crate) fn shaping_data(&self, face: FaceId) -> &[u8] {
        let f = &self.faces[face.0 as usize];
        f.shaping
            .get_or_init(|| f.shaping_data().unwrap_or_else(|_| Arc::from(Vec::new())))
    }
}

/// Tables that decide advances when shaping horizontally at the default instance. Outlines
/// (CFF is 15 of the 19 MB of the Noto Sans CJK collection), bitmaps, hinting, names and
/// vertical metrics are left on disk.
const SHAPING_TABLES: &[&[u8; 4]] = &[
    b"head", b"hhea", b"maxp", b"hmtx", b"HVAR", b"MVAR", b"fvar", b"avar", b"cmap", b"OS/2",
    b"GDEF", b"GSUB", b"GPOS", b"kern", b"morx", b"mort", b"kerx", b"trak", b"ankr", b"feat",
];

fn read_at(file: &mut std::fs::File, at: u64, len: usize) -> std::io::Result<Vec<u8>> {
    use std::io::{Read, Seek, SeekFrom};
    let mut v = vec![0; len];
    file.seek(SeekFrom::Start(at))?;
    file.read_exact(&mut v)?;
    Ok(v)
}

impl Face {
    /// `len` bytes of the font file at `at`.
    fn read(&self, at: u64, len: usize) -> std::io::Result<Vec<u8>> {
        match self.bytes {
            Some(b) => slice_at(b, at, len),
            None => read_at(&mut std::fs::File::open(&self.info.path)?, at, len),
        }
    }

    /// The face's shaping tables as a standalone font ([`shaping_data`]).
    fn shaping_data(&self) -> std::io::Result<Arc<[u8]>> {
        use std::borrow::Cow;
        match self.bytes {
            Some(b) => shaping_data(
                |at, len| {
                    usize::try_from(at)
                        .ok()
                        .and_then(|at| b.get(at..at.checked_add(len)?))
                        .map(Cow::Borrowed)
                        .ok_or_else(|| {
                            std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "truncated font")
                        })
                },
                self.info.index,
            ),
            None => {
                let mut file = std::fs::File::open(&self.info.path)?;
                shaping_data(
                    |at, len| read_at(&mut file, at, len).map(Cow::Owned),
                    self.info.index,
                )
            }
        }
    }
}

fn slice_at(b: &[u8], at: u64, len: usize) -> std::io::Result<Vec<u8>> {
    usize::try_from(at)
        .ok()
        .and_then(|at| b.get(at..at.checked_add(len)?))
        .map(<[u8]>::to_vec)
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "truncated font"))
}

fn be16(b: &[u8], at: usize) -> std::io::Result<u16> {
    b.get(at..at + 2)
        .map(|x| u16::from_be_bytes([x[0], x[1]]))
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "truncated font"))
}

fn be32(b: &[u8], at: usize) -> std::io::Result<u32> {
    b.get(at..at + 4)
        .map(|x| u32::from_be_bytes([x[0], x[1], x[2], x[3]]))
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "truncated font"))
}

/// Face `index` of a font file (read through `read_at(offset, len)`), rebuilt as a single-face
/// font holding only
/// [`SHAPING_TABLES`]: about 0.75 MB for a Noto Sans CJK face instead of reading the 19 MB
/// collection (a 19 MB read measured 15-40 ms here; this, about 1 ms). Table data is copied
/// unchanged (offsets inside tables are table-relative); checksums are left zero (not read).
/// Made in place at its final size: an embedded face's tables are copied once, straight from
/// the program's bytes (grown table by table, then copied into the shared `Arc`, they were
/// copied three times: about 600 of a 200-slide deck's 4,800 page faults).
fn shaping_data<'b>(
    mut read_at: impl FnMut(u64, usize) -> std::io::Result<std::borrow::Cow<'b, [u8]>>,
    index: u32,
) -> std::io::Result<Arc<[u8]>> {
    let head = read_at(0, 12)?;
    let face_at = if &head[0..4] == b"ttcf" {
        let n = be32(&head, 8)?;
        if index >= n {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "no such face",
            ));
        }
        be32(&read_at(12 + 4 * u64::from(index), 4)?, 0)?
    } else {
        0
    };
    let sfnt = read_at(u64::from(face_at), 12)?;
    let num_tables = usize::from(be16(&sfnt, 4)?);
    let records = read_at(u64::from(face_at) + 12, 16 * num_tables)?;
    // (tag, offset, length), in the directory's (tag-sorted) order.
    let mut keep: Vec<([u8; 4], u32, u32)> = Vec::new();
    for r in records.chunks_exact(16) {
        let tag = [r[0], r[1], r[2], r[3]];
        if SHAPING_TABLES.contains(&&tag) {
            keep.push((tag, be32(r, 8)?, be32(r, 12)?));
        }
    }
    let mut out = Vec::with_capacity(12 + 16 * keep.len());
    out.extend_from_slice(&sfnt[0..4]);
    for v in crate::embed::directory_fields(keep.len() as u16) {
        out.extend_from_slice(&v.to_be_bytes());
    }
    let mut at = 12 + 16 * keep.len();
    for (tag, _, len) in &keep {
        out.extend_from_slice(tag);
        out.extend_from_slice(&0u32.to_be_bytes());
        out.extend_from_slice(&(at as u32).to_be_bytes());
        out.extend_from_slice(&len.to_be_bytes());
        at += (*len as usize + 3) & !3;
    }
    // `at` is now the font's length (every table padded to 4 bytes, the padding zero).
    let mut font: Arc<[u8]> = std::iter::repeat_n(0u8, at).collect();
    let buf = Arc::get_mut(&mut font).expect("a new Arc is not shared");
    buf[..out.len()].copy_from_slice(&out);
    let mut at = out.len();
    for (_, off, len) in &keep {
        let table = read_at(u64::from(*off), *len as usize)?;
        buf[at..at + table.len()].copy_from_slice(&table);
        at += (table.len() + 3) & !3;
    }
    Ok(font)
}

struct Parsed {
    units_per_em: u16,
    ascender: i16,
    descender: i16,
    line_gap: i16,
    bbox_y: (i16, i16),
    cmap_at: (u64, usize),
    cmap_subtable: Option<u16>,
    cmap_symbol: bool,
    cmap_mac: bool,
    color: bool,
}

/// Metrics of one face and where its cmap is.
fn read_face(data: &[u8], index: u32) -> Option<Parsed> {
    let face = ttf_parser::Face::parse(data, index).ok()?;
    let raw = face
        .raw_face()
        .table(ttf_parser::Tag::from_bytes(b"cmap"))
        .unwrap_or(&[]);
    let cmap_at = (
        (raw.as_ptr() as usize).wrapping_sub(data.as_ptr() as usize) as u64,
        raw.len(),
    );
    let (cmap_subtable, cmap_symbol, cmap_mac) = best_cmap_subtable(&face);
    let t = face.tables();
    let color = t.cbdt.is_some() || t.colr.is_some() || t.sbix.is_some() || t.svg.is_some();
    Some(Parsed {
        // ttf-parser: hhea unless OS/2 USE_TYPO_METRICS (then sTypo*), zero hhea -> OS/2.
        units_per_em: face.units_per_em(),
        ascender: face.ascender(),
        descender: face.descender(),
        line_gap: face.line_gap(),
        bbox_y: {
            let b = face.global_bounding_box();
            (b.y_min, b.y_max)
        },
        cmap_at,
        cmap_subtable,
        cmap_symbol,
        cmap_mac,
        color,
    })
}

/// The subtable rustybuzz uses (`find_best_cmap_subtable` in rustybuzz's face.rs).
fn best_cmap_subtable(face: &ttf_parser::Face) -> (Option<u16>, bool, bool) {
    use ttf_parser::PlatformId::{Macintosh, Unicode, Windows};
    let order = [
        (Windows, 0u16),
        (Windows, 10),
        (Unicode, 6),
        (Unicode, 4),
        (Windows, 1),
        (Unicode, 3),
        (Unicode, 2),
        (Unicode, 1),
        (Unicode, 0),
        (Macintosh, 0),
    ];
    let Some(cmap) = face.tables().cmap else {
        return (None, false, false);
    };
    for (pid, eid) in order {
        for (i, s) in cmap.subtables.into_iter().enumerate() {
            if s.platform_id == pid && s.encoding_id == eid {
                return (Some(i as u16), pid == Windows && eid == 0, pid == Macintosh);
            }
        }
    }
    (None, false, false)
}
