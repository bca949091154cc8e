//! A deck as it goes onto a template, decided without changing the deck ([`OnTemplate`]):
//! the template branded with the colours and fonts the deck sets ([`branded`]), and the theme,
//! slide size and notes the deck is laid out with, taken from the template where the deck set
//! nothing ([`apply_template_theme`]).

use specrender_spec::deck::{LangFamily, Rgb, SlideSize, Theme, ThemeFonts};
use specrender_template::{Master, Template, Theme as TplTheme};

/// A deck as it goes onto a template, decided without changing the deck: the template to lay
/// out and write with (the brand colours and fonts the deck sets written into its theme,
/// [`branded`]; `t` itself when the deck sets no brand), and the theme, slide size and notes
/// the deck is laid out with ([`apply_template_theme`]).
#[derive(Debug, Clone)]
pub struct OnTemplate {
    pub template: std::sync::Arc<Template>,
    pub theme: Theme,
    pub slide_size: SlideSize,
    /// Notes on what the template changed (its slide size, values clamped), after the deck's
    /// own.
    pub notes: Vec<specrender_spec::deck::ResolveNote>,
}

/// `deck` on template `t` ([`OnTemplate`]).
pub fn on_template(deck: &specrender_spec::deck::Deck, t: &std::sync::Arc<Template>) -> OnTemplate {
    let template = branded(t, &deck.theme, deck.lang);
    let mut on = OnTemplate {
        template: template.clone(),
        theme: deck.theme.clone(),
        slide_size: deck.slide_size,
        notes: Vec::new(),
    };
    let brand_primary = deck
        .theme
        .set
        .contains("colors.primary")
        .then_some(deck.theme.colors.primary);
    apply_template_theme(&mut on, &deck.language, &template);
    // Titles in the template's accent1 show the brand's primary: the brand's colour, which is
    // reported (`low_contrast`) but never changed, unlike a colour taken from the template.
    if brand_primary.is_some() && on.theme.colors.heading == brand_primary {
        on.theme.from_template.remove("heading");
    }
    on
}

/// Template `t` with the brand colours and fonts `theme` sets (every token the input set, equal
/// to the default for `lang` or not) written into its theme ([`Template::branded`]: its accents, text and
/// background slots, its Latin and East Asian theme fonts); `t` itself when the theme sets no
/// brand.
pub fn branded(
    t: &std::sync::Arc<Template>,
    theme: &Theme,
    lang: LangFamily,
) -> std::sync::Arc<Template> {
    let _ = lang;
    let set = |group: &str, k: &str| theme.set.contains(&format!("{group}.{k}"));
    let c = &theme.colors;
    let rgb = |x: specrender_spec::deck::Rgb| [x.0, x.1, x.2];
    let colors: Vec<(&str, [u8; 3])> = [
        ("text", c.text),
        ("background", c.background),
        ("primary", c.primary),
        ("secondary", c.secondary),
        ("accent", c.accent),
    ]
    .into_iter()
    .filter(|(k, _)| set("colors", k))
    .map(|(k, v)| (k, rgb(v)))
    .collect();
    let f = &theme.fonts;
    let fonts: Vec<(&str, &str)> = [
        ("heading", &f.heading),
        ("body", &f.body),
        ("heading_ea", &f.heading_ea),
        ("body_ea", &f.body_ea),
    ]
    .into_iter()
    .filter(|(k, _)| set("fonts", k))
    .map(|(k, v)| (k, v.as_str()))
    .collect();
    if colors.is_empty() && fonts.is_empty() {
        t.clone()
    } else {
        std::sync::Arc::new(t.branded(&colors, &fonts))
    }
}

/// The title and body text sizes a template may give a deck (centipoints): 6 to 200 pt, the
/// range brand tokens are clamped to.
pub const TEMPLATE_SIZES: std::ops::RangeInclusive<u32> = 600..=20_000;

/// A deck put on a template: the template's slide size wins over `theme.slide_size` (a low
/// note when they differ); the template's theme fonts (heading = major, body = minor; an empty
/// `ea` through the script fonts of the deck's language), title and body sizes (master text
/// styles) and colours (title and body text as the master writes them, else `tx1`; the
/// background `bg1`; primary, secondary and accent from `accent1`..`accent3`, through the
/// master's colour map) replace the deck's where the deck set no token — a brand token the
/// deck sets wins, equal to the default or not. The template's title and body sizes are taken
/// within [`TEMPLATE_SIZES`] (clamped with a `template_value_clamped` note; such a size never
/// lowers an element's `min_font` floor), and what the template clamped when it was read is
/// noted the same way.
pub fn apply_template_theme(on: &mut OnTemplate, language: &str, t: &Template) {
    take_slide_size(on, t);
    let set = on.theme.set.clone();
    let unset = |k: &str| !set.contains(k);
    if let Some(m) = t.masters.first() {
        take_sizes(on, m, &unset);
    }
    let Some(th) = t.theme() else { return };
    take_fonts(&mut on.theme.fonts, th, language, &unset);
    // Colours as the template's master shows them: its title and body text colour (the
    // master placeholder's list style, else its text styles, else tx1) and bg1, through its
    // colour map.
    let Some(m) = t.masters.first() else { return };
    take_colors(&mut on.theme, t, m, &unset);
}

