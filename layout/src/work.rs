//! The work budget of a job (issue 25): no input within the schemas' limits may keep a worker
//! busy for long, so the work layout does is counted and bounded.
//!
//! Work is counted in units that depend only on the input, never on time, threads or what a
//! cache happened to hold, so the same input is refused (or not) with the same answer on any
//! number of threads:
//! - [`PREPARE`] units per paragraph prepared (segmented, broken into pieces, shaped:
//!   `prepare`) and one per byte of its text;
//! - one unit per piece (a word, or a grapheme of a word broken inside) measured at one size
//!   in one width (`Prepared::break_at`, `count_lines`, a column's extents), asked anew — an
//!   answer remembered by the paragraph (its memo) or by its table costs nothing.
//!
//! The count is kept on the thread laying out one input slide (or one document), charged to
//! the element (block) whose text it measured. A slide whose own work passes the budget stops
//! measuring (every further question gets a trivial answer, so the rest of the slide costs
//! little) and the job is refused; [`crate::try_layout`] adds the slides' work in slide order
//! and refuses the job at the element where the total first passes the budget.

use std::cell::{Cell, RefCell};
use std::hash::BuildHasher;

/// Work units one job may spend ([`crate::LayoutOptions::work_budget`]): a unit is about 150
/// instructions, so the budget is about 15 G instructions of measuring; with what table
/// cells hold and write charged too ([`TABLE_CELL`], [`TABLE_PIECE`]), the largest accepted
/// input of every kind measured renders in under 2 s of CPU within the fuzzer's heap bound
/// (benches/reports/2026-11-26-limits.md: 1.0 s for 23 tables of 20 x 200 short strings on the loaded
/// 2-core machine). A table of 20 x 200 short strings spends about 4.3 M, a 10,000-character
/// document paragraph 30,000.
pub const DEFAULT_WORK_BUDGET: u64 = 100_000_000;

/// Units of preparing a paragraph, besides one per byte: what making one costs whatever its
/// length (segments, break opportunities, pieces, runs). Measured with callgrind on tables
/// of short and of 300-character cells: about 25,000 instructions per cell prepared, 143 per
/// unit.
pub const PREPARE: u64 = 176;

/// Units per byte of a document paragraph broken into Writer's lines, besides preparing it:
/// its glyphs are measured again, unkerned, and its line heights looked up (measured: a
/// 10,000-character paragraph costs about three times what preparing it counts).
pub const WRITER_LINES: u64 = 2;

/// Units per byte of a table cell's text, besides preparing it: a table keeps every cell
/// prepared (pieces, glyph advances: about 20 bytes of memory per byte of text) until it is
/// laid out, so its text counts for the memory it holds too (measured: a DocSpec table of
/// 60,000 400-character cells peaked at 583 MiB).
pub const TABLE_BYTE: u64 = 4;

/// Units per table cell (slides and documents), besides its text: what a laid cell keeps
/// until the file is written (its paragraph, line and runs: about 320 bytes on a slide) and
/// the XML written for it, neither of which the units above count. Set so that the largest
/// accepted table deck stays within the fuzzer's bounds (docs/guide/limits.md):
/// before, a deck of 70 tables of 20 x 200 short strings was accepted, 3.4 s of CPU and
/// 155 MiB of heap for a 2.6 MB input.
pub const TABLE_CELL: u64 = 600;

/// Units per piece (a word and its spaces) of a table cell's text, under each rule set
/// measured: a prepared piece holds about 80 bytes until the table is laid out, more than
/// its text does when the words are short (`"a a a ..."`).
pub const TABLE_PIECE: u64 = 100;

/// Units per word (text between spaces) first met in a slide's or document's text, besides
/// preparing it ([`new_words`]): shaping a word no measurer has seen costs about 2.9 us
/// (rustybuzz; measured on a DocSpec of 3,000 paragraphs of distinct five-letter words,
/// 10 s of CPU with only [`PREPARE`] and the bytes charged), about 100 units; a word met again
/// is answered from the width cache. Counted on the words, in the order text is charged, never
/// on what a measurer's cache holds (per thread, bounded): the same on any number of threads.
pub const NEW_WORD: u64 = 100;

