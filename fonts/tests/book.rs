//! Loading and family resolution against the shipped fonts.

mod common;
use common::*;
use specrender_fonts::{FaceId, FontBook, FontError, FontOptions, MatchKind, ScriptClass};

#[test]
fn shipped_faces_load_with_names_and_metrics() {
    let b = book();
    assert_eq!(
        b.len(),
        39,
        "2 Carlito + 2 x 10 Noto Sans CJK + Noto Color Emoji + 2 x 4 Noto Sans Arabic, \
         Devanagari, Hebrew, Thai faces + metric/: 2 x 4 Caladea, Liberation Mono, Sans, Serif"
    );
    let c = b.face(family("Carlito", false));
    assert_eq!(
        (c.post_script_name.as_str(), c.bold, c.italic),
        ("Carlito", false, false)
    );
    assert_eq!(
        (c.units_per_em, c.ascender, c.descender, c.line_gap),
        (2048, 1536, -512, 452)
    );
    let k = b.face(family("Noto Sans CJK KR", true));
    assert_eq!(
        (k.post_script_name.as_str(), k.index, k.bold),
        ("NotoSansCJKkr-Bold", 1, true)
    );
    // hhea, as LibreOffice reads it (USE_TYPO_METRICS is not set): 1.448 em.
    assert_eq!(
        (k.units_per_em, k.ascender, k.descender, k.line_gap),
        (1000, 1160, -288, 0)
    );
}

#[test]
fn face_ids_are_deterministic_across_loads() {
    let a = FontBook::new(&shipped_only()).unwrap();
    let b = FontBook::new(&shipped_only()).unwrap();
    let key = |bk: &FontBook| -> Vec<(FaceId, String, String, u32)> {
        bk.faces()
            .map(|(id, f)| (id, f.family.clone(), f.path.display().to_string(), f.index))
            .collect()
    };
    assert_eq!(key(&a), key(&b));
    // Sorted by path within the folder, then face index.
    let order: Vec<String> = a.faces().map(|(_, f)| f.post_script_name.clone()).collect();
    assert_eq!(&order[..3], &["Carlito-Bold", "Carlito", "NotoColorEmoji"]);
    assert_eq!(order[5], "NotoSansCJKjp-Bold");
    assert_eq!(order[16], "NotoSansCJKkr-Regular");
}

#[test]
fn exact_match_is_case_insensitive_and_picks_boldness() {
    let b = book();
    let m = b.resolve("carlito", true, ScriptClass::Latin);
    assert_eq!(m.kind, MatchKind::Exact);
    assert_eq!(b.face(m.face).post_script_name, "Carlito-Bold");
    let m = b.resolve("  CARLITO ", false, ScriptClass::Latin);
    assert_eq!(b.face(m.face).post_script_name, "Carlito");
}

#[test]
fn each_cjk_region_resolves_exactly_to_its_face() {
    let b = book();
    for (fam, idx) in [("JP", 0), ("KR", 1), ("SC", 2), ("TC", 3), ("HK", 4)] {
        for bold in [false, true] {
            let name = format!("Noto Sans CJK {fam}");
            let m = b.resolve(&name, bold, ScriptClass::EastAsian);
            assert_eq!(m.kind, MatchKind::Exact, "{name}");
            let f = b.face(m.face);
            assert_eq!(
                (f.family.as_str(), f.index, f.bold),
                (name.as_str(), idx, bold)
            );
        }
    }
    let m = b.resolve("Noto Sans Mono CJK JP", false, ScriptClass::EastAsian);
    assert_eq!(b.face(m.face).post_script_name, "NotoSansMonoCJKjp-Regular");
}

#[test]
fn calibri_is_measured_with_carlito() {
    let b = book();
    for bold in [false, true] {
        let m = b.resolve("Calibri", bold, ScriptClass::Latin);
        assert_eq!(
            m.kind,
            MatchKind::Alias {
                to: "Carlito".into()
            }
        );
        assert_eq!(m.face, family("Carlito", bold));
    }
    assert!(matches!(
        b.resolve("calibri", false, ScriptClass::EastAsian).kind,
        MatchKind::Alias { .. }
    ));
}

