//! Text and bullets elements: paragraphs prepared once by the text engine, then measured at
//! whatever size the fit policy tries. Step 1 (shrink to the largest size that fits, 0.5 pt
//! steps, never below the floor) and step 2 (drop paragraph spacing) for one box live here;
//! step 5's cut into continuation slides is in `text_split`.

use super::{text_split, Fit, Split};
use crate::ctx::Ctx;
use crate::findings::{Finding, FixAction};
use crate::model::{BoxContent, Bullet, Line, Paragraph, Rect, TextBox};
use crate::shrink::{largest_fitting, size_steps, STEP};
use crate::style::{Style, BULLET_MARGIN, INSETS};
use crate::text::height::{self, inner_height_for, paragraph_height, space_before_at};
use crate::text::linebreak::Broken;
use crate::text::{prepare, Prepared};
use specrender_spec::deck::{Content, Element};
use specrender_spec::units::{cpt_to_emu, Cpt, Emu};

#[derive(Debug, Clone)]
pub struct TextItem {
    pub style: Style,
    pub bullets: bool,
    pub paras: Vec<Prepared>,
    pub allow_shrink: bool,
    pub priority: u8,
    /// Current size (centipoints).
    pub size: Cpt,
    /// Paragraph spacing still on (fit policy step 2 turns it off).
    pub spacing: bool,
    /// Line pitch of paragraphs with CJK, per mille of the size.
    pub cjk_permille: u32,
    /// Text columns in the box: 1, or 2 when fit policy step 4 set bullets in two columns.
    pub columns: u8,
}

/// Gap between the two text columns of a box (`a:bodyPr spcCol`): 0.3 in, the slots' gutter.
pub const COLUMN_GAP: Emu = crate::preset::GUTTER;
/// Step 4's "slot wide enough": each of two columns keeps at least 3 in for its text lines.
pub const MIN_COLUMN_LINE: Emu = 3 * specrender_spec::units::EMU_PER_INCH;
/// Step 4's "items short": at the size tried, no bullet item wraps to more than 2 lines in a
/// column (measured with the same line breaking as everything else).
pub const MAX_COLUMN_ITEM_LINES: usize = 2;

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

/// A text item measured at one size in one rectangle.
#[derive(Debug, Clone)]
pub struct Measured {
    pub breaks: Vec<Broken>,
    pub pitches: Vec<Cpt>,
    pub space_before: Vec<Cpt>,
    pub needed: Emu,
    pub usable: Emu,
    pub safety_permille: u32,
}

/// What text may use of a box `h` EMU tall (the insets off, then the safety margin).
fn usable_in_box(h: Emu, has_cjk: bool) -> (Emu, u32) {
    height::usable_height(h - INSETS.t - INSETS.b, has_cjk)
}

impl TextItem {
    /// The paragraphs `texts` prepared for lines of a box `width` EMU wide, at `style`'s size.
    pub fn new(
        ctx: &mut Ctx<'_>,
        style: Style,
        texts: &[String],
        bullets: bool,
        el: &Element,
        width: Emu,
    ) -> TextItem {
        let mut t = TextItem {
            size: style.size,
            style,
            bullets,
            paras: Vec::new(),
            allow_shrink: el.constraints.allow_shrink,
            priority: el.constraints.priority,
            spacing: true,
            cjk_permille: ctx.opts.cjk_line_permille,
            columns: 1,
        };
        let lw = t.line_width(width).max(1);
        let (size, lang) = (t.style.size, ctx.shape_lang());
        t.paras = texts
            .iter()
            .map(|p| prepare(&mut ctx.m, &t.style.fonts, lang, p, size, lw))
            .collect();
        t
    }

    /// The same element with other paragraphs (a piece of a split), at the style's size.
    pub fn with_paras(&self, paras: Vec<Prepared>) -> TextItem {
        TextItem {
            style: self.style.clone(),
            bullets: self.bullets,
            paras,
            allow_shrink: self.allow_shrink,
            priority: self.priority,
            size: self.style.size,
            spacing: true,
            cjk_permille: self.cjk_permille,
            columns: 1,
        }
    }

    pub fn has_cjk(&self) -> bool {
        self.paras.iter().any(|p| p.has_cjk)
    }

    /// Width available to the text of each line (of each column).
    pub fn line_width(&self, box_w: Emu) -> Emu {
        let cols = Emu::from(self.columns.max(1));
        let inner = box_w - INSETS.l - INSETS.r - (cols - 1) * COLUMN_GAP;
        inner / cols - if self.bullets { BULLET_MARGIN } else { 0 }
    }

    /// The height the paragraphs need given each one's height (its space before included):
    /// their sum in one column; in two, the smallest over the places the items can be cut
    /// between the columns of the taller column (whole items per column, the second column's
    /// first item keeping its space before). A viewer fills column 1 first and may also break
    /// an item across the columns, which only ever shortens column 2, so text that fits here
    /// fits there.
    fn column_height(&self, heights: &[Emu]) -> Emu {
        let total: Emu = heights.iter().sum();
        if self.columns < 2 {
            return total;
        }
        let mut first: Emu = 0;
        let mut best = total;
        for h in heights {
            first += h;
            best = best.min(first.max(total - first));
        }
        best
    }

