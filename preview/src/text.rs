//! Text drawn from the glyphs layout placed: paragraphs line by line where the model's walk
//! puts them (bullets in their colour), and the preview's own labels, shaped here.

use crate::{color, Canvas};
use specrender_fonts::{FaceId, ScriptClass, ShapeLang, SlotFaces};
use specrender_model::place::{self, BulletAt};
use specrender_model::text::LineGlyphs;
use specrender_model::{Align, Paragraph, Rect, TextBox};
use specrender_spec::units::{Cpt, Emu, EMU_PER_CPT, EMU_PER_PT};
use tiny_skia::Color;

impl Canvas<'_, '_> {
    /// The advance of `text` shaped in `face` at `size_emu`, in px.
    pub(crate) fn text_width(&mut self, face: FaceId, text: &str, size_emu: Emu) -> f32 {
        let upm = f32::from(self.book.face(face).units_per_em.max(1));
        let k = size_emu as f32 * self.s / upm;
        self.ink
            .m
            .shape_glyphs(face, ShapeLang::Default, text)
            .iter()
            .map(|g| g.x_advance as f32 * k)
            .sum()
    }

    /// A placeholder's label: one line, centred, 14 pt. LibreOffice sets it at its default
    /// single spacing, a 1.2 em line with the baseline 0.2 em above its bottom (as fixed
    /// pitches, `paragraphs`), centred in the box: the baseline 0.4 em below the box's middle
    /// (its PDFs: 11 labels of the fidelity suite, all within 0.001 em).
    pub(crate) fn label(&mut self, text: &str, r: &Rect) {
        let size_emu = 14 * EMU_PER_PT;
        let book = self.book;
        let faces = SlotFaces {
            latin: book.resolve(&self.body[0], false, ScriptClass::Latin).face,
            ea: book
                .resolve(&self.body[1], false, ScriptClass::EastAsian)
                .face,
            cs: book
                .resolve(&self.body[0], false, ScriptClass::Complex)
                .face,
        };
        let segs = self.ink.m.segment(text, faces, false);
        let width: f32 = segs
            .iter()
            .map(|g| self.text_width(g.face, &text[g.range.clone()], size_emu))
            .sum();
        let mut x = self.px(r.x + r.w / 2) - width / 2.0;
        let base = self.px(r.y + r.h / 2 + size_emu * 2 / 5);
        let c = Color::from_rgba8(0x40, 0x40, 0x40, 255);
        for g in segs {
            x += self.glyphs(
                g.face,
                ShapeLang::Default,
                &text[g.range],
                x,
                base,
                size_emu,
                c,
            );
        }
    }

    pub(crate) fn text_box(&mut self, t: &TextBox, rect: &Rect) {
        if let Some(f) = t.fill {
            let mut c = color(f.color);
            c.set_alpha((f.alpha.min(100_000) as f32) / 100_000.0);
            self.fill_rect(rect, c);
        }
        let style = TextStyle {
            size: t.size,
            color: color(t.color),
            align: t.align,
        };
        let area = t.area(rect);
        self.paragraphs(
            &t.paragraphs,
            &area.first,
            area.second.as_ref(),
            area.top,
            &style,
        );
    }

    /// Paragraphs from `top` down, in `col` (and on into `next` once a line would pass the
    /// column's bottom): each line where the model's walk puts it (`place::lines`).
    pub(crate) fn paragraphs(
        &mut self,
        paras: &[Paragraph],
        col: &Rect,
        next: Option<&Rect>,
        top: Emu,
        st: &TextStyle,
    ) {
        let size_emu = Emu::from(st.size) * EMU_PER_CPT;
        place::lines(paras, col, next, top, st.size, st.align, |l| {
            if let Some(b) = l.bullet {
                let bg = b.glyphs;
                let upm = f32::from(self.book.face(bg.face).units_per_em.max(1));
                let k = size_emu as f32 * self.s / upm;
                let bx = match b.at {
                    BulletAt::End(end) => {
                        let w: f32 = bg.glyphs.iter().map(|g| g.1 as f32 * k).sum();
                        self.px(end) - w
                    }
                    BulletAt::Start(x) => self.px(x),
                };
                // The colour the template gives the placeholder's bullets (`a:buClr`), else
                // the text's.
                let c = b.bullet.color.map_or(st.color, color);
                let by = self.px(l.baseline);
                let mut pen = 0.0f32;
                for &(id, adv, dx, dy) in &bg.glyphs {
                    let gx = bx + pen + dx as f32 * k;
                    let gy = by - dy as f32 * k;
                    self.ink.glyph(&mut self.pm, bg.face, id, gx, gy, k, c);
                    pen += adv as f32 * k;
                }
            }
            self.line_text(l.glyphs, l.x, l.baseline, size_emu, st);
        });
    }

    fn line_text(
        &mut self,
        line: &LineGlyphs,
        x: Emu,
        baseline: Emu,
        size_emu: Emu,
        st: &TextStyle,
    ) {
        let by = self.px(baseline);
        let x0 = self.px(x);
        for g in &line.glyphs {
            let upm = f32::from(self.book.face(g.face).units_per_em.max(1));
            let k = size_emu as f32 * self.s / upm;
            let gx = x0 + (g.x * f64::from(self.s)) as f32 + g.dx as f32 * k;
            let gy = by - g.dy as f32 * k;
            self.ink
                .glyph(&mut self.pm, g.face, g.id, gx, gy, k, st.color);
        }
    }

    /// Draws `text` shaped in `face` with its origin at (x, y) px; returns the advance in px.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn glyphs(
        &mut self,
        face: FaceId,
        lang: ShapeLang,
        text: &str,
        x: f32,
        y: f32,
        size_emu: Emu,
        c: Color,
    ) -> f32 {
        let upm = f32::from(self.book.face(face).units_per_em.max(1));
        let k = size_emu as f32 * self.s / upm;
        let mut pen = 0.0f32;
        for g in self.ink.m.shape_glyphs(face, lang, text) {
            let gx = x + pen + g.x_offset as f32 * k;
            let gy = y - g.y_offset as f32 * k;
            self.ink.glyph(&mut self.pm, face, g.id, gx, gy, k, c);
            pen += g.x_advance as f32 * k;
        }
        pen
    }
}

pub(crate) struct TextStyle {
    pub(crate) size: Cpt,
    pub(crate) color: Color,
    pub(crate) align: Align,
}
