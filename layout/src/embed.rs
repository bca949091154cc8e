//! Which faces a PPTX or DOCX carries (`--embed-fonts`, issue 44), decided once the file is
//! laid out: every family its text is written in (run fonts, the theme's fonts for runs that
//! inherit, the complex-script families a DOCX names, chart and bullet fonts) with the
//! characters it shows in that family, resolved as layout measured it
//! ([`FontBook::resolve`]). A family measured with its own face or its metric clone (Calibri
//! with Carlito: the same advances) is embedded with that face, subset to those characters
//! (`used`) or whole (`all`) by [`specrender_fonts::embed`]; one measured with a stand-in or
//! a substitute is not (embedding another design under the family's name would change the
//! file's look) and neither is a face whose licence or outlines forbid it: each is a
//! [`NotEmbedded`] that QC reports as `font_not_embedded`.
//!
//! Characters are assigned by script class (`script_class`): a Latin family gets the Latin
//! text of its runs, an East Asian family the Asian text, a complex-script family its
//! script's; neutral characters (spaces, digits, punctuation) go to every family of the run
//! and never make a family used on their own. Latin families also keep printable ASCII and
//! the common typographic marks, so numbers, captions and labels the viewer adds draw.

use std::collections::BTreeMap;
use std::sync::Arc;

use specrender_fonts::embed::{self as faces, Keep};
use specrender_fonts::{complex_family, script_class, FontBook, MatchKind, ScriptClass};
use specrender_model::doc::{LaidContent, LaidDoc};
use specrender_model::embed::{EmbedFonts, EmbeddedFace, Embedding, FaceStyle, NotEmbedded};
use specrender_model::{BoxContent, LaidDeck, Paragraph};
use specrender_spec::deck::ThemeFonts;

/// A family as runs name it and the slot it fills (0 Latin, 1 East Asian, 2 complex).
type Named = (String, u8);

/// A face to build: its family and style, the face and the characters kept of it.
type FaceJob = ((String, FaceStyle), (specrender_fonts::FaceId, Keep));

/// The characters each named family shows, bold and regular apart.
#[derive(Default)]
struct Uses {
    /// (family, slot, bold) -> (characters, has text of its own class).
    by: BTreeMap<(Named, bool), (Keep, bool)>,
}

impl Uses {
    fn add(&mut self, latin: &str, ea: &str, cs: &str, bold: bool, text: &str) {
        // The characters of each slot first, then one map entry per slot.
        let mut per: [Vec<char>; 3] = Default::default();
        let mut strong = [false; 3];
        for c in text.chars() {
            let slot = match script_class(c) {
                ScriptClass::Latin => 0,
                ScriptClass::EastAsian => 1,
                ScriptClass::Complex => 2,
                ScriptClass::Weak => {
                    for p in &mut per {
                        p.push(c);
                    }
                    continue;
                }
            };
            per[slot].push(c);
            strong[slot] = true;
        }
        for (slot, name) in [latin, ea, cs].into_iter().enumerate() {
            if name.is_empty() || per[slot].is_empty() {
                continue;
            }
            let key = ((name.to_string(), slot as u8), bold);
            let e = self.by.entry(key).or_default();
            e.0.chars.extend(per[slot].iter().copied());
            e.1 |= strong[slot];
        }
    }

    /// Text written in the theme's fonts (runs that inherit them): body and heading alike.
    fn add_themed(&mut self, fonts: &ThemeFonts, bold: bool, text: &str) {
        self.add(&fonts.body, &fonts.body_ea, "", bold, text);
        self.add(&fonts.heading, &fonts.heading_ea, "", bold, text);
        self.add_complex(bold, text);
    }

    /// Complex-script text in the families the DOCX writer names for it (`w:cs`), with the
    /// text's neutral characters (digits, punctuation, spaces: the viewer draws them in the
    /// run's face where it has them).
    fn add_complex(&mut self, bold: bool, text: &str) {
        let weak: Vec<char> = text
            .chars()
            .filter(|c| script_class(*c) == ScriptClass::Weak)
            .collect();
        for c in text.chars() {
            if let Some(f) = complex_family(c) {
                let e = self.by.entry(((f.to_string(), 2), bold)).or_default();
                if !e.1 {
                    e.0.chars.extend(weak.iter().copied());
                }
                e.0.chars.insert(c);
                e.1 = true;
            }
        }
    }