/// The template's slide size (noted when it differs from the deck's) and a note for each
/// value the template clamped when it was read.
fn take_slide_size(on: &mut OnTemplate, t: &Template) {
    let (cx, cy) = t.slide_size;
    if (on.slide_size.cx, on.slide_size.cy) != (cx, cy) {
        on.notes.push(specrender_spec::deck::ResolveNote {
            path: "/theme/slide_size".into(),
            code: specrender_spec::Code::TemplateSlideSize,
            message: format!(
                "the template's slides are {:.2} x {:.2} in; the deck is laid out at that size",
                cx as f64 / 914_400.0,
                cy as f64 / 914_400.0
            ),
        });
        on.slide_size = SlideSize { cx, cy };
    }
    for message in &t.clamped {
        on.notes.push(specrender_spec::deck::ResolveNote {
            path: "/theme/template_ref".into(),
            code: specrender_spec::Code::TemplateValueClamped,
            message: message.clone(),
        });
    }
}

/// The master's title and body text sizes where the deck set none, within [`TEMPLATE_SIZES`].
fn take_sizes(on: &mut OnTemplate, m: &Master, unset: &dyn Fn(&str) -> bool) {
    let size = |v: &[specrender_template::LevelStyle]| v.first().and_then(|l| l.size_hundredths_pt);
    for (key, which, levels) in [
        ("sizes.title", "title", &m.text_styles.title),
        ("sizes.body", "body", &m.text_styles.body),
    ] {
        let Some(v) = size(levels).filter(|_| unset(key)) else {
            continue;
        };
        let got = v.clamp(*TEMPLATE_SIZES.start(), *TEMPLATE_SIZES.end());
        if got != v {
            on.notes.push(specrender_spec::deck::ResolveNote {
                path: "/theme/template_ref".into(),
                code: specrender_spec::Code::TemplateValueClamped,
                message: format!(
                    "{}: the template's {which} text size {} pt is outside {}-{} pt; {} pt is used",
                    m.part,
                    v as f64 / 100.0,
                    TEMPLATE_SIZES.start() / 100,
                    TEMPLATE_SIZES.end() / 100,
                    got as f64 / 100.0
                ),
            });
        }
        let s = &mut on.theme.sizes;
        if which == "title" {
            s.title = got;
            on.theme.from_template.insert("size_title");
        } else {
            s.body = got;
            on.theme.from_template.insert("size_body");
        }
    }
}

/// The template's theme fonts (heading = major, body = minor; an empty `ea` through the
/// script fonts of `language`) where the deck set none.
fn take_fonts(f: &mut ThemeFonts, th: &TplTheme, language: &str, unset: &dyn Fn(&str) -> bool) {
    let lang = language;
    let take = |slot: &mut String, key: &str, from: &str| {
        if unset(key) && !from.trim().is_empty() && !from.starts_with('+') {
            *slot = from.to_string();
        }
    };
    take(&mut f.heading, "fonts.heading", &th.major.latin);
    take(&mut f.body, "fonts.body", &th.minor.latin);
    take(&mut f.heading_ea, "fonts.heading_ea", th.major.ea_for(lang));
    take(&mut f.body_ea, "fonts.body_ea", th.minor.ea_for(lang));
}

/// The master's title and body text colours and the scheme's `bg1` and `accent1`..`accent3`
/// where the deck set none (the title colour always: see [`on_template`]).
fn take_colors(theme: &mut Theme, t: &Template, m: &Master, unset: &dyn Fn(&str) -> bool) {
    let rgb = |c: [u8; 3]| Rgb(c[0], c[1], c[2]);
    let text_color = |class: &str, levels: &[specrender_template::LevelStyle]| {
        let written = m
            .placeholders
            .iter()
            .filter(|p| p.class() == class)
            .find_map(|p| p.color.clone())
            .or_else(|| levels.first().and_then(|l| l.color.clone()));
        match written {
            Some(c) => match t.paint(0, &specrender_template::Fill::Solid(c)) {
                specrender_template::Paint::Colors(v) => v.first().copied(),
                _ => None,
            },
            None => t.scheme_color(0, "tx1"),
        }
    };
    let took = &mut theme.from_template;
    let c = &mut theme.colors;
    if unset("colors.text") {
        if let Some(v) = text_color("body", &m.text_styles.body) {
            c.text = rgb(v);
            took.insert("text");
        }
    }
    if unset("colors.background") {
        if let Some(v) = t.scheme_color(0, "bg1") {
            c.background = rgb(v);
            took.insert("background");
        }
    }
    // The template's accents colour charts, table headers and shapes; its title colour the
    // titles (a brand's primary reaches them through the colour scheme it rewrote, when the
    // template's titles use an accent: see `Template::branded`).
    if let Some(v) = text_color("title", &m.text_styles.title) {
        c.heading = Some(rgb(v));
        took.insert("heading");
    }
    if unset("colors.primary") {
        if let Some(v) = t.scheme_color(0, "accent1") {
            c.primary = rgb(v);
        }
    }
    if unset("colors.secondary") {
        if let Some(v) = t.scheme_color(0, "accent2") {
            c.secondary = rgb(v);
        }
    }
    if unset("colors.accent") {
        if let Some(v) = t.scheme_color(0, "accent3") {
            c.accent = rgb(v);
        }
    }
}
