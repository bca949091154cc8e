//! Foreign files are untrusted input to `specrender check` (issue 41): each foreign case takes
//! a deck or document another tool wrote (`fuzz/foreign/`: python-pptx, PptxGenJS, LibreOffice
//! Impress and Writer, python-docx; `tools/make-foreign-fixtures.py` makes them) and damages it —
//! three times in four with the template damage ([`crate::template::mutate`]: XML and zip
//! level), else with what stresses the measuring ([`grow`]: a paragraph repeated thousands of
//! times, one word of 100,000 letters, groups nested deep or with zero-sized child extents,
//! extreme sizes, insets, spacing, autofit and column values) — then checks it in-process as
//! `specrender check` does ([`check`]). The invariants: no panic; a refusal has a message; a
//! report serialises and holds no non-finite number; every 8th case checked twice gives the
//! same report; CPU time and heap (measured by the caller) within bounds.

use std::path::Path;

use specrender_deckgen::Rng;

use crate::template::zipped::{rezip, unzip};

/// The foreign files' bytes (`fuzz/foreign/*.pptx|docx`), in name order.
pub fn load(repo: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(repo.join("fuzz/foreign"))
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "pptx" || x == "docx"))
                .filter_map(|p| {
                    Some((
                        p.file_name()?.to_string_lossy().into_owned(),
                        std::fs::read(&p).ok()?,
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// One damaged foreign file: (how it was made, bytes).
pub fn mutate(files: &[(String, Vec<u8>)], rng: &mut Rng) -> (String, Vec<u8>) {
    if rng.chance(75) {
        let (how, bytes) = crate::template::mutate(files, rng);
        return (how.replacen("template ", "foreign ", 1), bytes);
    }
    let (name, bytes) = &files[rng.range(0, files.len() as u64) as usize];
    let mut parts = unzip(bytes);
    // Slides and the document body most of the time; any XML part else.
    let text: Vec<usize> = (0..parts.len())
        .filter(|&i| {
            let n = &parts[i].0;
            (n.starts_with("ppt/slides/slide") || n == "word/document.xml") && n.ends_with(".xml")
        })
        .collect();
    let xml: Vec<usize> = (0..parts.len())
        .filter(|&i| crate::template::is_xml_name(&parts[i].0))
        .collect();
    let mut how = Vec::new();
    for _ in 0..rng.range(1, 3) {
        let pool = if !text.is_empty() && rng.chance(80) {
            &text
        } else {
            &xml
        };
        if pool.is_empty() {
            break;
        }
        let i = pool[rng.range(0, pool.len() as u64) as usize];
        let part = parts[i].0.clone();
        how.push(grow(&part, &mut parts[i].1, rng));
    }
    (
        format!("foreign {name}: {}", how.join(", ")),
        rezip(&parts, false),
    )
}

/// One measuring-stress mutation of part `part`; what it did.
pub fn grow(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let text = String::from_utf8_lossy(data).into_owned();
    let word = part.starts_with("word/");
    let out = match rng.range(0, 6) {
        0 => {
            let n = rng.pick(&[200usize, 2_000, 20_000]);
            let what = format!("a paragraph repeated {n} times in {part}");
            (repeat_paragraph(&text, word, n), what)
        }
        1 => {
            let n = rng.pick(&[10_000usize, 100_000, 1_000_000]);
            let ch = rng.pick(&["W", "가", "i", "\u{200b}", "\u{0301}", " ", "-"]);
            let t = if word { "<w:t>" } else { "<a:t>" };
            let long = ch.repeat(n);
            let what = format!("{n} x {ch:?} in a run of {part}");
            (text.replacen(t, &format!("{t}{long}"), 1), what)
        }
        2 => (
            nested_groups(&text, rng),
            format!("groups nested in {part}"),
        ),
        _ => {
            let attrs = if word { WORD_ATTRS } else { DECK_ATTRS };
            let key = rng.pick(attrs);
            let v = rng.pick(VALUES);
            let what = format!("{key}{v:?} in {part}");
            (set_all(&text, key, v, rng), what)
        }
    };
    *data = out.0.into_bytes();
    out.1
}

/// Attribute prefixes (name and `="`) the measuring reads in decks.
const DECK_ATTRS: &[&str] = &[
    " sz=\"",
    " fontScale=\"",
    " lnSpcReduction=\"",
    " lIns=\"",
    " rIns=\"",
    " tIns=\"",
    " bIns=\"",
    " numCol=\"",
    " spcCol=\"",
    " marL=\"",
    " indent=\"",
    " lvl=\"",
    " rot=\"",
    " cx=\"",
    " cy=\"",
    " x=\"",
    " w=\"",
    " h=\"",
    " gridSpan=\"",
    " rowSpan=\"",
    " spc=\"",
    " val=\"",
    " idx=\"",
];

/// Attribute prefixes the document reader reads.
const WORD_ATTRS: &[&str] = &[
    " w:val=\"",
    " w:w=\"",
    " w:h=\"",
    " w:line=\"",
    " w:before=\"",
    " w:after=\"",
    " w:left=\"",
    " w:right=\"",
    " w:hanging=\"",
    " w:firstLine=\"",
    " w:top=\"",
    " w:bottom=\"",
    " w:num=\"",
    " w:space=\"",
    " cx=\"",
    " cy=\"",
    " w:ilvl=\"",
    " w:numId=\"",
];

const VALUES: &[&str] = &[
    "0",
    "-1",
    "1",
    "-2147483648",
    "2147483647",
    "99999999999999999999",
    "-9223372036854775808",
    "1e308",
    "NaN",
    "inf",
    "0.5",
    "100000000",
    "",
    "x",
];

/// Every value of attribute `key` (its prefix up to the opening quote) set to `v`, or (one
/// time in two) only some of them.
fn set_all(text: &str, key: &str, v: &str, rng: &mut Rng) -> String {
    let some = rng.chance(50);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(key) {
        let start = at + key.len();
        out.push_str(&rest[..start]);
        let end = rest[start..].find('"').map_or(rest.len(), |e| start + e);
        if !some || rng.chance(50) {
            out.push_str(v);
        } else {
            out.push_str(&rest[start..end]);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The first paragraph (`a:p` or `w:p`, with its end tag) repeated `n` times in place.
fn repeat_paragraph(text: &str, word: bool, n: usize) -> String {
    let (open, close) = if word {
        ("<w:p>", "</w:p>")
    } else {
        ("<a:p>", "</a:p>")
    };
    let open_attrs = if word { "<w:p " } else { "<a:p " };
    let Some(a) = [text.find(open), text.find(open_attrs)]
        .into_iter()
        .flatten()
        .min()
    else {
        return text.to_string();
    };
    let Some(b) = text[a..].find(close).map(|e| a + e + close.len()) else {
        return text.to_string();
    };
    // Past the package's part limit (64 MiB) and no further: a paragraph grown by an earlier
    // mutation repeated 20,000 times would not fit in memory.
    let n = n.min((80 << 20) / (b - a).max(1)).max(1);
    let mut out = String::with_capacity(text.len() + (b - a) * n);
    out.push_str(&text[..b]);
    for _ in 1..n {
        out.push_str(&text[a..b]);
    }
    out.push_str(&text[b..]);
    out
}

/// A deck's shape tree's first shape wrapped in groups: many deep, or a few with zero-sized,
/// negative or huge child extents (a transform that divides by them).
fn nested_groups(text: &str, rng: &mut Rng) -> String {
    let Some(a) = text.find("<p:sp>").or_else(|| text.find("<p:sp ")) else {
        return text.to_string();
    };
    let Some(b) = text[a..].find("</p:sp>").map(|e| a + e + 7) else {
        return text.to_string();
    };
    let depth = rng.pick(&[3usize, 64, 300, 5_000]);
    let (off, ext) = rng.pick(&[
        ("0", "0"),
        ("-9223372036854775808", "1"),
        ("1", "9223372036854775807"),
        ("27273042316900", "2147483647"),
        ("0", "-5"),
    ]);
    let open = format!(
        "<p:grpSp><p:nvGrpSpPr><p:cNvPr id=\"9999\" name=\"g\"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>\
         <p:grpSpPr><a:xfrm><a:off x=\"10\" y=\"10\"/><a:ext cx=\"914400\" cy=\"914400\"/>\
         <a:chOff x=\"{off}\" y=\"{off}\"/><a:chExt cx=\"{ext}\" cy=\"{ext}\"/></a:xfrm></p:grpSpPr>"
    );
    let mut out = String::with_capacity(text.len() + depth * (open.len() + 12));
    out.push_str(&text[..a]);
    for _ in 0..depth {
        out.push_str(&open);
    }
    out.push_str(&text[a..b]);
    for _ in 0..depth {
        out.push_str("</p:grpSp>");
    }
    out.push_str(&text[b..]);
    out
}

/// What a foreign case reached.
#[derive(Debug, Default, Clone, Copy)]
pub struct Reached {
    /// Checked (a report), not refused.
    pub checked: bool,
}

/// Check `bytes` as `specrender check` does (twice when `twice`): a panic, a refusal without a
/// message, a report that does not serialise, a message that prints a non-finite number (a
/// NaN, which the report's JSON would hold as `null`) or two runs that disagree is the failure.
pub fn check(bytes: Vec<u8>, fonts: &specrender::FontBook, twice: bool) -> Result<Reached, String> {
    let opts = specrender::check::CheckOptions::default();
    // "NaN" in a message is a number gone wrong unless the file wrote it.
    let nan_in_input = bytes.windows(3).any(|w| w == b"NaN");
    let run = |b: Vec<u8>| -> Result<Option<String>, String> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            specrender::check::check(b, fonts, &opts)
        })) {
            Err(p) => Err(format!(
                "check panicked: {}",
                specrender::panic_message(&*p)
            )),
            Ok(Err(e)) => {
                if e.to_string().trim().is_empty() {
                    return Err(format!("a refusal without a message: {e:?}"));
                }
                Ok(None)
            }
            Ok(Ok(report)) => {
                let json = serde_json::to_string(&report.to_json())
                    .map_err(|e| format!("the report does not serialise: {e}"))?;
                for i in &report.issues {
                    if !nan_in_input && i.message.contains("NaN") {
                        return Err(format!("a message prints a NaN: {}", i.message));
                    }
                    let _ = specrender::terminal_safe(&i.message);
                }
                Ok(Some(json))
            }
        }
    };
    let first = if twice {
        let first = run(bytes.clone())?;
        if run(bytes)? != first {
            return Err("two checks of one file gave different reports".into());
        }
        first
    } else {
        run(bytes)?
    };
    Ok(Reached {
        checked: first.is_some(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paragraph_is_repeated_in_place() {
        let t = "<a:x><a:p><a:r><a:t>a</a:t></a:r></a:p><a:p/></a:x>";
        let r = repeat_paragraph(t, false, 3);
        assert_eq!(r.matches("<a:t>a</a:t>").count(), 3);
        assert!(r.starts_with("<a:x><a:p>") && r.ends_with("<a:p/></a:x>"));
    }

    #[test]
    fn groups_wrap_the_first_shape() {
        let t = "<p:spTree><p:sp><p:txBody/></p:sp></p:spTree>";
        let mut rng = Rng::new(1);
        let r = nested_groups(t, &mut rng);
        assert_eq!(
            r.matches("<p:grpSp>").count(),
            r.matches("</p:grpSp>").count()
        );
        assert!(r.contains("<p:sp><p:txBody/></p:sp></p:grpSp>"));
    }

    #[test]
    fn values_are_set_whole() {
        let mut rng = Rng::new(3);
        let r = set_all("<a sz=\"1800\" b sz=\"2400\"/>", " sz=\"", "-1", &mut rng);
        assert!(!r.contains("sz=\"-11") && r.contains("sz=\"-1\""), "{r}");
    }
}
