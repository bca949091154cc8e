//! A document on a customer's reference .docx / .dotx (issue 21): which of the template's
//! styles each of our roles uses ([`style_map`]), the page of its last section ([`page_of`]),
//! and the fonts and sizes text is measured with ([`theme_on`]). The writer carries the
//! template's styles, numbering, theme, headers and footers; layout decides what they mean
//! for measurement here, once.

use super::flow::{self, Formats, LineRule, ParaFormat};
use super::page::{Page, EMU_PER_TWIP};
use specrender_fonts::{Measurer, ShapeLang};
use specrender_spec::deck::{LangFamily, Theme};
use specrender_spec::units::{Cpt, Emu, EMU_PER_INCH};
use specrender_template::docx::{Furniture, ParaProps, RunProps};
use specrender_template::{DocRole, DocTemplate};

pub use specrender_model::doc::StyleUse;

/// Every role's style on `t`.
pub fn style_map(t: &DocTemplate) -> Vec<StyleUse> {
    DocRole::ALL
        .iter()
        .map(|&role| {
            let ours = role.our_id();
            match t.style_for(role) {
                Some(s) => {
                    let by_name = norm(&s.name) == norm(&role.builtin_name())
                        || (role == DocRole::Normal && s.default);
                    StyleUse {
                        role,
                        ours,
                        id: s.id.clone(),
                        from_template: true,
                        how: if by_name { "name" } else { "outline" },
                    }
                }
                None => {
                    let id = if t.style(&ours).is_some() {
                        format!("Spec{ours}")
                    } else {
                        ours.clone()
                    };
                    StyleUse {
                        role,
                        ours,
                        id,
                        from_template: false,
                        how: "added",
                    }
                }
            }
        })
        .collect()
}

fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The page of the template's last section: its size (none written: A4 or Letter by
/// language, as without a template), margins (none written: 1 in), header and footer
/// distances, gutter and columns.
pub fn page_of(t: &DocTemplate, language: &str) -> Page {
    let s = &t.section;
    let base = super::page::for_language(language);
    let tw = |v: i64| v.clamp(0, 31_680) * EMU_PER_TWIP;
    let mut page = match s.size {
        Some((w, h)) if w >= 1440 && h >= 1440 => {
            let (w, h) = (tw(w), tw(h));
            let name = if (w, h) == (Page::A4.width, Page::A4.height) {
                "a4"
            } else if (w, h) == (Page::LETTER.width, Page::LETTER.height) {
                "letter"
            } else {
                "template"
            };
            Page {
                name,
                width: w,
                height: h,
                ..base
            }
        }
        _ => base,
    };
    if let Some(m) = s.margins {
        // Word takes a negative top or bottom margin's size (text never runs under a header
        // drawn over it); left and right are never negative.
        page.margins = [tw(m[0].abs()), tw(m[1]), tw(m[2].abs()), tw(m[3])];
    }
    if let Some(h) = s.header {
        page.header = tw(h);
    }
    page.footer = s.footer.map(tw).unwrap_or(page.header);
    page.gutter = tw(s.gutter);
    page.columns = s.columns.map(|(n, space)| (n, tw(space)));
    // Columns of their own widths: blocks get the narrowest.
    if page.columns.is_some() {
        page.column_min = s
            .column_widths
            .iter()
            .map(|&(w, _)| w)
            .filter(|&w| w > 0)
            .min()
            .map_or(0, tw);
    }
    // A page whose margins leave less than an inch of text keeps our margins: the layout
    // needs room to measure in (the writer still writes the template's page).
    if page.text_width() < EMU_PER_INCH || page.text_height() < EMU_PER_INCH {
        page.margins = base.margins;
        page.gutter = 0;
        page.columns = None;
        page.column_min = 0;
    }
    page
}

/// The theme a document on `t` is measured with: fonts and sizes from the template's
/// `Normal`, `heading 1`, `Title`, `Subtitle` and `caption` styles (through `basedOn`, the
/// document defaults and the template's theme fonts) wherever the document set no brand token
/// (a token it sets wins, equal to the default or not).
pub fn theme_on(theme: &Theme, t: &DocTemplate, language: &str, lang: LangFamily) -> Theme {
    theme_on_noted(theme, t, language, lang).0
}

/// [`theme_on`] with the notes on what it clamped: a size the template's styles give is taken
/// within the deck's [`crate::frame::TEMPLATE_SIZES`] (6-200 pt; a Word template's
/// `w:sz="2"` is a 1-pt body), each one clamped noted as `template_value_clamped`. The DOCX
/// writer writes the size used into the template's style (it differs from
/// [`theme_as_written`]'s).
pub fn theme_on_noted(
    theme: &Theme,
    t: &DocTemplate,
    language: &str,
    lang: LangFamily,
) -> (Theme, Vec<specrender_spec::deck::ResolveNote>) {
    let mut notes = Vec::new();
    let th = theme_from(theme, t, language, lang, Some(&mut notes));
    (th, notes)
}

/// What the template's styles themselves say of the tokens [`theme_on`] takes, sizes as
/// written (not clamped): what the DOCX writer compares the laid theme with to know which
/// styles it must write the laid sizes and fonts into.
pub fn theme_as_written(theme: &Theme, t: &DocTemplate, language: &str, lang: LangFamily) -> Theme {
    theme_from(theme, t, language, lang, None)
}

