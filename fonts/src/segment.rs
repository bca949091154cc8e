//! Segmentation: a paragraph split into runs of one script class and one face.
//!
//! 1. Each character gets its class ([`script_class`]). A Weak character takes the class of the
//!    nearest strong character before it; leading weak characters take the first strong one
//!    after them; all-weak text is Latin. (LibreOffice `BreakIterator::endOfScript` extends a
//!    script run over weak characters; editeng gives leading weak text the next script.)
//! 2. The class picks the slot face (latin / ea / cs).
//! 3. A character the slot face lacks falls back per character: the paragraph's other slot
//!    faces first (latin, ea, cs order), then every text face in id order (colour faces
//!    last) — upright faces of the
//!    requested boldness before the rest. None covers it: it stays with the slot face (drawn
//!    and measured as .notdef) and is `missing`.
//!    Controls and default-ignorable characters never fall back nor count as missing;
//!    combining marks, variation selectors and joiners stay with the character before them,
//!    so a cluster is never split across faces.
//! 4. An emoji cluster (a grapheme cluster that UTS #51 draws as an emoji: a character with
//!    Emoji_Presentation, or any emoji character followed by U+FE0F or a keycap U+20E3, a ZWJ
//!    sequence, a modifier sequence, a flag pair or tag sequence) is drawn whole by the emoji
//!    face ([`FontBook::emoji_face`]) when that face has its first character — even `#` or
//!    `1` of a keycap, which the slot face has. Text-presentation symbols (`☀` without
//!    U+FE0F) fall back as in 3. The viewers do the same: LibreOffice asks fontconfig for a
//!    colour font for emoji presentation, PowerPoint switches to Segoe UI Emoji.
//! 5. Neighbours with the same (class, face, fallback, missing) merge into one [`Segment`].

