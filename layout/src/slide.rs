//! One input slide -> one or more laid slides: slot assignment, stacking, the fit policy's
//! passes (1–2 shrink and spacing, 3 re-slot, 5 split onto continuation slides, 6 report).

use crate::fit::{self, cpt_to_emu, size_steps, TextItem, STEP};
use crate::measure::{self, TextFonts};
use crate::model::*;
use crate::preset::{self, Slot, SlotRole, GAP};
use crate::style::{style_for, Style, INSETS};
use crate::Ctx;
use serde_json::json;
use specrender_fonts::ShapeLang;
use specrender_spec::deck::{Content, Element, ElementKind, Emu, LangFamily, Slide, SlideKind};
use std::collections::{BTreeMap, HashMap};

/// Where an element goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Slot(SlotRole),
    Explicit,
}

#[derive(Debug, Clone)]
pub enum Body {
    Text(TextItem),
    Label(String),
}

#[derive(Debug, Clone)]
pub struct Item {
    pub element_id: String,
    pub kind: ElementKind,
    pub target: Target,
    pub rect: Rect,
    pub placeholder: Option<Placeholder>,
    pub body: Body,
    /// Size before the fit policy ran.
    pub requested: u32,
}

/// The localised suffix of a continuation slide's title.
pub fn continuation_suffix(lang: LangFamily) -> &'static str {
    match lang {
        LangFamily::Korean => " (계속)",
        LangFamily::Japanese => " (続き)",
        LangFamily::ChineseSimplified => " (续)",
        LangFamily::ChineseTraditional => " (續)",
        LangFamily::Other => " (cont.)",
    }
}

/// The preset for a slide: its `layout_id`, else (with a note) the one its type implies.
pub fn choose_preset(ctx: &mut Ctx<'_>, slide: &Slide) -> Preset {
    match Preset::from_id(&slide.layout_id) {
        Some(p) => p,
        None => {
            let p = preset::preset_for_kind(slide.kind);
            if slide.kind != SlideKind::Custom || slide.layout_id != "blank" {
                ctx.note(
                    "unknown_layout",
                    Severity::Low,
                    &slide.id,
                    &slide.id,
                    None,
                    BTreeMap::from([("layout_id".into(), json!(slide.layout_id)), ("used".into(), json!(p.id()))]),
                    format!("{}: layout_id \"{}\" is not a preset; used \"{}\" from the slide type. Use one of: title_center, section_header, one_column, two_column, chart_focus, table_focus, image_full_bleed, quote_center, closing.", slide.id, slide.layout_id, p.id()),
                );
            }
            p
        }
    }
}

/// Slot roles that take body content, in fill order, for a preset.
fn body_roles(slots: &[Slot]) -> Vec<SlotRole> {
    let order = [
        SlotRole::Body,
        SlotRole::Left,
        SlotRole::Right,
        SlotRole::Quote,
        SlotRole::Subtitle,
    ];
    order
        .into_iter()
        .filter(|r| slots.iter().any(|s| s.role == *r))
        .collect()
}

