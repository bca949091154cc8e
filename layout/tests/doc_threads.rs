//! A document's paragraphs are measured on several threads (pages prediction), but its work is
//! charged in document order on the job's thread: the work count, and so whether and where a
//! document past its budget is refused, is the same on any number of threads.

use specrender_deckgen::doc::{docspec, DocKind, DocMix, DocOptions};
use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::doc::{
    doc_layout_json, layout_doc_on, try_layout_doc_on, DocOptions as Lay,
};
use specrender_layout::work;
use specrender_spec::doc::resolve_doc;

#[test]
fn the_work_count_and_the_refusal_do_not_depend_on_the_threads() {
    // A report, and users' document (tables on every page: laid out ahead on several
    // threads, their work charged in turn).
    for kind in [DocKind::Report, DocKind::Users] {
        work_and_refusal_on_threads(kind);
    }
}

fn work_and_refusal_on_threads(kind: DocKind) {
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts");
    let spec = docspec(&DocOptions {
        blocks: 150,
        mix: DocMix::Mixed,
        kind,
        seed: 3,
    });
    let doc = resolve_doc(&spec, None);
    let opts = Lay::default();
    let spent = |threads: usize| {
        let counting = work::counting(u64::MAX);
        let laid = layout_doc_on(&doc, &book, &opts, threads);
        (counting.end(), doc_layout_json(&laid))
    };
    let (one, laid) = spent(1);
    assert!(one.total > 100_000, "{}", one.total);
    for threads in [2, 3] {
        let (many, laid_many) = spent(threads);
        assert_eq!(one, many, "{kind}: work on {threads} threads");
        assert_eq!(laid, laid_many, "{kind}: layout on {threads} threads");
    }
    // Budgets passed in the tables (first pass), in the paragraphs' lines (second pass), at the
    // very end, and not passed.
    for budget in [
        one.total / 10,
        one.total / 2,
        one.total * 9 / 10,
        one.total - 1,
        one.total,
    ] {
        let a = try_layout_doc_on(&doc, &book, &opts, budget, 1).map(|l| doc_layout_json(&l));
        let b = try_layout_doc_on(&doc, &book, &opts, budget, 3).map(|l| doc_layout_json(&l));
        assert_eq!(a, b, "{kind}: budget {budget}");
        assert_eq!(a.is_ok(), budget == one.total, "{kind}: budget {budget}");
    }
}
