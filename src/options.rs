//! One job's options, whatever the front end: [`JobOptions`].
//!
//! The CLI reads its flags into it (clap: `#[command(flatten)]` of [`JobOptions`] for the
//! flags every laying-out command shares, [`Choice::clap`] for `--autofit`, `--citations` and
//! `--embed-fonts`), `serve` reads a request's `options` object into it
//! ([`JobOptions::set_json`]: one key at a time, strictly) and the Python package its keyword
//! arguments ([`JobOptions::from_keywords`]). The defaults are [`JobOptions::default`]; the
//! accepted words of every enumerated option are one [`Choice`] table each, and the wording of a
//! bad value is [`Choice::serve_error`] (a request) or [`Choice::keyword_error`] (a keyword
//! argument); clap words its own. The library's options for one run are then
//! [`JobOptions::render_options`]; where its inputs come from (assets, templates) is the
//! front end's, set on the [`crate::RenderOptions`] it returns.

use serde_json::Value;

use crate::layout::doc::model::CitationStyle;
use crate::{Autofit, EmbedFonts, ParseOptions, RenderOptions};

/// What one job asks for, as every front end reads it.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct JobOptions {
    /// No slide-number field in the footer band of content layouts (on by default).
    #[arg(long = "no-slide-numbers", action = clap::ArgAction::SetFalse)]
    pub slide_numbers: bool,
    /// Threads for layout, PPTX writing and drawing previews (0: one per available core;
    /// previews on fewer when their pixels would pass the preview budget). The output is the
    /// same bytes whatever the number.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// Work units a job may spend laying out (docs/guide/limits.md, "The work budget"); an input that
    /// needs more is refused (exit 2, `work_budget` at the element that passed it).
    #[arg(long, value_name = "UNITS", default_value_t = crate::layout::work::DEFAULT_WORK_BUDGET)]
    pub work_budget: u64,
    /// `shrink` writes `a:normAutofit`, `none` `a:noAutofit` (`render --autofit`, a request's
    /// `autofit`, Python's `autofit=`). Default: shrink.
    #[arg(skip = Autofit::Shrink)]
    pub autofit: Autofit,
    /// DocSpec citations: footnotes or a numbered list (`--citations`). Default: footnotes.
    #[arg(skip = CitationStyle::Footnotes)]
    pub citations: CitationStyle,
    /// The faces the PPTX or DOCX carries (`--embed-fonts`). Default: none.
    #[arg(skip = EmbedFonts::None)]
    pub embed_fonts: EmbedFonts,
    /// The input is an LLM reply: use its first JSON block (`--extract-json`). Default: false.
    #[arg(skip = false)]
    pub extract_json: bool,
    /// Largest accepted input in bytes. Default: `None` ([`ParseOptions::default`], 32 MiB).
    #[arg(skip = None)]
    pub max_bytes: Option<usize>,
}

impl Default for JobOptions {
    fn default() -> Self {
        JobOptions {
            slide_numbers: true,
            threads: 0,
            work_budget: crate::layout::work::DEFAULT_WORK_BUDGET,
            autofit: Autofit::Shrink,
            citations: CitationStyle::Footnotes,
            embed_fonts: EmbedFonts::None,
            extract_json: false,
            max_bytes: None,
        }
    }
}

/// The words an enumerated option takes and what each means, in the order they are listed.
#[derive(Debug)]
pub struct Choice<T: 'static> {
    /// The option's name (`autofit`), as a request's key and a keyword argument.
    pub key: &'static str,
    pub words: &'static [(&'static str, T)],
}

/// `autofit`: `shrink` | `none`.
pub const AUTOFIT: Choice<Autofit> = Choice {
    key: "autofit",
    words: &[("shrink", Autofit::Shrink), ("none", Autofit::None)],
};
/// `citations`: `footnotes` | `list`.
pub const CITATIONS: Choice<CitationStyle> = Choice {
    key: "citations",
    words: &[
        ("footnotes", CitationStyle::Footnotes),
        ("list", CitationStyle::List),
    ],
};
/// `embed_fonts`: `none` | `used` | `all`.
pub const EMBED_FONTS: Choice<EmbedFonts> = Choice {
    key: "embed_fonts",
    words: &[
        ("none", EmbedFonts::None),
        ("used", EmbedFonts::Used),
        ("all", EmbedFonts::All),
    ],
};