/// Slot assignment (PRODUCT.md §2): `style.box` (or a `custom` slide with a box) places an
/// element where it says; else `role` picks the slot (title, subtitle, body, left, right,
/// quote, caption, attribution, footer); else the order rule: the first `text` element is the
/// title when the layout has a title slot nobody claimed, the rest fill the body slots in
/// order (two columns: the first half left, the rest right, empty columns first).
pub fn assign(slide: &Slide, slots: &[Slot]) -> Vec<Target> {
    let has = |r: SlotRole| slots.iter().any(|s| s.role == r);
    let bodies = body_roles(slots);
    let first_body = bodies.first().copied().unwrap_or(SlotRole::Body);
    let last_body = bodies.last().copied().unwrap_or(SlotRole::Body);
    let mut out: Vec<Option<Target>> = slide
        .elements
        .iter()
        .map(|el| {
            if el.style_box.is_some() {
                return Some(Target::Explicit);
            }
            let pick =
                |r: SlotRole, alt: SlotRole| Some(Target::Slot(if has(r) { r } else { alt }));
            match el.role.as_deref() {
                Some("title") => pick(SlotRole::Title, first_body),
                Some("subtitle") => pick(SlotRole::Subtitle, first_body),
                Some("body") => Some(Target::Slot(first_body)),
                Some("left") => pick(SlotRole::Left, first_body),
                Some("right") => pick(SlotRole::Right, last_body),
                Some("quote") => pick(SlotRole::Quote, first_body),
                Some("caption") => Some(Target::Slot(last_body)),
                Some("attribution") => pick(SlotRole::Attribution, last_body),
                Some("footer") => pick(SlotRole::Footer, last_body),
                _ => None,
            }
        })
        .collect();
    let title_taken = out.contains(&Some(Target::Slot(SlotRole::Title)));
    if has(SlotRole::Title) && !title_taken {
        if let Some(i) = slide
            .elements
            .iter()
            .enumerate()
            .position(|(i, el)| out[i].is_none() && el.kind == ElementKind::Text)
        {
            out[i] = Some(Target::Slot(SlotRole::Title));
        }
    }
    let rest: Vec<usize> = (0..out.len()).filter(|&i| out[i].is_none()).collect();
    if bodies.len() >= 2 && bodies.contains(&SlotRole::Left) {
        let used_left = out.contains(&Some(Target::Slot(SlotRole::Left)));
        let used_right = out.contains(&Some(Target::Slot(SlotRole::Right)));
        let n_left = match (used_left, used_right) {
            (false, false) => rest.len().div_ceil(2),
            (false, true) => rest.len(),
            _ => 0,
        };
        for (k, &i) in rest.iter().enumerate() {
            out[i] = Some(Target::Slot(if k < n_left {
                SlotRole::Left
            } else {
                SlotRole::Right
            }));
        }
    } else {
        for &i in &rest {
            out[i] = Some(Target::Slot(first_body));
        }
    }
    out.into_iter()
        .map(|t| t.unwrap_or(Target::Slot(first_body)))
        .collect()
}

fn label_for(el: &Element) -> String {
    match &el.content {
        Content::Image {
            asset_id, alt_text, ..
        } => format!("[image: {}]", alt_text.as_deref().unwrap_or(asset_id)),
        Content::Chart {
            chart_type, title, ..
        } => match title {
            Some(t) => format!("[{chart_type} chart: {t}]"),
            None => format!("[{chart_type} chart]"),
        },
        Content::Table {
            title,
            columns,
            rows,
        } => {
            let dims = format!("{} x {}", rows.len(), columns.len());
            match title {
                Some(t) => format!("[table {dims}: {t}]"),
                None => format!("[table {dims}]"),
            }
        }
        _ => format!("[{}]", el.kind.as_str()),
    }
}

/// The paragraphs of a text or bullets element. Newlines split a text element into
/// paragraphs; inside a bullet item they become spaces (one item, one paragraph).
pub fn paragraph_texts(el: &Element) -> Option<(Vec<String>, bool)> {
    match &el.content {
        Content::Text { text } => Some((
            text.split('\n')
                .map(|s| s.trim_end_matches('\r').to_string())
                .collect(),
            false,
        )),
        Content::Bullets { items } => Some((
            items.iter().map(|s| s.replace(['\r', '\n'], " ")).collect(),
            true,
        )),
        _ => None,
    }
}

pub fn make_text_item(
    ctx: &mut Ctx<'_>,
    style: Style,
    texts: &[String],
    bullets: bool,
    el: &Element,
    width: Emu,
) -> TextItem {
    let mut t = text_item(style, bullets, el, Vec::new());
    let lw = t.line_width(width).max(1);
    let size = t.style.size;
    let lang = shape_lang(ctx);
    t.paras = texts
        .iter()
        .map(|p| measure::prepare(&mut ctx.m, &t.style.fonts, lang, p, size, lw))
        .collect();
    t
}

/// The language East Asian text is shaped with: the deck's.
fn shape_lang(ctx: &Ctx<'_>) -> ShapeLang {
    ShapeLang::from_tag(&ctx.deck.language)
}

/// A text item at its style's size from prepared paragraphs.
fn text_item(style: Style, bullets: bool, el: &Element, paras: Vec<measure::Prepared>) -> TextItem {
    TextItem {
        size: style.size,
        style,
        bullets,
        paras,
        allow_shrink: el.constraints.allow_shrink,
        priority: el.constraints.priority,
        spacing: true,
    }
}

fn fonts_for(ctx: &Ctx<'_>, bold: bool) -> (TextFonts, TextFonts) {
    let idx = usize::from(bold);
    (ctx.fonts.heading[idx].clone(), ctx.fonts.body[idx].clone())
}