#[test]
fn metric_clones_are_shipped_for_the_office_core_fonts() {
    let b = book();
    for (asked, to) in [
        ("Arial", "Liberation Sans"),
        ("Helvetica", "Liberation Sans"),
        ("Times New Roman", "Liberation Serif"),
        ("Courier New", "Liberation Mono"),
        ("Cambria", "Caladea"),
        ("Calibri", "Carlito"),
    ] {
        for bold in [false, true] {
            let m = b.resolve(asked, bold, ScriptClass::Latin);
            assert_eq!(m.kind, MatchKind::Alias { to: to.into() }, "{asked}");
            let f = b.face(m.face);
            assert_eq!((f.family.as_str(), f.bold), (to, bold), "{asked}");
        }
    }
    // Arial is wider than Calibri: the same text measured with Carlito was too narrow.
    let w = |fam: &str| {
        let f = b.face(b.resolve(fam, false, ScriptClass::Latin).face);
        f.path.file_name().unwrap().to_string_lossy().into_owned()
    };
    assert_eq!(w("arial"), "LiberationSans-Regular.ttf");
}

#[test]
fn families_without_a_clone_get_their_documented_stand_in() {
    let b = book();
    for (asked, class, to) in [
        ("Aptos", ScriptClass::Latin, "Liberation Sans"),
        ("Calibri Light", ScriptClass::Latin, "Carlito"),
        ("Consolas", ScriptClass::Latin, "Liberation Mono"),
        ("Malgun Gothic", ScriptClass::EastAsian, "Noto Sans CJK KR"),
        ("맑은 고딕", ScriptClass::EastAsian, "Noto Sans CJK KR"),
        ("맑은 고딕", ScriptClass::Latin, "Liberation Sans"),
        ("Meiryo", ScriptClass::EastAsian, "Noto Sans CJK JP"),
        ("游ゴシック", ScriptClass::EastAsian, "Noto Sans CJK JP"),
        ("ＭＳ ゴシック", ScriptClass::Latin, "Noto Sans Mono CJK JP"),
        (
            "Microsoft YaHei",
            ScriptClass::EastAsian,
            "Noto Sans CJK SC",
        ),
        ("微軟正黑體", ScriptClass::EastAsian, "Noto Sans CJK TC"),
    ] {
        let m = b.resolve(asked, true, class);
        assert_eq!(m.kind, MatchKind::StandIn { to: to.into() }, "{asked}");
        assert_eq!(b.face(m.face).family, to, "{asked}");
        assert!(b.face(m.face).bold, "{asked}");
    }
    // Every stand-in names shipped families, in lower case.
    for s in specrender_fonts::book::STAND_INS {
        for fam in [s.latin, s.east_asian] {
            assert!(b.find_family(fam, false).is_some(), "{fam}");
        }
        for n in s.names {
            assert_eq!(*n, n.to_lowercase());
        }
    }
}

#[test]
fn missing_family_is_substituted_by_class() {
    let b = book();
    let m = b.resolve("Comic Sans MS", false, ScriptClass::Latin);
    assert_eq!(
        m.kind,
        MatchKind::Substituted {
            to: "Carlito".into()
        }
    );
    assert_eq!(m.face, family("Carlito", false));
    let m = b.resolve("Wingdings Sans", true, ScriptClass::EastAsian);
    assert_eq!(
        m.kind,
        MatchKind::Substituted {
            to: "Noto Sans CJK KR".into()
        }
    );
    assert_eq!(m.face, family("Noto Sans CJK KR", true));
    let m = b.resolve("", false, ScriptClass::Weak);
    assert_eq!(
        m.kind,
        MatchKind::Substituted {
            to: "Carlito".into()
        }
    );
}

#[test]
fn describe_resolution_names_the_file() {
    let s = book().describe_resolution("Calibri", true, ScriptClass::Latin);
    assert!(
        s.contains("Carlito-Bold") && s.contains("Carlito-Bold.ttf") && s.contains("alias"),
        "{s}"
    );
}

#[test]
fn bad_fonts_dir_is_an_error() {
    let opts = FontOptions {
        dirs: vec!["/nonexistent/specrender-fonts".into()],
        ..shipped_only()
    };
    match FontBook::new(&opts) {
        Err(FontError::Dir(p, _)) => {
            assert_eq!(p, std::path::PathBuf::from("/nonexistent/specrender-fonts"))
        }
        other => panic!("expected FontError::Dir, got {other:?}"),
    }
}

