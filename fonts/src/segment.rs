//! Segmentation: a paragraph split into runs of one script class and one face.
//!
//! 1. Each character gets its class ([`script_class`]). A Weak character takes the class of the
//!    nearest strong character before it; leading weak characters take the first strong one
//!    after them; all-weak text is Latin. (LibreOffice `BreakIterator::endOfScript` extends a
//!    script run over weak characters; editeng gives leading weak text the next script.)
//! 2. The class picks the slot face (latin / ea / cs).
//! 3. A character the slot face lacks falls back per character: the paragraph's other slot
//!    faces first (latin, ea, cs order), then every face in id order — upright faces of the
//!    requested boldness before the rest. None covers it: it stays with the slot face (drawn
//!    and measured as .notdef) and is `missing`.
//!    Controls and default-ignorable characters never fall back nor count as missing;
//!    combining marks, variation selectors and joiners stay with the character before them,
//!    so a cluster is never split across faces.
//! 4. Neighbours with the same (class, face, fallback, missing) merge into one [`Segment`].

use crate::script::{attaches_to_previous, never_missing};
use crate::{script_class, FaceId, FontBook, ScriptClass, Segment, SlotFaces};

impl FontBook {
    /// Split `text` into segments: weak characters join their neighbours' class, each class
    /// takes its slot face, characters the slot face lacks fall back per character.
    /// ([`crate::Measurer::segment`] gives the same answer with its coverage memo.)
    pub fn segment(&self, text: &str, faces: SlotFaces, bold: bool) -> Vec<Segment> {
        self.segment_with(text, faces, bold, &mut |face, ch| self.draws(face, ch))
    }

    /// [`FontBook::segment`] asking `draws` whether a slot face draws a character.
    pub(crate) fn segment_with(
        &self,
        text: &str,
        faces: SlotFaces,
        bold: bool,
        draws: &mut dyn FnMut(FaceId, char) -> bool,
    ) -> Vec<Segment> {
        let mut classes: Vec<(usize, char, ScriptClass)> = text
            .char_indices()
            .map(|(i, c)| (i, c, script_class(c)))
            .collect();
        resolve_weak(&mut classes);

        let mut out: Vec<Segment> = Vec::new();
        // Per-call memo of fallback answers (a fallback scan asks every face).
        let mut memo: Vec<(char, Option<FaceId>)> = Vec::new();
        let mut prev: Option<(ScriptClass, FaceId, bool, bool)> = None;
        for (k, &(start, ch, class)) in classes.iter().enumerate() {
            let end = classes.get(k + 1).map_or(text.len(), |n| n.0);
            let slot = faces.for_class(class);
            let key = match prev {
                Some(p) if attaches_to_previous(ch) => p,
                _ if never_missing(ch) || draws(slot, ch) => (class, slot, false, false),
                _ => {
                    let found = match memo.iter().find(|m| m.0 == ch) {
                        Some(m) => m.1,
                        None => {
                            let f = self.fallback_face(ch, slot, faces, bold);
                            memo.push((ch, f));
                            f
                        }
                    };
                    match found {
                        Some(f) => (class, f, true, false),
                        None => (class, slot, false, true),
                    }
                }
            };
            match out.last_mut() {
                Some(s) if prev == Some(key) => s.range.end = end,
                _ => out.push(Segment {
                    range: start..end,
                    class: key.0,
                    face: key.1,
                    fallback: key.2,
                    missing: key.3,
                }),
            }
            prev = Some(key);
        }
        out
    }

    /// Can `face` draw `ch`: it maps it, or `ch` is a space separator the face lacks but
    /// shaping draws with its space glyph (HarfBuzz/rustybuzz "space fallback", which
    /// LibreOffice gets too: Carlito has no U+00A0 glyph, yet a no-break space is not a
    /// font fallback).
    pub fn draws(&self, face: FaceId, ch: char) -> bool {
        self.covers(face, ch) || (is_space_separator(ch) && self.covers(face, ' '))
    }

    /// The face drawing `ch` when its slot face lacks it (see the module doc for the order).
    pub fn fallback_face(
        &self,
        ch: char,
        slot: FaceId,
        faces: SlotFaces,
        bold: bool,
    ) -> Option<FaceId> {
        for f in [faces.latin, faces.ea, faces.cs] {
            if f != slot && self.covers(f, ch) {
                return Some(f);
            }
        }
        let preferred = self.faces().find(|(id, info)| {
            *id != slot && info.bold == bold && !info.italic && self.covers(*id, ch)
        });
        preferred
            .or_else(|| {
                self.faces()
                    .find(|(id, _)| *id != slot && self.covers(*id, ch))
            })
            .map(|(id, _)| id)
    }
}

/// The spaces HarfBuzz synthesises from U+0020 with a computed width
/// (`hb_unicode_funcs_t::space_fallback_type`).
fn is_space_separator(ch: char) -> bool {
    matches!(
        ch,
        '\u{A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

fn resolve_weak(chars: &mut [(usize, char, ScriptClass)]) {
    let first_strong = chars.iter().map(|c| c.2).find(|&c| c != ScriptClass::Weak);
    let mut last = first_strong.unwrap_or(ScriptClass::Latin);
    for c in chars.iter_mut() {
        if c.2 == ScriptClass::Weak {
            c.2 = last;
        } else {
            last = c.2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(s: &str) -> Vec<ScriptClass> {
        let mut v: Vec<_> = s
            .char_indices()
            .map(|(i, c)| (i, c, script_class(c)))
            .collect();
        resolve_weak(&mut v);
        v.into_iter().map(|c| c.2).collect()
    }

    #[test]
    fn weak_takes_previous_then_next_then_latin() {
        use ScriptClass::*;
        assert_eq!(classes("가 a"), vec![EastAsian, EastAsian, Latin]);
        assert_eq!(classes(" “가"), vec![EastAsian, EastAsian, EastAsian]);
        assert_eq!(classes("— …"), vec![Latin, Latin, Latin]);
        assert_eq!(classes(""), vec![]);
    }
}