fn build_items(
    ctx: &mut Ctx<'_>,
    slide: &Slide,
    slots: &[Slot],
    targets: &[Target],
    centered: bool,
) -> Vec<Item> {
    let mut seen_slot: Vec<SlotRole> = Vec::new();
    slide
        .elements
        .iter()
        .zip(targets)
        .map(|(el, &target)| {
            let (rect, role, placeholder) = match target {
                Target::Explicit => {
                    let b = el.style_box.expect("explicit target has a box");
                    let role = if el.role.as_deref() == Some("title") { SlotRole::Title } else { SlotRole::Body };
                    (Rect { x: b.x, y: b.y, w: b.w, h: b.h }, role, None)
                }
                Target::Slot(r) => {
                    let slot = slots.iter().find(|s| s.role == r).copied().expect("assigned slot exists");
                    let is_text = matches!(el.kind, ElementKind::Text | ElementKind::Bullets);
                    let first = !seen_slot.contains(&r);
                    let ph = if is_text && first && slide.kind != SlideKind::Custom { slot.placeholder } else { None };
                    if is_text && first {
                        seen_slot.push(r);
                    }
                    (slot.rect, r, ph)
                }
            };
            let bold = matches!(el.emphasis, specrender_spec::deck::Emphasis::High);
            let body = match paragraph_texts(el) {
                Some((texts, bullets)) => {
                    let (h, b) = fonts_for(ctx, bold);
                    let style = style_for(role, el, &ctx.deck.theme, &h, &b, centered);
                    Body::Text(make_text_item(ctx, style, &texts, bullets, el, rect.w))
                }
                None => {
                    ctx.note(
                        "placeholder_element",
                        Severity::Low,
                        &slide.id,
                        &slide.id,
                        Some(&el.id),
                        BTreeMap::from([("kind".into(), json!(el.kind.as_str()))]),
                        format!("{}/{}: {} elements are drawn as a labelled placeholder box by this version of specrender.", slide.id, el.id, el.kind.as_str()),
                    );
                    Body::Label(label_for(el))
                }
            };
            let requested = match &body {
                Body::Text(t) => t.size,
                Body::Label(_) => 0,
            };
            Item { element_id: el.id.clone(), kind: el.kind, target, rect, placeholder, body, requested }
        })
        .collect()
}

