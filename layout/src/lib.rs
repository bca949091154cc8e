//! specrender-layout: `Deck` -> `LaidDeck`.
//!
//! Stages, one module each: `preset` (slot geometry), `slide` (slot assignment, stacking and
//! the fit policy's passes per slide), `measure` (script runs, shaping once per piece),
//! `linebreak` (UAX #14 + kinsoku + the Korean whole-word rule, greedy filling), `fit`
//! (one box at one size: lines x pitch, insets, safety; shrink and spacing steps), `style`
//! (fonts, sizes, colours per slot). The result is plain data: the PPTX writer and QC read
//! it and decide nothing of their own.

pub mod fit;
pub mod linebreak;
pub mod measure;
pub mod model;
pub mod preset;
pub mod slide;
pub mod style;

use measure::TextFonts;
use model::{Autofit, Fix, LaidDeck, LaidSlide, Note, Preset, Severity};
use serde_json::json;
use specrender_fonts::{FontBook, MatchKind, Measurer, ScriptClass, SlotFaces};
use specrender_spec::deck::{Deck, Slide};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Options for [`layout`].
#[derive(Debug, Clone)]
pub struct LayoutOptions {
    /// Default: `Autofit::Shrink` (`a:normAutofit`).
    pub autofit: Autofit,
    /// Append the fixes log to speaker notes. Default: true.
    pub fixes_in_notes: bool,
    /// Line pitch of paragraphs with CJK, per mille of the size (1250–1350). Default: 1300.
    pub cjk_line_permille: u32,
    /// Threads laying out slides (each with its own width cache). The laid deck is the same
    /// whatever the number. Default: 1.
    pub threads: usize,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            autofit: Autofit::Shrink,
            fixes_in_notes: true,
            cjk_line_permille: 1300,
            threads: 1,
        }
    }
}

/// The four font sets a deck uses: heading and body, regular and bold.
pub struct DeckFonts {
    pub heading: [TextFonts; 2],
    pub body: [TextFonts; 2],
    /// Families that had to be substituted (requested, used instead), not yet reported.
    pub substituted: Vec<(String, String)>,
}

/// State of one layout job.
pub struct Ctx<'a> {
    pub deck: &'a Deck,
    pub m: Measurer<'a>,
    pub opts: &'a LayoutOptions,
    pub fonts: DeckFonts,
    pub notes: Vec<Note>,
    pub fixes: Vec<Fix>,
    ids: BTreeSet<String>,
}

