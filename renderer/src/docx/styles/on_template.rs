//! A template's `word/styles.xml` with ours added ([`styles_on`]): the roles it lacks get our
//! styles, and its own are patched where the document differs from it — the brand tokens'
//! fonts and sizes in a role's run properties ([`with_tokens`]), the document's language and
//! the paragraph defaults LibreOffice needs — each edit in its place in the schema's order.

use super::super::numbering::ListNums;
use super::super::text::{half_points, NS_W};
use super::{lang, role_styles, Ids};
use crate::opc::xml::Xml;
use specrender_model::doc::LaidDoc;
use specrender_model::doc_look::DocLook;
use specrender_spec::units::Cpt;

/// A template's styles part with the styles of the roles it lacks added (based on its
/// `Normal`), and our table style. `None` when the part is not WordprocessingML styles with
/// the usual `w:` prefix (then ours alone are written).
pub(crate) fn styles_on(
    template: &[u8],
    laid: &LaidDoc,
    t: &DocLook,
    nums: &ListNums,
    pretty: bool,
) -> Option<Vec<u8>> {
    let s = std::str::from_utf8(template).ok()?;
    if !s.contains(&format!("xmlns:w=\"{NS_W}\"")) || !s.contains("<w:styles") {
        return None;
    }
    let s = with_tokens(no_hanging_punctuation(&with_language(s, laid)), laid);
    let end = s.rfind("</w:styles>")?;
    let mut x = Xml::new(pretty);
    role_styles(&mut x, laid, &Ids::on(laid, t), nums);
    let added = String::from_utf8(x.finish()).ok()?;
    let added = added[added.find("?>").map_or(0, |i| i + 2)..].trim();
    let mut out = String::with_capacity(s.len() + added.len());
    out.push_str(&s[..end]);
    out.push_str(added);
    out.push_str(&s[end..]);
    Some(out.into_bytes())
}

/// The template's styles given the brand tokens the document sets (`theme.brand.tokens`
/// fonts and sizes): layout measured those roles with them (and with sizes clamped to
/// 6-200 pt), so the template's own style for each role whose value differs from what the
/// template's styles give ([`LaidDoc::template_theme`]) is written with the laid value —
/// `w:rFonts` (the Latin and East Asian families, in place of the theme fonts they named) and
/// `w:sz`. A role the template lacks is ours and written with them already; where the
/// document kept the defaults nothing changes. `w:szCs` stays the template's: complex-script
/// text is measured at it.
fn with_tokens(s: String, laid: &LaidDoc) -> String {
    let Some(was) = &laid.template_theme else {
        return s;
    };
    let th = &laid.theme;
    let differs = |a: &str, b: &str| (a != b).then(|| a.to_string());
    let body = (
        differs(&th.fonts.body, &was.fonts.body),
        differs(&th.fonts.body_ea, &was.fonts.body_ea),
    );
    let head = (
        differs(&th.fonts.heading, &was.fonts.heading),
        differs(&th.fonts.heading_ea, &was.fonts.heading_ea),
    );
    let size = |a: Cpt, b: Cpt| (a != b).then_some(a);
    // Each role as layout measures it: title, subtitle and headings in the heading fonts, the
    // rest in the body fonts (`layout::doc`'s FlowFonts); sizes where tokens name them.
    let with = |fonts: &(Option<String>, Option<String>), size: Option<Cpt>| RunPatch {
        latin: fonts.0.clone(),
        ea: fonts.1.clone(),
        size,
    };
    let mut roles: Vec<(String, RunPatch)> = vec![
        (
            "Normal".into(),
            with(&body, size(th.sizes.body, was.sizes.body)),
        ),
        (
            "Title".into(),
            with(&head, size(th.sizes.title, was.sizes.title)),
        ),
        (
            "Subtitle".into(),
            with(&head, size(th.sizes.subtitle, was.sizes.subtitle)),
        ),
        (
            "Caption".into(),
            with(&body, size(th.sizes.caption, was.sizes.caption)),
        ),
    ];
    for ours in ["ListBullet", "ListNumber", "Quote", "FootnoteText"] {
        roles.push((ours.into(), with(&body, None)));
    }
    for level in 1..=6 {
        roles.push((format!("Heading{level}"), with(&head, None)));
    }
    let mut s = s;
    for (ours, patch) in roles {
        if patch.is_empty() || laid.writes_style(&ours) {
            continue;
        }
        if let Some(patched) = patch_style_run(&s, laid.style_id(&ours), &patch) {
            s = patched;
        }
    }
    s
}