/// Lay out the items of one slot: alone, the box is the slot; stacked, lower-priority
/// elements give up size first until the stack fits, then boxes get their measured heights
/// (non-text elements share what is left).
fn fit_slot(ctx: &mut Ctx<'_>, items: &mut [Item], idx: &[usize], rect: Rect) {
    let cjk = ctx.opts.cjk_line_permille;
    if idx.len() == 1 {
        let it = &mut items[idx[0]];
        it.rect = rect;
        if let Body::Text(t) = &mut it.body {
            t.fit_alone(rect.w, rect.h, cjk);
        }
        return;
    }
    let gaps = GAP * (idx.len() as Emu - 1);
    let avail = rect.h - gaps;
    let n_flex = idx
        .iter()
        .filter(|&&i| matches!(items[i].body, Body::Label(_)))
        .count() as Emu;
    let flex_min = rect.h / 4;
    let heights = |items: &[Item]| -> Vec<Emu> {
        idx.iter()
            .map(|&i| match &items[i].body {
                Body::Text(t) => t.needed_box_height(t.size, t.spacing, rect.w, cjk),
                Body::Label(_) => 0,
            })
            .collect()
    };
    let mut hs = heights(items);
    loop {
        let total: Emu = hs.iter().sum::<Emu>() + n_flex * flex_min;
        if total <= avail {
            break;
        }
        // The lowest priority shrinkable element (the later one on ties) gives up 0.5 pt.
        let pick = idx
            .iter()
            .enumerate()
            .filter_map(|(k, &i)| match &items[i].body {
                Body::Text(t) if t.allow_shrink && t.size > t.style.min => {
                    Some((t.priority, std::cmp::Reverse(k), k))
                }
                _ => None,
            })
            .min()
            .map(|(_, _, k)| k);
        match pick {
            Some(k) => {
                if let Body::Text(t) = &mut items[idx[k]].body {
                    t.size = t.size.saturating_sub(STEP).max(t.style.min);
                    hs[k] = t.needed_box_height(t.size, t.spacing, rect.w, cjk);
                }
            }
            None => {
                let mut changed = false;
                for &i in idx {
                    if let Body::Text(t) = &mut items[i].body {
                        if t.spacing && t.paras.len() > 1 {
                            t.spacing = false;
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
                hs = heights(items);
            }
        }
    }
    let text_total: Emu = hs.iter().sum();
    let mut alloc: Vec<Emu> = hs.clone();
    if text_total + n_flex * flex_min <= avail {
        let extra = avail - text_total;
        if n_flex > 0 {
            let each = extra / n_flex;
            for (k, &i) in idx.iter().enumerate() {
                if matches!(items[i].body, Body::Label(_)) {
                    alloc[k] = each;
                }
            }
        } else if let Some(last) = alloc.last_mut() {
            *last += extra;
        }
    } else {
        // Still too tall: share the height in proportion to need; QC reports the overflow.
        let denom = (text_total + n_flex * flex_min).max(1);
        for (k, &i) in idx.iter().enumerate() {
            let need = if matches!(items[i].body, Body::Label(_)) {
                flex_min
            } else {
                hs[k]
            };
            alloc[k] = (avail as i128 * need as i128 / denom as i128) as Emu;
        }
    }
    let mut y = rect.y;
    for (k, &i) in idx.iter().enumerate() {
        items[i].rect = Rect {
            x: rect.x,
            y,
            w: rect.w,
            h: alloc[k],
        };
        y += alloc[k] + GAP;
    }
}

pub fn overflows(ctx: &Ctx<'_>, it: &Item) -> bool {
    match &it.body {
        Body::Text(t) => !t.fits(
            t.size,
            t.spacing,
            it.rect.w,
            it.rect.h,
            ctx.opts.cjk_line_permille,
        ),
        Body::Label(_) => false,
    }
}

/// Groups of item indices per slot role, in slot order; explicit items alone.
fn groups(items: &[Item], slots: &[Slot]) -> Vec<(Rect, Vec<usize>)> {
    let mut out = Vec::new();
    for s in slots {
        let idx: Vec<usize> = (0..items.len())
            .filter(|&i| items[i].target == Target::Slot(s.role))
            .collect();
        if !idx.is_empty() {
            out.push((s.rect, idx));
        }
    }
    for (i, it) in items.iter().enumerate() {
        if it.target == Target::Explicit {
            out.push((it.rect, vec![i]));
        }
    }
    out
}

fn fit_all(ctx: &mut Ctx<'_>, items: &mut [Item], slots: &[Slot]) {
    for (rect, idx) in groups(items, slots) {
        fit_slot(ctx, items, &idx, rect);
    }
}

fn reset_sizes(items: &mut [Item], which: impl Fn(&Item) -> bool) {
    for it in items.iter_mut() {
        if which(it) {
            if let Body::Text(t) = &mut it.body {
                t.size = t.style.size;
                t.spacing = true;
            }
        }
    }
}

/// Pass 2, re-slot: the title slot keeps only the height its text needs and gives the rest
/// to the body slots below it (all of it when the slide has no title).
fn reslot(ctx: &mut Ctx<'_>, items: &[Item], slots: &mut [Slot]) -> Option<Emu> {
    let title_i = slots.iter().position(|s| s.role == SlotRole::Title)?;
    let title_rect = slots[title_i].rect;
    let below: Vec<usize> = (0..slots.len())
        .filter(|&i| {
            matches!(
                slots[i].role,
                SlotRole::Body | SlotRole::Left | SlotRole::Right
            )
        })
        .collect();
    if below.is_empty() {
        return None;
    }
    let in_title: Vec<&Item> = items
        .iter()
        .filter(|it| it.target == Target::Slot(SlotRole::Title))
        .collect();
    let need = match in_title.as_slice() {
        [] => -GAP,
        [it] => match &it.body {
            Body::Text(t) => {
                t.needed_box_height(t.size, t.spacing, title_rect.w, ctx.opts.cjk_line_permille)
            }
            Body::Label(_) => return None,
        },
        _ => return None,
    };
    let delta = title_rect.h - need;
    if delta <= cpt_to_emu(STEP) {
        return None;
    }
    slots[title_i].rect.h = need.max(0);
    for i in below {
        slots[i].rect.y -= delta;
        slots[i].rect.h += delta;
    }
    Some(delta)
}

/// The output slides of one input slide: (output id, items, continuation page).
pub struct SlideOut {
    pub slides: Vec<(String, Vec<Item>, u32)>,
}

fn fix(
    ctx: &mut Ctx<'_>,
    slide_id: &str,
    element_id: Option<&str>,
    action: &str,
    details: BTreeMap<String, serde_json::Value>,
) {
    ctx.fixes.push(Fix {
        slide_id: slide_id.to_string(),
        element_id: element_id.map(str::to_string),
        action: action.to_string(),
        details,
    });
}

fn pt(c: u32) -> serde_json::Value {
    json!(c as f64 / 100.0)
}

fn record_shrinks(ctx: &mut Ctx<'_>, slide_id: &str, items: &[Item]) {
    for it in items {
        if let Body::Text(t) = &it.body {
            if t.size < it.requested {
                fix(
                    ctx,
                    slide_id,
                    Some(&it.element_id),
                    "shrink",
                    BTreeMap::from([
                        ("from_pt".into(), pt(it.requested)),
                        ("to_pt".into(), pt(t.size)),
                    ]),
                );
            }
            if !t.spacing && t.paras.len() > 1 {
                fix(
                    ctx,
                    slide_id,
                    Some(&it.element_id),
                    "reduce_spacing",
                    BTreeMap::new(),
                );
            }
        }
    }
}

/// Units a text element can be split at: bullet items; paragraphs, refined to sentences when
/// one paragraph alone is too long for the box.
fn split_units(item: &TextItem) -> Vec<(usize, String)> {
    item.paras
        .iter()
        .enumerate()
        .map(|(i, p)| (i, p.text.clone()))
        .collect()
}

/// Sentences of a paragraph: split after . ! ? (followed by a space) and after 。！？.
pub fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let next = chars.get(k + 1).map(|&(_, n)| n);
        let end_here = match c {
            '。' | '！' | '？' => true,
            '.' | '!' | '?' => next.is_none_or(char::is_whitespace),
            _ => false,
        };
        if end_here {
            // Keep the following white space with this sentence.
            let mut e = i + c.len_utf8();
            while let Some(ch) = text[e..].chars().next() {
                if ch.is_whitespace() {
                    e += ch.len_utf8();
                } else {
                    break;
                }
            }
            if e > start && e < text.len() {
                out.push(text[start..e].to_string());
                start = e;
            }
        }
    }
    out.push(text[start..].to_string());
    out
}

/// The paragraph texts of a chunk of units: consecutive units of one source paragraph join
/// back into one paragraph; trailing white space is dropped.
fn chunk_texts(units: &[(usize, String)]) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    let mut last: Option<usize> = None;
    for (p, t) in units {
        if last == Some(*p) {
            texts.last_mut().expect("a paragraph to extend").push_str(t);
        } else {
            texts.push(t.clone());
        }
        last = Some(*p);
    }
    for t in texts.iter_mut() {
        let trimmed = t.trim_end().len();
        t.truncate(trimmed);
    }
    texts
}