fn theme_from(
    theme: &Theme,
    t: &DocTemplate,
    language: &str,
    lang: LangFamily,
    mut clamp: Option<&mut Vec<specrender_spec::deck::ResolveNote>>,
) -> Theme {
    let _ = lang;
    let unset = |k: &str| !theme.set.contains(k);
    let mut out = theme.clone();
    let id = |role: DocRole| t.style_for(role).map(|s| s.id.clone());
    let fonts = |role: DocRole| {
        id(role)
            .map(|i| t.fonts_of(&i, language))
            .unwrap_or_else(|| t.fonts_of("", language))
    };
    let take = |slot: &mut String, key: &str, from: &str| {
        if unset(key) && !from.trim().is_empty() {
            *slot = from.to_string();
        }
    };
    let (body, body_ea) = fonts(DocRole::Normal);
    let (head, head_ea) = fonts(DocRole::Heading(1));
    let f = &mut out.fonts;
    take(&mut f.body, "fonts.body", &body);
    take(&mut f.body_ea, "fonts.body_ea", &body_ea);
    take(&mut f.heading, "fonts.heading", &head);
    take(&mut f.heading_ea, "fonts.heading_ea", &head_ea);
    let size = |role: DocRole| -> Option<Cpt> {
        let r = match id(role) {
            Some(i) => t.run_props(&i),
            None if role == DocRole::Normal => t.run_props(""),
            None => return None,
        };
        r.size_half_pt.map(|h| h as Cpt * 50)
    };
    let s = &mut out.sizes;
    for (slot, key, role) in [
        (&mut s.body, "sizes.body", DocRole::Normal),
        (&mut s.title, "sizes.title", DocRole::Title),
        (&mut s.subtitle, "sizes.subtitle", DocRole::Subtitle),
        (&mut s.caption, "sizes.caption", DocRole::Caption),
    ] {
        if unset(key) {
            if let Some(v) = size(role) {
                *slot = match clamp.as_deref_mut() {
                    Some(notes) => clamped_size(t, role, v, notes),
                    None => v,
                };
            }
        }
    }
    // Word's own default when neither the template nor its defaults give a size: 10 pt.
    if unset("sizes.body") && size(DocRole::Normal).is_none() {
        s.body = 1000;
    }
    out
}

/// `v` (hundredths of a point, what `role`'s style in `t` gives) within
/// [`crate::frame::TEMPLATE_SIZES`], a note pushed when it was outside.
fn clamped_size(
    t: &DocTemplate,
    role: DocRole,
    v: Cpt,
    notes: &mut Vec<specrender_spec::deck::ResolveNote>,
) -> Cpt {
    let range = crate::frame::TEMPLATE_SIZES;
    let (lo, hi) = (Cpt::from(*range.start()), Cpt::from(*range.end()));
    let got = v.clamp(lo, hi);
    if got != v {
        let style = t.style_for(role).map_or_else(
            || "the document defaults".to_string(),
            |s| format!("style \"{}\"", s.id),
        );
        notes.push(specrender_spec::deck::ResolveNote {
            path: "/theme/template_ref".into(),
            code: specrender_spec::Code::TemplateValueClamped,
            message: format!(
                "word/styles.xml: {style}: the template's {} text size {} pt is outside {}-{} pt; {} pt is used",
                role_word(role),
                v as f64 / 100.0,
                lo / 100,
                hi / 100,
                got as f64 / 100.0
            ),
        });
    }
    got
}

/// The word a message uses for `role`.
fn role_word(role: DocRole) -> &'static str {
    match role {
        DocRole::Normal => "body",
        DocRole::Title => "title",
        DocRole::Subtitle => "subtitle",
        DocRole::Caption => "caption",
        _ => "style's",
    }
}

/// Word's and Writer's automatic spacing (`w:beforeAutospacing`): 14 pt.
pub const AUTO_SPACING: flow::Twips = 280;

/// What our own style for `role` writes in its `w:pPr` on a template (based on the
/// template's `Normal`): `renderer::docx::styles` writes these values.
pub fn our_para(role: DocRole) -> ParaProps {
    let sp = |before: Option<i64>, after: i64| ParaProps {
        before,
        after: Some(after),
        ..ParaProps::default()
    };
    match role {
        DocRole::Normal | DocRole::FootnoteReference => ParaProps::default(),
        DocRole::Title => ParaProps {
            contextual: Some(true),
            ..sp(None, 240)
        },
        DocRole::Subtitle => sp(None, 240),
        DocRole::Heading(n) => ParaProps {
            keep_next: Some(true),
            keep_lines: Some(true),
            ..sp(Some(if n == 1 { 360 } else { 240 }), 120)
        },
        DocRole::ListBullet | DocRole::ListNumber => ParaProps {
            contextual: Some(true),
            ..sp(None, 60)
        },
        DocRole::Quote => ParaProps {
            indent_left: Some(720),
            indent_right: Some(720),
            ..sp(Some(120), 120)
        },
        DocRole::Caption | DocRole::FootnoteText => ParaProps {
            line: Some(240),
            line_rule: Some("auto".into()),
            ..sp(None, if role == DocRole::Caption { 200 } else { 0 })
        },
    }
}

/// The paragraph properties a role's paragraphs get on `t`: the template's style through
/// `basedOn` and the paragraph defaults, or ours over the template's `Normal`.
pub fn role_para(t: &DocTemplate, role: DocRole) -> ParaProps {
    match t.style_for(role) {
        Some(s) => t.para_props(&s.id),
        None => {
            let normal = t.style_for(DocRole::Normal).map_or("", |s| s.id.as_str());
            our_para(role).over(&t.para_props(normal))
        }
    }
}

/// A paragraph format from resolved properties (`style`: what contextual spacing compares).
pub fn format_of(style: &'static str, p: &ParaProps) -> ParaFormat {
    let auto = |on: Option<bool>, v: Option<i64>| {
        if on == Some(true) {
            AUTO_SPACING
        } else {
            v.unwrap_or(0)
        }
    };
    let rule = match p.line_rule.as_deref() {
        Some("exact") => LineRule::Exact,
        Some("atLeast") => LineRule::AtLeast,
        _ => LineRule::Auto,
    };
    let line = match (rule, p.line) {
        (LineRule::Auto, Some(l)) if l > 0 => l,
        (LineRule::Auto, _) => 240,
        (_, l) => l.unwrap_or(0).abs(),
    };
    ParaFormat {
        style,
        before: auto(p.before_auto, p.before),
        after: auto(p.after_auto, p.after),
        line,
        rule,
        contextual: p.contextual.unwrap_or(false),
        keep_next: p.keep_next.unwrap_or(false),
        keep_lines: p.keep_lines.unwrap_or(false),
        widows: p.widow_control.unwrap_or(true),
        page_break_before: p.page_break_before.unwrap_or(false),
        indent: (p.indent_left.unwrap_or(0), p.indent_right.unwrap_or(0)),
        grid: 0,
        border: (
            p.border_top.unwrap_or(0).max(0),
            p.border_bottom.unwrap_or(0).max(0),
        ),
        cs: None,
    }
}

/// The line grid pitch of the template's last section (twips; 0: no line grid): a
/// `w:docGrid` of type `lines`, `linesAndChars` or `snapToChars` with its `w:linePitch`
/// (the writer writes it as read).
pub fn grid_of(t: &DocTemplate) -> flow::Twips {
    match &t.section.doc_grid {
        Some((ty, pitch)) if ty != "default" => pitch.unwrap_or(360).clamp(0, 31_680),
        _ => 0,
    }
}

