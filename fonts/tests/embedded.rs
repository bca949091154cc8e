//! The shipped fonts compiled in (`specrender_fontdata::FILES`) load exactly as the folder
//! does: same faces in the same order, same coverage, same widths — so outputs are the same
//! bytes whichever the program reads.

mod common;
use common::*;
use specrender_fonts::{FontBook, FontOptions, Measurer, ScriptClass, ShapeLang};

fn embedded() -> FontBook {
    FontBook::new(&FontOptions {
        embedded: Some(specrender_fontdata::FILES),
        ..shipped_only()
    })
    .expect("embedded fonts load")
}

#[test]
fn embedded_fonts_are_the_shipped_folder() {
    let (e, f) = (embedded(), book());
    assert_eq!(e.len(), f.len());
    for ((ie, a), (if_, b)) in e.faces().zip(f.faces()) {
        assert_eq!(ie, if_);
        assert_eq!(
            (&a.family, &a.post_script_name, a.index, a.bold, a.italic),
            (&b.family, &b.post_script_name, b.index, b.bold, b.italic)
        );
        assert_eq!(
            (a.units_per_em, a.ascender, a.descender, a.line_gap),
            (b.units_per_em, b.ascender, b.descender, b.line_gap)
        );
        assert!(
            a.path.starts_with(specrender_fonts::book::EMBEDDED),
            "{:?}",
            a.path
        );
        assert_eq!(a.path.file_name(), b.path.file_name());
        for ch in [
            'A', 'ж', '가', '中', 'あ', 'ก', 'ب', 'ש', 'क', '😀', '\u{A0}',
        ] {
            assert_eq!(
                e.covers(ie, ch),
                f.covers(if_, ch),
                "{} {ch}",
                a.post_script_name
            );
        }
    }
    let (mut me, mut mf) = (Measurer::new(&e), Measurer::new(book()));
    for (family, class, text) in [
        ("Calibri", ScriptClass::Latin, "The quick brown fox, 1234."),
        ("Arial", ScriptClass::Latin, "The quick brown fox, 1234."),
        (
            "Noto Sans CJK KR",
            ScriptClass::EastAsian,
            "분기별 사업 검토 요약",
        ),
        ("Noto Sans Thai", ScriptClass::Complex, "รายงานผลประกอบการ"),
    ] {
        let (fe, ff) = (
            e.resolve(family, false, class).face,
            book().resolve(family, false, class).face,
        );
        assert_eq!(fe, ff);
        let lang = ShapeLang::Korean;
        assert_eq!(
            me.width_per_pt_lang(fe, lang, text),
            mf.width_per_pt_lang(ff, lang, text),
            "{family}"
        );
        assert!(me.width_per_pt_lang(fe, lang, text) > 0.0);
    }
}
