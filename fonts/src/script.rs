//! Script class of a character, mirroring LibreOffice (i18nutil `GetScriptClass`, used by
//! editeng for Impress text): first a Unicode *block* table (its "compatibility" list), then,
//! for characters in no listed block, the UAX #24 Script property mapped by
//! `unicode::getScriptClassFromUScriptCode`.
//!
//! Consequences worth knowing (they differ from a pure Script-property rule): everything in
//! U+0000–02FF except a few spaces / superscripts / Bopomofo tone marks is **Latin** — ASCII
//! digits and punctuation included, as in PowerPoint, which draws ASCII with the latin font;
//! whole blocks such as CJK Symbols and Punctuation (U+3000–303F) and Halfwidth and Fullwidth
//! Forms (U+FF00–FFEF) are **East Asian**; Number Forms (Roman numerals) are **Weak**.

use crate::ScriptClass::{self, Complex, EastAsian, Latin, Weak};
use unicode_script::{Script, UnicodeScript};

/// LibreOffice's block list (`scriptList` in i18nutil/source/utility/scriptclass.cxx),
/// turned from ICU block-enum ranges into code-point ranges. Sorted, non-overlapping.
/// Blocks absent here (General Punctuation, Arrows, Cyrillic Supplement, Arabic Supplement,
/// Katakana Phonetic Extensions, CJK Extension C+, ...) go to the Script property.
const BLOCKS: &[(u32, u32, ScriptClass)] = &[
    // Basic Latin .. Spacing Modifier Letters.
    (0x0000, 0x02FF, Latin),
    // Greek and Coptic, Cyrillic, (Cyrillic Supplement: by script, also Latin), Armenian.
    (0x0370, 0x058F, Latin),
    // Hebrew, Arabic, Syriac.
    (0x0590, 0x074F, Complex),
    // Thaana.
    (0x0780, 0x07BF, Complex),
    // Devanagari, Bengali, ..., Sinhala, Thai, Lao, Tibetan, Myanmar.
    (0x0900, 0x109F, Complex),
    // Georgian.
    (0x10A0, 0x10FF, Latin),
    // Hangul Jamo.
    (0x1100, 0x11FF, EastAsian),
    // Ethiopic.
    (0x1200, 0x137F, Complex),
    // Cherokee, Unified Canadian Aboriginal Syllabics, Ogham, Runic.
    (0x13A0, 0x16FF, Latin),
    // Khmer, Mongolian.
    (0x1780, 0x18AF, Complex),
    // Latin Extended Additional, Greek Extended.
    (0x1E00, 0x1FFF, Latin),
    // Number Forms.
    (0x2150, 0x218F, Weak),
    // Latin Extended-C.
    (0x2C60, 0x2C7F, Latin),
    // CJK Radicals Supplement, Kangxi Radicals.
    (0x2E80, 0x2FDF, EastAsian),
    // Ideographic Description Characters, CJK Symbols and Punctuation, Hiragana, Katakana,
    // Bopomofo, Hangul Compatibility Jamo, Kanbun, Bopomofo Extended, CJK Strokes.
    (0x2FF0, 0x31EF, EastAsian),
    // Enclosed CJK Letters and Months, CJK Compatibility, CJK Unified Ideographs Extension A.
    (0x3200, 0x4DBF, EastAsian),
    // CJK Unified Ideographs, Yi Syllables, Yi Radicals.
    (0x4E00, 0xA4CF, EastAsian),
    // Latin Extended-D.
    (0xA720, 0xA7FF, Latin),
    // Hangul Syllables.
    (0xAC00, 0xD7AF, EastAsian),
    // CJK Compatibility Ideographs.
    (0xF900, 0xFAFF, EastAsian),
    // Arabic Presentation Forms-A.
    (0xFB50, 0xFDFF, Complex),
    // CJK Compatibility Forms.
    (0xFE30, 0xFE4F, EastAsian),
    // Arabic Presentation Forms-B.
    (0xFE70, 0xFEFF, Complex),
    // Halfwidth and Fullwidth Forms.
    (0xFF00, 0xFFEF, EastAsian),
    // CJK Unified Ideographs Extension B.
    (0x20000, 0x2A6DF, EastAsian),
    // CJK Compatibility Ideographs Supplement.
    (0x2F800, 0x2FA1F, EastAsian),
];