/// The numbering instance a template's list style applies (`None`: the role's items use
/// ours), as `renderer::docx::numbering` writes them.
fn list_num(t: &DocTemplate, role: DocRole) -> Option<u32> {
    t.style_for(role)
        .and_then(|s| s.num_id)
        .filter(|&n| t.abstract_of(n).is_some())
}

/// The left indent (twips) list items of `role` are measured at on `t`, as Writer 7.4 sets
/// them: the list style's own `w:ind` (over its numbering level's); else level 0 of the
/// numbering its items use — the template style's instance, the level it overrides its
/// definition with where it does (`w:lvlOverride`; ordered lists restart the definition
/// carrying that level), or ours ([`flow::LIST_INDENT`]). An indent the style only inherits
/// (its `Normal`'s, the paragraph defaults') does not move list items. Measured with
/// python-docx's default template: `List Bullet` with its own left 1440 hanging 360 over its
/// numbering's 360/360: text at 1440; `Normal` (its base) indented 2160, or the paragraph
/// defaults 1440: the items stay at the numbering's 360; the instance overriding level 0 with
/// left 2880 hanging 360: text at 2880.
pub fn list_start(t: &DocTemplate, role: DocRole) -> flow::Twips {
    if let Some(own) = t.style_for(role).and_then(|s| s.para.indent_left) {
        return own;
    }
    match list_num(t, role) {
        Some(n) => t.list_indent(n).unwrap_or(0),
        None => flow::LIST_INDENT,
    }
}

/// The formats pages are predicted with on `t`: what the written styles say for each role
/// (the template's, or ours added on its `Normal`), list indents from the numbering the
/// list styles apply, and the sizes of the template's heading and footnote styles.
pub fn formats_on(t: &DocTemplate) -> Formats {
    let f = |style: &'static str, role: DocRole| format_of(style, &role_para(t, role));
    let list = |role: DocRole| {
        // Each list role is its own style: contextual spacing joins items of one kind only.
        let mut fm = f(
            if role == DocRole::ListBullet {
                "ListBullet"
            } else {
                "ListNumber"
            },
            role,
        );
        fm.indent.0 = list_start(t, role);
        fm
    };
    let size = |role: DocRole| {
        t.style_for(role)
            .and_then(|s| t.run_props(&s.id).size_half_pt)
            .map(|h| h as Cpt * 50)
    };
    let normal_id = t.style_for(DocRole::Normal).map_or("", |s| s.id.as_str());
    // Table cells: our table style's spacing (single, nothing after) where the template's
    // Normal does not set its own (a paragraph style wins over a table style).
    let own = t.style_para(normal_id);
    let cell = ParaFormat {
        before: own.before.unwrap_or(flow::CELL.before),
        after: own.after.unwrap_or(flow::CELL.after),
        line: own.line.unwrap_or(flow::CELL.line),
        ..flow::CELL
    };
    let mut out = Formats {
        normal: f("Normal", DocRole::Normal),
        title: f("Title", DocRole::Title),
        subtitle: f("Subtitle", DocRole::Subtitle),
        headings: [1u8, 2, 3, 4, 5, 6].map(|n| f("Heading", DocRole::Heading(n))),
        list_bullet: list(DocRole::ListBullet),
        list_number: list(DocRole::ListNumber),
        quote: f("Quote", DocRole::Quote),
        caption: f("Caption", DocRole::Caption),
        footnote: f("FootnoteText", DocRole::FootnoteText),
        cell,
        heading_sizes: [1u8, 2, 3, 4, 5, 6].map(|n| size(DocRole::Heading(n))),
        footnote_size: size(DocRole::FootnoteText),
    };
    // Complex script text at each role's `w:szCs` (through `basedOn` and the document
    // defaults, as `w:sz`): the template's style's, or for our own styles on its `Normal`
    // that write no size (lists, quotes) its `Normal`'s; ours that write a size write
    // `w:szCs` with it. `None` where the template says no `w:szCs`: the size.
    let cs = |role: DocRole| {
        let id = match t.style_for(role) {
            Some(s) => s.id.as_str(),
            None if matches!(
                role,
                DocRole::ListBullet | DocRole::ListNumber | DocRole::Quote | DocRole::Normal
            ) =>
            {
                normal_id
            }
            None => return None,
        };
        t.run_props(id).size_cs_half_pt.map(|h| h as Cpt * 50)
    };
    for (f, role) in [
        (&mut out.normal, DocRole::Normal),
        (&mut out.title, DocRole::Title),
        (&mut out.subtitle, DocRole::Subtitle),
        (&mut out.list_bullet, DocRole::ListBullet),
        (&mut out.list_number, DocRole::ListNumber),
        (&mut out.quote, DocRole::Quote),
        (&mut out.caption, DocRole::Caption),
        (&mut out.footnote, DocRole::FootnoteText),
    ]
    .into_iter()
    .chain(
        out.headings
            .iter_mut()
            .zip([1u8, 2, 3, 4, 5, 6].map(DocRole::Heading)),
    ) {
        f.cs = cs(role);
    }
    let grid = grid_of(t);
    for f in [
        &mut out.normal,
        &mut out.title,
        &mut out.subtitle,
        &mut out.list_bullet,
        &mut out.list_number,
        &mut out.quote,
        &mut out.caption,
        &mut out.footnote,
        &mut out.cell,
    ]
    .into_iter()
    .chain(out.headings.iter_mut())
    {
        f.grid = grid;
    }
    out
}