impl<T: Copy + Send + Sync + 'static> Choice<T> {
    /// The value `word` names.
    pub fn get(&self, word: &str) -> Option<T> {
        self.words.iter().find(|(w, _)| *w == word).map(|(_, v)| *v)
    }

    /// A clap value parser taking exactly these words (clap's own help and error wording).
    pub fn clap(&'static self) -> impl clap::builder::TypedValueParser<Value = T> {
        use clap::builder::TypedValueParser;
        clap::builder::PossibleValuesParser::new(self.words.iter().map(|(w, _)| *w))
            .map(move |w| self.get(&w).unwrap_or(self.words[0].1))
    }

    /// A request's bad value: `unknown autofit "x" (shrink|none)`.
    pub fn serve_error(&self, got: &Value) -> String {
        let words: Vec<&str> = self.words.iter().map(|(w, _)| *w).collect();
        format!("unknown {} {got} ({})", self.key, words.join("|"))
    }

    /// A keyword argument's bad value: `autofit must be "shrink" or "none", not "x"`.
    pub fn keyword_error(&self, got: &str) -> String {
        let quoted: Vec<String> = self.words.iter().map(|(w, _)| format!("\"{w}\"")).collect();
        let (last, rest) = quoted.split_last().expect("a choice has words");
        let list = if rest.is_empty() {
            last.clone()
        } else {
            format!("{} or {last}", rest.join(", "))
        };
        format!("{} must be {list}, not {got:?}", self.key)
    }

    /// The value a request's JSON names, or [`Choice::serve_error`].
    fn of_json(&self, v: &Value) -> Result<T, String> {
        v.as_str()
            .and_then(|s| self.get(s))
            .ok_or_else(|| self.serve_error(v))
    }

    /// The value a keyword argument names, or [`Choice::keyword_error`].
    fn of_keyword(&self, s: &str) -> Result<T, String> {
        self.get(s).ok_or_else(|| self.keyword_error(s))
    }
}

/// The enumerated keyword arguments of a Python call, as given (a call without one of them
/// passes its default word).
#[derive(Debug, Clone, Copy)]
pub struct Keywords<'a> {
    pub autofit: &'a str,
    pub citations: &'a str,
    pub embed_fonts: &'a str,
}

impl JobOptions {
    /// A Python call's keyword arguments (the enumerated ones as words, checked here, in
    /// the order autofit, citations, embed_fonts; the first bad one is the error).
    pub fn from_keywords(
        words: Keywords<'_>,
        slide_numbers: bool,
        threads: usize,
        extract_json: bool,
        max_bytes: Option<usize>,
    ) -> Result<JobOptions, String> {
        Ok(JobOptions {
            slide_numbers,
            threads,
            autofit: AUTOFIT.of_keyword(words.autofit)?,
            citations: CITATIONS.of_keyword(words.citations)?,
            embed_fonts: EMBED_FONTS.of_keyword(words.embed_fonts)?,
            extract_json,
            max_bytes,
            ..JobOptions::default()
        })
    }

