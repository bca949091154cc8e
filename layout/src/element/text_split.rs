//! Fit policy step 5 for text: cut a text or bullets element into pieces for continuation
//! slides. Bullets move whole items; text splits at paragraphs, and a paragraph too long for
//! the box alone (at the floor) at sentences. All pieces share one size: the largest that
//! needs no more slides than the floor does. At most [`MAX_CONTINUATIONS`] continuation
//! slides; whatever is left goes on the last one (and is reported by step 6).

use super::{Body, Split, TextItem};
use crate::ctx::Ctx;
use crate::element::Fit;
use crate::model::Rect;
use crate::shrink::{largest_fitting, size_steps};
use crate::style::INSETS;
use crate::text::height::{paragraph_needed, space_before_at, usable_height};
use crate::text::{prepare, Prepared};
use specrender_fonts::ShapeLang;
use specrender_spec::units::{cpt_to_emu, Emu};
use std::collections::HashMap;
use std::ops::Range;

/// At most 10 continuation slides per source slide (docs/concepts/fit-policy.md, step 5).
pub const MAX_CONTINUATIONS: usize = 10;

/// A unit the element can be cut after: (source paragraph, text).
type Unit = (usize, String);

/// The pieces of `base` (overflowing `rect`) for one slide each, or `None` when it cannot be
/// cut (a single unit).
pub(super) fn split(ctx: &mut Ctx<'_>, base: &TextItem, rect: Rect) -> Option<Split> {
    split_from(ctx, base, None, rect)
}

/// The pieces of `base` when its first piece goes in `first` (the room left below the
/// elements stacked before it) and every other one in `rest`; `None` when not even one unit
/// fits `first` at the floor, or nothing is left for `rest`.
pub(super) fn split_into(
    ctx: &mut Ctx<'_>,
    base: &TextItem,
    first: Rect,
    rest: Rect,
) -> Option<Split> {
    split_from(ctx, base, Some(first), rest)
}

fn split_from(
    ctx: &mut Ctx<'_>,
    base: &TextItem,
    first: Option<Rect>,
    rect: Rect,
) -> Option<Split> {
    let mut split = Splitter::new(ctx, base, rect, first.map(|r| r.h));
    let units = split.units(ctx);
    let floor = base.floor();
    if first.is_some() && !split.first_fits(ctx, &units, floor) {
        return None;
    }
    let min_chunks = split.pack(ctx, &units, floor).len();
    // The largest size that needs no more slides than the floor does (and, when the first
    // piece goes in the room left, whose first unit fits there).
    let sizes = size_steps(base.style.size, floor);
    let mut ok = |ctx: &mut Ctx<'_>, s| {
        let c = split.pack(ctx, &units, s);
        (c.len() <= min_chunks && split.first_fits(ctx, &units, s)).then_some(c)
    };
    let mut chunks = Vec::new();
    if units.len() == base.paras.len() {
        // Every unit is a whole paragraph (bullets, or text not cut into sentences): the
        // number of chunks never grows as the size shrinks — a chunk that fits at one size
        // fits at any smaller one, and dropping a paragraph from either end of a chunk that
        // fits leaves one that fits, so greedy chunks only get longer — so binary search finds
        // the size the scan below would.
        let s = largest_fitting(&sizes, |s| ok(ctx, s).is_some()).unwrap_or(floor);
        chunks = split.pack(ctx, &units, s);
    } else {
        for s in sizes {
            if let Some(c) = ok(ctx, s) {
                chunks = c;
                break;
            }
        }
    }
    if chunks.len() > MAX_CONTINUATIONS + 1 {
        let tail = chunks[MAX_CONTINUATIONS].start..units.len();
        chunks.truncate(MAX_CONTINUATIONS);
        chunks.push(tail);
    }
    if chunks.len() <= 1 {
        return None;
    }
    let pieces = chunks
        .into_iter()
        .enumerate()
        .map(|(k, range)| {
            let mut t = split.item(ctx, &units[range]);
            t.fit_alone(if k == 0 { first.unwrap_or(rect) } else { rect });
            Body::Text(t)
        })
        .collect();
    Some(Split {
        pieces,
        units: units.len(),
        page_titles: false,
    })
}

