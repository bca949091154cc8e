//! specrender-fonts: finds font files, resolves family names (with metric-compatible aliases
//! and per-character fallback), splits text into script runs and measures it by shaping.
//!
//! SKELETON: the public API below is the contract layout codes against; bodies are to be
//! implemented (see the issue). rustybuzz / ttf-parser / fontdb stay behind this API.

use std::ops::Range;
use std::path::PathBuf;

/// Options for building a [`FontBook`].
#[derive(Debug, Clone)]
pub struct FontOptions {
    /// Extra font folders, searched first, in order (`--fonts DIR`, `SPECRENDER_FONTS`).
    /// Default: empty.
    pub dirs: Vec<PathBuf>,
    /// Load the fonts shipped with specrender. Default: true.
    pub shipped: bool,
    /// Also load the system's fonts (opt-in). Default: false.
    pub system: bool,
}

impl Default for FontOptions {
    fn default() -> Self {
        FontOptions { dirs: Vec::new(), shipped: true, system: false }
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
    /// Typographic family name (e.g. "Carlito", "Noto Sans CJK KR").
    pub family: String,
    pub post_script_name: String,
    pub path: PathBuf,
    pub index: u32,
    pub bold: bool,
    pub italic: bool,
    pub units_per_em: u16,
    pub ascender: i16,
    pub descender: i16,
    pub line_gap: i16,
}

/// How a requested family name was satisfied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchKind {
    /// A face of that family exists.
    Exact,
    /// Measured with a metric-compatible alias (Calibri→Carlito, Cambria→Caladea,
    /// Arial→Liberation Sans, Times New Roman→Liberation Serif); not a fallback.
    Alias { to: String },
    /// Neither the family nor an alias exists: measured with `face` (a deterministic default
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

/// Classify one character.
pub fn script_class(ch: char) -> ScriptClass {
    let _ = ch;
    todo!()
}

/// The faces chosen for the three OOXML font slots of a paragraph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotFaces {
    pub latin: FaceId,
    pub ea: FaceId,
    pub cs: FaceId,
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

/// All loaded faces. Immutable after construction and `Sync`, so one book serves many jobs.
pub struct FontBook {}

impl FontBook {
    pub fn new(opts: &FontOptions) -> Result<FontBook, FontError> {
        let _ = opts;
        todo!()
    }
    /// Folder of the fonts shipped with specrender.
    pub fn shipped_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
    }
    pub fn face(&self, id: FaceId) -> &FaceInfo {
        let _ = id;
        todo!()
    }
    pub fn faces(&self) -> impl Iterator<Item = (FaceId, &FaceInfo)> {
        std::iter::empty()
    }
    /// Resolve a family name for a script class (the class picks the substitute when the
    /// family is missing: the shipped CJK face for EastAsian, Carlito for Latin).
    pub fn resolve(&self, family: &str, bold: bool, class: ScriptClass) -> FamilyMatch {
        let _ = (family, bold, class);
        todo!()
    }
    pub fn covers(&self, face: FaceId, ch: char) -> bool {
        let _ = (face, ch);
        todo!()
    }
    /// Split `text` into segments: weak characters join their neighbours' class, each class
    /// takes its slot face, characters the slot face lacks fall back per character.
    pub fn segment(&self, text: &str, faces: SlotFaces, bold: bool) -> Vec<Segment> {
        let _ = (text, faces, bold);
        todo!()
    }
    /// Shaped advance of `text` in `face`, in font units (kerning and ligatures applied).
    pub fn shape_units(&self, face: FaceId, text: &str) -> i64 {
        let _ = (face, text);
        todo!()
    }
}

/// Per-job width cache: shapes each distinct (face, text) once; widths scale linearly with size.
pub struct Measurer<'a> {
    pub book: &'a FontBook,
}

impl<'a> Measurer<'a> {
    pub fn new(book: &'a FontBook) -> Self {
        Measurer { book }
    }
    /// Advance of `text` in `face` at 1 pt, in EMU (f64), from the cache or by shaping once.
    pub fn width_per_pt(&mut self, face: FaceId, text: &str) -> f64 {
        let _ = (face, text);
        todo!()
    }
}
