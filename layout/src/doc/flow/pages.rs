//! Pages: paragraph and table units flowed down pages as Writer does ([`paginate_placed`]):
//! spacing, keep with next, widows and orphans, rows that never split, footnotes at the
//! bottom of the page their paragraph ends on.

use super::*;

/// A paragraph to flow: its lines' heights and format.
#[derive(Debug, Clone, PartialEq)]
pub struct ParaUnit {
    pub lines: Vec<Twips>,
    pub format: ParaFormat,
    /// Footnotes its last line anchors (their total height, twips, and how many).
    pub footnotes: (Twips, usize),
}

/// What flows down the pages, in document order, each with the block it belongs to (None:
/// the title and subtitle).
#[derive(Debug, Clone, PartialEq)]
pub enum Unit {
    Para(ParaUnit),
    /// A table: the header row's height and the body rows' heights (each with the border under
    /// it), the border above, and the footnotes of its caption-less citations.
    Table {
        header: Twips,
        rows: Vec<Twips>,
    },
    /// A page break: an empty paragraph ending the page.
    PageBreak(ParaUnit),
}

/// Where each unit landed: first and last page (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub first: u32,
    pub last: u32,
}

/// Where one line of a paragraph, or one row of a table, stands: its page (1-based), column
/// (0: the first) and top (twips below the top of the page's text area).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct At {
    pub page: u32,
    pub column: u32,
    pub y: Twips,
    /// A table's header row (repeated on each page the table runs onto).
    pub header: bool,
}

/// The flow with every line's and row's place ([`paginate_placed`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Placed {
    pub spans: Vec<Span>,
    pub pages: u32,
    /// Every line's or row's place, unit after unit: a paragraph's lines in order; a table's
    /// header row and body rows in order, the header again before the first row of each page
    /// it continues onto.
    pub at: Vec<At>,
    /// Each unit's places: `at[of[i].0..of[i].1]`.
    pub of: Vec<(usize, usize)>,
}

/// The body height of each page (twips): the text height less what the template's header
/// and footer take where they pass the top or bottom margin
/// (`doc::template::body_heights`), by page kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Heights {
    /// Page 1 (the first page's header and footer under `w:titlePg`).
    pub first: Twips,
    /// Every other odd page (the default header and footer).
    pub odd: Twips,
    /// Even pages (the even header and footer under `w:evenAndOddHeaders`, else the default).
    pub even: Twips,
    /// Newspaper columns on every page (`w:cols`; 1: none): text fills each column of a page
    /// top to bottom before the next page.
    pub columns: u32,
    /// The section's line grid pitch (`w:docGrid w:type="lines"`; 0: none): the text of a
    /// page fills whole pitches of its body height ([`Heights::text`]).
    pub grid: Twips,
}

impl Heights {
    /// The same height on every page.
    pub fn uniform(h: Twips) -> Heights {
        Heights {
            first: h,
            odd: h,
            even: h,
            columns: 1,
            grid: 0,
        }
    }

    /// These heights on a line grid of pitch `grid` (twips).
    pub fn on_grid(self, grid: Twips) -> Heights {
        Heights {
            grid: grid.max(0),
            ..self
        }
    }

    /// These heights on pages of `n` columns.
    pub fn in_columns(self, n: u32) -> Heights {
        Heights {
            columns: n.max(1),
            ..self
        }
    }

    /// The body height of page `page` (1-based).
    pub fn of(&self, page: u32) -> Twips {
        let h = if page <= 1 {
            self.first
        } else if page.is_multiple_of(2) {
            self.even
        } else {
            self.odd
        };
        h.max(1)
    }

    /// The height the text of page `page` may fill above `notes` twips of footnotes. On a line
    /// grid Writer 7.4 sets the body's lines on whole pitches of the page's body height and
    /// leaves the rest empty, footnotes taking that rest first: on the Japanese template
    /// (13,436 twips, 18 pt grid) no line of the 2,000-block document ended lower than 37
    /// pitches (13,320) below the first line's top, a list item needing 13,400 went to the next
    /// page, and a table ending 12,970 down stayed above a 440-twip footnote (13,320 - 440 =
    /// 12,880 would have moved it).
    pub fn text(&self, page: u32, notes: Twips) -> Twips {
        let h = self.of(page);
        if self.grid > 0 {
            ((h / self.grid).max(1) * self.grid).min(h - notes)
        } else {
            h - notes
        }
    }
}