/// Sentences of a paragraph: split after . ! ? (followed by a space) and after 。！？. A
/// no-break space is not a space here: it glues a citation key to its sentence.
pub fn sentences(text: &str) -> Vec<String> {
    let space = |c: char| c.is_whitespace() && c != crate::element::cite::KEY_GLUE;
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let next = chars.get(k + 1).map(|&(_, n)| n);
        let end_here = match c {
            '。' | '！' | '？' => next != Some(crate::element::cite::KEY_GLUE),
            '.' | '!' | '?' => next.is_none_or(space),
            _ => false,
        };
        if end_here {
            // Keep the following white space with this sentence.
            let mut e = i + c.len_utf8();
            while let Some(ch) = text[e..].chars().next() {
                if space(ch) {
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
fn chunk_texts(units: &[Unit]) -> Vec<String> {
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

/// The split of one text element. The packer tries many overlapping chunks of units at many
/// sizes; each distinct paragraph text is prepared (segmented, shaped) once — its line counts
/// are remembered per size — and a chunk's height is added up paragraph by paragraph as it
/// grows: the same sum [`TextItem::measure`] makes, from the same [`paragraph_needed`], so
/// the chunks are exactly the ones measuring each candidate item would give.
struct Splitter<'e> {
    base: &'e TextItem,
    rect: Rect,
    /// Height of the first piece's box when it differs from `rect`'s (the room left in a
    /// stacked slot).
    first_h: Option<Emu>,
    lw: Emu,
    lang: ShapeLang,
    paras: HashMap<String, Prepared>,
}

impl<'e> Splitter<'e> {
    fn new(ctx: &Ctx<'_>, base: &'e TextItem, rect: Rect, first_h: Option<Emu>) -> Self {
        Splitter {
            base,
            rect,
            first_h,
            lw: base.line_width(rect.w).max(1),
            lang: ctx.shape_lang(),
            paras: HashMap::new(),
        }
    }

    /// Units the element can be cut at: bullet items; paragraphs, refined to sentences when
    /// one paragraph alone is too long for the box at the floor.
    fn units(&mut self, ctx: &mut Ctx<'_>) -> Vec<Unit> {
        let units = self
            .base
            .paras
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.text.clone()));
        if self.base.bullets {
            return units.collect();
        }
        let mut refined = Vec::new();
        for (p, t) in units {
            if self.fits(ctx, &[(p, t.clone())], self.base.style.min) {
                refined.push((p, t));
            } else {
                refined.extend(sentences(&t).into_iter().map(|s| (p, s)));
            }
        }
        refined
    }

    fn para(&mut self, ctx: &mut Ctx<'_>, text: &str) -> &Prepared {
        if !self.paras.contains_key(text) {
            let f = &self.base.style.fonts;
            let prep = prepare(
                &mut ctx.m,
                f,
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
        let (lw, cjk) = (self.lw, self.base.cjk_permille);
        let p = self.para(ctx, text);
        (paragraph_needed(p, size, lw, cjk), p.has_cjk)
    }

    /// What the text of a chunk may use of a box `h` EMU tall.
    fn usable(&self, h: Emu, has_cjk: bool) -> Emu {
        usable_height(h - INSETS.t - INSETS.b, has_cjk).0
    }

    /// Does the first unit fit the first piece's box at `size` (always, without `first_h`)?
    fn first_fits(&mut self, ctx: &mut Ctx<'_>, units: &[Unit], size: u32) -> bool {
        match (self.first_h, units.first()) {
            (Some(h), Some(u)) => self.fits_in(ctx, std::slice::from_ref(u), size, h),
            _ => true,
        }
    }

    /// Does `units` as one item fit the box at `size` with paragraph spacing on?
    fn fits(&mut self, ctx: &mut Ctx<'_>, units: &[Unit], size: u32) -> bool {
        self.fits_in(ctx, units, size, self.rect.h)
    }

    /// [`Splitter::fits`] in a box `h` EMU tall.
    fn fits_in(&mut self, ctx: &mut Ctx<'_>, units: &[Unit], size: u32, h: Emu) -> bool {
        let mut needed: Emu = 0;
        let mut cjk = false;
        for (i, t) in chunk_texts(units).iter().enumerate() {
            let (h, c) = self.height(ctx, t, size);
            needed += h + cpt_to_emu(space_before_at(i, size, true));
            cjk |= c;
        }
        needed <= self.usable(h, cjk)
    }

    /// Greedy packing of units into chunks that fit at `size` (a unit too big alone gets a
    /// chunk).
    fn pack(&mut self, ctx: &mut Ctx<'_>, units: &[Unit], size: u32) -> Vec<Range<usize>> {
        let mut chunks = Vec::new();
        let mut a = 0;
        while a < units.len() {
            let h = match (a, self.first_h) {
                (0, Some(h)) => h,
                _ => self.rect.h,
            };
            let b = self.chunk_end(ctx, units, a, size, h);
            chunks.push(a..b);
            a = b;
        }
        chunks
    }

    /// The end of the longest chunk starting at unit `a` that fits a box `h` EMU tall at
    /// `size` (at least one unit). Paragraphs before the chunk's last are final; the last one grows unit by unit.
    fn chunk_end(
        &mut self,
        ctx: &mut Ctx<'_>,
        units: &[Unit],
        a: usize,
        size: u32,
        box_h: Emu,
    ) -> usize {
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
                closed += h + cpt_to_emu(space_before_at(n_paras - 1, size, true));
                closed_cjk |= c;
                n_paras += 1;
                last_p = *p;
                last_raw.clone_from(t);
            }
            let (h, c) = self.height(ctx, last_raw.trim_end(), size);
            let needed = closed + h + cpt_to_emu(space_before_at(n_paras - 1, size, true));
            if needed > self.usable(box_h, closed_cjk || c) {
                break;
            }
            b += 1;
        }
        b
    }

    /// The text item of a chunk, at the element's own size (the prepared paragraphs are
    /// taken from the cache: each chunk is made once, at the end).
    fn item(&mut self, ctx: &mut Ctx<'_>, units: &[Unit]) -> TextItem {
        let paras = chunk_texts(units)
            .iter()
            .map(|t| match self.paras.remove(t.as_str()) {
                Some(p) => p,
                None => {
                    let f = &self.base.style.fonts;
                    prepare(&mut ctx.m, f, self.lang, t, self.base.style.size, self.lw)
                }
            })
            .collect();
        self.base.with_paras(paras)
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
        // A citation key stays with its sentence.
        assert_eq!(
            sentences("One. Two.\u{a0}[1]"),
            vec!["One. ", "Two.\u{a0}[1]"]
        );
        assert_eq!(
            sentences("文。次。\u{a0}[2]"),
            vec!["文。", "次。\u{a0}[2]"]
        );
    }

    #[test]
    fn chunks_join_sentences_of_one_paragraph() {
        let units = vec![
            (0, "One. ".into()),
            (0, "Two. ".into()),
            (1, "Next ".into()),
        ];
        assert_eq!(chunk_texts(&units), vec!["One. Two.", "Next"]);
    }
}
