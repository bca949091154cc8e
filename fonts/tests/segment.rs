//! Segmentation by script class and face, with per-character fallback.

mod common;
use common::*;
use specrender_fonts::{ScriptClass::*, Segment};

fn seg(text: &str) -> Vec<Segment> {
    book().segment(text, ko_slots(false), false)
}

fn parts<'t>(text: &'t str, segs: &[Segment]) -> Vec<&'t str> {
    segs.iter().map(|s| &text[s.range.clone()]).collect()
}

#[test]
fn empty_text_has_no_segments() {
    assert!(seg("").is_empty());
}

#[test]
fn latin_and_hangul_with_weak_spaces_and_latin_digits() {
    let slots = ko_slots(false);
    let t = "Hello 세계 123";
    let s = seg(t);
    // Spaces join the preceding script; ASCII digits are Latin (LibreOffice's block table).
    assert_eq!(parts(t, &s), vec!["Hello ", "세계 ", "123"]);
    assert_eq!(
        s.iter().map(|s| s.class).collect::<Vec<_>>(),
        vec![Latin, EastAsian, Latin]
    );
    assert_eq!(
        s.iter().map(|s| s.face).collect::<Vec<_>>(),
        vec![slots.latin, slots.ea, slots.latin]
    );
    assert!(s.iter().all(|s| !s.fallback && !s.missing));
}

#[test]
fn latin_then_hangul_word() {
    let t = "AI가 좋다";
    let s = seg(t);
    assert_eq!(parts(t, &s), vec!["AI", "가 좋다"]);
    assert_eq!((s[0].class, s[1].class), (Latin, EastAsian));
}

#[test]
fn leading_weak_text_takes_the_following_class() {
    let t = "“ 한국”";
    let s = seg(t);
    assert_eq!(parts(t, &s), vec![t]);
    assert_eq!(s[0].class, EastAsian);
    let t = "— …";
    assert_eq!(seg(t)[0].class, Latin);
}

#[test]
fn japanese_with_corner_brackets_is_one_east_asian_run() {
    let t = "「日本語」です。ＡＢＣ！";
    let s = seg(t);
    assert_eq!(s.len(), 1);
    assert_eq!(
        (s[0].range.clone(), s[0].class, s[0].face),
        (0..t.len(), EastAsian, ko_slots(false).ea)
    );
}

#[test]
fn latin_char_the_latin_face_lacks_falls_back_per_character() {
    let slots = ko_slots(false);
    // U+212B ANGSTROM SIGN: Latin script, not in Carlito, in Noto Sans CJK.
    let t = "10 \u{212B} wide";
    let s = seg(t);
    assert_eq!(parts(t, &s), vec!["10 ", "\u{212B}", " wide"]);
    assert_eq!(s[1].class, Latin);
    assert!(s[1].fallback && !s[1].missing);
    // The paragraph's own East Asian face is tried first.
    assert_eq!(s[1].face, slots.ea);
    assert!(!s[0].fallback && !s[2].fallback);
}

#[test]
fn fallback_without_slot_candidates_prefers_the_requested_boldness() {
    let b = book();
    let carlito_bold = family("Carlito", true);
    let slots = specrender_fonts::SlotFaces {
        latin: carlito_bold,
        ea: carlito_bold,
        cs: carlito_bold,
    };
    let s = b.segment("a✓", slots, true);
    assert_eq!(s.len(), 2);
    assert!(s[1].fallback);
    // First upright bold face (id order) covering U+2713: Noto Sans CJK JP Bold.
    assert_eq!(b.face(s[1].face).post_script_name, "NotoSansCJKjp-Bold");
    let s = b.segment("a✓", slots, false);
    assert_eq!(b.face(s[1].face).post_script_name, "NotoSansCJKjp-Regular");
}

#[test]
fn chars_nothing_covers_are_missing_and_stay_on_the_slot_face() {
    let slots = ko_slots(false);
    // Phoenician: no shipped face has it.
    let t = "hi \u{10900}\u{10901} ok";
    let s = seg(t);
    assert_eq!(parts(t, &s), vec!["hi ", "\u{10900}\u{10901}", " ", "ok"]);
    assert_eq!(
        (s[1].class, s[1].face, s[1].fallback, s[1].missing),
        (Complex, slots.cs, false, true)
    );
    assert!(!s[0].missing && !s[2].missing && !s[3].missing);
}

#[test]
fn complex_scripts_fall_back_to_their_noto_face() {
    let b = book();
    for (t, ps) in [
        ("مرحبا", "NotoSansArabic-Regular"),
        ("שלום", "NotoSansHebrew-Regular"),
        ("สวัสดี", "NotoSansThai-Regular"),
        ("नमस्ते", "NotoSansDevanagari-Regular"),
    ] {
        let s = seg(t);
        assert_eq!(s.len(), 1, "{t}");
        assert_eq!(
            (s[0].class, s[0].fallback, s[0].missing),
            (Complex, true, false)
        );
        assert_eq!(b.face(s[0].face).post_script_name, ps);
    }
}

