//! The block generator behind [`super::doc`]: sections of blocks until the document has
//! exactly the number asked for.

mod tables;

use super::figures::FIGURES;
use super::words::{words, Words, TOKENS};
use super::{DocKind, DocOptions, QUOTE_BY, QUOTE_TEXT};
use crate::phrases::{book, Book, Lang};
use crate::rng::Rng;
use serde_json::{json, Map, Value};

/// The schema's `maxItems` for `references`.
const MAX_REFERENCES: usize = 200;

/// The references a [`DocKind::Users`] document cites (they are cited again and again).
const USERS_REFERENCES: usize = 49;

pub(super) fn pick_title(w: &Words, kind: DocKind, rng: &mut Rng) -> String {
    let list = match kind {
        DocKind::Report | DocKind::Data | DocKind::Users => w.report_titles,
        DocKind::Proposal => w.proposal_titles,
        DocKind::Minutes => w.minutes_titles,
    };
    rng.pick(list).to_string()
}

pub(super) struct BlockGen<'r> {
    rng: &'r mut Rng,
    opts: DocOptions,
    blocks: Vec<Value>,
    refs: Vec<Value>,
    /// The current section's language.
    lang: Lang,
    /// The level of the last heading (0 before the first).
    depth: i64,
    figures: usize,
}

impl<'r> BlockGen<'r> {
    pub fn new(rng: &'r mut Rng, opts: &DocOptions) -> BlockGen<'r> {
        BlockGen {
            rng,
            opts: *opts,
            blocks: Vec::with_capacity(opts.blocks),
            refs: Vec::new(),
            lang: opts.mix.lead(),
            depth: 0,
            figures: 0,
        }
    }

    pub fn finish(self) -> (Vec<Value>, Vec<Value>) {
        (self.blocks, self.refs)
    }

    fn b(&self) -> &'static Book {
        book(self.lang)
    }

