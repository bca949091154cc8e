//! specrender-fonts: finds font files, resolves family names (with metric-compatible aliases
//! and per-character fallback), splits text into script runs and measures it by shaping.
//!
//! Stages, one module each:
//! - [`book`]: loading faces (`--fonts` folders, the shipped fonts, opt-in system fonts) in a
//!   deterministic order, family resolution with aliases and substitutes, cmap coverage;
//! - [`script`]: the Latin / East Asian / Complex / Weak class of a character, as LibreOffice
//!   assigns it (i18nutil `GetScriptClass`);
//! - [`segment`]: a paragraph split into runs of one class and one face, with per-character
//!   fallback;
//! - [`shape`]: rustybuzz shaping and the per-job width cache [`Measurer`].
//!
//! rustybuzz / ttf-parser / fontdb stay behind this API (docs/dev/architecture.md), so replacing them touches
//! this crate only.

use std::ops::Range;
use std::path::PathBuf;

pub mod book;
pub mod draw;
pub mod embed;
pub mod script;
pub mod segment;
pub mod shape;

pub use book::{FileBytes, FontBook, FontFile};
pub use draw::{Glyph, OutlineSink, RasterPng};
pub use script::{complex_family, never_missing, script_class, starts_right_to_left};
pub use shape::Measurer;

/// Options for building a [`FontBook`].
#[derive(Debug, Clone)]
pub struct FontOptions {
    /// Extra font folders, searched first, in order (`--fonts DIR`, `SPECRENDER_FONTS`).
    /// A path naming a font file instead of a folder loads that file.
    /// Default: empty.
    pub dirs: Vec<PathBuf>,
    /// Load the fonts shipped with specrender. Default: true.
    pub shipped: bool,
    /// Where the shipped fonts come from: `None` reads the shipped folder
    /// ([`FontBook::shipped_dir`], in the source tree); `Some` reads these bytes instead
    /// (`specrender_fontdata::FILES`: the same files compiled into the program, named by
    /// their path under the folder, in load order), so the program runs from any folder.
    /// Same files, same face ids, same output. Default: `None`.
    pub embedded: Option<&'static [(&'static str, &'static [u8])]>,
    /// Also load the system's fonts (opt-in). Default: false.
    pub system: bool,
}

