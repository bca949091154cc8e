//! specrender's built-in themes (issue 20): presentation templates written by
//! `tools/make-themes.py`, compiled into the binary and read through the same [`Template`] model
//! as a customer's .pptx. `theme.template_ref.template_id` picks one; `default` is the built-in
//! look the engine draws itself (no package).

use crate::Template;
use std::sync::{Arc, OnceLock};

/// One built-in theme.
pub struct BuiltinTheme {
    pub id: &'static str,
    pub description: &'static str,
    bytes: &'static [u8],
}

/// The built-in themes with a package, in listing order.
pub const THEMES: [BuiltinTheme; 3] = [
    BuiltinTheme {
        id: "minimal",
        description: "Light and quiet: white slides, dark grey text, a teal accent rule under each title (Calibri).",
        bytes: include_bytes!("../../themes/minimal.potx"),
    },
    BuiltinTheme {
        id: "bold",
        description: "A deep blue title band on every content slide, blue title and closing slides, white titles (Arial).",
        bytes: include_bytes!("../../themes/bold.potx"),
    },
    BuiltinTheme {
        id: "dark",
        description: "Near-black slides with light text and bright accents, for screens and dim rooms (Calibri).",
        bytes: include_bytes!("../../themes/dark.potx"),
    },
];

/// The look the engine draws itself: `template_id` `default` (or empty).
pub const DEFAULT_ID: &str = "default";
pub const DEFAULT_DESCRIPTION: &str =
    "The built-in look: white slides, blue titles, thin rules (Calibri).";

/// The parsed template of built-in theme `id`, parsed once per process and shared.
pub fn builtin(id: &str) -> Option<Arc<Template>> {
    static PARSED: [OnceLock<Arc<Template>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = THEMES.iter().position(|t| t.id == id.trim())?;
    Some(
        PARSED[i]
            .get_or_init(|| {
                Arc::new(
                    Template::from_bytes(THEMES[i].bytes.to_vec())
                        .expect("a built-in theme is a valid template (tests/themes.rs)"),
                )
            })
            .clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_theme_parses_with_a_layout_per_layout_id() {
        for t in &THEMES {
            let tpl = builtin(t.id).unwrap();
            assert_eq!(tpl.layouts.len(), 10, "{}", t.id);
            assert!(tpl.warnings.is_empty(), "{}: {:?}", t.id, tpl.warnings);
            for m in crate::map_all(&tpl, &|_| None) {
                assert_eq!(m.how, "name", "{}: {m:?}", t.id);
            }
        }
        assert!(builtin("default").is_none());
        assert!(builtin("nope").is_none());
    }
}
