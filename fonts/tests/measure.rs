//! Shaped widths: exact font units, cross-checked against the fonts' own tables.

mod common;
use common::*;
use specrender_fonts::{FontBook, Measurer, ShapeLang};

fn hmtx_sum(file: &str, index: u32, text: &str) -> i64 {
    let data = std::fs::read(FontBook::shipped_dir().join(file)).unwrap();
    let f = ttf_parser::Face::parse(&data, index).unwrap();
    text.chars()
        .map(|c| i64::from(f.glyph_hor_advance(f.glyph_index(c).unwrap()).unwrap()))
        .sum()
}

#[test]
fn carlito_hello_is_the_sum_of_its_advances() {
    let c = family("Carlito", false);
    // No kerning pair in "Hello": exactly the hmtx advances.
    assert_eq!(
        book().shape_units(c, "Hello"),
        hmtx_sum("Carlito-Regular.ttf", 0, "Hello")
    );
    assert_eq!(book().shape_units(c, "Hello"), 4315);
    assert_eq!(
        book().shape_units(c, "H"),
        hmtx_sum("Carlito-Regular.ttf", 0, "H")
    );
    let mut m = Measurer::new(book());
    assert_eq!(m.width_per_pt(c, "Hello"), 4315.0 * 12700.0 / 2048.0);
}

#[test]
fn kerning_and_ligatures_are_applied() {
    let c = family("Carlito", false);
    let b = book();
    assert_eq!(hmtx_sum("Carlito-Regular.ttf", 0, "AV"), 2347);
    assert_eq!(b.shape_units(c, "AV"), 2258, "GPOS kerning");
    assert_eq!(b.shape_units(c, "To"), 1896);
    assert_eq!(hmtx_sum("Carlito-Regular.ttf", 0, "office"), 4685);
    assert_eq!(b.shape_units(c, "office"), 4619, "ffi ligature");
    assert_eq!(b.shape_units(c, ""), 0);
}

#[test]
fn hangul_syllables_are_0_92_em_and_han_kana_one_em() {
    // Noto Sans CJK (like Source Han Sans) draws Hangul syllables 920/1000 wide, in every
    // region face; ideographs, kana and fullwidth punctuation are a full em.
    let k = family("Noto Sans CJK KR", false);
    assert_eq!(book().shape_units(k, "한"), 920);
    assert_eq!(hmtx_sum("NotoSansCJK-Regular.ttc", 1, "한"), 920);
    assert_eq!(book().shape_units(k, "中あ「、"), 4000);
    assert_eq!(book().shape_units(k, " "), 224);
    let mut m = Measurer::new(book());
    assert_eq!(m.width_per_pt(k, "한국어"), 3.0 * 0.92 * 12700.0);
}

#[test]
fn cjk_regions_have_identical_widths() {
    let text = "漢字かなカナ한글「引用」、。！ ABC abc 123";
    for bold in [false, true] {
        let w: Vec<i64> = ["JP", "KR", "SC", "TC", "HK"]
            .iter()
            .map(|r| book().shape_units(family(&format!("Noto Sans CJK {r}"), bold), text))
            .collect();
        assert!(w.iter().all(|&x| x == w[0]), "{w:?}");
    }
}

#[test]
fn width_cache_hits_return_the_same_value() {
    let c = family("Carlito", true);
    let mut m = Measurer::new(book());
    let a = m.width_per_pt(c, "Quarterly revenue");
    let b = m.width_per_pt(c, "Quarterly revenue");
    assert_eq!(a, b);
    assert_eq!(m.stats(), (1, 1));
    assert_eq!(
        a,
        book().shape_units(c, "Quarterly revenue") as f64 * 12700.0 / 2048.0
    );
    // Another face, same text: its own entry.
    let r = m.width_per_pt(family("Carlito", false), "Quarterly revenue");
    assert!(r < a, "bold is wider");
    assert_eq!(m.stats(), (1, 2));
}

#[test]
fn one_character_widths_are_the_shaped_widths() {
    // One character at a time is read from the measurer's per-character table after the first
    // time: the same units as shaping it, in each face and language, whatever was asked before.
    let mut m = Measurer::new(book());
    let faces = [
        family("Carlito", false),
        family("Carlito", true),
        family("Noto Sans CJK KR", false),
        family("Noto Sans CJK JP", true),
    ];
    let text = "Wo, 가나다 日本語「」 ﬁ é\u{301} \u{A0}\u{3000}?😀";
    for _ in 0..2 {
        for &f in &faces {
            for lang in [ShapeLang::Default, ShapeLang::Korean, ShapeLang::Japanese] {
                for c in text.chars() {
                    let s = c.to_string();
                    let mut fresh = Measurer::new(book());
                    assert_eq!(
                        m.units_lang(f, lang, &s),
                        fresh.units_lang(f, lang, &s),
                        "{c:?} {lang:?}"
                    );
                }
            }
            assert_eq!(
                m.units_lang(f, ShapeLang::Default, "W"),
                book().shape_units(f, "W")
            );
        }
    }
}

#[test]
fn segmented_width_sums_clipped_segments() {
    let b = book();
    let slots = ko_slots(false);
    let t = "AI가 좋다";
    let segs = b.segment(t, slots, false);
    let mut m = Measurer::new(b);
    let whole = m.width_per_pt_segmented(t, &segs, ShapeLang::Default, 0..t.len());
    let expect = m.width_per_pt(slots.latin, "AI") + m.width_per_pt(slots.ea, "가 좋다");
    assert_eq!(whole, expect);
    // Clipped to "I가".
    let part = m.width_per_pt_segmented(t, &segs, ShapeLang::Default, 1..5);
    assert_eq!(part, m.width_per_pt(slots.latin, "I") + 0.92 * 12700.0);
}

