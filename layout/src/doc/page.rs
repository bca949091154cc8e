//! Page geometry of a document (docs/guide/documents.md, page): A4 for every language but US
//! English (`en`, `en-US`: Letter), margins 1 in on every side (Word's default for both
//! sizes), header and footer 0.5 in from the edge. Every block gets the full text width.
//!
//! The [`Page`] type lives in `specrender-model` (`doc`), re-exported here.

pub use specrender_model::doc::{Page, EMU_PER_TWIP};

/// The page for a BCP-47 language tag: Letter for `en` and `en-US`, A4 otherwise.
pub fn for_language(tag: &str) -> Page {
    let t = tag.trim().to_ascii_lowercase().replace('_', "-");
    if t == "en" || t == "en-us" || t.starts_with("en-us-") {
        Page::LETTER
    } else {
        Page::A4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use specrender_spec::units::EMU_PER_INCH;

    #[test]
    fn letter_for_us_english_a4_elsewhere() {
        assert_eq!(for_language("en-US"), Page::LETTER);
        assert_eq!(for_language("en"), Page::LETTER);
        for t in ["ko", "ja", "zh-CN", "en-GB", "de"] {
            assert_eq!(for_language(t), Page::A4, "{t}");
        }
        // 6.5 in of text on Letter; 210 mm - 2 in on A4.
        assert_eq!(
            Page::LETTER.text_width(),
            6 * EMU_PER_INCH + EMU_PER_INCH / 2
        );
        assert_eq!(Page::A4.text_width(), (11_906 - 2_880) * EMU_PER_TWIP);
    }
}