/// Run properties [`with_tokens`] sets in a template's style.
#[derive(Default)]
struct RunPatch {
    latin: Option<String>,
    ea: Option<String>,
    size: Option<Cpt>,
}

impl RunPatch {
    fn is_empty(&self) -> bool {
        self.latin.is_none() && self.ea.is_none() && self.size.is_none()
    }
}

/// `s` with the style `id`'s `w:rPr` given `p`: its `w:rFonts` keeps the attributes `p` does
/// not replace (a replaced slot loses its theme font attribute, which would win over the
/// family), `w:sz` replaces any before; each in its place in CT_RPr's order. `None` when the
/// style is not found.
fn patch_style_run(s: &str, id: &str, p: &RunPatch) -> Option<String> {
    let (start, from, to, mut rpr) = style_run(s, id)?;
    if p.latin.is_some() || p.ea.is_some() {
        patch_fonts(&mut rpr, p);
    }
    if let Some(c) = p.size {
        patch_size(&mut rpr, c);
    }
    let mut out = String::with_capacity(s.len() + 200);
    out.push_str(&s[..start + from]);
    out.push_str("<w:rPr>");
    out.push_str(&rpr);
    out.push_str("</w:rPr>");
    out.push_str(&s[start + to..]);
    Some(out)
}

/// Where the style `id`'s own `w:rPr` is in `s` — (the style's start, the `w:rPr`'s start and
/// end relative to it) — and its content (empty when it has none: then where it goes).
fn style_run(s: &str, id: &str) -> Option<(usize, usize, usize, String)> {
    let key = format!("w:styleId=\"{id}\"");
    let at = s.find(&key)?;
    let start = s[..at].rfind("<w:style ")?;
    let end = start + s[start..].find("</w:style>")?;
    let style = &s[start..end];
    // The run properties of the style itself: after its `w:pPr` (whose `w:rPr` is the
    // paragraph mark's) and before a table style's parts (CT_Style's order).
    let head_end = ["<w:tblPr", "<w:trPr", "<w:tcPr", "<w:tblStylePr"]
        .iter()
        .filter_map(|t| style.find(t))
        .min()
        .unwrap_or(style.len());
    let head = &style[..head_end];
    let after_ppr = head
        .rfind("</w:pPr>")
        .map(|i| i + "</w:pPr>".len())
        .or_else(|| head.find("<w:pPr/>").map(|i| i + "<w:pPr/>".len()))
        .unwrap_or(0);
    let own = &head[after_ppr..];
    let (rpr, from, to) = match (own.find("<w:rPr>"), own.find("<w:rPr/>")) {
        (Some(a), _) => {
            let b = a + own[a..].find("</w:rPr>")?;
            (own[a + 7..b].to_string(), after_ppr + a, after_ppr + b + 8)
        }
        (None, Some(a)) => (String::new(), after_ppr + a, after_ppr + a + 8),
        (None, None) => (String::new(), head_end, head_end),
    };
    Some((start, from, to, rpr))
}

/// The `w:rFonts` of run properties `rpr` given `p`'s Latin and East Asian families.
fn patch_fonts(rpr: &mut String, p: &RunPatch) {
    let old = take_element(rpr, "w:rFonts").unwrap_or_default();
    let mut attrs: Vec<(String, String)> = old
        .split('"')
        .collect::<Vec<_>>()
        .chunks(2)
        .filter_map(|c| match c {
            [k, v] => {
                let k = k
                    .trim()
                    .trim_end_matches('=')
                    .rsplit(' ')
                    .next()?
                    .to_string();
                k.starts_with("w:").then(|| (k, v.to_string()))
            }
            _ => None,
        })
        .collect();
    let mut set = |slots: &[&str], theme: &str, v: &str| {
        attrs.retain(|(k, _)| k != theme && !slots.contains(&k.as_str()));
        for k in slots {
            attrs.push((k.to_string(), v.to_string()));
        }
    };
    if let Some(l) = &p.latin {
        set(&["w:ascii"], "w:asciiTheme", l);
        set(&["w:hAnsi"], "w:hAnsiTheme", l);
    }
    if let Some(e) = &p.ea {
        set(&["w:eastAsia"], "w:eastAsiaTheme", e);
    }
    // The attributes kept are already escaped as written; put them back as they were.
    let unescaped: Vec<(String, String)> = attrs
        .into_iter()
        .map(|(k, v)| {
            let v = v
                .replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
            (k, v)
        })
        .collect();
    let refs: Vec<crate::opc::xml::Attr> = unescaped
        .iter()
        .map(|(k, v)| (k.as_str(), v as &dyn crate::opc::xml::AttrValue))
        .collect();
    let e = empty_element("w:rFonts", &refs);
    // CT_RPr: w:rStyle, then w:rFonts.
    let at = if rpr.trim_start().starts_with("<w:rStyle") {
        rpr.find("/>").map_or(0, |i| i + 2)
    } else {
        0
    };
    rpr.insert_str(at, &e);
}

