//! The block generator behind [`super::doc`]: sections of blocks until the document has
//! exactly the number asked for.

use super::figures::FIGURES;
use super::words::{words, Words, TOKENS};
use super::{DocKind, DocOptions, LONG_TABLE_ROWS, QUOTE_BY, QUOTE_TEXT};
use crate::phrases::{book, fill, Book, Lang};
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

    /// A table as reports have them: a label column, then JSON numbers, percentages and
    /// amounts written as strings, a few empty cells; one table in seven gets a column of
    /// long tokens (`tokens` forces it). A title half of the time.
    fn table(&mut self, tokens: bool) {
        let b = self.b();
        let cols = self.rng.range(2, 8) as usize;
        let rows = self.rng.range(3, 15) as usize;
        let tokens = tokens || self.rng.chance(14);
        let mut columns: Vec<String> = (0..cols)
            .map(|c| match b.columns.get(c) {
                Some(s) => s.to_string(),
                None => fill(
                    self.lang,
                    &format!("{} {{q}}", b.columns[c % b.columns.len()]),
                    self.rng,
                ),
            })
            .collect();
        if tokens {
            columns.push(self.w().token_columns[1].to_string());
        }
        // Users' tables describe as well as count: one or two columns of sentences.
        let prose = if self.opts.kind == DocKind::Users {
            self.rng.range(1, 3) as usize
        } else {
            0
        };
        let rows = rows + prose * self.rng.range(0, 8) as usize;
        let body: Vec<Value> = (0..rows)
            .map(|r| {
                let mut row = vec![json!(label(b, r))];
                for c in 1..cols {
                    if c <= prose {
                        row.push(json!(b.sentence(self.lang, self.rng)));
                    } else {
                        row.push(self.number_cell(c));
                    }
                }
                if tokens {
                    row.push(json!(self.rng.pick(TOKENS)));
                }
                Value::Array(row)
            })
            .collect();
        let mut content = json!({ "columns": columns, "rows": body });
        if self.rng.chance(50) {
            content["title"] = json!(b.title(self.lang, self.rng));
        }
        let cite = self.rng.chance(self.cite_chance(10, 50));
        if self.push("table", Some(content)).is_some() && cite {
            self.cite();
        }
    }

    fn number_cell(&mut self, c: usize) -> Value {
        if self.rng.chance(5) {
            return Value::Null;
        }
        let v = self.rng.range(1, 100_000);
        match c % 4 {
            1 => json!(v),
            2 => json!(format!("{}.{}%", v % 100, v % 10)),
            3 => json!((v as f64) / 100.0),
            _ => json!(amount(self.lang, v)),
        }
    }

    fn timeline_table(&mut self) {
        let b = self.b();
        let [start, end] = self.w().start_end;
        let cols = [b.columns[0], start, end, b.columns[5]];
        let rows: Vec<Value> = (0..self.rng.range(4, 8))
            .map(|k| {
                let m = 1 + k * 2;
                json!([
                    b.action(self.lang, self.rng),
                    format!("2027-{m:02}-01"),
                    format!("2027-{:02}-28", m + 1),
                    format!("{}%", 100 - k * 10)
                ])
            })
            .collect();
        self.push("table", Some(json!({ "columns": cols, "rows": rows })));
    }

    fn budget_table(&mut self) {
        let b = self.b();
        let rows: Vec<Value> = (0..self.rng.range(4, 9))
            .map(|r| {
                let a = self.rng.range(10, 90_000);
                let q = self.rng.range(10, 90_000);
                json!([label(b, r as usize), a, q, a + q, amount(self.lang, a + q)])
            })
            .collect();
        let title = self.rng.pick(b.topics);
        let cols = [
            b.columns[0],
            b.series[0],
            b.series[1],
            b.columns[5],
            b.columns[1],
        ];
        self.push(
            "table",
            Some(json!({ "title": title, "columns": cols, "rows": rows })),
        );
    }

    fn action_table(&mut self) {
        let w = self.w();
        let b = self.b();
        let rows: Vec<Value> = (0..self.rng.range(3, 9))
            .map(|k| {
                json!([
                    b.action(self.lang, self.rng),
                    self.rng.pick(w.people),
                    format!("2027-{:02}-{:02}", 1 + k % 12, 1 + self.rng.range(0, 28)),
                    self.rng.pick(w.statuses)
                ])
            })
            .collect();
        self.push(
            "table",
            Some(json!({ "columns": w.action_columns, "rows": rows })),
        );
    }

    /// The data appendix: a page break, its heading, a [`LONG_TABLE_ROWS`]-row table (the
    /// header row must repeat on every page) and a table of long tokens.
    fn data_appendix(&mut self) {
        self.page_break();
        self.heading(1, self.w().appendix.to_string());
        let b = self.b();
        let cols = [
            "ID",
            b.columns[0],
            b.columns[1],
            b.columns[2],
            b.columns[3],
            b.columns[4],
        ];
        let rows: Vec<Value> = (0..LONG_TABLE_ROWS)
            .map(|r| {
                let v = self.rng.range(1, 1_000_000);
                json!([
                    format!("R-{:04}", r + 1),
                    label(b, r),
                    amount(self.lang, v),
                    format!("{}.{}%", v % 60, v % 10),
                    v % 5000,
                    (v % 10_000) as f64 / 100.0
                ])
            })
            .collect();
        let title = b.title(self.lang, self.rng);
        self.push(
            "table",
            Some(json!({ "title": title, "columns": cols, "rows": rows })),
        );
        let w = self.w();
        let rows: Vec<Value> = TOKENS
            .chunks(2)
            .enumerate()
            .map(|(k, t)| json!([label(b, k), t[0], t.get(1).copied().unwrap_or(t[0])]))
            .collect();
        self.push(
            "table",
            Some(json!({ "columns": w.token_columns, "rows": rows })),
        );
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

/// A row label: the book's row names, numbered when they repeat.
fn label(b: &Book, r: usize) -> String {
    let name = b.rows[r % b.rows.len()];
    match r / b.rows.len() {
        0 => name.to_string(),
        k => format!("{name} {}", k + 1),
    }
}

/// An amount as the language writes money.
fn amount(lang: Lang, v: u64) -> String {
    match lang {
        Lang::En => format!("${}.{}M", v / 1000, v % 10),
        Lang::Ko => format!("{},{:03}억 원", v / 1000 + 1, v % 1000),
        Lang::Ja => format!("{},{:03}億円", v / 1000 + 1, v % 1000),
        Lang::Zh => format!("{},{:03}万元", v / 1000 + 1, v % 1000),
        Lang::ZhTw => format!("{},{:03}萬元", v / 1000 + 1, v % 1000),
    }
}