impl<'a> Ctx<'a> {
    /// A fresh job state: its own width cache, no findings yet, the input's slide ids known.
    fn new(deck: &'a Deck, fonts: &'a FontBook, opts: &'a LayoutOptions) -> Self {
        Ctx {
            deck,
            m: Measurer::new(fonts),
            opts,
            fonts: deck_fonts(fonts, deck),
            notes: Vec::new(),
            fixes: Vec::new(),
            ids: deck.slides.iter().map(|s| s.id.clone()).collect(),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn note(
        &mut self,
        kind: &str,
        severity: Severity,
        slide_id: &str,
        source_slide_id: &str,
        element_id: Option<&str>,
        details: BTreeMap<String, serde_json::Value>,
        message: String,
    ) {
        self.notes.push(Note {
            kind: kind.to_string(),
            severity,
            slide_id: Some(slide_id.to_string()),
            source_slide_id: Some(source_slide_id.to_string()),
            element_id: element_id.map(str::to_string),
            details,
            message,
        });
    }

    /// A continuation slide id `s3-cont-2` (page 2 of s3), made unique against every id.
    pub fn continuation_id(&mut self, source: &str, page: u32) -> String {
        let mut id = format!("{source}-cont-{page}");
        while self.ids.contains(&id) {
            id.push('x');
        }
        self.ids.insert(id.clone());
        id
    }
}

fn resolve_fonts(
    book: &FontBook,
    latin: &str,
    ea: &str,
    bold: bool,
    substituted: &mut Vec<(String, String)>,
) -> TextFonts {
    let mut face = |fam: &str, class: ScriptClass| {
        let m = book.resolve(fam, bold, class);
        if let MatchKind::Substituted { to } = &m.kind {
            if !substituted.iter().any(|(f, _)| f == fam) {
                substituted.push((fam.to_string(), to.clone()));
            }
        }
        m.face
    };
    let faces = SlotFaces {
        latin: face(latin, ScriptClass::Latin),
        ea: face(ea, ScriptClass::EastAsian),
        cs: face(latin, ScriptClass::Complex),
    };
    TextFonts {
        latin: latin.to_string(),
        ea: ea.to_string(),
        cs: latin.to_string(),
        faces,
        bold,
    }
}

fn deck_fonts(book: &FontBook, deck: &Deck) -> DeckFonts {
    let f = &deck.theme.fonts;
    let mut substituted = Vec::new();
    let heading =
        [false, true].map(|b| resolve_fonts(book, &f.heading, &f.heading_ea, b, &mut substituted));
    let body = [false, true].map(|b| resolve_fonts(book, &f.body, &f.body_ea, b, &mut substituted));
    DeckFonts {
        heading,
        body,
        substituted,
    }
}

/// What one input slide became: its output slides, and the fixes and notes made on the way.
struct SlideResult {
    slides: Vec<LaidSlide>,
    fixes: Vec<Fix>,
    notes: Vec<Note>,
}

/// Lay out a deck: slots, measurement, line breaking, fit policy, continuation slides.
///
/// With [`LayoutOptions::threads`] above 1, input slides are laid out on that many threads and
/// their results put back in slide order. Nothing one slide decides depends on another: the
/// width cache only remembers answers, and a continuation id `{source}-cont-{n}` (plus any `x`s
/// that keep it apart from the input's ids) can only come from its own source slide, so
/// checking it against the input's ids and the slide's own new ids is checking it against
/// every id. (A deck with duplicate slide ids, which validation refuses, is laid out on one
/// thread so that its ids come out as before.)
pub fn layout(deck: &Deck, fonts: &FontBook, opts: &LayoutOptions) -> LaidDeck {
    let mut ctx = Ctx::new(deck, fonts, opts);
    if let Some(first) = deck.slides.first() {
        for (fam, to) in std::mem::take(&mut ctx.fonts.substituted) {
            ctx.note(
                "font_fallback",
                Severity::Medium,
                &first.id,
                &first.id,
                None,
                BTreeMap::from([("family".into(), json!(fam)), ("measured_with".into(), json!(to))]),
                format!("Font \"{fam}\" is not available; text was measured with \"{to}\", so viewers without \"{fam}\" may wrap differently. Use a shipped family (Calibri, Noto Sans CJK) or pass --fonts."),
            );
        }
    }
    for n in &deck.notes {
        let sid = deck
            .slides
            .first()
            .map(|s| s.id.clone())
            .unwrap_or_default();
        ctx.note(
            n.code.as_str(),
            Severity::Low,
            &sid,
            &sid,
            None,
            BTreeMap::from([("path".into(), json!(n.path))]),
            n.message.clone(),
        );
    }
    let threads = opts.threads.clamp(1, deck.slides.len().max(1));
    let results: Vec<SlideResult> = if threads > 1 && ctx.ids.len() == deck.slides.len() {
        lay_parallel(deck, fonts, opts, threads)
    } else {
        deck.slides
            .iter()
            .map(|s| lay_source_slide(&mut ctx, s))
            .collect()
    };
    let mut slides = Vec::with_capacity(deck.slides.len());
    for r in results {
        slides.extend(r.slides);
        ctx.fixes.extend(r.fixes);
        ctx.notes.extend(r.notes);
    }
    LaidDeck {
        title: deck.title.clone(),
        subtitle: deck.subtitle.clone(),
        language: deck.language.clone(),
        lang: deck.lang,
        slide_size: deck.slide_size,
        safe_area: preset::safe_area(deck.slide_size),
        theme: deck.theme.clone(),
        slides_in: deck.slides.len(),
        slides,
        fixes: ctx.fixes,
        notes: ctx.notes,
        autofit: opts.autofit,
    }
}

/// Input slides taken one at a time by `threads` threads, each with its own context (width
/// cache, findings); results in slide order.
fn lay_parallel(
    deck: &Deck,
    fonts: &FontBook,
    opts: &LayoutOptions,
    threads: usize,
) -> Vec<SlideResult> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<SlideResult>>> =
        Mutex::new((0..deck.slides.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut ctx = Ctx::new(deck, fonts, opts);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(s) = deck.slides.get(i) else { break };
                    let r = lay_source_slide(&mut ctx, s);
                    done.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(r);
                }
            });
        }
    });
    done.into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .map(|r| r.expect("every slide was laid out"))
        .collect()
}