#[test]
fn no_faces_at_all_is_no_fonts() {
    let d = temp_dir("empty");
    std::fs::write(d.join("notafont.ttf"), b"garbage").unwrap();
    let opts = FontOptions {
        dirs: vec![d.clone()],
        shipped: false,
        system: false,
        embedded: None,
    };
    assert!(matches!(FontBook::new(&opts), Err(FontError::NoFonts(_))));
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn earlier_source_wins_and_order_follows_sources() {
    let d = temp_dir("precedence");
    let sub = d.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::copy(
        FontBook::shipped_dir().join("Carlito-Regular.ttf"),
        sub.join("Carlito-Regular.ttf"),
    )
    .unwrap();
    let opts = FontOptions {
        dirs: vec![d.clone()],
        ..shipped_only()
    };
    let b = FontBook::new(&opts).unwrap();
    assert_eq!(b.len(), 40);
    let user = FaceId(0);
    assert!(b.face(user).path.starts_with(&d));
    // Regular comes from the user folder; the shipped regular copy is not considered...
    let m = b.resolve("Carlito", false, ScriptClass::Latin);
    assert_eq!((m.face, m.kind), (user, MatchKind::Exact));
    // ...and that source has no bold Carlito, so bold answers with its regular.
    assert_eq!(b.resolve("Carlito", true, ScriptClass::Latin).face, user);
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_fonts_path_may_name_a_file() {
    let opts = FontOptions {
        dirs: vec![FontBook::shipped_dir().join("Carlito-Bold.ttf")],
        shipped: false,
        system: false,
        embedded: None,
    };
    let b = FontBook::new(&opts).unwrap();
    assert_eq!(b.len(), 1);
    // Only a bold face: regular requests get it too.
    assert_eq!(
        b.face(b.resolve("Carlito", false, ScriptClass::Latin).face)
            .post_script_name,
        "Carlito-Bold"
    );
    // No CJK face: an East Asian substitute is the Latin default.
    assert_eq!(
        b.resolve("Nope", false, ScriptClass::EastAsian).kind,
        MatchKind::Substituted {
            to: "Carlito".into()
        }
    );
}

#[test]
fn the_shipped_folder_given_again_is_loaded_once() {
    let opts = FontOptions {
        dirs: vec![FontBook::shipped_dir()],
        ..shipped_only()
    };
    assert_eq!(FontBook::new(&opts).unwrap().len(), 39);
}

#[test]
fn coverage_follows_the_cmap() {
    let b = book();
    let (c, k) = (family("Carlito", false), family("Noto Sans CJK KR", false));
    for ch in ['A', 'é', 'α', 'Ж', '€'] {
        assert!(b.covers(c, ch), "{ch}");
    }
    for ch in ['가', '中', 'あ', '\u{212B}', '\u{2163}', '✓', '\u{A0}'] {
        assert!(!b.covers(c, ch), "Carlito lacks U+{:04X}", ch as u32);
        assert!(b.covers(k, ch), "Noto Sans CJK KR has U+{:04X}", ch as u32);
    }
    for (ch, fam) in [
        ('\u{1F600}', "Noto Color Emoji"),
        ('ا', "Noto Sans Arabic"),
        ('ก', "Noto Sans Thai"),
        ('א', "Noto Sans Hebrew"),
        ('क', "Noto Sans Devanagari"),
    ] {
        assert!(
            b.covers(family(fam, false), ch),
            "{fam} has U+{:04X}",
            ch as u32
        );
    }
    for ch in ['\u{514}', '\u{10900}'] {
        assert!(
            b.faces().all(|(id, _)| !b.covers(id, ch)),
            "nothing shipped covers U+{:04X}",
            ch as u32
        );
    }
    // A no-break space is still drawn by Carlito (shaping's space fallback).
    assert!(b.draws(c, '\u{A0}'));
}

#[test]
fn a_line_is_sized_by_the_named_family_where_its_metrics_are_known() {
    let b = book();
    // Shipped, or its metric clone: that face's metrics (Caladea 0.9 + 0.25 em).
    let caladea = b.named_line_metrics("Cambria", false).expect("alias");
    assert_eq!(
        (
            caladea.units_per_em,
            caladea.ascender,
            caladea.descender,
            caladea.line_gap
        ),
        (1000, 900, -250, 0)
    );
    assert_eq!(
        b.named_line_metrics("Noto Sans CJK KR", true)
            .map(|m| (m.ascender, m.descender)),
        Some((1160, -288))
    );
    // Not shipped, metrics from its real files (LibreOffice's letter names it for East
    // Asian text): 1901 / -483 / 0 of 2048, DejaVu Serif Bold 1923.
    let d = b.named_line_metrics("DejaVu Sans", false).expect("table");
    assert_eq!(
        (d.units_per_em, d.ascender, d.descender, d.line_gap),
        (2048, 1901, -483, 0)
    );
    assert_eq!(
        b.named_line_metrics("dejavu serif", true).unwrap().ascender,
        1923
    );
    // Unknown (a stand-in or a substitute measures it): the face that draws sizes the line.
    assert_eq!(b.named_line_metrics("Malgun Gothic", false), None);
    assert_eq!(b.named_line_metrics("Noto Sans", false), None);
}