pub(super) struct Flow {
    /// Body height of each page (twips).
    heights: Heights,
    page: u32,
    /// The column of the page being filled (0: the first).
    column: u32,
    /// Used height of the current page (twips from the top of the text area).
    y: Twips,
    /// Footnote area of the current page (twips from the bottom), 0 when none.
    notes: Twips,
    /// The previous paragraph's format (None at the start or after a table).
    prev: Option<ParaFormat>,
    /// The page was started by a page break: space before applies at its top.
    hard: bool,
    /// Where the page's columns after the first start (twips): the space before of the
    /// paragraph that begins a page started by a break. Writer 7.4 (python-docx probes, two
    /// columns: a page break, then a heading with 480 or 200 twips before) set the first line
    /// of the second column that much lower too, its foot where it was (a line fewer).
    top: Twips,
    /// Every line and row placed so far ([`Placed::at`]).
    at: Vec<At>,
}

impl Flow {
    /// The top of the column being filled (twips).
    fn column_top(&self) -> Twips {
        if self.column == 0 {
            0
        } else {
            self.top
        }
    }

    /// Nothing stands in the column being filled yet.
    fn at_top(&self) -> bool {
        self.y <= self.column_top()
    }

    /// Height the text of the current page may fill, without footnotes.
    fn height(&self) -> Twips {
        self.heights.text(self.page, 0)
    }

    fn room(&self) -> Twips {
        self.heights.text(self.page, self.notes) - self.y
    }

    /// What does not fit goes on: to the page's next column, else the next page.
    fn new_page(&mut self) {
        if self.column + 1 < self.heights.columns {
            self.column += 1;
            self.y = self.top;
            // Footnotes stand at the foot of their anchor's column (Writer 7.4, the two-column
            // template: a note under the first column, the second column's text down to the
            // bottom margin beside it).
            self.notes = 0;
            self.hard = false;
        } else {
            self.next_page();
        }
    }

    /// A page break: the next page, whatever column this is.
    fn next_page(&mut self) {
        self.page += 1;
        self.column = 0;
        self.y = 0;
        self.top = 0;
        self.notes = 0;
        self.hard = false;
    }

    /// Records a line or row starting `below` twips below the current height.
    fn mark(&mut self, below: Twips, header: bool) {
        self.at.push(At {
            page: self.page,
            column: self.column,
            y: self.y + below,
            header,
        });
    }

    /// Space above a paragraph of format `f` here.
    fn space_before(&self, f: &ParaFormat) -> Twips {
        if self.at_top() {
            return if self.hard { f.before } else { 0 };
        }
        match &self.prev {
            None => f.before,
            Some(p) => {
                let same = p.style == f.style;
                let after = if same && p.contextual { 0 } else { p.after };
                let before = if same && f.contextual { 0 } else { f.before };
                after.max(before)
            }
        }
    }

    /// Footnote space a paragraph's last line needs on this page (separator once).
    fn note_need(&self, (h, n): (Twips, usize)) -> Twips {
        if n == 0 {
            0
        } else if self.notes == 0 {
            h + FOOTNOTE_SEPARATOR
        } else {
            h
        }
    }
}

/// The height the first piece of `u` needs at the top of what precedes it (for keep with
/// next): a paragraph's first lines ([`first_lines`]), a table's first row with its header.
pub(super) fn first_piece(u: &Unit) -> Twips {
    match u {
        Unit::Para(p) | Unit::PageBreak(p) => p.lines[..first_lines(p)].iter().sum(),
        Unit::Table { header, rows } => {
            TABLE_BORDER + header + rows.first().copied().unwrap_or_default()
        }
    }
}

/// How many of a paragraph's lines must stand together at the top of what precedes it: all
/// when it keeps its lines; with widow and orphan control two, or all of a paragraph of fewer
/// than four lines, which cannot be split leaving two on each side ([`lines_that_fit`]; a
/// heading kept with a three-line paragraph moved with it in Writer 7.4, the Japanese
/// template's page 295: the chain needed 12,800 twips of 12,996 counting two lines, 13,160 with
/// three); else one.
pub(super) fn first_lines(p: &ParaUnit) -> usize {
    let n = p.lines.len();
    if p.format.keep_lines || (p.format.widows && n < 2 * WIDOW_LINES) {
        n
    } else if p.format.widows {
        WIDOW_LINES
    } else {
        n.min(1)
    }
}