/// The `w:sz` of run properties `rpr` set to `c`.
fn patch_size(rpr: &mut String, c: Cpt) {
    take_element(rpr, "w:sz");
    let e = empty_element("w:sz", &[("w:val", &half_points(c))]);
    // CT_RPr: w:sz before w:szCs and what follows it.
    let at = [
        "<w:szCs",
        "<w:highlight",
        "<w:u ",
        "<w:u/",
        "<w:effect",
        "<w:bdr",
        "<w:shd",
        "<w:fitText",
        "<w:vertAlign",
        "<w:rtl",
        "<w:cs ",
        "<w:cs/",
        "<w:em ",
        "<w:lang",
        "<w:eastAsianLayout",
        "<w:specVanish",
        "<w:oMath",
    ]
    .iter()
    .filter_map(|t| rpr.find(t))
    .min()
    .unwrap_or(rpr.len());
    rpr.insert_str(at, &e);
}

/// An empty element `name` with `attrs`, as text.
fn empty_element(name: &str, attrs: &[crate::opc::xml::Attr]) -> String {
    let mut x = Xml::new(false);
    x.empty(name, attrs);
    let e = String::from_utf8(x.finish()).unwrap_or_default();
    e[e.find("?>").map_or(0, |i| i + 2)..].trim().to_string()
}

/// The first element `name` of `rpr`, taken out of it.
fn take_element(rpr: &mut String, name: &str) -> Option<String> {
    let open = format!("<{name} ");
    let open_bare = format!("<{name}/>");
    let a = rpr.find(&open).or_else(|| rpr.find(&open_bare))?;
    let b = a + rpr[a..].find("/>")? + 2;
    Some(rpr.drain(a..b).collect())
}

/// The template's styles part with the document's language as the default run language
/// (`w:docDefaults/w:rPrDefault/w:rPr/w:lang`, replaced or added): the language is the
/// document's, whatever the template was written in (line breaking and fonts for East Asian
/// text follow it).
fn with_language(s: &str, laid: &LaidDoc) -> String {
    let mut x = Xml::new(false);
    lang(&mut x, laid);
    let ours = String::from_utf8(x.finish()).unwrap_or_default();
    set_default_lang(s, ours[ours.find("?>").map_or(0, |i| i + 2)..].trim())
}