    /// The smallest size step 1 may reach.
    pub fn floor(&self) -> Cpt {
        if self.allow_shrink {
            self.style.min
        } else {
            self.style.size
        }
    }

    pub fn measure(&self, size: Cpt, spacing: bool, w: Emu, h: Emu) -> Measured {
        let lw = self.line_width(w).max(1);
        let mut breaks = Vec::with_capacity(self.paras.len());
        let mut pitches = Vec::with_capacity(self.paras.len());
        let mut space_before = Vec::with_capacity(self.paras.len());
        let mut heights = Vec::with_capacity(self.paras.len());
        for (i, p) in self.paras.iter().enumerate() {
            let (b, pt, height) = paragraph_height(p, size, lw, self.cjk_permille);
            let sb = space_before_at(i, size, spacing);
            heights.push(height + cpt_to_emu(sb));
            breaks.push(b);
            pitches.push(pt);
            space_before.push(sb);
        }
        let needed = self.column_height(&heights);
        let (usable, safety_permille) = usable_in_box(h, self.has_cjk());
        Measured {
            breaks,
            pitches,
            space_before,
            needed,
            usable,
            safety_permille,
        }
    }

    /// [`Measured::needed`] of [`TextItem::measure`], from the paragraphs' remembered line
    /// counts (no lines built).
    pub fn needed(&self, size: Cpt, spacing: bool, w: Emu) -> Emu {
        let lw = self.line_width(w).max(1);
        let heights = self.paras.iter().enumerate().map(|(i, p)| {
            height::paragraph_needed(p, size, lw, self.cjk_permille)
                + cpt_to_emu(space_before_at(i, size, spacing))
        });
        if self.columns < 2 {
            return heights.sum();
        }
        self.column_height(&heights.collect::<Vec<_>>())
    }

    /// Step 4 for bullets: two columns within `rect` when the slot is wide enough (each column
    /// keeps [`MIN_COLUMN_LINE`] for its lines) and the items are short (none needs more than
    /// [`MAX_COLUMN_ITEM_LINES`] lines in a column at the size tried), at the largest size
    /// (0.5 pt steps, not below the floor; then with paragraph spacing off) at which the two
    /// columns fit. Unchanged, and `false`, when there is none.
    fn try_two_columns(&mut self, rect: Rect) -> bool {
        if !self.bullets || self.paras.len() < 2 || self.columns != 1 {
            return false;
        }
        let before = (self.size, self.spacing);
        self.columns = 2;
        let lw = self.line_width(rect.w);
        let short = |t: &TextItem, s: Cpt| {
            t.paras
                .iter()
                .all(|p| p.line_count(s, lw) <= MAX_COLUMN_ITEM_LINES)
        };
        if lw >= MIN_COLUMN_LINE {
            let floor = self.floor().min(self.style.size);
            let sizes = size_steps(self.style.size, floor);
            for spacing in [true, false] {
                let ok = |s: Cpt| short(self, s) && self.fits(s, spacing, rect.w, rect.h);
                if let Some(s) = largest_fitting(&sizes, ok) {
                    (self.size, self.spacing) = (s, spacing);
                    return true;
                }
            }
        }
        self.columns = 1;
        (self.size, self.spacing) = before;
        false
    }

    /// Whether [`TextItem::measure`] would need at most the usable height, without building
    /// the lines.
    pub fn fits(&self, size: Cpt, spacing: bool, w: Emu, h: Emu) -> bool {
        self.needed(size, spacing, w) <= usable_in_box(h, self.has_cjk()).0
    }

    /// Height a box of width `w` needs for this text at `size` (insets and safety included).
    pub fn needed_box_height(&self, size: Cpt, spacing: bool, w: Emu) -> Emu {
        let needed = self.needed(size, spacing, w);
        inner_height_for(needed, self.has_cjk()) + INSETS.t + INSETS.b
    }

    /// Characters (grapheme clusters) of the lines that fit in `usable` height.
    pub fn capacity_chars(&self, m: &Measured) -> u32 {
        let mut used: Emu = 0;
        let mut chars = 0u32;
        for (i, (p, b)) in self.paras.iter().zip(&m.breaks).enumerate() {
            used += cpt_to_emu(m.space_before[i]);
            for line in &b.lines {
                used += cpt_to_emu(m.pitches[i]);
                if used > m.usable {
                    return chars;
                }
                chars += crate::text::grapheme_count(&p.text[line.start..line.end]);
            }
        }
        chars
    }

    pub fn total_chars(&self) -> u32 {
        self.paras.iter().map(|p| p.chars).sum()
    }