/// The height (twips) of a header or footer part of `t` — its paragraphs stacked, each with
/// its spacing before and after (the larger of two that meet), a table row as tall as its
/// tallest cell — as Writer 7.4 sizes it (measured with python-docx probes on A4 with
/// 1134-twip margins and single-spaced 10 pt Carlito body lines, 244 twips each: a footer
/// 1134 from the edge holding one 10 pt line leaves 58 body lines of 59, a 20 pt line or two
/// 10 pt lines 57; 244 twips of space before, of space after or double line spacing on the
/// footer line 57 too).
///
/// A paragraph's lines are measured as the flow measures a body paragraph
/// ([`flow::para_lines`]: Writer's breaks and widths, each line as tall as its tallest run)
/// at `width` (EMU: the page's width between the margins) less the paragraph's indents, in
/// the fonts and size of its largest run (its own `w:rPr` over its style's: the first of the
/// largest `w:sz`), East Asian text by its East Asian font's line and complex script text at
/// its `w:szCs` (Writer 7.4, a header 567 twips from the edge over a 1134 top margin: 256
/// characters of 10 pt Carlito on A4's 481.9 pt wrap to 3 lines and start the body 8.30 pt
/// down; Japanese named Noto Sans CJK JP, 3 lines of 14.5 pt, 15.2 pt; Arabic at `w:szCs`
/// 16 pt, 3 lines of 33.8 pt, 73.1 pt). A tab counts as a space and a line break
/// (`w:br`) starts a line; an inline picture's line is [`flow::ParaFormat::picture_line`].
/// Not read: text boxes and anchored drawings (drawn over the page, they take no room), tab
/// stops (a tab's text never wraps here), a table cell's own width (its paragraphs are
/// measured at the page's).
pub fn furniture_height(
    t: &DocTemplate,
    paras: &[Furniture],
    m: &mut Measurer<'_>,
    width: Emu,
    fallback: (&str, &str),
    language: &str,
) -> flow::Twips {
    let normal = t
        .style_for(DocRole::Normal)
        .map_or(String::new(), |s| s.id.clone());
    let lang = ShapeLang::from_tag(language);
    let mut para = |p: &Furniture| -> (flow::Twips, flow::Twips, flow::Twips) {
        let id = p
            .style
            .as_deref()
            .filter(|id| t.style(id).is_some())
            .unwrap_or(&normal);
        let style_run = t.run_props(id);
        let half = |r: &RunProps| r.size_half_pt.unwrap_or(20);
        // The run the paragraph is measured in: the first of the largest.
        let run = p
            .runs
            .iter()
            .map(|r| r.props.over(&style_run))
            .fold(None::<RunProps>, |best, r| match best {
                Some(b) if half(&b) >= half(&r) => Some(b),
                _ => Some(r),
            })
            .unwrap_or(style_run);
        let (latin, ea) = t.fonts_in(&run, language);
        let pick = |s: String, f: &str| {
            if s.trim().is_empty() {
                f.to_string()
            } else {
                s
            }
        };
        let fonts = crate::ctx::resolve_fonts(
            m.book,
            &pick(latin, fallback.0),
            &pick(ea, fallback.1),
            run.bold == Some(true),
            &mut Vec::new(),
        );
        let size = half(&run) as Cpt * 50;
        let mut format = format_of("Furniture", &p.para.over(&t.para_props(id)));
        format.cs = run.size_cs_half_pt.map(|h| h as Cpt * 50);
        let border = std::mem::take(&mut format.border);
        let indents = (format.indent.0.max(0) + format.indent.1.max(0)) * EMU_PER_TWIP;
        let width = (width - indents).max(EMU_PER_TWIP);
        let text = p.text().replace('\t', " ");
        let mut h: flow::Twips = text
            .split('\n')
            .map(|line| {
                flow::para_lines(m, &fonts, lang, line, size, &format, width)
                    .iter()
                    .sum::<flow::Twips>()
            })
            .sum();
        h += border.0 + border.1;
        if p.picture > 0 {
            let pic = (p.picture + EMU_PER_TWIP - 1) / EMU_PER_TWIP;
            let natural = flow::latin_line(m.book, &fonts, size);
            h = h.max(format.picture_line(pic, natural));
        }
        (format.before, h, format.after)
    };
    let mut total = 0;
    // The space after of the paragraph above (None: at the top, or after a table row).
    let mut after: Option<flow::Twips> = None;
    let mut i = 0;
    while i < paras.len() {
        match paras[i].cell {
            None => {
                let (b, h, a) = para(&paras[i]);
                total += after.map_or(b, |x| x.max(b)) + h;
                after = Some(a);
                i += 1;
            }
            Some((row, _)) => {
                // The row's cells, each its paragraphs stacked.
                let mut cells: Vec<(u32, flow::Twips)> = Vec::new();
                while let Some(&Furniture {
                    cell: Some((r, c)), ..
                }) = paras.get(i)
                {
                    if r != row {
                        break;
                    }
                    let (b, h, a) = para(&paras[i]);
                    match cells.last_mut() {
                        Some((k, sum)) if *k == c => *sum += b + h + a,
                        _ => cells.push((c, b + h + a)),
                    }
                    i += 1;
                }
                total += after.unwrap_or(0) + cells.iter().map(|&(_, h)| h).max().unwrap_or(0);
                after = None;
            }
        }
    }
    total + after.unwrap_or(0)
}

/// The body height of each kind of page of a document on `t` (twips): the text height of
/// `page`, less what the header takes past the top margin and the footer past the bottom
/// one. Word and Writer start the body at the larger of the top margin and the header's
/// distance plus its height, and end it likewise above the footer (Writer 7.4, LibreOffice's
/// letter: footer 1134 twips from the edge, bottom margin 1134, a 10 pt Noto Sans page
/// number line, measured with Carlito, 244: every page but the first — `w:titlePg` without a
/// first-page footer — ends 12.2 pt higher, its footnotes too). A negative margin keeps its
/// size whatever the header (Word draws the header over the text).
/// The line grid ([`grid_of`]) goes with them: the text fills whole pitches
/// ([`flow::Heights::text`]).
pub fn body_heights(
    t: &DocTemplate,
    page: &Page,
    m: &mut Measurer<'_>,
    fallback: (&str, &str),
    language: &str,
) -> flow::Heights {
    let s = &t.section;
    let text = page.text_height() / EMU_PER_TWIP;
    let mut part = |list: &[(String, String)], kind: &str| {
        list.iter()
            .find(|(k, _)| k == kind)
            .and_then(|(_, p)| t.furniture.iter().find(|(name, _)| name == p))
            .map(|(_, paras)| furniture_height(t, paras, m, page.area_width(), fallback, language))
    };
    let (neg_top, neg_bottom) = s.margins.map_or((false, false), |m| (m[0] < 0, m[2] < 0));
    let mut push = |kind: &str| {
        // No header (footer) of this kind: the margin alone.
        let top = match part(&s.headers, kind) {
            Some(h) if !neg_top => {
                (page.header / EMU_PER_TWIP + h - page.margins[0] / EMU_PER_TWIP).max(0)
            }
            _ => 0,
        };
        let bottom = match part(&s.footers, kind) {
            Some(h) if !neg_bottom => {
                (page.footer / EMU_PER_TWIP + h - page.margins[2] / EMU_PER_TWIP).max(0)
            }
            _ => 0,
        };
        top + bottom
    };
    // Writer stops a header's growth with a fifth of the body left (a 30-paragraph header
    // of 10 pt lines, measured: it drew 50 lines and kept 3026 twips of 14570).
    let least = text / 5;
    let mut body = |kind: &str| (text - push(kind)).max(least);
    let odd = body("default");
    flow::Heights {
        first: if s.title_page { body("first") } else { odd },
        odd,
        even: if t.even_and_odd_headers {
            body("even")
        } else {
            odd
        },
        columns: page.columns.map_or(1, |c| c.0.max(1)),
        grid: grid_of(t),
    }
}

