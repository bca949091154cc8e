//! specrender's built-in themes (issue 20): presentation templates written by
//! `tools/make-themes.py`, compiled into the binary and read through the same [`Template`] model
//! as a customer's .pptx. `theme.template_ref.template_id` picks one. `default` is one too: a
//! package per slide size ([`default_for`]), on which every deck without another template is
//! laid out and written, so the built-in look and a customer's template are one mechanism.

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

/// The built-in look: `template_id` `default` (or empty), one package per slide size.
pub const DEFAULT_ID: &str = "default";
pub const DEFAULT_DESCRIPTION: &str =
    "The built-in look: white slides, blue titles, a slide number in the footer band (Calibri).";

/// The default look's packages: 16:9 and 4:3 (`theme.slide_size`'s two values).
pub const DEFAULTS: [BuiltinTheme; 2] = [
    BuiltinTheme {
        id: "default",
        description: DEFAULT_DESCRIPTION,
        bytes: include_bytes!("../../themes/default.potx"),
    },
    BuiltinTheme {
        id: "default-4x3",
        description: DEFAULT_DESCRIPTION,
        bytes: include_bytes!("../../themes/default-4x3.potx"),
    },
];

/// Whether `id` names the default look (`default`, or no id).
pub fn is_default(id: &str) -> bool {
    let id = id.trim();
    id.is_empty() || id == DEFAULT_ID
}

/// The default look's package for slides of `size` (EMU): the 4:3 one for 4:3 slides, else
/// the 16:9 one. Parsed once per process and shared.
pub fn default_for(size: (i64, i64)) -> Arc<Template> {
    static PARSED: [OnceLock<Arc<Template>>; 2] = [OnceLock::new(), OnceLock::new()];
    let i = usize::from(size.0 * 3 == size.1 * 4);
    parsed(&PARSED[i], &DEFAULTS[i])
}

fn parsed(cell: &OnceLock<Arc<Template>>, theme: &BuiltinTheme) -> Arc<Template> {
    cell.get_or_init(|| {
        Arc::new(
            Template::from_bytes(theme.bytes.to_vec())
                .expect("a built-in theme is a valid template (tests/themes.rs)"),
        )
    })
    .clone()
}

/// The parsed template of built-in theme `id`, parsed once per process and shared.
pub fn builtin(id: &str) -> Option<Arc<Template>> {
    static PARSED: [OnceLock<Arc<Template>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = THEMES.iter().position(|t| t.id == id.trim())?;
    Some(parsed(&PARSED[i], &THEMES[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_theme_parses_with_a_layout_per_layout_id() {
        let defaults = [(12_192_000, 6_858_000), (9_144_000, 6_858_000)].map(default_for);
        for (t, tpl) in THEMES
            .iter()
            .map(|t| (t, builtin(t.id).unwrap()))
            .chain(DEFAULTS.iter().zip(defaults.clone()))
        {
            assert_eq!(tpl.layouts.len(), 10, "{}", t.id);
            assert!(tpl.warnings.is_empty(), "{}: {:?}", t.id, tpl.warnings);
            for m in crate::map_all(&tpl, &|_| None) {
                assert_eq!(m.how, "name", "{}: {m:?}", t.id);
            }
        }
        assert_eq!(defaults[0].slide_size, (12_192_000, 6_858_000));
        assert_eq!(defaults[1].slide_size, (9_144_000, 6_858_000));
        assert!(is_default("") && is_default(" default ") && !is_default("minimal"));
        // `default` is picked by slide size, never by id alone.
        assert!(builtin("default").is_none());
        assert!(builtin("nope").is_none());
    }

    /// The default look's master writes `a:buClr schemeClr accent1` in its body style: read
    /// as written, and resolved through the master's theme (with modifiers) for a body
    /// placeholder of a layout; titles (no bullet colour) and `a:buClrTx` give the text colour.
    #[test]
    fn bullet_colours_are_read_and_resolved_through_the_scheme() {
        use crate::paint::{BulletColor, Color, ColorBase};
        let t = default_for((12_192_000, 6_858_000));
        let m = &t.masters[0];
        let accent1 = Color {
            base: ColorBase::Scheme("accent1".into()),
            mods: vec![],
        };
        assert_eq!(
            m.text_styles.body[0].bullet_color,
            Some(BulletColor::Color(accent1))
        );
        assert_eq!(m.text_styles.title[0].bullet_color, None);
        let layout = t
            .layouts
            .iter()
            .position(|l| {
                l.placeholders
                    .iter()
                    .any(|p| p.ty == "body" && p.idx == Some(1))
            })
            .expect("a layout with body idx 1");
        assert_eq!(
            t.bullet_color(layout, "body", Some(1)),
            t.scheme_color(0, "accent1")
        );
        assert_eq!(t.scheme_color(0, "accent1"), Some([0x1F, 0x4E, 0x79]));
        assert_eq!(t.bullet_color(layout, "title", None), None);
        // Through the scheme with a modifier: accent1 at lumMod 50 % is darker.
        let mut dark = (*t).clone();
        dark.masters[0].text_styles.body[0].bullet_color = Some(BulletColor::Color(Color {
            base: ColorBase::Scheme("accent1".into()),
            mods: vec![("lumMod".into(), 50_000)],
        }));
        let c = dark.bullet_color(layout, "body", Some(1)).unwrap();
        assert!(c != [0x1F, 0x4E, 0x79] && c[2] < 0x79, "{c:?}");
        // A layout placeholder's `a:buClrTx` wins over the master's colour.
        let ph = dark.layouts[layout]
            .placeholders
            .iter_mut()
            .find(|p| p.idx == Some(1))
            .unwrap();
        ph.bullet_color = Some(BulletColor::Text);
        assert_eq!(dark.bullet_color(layout, "body", Some(1)), None);
    }
}