/// Charges `owner` [`NEW_WORD`] for each word of `text` (split at white space) not met before
/// in this slide (document) since [`begin`]; nothing when not counting.
pub fn new_words(owner: u32, text: &str) {
    if RECORDING.get() {
        // Its words counted here, on the thread doing the work, for [`bound`].
        let n = text.split_whitespace().count() as u64;
        LOG.with_borrow_mut(|l| l.push(Charge::Words(text.into(), n)));
        return;
    }
    let counting = OWNERS.with_borrow(|o| !o.is_empty());
    if !counting || exhausted() {
        return;
    }
    let fresh = WORDS.with_borrow_mut(|w| {
        text.split_whitespace()
            .filter(|word| w.insert(WORD_HASH.hash_one(word)))
            .count()
    });
    spend(owner, NEW_WORD * fresh as u64);
}

/// The words' hash: fixed, so the count is the same in every process.
const WORD_HASH: foldhash::fast::FixedState = foldhash::fast::FixedState::with_seed(0x5bd1_e995);

/// Charges what table cell `paras` holds beyond its text ([`TABLE_CELL`], [`TABLE_PIECE`])
/// to the element (block) being laid out.
pub fn table_cell(paras: &[crate::text::Prepared]) {
    if exhausted() {
        // Past the budget a cell is prepared empty and never laid: nothing to count.
        return;
    }
    let pieces: usize = paras
        .iter()
        .map(|p| p.pieces.len() + p.pieces_libreoffice.as_ref().map_or(0, Vec::len))
        .sum();
    spend(current(), TABLE_CELL + TABLE_PIECE * pieces as u64);
}

thread_local! {
    /// Units spent since [`begin`]; past `LIMIT` every measuring question is answered
    /// trivially.
    static SPENT: Cell<u64> = const { Cell::new(0) };
    static LIMIT: Cell<u64> = const { Cell::new(u64::MAX) };
    /// The owner new text is charged to ([`enter`]); 0 is the slide (or document) itself.
    static CURRENT: Cell<u32> = const { Cell::new(0) };
    /// Per owner: its id and the units charged to it, owner 0 first.
    static OWNERS: RefCell<Vec<(String, u64)>> = const { RefCell::new(Vec::new()) };
    /// Owner id -> its index in `OWNERS` ([`enter`] looked each id up by walking `OWNERS`:
    /// a 2,000-block document's two passes cost 74 M instructions of its 1,423 M there).
    static INDEX: RefCell<foldhash::HashMap<String, u32>> = RefCell::new(Default::default());
    /// The words met since [`begin`] (their hashes, [`new_words`]).
    static WORDS: RefCell<std::collections::HashSet<u64, foldhash::fast::FixedState>> =
        const { RefCell::new(std::collections::HashSet::with_hasher(WORD_HASH)) };
    /// Charges are written to `LOG` instead of being made ([`recorded`]).
    static RECORDING: Cell<bool> = const { Cell::new(false) };
    static LOG: RefCell<Vec<Charge>> = const { RefCell::new(Vec::new()) };
}

/// A charge [`recorded`] instead of made: [`spend`]'s units, or [`new_words`]' text and the
/// number of its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Charge {
    Units(u64),
    Words(Box<str>, u64),
}

/// Runs `f` with its charges recorded, not made, and nothing exhausted: the work of one
/// element done ahead (a document's tables, on another thread), to be made by [`replay`]
/// where the element's turn comes. What `f` computes is what it computes counting as long
/// as the budget is not spent during it: [`bound`] of the charges within [`headroom`] says
/// so.
pub fn recorded<R>(f: impl FnOnce() -> R) -> (R, Vec<Charge>) {
    let limit = LIMIT.replace(u64::MAX);
    let was = RECORDING.replace(true);
    let outer = LOG.with_borrow_mut(std::mem::take);
    let r = f();
    let log = LOG.replace(outer);
    RECORDING.set(was);
    LIMIT.set(limit);
    (r, log)
}

/// Makes recorded charges, in order, to the owner entered now (all of one element's charges
/// are its own): the same units, the same words met, as making them where they were made.
pub fn replay(charges: &[Charge]) {
    let owner = current();
    for c in charges {
        match c {
            Charge::Units(u) => spend(owner, *u),
            Charge::Words(t, _) => new_words(owner, t),
        }
    }
}