/// `s` with `ours` (a `w:lang`) as the run defaults' language: replaced, or added in CT_RPr's
/// order, with the run defaults (and document defaults) it needs.
fn set_default_lang(s: &str, ours: &str) -> String {
    // No run defaults, or empty ones: ours, in CT_DocDefaults' order (first).
    let block = format!("<w:rPrDefault><w:rPr>{ours}</w:rPr></w:rPrDefault>");
    if let Some(i) = s.find("<w:rPrDefault/>") {
        return format!("{}{block}{}", &s[..i], &s[i + "<w:rPrDefault/>".len()..]);
    }
    let Some(start) = s.find("<w:rPrDefault>") else {
        return with_doc_defaults(s, &block, true);
    };
    let Some(end) = s[start..].find("</w:rPrDefault>").map(|i| start + i) else {
        return s.to_string();
    };
    let region = &s[start..end];
    let replaced = match region.find("<w:lang ").or_else(|| region.find("<w:lang/>")) {
        Some(i) => match region[i..].find("/>") {
            Some(j) => format!("{}{ours}{}", &region[..i], &region[i + j + 2..]),
            None => return s.to_string(),
        },
        None => match (region.find("<w:rPr/>"), region.rfind("</w:rPr>")) {
            (Some(i), _) => format!(
                "{}<w:rPr>{ours}</w:rPr>{}",
                &region[..i],
                &region[i + "<w:rPr/>".len()..]
            ),
            // CT_RPr: `w:lang` before `w:eastAsianLayout`, `w:specVanish`, `w:oMath`.
            (None, Some(close)) => {
                let at = [
                    "<w:eastAsianLayout",
                    "<w:specVanish",
                    "<w:oMath",
                    "<w:rPrChange",
                ]
                .iter()
                .filter_map(|t| region[..close].find(t))
                .min()
                .unwrap_or(close);
                format!("{}{ours}{}", &region[..at], &region[at..])
            }
            (None, None) => format!("{}<w:rPr>{ours}</w:rPr>", region),
        },
    };
    format!("{}{replaced}{}", &s[..start], &s[end..])
}

/// `s` with `block` (an `w:rPrDefault` when `first`, else a `w:pPrDefault`) put in its
/// `w:docDefaults` — first, or after the run defaults — or in a new `w:docDefaults` first in
/// `w:styles` (CT_Styles: docDefaults, latentStyles, style).
fn with_doc_defaults(s: &str, block: &str, first: bool) -> String {
    if !first {
        for close in ["</w:rPrDefault>", "<w:rPrDefault/>"] {
            if let Some(i) = s.find(close) {
                let at = i + close.len();
                return format!("{}{block}{}", &s[..at], &s[at..]);
            }
        }
    }
    if let Some(i) = s.find("<w:docDefaults>") {
        let at = i + "<w:docDefaults>".len();
        return format!("{}{block}{}", &s[..at], &s[at..]);
    }
    if let Some(i) = s.find("<w:docDefaults/>") {
        let rest = &s[i + "<w:docDefaults/>".len()..];
        return format!("{}<w:docDefaults>{block}</w:docDefaults>{rest}", &s[..i]);
    }
    match s
        .find("<w:styles")
        .and_then(|i| s[i..].find('>').map(|j| i + j + 1))
    {
        Some(at) if !s[..at].ends_with("/>") => {
            format!(
                "{}<w:docDefaults>{block}</w:docDefaults>{}",
                &s[..at],
                &s[at..]
            )
        }
        _ => s.to_string(),
    }
}

/// `w:overflowPunct w:val="1"` in the template's paragraph defaults (replaced, or added in
/// CT_PPrBase order), as in ours: LibreOffice reads the flag inverted and hangs East Asian
/// punctuation past the margin without it (see `doc_defaults`); "1" is Word's own default.
fn no_hanging_punctuation(s: &str) -> String {
    const OURS: &str = r#"<w:overflowPunct w:val="1"/>"#;
    // Elements that come after `w:overflowPunct` in CT_PPrBase.
    const LATER: &[&str] = &[
        "<w:topLinePunct",
        "<w:autoSpaceDE",
        "<w:autoSpaceDN",
        "<w:bidi",
        "<w:adjustRightInd",
        "<w:snapToGrid",
        "<w:spacing",
        "<w:ind",
        "<w:contextualSpacing",
        "<w:mirrorIndents",
        "<w:suppressOverlap",
        "<w:jc",
        "<w:textDirection",
        "<w:textAlignment",
        "<w:textboxTightWrap",
        "<w:outlineLvl",
        "<w:divId",
        "<w:cnfStyle",
        "<w:rPr",
        "<w:sectPr",
        "<w:pPrChange",
    ];
    if let Some(start) = s.find("<w:pPrDefault>") {
        let Some(end) = s[start..].find("</w:pPrDefault>").map(|i| start + i) else {
            return s.to_string();
        };
        let region = &s[start..end];
        let replaced = if let Some(i) = region.find("<w:overflowPunct") {
            match region[i..].find("/>") {
                Some(j) => format!("{}{OURS}{}", &region[..i], &region[i + j + 2..]),
                None => return s.to_string(),
            }
        } else if let Some(i) = region.find("<w:pPr/>") {
            format!("{}<w:pPr>{OURS}</w:pPr>{}", &region[..i], &region[i + 8..])
        } else if let Some(open) = region.find("<w:pPr>") {
            let body = open + "<w:pPr>".len();
            let at = LATER
                .iter()
                .filter_map(|t| region[body..].find(t).map(|i| body + i))
                .chain(region[body..].find("</w:pPr>").map(|i| body + i))
                .min()
                .unwrap_or(body);
            format!("{}{OURS}{}", &region[..at], &region[at..])
        } else {
            format!("{region}<w:pPr>{OURS}</w:pPr>")
        };
        return format!("{}{replaced}{}", &s[..start], &s[end..]);
    }
    let block = format!("<w:pPrDefault><w:pPr>{OURS}</w:pPr></w:pPrDefault>");
    // Empty paragraph defaults (Word writes `<w:pPrDefault/>`): ours in their place.
    if let Some(i) = s.find("<w:pPrDefault/>") {
        return format!("{}{block}{}", &s[..i], &s[i + "<w:pPrDefault/>".len()..]);
    }
    with_doc_defaults(s, &block, false)
}