/// The split of one text element (fit policy step 5). The packer tries many overlapping
/// chunks of units at many sizes; each distinct paragraph text is prepared (segmented,
/// shaped) once — its line counts are remembered per size — and a chunk's height is added up
/// paragraph by paragraph as it grows: the same sum [`TextItem::measure`] makes, from the
/// same [`fit::paragraph_needed`], so the chunks are exactly the ones measuring each
/// candidate item would give.
struct Splitter<'e> {
    base: &'e TextItem,
    el: &'e Element,
    rect: Rect,
    lw: Emu,
    cjk: u32,
    lang: ShapeLang,
    paras: HashMap<String, measure::Prepared>,
}

impl<'e> Splitter<'e> {
    fn new(ctx: &Ctx<'_>, base: &'e TextItem, el: &'e Element, rect: Rect) -> Self {
        Splitter {
            base,
            el,
            rect,
            lw: base.line_width(rect.w).max(1),
            cjk: ctx.opts.cjk_line_permille,
            lang: shape_lang(ctx),
            paras: HashMap::new(),
        }
    }

    fn para(&mut self, ctx: &mut Ctx<'_>, text: &str) -> &measure::Prepared {
        if !self.paras.contains_key(text) {
            let prep = measure::prepare(
                &mut ctx.m,
                &self.base.style.fonts,
                self.lang,
                text,
                self.base.style.size,
                self.lw,
            );
            self.paras.insert(text.to_string(), prep);
        }
        &self.paras[text]
    }