/// The most `charges` can add when replayed (every word counted as new).
pub fn bound(charges: &[Charge]) -> u64 {
    charges.iter().fold(0u64, |n, c| {
        n.saturating_add(match c {
            Charge::Units(u) => *u,
            Charge::Words(_, n) => NEW_WORD.saturating_mul(*n),
        })
    })
}

/// Units left before this thread's count is exhausted ([`exhausted`] is false until more
/// than this is spent).
pub fn headroom() -> u64 {
    LIMIT.get().saturating_sub(SPENT.get())
}

/// What one slide (or document) spent: in all, and per element (block) in the order they were
/// first charged (the slide's own work, `""`, first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spent {
    pub total: u64,
    pub owners: Vec<(String, u64)>,
}

/// Counting on this thread until [`Counting::end`]; dropped without it (a panic), counting
/// stops all the same, so nothing after is limited.
#[must_use]
pub struct Counting(());

impl Counting {
    /// What was spent ([`end`]).
    pub fn end(self) -> Spent {
        end()
    }
}

impl Drop for Counting {
    fn drop(&mut self) {
        LIMIT.set(u64::MAX);
    }
}

/// [`begin`], stopped when the guard is dropped.
pub fn counting(limit: u64) -> Counting {
    begin(limit);
    Counting(())
}

/// Starts counting on this thread with `limit` units to spend.
pub fn begin(limit: u64) {
    SPENT.set(0);
    LIMIT.set(limit);
    CURRENT.set(0);
    OWNERS.with_borrow_mut(|o| {
        o.clear();
        o.push((String::new(), 0));
    });
    INDEX.with_borrow_mut(|ix| {
        ix.clear();
        ix.insert(String::new(), 0);
    });
    WORDS.with_borrow_mut(|w| *w = std::collections::HashSet::with_hasher(WORD_HASH));
}

/// Stops counting: what was spent since [`begin`]. Afterwards nothing is limited.
pub fn end() -> Spent {
    let owners = OWNERS.with_borrow_mut(std::mem::take);
    INDEX.with_borrow_mut(|ix| ix.clear());
    WORDS.with_borrow_mut(|w| *w = std::collections::HashSet::with_hasher(WORD_HASH));
    let total = SPENT.replace(0);
    LIMIT.set(u64::MAX);
    CURRENT.set(0);
    Spent { total, owners }
}

/// Text prepared from now on is charged to element (block) `id`.
pub fn enter(id: &str) {
    let k = OWNERS.with_borrow_mut(|o| {
        if o.is_empty() {
            // Not counting (no `begin`): everything is the job's own.
            return 0;
        }
        INDEX.with_borrow_mut(|ix| match ix.get(id) {
            Some(&k) => k as usize,
            None => {
                o.push((id.to_string(), 0));
                let k = o.len() - 1;
                ix.insert(id.to_string(), k as u32);
                k
            }
        })
    });
    CURRENT.set(k as u32);
}

/// Text prepared from now on is charged to the slide (document) itself.
pub fn leave() {
    CURRENT.set(0);
}

/// The owner text prepared now is charged to.
pub fn current() -> u32 {
    CURRENT.get()
}

/// Charges `units` to `owner`.
#[inline]
pub fn spend(owner: u32, units: u64) {
    if RECORDING.get() {
        LOG.with_borrow_mut(|l| l.push(Charge::Units(units)));
        return;
    }
    SPENT.set(SPENT.get().saturating_add(units));
    OWNERS.with_borrow_mut(|o| {
        if let Some(e) = o.get_mut(owner as usize) {
            e.1 = e.1.saturating_add(units);
        }
    });
}

/// Has this slide (document) spent more than its limit?
#[inline]
pub fn exhausted() -> bool {
    SPENT.get() > LIMIT.get()
}

/// Where a job passed its budget: `spent` units by the end of `slide` (index into the input's
/// slides; for a document, 0), charged last to element (block) `element` (`None`: the work
/// of the slide itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverBudget {
    pub slide: usize,
    pub element: Option<String>,
    pub spent: u64,
    pub budget: u64,
}