/// Our own list numbering (`renderer::docx::numbering`): level 0 indented
/// [`flow::LIST_INDENT`], hanging this much, so its number is set 360 twips (18 pt) from the
/// start margin.
pub const OUR_LIST_HANGING: flow::Twips = 360;

/// Room (twips) a list item's label needs between the start margin and where its level sets
/// the number, in a right-to-left (`w:bidi`) paragraph: 18 pt (a bullet, or a label up to
/// `99.` at 11 pt), more for longer numbers (each digit 0.64 em and the period 0.34 em of the
/// paragraph's `size`: DejaVu Sans's 0.636 and 0.318, the widest of the faces Writer draws
/// labels with; `100.` in DejaVu Sans at 12 pt measured 26.7 pt in Writer).
///
/// Why: LibreOffice Writer 7.4 reads `w:lvlJc` physically in a right-to-left paragraph:
/// `left` (and `start`) run the label from the number's position to the right, towards the
/// start margin, so a number set on that margin runs past it (measured, A4, 11 pt, number on
/// the margin: a bullet 4.1 pt, `9.` 9.3 pt, `10.` 15.6 pt past the right margin; `center`
/// 2.1 pt; `right` and `end` inside). Word reads it by the paragraph's direction (ECMA-376
/// Part 1 §17.9.7 with §17.18.44 `ST_Jc`: `start`, Transitional's `left`, is the leading
/// edge), so its label runs from the number towards the text, and `right` would put Word's
/// past the margin instead. A number set this far in keeps the label inside in both.
pub fn rtl_label_room(ordered: bool, items: usize, size: Cpt) -> flow::Twips {
    if !ordered {
        return 360;
    }
    let digits = items.max(1).to_string().len() as i64;
    // em hundredths x centipoints / 500 = twips (1 pt = 20 twips = 100 cpt).
    ((digits * 64 + 34) * size as i64 / 500).max(360)
}

/// The indent (start, hanging; twips) a right-to-left item of a list is written with (`w:ind`
/// on the paragraph) and measured at, when the numbering level its items use sets the number
/// nearer the start margin than [`rtl_label_room`]: python-docx's default template (and
/// templates made from it) indent `List Bullet` and `List Number` 360 twips hanging 360, the
/// number on the margin. Start and number move in together by what is missing; the hanging
/// indent stays. `None`: the level's own indents stand (our numbering up to 99 items at
/// 11 pt; a template list style with its own `w:ind`, whose hanging indent is not read).
pub fn rtl_list_indent(
    t: Option<&DocTemplate>,
    ordered: bool,
    items: usize,
    size: Cpt,
) -> Option<(flow::Twips, flow::Twips)> {
    let role = if ordered {
        DocRole::ListNumber
    } else {
        DocRole::ListBullet
    };
    let ours = (flow::LIST_INDENT, flow::LIST_INDENT - OUR_LIST_HANGING);
    let (start, number) = match t {
        None => ours,
        Some(t) if t.style_for(role).and_then(|s| s.para.indent_left).is_some() => return None,
        // The numbering the role's style applies (as `formats_on` measures it), else ours.
        Some(t) => match list_num(t, role) {
            Some(n) => (t.list_indent(n)?, t.list_number_pos(n)?),
            None => ours,
        },
    };
    // The label is set at the paragraph's complex script size (`w:szCs`) there: LibreOffice's
    // letter says 10 pt for Latin and 12 pt for Arabic text.
    let cs = t.and_then(|t| {
        let style = t.style_for(role).or_else(|| t.style_for(DocRole::Normal));
        t.run_props(style.map_or("", |s| s.id.as_str()))
            .size_cs_half_pt
    });
    let size = size.max(cs.map_or(0, |h| h as Cpt * 50));
    let missing = rtl_label_room(ordered, items, size) - number;
    (missing > 0).then_some((start + missing, start - number))
}

#[cfg(test)]
mod tests {
    use super::*;
    use specrender_fonts::FontBook;

    fn fixture(name: &str) -> DocTemplate {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/doc-templates")
            .join(name);
        DocTemplate::from_bytes(std::fs::read(p).unwrap()).unwrap()
    }

    #[test]
    fn french_ids_map_by_built_in_name() {
        let t = fixture("edited-fr-ids.docx");
        let m = style_map(&t);
        let get = |r: DocRole| m.iter().find(|s| s.role == r).unwrap();
        assert_eq!(get(DocRole::Heading(1)).id, "Titre1");
        assert_eq!(get(DocRole::Heading(1)).how, "name");
        assert_eq!(get(DocRole::Title).id, "Titre");
        assert_eq!(get(DocRole::ListBullet).id, "Listepuces");
        // python-docx's default has no footnote styles: ours are added.
        assert!(!get(DocRole::FootnoteText).from_template);
        let page = page_of(&t, "en-US");
        assert_eq!(page.name, "a4");
        assert_eq!(page.margins, [1134 * EMU_PER_TWIP; 4]);
        assert_eq!(t.section.headers.len(), 1);
        assert_eq!(t.section.footers.len(), 1);
        assert!(t
            .carried()
            .iter()
            .any(|c| c.name == "word/media/image1.png"));
    }

