//! A document as flow units ([`Units`]): one per paragraph the writer writes, tables with
//! their row heights; every paragraph's lines measured once all units are made, on the job's
//! threads ([`measure_lines`]).

use super::page;
use super::{flow, scene};
use crate::text::TextFonts;
use specrender_fonts::{Measurer, ShapeLang};
use specrender_model::page::Role;
use specrender_spec::units::{Cpt, Emu};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The faces document text is measured with.
pub(crate) struct FlowFonts {
    pub(crate) body: TextFonts,
    pub(crate) bold: TextFonts,
    pub(crate) heading: TextFonts,
    pub(crate) title: TextFonts,
    pub(crate) lang: ShapeLang,
}

/// Builds the flow units ([`flow::Unit`]) of a document: one paragraph unit per paragraph the
/// writer writes (title, subtitle, every list item, captions, the picture's line, quote and
/// attribution, the empty paragraph after every table), tables with their row heights.
///
/// A paragraph's lines are not measured as its unit is made: its work is charged (in document
/// order, so the work count and the refusal point are those of measuring it there) and it
/// becomes a [`LineJob`]; once every unit is made the jobs are measured, on the job's threads
/// ([`measure_lines`]), and each answer is put into the unit that asked for it.
pub(super) struct Units<'f> {
    fonts: &'f FlowFonts,
    width: Emu,
    /// (block index or None, counts towards the block's pages, unit).
    out: Vec<(Option<usize>, bool, flow::Unit)>,
    jobs: Vec<LineJob<'f>>,
    /// (unit in `out`, the job whose lines it has).
    lines_of: Vec<(usize, usize)>,
    /// (unit in `out`, the jobs whose lines, added up, are its footnotes' height).
    notes_of: Vec<(usize, Vec<usize>)>,
    /// What each unit of `out` is, for drawing ([`scene`]).
    meta: Vec<scene::Meta>,
    /// What the next units are ([`Units::set`]).
    cur: scene::Meta,
}

/// A paragraph's footnotes: the jobs measuring each note's text, and how many there are.
pub(super) type Notes = (Vec<usize>, usize);

/// No footnotes.
pub(super) fn no_notes() -> Notes {
    (Vec::new(), 0)
}

/// A job's answer: its lines' heights and byte ranges.
type Measured = (Vec<flow::Twips>, Vec<(usize, usize)>);

/// One paragraph whose lines (their heights, [`flow::line_heights`]) are to be measured.
pub(crate) struct LineJob<'f> {
    pub(crate) text: String,
    pub(crate) fonts: &'f TextFonts,
    pub(crate) size: Cpt,
    pub(crate) format: flow::ParaFormat,
    /// The line width (EMU).
    pub(crate) width: Emu,
    /// Charged past the work budget: the job is refused, so the text is not measured (as
    /// [`crate::text::prepare`] does then).
    over: bool,
}

impl LineJob<'_> {
    /// The heights of the paragraph's lines as Writer breaks them, and where each line
    /// starts and ends in the text.
    fn measure(&self, m: &mut Measurer<'_>, lang: ShapeLang, refused: bool) -> Measured {
        let text = if self.over || refused {
            ""
        } else {
            self.text.as_str()
        };
        flow::para_lines_at(
            m,
            self.fonts,
            lang,
            text,
            self.size,
            &self.format,
            self.width,
        )
    }
}