#[cfg(test)]
mod template_tests {
    use super::{no_hanging_punctuation, patch_style_run, RunPatch};

    #[test]
    fn brand_tokens_are_written_into_the_templates_style_in_schema_order() {
        let normal = |rpr: &str| {
            format!(
                r#"<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/>{rpr}</w:style><w:style w:type="paragraph" w:styleId="Title"><w:rPr><w:sz w:val="56"/></w:rPr></w:style>"#
            )
        };
        let p = RunPatch {
            latin: Some("Caladea & Co".into()),
            ea: None,
            size: Some(1400),
        };
        // A theme font loses its attribute for the slot set; other slots are kept.
        let got = patch_style_run(
            &normal(r#"<w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:eastAsia="MS Mincho" w:cs="Arial"/><w:b/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="fr-FR"/></w:rPr>"#),
            "Normal",
            &p,
        )
        .unwrap();
        assert_eq!(
            got,
            normal(
                r#"<w:rPr><w:rFonts w:eastAsia="MS Mincho" w:cs="Arial" w:ascii="Caladea &amp; Co" w:hAnsi="Caladea &amp; Co"/><w:b/><w:sz w:val="28"/><w:szCs w:val="22"/><w:lang w:val="fr-FR"/></w:rPr>"#
            )
        );
        // No run properties: added (before a table style's parts; here at the end).
        let got = patch_style_run(&normal(""), "Normal", &p).unwrap();
        assert_eq!(
            got,
            normal(
                r#"<w:rPr><w:rFonts w:ascii="Caladea &amp; Co" w:hAnsi="Caladea &amp; Co"/><w:sz w:val="28"/></w:rPr>"#
            )
        );
        // Only the named style changes; an unknown style is None.
        let size_only = RunPatch {
            size: Some(3000),
            ..RunPatch::default()
        };
        let got = patch_style_run(&normal(""), "Title", &size_only).unwrap();
        assert!(got.ends_with(r#"<w:style w:type="paragraph" w:styleId="Title"><w:rPr><w:sz w:val="60"/></w:rPr></w:style>"#));
        assert!(patch_style_run(&normal(""), "Quote", &size_only).is_none());
    }

    #[test]
    fn overflow_punct_is_set_in_the_templates_paragraph_defaults() {
        let cases = [
            // Added in order: before w:spacing.
            (
                r#"<w:docDefaults><w:pPrDefault><w:pPr><w:keepNext/><w:spacing w:after="200"/></w:pPr></w:pPrDefault></w:docDefaults>"#,
                r#"<w:docDefaults><w:pPrDefault><w:pPr><w:keepNext/><w:overflowPunct w:val="1"/><w:spacing w:after="200"/></w:pPr></w:pPrDefault></w:docDefaults>"#,
            ),
            // Replaced.
            (
                r#"<w:pPrDefault><w:pPr><w:overflowPunct w:val="0"/></w:pPr></w:pPrDefault>"#,
                r#"<w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault>"#,
            ),
            // No paragraph defaults: added after the run defaults.
            (
                r#"<w:docDefaults><w:rPrDefault><w:rPr/></w:rPrDefault></w:docDefaults>"#,
                r#"<w:docDefaults><w:rPrDefault><w:rPr/></w:rPrDefault><w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault></w:docDefaults>"#,
            ),
            // No document defaults at all.
            (
                r#"<w:styles xmlns:w="w"><w:style/></w:styles>"#,
                r#"<w:styles xmlns:w="w"><w:docDefaults><w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault></w:docDefaults><w:style/></w:styles>"#,
            ),
        ];
        for (input, want) in cases {
            assert_eq!(no_hanging_punctuation(input), want);
        }
    }
}

#[cfg(test)]
mod order_tests {
    use super::{no_hanging_punctuation, patch_style_run, set_default_lang, RunPatch};

    const LANG: &str = r#"<w:lang w:val="de-DE"/>"#;

    #[test]
    fn empty_or_missing_document_defaults_get_ours_in_schema_order() {
        // Word's own blank document writes `<w:pPrDefault/>`: replaced, never a second one.
        let word = r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="24"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults><w:latentStyles/></w:styles>"#;
        assert_eq!(
            no_hanging_punctuation(&set_default_lang(word, LANG)),
            r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="24"/><w:lang w:val="de-DE"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault></w:docDefaults><w:latentStyles/></w:styles>"#
        );
        let cases = [
            // Empty document defaults.
            (
                r#"<w:styles><w:docDefaults/><w:style/></w:styles>"#,
                r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="de-DE"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault></w:docDefaults><w:style/></w:styles>"#,
            ),
            // Empty run defaults; paragraph defaults without properties.
            (
                r#"<w:styles><w:docDefaults><w:rPrDefault/><w:pPrDefault></w:pPrDefault></w:docDefaults></w:styles>"#,
                r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="de-DE"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault></w:docDefaults></w:styles>"#,
            ),
            // Paragraph defaults alone: the run defaults go before them.
            (
                r#"<w:styles><w:docDefaults><w:pPrDefault><w:pPr/></w:pPrDefault></w:docDefaults></w:styles>"#,
                r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="de-DE"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault></w:docDefaults></w:styles>"#,
            ),
            // `w:rPr/` emptied; a language added before `w:eastAsianLayout`.
            (
                r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr/></w:rPrDefault></w:docDefaults></w:styles>"#,
                r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="de-DE"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault></w:docDefaults></w:styles>"#,
            ),
            (
                r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="20"/><w:eastAsianLayout w:vert="1"/></w:rPr></w:rPrDefault></w:docDefaults></w:styles>"#,
                r#"<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="20"/><w:lang w:val="de-DE"/><w:eastAsianLayout w:vert="1"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:overflowPunct w:val="1"/></w:pPr></w:pPrDefault></w:docDefaults></w:styles>"#,
            ),
        ];
        for (input, want) in cases {
            assert_eq!(
                no_hanging_punctuation(&set_default_lang(input, LANG)),
                want,
                "{input}"
            );
        }
    }

    #[test]
    fn a_styles_run_properties_are_its_own_not_its_paragraph_marks() {
        // `w:pPr/w:rPr` is the paragraph mark's: the style's own `w:rPr` follows `w:pPr`.
        let style = |body: &str| {
            format!(r#"<w:style w:type="paragraph" w:styleId="Titre">{body}</w:style>"#)
        };
        let size = RunPatch {
            size: Some(3000),
            ..RunPatch::default()
        };
        let got = patch_style_run(
            &style(r#"<w:pPr><w:rPr><w:b/></w:rPr></w:pPr><w:rPr><w:sz w:val="20"/></w:rPr>"#),
            "Titre",
            &size,
        );
        assert_eq!(
            got.unwrap(),
            style(r#"<w:pPr><w:rPr><w:b/></w:rPr></w:pPr><w:rPr><w:sz w:val="60"/></w:rPr>"#)
        );
        // No own run properties: added after `w:pPr`, before a table style's parts.
        let got = patch_style_run(
            &style(r#"<w:pPr><w:rPr><w:b/></w:rPr></w:pPr><w:tblPr/>"#),
            "Titre",
            &size,
        );
        assert_eq!(
            got.unwrap(),
            style(
                r#"<w:pPr><w:rPr><w:b/></w:rPr></w:pPr><w:rPr><w:sz w:val="60"/></w:rPr><w:tblPr/>"#
            )
        );
    }
}