impl Default for FontOptions {
    fn default() -> Self {
        FontOptions {
            dirs: Vec::new(),
            shipped: true,
            embedded: None,
            system: false,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum FontError {
    #[error("font folder {0} cannot be read: {1}")]
    Dir(PathBuf, String),
    #[error("no usable font was found (shipped fonts missing from {0}?)")]
    NoFonts(PathBuf),
}

/// Index of a face inside a [`FontBook`]; stable for a given set of font files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FaceId(pub u32);

#[derive(Debug, Clone)]
pub struct FaceInfo {
    /// Typographic family name (e.g. "Carlito", "Noto Sans CJK KR"): name ID 16, else ID 1,
    /// English (US) first.
    pub family: String,
    pub post_script_name: String,
    pub path: PathBuf,
    /// Face index inside a collection (`.ttc`), 0 for a single font file.
    pub index: u32,
    /// OS/2 usWeightClass >= 600.
    pub bold: bool,
    /// Italic or oblique.
    pub italic: bool,
    pub units_per_em: u16,
    /// Vertical metrics in font units, as LibreOffice reads them: `hhea` ascender / descender /
    /// lineGap, unless OS/2 fsSelection USE_TYPO_METRICS is set (then sTypoAscender / ...);
    /// zero `hhea` values fall back to OS/2. Carlito: 1536 / -512 / 452 (upm 2048);
    /// Noto Sans CJK: 1160 / -288 / 0 (upm 1000), i.e. 1.448 em.
    pub ascender: i16,
    pub descender: i16,
    pub line_gap: i16,
    /// The `head` table's bounding box, bottom and top (font units): how tall a glyph of the
    /// face may be (the preview sizes its glyph placement by it, as poppler does).
    pub bbox_y: (i16, i16),
}

/// A face's vertical metrics in font units, as LibreOffice reads them (see
/// [`FaceInfo::ascender`]): what a line of text in that face is sized by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineMetrics {
    pub units_per_em: u16,
    pub ascender: i16,
    pub descender: i16,
    pub line_gap: i16,
}

impl LineMetrics {
    pub fn of(f: &FaceInfo) -> LineMetrics {
        LineMetrics {
            units_per_em: f.units_per_em,
            ascender: f.ascender,
            descender: f.descender,
            line_gap: f.line_gap,
        }
    }
}

/// How a requested family name was satisfied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchKind {
    /// A face of that family exists.
    Exact,
    /// Measured with a metric-compatible alias (Calibri→Carlito, Cambria→Caladea,
    /// Arial/Helvetica→Liberation Sans, Times New Roman→Liberation Serif, Courier New→
    /// Liberation Mono); not a fallback.
    Alias { to: String },
    /// A family with no free metric clone (Aptos, Malgun Gothic, Meiryo, ...): measured with
    /// its documented stand-in ([`book::STAND_INS`]), chosen to err wide; reported as
    /// `font_fallback`.
    StandIn { to: String },
    /// Neither the family nor an alias nor a stand-in exists: measured with `face` (a deterministic default
    /// for the script), to be reported as `font_fallback`.
    Substituted { to: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyMatch {
    pub face: FaceId,
    pub kind: MatchKind,
}

/// The script class that picks the latin / ea / cs font of a run (as OOXML does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScriptClass {
    Latin,
    EastAsian,
    Complex,
    /// Spaces, digits, common punctuation: take the class of the surrounding text.
    Weak,
}

/// The faces chosen for the three OOXML font slots of a paragraph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotFaces {
    pub latin: FaceId,
    pub ea: FaceId,
    pub cs: FaceId,
}

impl SlotFaces {
    /// The slot face for a resolved class (`Weak` reads as Latin).
    pub fn for_class(&self, class: ScriptClass) -> FaceId {
        match class {
            ScriptClass::EastAsian => self.ea,
            ScriptClass::Complex => self.cs,
            ScriptClass::Latin | ScriptClass::Weak => self.latin,
        }
    }
}

/// The language East Asian text is shaped with. It matters: Noto Sans CJK's `locl` feature
/// gives Korean a 0.28 em word space (0.224 em otherwise) and Chinese full-width curly quotes
/// and middle dots. LibreOffice shapes each Asian portion with the run's Asian language (the
/// PPTX run `lang`), with spaces and punctuation in the script of the text around them;
/// measuring without the language made Korean lines 1–2% too narrow (conformance finding).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum ShapeLang {
    /// No language: the font's default language system.
    #[default]
    Default,
    Korean,
    Japanese,
    ChineseSimplified,
    ChineseTraditional,
    ChineseHongKong,
}

impl ShapeLang {
    pub const ALL: [ShapeLang; 6] = [
        ShapeLang::Default,
        ShapeLang::Korean,
        ShapeLang::Japanese,
        ShapeLang::ChineseSimplified,
        ShapeLang::ChineseTraditional,
        ShapeLang::ChineseHongKong,
    ];

    /// The East Asian shaping language of a BCP-47 tag (`ko`, `ko-KR`, `ja-JP`, `zh-Hant`,
    /// `zh-TW`, ...); `Default` for any other language.
    pub fn from_tag(tag: &str) -> ShapeLang {
        let t = tag.to_ascii_lowercase();
        let mut parts = t.split(['-', '_']);
        match parts.next().unwrap_or("") {
            "ko" => ShapeLang::Korean,
            "ja" => ShapeLang::Japanese,
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                if rest.contains(&"hk") || rest.contains(&"mo") {
                    ShapeLang::ChineseHongKong
                } else if rest.contains(&"hant") || rest.contains(&"tw") {
                    ShapeLang::ChineseTraditional
                } else {
                    ShapeLang::ChineseSimplified
                }
            }
            _ => ShapeLang::Default,
        }
    }

    /// The language a segment of `class` is shaped with: East Asian segments take the run's
    /// language, others the default (LibreOffice applies a PPTX `lang` to one script type
    /// only; Latin text keeps the document's default locale).
    pub fn for_class(self, class: ScriptClass) -> ShapeLang {
        if class == ScriptClass::EastAsian {
            self
        } else {
            ShapeLang::Default
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// A stretch of text measured with one face.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Byte range into the segmented text.
    pub range: Range<usize>,
    /// Resolved class (never `Weak`).
    pub class: ScriptClass,
    /// The face that draws it: the slot's face, or a per-character fallback face.
    pub face: FaceId,
    /// True when `face` is a per-character fallback (not the slot's face).
    pub fallback: bool,
    /// True when no loaded face covers these characters (measured as .notdef of `face`).
    pub missing: bool,
}

/// `FontBook` is shared by reference between worker threads (each owns its `Measurer`).
fn _assert_sync() {
    fn is_sync<T: Sync + Send>() {}
    is_sync::<FontBook>();
}
