//! Page geometry of a document (docs/guide/documents.md, page): A4 for every language but US
//! English (`en`, `en-US`: Letter), margins 1 in on every side (Word's default for both
//! sizes), header and footer 0.5 in from the edge. Every block gets the full text width.

use specrender_spec::units::{Emu, EMU_PER_INCH};

/// EMU per twip (1/20 pt): DOCX writes page geometry in twips.
pub const EMU_PER_TWIP: Emu = 635;

/// One page's geometry in EMU (every value a whole number of twips).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// `a4` or `letter`.
    pub name: &'static str,
    pub width: Emu,
    pub height: Emu,
    /// Top, right, bottom, left.
    pub margins: [Emu; 4],
    /// Distance of the header from the page edge.
    pub header: Emu,
    /// Distance of the footer from the page edge.
    pub footer: Emu,
    /// Binding gutter, added to the left margin.
    pub gutter: Emu,
    /// Newspaper columns: (count, space between), `None` for one column.
    pub columns: Option<(u32, Emu)>,
    /// Columns of their own widths (a template's `w:equalWidth="0"`): the narrowest one's
    /// width, which every block gets (it may land in any column); 0: equal columns.
    pub column_min: Emu,
}

impl Page {
    /// A4: 210 x 297 mm, written by Word as 11906 x 16838 twips.
    pub const A4: Page = Page::with_size("a4", 11_906 * EMU_PER_TWIP, 16_838 * EMU_PER_TWIP);
    /// US Letter: 8.5 x 11 in.
    pub const LETTER: Page =
        Page::with_size("letter", 12_240 * EMU_PER_TWIP, 15_840 * EMU_PER_TWIP);

    const fn with_size(name: &'static str, width: Emu, height: Emu) -> Page {
        Page {
            name,
            width,
            height,
            margins: [EMU_PER_INCH; 4],
            header: EMU_PER_INCH / 2,
            footer: EMU_PER_INCH / 2,
            gutter: 0,
            columns: None,
            column_min: 0,
        }
    }

    /// The page for a BCP-47 language tag: Letter for `en` and `en-US`, A4 otherwise.
    pub fn for_language(tag: &str) -> Page {
        let t = tag.trim().to_ascii_lowercase().replace('_', "-");
        if t == "en" || t == "en-us" || t.starts_with("en-us-") {
            Page::LETTER
        } else {
            Page::A4
        }
    }

    /// Width between the left and right margins (less the gutter): the width of the text
    /// area.
    pub fn area_width(&self) -> Emu {
        self.width - self.margins[1] - self.margins[3] - self.gutter
    }

    /// What every block gets: the text area's width, or one column's on a page with
    /// columns (whole twips).
    pub fn text_width(&self) -> Emu {
        let w = self.area_width();
        match self.columns {
            Some((n, _)) if n > 1 && self.column_min > 0 => {
                (self.column_min / EMU_PER_TWIP * EMU_PER_TWIP).clamp(EMU_PER_TWIP, w.max(1))
            }
            Some((n, space)) if n > 1 => {
                let n = n as Emu;
                let col = (w - (n - 1) * space) / n;
                (col / EMU_PER_TWIP * EMU_PER_TWIP).max(EMU_PER_TWIP)
            }
            _ => w,
        }
    }

    /// The width a paragraph's lines are counted at for its pages: the text width, or on
    /// columns of their own widths their mean (the text runs through each in turn; Writer
    /// 7.4 on 2 in and 3.5 in columns, the fast suite: 95 of 107 headings on Writer's page
    /// counted at the mean, 32 at the narrowest).
    pub fn line_width(&self) -> Emu {
        Page {
            column_min: 0,
            ..*self
        }
        .text_width()
    }

    /// Height between the top and bottom margins.
    pub fn text_height(&self) -> Emu {
        self.height - self.margins[0] - self.margins[2]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letter_for_us_english_a4_elsewhere() {
        assert_eq!(Page::for_language("en-US"), Page::LETTER);
        assert_eq!(Page::for_language("en"), Page::LETTER);
        for t in ["ko", "ja", "zh-CN", "en-GB", "de"] {
            assert_eq!(Page::for_language(t), Page::A4, "{t}");
        }
        // 6.5 in of text on Letter; 210 mm - 2 in on A4.
        assert_eq!(
            Page::LETTER.text_width(),
            6 * EMU_PER_INCH + EMU_PER_INCH / 2
        );
        assert_eq!(Page::A4.text_width(), (11_906 - 2_880) * EMU_PER_TWIP);
    }

    #[test]
    fn columns_give_blocks_the_narrowest_and_lines_the_mean() {
        // Letter with 1800-twip sides: 8640 twips of text; two columns 720 apart.
        let mut p = Page {
            margins: [
                1440 * EMU_PER_TWIP,
                1800 * EMU_PER_TWIP,
                1440 * EMU_PER_TWIP,
                1800 * EMU_PER_TWIP,
            ],
            columns: Some((2, 720 * EMU_PER_TWIP)),
            ..Page::LETTER
        };
        assert_eq!(p.text_width(), 3960 * EMU_PER_TWIP);
        assert_eq!(p.line_width(), 3960 * EMU_PER_TWIP);
        // Columns of 2880 and 5040 twips: blocks 2880, lines counted at the mean.
        p.column_min = 2880 * EMU_PER_TWIP;
        assert_eq!(p.text_width(), 2880 * EMU_PER_TWIP);
        assert_eq!(p.line_width(), 3960 * EMU_PER_TWIP);
        assert_eq!(p.area_width(), 8640 * EMU_PER_TWIP);
    }
}