/// One input slide: its output slides (fit policy, continuations, step 6), with the fixes and
/// notes it produced taken out of `ctx`.
fn lay_source_slide(ctx: &mut Ctx<'_>, s: &Slide) -> SlideResult {
    let notes_before = ctx.notes.len();
    let fixes_before = ctx.fixes.len();
    let preset = slide::choose_preset(ctx, s);
    let out = slide::lay_slide(ctx, s, preset);
    let mut slides = Vec::with_capacity(out.slides.len());
    for (id, items, page) in out.slides {
        let boxes = items
            .iter()
            .map(|it| slide::to_box(ctx, it, false))
            .collect::<Vec<_>>();
        report_box_fonts(ctx, &id, &s.id, &items, &boxes);
        slides.push(LaidSlide {
            id,
            source_id: s.id.clone(),
            preset,
            continuation: page,
            boxes,
            notes: if page == 0 {
                s.speaker_notes.clone().unwrap_or_default()
            } else {
                String::new()
            },
            needs_human_edit: false,
        });
    }
    // Step 6: still failing -> needs_human_edit on the slides that overflow.
    for ls in &mut slides {
        let over = ls
            .boxes
            .iter()
            .any(|b| matches!(&b.content, model::BoxContent::Text(t) if !t.fits()));
        if over {
            ls.needs_human_edit = true;
            ctx.fixes.push(Fix {
                slide_id: ls.id.clone(),
                element_id: None,
                action: "needs_human_edit".into(),
                details: BTreeMap::new(),
            });
        }
    }
    if ctx.opts.fixes_in_notes {
        let log: Vec<String> = ctx.fixes[fixes_before..].iter().map(describe_fix).collect();
        if !log.is_empty() {
            if let Some(ls) = slides.first_mut() {
                if !ls.notes.is_empty() {
                    ls.notes.push_str("\n\n");
                }
                ls.notes.push_str("[specrender] ");
                ls.notes.push_str(&log.join("; "));
            }
        }
    }
    SlideResult {
        slides,
        fixes: ctx.fixes.split_off(fixes_before),
        notes: ctx.notes.split_off(notes_before),
    }
}

fn describe_fix(f: &Fix) -> String {
    let mut s = format!(
        "{} {}",
        f.action,
        f.element_id.as_deref().unwrap_or(&f.slide_id)
    );
    for (k, v) in &f.details {
        s.push_str(&format!(" {k}={v}"));
    }
    s
}

/// font_fallback for characters no font covers, and words broken inside, per box.
fn report_box_fonts(
    ctx: &mut Ctx<'_>,
    slide_id: &str,
    source: &str,
    items: &[slide::Item],
    boxes: &[model::PlacedBox],
) {
    for (it, b) in items.iter().zip(boxes) {
        let model::BoxContent::Text(t) = &b.content else {
            continue;
        };
        let slide::Body::Text(ti) = &it.body else {
            continue;
        };
        let mut missing: Vec<String> = Vec::new();
        for c in ti.paras.iter().flat_map(|p| p.missing.iter()) {
            let s = c.to_string();
            if !missing.contains(&s) && !c.is_whitespace() && !c.is_control() {
                missing.push(s);
            }
        }
        if !missing.is_empty() {
            let list: Vec<String> = missing
                .iter()
                .map(|c| format!("U+{:04X}", c.chars().next().unwrap_or(' ') as u32))
                .collect();
            ctx.note(
                "font_fallback",
                Severity::Medium,
                slide_id,
                source,
                Some(&b.element_id),
                BTreeMap::from([("missing_chars".into(), json!(missing)), ("codepoints".into(), json!(list))]),
                format!("{slide_id}/{}: no available font has {} ({}); they will show as empty boxes. Remove them or pass --fonts with a font that has them.", b.element_id, missing.join(" "), list.join(", ")),
            );
        }
        if !t.broken_words.is_empty() {
            ctx.note(
                "broken_word",
                Severity::Low,
                slide_id,
                source,
                Some(&b.element_id),
                BTreeMap::from([("words".into(), json!(t.broken_words))]),
                format!("{slide_id}/{}: {} wider than the box and broken inside; shorten it or allow a break (e.g. a space).", b.element_id, t.broken_words.iter().map(|w| format!("\"{}\"", short(w))).collect::<Vec<_>>().join(", ")),
            );
        }
    }
}