/// The footnotes a keep-with-next chain starting at `units[0]` brings onto its page: those of
/// its paragraphs, and of the paragraph after it when that paragraph's first piece is all of
/// it (a figure's caption under its picture). A footnote stands on its anchor's page, so
/// Writer moves the chain when they do not fit with it (measured: a page-tall picture and its
/// one-line caption citing a source went to the next page together, where the flow had left
/// the picture and moved the caption alone).
pub(super) fn chain_notes(units: &[Unit]) -> (Twips, usize) {
    let (mut h, mut n) = (0, 0);
    for u in units {
        let Unit::Para(q) = u else { break };
        if q.format.keep_next || q.lines.len() <= first_lines(q) {
            h += q.footnotes.0;
            n += q.footnotes.1;
        }
        if !q.format.keep_next {
            break;
        }
    }
    (h, n)
}

/// The height of a keep-with-next chain starting at `units[0]`: its paragraphs kept with the
/// next, whole, and the first piece of what follows them.
pub(super) fn keep_chain(units: &[Unit]) -> Twips {
    let mut need = 0;
    let mut prev: Option<ParaFormat> = None;
    let mut j = 0;
    while let Some(Unit::Para(q)) = units.get(j) {
        if !q.format.keep_next {
            break;
        }
        if let Some(pf) = prev {
            need += pf.after.max(q.format.before);
        }
        need += q.lines.iter().sum::<Twips>();
        prev = Some(q.format);
        j += 1;
    }
    if let (Some(next), Some(pf)) = (units.get(j), prev) {
        need += match next {
            Unit::Para(q) | Unit::PageBreak(q) => pf.after.max(q.format.before),
            Unit::Table { .. } => pf.after,
        };
        need += first_piece(next);
        if let Unit::Para(q) | Unit::PageBreak(q) = next {
            if let Some(&last) = q.lines[..first_lines(q)].last() {
                need -= q.format.slack(last);
            }
        }
    }
    need
}

/// How many of `lines` go on the page with `room` left, with widow and orphan control: all,
/// none, or a split leaving at least [`WIDOW_LINES`] on each side (when the paragraph is long
/// enough; a line taller than the room on an empty page goes there anyway).
pub(super) fn lines_that_fit(
    lines: &[Twips],
    room: Twips,
    last_extra: Twips,
    f: &ParaFormat,
) -> usize {
    let (keep, widows) = (f.keep_lines, f.widows);
    let n = lines.len();
    let mut used = 0;
    let mut k = 0;
    while k < n {
        let extra = if k + 1 == n { last_extra } else { 0 };
        // The spacing below a page's last line runs into the bottom margin, above a footnote
        // area too, the line citing it included (Writer 7.4 on our styles: the 40 twips of a
        // 1.15 Normal line; tests::below_a_footnote_the_last_line_still_runs_its_spacing_…).
        if used + lines[k] - f.slack(lines[k]) + extra > room {
            break;
        }
        used += lines[k];
        k += 1;
    }
    if k == n {
        return n;
    }
    if keep {
        return 0;
    }
    if !widows {
        return k;
    }
    if k < WIDOW_LINES {
        return 0;
    }
    if n - k < WIDOW_LINES {
        let k2 = n.saturating_sub(WIDOW_LINES);
        return if k2 >= WIDOW_LINES { k2 } else { 0 };
    }
    k
}

/// Flow `units` down pages `height` twips tall; returns each unit's pages and the page count.
pub fn paginate(units: &[Unit], height: Twips) -> (Vec<Span>, u32) {
    paginate_on(units, Heights::uniform(height))
}

/// Flow `units` down pages whose body heights are `heights`; returns each unit's pages and
/// the page count.
pub fn paginate_on(units: &[Unit], heights: Heights) -> (Vec<Span>, u32) {
    let p = paginate_placed(units, heights);
    (p.spans, p.pages)
}