    fn w(&self) -> &'static Words {
        words(self.lang)
    }

    fn room(&self) -> usize {
        self.opts.blocks.saturating_sub(self.blocks.len())
    }

    /// Appends a block (when there is room) and returns it for citations or style.
    fn push(&mut self, ty: &str, content: Option<Value>) -> Option<&mut Map<String, Value>> {
        if self.room() == 0 {
            return None;
        }
        let prefix = match ty {
            "heading" => "h",
            "paragraph" => "p",
            "list" => "l",
            "table" => "t",
            "figure" => "f",
            "quote" => "q",
            _ => "pb",
        };
        let mut m = Map::new();
        m.insert(
            "block_id".into(),
            json!(format!("{prefix}{}", self.blocks.len() + 1)),
        );
        m.insert("type".into(), json!(ty));
        if let Some(c) = content {
            m.insert("content".into(), c);
        }
        self.blocks.push(Value::Object(m));
        match self.blocks.last_mut() {
            Some(Value::Object(m)) => Some(m),
            _ => None,
        }
    }

    pub fn generate(&mut self) {
        let mut section = 0usize;
        while self.room() > 0 {
            self.lang = if section == 0 {
                self.opts.mix.lead()
            } else {
                self.opts.mix.section_lang(self.rng)
            };
            if section > 0 && self.rng.chance(12) {
                self.page_break();
            }
            let title = self.section_title(section);
            self.heading(1, title);
            if section == 0 {
                if self.opts.kind == DocKind::Minutes {
                    self.minutes_section(0);
                }
                self.showcase();
                if self.opts.kind == DocKind::Data {
                    self.data_appendix();
                }
            } else {
                self.section_body(section);
            }
            section += 1;
        }
    }

    fn section_title(&mut self, section: usize) -> String {
        let w = self.w();
        let list = match self.opts.kind {
            DocKind::Report | DocKind::Data | DocKind::Users => w.report_sections,
            DocKind::Proposal => w.proposal_sections,
            DocKind::Minutes => w.minutes_sections,
        };
        match list.get(section) {
            Some(s) => s.to_string(),
            None => self.b().title(self.lang, self.rng),
        }
    }

    fn heading(&mut self, level: i64, text: String) {
        if self
            .push("heading", Some(json!({ "level": level, "text": text })))
            .is_some()
        {
            self.depth = level;
        }
    }

    /// A sub-heading one level below the current one at most (levels never skip), 2..=6.
    fn subheading(&mut self) {
        let max = (self.depth + 1).clamp(2, 6);
        let level = self.rng.range(2, max as u64 + 1) as i64;
        let text = if self.rng.chance(50) {
            self.b().title(self.lang, self.rng)
        } else {
            capitalized(self.rng.pick(self.b().qualifiers))
        };
        self.heading(level, text);
    }

    /// One of each block type first (what a test of every block type needs), then the
    /// heading levels down to 6 when the document is long enough.
    fn showcase(&mut self) {
        self.paragraph(true);
        self.list(Some(true));
        self.list(Some(true));
        self.list(Some(false));
        self.table(true);
        self.figure();
        self.quote();
        self.page_break();
        let t = self.b().title(self.lang, self.rng);
        self.heading(2, t);
        self.token_paragraph();
        self.figure();
        if self.opts.blocks >= 40 {
            for level in 3..=6 {
                let q = capitalized(self.rng.pick(self.b().qualifiers));
                self.heading(level, q);
                self.paragraph(false);
            }
        }
    }

    fn section_body(&mut self, section: usize) {
        if self.opts.kind == DocKind::Minutes {
            self.minutes_section(section);
        }
        if self.opts.kind == DocKind::Proposal && section == 4 {
            self.timeline_table();
        }
        if self.opts.kind == DocKind::Proposal && section == 5 {
            self.budget_table();
        }
        let n = if self.opts.kind == DocKind::Users {
            self.rng.range(5, 19)
        } else {
            self.rng.range(3, 13)
        };
        // Paragraph, list, sub-heading, table, figure, quote, token paragraph, page break.
        let weights: &[u64] = if self.opts.kind == DocKind::Users {
            &[96, 27, 18, 18, 15, 5, 4, 1]
        } else {
            &[45, 13, 14, 9, 6, 3, 4, 1]
        };
        for _ in 0..n {
            match self.rng.weighted(weights) {
                0 => self.paragraph(false),
                1 => self.list(None),
                2 => self.subheading(),
                3 => self.table(false),
                4 => self.figure(),
                5 => self.quote(),
                6 => self.token_paragraph(),
                _ => self.page_break(),
            }
        }
    }

    /// What a section of minutes holds by its heading: attendees, the agenda (ordered), the
    /// decisions (ordered), the action items (a table).
    fn minutes_section(&mut self, section: usize) {
        match section {
            0 => {
                let people: Vec<String> = self.w().people.iter().map(|p| p.to_string()).collect();
                self.push("list", Some(json!({ "items": people })));
            }
            1 => {
                let n = self.rng.range(3, 7) as usize;
                let items = self.topics(n);
                self.push("list", Some(json!({ "ordered": true, "items": items })));
            }
            3 => {
                let b = self.b();
                let items: Vec<String> = (0..self.rng.range(2, 6))
                    .map(|_| b.action(self.lang, self.rng))
                    .collect();
                self.push("list", Some(json!({ "ordered": true, "items": items })));
            }
            4 => self.action_table(),
            _ => {}
        }
    }

    fn topics(&mut self, n: usize) -> Vec<String> {
        (0..n)
            .map(|_| self.b().title(self.lang, self.rng))
            .collect()
    }

    /// A paragraph of prose; in a mixed document one in five gets a sentence of another
    /// language; `cite` forces a citation (else one paragraph in seven has one).
    fn paragraph(&mut self, cite: bool) {
        let target = self.rng.range(80, 700) as usize;
        let mut text = self.b().paragraph(self.lang, self.rng, target, 2000);
        if self.opts.mix == super::DocMix::Mixed && self.rng.chance(20) {
            let other =
                [Lang::En, Lang::Ko, Lang::Ja, Lang::Zh, Lang::ZhTw][self.rng.range(0, 5) as usize];
            text.push(' ');
            text.push_str(&book(other).sentence(other, self.rng));
        }
        let cite = cite || self.rng.chance(self.cite_chance(14, 58));
        // A citation goes on this block only: none when the document is already full.
        if self
            .push("paragraph", Some(json!({ "text": text })))
            .is_some()
            && cite
        {
            self.cite();
        }
    }

    /// A paragraph naming a long unbreakable token (a URL, a part number, a hash, a path).
    fn token_paragraph(&mut self) {
        let b = self.b();
        let token = self.rng.pick(TOKENS);
        let before = b.sentence(self.lang, self.rng);
        let after = b.sentence(self.lang, self.rng);
        let text = format!("{before} {token} {after}");
        self.push("paragraph", Some(json!({ "text": text })));
    }

    /// A list; ordered (`Some(true)`), unordered, or drawn (`None`: 45% ordered, and an
    /// ordered list is followed by a second one a third of the time — numbering restarts).
    fn list(&mut self, ordered: Option<bool>) {
        let ordered = ordered.unwrap_or_else(|| self.rng.chance(45));
        let n = self.rng.range(2, 9);
        let b = self.b();
        let items: Vec<String> = (0..n)
            .map(|_| {
                let weight = u8::from(self.rng.chance(30));
                b.bullet(self.lang, self.rng, weight, 400)
            })
            .collect();
        let content = if ordered {
            json!({ "ordered": true, "items": items })
        } else if self.rng.chance(50) {
            json!({ "ordered": false, "items": items })
        } else {
            json!({ "items": items })
        };
        self.push("list", Some(content));
        if ordered && self.rng.chance(33) {
            let n = self.rng.range(2, 5);
            let items: Vec<String> = (0..n).map(|_| b.action(self.lang, self.rng)).collect();
            self.push("list", Some(json!({ "ordered": true, "items": items })));
        }
    }

    fn figure(&mut self) {
        let (id, ..) = FIGURES[[3, 0, 4, 5, 1, 2][self.figures % 6]];
        self.figures += 1;
        let caption = self.rng.pick(self.w().captions).to_string();
        let mut content = json!({ "asset_id": id, "caption": caption });
        if self.rng.chance(80) {
            content["alt_text"] = json!(format!("{caption} ({id})"));
        }
        let cite = self.rng.chance(self.cite_chance(10, 50));
        if self.push("figure", Some(content)).is_some() && cite {
            self.cite();
        }
    }

    fn quote(&mut self) {
        let b = self.b();
        let text = self.rng.pick(b.quotes).to_string();
        let by = format!("— {}", self.rng.pick(b.people));
        self.push("quote", Some(json!({ QUOTE_TEXT: text, QUOTE_BY: by })));
    }

    fn page_break(&mut self) {
        self.push("page_break", None);
    }

    /// The chance in a hundred that a block cites: `usual`, or `users` in a
    /// [`DocKind::Users`] document.
    fn cite_chance(&self, usual: u64, users: u64) -> u64 {
        if self.opts.kind == DocKind::Users {
            users
        } else {
            usual
        }
    }

    /// Citations on the last block: one, or in a [`DocKind::Users`] document one to three
    /// (one in two blocks cites more than one source), each a distinct reference.
    fn cite(&mut self) {
        let n = if self.opts.kind == DocKind::Users {
            self.rng.weighted(&[65, 28, 7]) + 1
        } else {
            1
        };
        for _ in 0..n {
            self.cite_one();
        }
    }

    /// A citation on the last block: a new reference (evidence with a page locator, or a
    /// URL) while there is room under the cap, else one already cited (never one the block
    /// cites already).
    fn cite_one(&mut self) {
        let cap = if self.opts.kind == DocKind::Users {
            USERS_REFERENCES
        } else {
            MAX_REFERENCES
        };
        let reuse = !self.refs.is_empty() && (self.refs.len() >= cap || self.rng.chance(30));
        let id = if reuse {
            let k = self.rng.range(0, self.refs.len() as u64) as usize;
            let id = self.refs[k]["id"].as_str().unwrap_or("r1").to_string();
            let cited = |b: &Value| {
                b["citations"]
                    .as_array()
                    .is_some_and(|a| a.iter().any(|c| c["citation_id"] == id.as_str()))
            };
            if self.blocks.last().is_some_and(cited) {
                return;
            }
            id
        } else {
            let id = format!("r{}", self.refs.len() + 1);
            let title = self.rng.pick(self.b().sources).to_string();
            let r = if self.rng.chance(50) {
                json!({ "id": id, "kind": "evidence", "evidence_id": format!("ev-{}", self.rng.range(100, 999)),
                        "title": title, "locator": { "page": self.rng.range(1, 240) } })
            } else {
                json!({ "id": id, "kind": "url", "title": title,
                        "url": format!("https://intranet.example.com/reports/{}", self.rng.range(1000, 9999)) })
            };
            self.refs.push(r);
            id
        };
        let mut cref = json!({ "citation_id": id });
        if self.rng.chance(30) {
            cref["note"] = json!(self.rng.pick(self.w().notes));
        }
        if let Some(Value::Object(m)) = self.blocks.last_mut() {
            m.entry("citations").or_insert_with(|| json!([]));
            if let Some(Value::Array(a)) = m.get_mut("citations") {
                a.push(cref);
            }
        }
    }
}

/// A heading made of a qualifier ("where we stand") starts with a capital.
fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