    fn paragraphs(&mut self, fonts: &ThemeFonts, paras: &[Paragraph], bold: bool) {
        for p in paras {
            for r in p.runs.iter() {
                let Some(text) = p.text.get(r.start..r.end) else {
                    continue;
                };
                if r.latin.is_empty() && r.ea.is_empty() && r.cs.is_empty() {
                    self.add_themed(fonts, bold, text);
                } else {
                    self.add(&r.latin, &r.ea, &r.cs, bold, text);
                }
            }
            if let Some(b) = &p.bullet {
                let mut buf = [0u8; 4];
                self.add(&b.font, "", "", bold, b.char.encode_utf8(&mut buf));
            }
        }
    }
}

/// Printable ASCII and the marks a viewer or our own furniture adds (numbers, bullets,
/// quotes, dashes, ellipsis), kept in every Latin family embedded.
const LATIN_BASICS: &str = "•–—‘’“”…·«»€£¥©®™°±×÷";

/// What a deck's PPTX carries.
/// Faces are built on up to `threads` threads (the same bytes whatever the number).
pub fn deck(laid: &LaidDeck, book: &FontBook, mode: EmbedFonts, threads: usize) -> Embedding {
    if mode == EmbedFonts::None {
        return Embedding::default();
    }
    let mut uses = Uses::default();
    let fonts = &laid.theme.fonts;
    for s in &laid.slides {
        for b in &s.boxes {
            match &b.content {
                BoxContent::Text(t) => uses.paragraphs(fonts, &t.paragraphs, t.bold),
                BoxContent::Shape(sh) => {
                    if let Some(t) = &sh.text {
                        uses.paragraphs(fonts, &t.paragraphs, t.bold);
                    }
                }
                BoxContent::Table(t) => {
                    for row in &t.rows {
                        for cell in &row.cells {
                            uses.paragraphs(fonts, &cell.paragraphs, cell.bold);
                        }
                    }
                }
                BoxContent::Chart(c) => {
                    let f = &c.fonts;
                    let texts = c
                        .title
                        .iter()
                        .chain(&c.x_title)
                        .chain(&c.y_title)
                        .chain(&c.categories)
                        .chain(c.series.iter().map(|s| &s.name));
                    for t in texts {
                        uses.add(&f.latin, &f.ea, &f.cs, false, t);
                        uses.add(&f.latin, &f.ea, &f.cs, true, t);
                    }
                    uses.add(&f.latin, &f.ea, &f.cs, false, "0123456789.,-%");
                }
                BoxContent::Placeholder(_) | BoxContent::Picture(_) | BoxContent::Divider(_) => {}
            }
        }
        uses.add_themed(fonts, false, &s.notes);
    }
    plan(uses, book, mode, threads)
}

/// What a document's DOCX carries.
/// Faces are built on up to `threads` threads (the same bytes whatever the number).
pub fn doc(laid: &LaidDoc, book: &FontBook, mode: EmbedFonts, threads: usize) -> Embedding {
    if mode == EmbedFonts::None {
        return Embedding::default();
    }
    let mut texts: Vec<&str> = vec![&laid.title];
    texts.extend(laid.subtitle.as_deref());
    for b in &laid.blocks {
        match &b.content {
            LaidContent::Heading { text, .. } | LaidContent::Paragraph { text } => texts.push(text),
            LaidContent::List { items, .. } => texts.extend(items.iter().map(String::as_str)),
            LaidContent::Table(t) => {
                texts.extend(t.title.as_deref());
                texts.extend(t.columns.iter().map(String::as_str));
                texts.extend(t.rows.iter().flatten().map(String::as_str));
            }
            LaidContent::Figure(f) => texts.push(&f.caption),
            LaidContent::Quote { text, attribution } => {
                texts.push(text);
                texts.extend(attribution.as_deref());
            }
            LaidContent::PageBreak => {}
        }
    }
    for r in &laid.references {
        texts.extend(r.title.as_deref());
        texts.extend(r.url.as_deref());
        texts.extend(r.locator.as_deref());
    }
    let (figure, table, references, sep) = specrender_model::doc::labels(laid.lang);
    texts.extend([figure, table, references, sep]);
    // Every character once (a document's text repeats them), then each family its share.
    let chars: std::collections::BTreeSet<char> = texts.iter().flat_map(|t| t.chars()).collect();
    let all: String = chars.into_iter().collect();
    let mut uses = Uses::default();
    for bold in [false, true] {
        uses.add_themed(&laid.theme.fonts, bold, &all);
    }
    plan(uses, book, mode, threads)
}