    /// Height (lines x pitch, EMU) of a paragraph at `size`, and whether it has CJK.
    fn height(&mut self, ctx: &mut Ctx<'_>, text: &str, size: u32) -> (Emu, bool) {
        let (lw, cjk) = (self.lw, self.cjk);
        let p = self.para(ctx, text);
        (fit::paragraph_needed(p, size, lw, cjk), p.has_cjk)
    }

    /// Does `units` as one item fit the box at `size` with paragraph spacing on?
    fn fits(&mut self, ctx: &mut Ctx<'_>, units: &[(usize, String)], size: u32) -> bool {
        let mut needed: Emu = 0;
        let mut cjk = false;
        for (i, t) in chunk_texts(units).iter().enumerate() {
            let (h, c) = self.height(ctx, t, size);
            needed += h + cpt_to_emu(fit::space_before_at(i, size, true));
            cjk |= c;
        }
        needed <= fit::usable_height(self.rect.h, cjk).0
    }

    /// Greedy packing of units into chunks that fit at `size` (a unit too big alone gets a
    /// chunk).
    fn pack(
        &mut self,
        ctx: &mut Ctx<'_>,
        units: &[(usize, String)],
        size: u32,
    ) -> Vec<std::ops::Range<usize>> {
        let mut chunks = Vec::new();
        let mut a = 0;
        while a < units.len() {
            // The chunk units[a..=b] as it grows: paragraphs before the last are final.
            let mut closed: Emu = 0;
            let mut closed_cjk = false;
            let mut n_paras = 1;
            let mut last_p = units[a].0;
            let mut last_raw = units[a].1.clone();
            let mut b = a + 1;
            while b < units.len() {
                let (p, t) = &units[b];
                if *p == last_p {
                    last_raw.push_str(t);
                } else {
                    let (h, c) = self.height(ctx, last_raw.trim_end(), size);
                    closed += h + cpt_to_emu(fit::space_before_at(n_paras - 1, size, true));
                    closed_cjk |= c;
                    n_paras += 1;
                    last_p = *p;
                    last_raw.clone_from(t);
                }
                let (h, c) = self.height(ctx, last_raw.trim_end(), size);
                let needed = closed + h + cpt_to_emu(fit::space_before_at(n_paras - 1, size, true));
                if needed > fit::usable_height(self.rect.h, closed_cjk || c).0 {
                    break;
                }
                b += 1;
            }
            chunks.push(a..b);
            a = b;
        }
        chunks
    }

    /// The text item of a chunk, at the element's own size (the prepared paragraphs are
    /// taken from the cache: each chunk is made once, at the end).
    fn item(&mut self, ctx: &mut Ctx<'_>, units: &[(usize, String)]) -> TextItem {
        let paras = chunk_texts(units)
            .iter()
            .map(|t| match self.paras.remove(t.as_str()) {
                Some(p) => p,
                None => measure::prepare(
                    &mut ctx.m,
                    &self.base.style.fonts,
                    self.lang,
                    t,
                    self.base.style.size,
                    self.lw,
                ),
            })
            .collect();
        text_item(self.base.style.clone(), self.base.bullets, self.el, paras)
    }
}

