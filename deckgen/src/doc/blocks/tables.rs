//! The tables a document's sections carry: report tables (numbers, percentages, amounts, a
//! column of long tokens now and then), the timeline, budget and action tables, and the data
//! appendix with its long table.

use serde_json::{json, Value};

use super::super::words::TOKENS;
use super::super::{DocKind, LONG_TABLE_ROWS};
use super::BlockGen;
use crate::phrases::{fill, Book, Lang};

impl BlockGen<'_> {
    /// A table as reports have them: a label column, then JSON numbers, percentages and
    /// amounts written as strings, a few empty cells; one table in seven gets a column of
    /// long tokens (`tokens` forces it). A title half of the time.
    pub(super) fn table(&mut self, tokens: bool) {
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

    pub(super) fn timeline_table(&mut self) {
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

    pub(super) fn budget_table(&mut self) {
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

    pub(super) fn action_table(&mut self) {
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
    pub(super) fn data_appendix(&mut self) {
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
