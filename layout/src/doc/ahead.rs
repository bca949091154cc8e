//! What a document's blocks need before the blocks' pass, found on the job's threads: each
//! block's characters no face draws, and its table laid out ahead ([`blocks_ahead`]).

use super::model::{DocTable, LaidContent};
use super::units::on_threads;
use super::{flow, table};
use crate::text::TextFonts;
use specrender_fonts::{never_missing, Measurer, ShapeLang, SlotFaces};
use specrender_model::findings::Note;
use specrender_spec::doc::{BlockKind, Doc};
use specrender_spec::units::{Cpt, Emu};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What every table of a document is laid out with besides its own input.
pub(super) struct TableArgs<'a> {
    pub(super) body: &'a TextFonts,
    pub(super) bold: &'a TextFonts,
    pub(super) lang: ShapeLang,
    /// The body size.
    pub(super) size: Cpt,
    pub(super) width: Emu,
    pub(super) cell: flow::ParaFormat,
    /// Are all tables numbered (one has a title)?
    pub(super) numbers_tables: bool,
}

/// A table laid out ahead: the table, its findings, its work ([`crate::work::recorded`]).
pub(super) type LaidAhead = (DocTable, Vec<Note>, Vec<crate::work::Charge>);

/// What [`blocks_ahead`] found of one block.
pub(super) struct Ahead {
    /// A table laid out (`None`: not a table, or to be laid out in turn).
    pub(super) table: Option<LaidAhead>,
    /// The characters of its texts no face draws ([`missing_chars`]).
    pub(super) missing: Vec<char>,
}

/// The texts of a block as [`block_texts`] gives them once laid (a table's: `None`).
fn input_texts(k: &BlockKind) -> Option<Vec<&str>> {
    Some(match k {
        BlockKind::Heading { text, .. } | BlockKind::Paragraph { text } => vec![text],
        BlockKind::List { items, .. } => items.iter().map(String::as_str).collect(),
        BlockKind::Table { .. } => return None,
        BlockKind::Figure { caption, alt, .. } => std::iter::once(caption.as_str())
            .chain(alt.as_deref())
            .collect(),
        BlockKind::Quote { text, attribution } => std::iter::once(text.as_str())
            .chain(attribution.as_deref())
            .collect(),
        BlockKind::PageBreak => Vec::new(),
    })
}

/// Per block of `doc`, in order, on `threads` threads before the blocks' pass (this one
/// with `m`, each other with a measurer of its own, taking the next block not yet taken):
/// the characters its texts lack, and a table laid out, its work recorded to be charged in
/// its turn. Both depend on the block's input alone — a table's layout as long as the work
/// budget is not spent while it is laid out. `None` on one thread; no table is laid out
/// ahead when the tables' work could pass the budget (there its layout depends on where
/// the budget is spent: each is laid out in turn, as on one thread).
pub(super) fn blocks_ahead<'b>(
    m: &mut Measurer<'b>,
    helpers: &mut [Measurer<'b>],
    doc: &Doc,
    args: &TableArgs<'_>,
) -> Option<Vec<Ahead>> {
    let mut number = 0u32;
    let inputs: Vec<Option<(table::TableInput<'_>, (u32, bool))>> = doc
        .blocks
        .iter()
        .map(|b| match &b.kind {
            BlockKind::Table {
                title,
                columns,
                rows,
            } => {
                // As the blocks' pass numbers them.
                let numbered = title.is_some() || args.numbers_tables;
                if numbered {
                    number += 1;
                }
                let input = table::TableInput {
                    block: &b.id,
                    title: title.as_ref(),
                    columns,
                    rows,
                    cell: args.cell,
                };
                Some((input, (number, numbered)))
            }
            _ => None,
        })
        .collect();
    let threads = (helpers.len() + 1).clamp(1, doc.blocks.len().max(1));
    if threads < 2 {
        return None;
    }
    let next = AtomicUsize::new(0);
    let take = |m: &mut Measurer<'_>| {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(b) = doc.blocks.get(i) else {
                break;
            };
            let ahead = match (&inputs[i], input_texts(&b.kind)) {
                (Some((input, number)), _) => {
                    let mut found = Vec::new();
                    let (laid, charges) = crate::work::recorded(|| {
                        table::table(
                            m, args.body, args.bold, args.lang, args.size, input, args.width,
                            *number, &mut found,
                        )
                    });
                    let content = LaidContent::Table(laid);
                    let missing = missing_chars(m, args.body.faces, &block_texts(&content));
                    let LaidContent::Table(laid) = content else {
                        unreachable!("made a table above")
                    };
                    Ahead {
                        table: Some((laid, found, charges)),
                        missing,
                    }
                }
                (None, texts) => Ahead {
                    table: None,
                    missing: missing_chars(m, args.body.faces, &texts.unwrap_or_default()),
                },
            };
            done.push((i, ahead));
        }
        done
    };
    let mut ahead: Vec<Option<Ahead>> = (0..doc.blocks.len()).map(|_| None).collect();
    for (i, a) in on_threads(m, helpers, threads, take) {
        ahead[i] = Some(a);
    }
    let mut ahead: Vec<Ahead> = ahead.into_iter().flatten().collect();
    let work = (ahead.iter().filter_map(|a| a.table.as_ref()))
        .fold(0u64, |n, t| n.saturating_add(crate::work::bound(&t.2)));
    if work > crate::work::headroom() {
        // The budget may be spent among the tables: lay them out in turn.
        for a in &mut ahead {
            a.table = None;
        }
    }
    Some(ahead)
}

/// The texts of a block the writer draws.
pub(super) fn block_texts(c: &LaidContent) -> Vec<&str> {
    match c {
        LaidContent::Heading { text, .. } | LaidContent::Paragraph { text } => vec![text],
        LaidContent::List { items, .. } => items.iter().map(String::as_str).collect(),
        LaidContent::Table(t) => t
            .title
            .iter()
            .chain(&t.columns)
            .chain(t.rows.iter().flatten())
            .map(String::as_str)
            .collect(),
        LaidContent::Figure(f) => std::iter::once(f.caption.as_str())
            .chain(f.alt.as_deref())
            .collect(),
        LaidContent::Quote { text, attribution } => std::iter::once(text.as_str())
            .chain(attribution.as_deref())
            .collect(),
        LaidContent::PageBreak => Vec::new(),
    }
}

/// Characters of `texts` that no loaded font draws (format characters never count), in
/// first-seen order.
pub(super) fn missing_chars(m: &mut Measurer<'_>, faces: SlotFaces, texts: &[&str]) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for t in texts {
        for s in m.segment(t, faces, false) {
            if s.missing {
                for c in t[s.range.clone()].chars().filter(|&c| !never_missing(c)) {
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
        }
    }
    out
}