/// Lay out one input slide into laid items for one or more output slides.
pub fn lay_slide(ctx: &mut Ctx<'_>, slide: &Slide, preset: Preset) -> SlideOut {
    let size = ctx.deck.slide_size;
    let mut slots = preset::slots(preset, size);
    let centered = matches!(preset, Preset::TitleCenter | Preset::Closing);
    let targets = assign(slide, &slots);
    let mut items = build_items(ctx, slide, &slots, &targets, centered);
    // Pass 1: shrink and spacing.
    fit_all(ctx, &mut items, &slots);
    let body_over = |ctx: &Ctx<'_>, items: &[Item]| {
        items.iter().any(|it| {
            matches!(
                it.target,
                Target::Slot(SlotRole::Body | SlotRole::Left | SlotRole::Right)
            ) && overflows(ctx, it)
        })
    };
    // Pass 2: re-slot.
    if body_over(ctx, &items) {
        if let Some(delta) = reslot(ctx, &items, &mut slots) {
            fix(
                ctx,
                &slide.id,
                None,
                "reslot",
                BTreeMap::from([(
                    "moved_height_in".into(),
                    json!((delta as f64 / 914_400.0 * 1000.0).round() / 1000.0),
                )]),
            );
            reset_sizes(&mut items, |it| {
                matches!(
                    it.target,
                    Target::Slot(SlotRole::Body | SlotRole::Left | SlotRole::Right)
                )
            });
            fit_all(ctx, &mut items, &slots);
        }
    }
    // Pass 3: split onto continuation slides (one overflowing bullets/text element alone in
    // its slot).
    let split_candidate = items.iter().position(|it| {
        matches!(
            it.target,
            Target::Slot(SlotRole::Body | SlotRole::Left | SlotRole::Right)
        ) && matches!(&it.body, Body::Text(_))
            && overflows(ctx, it)
            && items.iter().filter(|o| o.target == it.target).count() == 1
    });
    let mut out = SlideOut { slides: Vec::new() };
    match split_candidate {
        Some(ci) => {
            let el = slide
                .elements
                .iter()
                .find(|e| e.id == items[ci].element_id)
                .expect("element of item");
            let Body::Text(base) = items[ci].body.clone() else {
                unreachable!()
            };
            let rect = items[ci].rect;
            let cjk = ctx.opts.cjk_line_permille;
            let mut split = Splitter::new(ctx, &base, el, rect);
            let mut units = split_units(&base);
            // Refine paragraphs too long alone (at the floor) into sentences.
            if !base.bullets {
                let mut refined = Vec::new();
                for (p, t) in units {
                    if split.fits(ctx, &[(p, t.clone())], base.style.min) {
                        refined.push((p, t));
                    } else {
                        refined.extend(sentences(&t).into_iter().map(|s| (p, s)));
                    }
                }
                units = refined;
            }
            let floor = if base.allow_shrink {
                base.style.min
            } else {
                base.style.size
            };
            let min_chunks = split.pack(ctx, &units, floor).len();
            // The largest size that needs no more slides than the floor does.
            let sizes = size_steps(base.style.size, floor);
            let mut chunks = Vec::new();
            if units.len() == base.paras.len() {
                // Every unit is a whole paragraph (bullets, or text not cut into sentences):
                // the number of chunks never grows as the size shrinks — a chunk that fits at
                // one size fits at any smaller one, and dropping a paragraph from either end
                // of a chunk that fits leaves one that fits, so greedy chunks only get longer
                // — so binary search finds the size the scan below would.
                let s = fit::largest_fitting(&sizes, |s| {
                    split.pack(ctx, &units, s).len() <= min_chunks
                })
                .unwrap_or(floor);
                chunks = split.pack(ctx, &units, s);
            } else {
                for s in sizes {
                    let c = split.pack(ctx, &units, s);
                    if c.len() <= min_chunks {
                        chunks = c;
                        break;
                    }
                }
            }
            const MAX_CONT: usize = 10;
            if chunks.len() > MAX_CONT + 1 {
                let tail = chunks[MAX_CONT].start..units.len();
                chunks.truncate(MAX_CONT);
                chunks.push(tail);
            }
            if chunks.len() <= 1 {
                // Nothing to split (one unit): keep the slide as fitted.
                record_shrinks(ctx, &slide.id, &items);
                out.slides.push((slide.id.clone(), items, 0));
            } else {
                let title_item = items
                    .iter()
                    .find(|it| it.target == Target::Slot(SlotRole::Title))
                    .cloned();
                let n = chunks.len();
                let slide_ids: Vec<String> = (0..n)
                    .map(|k| {
                        if k == 0 {
                            slide.id.clone()
                        } else {
                            ctx.continuation_id(&slide.id, k as u32 + 1)
                        }
                    })
                    .collect();
                fix(
                    ctx,
                    &slide.id,
                    Some(&el.id),
                    "split",
                    BTreeMap::from([
                        ("slides".into(), json!(slide_ids)),
                        ("units".into(), json!(units.len())),
                    ]),
                );
                for (k, range) in chunks.into_iter().enumerate() {
                    let mut t = split.item(ctx, &units[range]);
                    t.fit_alone(rect.w, rect.h, cjk);
                    let mut body_item = items[ci].clone();
                    body_item.body = Body::Text(t);
                    let slide_items = if k == 0 {
                        let mut v = items.clone();
                        v[ci] = body_item;
                        v
                    } else {
                        let mut v = Vec::new();
                        if let Some(ti) = &title_item {
                            let mut ti = ti.clone();
                            if let Body::Text(tt) = &ti.body {
                                let mut texts: Vec<String> =
                                    tt.paras.iter().map(|p| p.text.clone()).collect();
                                if let Some(last) = texts.last_mut() {
                                    last.push_str(continuation_suffix(ctx.deck.lang));
                                }
                                let tel = slide
                                    .elements
                                    .iter()
                                    .find(|e| e.id == ti.element_id)
                                    .expect("title element");
                                let mut nt = make_text_item(
                                    ctx,
                                    tt.style.clone(),
                                    &texts,
                                    tt.bullets,
                                    tel,
                                    ti.rect.w,
                                );
                                nt.fit_alone(ti.rect.w, ti.rect.h, cjk);
                                ti.body = Body::Text(nt);
                            }
                            v.push(ti);
                        }
                        v.push(body_item);
                        v
                    };
                    record_shrinks(ctx, &slide_ids[k], &slide_items);
                    out.slides
                        .push((slide_ids[k].clone(), slide_items, k as u32));
                }
            }
        }
        None => {
            record_shrinks(ctx, &slide.id, &items);
            out.slides.push((slide.id.clone(), items, 0));
        }
    }
    out
}

