//! The carry policy: what of a customer's template may reach an output. One place decides it
//! for decks (masters, layouts, their themes and media) and documents (the theme, the last
//! section's headers and footers and what they reach); docs/guide/carry-policy.md states it
//! for users.
//!
//! An **allow-list**, not a deny-list: a relationship is followed only when its type is one a
//! template's look needs (`ALLOWED`: layouts, masters, themes, pictures, charts and diagrams
//! drawn on them, tags) *and* its target's content type is that type's (`content_type_fits`),
//! and never when it is external. Office keeps adding part kinds that run or fetch something
//! (macro projects and their signatures, ActiveX binaries, OLE packages, web extensions, linked
//! media); a deny-list is one new kind behind them, an allow-list misses at worst a new kind of
//! art, which then is dropped with a finding, not carried silently. What is dropped is named
//! ([`Dropped`], QC's low `template_content_dropped`); the template is never refused for it: a
//! corporate template with a linked logo or a forgotten control still dresses every deck, and
//! what remains draws (the carried XML loses only the dropped things and what points at them).
//!
//! The carried XML is rewritten at the event level ([`clean_part`], quick-xml, namespaces
//! resolved, not prefixes): every reference to a dropped relationship goes with the element
//! that holds it (a picture with its only image, an OLE object's whole `p:graphicFrame` or
//! `w:object`, a hyperlink's `a:hlinkClick`), and so do active content that needs no
//! relationship of its own (`p:controls`, `p:oleObj`, `w:object`, `w:control`, `o:OLEObject`),
//! macro and program actions (`ppaction://macro`...), VML's direct `href` / `src` links, and
//! fields that fetch or run (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, DDEAUTO, IMPORT, DATABASE,
//! MACROBUTTON and HYPERLINK to anything but a bookmark; simple and complex fields alike: the
//! field's code goes, its cached result stays as plain text and pictures). A part with nothing
//! to drop is carried byte for byte.
//!
//! Rooms: `judge` (a relationship's verdict by the allow-list and its target's content type;
//! what a finding shows of a target), `clean` ([`clean_part`]: the part's XML rewritten in two
//! passes), `plan` (pass one, the rules per element: what goes, what is unwrapped, which
//! attributes are stripped), `xml` (the namespaces and elements the rules name, attributes
//! resolved); here, the findings' wording and bounds.

mod clean;
mod judge;
mod plan;
mod xml;

use std::collections::BTreeSet;

pub use clean::clean_part;
pub use judge::{judge, link_kind, safe_text, shown_target, Verdict, MAX_TARGET};
pub use plan::fetching_field;
pub use specrender_model::findings::{DropKind, Dropped};

/// `template inspect`'s text line for `d`.
pub fn dropped_line(d: &Dropped) -> String {
    match &d.target {
        Some(t) => format!("dropped: {} {} ({t})", d.part, d.kind.as_str()),
        None => format!("dropped: {} {}", d.part, d.kind.as_str()),
    }
}

/// Most findings one template gives: past them, content is dropped the same way and the last
/// finding counts the rest (`kind` of the first left out, `target` "+N more").
pub const MAX_DROPPED: usize = 100;

/// `dropped` deduplicated (same part, kind and target: once), in order of first appearance,
/// at most [`MAX_DROPPED`] (the last one then says how many more there were).
pub fn bounded(dropped: Vec<Dropped>) -> Vec<Dropped> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut more = 0usize;
    let mut first_left: Option<Dropped> = None;
    for d in dropped {
        if !seen.insert(d.clone()) {
            continue;
        }
        if out.len() < MAX_DROPPED - 1 {
            out.push(d);
        } else {
            more += 1;
            first_left.get_or_insert(d);
        }
    }
    if let Some(d) = first_left {
        if more == 1 {
            out.push(d);
        } else {
            out.push(Dropped {
                part: d.part,
                kind: d.kind,
                target: Some(format!("+{more} more")),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn findings_are_deduplicated_and_bounded() {
        let d = |n: usize| Dropped {
            part: "p".into(),
            kind: DropKind::ExternalLink,
            target: Some(format!("http://x/{n}")),
        };
        let many: Vec<Dropped> = (0..300).map(d).chain([d(0), d(1)]).collect();
        let b = bounded(many);
        assert_eq!(b.len(), MAX_DROPPED);
        assert_eq!(b[MAX_DROPPED - 1].target.as_deref(), Some("+201 more"));
        assert_eq!(bounded(vec![d(1), d(1)]), vec![d(1)]);
    }
}