    #[test]
    fn japanese_names_map_by_outline_level() {
        let t = fixture("edited-ja-names.docx");
        let m = style_map(&t);
        let h1 = m.iter().find(|s| s.role == DocRole::Heading(1)).unwrap();
        assert_eq!((h1.id.as_str(), h1.how), ("1", "outline"));
        let h3 = m.iter().find(|s| s.role == DocRole::Heading(3)).unwrap();
        assert_eq!(h3.id, "3");
        let th = theme_on(
            &specrender_spec::doc::doc_theme(LangFamily::Japanese),
            &t,
            "ja",
            LangFamily::Japanese,
        );
        assert_eq!(th.fonts.body_ea, "MS Mincho");
        assert_eq!(th.sizes.body, 1050);
        assert_eq!(page_of(&t, "ja").margins, [1701 * EMU_PER_TWIP; 4]);
    }

    #[test]
    fn a_dotx_reads_and_letter_styles_resolve_theme_fonts() {
        let t = fixture("libreoffice-letter.dotx");
        assert_eq!(t.kind, "dotx");
        let t = fixture("pandoc-reference.docx");
        let th = theme_on(
            &specrender_spec::doc::doc_theme(LangFamily::Other),
            &t,
            "en-US",
            LangFamily::Other,
        );
        // pandoc's Normal: the theme's minor font at 12 pt; headings the major font.
        assert_eq!(th.fonts.body, t.theme.as_ref().unwrap().minor.latin);
        assert_eq!(th.fonts.heading, t.theme.as_ref().unwrap().major.latin);
        assert_eq!(th.sizes.body, 1200);
        // No page written: Letter for US English.
        assert_eq!(page_of(&t, "en-US").name, "letter");
    }
    #[test]
    fn a_footer_past_the_bottom_margin_shortens_the_body() {
        let book = FontBook::new(&specrender_fonts::FontOptions::default()).unwrap();
        let heights = |name: &str, lang: &str| {
            let t = fixture(name);
            let page = page_of(&t, lang);
            let th = theme_on(
                &specrender_spec::doc::doc_theme(LangFamily::Other),
                &t,
                lang,
                LangFamily::Other,
            );
            let text = page.text_height() / EMU_PER_TWIP;
            let mut m = Measurer::new(&book);
            let h = body_heights(&t, &page, &mut m, (&th.fonts.body, &th.fonts.body_ea), lang);
            (text, h)
        };
        // LibreOffice's letter: A4, 1134-twip margins, its footer 1134 from the edge holding
        // a 10 pt Noto Sans page number (measured with Carlito: 150 + 50 + 44 = 244 twips);
        // page 1 has no footer (`w:titlePg`, no first-page footer). Writer 7.4: 12.2 pt less.
        let (text, h) = heights("libreoffice-letter.docx", "en-US");
        assert_eq!(text, 14_570);
        assert_eq!(
            h,
            flow::Heights {
                first: 14_570,
                odd: 14_326,
                even: 14_326,
                columns: 1,
                grid: 0,
            }
        );
        // French ids: header and footer 567 from the edge, well inside the 1134 margins (the
        // header's 0.25 in logo line too): the whole text height.
        let (text, h) = heights("edited-fr-ids.docx", "fr-FR");
        assert_eq!(h, flow::Heights::uniform(text));
        // No header or footer at all.
        let (text, h) = heights("python-docx-default.docx", "en-US");
        assert_eq!(h, flow::Heights::uniform(text));
        // The Japanese names: A4 with 1701-twip margins (13,436 twips of text) on an 18 pt
        // line grid: text fills 37 whole pitches (Writer 7.4 set no line lower), and a
        // footnote takes the 116 twips left over first.
        let (text, h) = heights("edited-ja-names.docx", "ja-JP");
        assert_eq!(text, 13_436);
        assert_eq!(h, flow::Heights::uniform(text).on_grid(360));
        assert_eq!(
            (h.text(2, 0), h.text(2, 100), h.text(2, 440)),
            (13_320, 13_320, 12_996)
        );
    }

    /// A4 with 1134-twip margins, the header 567 twips from the edge and its paragraphs
    /// (text, the run's properties, left and right indents): what the header pushes the body
    /// down by (twips).
    fn header_push(paras: &[(&str, RunProps, (i64, i64))]) -> flow::Twips {
        let book = FontBook::new(&specrender_fonts::FontOptions::default()).unwrap();
        let mut t = DocTemplate::default();
        t.defaults = RunProps {
            ascii: Some("Carlito".into()),
            size_half_pt: Some(20),
            size_cs_half_pt: Some(22),
            ..RunProps::default()
        };
        t.section.size = Some((11_906, 16_838));
        t.section.margins = Some([1134; 4]);
        t.section.header = Some(567);
        t.section.headers = vec![("default".into(), "word/header1.xml".into())];
        let furniture = paras
            .iter()
            .map(|(text, props, ind)| Furniture {
                para: ParaProps {
                    indent_left: Some(ind.0),
                    indent_right: Some(ind.1),
                    ..ParaProps::default()
                },
                runs: vec![specrender_template::docx::FurnitureRun {
                    props: props.clone(),
                    text: text.to_string(),
                }],
                ..Furniture::default()
            })
            .collect();
        t.furniture = vec![("word/header1.xml".into(), furniture)];
        let page = page_of(&t, "en-GB");
        let mut m = Measurer::new(&book);
        let h = body_heights(&t, &page, &mut m, ("Carlito", "Noto Sans CJK JP"), "en-GB");
        assert_eq!(h.first, h.odd);
        page.text_height() / EMU_PER_TWIP - h.odd
    }

