//! Shared fixtures: the shipped fonts only (tests never read the machine's fonts).
#![allow(dead_code)]

use specrender_fonts::{FaceId, FontBook, FontOptions, ScriptClass, SlotFaces};
use std::sync::OnceLock;

pub fn shipped_only() -> FontOptions {
    FontOptions {
        dirs: Vec::new(),
        shipped: true,
        system: false,
        embedded: None,
    }
}

pub fn book() -> &'static FontBook {
    static BOOK: OnceLock<FontBook> = OnceLock::new();
    BOOK.get_or_init(|| FontBook::new(&shipped_only()).expect("shipped fonts load"))
}

pub fn family(name: &str, bold: bool) -> FaceId {
    book()
        .find_family(name, bold)
        .unwrap_or_else(|| panic!("{name} is shipped"))
}

/// Calibri / Noto Sans CJK KR / Calibri, as a Korean deck's default theme asks.
pub fn ko_slots(bold: bool) -> SlotFaces {
    let b = book();
    SlotFaces {
        latin: b.resolve("Calibri", bold, ScriptClass::Latin).face,
        ea: b
            .resolve("Noto Sans CJK KR", bold, ScriptClass::EastAsian)
            .face,
        cs: b.resolve("Calibri", bold, ScriptClass::Complex).face,
    }
}

/// A fresh empty folder under the system temp dir.
pub fn temp_dir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("specrender-fonts-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