/// The `lang` written on runs: the deck's BCP-47 tag, with the usual region added to a bare
/// language (`ko` -> `ko-KR`) because Office's proofing and font fallback key on full cultures.
pub fn run_lang(language: &str) -> String {
    let region = match language.to_ascii_lowercase().as_str() {
        "ko" => "ko-KR",
        "ja" => "ja-JP",
        "zh" | "zh-hans" => "zh-CN",
        "zh-hant" => "zh-TW",
        "en" => "en-US",
        _ => return language.to_string(),
    };
    region.to_string()
}

/// Final conversion of a fitted item to the model's placed box.
pub fn to_box(ctx: &Ctx<'_>, it: &Item, full_bleed: bool) -> PlacedBox {
    let content = match &it.body {
        Body::Label(l) => BoxContent::Placeholder { label: l.clone() },
        Body::Text(t) => {
            let m = t.measure(
                t.size,
                t.spacing,
                it.rect.w,
                it.rect.h,
                ctx.opts.cjk_line_permille,
            );
            let lang = run_lang(&ctx.deck.language);
            let paragraphs = t
                .paras
                .iter()
                .enumerate()
                .map(|(i, p)| Paragraph {
                    text: p.text.clone(),
                    bullet: t.bullets.then(|| Bullet {
                        char: '•',
                        font: "Arial".into(),
                    }),
                    lang: lang.clone(),
                    ea_line_break: !p.korean,
                    line_pitch: m.pitches[i],
                    space_before: m.space_before[i],
                    space_after: 0,
                    margin_left: if t.bullets {
                        crate::style::BULLET_MARGIN
                    } else {
                        0
                    },
                    indent: if t.bullets {
                        -crate::style::BULLET_MARGIN
                    } else {
                        0
                    },
                    lines: m.breaks[i]
                        .lines
                        .iter()
                        .map(|l| Line {
                            start: l.start,
                            end: l.end,
                            width: l.width,
                        })
                        .collect(),
                    runs: p.runs.clone(),
                })
                .collect();
            let broken_words = t
                .paras
                .iter()
                .zip(&m.breaks)
                .flat_map(|(p, b)| p.broken_words(b))
                .collect();
            BoxContent::Text(TextBox {
                size: t.size,
                requested_size: it.requested,
                min_size: t.style.min,
                bold: t.style.fonts.bold,
                color: t.style.color,
                align: t.style.align,
                anchor: t.style.anchor,
                insets: INSETS,
                paragraphs,
                needed_height: m.needed,
                usable_height: m.usable,
                safety_permille: m.safety_permille,
                total_chars: t.total_chars(),
                capacity_chars: t.capacity_chars(&m),
                broken_words,
            })
        }
    };
    PlacedBox {
        element_id: it.element_id.clone(),
        kind: it.kind.as_str().to_string(),
        rect: it.rect,
        placeholder: it.placeholder,
        explicit: it.target == Target::Explicit,
        full_bleed,
        content,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_split_after_terminators() {
        assert_eq!(
            sentences("One. Two! Three?"),
            vec!["One. ", "Two! ", "Three?"]
        );
        assert_eq!(sentences("v1.2 is out. Yes"), vec!["v1.2 is out. ", "Yes"]);
        assert_eq!(
            sentences("これは文です。次の文。"),
            vec!["これは文です。", "次の文。"]
        );
    }
}