    /// The laid-out text box at the current size in a `w` x `h` box.
    fn text_box(&self, lang: &str, w: Emu, h: Emu) -> TextBox {
        let m = self.measure(self.size, self.spacing, w, h);
        let paragraphs = self
            .paras
            .iter()
            .enumerate()
            .map(|(i, p)| Paragraph {
                text: p.text.clone(),
                bullet: self.bullets.then(|| Bullet {
                    char: '•',
                    font: crate::text::shared("Arial"),
                    color: None,
                }),
                lang: crate::text::shared(lang),
                ea_line_break: !p.korean,
                rtl: p.rtl,
                line_pitch: m.pitches[i],
                space_before: m.space_before[i],
                space_after: 0,
                margin_left: if self.bullets { BULLET_MARGIN } else { 0 },
                indent: if self.bullets { -BULLET_MARGIN } else { 0 },
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
                glyphs: None,
            })
            .collect();
        let broken_words = self
            .paras
            .iter()
            .zip(&m.breaks)
            .flat_map(|(p, b)| p.broken_words(b))
            .collect();
        TextBox {
            fill: self.style.fill,
            size: self.size,
            requested_size: self.style.size,
            min_size: self.style.min,
            bold: self.style.fonts.bold,
            color: self.style.color,
            align: self.style.align,
            anchor: self.style.anchor,
            insets: INSETS,
            paragraphs,
            needed_height: m.needed,
            usable_height: m.usable,
            safety_permille: m.safety_permille,
            total_chars: self.total_chars(),
            capacity_chars: self.capacity_chars(&m),
            broken_words,
            columns: self.columns,
            column_gap: if self.columns > 1 { COLUMN_GAP } else { 0 },
            field: None,
            links: Vec::new(),
        }
    }

    /// Characters no font has, in order of appearance, without white space and controls.
    fn missing_chars(&self) -> Vec<char> {
        let mut missing: Vec<char> = Vec::new();
        for &c in self.paras.iter().flat_map(|p| p.missing.iter()) {
            if !missing.contains(&c) && !c.is_whitespace() && !c.is_control() {
                missing.push(c);
            }
        }
        missing
    }
}

impl Fit for TextItem {
    fn needed_height(&self, w: Emu) -> Option<Emu> {
        Some(self.needed_box_height(self.size, self.spacing, w))
    }

    fn overflows(&self, rect: Rect) -> bool {
        !self.fits(self.size, self.spacing, rect.w, rect.h)
    }

    /// The largest size (0.5 pt steps, not below the floor) that fits; if none fits,
    /// paragraph spacing off and search again; if still none, the floor.
    fn fit_alone(&mut self, rect: Rect) {
        let (w, h) = (rect.w, rect.h);
        let start = self.size;
        if self.fits(start, self.spacing, w, h) {
            return;
        }
        let floor = if self.allow_shrink {
            self.style.min.min(start)
        } else {
            start
        };
        let sizes = size_steps(start, floor);
        let can_reduce = self.spacing && self.paras.len() > 1;
        for spacing in [self.spacing, false] {
            if !spacing && !can_reduce && self.spacing {
                break;
            }
            if let Some(s) = largest_fitting(&sizes, |s| self.fits(s, spacing, w, h)) {
                self.size = s;
                self.spacing = spacing;
                return;
            }
            if !self.spacing {
                break;
            }
        }
        self.size = floor;
        if can_reduce {
            self.spacing = false;
        }
    }

    fn priority(&self) -> u8 {
        self.priority
    }

    fn can_shrink(&self) -> bool {
        self.allow_shrink && self.size > self.style.min
    }

    fn shrink_step(&mut self) {
        self.size = self.size.saturating_sub(STEP).max(self.style.min);
    }

    fn reduce_spacing(&mut self) -> bool {
        let change = self.spacing && self.paras.len() > 1;
        if change {
            self.spacing = false;
        }
        change
    }

    fn reset(&mut self) {
        self.size = self.style.size;
        self.spacing = true;
    }

    fn two_columns(&mut self, rect: Rect) -> bool {
        self.try_two_columns(rect)
    }

    fn split(&self, ctx: &mut Ctx<'_>, rect: Rect) -> Option<Split> {
        text_split::split(ctx, self, rect)
    }

    fn split_into(&self, ctx: &mut Ctx<'_>, first: Rect, rest: Rect) -> Option<Split> {
        text_split::split_into(ctx, self, first, rest)
    }

    fn fixes(&self) -> Vec<FixAction> {
        let mut out = Vec::new();
        if self.columns > 1 {
            out.push(FixAction::TwoColumns);
        }
        if self.size < self.style.size {
            out.push(FixAction::Shrink {
                from: self.style.size,
                to: self.size,
            });
        }
        if !self.spacing && self.paras.len() > 1 {
            out.push(FixAction::ReduceSpacing);
        }
        out
    }

    fn finish(&self, ctx: &Ctx<'_>, rect: Rect) -> (BoxContent, Vec<Finding>) {
        let tb = self.text_box(&run_lang(&ctx.deck.language), rect.w, rect.h);
        let mut findings = Vec::new();
        let chars = self.missing_chars();
        if !chars.is_empty() {
            findings.push(Finding::MissingGlyphs { chars });
        }
        if !tb.broken_words.is_empty() {
            findings.push(Finding::BrokenWords {
                words: tb.broken_words.clone(),
            });
        }
        (BoxContent::Text(tb), findings)
    }
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
