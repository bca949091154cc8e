//! The faces layout placed glyphs in, as krilla fonts: one per face id, made on first use
//! from the font file the book lends (a face compiled into the program is not copied).
//! krilla subsets each to the glyphs drawn and writes its Unicode map.

use krilla::text::Font;
use specrender_fonts::{FaceId, FileBytes, FontBook};
use std::collections::BTreeMap;
use std::sync::Arc;

pub(crate) struct Faces<'a> {
    pub(crate) book: &'a FontBook,
    fonts: BTreeMap<FaceId, Option<Font>>,
    /// Why a face may not be embedded (its OS/2 `fsType`), per face asked about.
    forbidden: BTreeMap<FaceId, Option<String>>,
}

impl<'a> Faces<'a> {
    pub(crate) fn new(book: &'a FontBook) -> Faces<'a> {
        Faces {
            book,
            fonts: BTreeMap::new(),
            forbidden: BTreeMap::new(),
        }
    }

    /// Why `face`'s licence forbids embedding it (`specrender_fonts::embed::check`: a
    /// restricted, preview-and-print or bitmap-only `fsType`), or `None`: its glyphs are then
    /// drawn as outlines, not as text in an embedded font.
    pub(crate) fn forbidden(&mut self, face: FaceId) -> Option<String> {
        use specrender_fonts::embed::{check, Refusal};
        let book = self.book;
        self.forbidden
            .entry(face)
            .or_insert_with(|| match check(book, face) {
                Err(
                    r @ (Refusal::Restricted { .. }
                    | Refusal::PreviewPrint { .. }
                    | Refusal::BitmapOnly { .. }),
                ) => Some(r.describe()),
                _ => None,
            })
            .clone()
    }

    /// The krilla font of `face`; `None` when its file cannot be read or parsed any more.
    pub(crate) fn font(&mut self, face: FaceId) -> Option<Font> {
        let book = self.book;
        self.fonts
            .entry(face)
            .or_insert_with(|| {
                let file = book.font_file(face);
                let data: krilla::Data = match file.bytes {
                    FileBytes::Static(b) => b.into(),
                    shared @ FileBytes::Shared(_) => {
                        let a: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(shared);
                        a.into()
                    }
                };
                Font::new(data, file.index)
            })
            .clone()
    }

    /// Font units per em of `face`.
    pub(crate) fn upm(&self, face: FaceId) -> f32 {
        f32::from(self.book.face(face).units_per_em.max(1))
    }
}