    /// Sets option `key` of a `serve` request to `v`: `Ok(false)` when `key` is not a job
    /// option (the request's other options are the caller's), an error worded for the
    /// request when the value is not one the option takes. `max_bytes` may lower
    /// `worker_max` (the worker's limit), never raise it.
    pub fn set_json(&mut self, key: &str, v: &Value, worker_max: usize) -> Result<bool, String> {
        let flag = |name: &str| {
            v.as_bool()
                .ok_or_else(|| format!("\"{name}\" must be true or false"))
        };
        match key {
            "autofit" => self.autofit = AUTOFIT.of_json(v)?,
            "citations" => self.citations = CITATIONS.of_json(v)?,
            "embed_fonts" => self.embed_fonts = EMBED_FONTS.of_json(v)?,
            "slide_numbers" => self.slide_numbers = flag(key)?,
            "extract_json" => self.extract_json = flag(key)?,
            "max_bytes" => self.max_bytes = Some(lowered(v, worker_max)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Parsing: `extract_json` and `max_bytes` (when given).
    pub fn parse_options(&self) -> ParseOptions {
        let mut o = ParseOptions {
            extract_json: self.extract_json,
            ..ParseOptions::default()
        };
        if let Some(n) = self.max_bytes {
            o.max_bytes = n;
        }
        o
    }

    /// The library's options for this job, with no assets root, no template and no
    /// templates folder (the front end sets those), on [`JobOptions::threads`] threads.
    pub fn render_options(&self) -> RenderOptions {
        RenderOptions {
            parse: self.parse_options(),
            layout: crate::LayoutOptions {
                autofit: self.autofit,
                slide_numbers: self.slide_numbers,
                work_budget: self.work_budget,
                ..Default::default()
            },
            doc: crate::layout::doc::DocOptions {
                citations: self.citations,
                template: None,
                draw: false,
            },
            embed_fonts: self.embed_fonts,
            ..Default::default()
        }
        .with_threads(self.threads)
    }
}

/// A request's `max_bytes`: a whole number from 1 to the worker's limit.
fn lowered(v: &Value, max_bytes: usize) -> Result<usize, String> {
    match v.as_u64() {
        Some(n) if n >= 1 && n <= max_bytes as u64 => Ok(n as usize),
        Some(n) if n > max_bytes as u64 => Err(format!(
            "\"max_bytes\" {n} is over the worker's limit {max_bytes}: a request may lower it, not raise it"
        )),
        _ => Err(format!(
            "\"max_bytes\" must be a whole number from 1 to {max_bytes}, got {v}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_wording_of_a_bad_value_per_front_end() {
        assert_eq!(
            AUTOFIT.serve_error(&json!("x")),
            "unknown autofit \"x\" (shrink|none)"
        );
        assert_eq!(
            AUTOFIT.serve_error(&json!(1)),
            "unknown autofit 1 (shrink|none)"
        );
        assert_eq!(
            AUTOFIT.keyword_error("x"),
            "autofit must be \"shrink\" or \"none\", not \"x\""
        );
        assert_eq!(
            EMBED_FONTS.keyword_error("x"),
            "embed_fonts must be \"none\", \"used\" or \"all\", not \"x\""
        );
        assert_eq!(
            CITATIONS.keyword_error("x"),
            "citations must be \"footnotes\" or \"list\", not \"x\""
        );
    }

    #[test]
    fn keywords_and_requests_build_the_same_options() {
        let words = Keywords {
            autofit: "none",
            citations: "list",
            embed_fonts: "used",
        };
        let k = JobOptions::from_keywords(words, false, 0, true, Some(9)).unwrap();
        let mut j = JobOptions::default();
        for (key, v) in [
            ("autofit", json!("none")),
            ("citations", json!("list")),
            ("embed_fonts", json!("used")),
            ("slide_numbers", json!(false)),
            ("extract_json", json!(true)),
            ("max_bytes", json!(9)),
        ] {
            assert!(j.set_json(key, &v, 100).unwrap(), "{key}");
        }
        assert_eq!(k, j);
        assert!(!j.set_json("width", &json!(1), 100).unwrap());
        let bad = Keywords {
            autofit: "shrink",
            citations: "x",
            embed_fonts: "y",
        };
        let e = JobOptions::from_keywords(bad, true, 0, false, None).unwrap_err();
        assert!(e.starts_with("citations"), "{e}");
    }

    #[test]
    fn the_defaults_are_the_librarys() {
        let o = JobOptions::default().render_options();
        let d = RenderOptions::default();
        assert_eq!(o.layout.autofit, d.layout.autofit);
        assert_eq!(o.layout.slide_numbers, d.layout.slide_numbers);
        assert_eq!(o.layout.work_budget, d.layout.work_budget);
        assert_eq!(o.parse.max_bytes, d.parse.max_bytes);
        assert_eq!(o.embed_fonts, d.embed_fonts);
        assert_eq!(o.doc.citations, d.doc.citations);
    }
}