/// [`paginate_on`] with the place of every line and row: what a page is drawn from.
pub fn paginate_placed(units: &[Unit], heights: Heights) -> Placed {
    let mut f = Flow {
        heights,
        page: 1,
        column: 0,
        y: 0,
        notes: 0,
        prev: None,
        hard: false,
        top: 0,
        at: Vec::new(),
    };
    let mut spans = Vec::with_capacity(units.len());
    let mut of = Vec::with_capacity(units.len());
    let mut i = 0;
    while i < units.len() {
        // A paragraph that starts a page (`w:pageBreakBefore`) keeps its space before there.
        if let Unit::Para(p) = &units[i] {
            if p.format.page_break_before && (f.y > 0 || f.column > 0) {
                f.next_page();
                f.hard = true;
            }
        }
        // Keep with next: the chain of keep-with-next paragraphs from here and the first piece
        // of what follows must share a page; when they do not fit below, start a new page
        // (unless they would not fit on an empty one either, or the page is empty already).
        // Inside the bottom margin (Writer moved a heading and the page-break paragraph
        // after it that passed the margin by 4 twips).
        if !f.at_top() {
            if let Unit::Para(p) = &units[i] {
                if p.format.keep_next {
                    let before = f.space_before(&p.format);
                    // The last line's spacing may run past the margin (as `lines_that_fit`),
                    // above footnotes too.
                    let notes = chain_notes(&units[i..]);
                    let need = before + keep_chain(&units[i..]) + f.note_need(notes);
                    if need > f.room() && need - before <= f.height() {
                        f.new_page();
                    }
                }
            }
        }
        let from = f.at.len();
        spans.push(place(&mut f, &units[i]));
        of.push((from, f.at.len()));
        i += 1;
    }
    // A page break at the very end starts no page of its own (nothing lands there).
    let pages = spans.iter().map(|s| s.last).max().unwrap_or(1);
    Placed {
        spans,
        pages,
        at: f.at,
        of,
    }
}

pub(super) fn place(f: &mut Flow, u: &Unit) -> Span {
    match u {
        Unit::Para(p) => place_para(f, p),
        Unit::PageBreak(p) => {
            let s = place_para(f, p);
            f.next_page();
            f.hard = true;
            f.prev = None;
            s
        }
        Unit::Table { header, rows } => {
            // The previous paragraph's space after stands above the table.
            if !f.at_top() {
                f.y += f.prev.map_or(0, |p| p.after);
            }
            let first_row = TABLE_BORDER + header + rows.first().copied().unwrap_or_default();
            if !f.at_top() && first_row > f.room() {
                f.new_page();
            }
            let first = f.page;
            f.mark(TABLE_BORDER, true);
            f.y += TABLE_BORDER + header;
            for &r in rows {
                if r > f.room() && f.y > f.column_top() + TABLE_BORDER + header {
                    f.new_page();
                    f.mark(TABLE_BORDER, true);
                    f.y += TABLE_BORDER + header;
                }
                f.mark(0, false);
                f.y += r;
            }
            f.prev = None;
            f.hard = false;
            Span {
                first,
                last: f.page,
            }
        }
    }
}

pub(super) fn place_para(f: &mut Flow, p: &ParaUnit) -> Span {
    let mut space = f.space_before(&p.format);
    let mut first = None;
    let mut rest: &[Twips] = &p.lines;
    loop {
        let extra = f.note_need(p.footnotes);
        let room = f.room() - space;
        // What the footnotes its last line anchors take from the text's height here (on a
        // line grid, less: they take the pitches' leftover first).
        let cut = f.heights.text(f.page, f.notes) - f.heights.text(f.page, f.notes + extra);
        let mut k = lines_that_fit(rest, room, cut, &p.format);
        if k == 0 && f.at_top() {
            // Nowhere better to go: an empty page takes what fits, at least a line.
            k = fit_count(rest, room, &p.format).max(1);
        }
        if k > 0 {
            if f.hard && f.y == 0 && f.column == 0 {
                f.top = space;
            }
            first.get_or_insert(f.page);
            f.y += space;
            for &h in &rest[..k] {
                f.mark(0, false);
                f.y += h;
            }
            if k == rest.len() {
                f.notes += extra;
                break;
            }
            rest = &rest[k..];
        }
        f.new_page();
        space = 0;
    }
    // The space after is added by the next paragraph's spacing, so it never pushes anything
    // to a new page by itself.
    f.prev = Some(p.format);
    f.hard = false;
    Span {
        first: first.unwrap_or(f.page),
        last: f.page,
    }
}

/// Lines of `lines` that fit in `room` without any control (at least one on an empty page).
pub(super) fn fit_count(lines: &[Twips], room: Twips, f: &ParaFormat) -> usize {
    let mut used = 0;
    lines
        .iter()
        .take_while(|&&h| {
            used += h;
            used - f.slack(h) <= room
        })
        .count()
}