#[test]
fn measurers_on_several_threads_share_one_book() {
    let c = family("Carlito", false);
    let widths: Vec<f64> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4)
            .map(|_| s.spawn(|| Measurer::new(book()).width_per_pt(c, "Hello")))
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(widths.iter().all(|&w| w == widths[0]));
}

/// Shaping reads a face's shaping tables only (no outlines); the advances must equal shaping
/// the complete font file.
#[test]
fn shaping_tables_give_the_same_advances_as_the_whole_file() {
    let b = book();
    let texts = [
        "Hello, World! AV To Te Yo Wa office ffl fi 1/2 ½",
        "Cafe\u{301} naïve e\u{301}\u{323} Ꜣ ǅ",
        "한국어 텍스트 \u{1112}\u{1161}\u{11AB} 가나다",
        "「日本語」、カタカナ。ｶﾀｶﾅ！ 繁體字 简体字",
        "ΑΒΓ αβγ ЖЗИ жзи",
        "a\u{A0}b\u{2003}c\u{3000}d\u{200B}e\tf",
        "😀 مرحبا ก",
    ];
    for (id, info) in b.faces() {
        let data = std::fs::read(&info.path).unwrap();
        let full = rustybuzz::Face::from_slice(&data, info.index).unwrap();
        let mut m = Measurer::new(b);
        for (i, t) in texts.iter().enumerate() {
            let mut buf = rustybuzz::UnicodeBuffer::new();
            buf.push_str(t);
            buf.guess_segment_properties();
            let g = rustybuzz::shape(&full, &[], buf);
            let want: i64 = g
                .glyph_positions()
                .iter()
                .map(|p| i64::from(p.x_advance))
                .sum();
            assert_eq!(m.units(id, t), want, "{} {t:?}", info.post_script_name);
            if i == 0 {
                assert_eq!(
                    b.shape_units(id, t),
                    want,
                    "{} {t:?} (uncached)",
                    info.post_script_name
                );
            }
        }
    }
}

#[test]
fn east_asian_text_is_shaped_with_its_language() {
    // Noto Sans CJK's `locl` for Korean widens the word space to 0.28 em, also when the space
    // is measured alone (it takes the language's script); Chinese gets full-width curly quotes.
    let k = family("Noto Sans CJK KR", false);
    let mut m = Measurer::new(book());
    assert_eq!(m.units_lang(k, ShapeLang::Default, " "), 224);
    assert_eq!(m.units_lang(k, ShapeLang::Korean, " "), 280);
    assert_eq!(m.units_lang(k, ShapeLang::Korean, "한국 어"), 920 * 3 + 280);
    assert_eq!(m.units_lang(k, ShapeLang::Japanese, " "), 224);
    assert_eq!(m.units_lang(k, ShapeLang::ChineseSimplified, "“"), 1000);
    assert_eq!(m.units_lang(k, ShapeLang::Default, "“"), 474);
    // Glyph advances in em, for viewers that round each glyph to their device grid.
    let mut ems = Vec::new();
    let w = m.glyph_ems_lang(k, ShapeLang::Korean, "한 국", &mut ems);
    assert_eq!(ems, vec![0.92, 0.28, 0.92]);
    assert_eq!(w, (920.0 * 2.0 + 280.0) * 12700.0 / 1000.0);
    assert_eq!(ShapeLang::from_tag("ko-KR"), ShapeLang::Korean);
    assert_eq!(
        ShapeLang::from_tag("zh-Hant"),
        ShapeLang::ChineseTraditional
    );
    assert_eq!(ShapeLang::from_tag("zh-TW"), ShapeLang::ChineseTraditional);
    assert_eq!(ShapeLang::from_tag("zh-HK"), ShapeLang::ChineseHongKong);
    assert_eq!(ShapeLang::from_tag("zh"), ShapeLang::ChineseSimplified);
    assert_eq!(ShapeLang::from_tag("en-US"), ShapeLang::Default);
}

/// Issue 25: the width cache is bounded (a document of distinct words kept every one: 639 MiB
/// for 30 MB of five-letter words) and what it holds never changes a width.
#[test]
fn the_width_cache_stays_within_its_bound_with_the_same_widths() {
    let faces = [family("Carlito", false), family("Carlito", true)];
    let mut m = Measurer::new(book());
    // The bound as a job has it, 16 MiB, takes seconds of shaping to fill in a debug build: a
    // 256 KiB one is filled and emptied the same way.
    let limit = 256 << 10;
    m.set_width_cache_limit(limit);
    let mut most = 0;
    let mut emptied = false;
    // 8,000 distinct words of 3 to 6 letters: about 600 KiB of entries.
    for i in 0..8_000u32 {
        let w: String = format!("{i:x}q{}", i % 7)
            .chars()
            .map(|c| {
                if c.is_ascii_digit() {
                    (b'g' + c as u8 - b'0') as char
                } else {
                    c
                }
            })
            .collect();
        let f = faces[(i % 2) as usize];
        let u = m.units(f, &w);
        if i % 200 == 0 {
            assert_eq!(u, book().shape_units(f, &w), "{w}");
            // Asked again (now remembered, or after the cache was emptied): the same.
            assert_eq!(m.units(f, &w), u, "{w}");
        }
        let b = m.width_cache_bytes();
        emptied |= b < most;
        most = most.max(b);
    }
    assert!(most <= limit, "{most}");
    assert!(emptied && most > limit / 2, "{most}: filled");
}