use crate::script::{attaches_to_previous, never_missing};
use crate::{script_class, FaceId, FontBook, ScriptClass, Segment, SlotFaces};
use std::ops::Range;
use unicode_properties::{EmojiStatus, UnicodeEmoji};
use unicode_segmentation::UnicodeSegmentation;

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
        draws: &mut impl FnMut(FaceId, char) -> bool,
    ) -> Vec<Segment> {
        let mut out: Vec<Segment> = Vec::new();
        // Per-call memo of fallback answers (a fallback scan asks every face).
        let mut memo: Vec<(char, Option<FaceId>)> = Vec::new();
        let mut prev: Option<(ScriptClass, FaceId, bool, bool)> = None;
        let emoji = self.emoji_face(bold);
        let clusters = match emoji {
            Some(e) => emoji_clusters(text, |ch| draws(e, ch)),
            None => Vec::new(),
        };
        let mut next_cluster = 0;
        for (start, ch, class) in classified(text) {
            let end = start + ch.len_utf8();
            let slot = faces.for_class(class);
            while clusters.get(next_cluster).is_some_and(|c| c.end <= start) {
                next_cluster += 1;
            }
            let in_emoji = clusters.get(next_cluster).is_some_and(|c| c.start <= start);
            let key = match prev {
                _ if in_emoji => {
                    let e = emoji.unwrap_or(slot);
                    (class, e, e != slot, false)
                }
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
        // Colour (emoji) faces come last: a text-presentation symbol such as `☀` is drawn
        // in text style where any text face has it.
        let ok = |id: FaceId, color: bool| {
            id != slot && self.is_color(id) == color && self.covers(id, ch)
        };
        let preferred = |color: bool| {
            self.faces()
                .find(|(id, info)| info.bold == bold && !info.italic && ok(*id, color))
                .or_else(|| self.faces().find(|(id, _)| ok(*id, color)))
        };
        preferred(false)
            .or_else(|| preferred(true))
            .map(|(id, _)| id)
    }
}

/// Byte ranges of the emoji clusters of `text` (module doc, step 4) whose first character
/// the emoji face draws (`covered`). Text without any emoji candidate is not segmented into
/// grapheme clusters at all.
fn emoji_clusters(text: &str, mut covered: impl FnMut(char) -> bool) -> Vec<Range<usize>> {
    if !text.chars().any(emoji_candidate) {
        return Vec::new();
    }
    text.grapheme_indices(true)
        .filter(|(_, g)| is_emoji_cluster(g))
        .filter(|(_, g)| g.chars().next().is_some_and(&mut covered))
        .map(|(i, g)| i..i + g.len())
        .collect()
}

/// Could `ch` make a cluster an emoji cluster: an emoji outside ASCII, Latin-1's letters and
/// the CJK and Hangul blocks, or a presentation selector / keycap mark. Answers the common
/// ranges without the property table.
fn emoji_candidate(ch: char) -> bool {
    let cp = ch as u32;
    if cp < 0xA9 || (0x3040..=0xD7FF).contains(&cp) && cp != 0x3297 && cp != 0x3299 {
        return false;
    }
    cp == 0xFE0F || cp == 0x20E3 || ch.is_emoji_char()
}

/// A grapheme cluster UTS #51 presents as an emoji (module doc, step 4).
fn is_emoji_cluster(g: &str) -> bool {
    let Some(first) = g.chars().next() else {
        return false;
    };
    let presentation = matches!(
        first.emoji_status(),
        EmojiStatus::EmojiPresentation
            | EmojiStatus::EmojiPresentationAndModifierBase
            | EmojiStatus::EmojiPresentationAndEmojiComponent
            | EmojiStatus::EmojiPresentationAndModifierAndEmojiComponent
    );
    let sequence = g.chars().skip(1).any(|c| {
        matches!(c as u32, 0xFE0F | 0x20E3 | 0x1F3FB..=0x1F3FF | 0xE0020..=0xE007F)
            || (c == '\u{200D}' && first.is_emoji_char())
    });
    (presentation && !first.is_ascii()) || (sequence && first.is_emoji_char_or_emoji_component())
}

/// The spaces HarfBuzz synthesises from U+0020 with a computed width
/// (`hb_unicode_funcs_t::space_fallback_type`).
fn is_space_separator(ch: char) -> bool {
    matches!(
        ch,
        '\u{A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// Each character of `text` with its resolved class (module doc, step 1), as the characters
/// come (no per-character table): a weak character takes the class of the last strong one,
/// leading weak ones the first strong class, all-weak text is Latin.
fn classified(text: &str) -> impl Iterator<Item = (usize, char, ScriptClass)> + '_ {
    let mut last = text
        .chars()
        .map(script_class)
        .find(|&c| c != ScriptClass::Weak)
        .unwrap_or(ScriptClass::Latin);
    text.char_indices().map(move |(i, ch)| {
        let class = match script_class(ch) {
            ScriptClass::Weak => last,
            strong => {
                last = strong;
                strong
            }
        };
        (i, ch, class)
    })
}

/// Step 1 over a whole table (the tests' reference for [`classified`]).
#[cfg(test)]
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
    fn emoji_clusters_are_whole_sequences() {
        fn spans(t: &str) -> Vec<&str> {
            emoji_clusters(t, |_| true)
                .into_iter()
                .map(|r| &t[r])
                .collect()
        }
        assert_eq!(spans("ok 👩\u{200D}💻 done"), vec!["👩\u{200D}💻"]);
        assert_eq!(spans("🇰🇷🇯🇵"), vec!["🇰🇷", "🇯🇵"]);
        assert_eq!(
            spans("#\u{FE0F}\u{20E3} 1\u{FE0F}\u{20E3}"),
            vec!["#\u{FE0F}\u{20E3}", "1\u{FE0F}\u{20E3}"]
        );
        assert_eq!(spans("👍🏻 ⚠\u{FE0F} ✅"), vec!["👍🏻", "⚠\u{FE0F}", "✅"]);
        // Text presentation, plain digits, CJK and Hangul are not emoji.
        assert!(spans("☀ ⚠ #1 가나 中文 ©").is_empty());
        assert!(spans("plain text").is_empty());
    }

    #[test]
    fn classified_resolves_weak_like_the_table() {
        for t in [
            "",
            " ",
            "— …",
            " “가",
            "가 a",
            "12% 증가, revenue +3 — 日本語「引用」。 ok",
            "  ١٢ مرحبا abc 中文 123 ",
            "a\u{301} 가\u{302} ✓😀 \u{A0}\u{3000}",
        ] {
            let want = classes(t);
            let got: Vec<ScriptClass> = classified(t).map(|c| c.2).collect();
            assert_eq!(got, want, "{t:?}");
            let starts: Vec<usize> = classified(t).map(|c| c.0).collect();
            let want_starts: Vec<usize> = t.char_indices().map(|c| c.0).collect();
            assert_eq!(starts, want_starts);
        }
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