/// Classify one character.
pub fn script_class(ch: char) -> ScriptClass {
    let cp = ch as u32;
    match cp {
        // tdf#102975: ASCII space and no-break space are weak; 0x01/0x02 are field marks.
        0x01 | 0x02 | 0x20 | 0xA0 => return Weak,
        // Spacing modifier letters that double as Bopomofo tone marks.
        0x2C7 | 0x2CA | 0x2CB | 0x2D9 => return Weak,
        // tdf#52577: superscript digits.
        0xB2 | 0xB3 | 0xB9 => return Weak,
        // LibreOffice's Coptic workaround.
        0x2C80..=0x2CE3 => return Latin,
        // The first block below, without the search (most characters of most decks).
        0..=0x2FF => return Latin,
        // And the blocks of kana, CJK ideographs and Hangul syllables (most characters of an
        // East Asian document): the table's answer, without the search.
        0x2FF0..=0x31EF | 0x3200..=0x4DBF | 0x4E00..=0xA4CF | 0xAC00..=0xD7AF => return EastAsian,
        _ => {}
    }
    if let Ok(i) = BLOCKS.binary_search_by(|&(lo, hi, _)| {
        if hi < cp {
            std::cmp::Ordering::Less
        } else if lo > cp {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    }) {
        return BLOCKS[i].2;
    }
    class_of_script(ch.script())
}

/// `unicode::getScriptClassFromUScriptCode`: any script not named is Complex.
fn class_of_script(s: Script) -> ScriptClass {
    use Script::*;
    match s {
        Common | Inherited | Unknown => Weak,
        Armenian | Cherokee | Coptic | Cyrillic | Georgian | Gothic | Greek | Latin | Ogham
        | Old_Italic | Runic | Canadian_Aboriginal | Braille | Cypriot | Osmanya | Shavian
        | Glagolitic | Old_Hungarian => ScriptClass::Latin,
        Bopomofo | Han | Hangul | Hiragana | Katakana | Yi | Tangut | Khitan_Small_Script => {
            EastAsian
        }
        _ => Complex,
    }
}

/// Characters that attach to the one before (combining marks, variation selectors, ZWJ):
/// they stay in the preceding character's segment so a cluster is never split across faces.
pub(crate) fn attaches_to_previous(ch: char) -> bool {
    // Asked for every character of every paragraph: answer the ranges no Inherited character
    // lives in (ASCII and Latin-1, Hangul syllables, CJK ideographs) without the table search.
    if matches!(ch as u32, 0..=0x2FF | 0x4E00..=0x9FFF | 0xAC00..=0xD7A3) {
        return false;
    }
    ch.script() == Script::Inherited
}

/// Characters shaping hides or that layout handles itself (controls, default ignorables):
/// never a reason for fallback or a "missing" report.
pub fn never_missing(ch: char) -> bool {
    let cp = ch as u32;
    ch.is_control()
        || matches!(
            cp,
            0x00AD
                | 0x034F
                | 0x061C
                | 0x115F..=0x1160
                | 0x17B4..=0x17B5
                | 0x180B..=0x180F
                | 0x200B..=0x200F
                | 0x202A..=0x202E
                | 0x2060..=0x206F
                | 0x3164
                | 0xFE00..=0xFE0F
                | 0xFEFF
                | 0xFFA0
                | 0xFFF0..=0xFFF8
                | 0x1BCA0..=0x1BCA3
                | 0x1D173..=0x1D17A
                | 0xE0000..=0xE0FFF
        )
}

/// Is a paragraph of `text` right-to-left: its first strong character (UAX #9 rules P2/P3) is
/// Hebrew, Arabic or another right-to-left script. Both viewers then lay it out from the
/// right; its width does not depend on the direction (a line is the sum of its pieces in
/// logical order; the bidi algorithm only reorders them on the line). Layout (a paragraph's
/// alignment and its list labels) and the writers (`a:pPr rtl`, `w:bidi`) read the same rule.
pub fn starts_right_to_left(text: &str) -> bool {
    // Every right-to-left character is at U+0590 or above.
    text.chars().any(|c| c >= '\u{590}')
        && unicode_bidi::get_base_direction(text) == unicode_bidi::Direction::Rtl
}

/// The shipped family for a complex-script character, as the DOCX writer names it (Word takes `w:cs` for these scripts; the
/// body font has none of them): Arabic, Hebrew, Thai, Devanagari.
pub fn complex_family(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{0600}'..='\u{06FF}'
        | '\u{0750}'..='\u{077F}'
        | '\u{08A0}'..='\u{08FF}'
        | '\u{FB50}'..='\u{FDFF}'
        | '\u{FE70}'..='\u{FEFF}' => "Noto Sans Arabic",
        '\u{0590}'..='\u{05FF}' | '\u{FB1D}'..='\u{FB4F}' => "Noto Sans Hebrew",
        '\u{0E00}'..='\u{0E7F}' => "Noto Sans Thai",
        '\u{0900}'..='\u{097F}' | '\u{A8E0}'..='\u{A8FF}' => "Noto Sans Devanagari",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(s: &str) -> Vec<ScriptClass> {
        s.chars().map(script_class).collect()
    }

    #[test]
    fn attaches_fast_path_agrees_with_the_script_table() {
        for cp in (0..=0x2FF).chain(0x4E00..=0x9FFF).chain(0xAC00..=0xD7A3) {
            let ch = char::from_u32(cp).unwrap();
            assert_eq!(
                attaches_to_previous(ch),
                ch.script() == Script::Inherited,
                "U+{cp:04X}"
            );
        }
        assert!(attaches_to_previous('\u{301}'));
        assert!(attaches_to_previous('\u{3099}'));
    }

    #[test]
    fn east_asian_fast_path_is_the_block_tables_answer() {
        for cp in (0x2FF0..=0x31EF)
            .chain(0x3200..=0x4DBF)
            .chain(0x4E00..=0xA4CF)
            .chain(0xAC00..=0xD7AF)
        {
            let block = BLOCKS.iter().find(|&&(lo, hi, _)| lo <= cp && cp <= hi);
            assert_eq!(block.map(|b| b.2), Some(EastAsian), "U+{cp:04X}");
            assert_eq!(script_class(char::from_u32(cp).unwrap()), EastAsian);
        }
    }

    #[test]
    fn latin_block_includes_ascii_digits_and_punctuation() {
        for c in [
            'A', 'z', '0', '9', '.', ',', '(', '!', '%', 'é', 'ß', 'ł', 'ǅ', 'ɑ', '©', '×',
        ] {
            assert_eq!(script_class(c), Latin, "{c:?} U+{:04X}", c as u32);
        }
    }

    #[test]
    fn weak_exceptions() {
        for c in [' ', '\u{A0}', '²', '³', '¹', 'ˇ', 'ˊ', 'ˋ', '˙'] {
            assert_eq!(script_class(c), Weak, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn greek_cyrillic_armenian_georgian_are_latin() {
        assert!(class("αβΩ ЖжԀ ԱՃ ႠᏣ ᛗ ⲁ")
            .iter()
            .all(|&c| c == Latin || c == Weak));
        assert_eq!(script_class('Ԁ'), Latin); // Cyrillic Supplement, by script
        assert_eq!(script_class('ἀ'), Latin); // Greek Extended
        assert_eq!(script_class('Ⱡ'), Latin); // Latin Extended-C
        assert_eq!(script_class('Ꜣ'), Latin); // Latin Extended-D
        assert_eq!(script_class('ⁿ'), Latin); // superscript n: Latin script
        assert_eq!(script_class('Å'), Latin); // U+212B ANGSTROM SIGN: Latin script
    }

    #[test]
    fn east_asian() {
        for c in [
            '中',
            '㐀',
            '\u{20000}',
            '\u{2A700}',
            '\u{30000}',
            '豈',
            '\u{2F800}',
            'あ',
            'ア',
            'ㇰ',
            'ｱ',
            '가',
            '힣',
            'ᄀ',
            'ㄱ',
            'ㄅ',
            'ㆠ',
            '㆐',
            '㇀',
            '㈀',
            '㌀',
            'ꀀ',
            '⺀',
            '⼀',
            '「',
            '」',
            '、',
            '。',
            '\u{3000}',
            '！',
            '？',
            '（',
            '＃',
            '︰',
            'ꥠ',
            'ힰ',
        ] {
            assert_eq!(script_class(c), EastAsian, "{c:?} U+{:04X}", c as u32);
        }
    }

    #[test]
    fn complex() {
        for c in [
            'א', 'ا', '،', 'ݐ', 'ܐ', 'ހ', 'क', '।', 'ক', 'ਕ', 'ક', 'କ', 'க', 'క', 'ಕ', 'ക', 'ක',
            'ก', '฿', 'ກ', 'ཀ', 'က', 'ក', 'ᠠ', 'ሀ', 'ﭐ', 'ﹰ', 'ߊ',
        ] {
            assert_eq!(script_class(c), Complex, "{c:?} U+{:04X}", c as u32);
        }
    }

    #[test]
    fn weak_common_symbols() {
        for c in [
            '\u{2014}',
            '\u{201C}',
            '\u{2026}',
            '\u{2022}',
            '€',
            '→',
            '∑',
            '─',
            '■',
            '☆',
            '✓',
            'Ⅳ',
            '①',
            '\u{1F600}',
            '\u{301}',
            '\u{FE0F}',
            '\u{200D}',
            '䷀',
        ] {
            assert_eq!(script_class(c), Weak, "{c:?} U+{:04X}", c as u32);
        }
    }

    #[test]
    fn table_is_sorted() {
        for w in BLOCKS.windows(2) {
            assert!(w[0].0 <= w[0].1 && w[0].1 < w[1].0);
        }
    }
}