    #[test]
    fn a_header_paragraph_that_wraps_takes_its_lines() {
        // Writer 7.4 (python-docx probes, 10 pt Carlito lines of 244 twips in the header and
        // the body): one line (567 + 244 < 1134) leaves the body at the margin; 256
        // characters wrap to 3 lines on A4's 481.9 pt and start it 8.30 pt (166 twips) down,
        // twice that text 5 lines, 32.7 pt (654); with 1 in indented on both sides, 4 lines,
        // 20.5 pt (410). Before: every paragraph one line, no push at all.
        const LONG: &str = "Acme Corporation confidential quarterly report prepared for the board of directors and the audit committee, not for distribution outside the company, all rights reserved, revision 2026-11 draft for comment and review by the finance team and the legal department";
        let none = RunProps::default();
        assert_eq!(
            header_push(&[("Acme Corporation", none.clone(), (0, 0))]),
            0
        );
        assert_eq!(
            header_push(&[(LONG, none.clone(), (0, 0))]),
            567 + 3 * 244 - 1134
        );
        let twice = format!("{LONG} {LONG}");
        assert_eq!(
            header_push(&[(&twice, none.clone(), (0, 0))]),
            567 + 5 * 244 - 1134
        );
        assert_eq!(
            header_push(&[(LONG, none.clone(), (1440, 1440))]),
            567 + 4 * 244 - 1134
        );
        // A line break starts a line; a tab is a space.
        assert_eq!(
            header_push(&[("Acme\nConfidential\tdraft\nPage 1", none.clone(), (0, 0))]),
            567 + 3 * 244 - 1134
        );
        // Japanese named Noto Sans CJK JP: 3 lines of 14.5 pt (290), the body 15.2 pt down
        // (304); sized by the Latin font before (244 a line).
        let ja = "株式会社アクメ　社外秘　四半期報告書　取締役会および監査委員会向け資料　社外への配布を禁止します　無断転載を禁ずる　第二版草案".repeat(2);
        let named = RunProps {
            east_asia: Some("Noto Sans CJK JP".into()),
            ..RunProps::default()
        };
        assert_eq!(header_push(&[(&ja, named, (0, 0))]), 567 + 3 * 290 - 1134);
        // Arabic at its `w:szCs`: 16 pt, 3 lines of 33.8 pt (676), the body 73.1 pt down
        // (1462); at the defaults' 11 pt 2 lines of 23.25 pt (465, Writer's line height
        // probes), 18.15 pt (363; read as 18.2 pt in a PDF of 0.1 pt steps).
        let ar = "تقرير ربع سنوي سري أعدته شركة أكمي لمجلس الإدارة ولجنة التدقيق، لا يجوز توزيعه خارج الشركة، جميع الحقوق محفوظة، مسودة المراجعة للتعليق من قبل فريق المالية والإدارة القانونية";
        let big = RunProps {
            size_cs_half_pt: Some(32),
            ..RunProps::default()
        };
        assert_eq!(header_push(&[(ar, big, (0, 0))]), 567 + 3 * 676 - 1134);
        assert_eq!(
            header_push(&[(ar, none.clone(), (0, 0))]),
            567 + 2 * 465 - 1134
        );
        // A header past the page keeps a fifth of the body (Writer: 3026 of 14570 twips).
        let huge = LONG.repeat(30);
        assert_eq!(header_push(&[(&huge, none, (0, 0))]), 14_570 - 14_570 / 5);
    }

    #[test]
    fn complex_script_text_is_measured_at_the_templates_sz_cs() {
        // LibreOffice's letter: `w:szCs` 12 pt in its document defaults, `w:sz` 10 pt in its
        // Normal (Writer draws its Arabic at 12 pt, its Latin at 10 pt: measured). Its Normal
        // and our lists and quotes on it set complex script text at 12 pt; our headings,
        // title and caption write `w:szCs` with their size.
        let f = formats_on(&fixture("libreoffice-letter.docx"));
        assert_eq!(f.normal.cs, Some(1200));
        assert_eq!(f.normal.cs_size(1000), 1200);
        assert_eq!(
            (f.list_bullet.cs, f.list_number.cs),
            (Some(1200), Some(1200))
        );
        assert_eq!(f.quote.cs, Some(1200));
        assert_eq!(
            (f.heading(1).cs, f.title.cs, f.caption.cs),
            (None, None, None)
        );
        // Table cells write their size as `w:szCs` on every run.
        assert_eq!(f.cell.cs, None);
        // The .dotx: 11 pt Normal, 12 pt complex script; the Japanese names: 10.5 and 12 pt.
        assert_eq!(
            formats_on(&fixture("libreoffice-letter.dotx")).normal.cs,
            Some(1200)
        );
        let f = formats_on(&fixture("edited-ja-names.docx"));
        assert_eq!((f.normal.cs, f.caption.cs), (Some(1200), Some(1200)));
        // python-docx's default writes `w:szCs` equal to `w:sz` in every style: no change.
        let t = fixture("python-docx-default.docx");
        let f = formats_on(&t);
        assert_eq!((f.normal.cs, f.heading(1).cs), (Some(1100), Some(1400)));
        assert_eq!(f.heading_sizes[0], Some(1400));
    }

    #[test]
    fn formats_on_a_template_are_what_its_styles_write() {
        // pandoc: 10 pt after every paragraph, single lines, headings 24/10 pt before and
        // nothing after, kept with the next.
        let t = fixture("pandoc-reference.docx");
        let f = formats_on(&t);
        assert_eq!(
            (f.normal.before, f.normal.after, f.normal.line),
            (0, 200, 240)
        );
        let h1 = f.heading(1);
        assert_eq!(
            (h1.before, h1.after, h1.keep_next, h1.keep_lines),
            (480, 0, true, true)
        );
        assert_eq!(f.heading(2).before, 200);
        assert_eq!(f.heading_sizes[0], Some(1600));
        assert_eq!(f.heading_sizes[2], Some(1200));
        // Its Caption is the template's; its Quote is ours on its Normal (line and the rest
        // from pandoc's defaults).
        assert_eq!((f.caption.before, f.caption.after), (0, 120));
        assert_eq!(
            (f.quote.before, f.quote.after, f.quote.line, f.quote.indent),
            (120, 120, 240, (720, 720))
        );
        // LibreOffice's letter: no spacing at all, and widow control off in its Normal; our
        // headings (added) keep their spacing and take its line and widow setting.
        let t = fixture("libreoffice-letter.docx");
        let f = formats_on(&t);
        assert_eq!(
            (f.normal.after, f.normal.line, f.normal.widows),
            (0, 240, false)
        );
        let h1 = f.heading(1);
        assert_eq!(
            (h1.before, h1.after, h1.line, h1.widows),
            (360, 120, 240, false)
        );
        assert_eq!(f.list_bullet.indent, (flow::LIST_INDENT, 0));
        assert_eq!(f.heading_sizes, [None; 6]);
        // python-docx's default: the document defaults are ours (10 pt after, 1.15 lines),
        // its lists indent by its numbering's level 0.
        let t = fixture("python-docx-default.docx");
        let f = formats_on(&t);
        assert_eq!((f.normal.after, f.normal.line), (200, 276));
        assert!(f.list_bullet.contextual);
        assert_eq!(
            f.list_bullet.indent.0,
            t.list_indent(t.style_for(DocRole::ListBullet).unwrap().num_id.unwrap())
                .unwrap()
        );
        assert_eq!(f.title.line, 240);
        assert_eq!(f.normal.grid, 0);
        // The Japanese template's line grid (18 pt): lines take whole pitches.
        let f = formats_on(&fixture("edited-ja-names.docx"));
        assert_eq!(
            (f.normal.grid, f.cell.grid, f.heading(1).grid),
            (360, 360, 360)
        );
        assert_eq!((f.normal.height(300), f.normal.height(361)), (360, 720));
    }