#[test]
fn emoji_clusters_are_drawn_whole_by_the_emoji_face() {
    let b = book();
    let emoji = b.emoji_face(false).unwrap();
    assert_eq!(b.face(emoji).family, "Noto Color Emoji");
    let t = "hi 👩\u{200D}💻 #\u{FE0F}\u{20E3} 🇰🇷 ☀ 1";
    let s = seg(t);
    assert_eq!(
        parts(t, &s),
        vec![
            "hi ",
            "👩\u{200D}💻",
            " ",
            "#\u{FE0F}\u{20E3}",
            " ",
            "🇰🇷",
            " ☀ 1"
        ]
    );
    for i in [1, 3, 5] {
        assert_eq!(
            (s[i].face, s[i].fallback, s[i].missing),
            (emoji, true, false)
        );
    }
    // Text presentation: the sun stays with a text face (Carlito has it).
    assert_eq!(s[6].face, ko_slots(false).latin);
}

#[test]
fn spaces_and_controls_never_fall_back() {
    let t = "a\u{A0}b\u{200B}c\td";
    let s = seg(t);
    assert_eq!(s.len(), 1);
    assert!(!s[0].fallback && !s[0].missing);
}

#[test]
fn segments_cover_the_text_and_never_weak() {
    for t in [
        "",
        "   ",
        "1, 2, 3",
        "한국어 text, 日本語と English — ok?",
        "Ⅻ ✓ ①",
    ] {
        let s = seg(t);
        let mut at = 0;
        for x in &s {
            assert_eq!(x.range.start, at);
            assert!(x.range.end > x.range.start);
            assert_ne!(x.class, Weak);
            at = x.range.end;
        }
        assert_eq!(at, t.len());
        for w in s.windows(2) {
            let k = |s: &Segment| (s.class, s.face, s.fallback, s.missing);
            assert_ne!(k(&w[0]), k(&w[1]), "adjacent equal segments must merge");
        }
    }
}

#[test]
fn measurer_segments_like_the_book() {
    // The measurer answers coverage from its memo; the segments must be the book's.
    let b = book();
    let mut m = specrender_fonts::Measurer::new(b);
    let texts = [
        "",
        "한국어 text, 日本語と English — ok?",
        "Ⅻ ✓ ① a✓b😀c \u{1F600}",
        "가\u{301}나 e\u{301} ｱｲｳ 「引用」。",
        "Ωμέγα Кириллица ﷺ א",
        "2024년 매출은 12% 증가 — Revenue grew 12%.",
    ];
    // Liberation Sans for Latin: the same texts segment differently than with Carlito (the
    // measurer memoises segments per slot faces and boldness, so none may answer for another).
    let latin = |bold: bool| {
        let mut s = ko_slots(bold);
        s.latin = b.resolve("Liberation Sans", bold, Latin).face;
        s
    };
    // Twice: the second pass reads the memos filled by the first.
    for _ in 0..2 {
        for bold in [false, true] {
            for slots in [ko_slots(bold), latin(bold)] {
                for t in texts {
                    assert_eq!(
                        m.segment(t, slots, bold),
                        b.segment(t, slots, bold),
                        "{t:?}"
                    );
                }
            }
        }
    }
    assert_ne!(
        m.segment("a✓", latin(false), false),
        m.segment("a✓", ko_slots(false), false),
        "the memo keeps slot faces apart"
    );
}

/// Issue 25: the segmentation memo is bounded (it kept every distinct text of a job: +45 MiB
/// on a table-heavy deck) and what it holds never changes an answer.
#[test]
fn the_segmentation_memo_stays_within_its_bound_with_the_same_answers() {
    let slots = ko_slots(false);
    let mut m = specrender_fonts::Measurer::new(book());
    let mut most = 0;
    // 200,000 distinct cell texts of a few bytes, mixed scripts: about 16 MiB of entries.
    for i in 0..200_000u32 {
        let t = format!("r{i} 세계 c{}", i % 97);
        let s = m.segment(&t, slots, i % 2 == 0);
        if i % 1_000 == 0 {
            assert_eq!(s, book().segment(&t, slots, i % 2 == 0), "{t}");
            // Asked again (now remembered, or after the memo was emptied): the same.
            assert_eq!(m.segment(&t, slots, i % 2 == 0), s, "{t}");
        }
        most = most.max(m.memo_bytes());
    }
    assert!(most <= specrender_fonts::shape::MEMO_BYTES, "{most}");
    assert!(
        most > specrender_fonts::shape::MEMO_BYTES / 2,
        "{most}: filled"
    );
}