/// The families used, resolved and built.
fn plan(uses: Uses, book: &FontBook, mode: EmbedFonts, threads: usize) -> Embedding {
    let mut out = Embedding {
        mode,
        ..Embedding::default()
    };
    // Whole faces by face id: a face embedded under two names (`all`) is built once.
    let mut built: BTreeMap<u32, Arc<[u8]>> = BTreeMap::new();
    let mut refused: BTreeMap<(String, String), NotEmbedded> = BTreeMap::new();
    let by_face = faces_to_build(uses, book, &mut refused);
    let subset = mode == EmbedFonts::Used;
    let jobs: Vec<_> = by_face.into_iter().collect();
    let results = build_faces(book, &jobs, subset, threads);
    for (((family, style), (face, _)), result) in jobs.into_iter().zip(results) {
        let info = book.face(face);
        match result {
            Ok(f) => {
                let data: Arc<[u8]> = if f.subset {
                    Arc::from(f.bytes)
                } else {
                    built
                        .entry(face.0)
                        .or_insert_with(|| Arc::from(f.bytes))
                        .clone()
                };
                out.faces.push(EmbeddedFace {
                    family,
                    style,
                    face: info.family.clone(),
                    bytes: data.len(),
                    data,
                    subset: f.subset,
                    converted: f.converted,
                    glyphs: f.glyphs,
                });
            }
            Err(r) => {
                refused
                    .entry((family.clone(), info.family.clone()))
                    .or_insert(NotEmbedded {
                        family,
                        face: info.family.clone(),
                        reason: r.code().to_string(),
                        why: r.describe(),
                    });
            }
        }
    }
    out.refused = refused.into_values().collect();
    out
}

/// The faces to embed with the characters each keeps, by (family, style): families under one
/// name but different slots share a face and merge their characters. A family measured with
/// another design, or a bold slot its family has no bold face for, is not among them (the
/// first is `refused`).
fn faces_to_build(
    mut uses: Uses,
    book: &FontBook,
    refused: &mut BTreeMap<(String, String), NotEmbedded>,
) -> BTreeMap<(String, FaceStyle), (specrender_fonts::FaceId, Keep)> {
    let basics: Vec<char> = (' '..='~').chain(LATIN_BASICS.chars()).collect();
    let mut by_face: BTreeMap<(String, FaceStyle), (specrender_fonts::FaceId, Keep)> =
        BTreeMap::new();
    for (((name, slot), bold), (mut keep, strong)) in std::mem::take(&mut uses.by) {
        if !strong {
            continue;
        }
        let class = match slot {
            0 => ScriptClass::Latin,
            1 => ScriptClass::EastAsian,
            _ => ScriptClass::Complex,
        };
        let m = book.resolve(&name, bold, class);
        let info = book.face(m.face);
        let reason = refusal(&m.kind, &name);
        if let Some((code, why)) = reason {
            refused
                .entry((name.clone(), info.family.clone()))
                .or_insert(NotEmbedded {
                    family: name,
                    face: info.family.clone(),
                    reason: code.to_string(),
                    why,
                });
            continue;
        }
        // A family without a bold face is drawn emboldened from its regular: nothing to
        // embed in the bold slot.
        if bold && !info.bold {
            continue;
        }
        if slot == 0 {
            keep.chars.extend(basics.iter().copied());
        }
        let style = FaceStyle::of(info.bold, info.italic);
        let e = by_face
            .entry((name, style))
            .or_insert((m.face, Keep::default()));
        e.1.chars.append(&mut keep.chars);
    }
    by_face
}