    #[test]
    fn a_title_border_is_part_of_its_height() {
        // python-docx's Title (the French ids template's `Titre`): a 1 pt line 4 pt below the
        // text; Writer 7.4 moves what follows down 5.0 pt for it.
        for name in ["edited-fr-ids.docx", "python-docx-default.docx"] {
            let f = formats_on(&fixture(name));
            assert_eq!(f.title.border, (0, 100), "{name}");
            assert_eq!(f.normal.border, (0, 0), "{name}");
            assert_eq!(f.title.bordered(vec![600, 600]), vec![600, 700]);
        }
        // Templates without one.
        let f = formats_on(&fixture("pandoc-reference.docx"));
        assert_eq!(f.title.border, (0, 0));
        let f = format_of(
            "X",
            &ParaProps {
                border_top: Some(150),
                border_bottom: Some(30),
                ..ParaProps::default()
            },
        );
        assert_eq!(f.bordered(vec![300]), vec![480]);
        assert_eq!(f.bordered(vec![300, 300, 300]), vec![450, 300, 330]);
    }

    #[test]
    fn line_rules_and_auto_spacing_read_as_writer_does() {
        use specrender_template::docx::ParaProps;
        let p = ParaProps {
            line: Some(300),
            line_rule: Some("exact".into()),
            before_auto: Some(true),
            before: Some(100),
            ..ParaProps::default()
        };
        let f = format_of("X", &p);
        assert_eq!(
            (f.rule, f.line, f.before),
            (LineRule::Exact, 300, AUTO_SPACING)
        );
        assert_eq!(f.height(500), 300);
        let f = format_of(
            "X",
            &ParaProps {
                line_rule: Some("atLeast".into()),
                ..p
            },
        );
        assert_eq!((f.height(200), f.height(500)), (300, 500));
        let f = format_of("X", &ParaProps::default());
        assert_eq!((f.line, f.rule, f.widows), (240, LineRule::Auto, true));
    }

    #[test]
    fn list_items_are_indented_as_writer_sets_them() {
        // python-docx's default: List Bullet (numbering instance 1) and List Number (5) take
        // their numbering's level 0, left 360 hanging 360.
        let base = fixture("python-docx-default.docx");
        let f = formats_on(&base);
        assert_eq!((f.list_bullet.indent.0, f.list_number.indent.0), (360, 360));
        let with = |edit: &dyn Fn(&mut DocTemplate)| {
            let mut t = base.clone();
            edit(&mut t);
            let f = formats_on(&t);
            (f.list_bullet.indent.0, f.list_number.indent.0)
        };
        let style = |t: &mut DocTemplate, name: &str| -> usize {
            t.styles.iter().position(|s| s.name == name).unwrap()
        };
        // Writer 7.4: the list style's own left 1440 wins over its numbering's 360.
        let own = with(&|t| {
            let i = style(t, "List Bullet");
            t.styles[i].para.indent_left = Some(1440);
        });
        assert_eq!(own, (1440, 360));
        // `Normal` (the list styles' base) indented 2160, or the paragraph defaults 1440: the
        // items stay at 360 in Writer (measured both; before, measured at 2160 and 1440).
        let inherited = with(&|t| {
            let i = style(t, "Normal");
            t.styles[i].para.indent_left = Some(2160);
        });
        assert_eq!(inherited, (360, 360));
        let defaults = with(&|t| t.para_defaults.indent_left = Some(1440));
        assert_eq!(defaults, (360, 360));
        // Instances 1 and 5 overriding level 0 (left 2880, hanging 360; start 3): Writer sets
        // the items' text at 2880 (before: the definition's 360).
        let overridden = with(&|t| {
            for num in [1, 5] {
                t.num_overrides
                    .push(specrender_template::docx::NumOverride {
                        num,
                        start: Some(3),
                        indent: Some((2880, 2520)),
                        lvl_xml: None,
                    });
            }
        });
        assert_eq!(overridden, (2880, 2880));
        // Our own lists on a template without list styles: our numbering's 720, whatever its
        // Normal says.
        let mut t = fixture("pandoc-reference.docx");
        let i = t
            .styles
            .iter()
            .position(|s| s.default && s.kind == "paragraph");
        t.styles[i.unwrap()].para.indent_left = Some(1000);
        assert_eq!(formats_on(&t).list_bullet.indent.0, flow::LIST_INDENT);
    }

    #[test]
    fn right_to_left_items_move_a_label_set_on_the_margin_inside() {
        // python-docx's default (and the French ids made from it): List Bullet and List
        // Number at 360 hanging 360, the number on the margin.
        for name in ["python-docx-default.docx", "edited-fr-ids.docx"] {
            let t = fixture(name);
            assert_eq!(rtl_list_indent(Some(&t), false, 3, 1100), Some((720, 360)));
            assert_eq!(rtl_list_indent(Some(&t), true, 12, 1100), Some((720, 360)));
            // `100.` gets 24.9 pt at 11 pt.
            assert_eq!(rtl_list_indent(Some(&t), true, 100, 1100), Some((857, 360)));
        }
        // Templates whose list roles are ours: our numbering, the number 18 pt in.
        let t = fixture("pandoc-reference.docx");
        assert_eq!(rtl_list_indent(Some(&t), false, 3, 1200), None);
        // LibreOffice's letter: Latin 10 pt, complex script 12 pt (`100.`: 27.1 pt).
        let t = fixture("libreoffice-letter.docx");
        assert_eq!(rtl_list_indent(Some(&t), true, 100, 1000), Some((902, 360)));
        assert_eq!(rtl_list_indent(None, true, 99, 1100), None);
        // `99.` at 12 pt: 19.4 pt.
        assert_eq!(rtl_list_indent(None, true, 99, 1200), Some((748, 360)));
        assert_eq!(rtl_list_indent(None, true, 100, 1100), Some((857, 360)));
        assert_eq!(rtl_label_room(false, 500, 4000), 360);
    }
}