/// Adds `spent` to `total` (the work of the slides before it); when the sum passes `budget`,
/// where: the first owner, in order, at which the running sum passes it.
pub fn add(total: &mut u64, spent: &Spent, slide: usize, budget: u64) -> Option<OverBudget> {
    let before = *total;
    *total = total.saturating_add(spent.total);
    if *total <= budget {
        return None;
    }
    let mut run = before;
    let mut element = None;
    for (id, units) in &spent.owners {
        run = run.saturating_add(*units);
        if run > budget {
            element = (!id.is_empty()).then(|| id.clone());
            break;
        }
    }
    if element.is_none() {
        // The slide's own work tipped it: name its most costly element, if any.
        element = spent
            .owners
            .iter()
            .filter(|(id, _)| !id.is_empty())
            .max_by_key(|(_, u)| *u)
            .map(|(id, _)| id.clone());
    }
    Some(OverBudget {
        slide,
        element,
        spent: *total,
        budget,
    })
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_word_is_charged_once_per_slide_or_document() {
        let c = counting(u64::MAX);
        new_words(0, "alpha beta alpha");
        assert_eq!(SPENT.get(), 2 * NEW_WORD);
        new_words(0, "beta  gamma\talpha");
        assert_eq!(SPENT.get(), 3 * NEW_WORD);
        assert_eq!(c.end().total, 3 * NEW_WORD);
        // A new count starts with no words met; nothing is charged when not counting.
        let c = counting(u64::MAX);
        new_words(0, "alpha");
        assert_eq!(c.end().total, NEW_WORD);
        new_words(0, "delta");
        assert_eq!(SPENT.get(), 0);
    }

    use super::*;

    #[test]
    fn work_is_charged_to_the_element_entered() {
        begin(100);
        spend(current(), 5);
        enter("t1");
        spend(current(), 40);
        enter("t2");
        let t2 = current();
        enter("t1");
        spend(current(), 10);
        spend(t2, 30);
        assert!(!exhausted());
        spend(t2, 16);
        assert!(exhausted());
        let s = end();
        assert_eq!(s.total, 101);
        assert_eq!(
            s.owners,
            vec![("".into(), 5), ("t1".into(), 50), ("t2".into(), 46)]
        );
        // Not counting after `end`: nothing is exhausted, nothing recorded.
        spend(current(), u64::MAX);
        assert!(!exhausted());
        enter("x");
        assert_eq!(current(), 0);
        SPENT.set(0);
    }

    #[test]
    fn recorded_work_replayed_in_turn_is_the_work_made_there() {
        let direct = {
            let c = counting(10_000);
            new_words(0, "alpha beta");
            enter("t1");
            spend(current(), 7);
            new_words(current(), "beta gamma");
            c.end()
        };
        let c = counting(10_000);
        new_words(0, "alpha beta");
        // Recorded (as on another thread): nothing charged, nothing exhausted.
        let ((), log) = recorded(|| {
            spend(0, 7);
            new_words(0, "beta gamma");
            spend(0, u64::MAX);
            assert!(!exhausted());
        });
        assert_eq!(SPENT.get(), 2 * NEW_WORD);
        assert_eq!(bound(&log), u64::MAX);
        enter("t1");
        replay(&log[..2]);
        assert_eq!(bound(&log[..2]), 7 + 2 * NEW_WORD);
        assert_eq!(c.end(), direct);
    }

    #[test]
    fn the_job_is_refused_where_the_running_sum_passes_the_budget() {
        let s = Spent {
            total: 60,
            owners: vec![("".into(), 0), ("a".into(), 20), ("b".into(), 40)],
        };
        let mut total = 0;
        assert_eq!(add(&mut total, &s, 0, 100), None);
        assert_eq!(total, 60);
        let over = add(&mut total, &s, 1, 100).unwrap();
        // 60 + 20 = 80, + 40 = 120 > 100: element b of slide 1.
        assert_eq!(over.element.as_deref(), Some("b"));
        assert_eq!((over.slide, over.spent, over.budget), (1, 120, 100));
        // The slide's own work past the budget names its most costly element.
        let own = Spent {
            total: 200,
            owners: vec![("".into(), 150), ("a".into(), 10), ("b".into(), 40)],
        };
        let over = add(&mut 0, &own, 2, 100).unwrap();
        assert_eq!(over.element.as_deref(), Some("b"));
    }
}
