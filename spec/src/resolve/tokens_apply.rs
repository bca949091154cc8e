//! `theme.brand.tokens` over a theme: colours, fonts, layouts and sizes, each token to its
//! slot; what cannot be used keeps the default and leaves a [`ResolveNote`].

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::deck::*;
use crate::tokens::{self, COLOR_KEYS, FONT_KEYS, GROUP_KEYS, LAYOUT_KEYS, SIZE_KEYS};
use crate::units::pt_to_cpt;
use crate::validate::push_token;
use crate::Code;

/// Leaves a note for QC at JSON Pointer `path`.
fn note(notes: &mut Vec<ResolveNote>, path: String, code: Code, message: String) {
    notes.push(ResolveNote {
        path,
        code,
        message,
    });
}

/// `theme.brand.tokens` over the default theme, group by group. Anything unusable (an unknown
/// group or key, a group that is not an object, a malformed value) keeps the default and
/// leaves a note.
pub(crate) fn apply_tokens(
    tokens: &Map<String, Value>,
    theme: &mut Theme,
    notes: &mut Vec<ResolveNote>,
) {
    let base = "/theme/brand/tokens".to_string();
    for (group, v) in tokens {
        let mut gp = base.clone();
        push_token(&mut gp, group);
        if !GROUP_KEYS.contains(&group.as_str()) {
            note(
                notes,
                gp,
                Code::UnknownToken,
                format!(
                    "unknown token group `{group}` ignored (known: {})",
                    GROUP_KEYS.join(", ")
                ),
            );
            continue;
        }
        if group == "logo" {
            // An asset id or an object; unusable: a validation warning, no logo.
            if let Ok(l) = tokens::parse_logo(v) {
                theme.logo = Some(crate::deck::Logo {
                    asset_id: l.asset_id,
                    corner: l.corner,
                    height: (l.height * crate::units::EMU_PER_INCH as f64).round() as i64,
                });
            }
            continue;
        }
        // Not an object: a validation warning; the defaults stay.
        let Some(obj) = v.as_object() else { continue };
        match group.as_str() {
            "colors" => apply_colors(obj, &gp, &mut theme.colors, &mut theme.set, notes),
            "fonts" => apply_fonts(obj, &gp, &mut theme.fonts, &mut theme.set, notes),
            "layouts" => apply_layouts(obj, &gp, &mut theme.layouts, notes),
            _ => apply_sizes(obj, &gp, &mut theme.sizes, &mut theme.set, notes),
        }
    }
}

/// The pointer of token `k` in the group at `group_path`.
fn token_path(group_path: &str, k: &str) -> String {
    let mut p = group_path.to_string();
    push_token(&mut p, k);
    p
}

/// `tokens.colors`: a colour per known key (`#RRGGBB`, `#RGB`, CSS names...; an unusable one
/// keeps the default, validation warns).
fn apply_colors(
    obj: &Map<String, Value>,
    group_path: &str,
    colors: &mut ThemeColors,
    set: &mut std::collections::BTreeSet<String>,
    notes: &mut Vec<ResolveNote>,
) {
    for (k, tv) in obj {
        let p = token_path(group_path, k);
        let Some(slot) = color_slot(colors, k) else {
            note(
                notes,
                p,
                Code::UnknownToken,
                format!(
                    "unknown colour token `{k}` ignored (known: {})",
                    COLOR_KEYS.join(", ")
                ),
            );
            continue;
        };
        if let Some((r, g, b)) = tv.as_str().and_then(tokens::parse_color) {
            *slot = Rgb(r, g, b);
            set.insert(format!("colors.{k}"));
        }
    }
}

/// `tokens.fonts`: a family name per known font role.
fn apply_fonts(
    obj: &Map<String, Value>,
    group_path: &str,
    fonts: &mut ThemeFonts,
    set: &mut std::collections::BTreeSet<String>,
    notes: &mut Vec<ResolveNote>,
) {
    for (k, tv) in obj {
        let p = token_path(group_path, k);
        let Some(slot) = font_slot(fonts, k) else {
            note(
                notes,
                p,
                Code::UnknownToken,
                format!(
                    "unknown font token `{k}` ignored (known: {})",
                    FONT_KEYS.join(", ")
                ),
            );
            continue;
        };
        if let Some(f) = tokens::parse_font(tv) {
            *slot = f.to_string();
            set.insert(format!("fonts.{k}"));
        }
    }
}

/// `tokens.layouts`: a template layout name per SlideSpec layout id (an unusable value is
/// skipped, validation warns).
fn apply_layouts(
    obj: &Map<String, Value>,
    group_path: &str,
    layouts: &mut BTreeMap<String, String>,
    notes: &mut Vec<ResolveNote>,
) {
    for (k, tv) in obj {
        if !LAYOUT_KEYS.contains(&k.as_str()) {
            note(
                notes,
                token_path(group_path, k),
                Code::UnknownToken,
                format!(
                    "unknown layout token `{k}` ignored (known: {})",
                    LAYOUT_KEYS.join(", ")
                ),
            );
            continue;
        }
        if let Some(name) = tokens::parse_layout_name(tv) {
            layouts.insert(k.clone(), name.to_string());
        }
    }
}

/// `tokens.sizes`: points per known text size (numbers or `"12pt"`, clamped to 6..=200),
/// stored in centipoints.
fn apply_sizes(
    obj: &Map<String, Value>,
    group_path: &str,
    sizes: &mut ThemeSizes,
    set: &mut std::collections::BTreeSet<String>,
    notes: &mut Vec<ResolveNote>,
) {
    for (k, tv) in obj {
        let p = token_path(group_path, k);
        let Some(slot) = size_slot(sizes, k) else {
            note(
                notes,
                p,
                Code::UnknownToken,
                format!(
                    "unknown size token `{k}` ignored (known: {})",
                    SIZE_KEYS.join(", ")
                ),
            );
            continue;
        };
        match tokens::parse_size(tv) {
            tokens::SizeRead::Ok(pt) | tokens::SizeRead::Clamped(pt) => {
                *slot = pt_to_cpt(pt);
                set.insert(format!("sizes.{k}"));
            }
            tokens::SizeRead::Unusable => {}
        }
    }
}

fn color_slot<'a>(c: &'a mut ThemeColors, k: &str) -> Option<&'a mut Rgb> {
    Some(match k {
        "primary" => &mut c.primary,
        "secondary" => &mut c.secondary,
        "accent" => &mut c.accent,
        "text" => &mut c.text,
        "background" => &mut c.background,
        "muted" => &mut c.muted,
        _ => return None,
    })
}

fn font_slot<'a>(f: &'a mut ThemeFonts, k: &str) -> Option<&'a mut String> {
    Some(match k {
        "heading" => &mut f.heading,
        "body" => &mut f.body,
        "heading_ea" => &mut f.heading_ea,
        "body_ea" => &mut f.body_ea,
        "mono" => &mut f.mono,
        _ => return None,
    })
}

fn size_slot<'a>(s: &'a mut ThemeSizes, k: &str) -> Option<&'a mut Cpt> {
    Some(match k {
        "title" => &mut s.title,
        "subtitle" => &mut s.subtitle,
        "body" => &mut s.body,
        "caption" => &mut s.caption,
        _ => return None,
    })
}