impl<'f> Units<'f> {
    /// No units yet, lines `width` wide.
    pub(super) fn new(fonts: &'f FlowFonts, width: Emu) -> Units<'f> {
        Units {
            fonts,
            width,
            out: Vec::new(),
            jobs: Vec::new(),
            lines_of: Vec::new(),
            notes_of: Vec::new(),
            meta: Vec::new(),
            cur: scene::Meta::default(),
        }
    }

    /// A paragraph of `text` in `fonts` at `size`, `format`; `notes` its footnotes.
    pub(super) fn para(
        &mut self,
        block: Option<usize>,
        text: &str,
        fonts: &'f TextFonts,
        size: Cpt,
        format: flow::ParaFormat,
        notes: Notes,
    ) {
        let job = self.lines(text, fonts, size, format);
        self.push(block, true, flow::Unit::Para(para_unit(format)), job, notes);
    }

    /// Adds `unit`, whose lines job `job` measures, with `notes`.
    pub(super) fn push(
        &mut self,
        block: Option<usize>,
        counts: bool,
        mut unit: flow::Unit,
        job: usize,
        notes: Notes,
    ) {
        let k = self.out.len();
        if let flow::Unit::Para(p) | flow::Unit::PageBreak(p) = &mut unit {
            p.footnotes.1 = notes.1;
        }
        self.out.push((block, counts, unit));
        self.lines_of.push((k, job));
        let mut meta = self.cur.clone();
        meta.job = Some(job);
        meta.notes = notes.0.clone();
        self.meta.push(meta);
        if !notes.0.is_empty() {
            self.notes_of.push((k, notes.0));
        }
    }

    /// Adds `unit`, which has no lines to measure (a table, a picture's line).
    pub(super) fn unit(&mut self, block: Option<usize>, counts: bool, unit: flow::Unit) {
        self.out.push((block, counts, unit));
        self.meta.push(scene::Meta {
            job: None,
            notes: Vec::new(),
            ..self.cur.clone()
        });
    }

    /// The units added next are quote `block`'s text.
    pub(super) fn quote(&mut self, block: usize, align: scene::Align, color: [u8; 3]) -> &mut Self {
        self.set(Role::Quote { block }, align, color);
        self
    }

    /// What the units added next are: `role`, aligned `align`, in `color`.
    pub(super) fn set(&mut self, role: Role, align: scene::Align, color: [u8; 3]) {
        self.cur = scene::Meta {
            role,
            align,
            color,
            job: None,
            notes: Vec::new(),
        };
    }

    /// The job measuring the lines of `text` (charged now to the block entered).
    pub(super) fn lines(
        &mut self,
        text: &str,
        fonts: &'f TextFonts,
        size: Cpt,
        format: flow::ParaFormat,
    ) -> usize {
        let width = (self.width - (format.indent.0 + format.indent.1) * page::EMU_PER_TWIP).max(1);
        let owner = crate::work::current();
        let over = crate::text::prepare::charge(owner, text);
        // Writer's lines measure the text again, glyph by glyph (`flow::writer_lines`).
        crate::work::spend(owner, crate::work::WRITER_LINES * text.len() as u64);
        self.jobs.push(LineJob {
            text: text.to_string(),
            fonts,
            size,
            format,
            width,
            over,
        });
        self.jobs.len() - 1
    }

    /// The units with their lines: the jobs measured with `m` on this thread and each of
    /// `helpers` on another.
    pub(super) fn finish<'b>(
        self,
        m: &mut Measurer<'b>,
        helpers: &mut [Measurer<'b>],
    ) -> Finished<'f> {
        let Units {
            fonts,
            mut out,
            jobs,
            lines_of,
            notes_of,
            meta,
            ..
        } = self;
        // Past the budget the job is refused whatever the lines are: every job is measured
        // empty, as those charged past it are (a refused document of 30 MB of distinct words
        // took 2.2 s of CPU measuring what it would not write; now 0.4 s).
        let refused = crate::work::exhausted();
        let measured = measure_lines(m, helpers, fonts.lang, &jobs, refused);
        let (lines, ranges): (Vec<_>, Vec<_>) = measured.into_iter().unzip();
        for (k, ids) in notes_of {
            let h: flow::Twips = ids.iter().flat_map(|&j| &lines[j]).sum();
            if let flow::Unit::Para(p) | flow::Unit::PageBreak(p) = &mut out[k].2 {
                p.footnotes.0 = h;
            }
        }
        for (k, j) in lines_of {
            if let flow::Unit::Para(p) | flow::Unit::PageBreak(p) = &mut out[k].2 {
                p.lines.clone_from(&lines[j]);
            }
        }
        Finished {
            out,
            meta,
            jobs,
            lines,
            ranges,
        }
    }
}

/// The units with their lines measured, and what drawing them needs.
pub(crate) struct Finished<'f> {
    pub(crate) out: Vec<(Option<usize>, bool, flow::Unit)>,
    pub(crate) meta: Vec<scene::Meta>,
    pub(crate) jobs: Vec<LineJob<'f>>,
    /// Each job's lines' heights and byte ranges.
    pub(crate) lines: Vec<Vec<flow::Twips>>,
    pub(crate) ranges: Vec<Vec<(usize, usize)>>,
}

/// A paragraph unit in `format`, its lines and footnotes to come.
pub(super) fn para_unit(format: flow::ParaFormat) -> flow::ParaUnit {
    flow::ParaUnit {
        lines: Vec::new(),
        format,
        footnotes: (0, 0),
    }
}

/// `take` run with `m` on this thread and with `threads - 1` of `helpers` on as many others at
/// once (each taking work from a shared counter): every `(index, answer)` they return, the
/// helpers' first. A helper's panic is resumed on this thread.
pub(super) fn on_threads<'b, T: Send>(
    m: &mut Measurer<'b>,
    helpers: &mut [Measurer<'b>],
    threads: usize,
    take: impl Fn(&mut Measurer<'b>) -> Vec<(usize, T)> + Sync,
) -> Vec<(usize, T)> {
    let take = &take;
    std::thread::scope(|s| {
        let others: Vec<_> = (helpers.iter_mut().take(threads - 1))
            .map(|h| s.spawn(move || take(h)))
            .collect();
        let mine = take(m);
        others
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .chain(mine)
            .collect()
    })
}

/// Every job's lines, in the jobs' order, measured with `m` on this thread and each of
/// `helpers` on another, each taking the next job not yet taken. A job's answer
/// depends on its text, fonts, size and width alone (a measurer's caches only remember
/// answers), so the lines are the same on any number of threads.
fn measure_lines<'b>(
    m: &mut Measurer<'b>,
    helpers: &mut [Measurer<'b>],
    lang: ShapeLang,
    jobs: &[LineJob<'_>],
    refused: bool,
) -> Vec<Measured> {
    let threads = (helpers.len() + 1).clamp(1, jobs.len().max(1));
    if threads == 1 {
        return jobs.iter().map(|j| j.measure(m, lang, refused)).collect();
    }
    let next = AtomicUsize::new(0);
    let take = |m: &mut Measurer<'_>| {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(j) = jobs.get(i) else { break };
            done.push((i, j.measure(m, lang, refused)));
        }
        done
    };
    let mut lines = vec![(Vec::new(), Vec::new()); jobs.len()];
    for (i, l) in on_threads(m, helpers, threads, take) {
        lines[i] = l;
    }
    lines
}