/// Why family `name`, resolved as `kind`, is not embedded (code, explanation): measured with
/// a stand-in or a substitute, embedding that under its name would change how the file looks.
fn refusal(kind: &MatchKind, name: &str) -> Option<(&'static str, String)> {
    match kind {
        MatchKind::Exact | MatchKind::Alias { .. } => None,
        MatchKind::StandIn { to } => Some((
            "stand_in",
            format!(
                "it is measured with the stand-in \"{to}\", another design: embedding that under \
             the name \"{name}\" would change how the file looks"
            ),
        )),
        MatchKind::Substituted { to } => Some((
            "substituted",
            format!(
                "it is not available here and was measured with \"{to}\": embedding that under \
             the name \"{name}\" would change how the file looks; pass --fonts with its files"
            ),
        )),
    }
}

/// Each job's face built (subset to its characters when `subset`), in the jobs' order: on up
/// to `threads` threads, each taking the next job in turn.
fn build_faces(
    book: &FontBook,
    jobs: &[FaceJob],
    subset: bool,
    threads: usize,
) -> Vec<Result<faces::FaceFont, faces::Refusal>> {
    if threads <= 1 || jobs.len() < 2 {
        jobs.iter()
            .map(|(_, (face, keep))| faces::build(book, *face, subset.then_some(keep)))
            .collect()
    } else {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let slots: Vec<std::sync::Mutex<Option<_>>> =
            jobs.iter().map(|_| std::sync::Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.min(jobs.len()) {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((_, (face, keep))) = jobs.get(i) else {
                        break;
                    };
                    let r = faces::build(book, *face, subset.then_some(keep));
                    *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(r);
                });
            }
        });
        slots
            .into_iter()
            .map(|m| {
                m.into_inner()
                    .unwrap_or_else(|p| p.into_inner())
                    .unwrap_or_else(|| Err(faces::Refusal::Unreadable("not built".into())))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use specrender_fonts::FontOptions;

    fn uses(pairs: &[(&str, u8, &str)]) -> Uses {
        let mut u = Uses::default();
        for &(name, slot, text) in pairs {
            let (l, e, c) = match slot {
                0 => (name, "", ""),
                1 => ("", name, ""),
                _ => ("", "", name),
            };
            u.add(l, e, c, false, text);
        }
        u
    }

    #[test]
    fn families_are_embedded_by_what_measured_them() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let u = uses(&[
            ("Calibri", 0, "Quarterly results"),
            ("Noto Sans CJK KR", 1, "분기 실적"),
            // Named but only spaces and digits in its slot: not used.
            ("Noto Sans CJK JP", 1, " 2026 "),
            ("Aptos", 0, "Stand-in text"),
        ]);
        let e = plan(u, &book, EmbedFonts::Used, 2);
        let got: Vec<(&str, &str, bool)> = e
            .faces
            .iter()
            .map(|f| (f.family.as_str(), f.face.as_str(), f.converted))
            .collect();
        assert_eq!(
            got,
            [
                ("Calibri", "Carlito", false),
                ("Noto Sans CJK KR", "Noto Sans CJK KR", true)
            ]
        );
        assert!(e.faces.iter().all(|f| f.subset && f.glyphs > 3));
        assert_eq!(e.refused.len(), 1);
        assert_eq!(
            (e.refused[0].family.as_str(), e.refused[0].reason.as_str()),
            ("Aptos", "stand_in")
        );
        let whole = plan(
            uses(&[("Calibri", 0, "Quarterly")]),
            &book,
            EmbedFonts::All,
            1,
        );
        assert!(!whole.faces[0].subset && whole.faces[0].bytes > 400_000);
    }
}