/// A word as quoted in a message: at most 40 characters.
fn short(w: &str) -> String {
    if w.chars().count() <= 40 {
        w.to_string()
    } else {
        format!("{}…", w.chars().take(39).collect::<String>())
    }
}

/// The `--layout` JSON: every placed box (PRODUCT.md §5), output slide order.
pub fn boxes_json(laid: &LaidDeck) -> serde_json::Value {
    let slides: Vec<serde_json::Value> = laid
        .slides
        .iter()
        .map(|s| {
            let boxes: Vec<serde_json::Value> = s
                .boxes
                .iter()
                .map(|b| {
                    let mut o = serde_json::Map::new();
                    o.insert("element_id".into(), json!(b.element_id));
                    o.insert("kind".into(), json!(b.kind));
                    o.insert(
                        "rect_emu".into(),
                        json!([b.rect.x, b.rect.y, b.rect.w, b.rect.h]),
                    );
                    if let model::BoxContent::Text(t) = &b.content {
                        o.insert("font_pt".into(), json!(t.size as f64 / 100.0));
                        o.insert(
                            "paragraph_lines".into(),
                            json!(t
                                .paragraphs
                                .iter()
                                .map(|p| p.lines.len())
                                .collect::<Vec<_>>()),
                        );
                        o.insert(
                            "insets_emu".into(),
                            json!([t.insets.l, t.insets.t, t.insets.r, t.insets.b]),
                        );
                        o.insert(
                            "line_pitch_pt".into(),
                            json!(t
                                .paragraphs
                                .iter()
                                .map(|p| p.line_pitch as f64 / 100.0)
                                .collect::<Vec<_>>()),
                        );
                        o.insert(
                            "paragraphs".into(),
                            json!(t
                                .paragraphs
                                .iter()
                                .map(|p| json!({
                                    "lines": p
                                        .lines
                                        .iter()
                                        .map(|l| &p.text[l.start..l.end])
                                        .collect::<Vec<_>>(),
                                    "line_widths_pt": p
                                        .lines
                                        .iter()
                                        .map(|l| (l.width as f64 / 127.0).round() / 100.0)
                                        .collect::<Vec<_>>(),
                                    "bullet": p.bullet.as_ref().map(|b| b.char.to_string()),
                                    "space_before_pt": p.space_before as f64 / 100.0,
                                }))
                                .collect::<Vec<_>>()),
                        );
                        o.insert("anchor".into(), json!(t.anchor));
                        o.insert("needed_height_emu".into(), json!(t.needed_height));
                        o.insert("usable_height_emu".into(), json!(t.usable_height));
                        o.insert("fits".into(), json!(t.fits()));
                    }
                    serde_json::Value::Object(o)
                })
                .collect();
            json!({"id": s.id, "source_id": s.source_id, "layout": s.preset.id(), "boxes": boxes})
        })
        .collect();
    json!({ "slides": slides })
}

/// Presets used by a laid deck (for writers that emit one slide layout per preset).
pub fn presets_used(laid: &LaidDeck) -> Vec<Preset> {
    let set: BTreeSet<Preset> = laid.slides.iter().map(|s| s.preset).collect();
    set.into_iter().collect()
}
