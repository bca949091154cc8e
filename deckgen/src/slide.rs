//! One slide's generator: [`SlideGen`] draws the elements (and the citations they reference)
//! of an opening, a closing or a body slide of a [`Kind`] from the language's phrase book, with
//! the deck's random stream; the tables and charts those slides carry are drawn here too.

use serde_json::{json, Map, Value};

use crate::phrases::{Book, Lang};
use crate::{Kind, Rng};

pub(crate) struct SlideGen<'r> {
    pub(crate) rng: &'r mut Rng,
    pub(crate) lang: Lang,
    pub(crate) b: &'static Book,
    pub(crate) elements: Vec<Value>,
    pub(crate) citations: Vec<Value>,
}

impl SlideGen<'_> {
    fn next_id(&self) -> String {
        format!("e{}", self.elements.len() + 1)
    }

    fn push(&mut self, kind: &str, content: Value, role: Option<&str>) -> &mut Map<String, Value> {
        let mut e = Map::new();
        e.insert("element_id".into(), json!(self.next_id()));
        e.insert("kind".into(), json!(kind));
        if let Some(r) = role {
            e.insert("role".into(), json!(r));
        }
        e.insert("content".into(), content);
        self.elements.push(Value::Object(e));
        match self.elements.last_mut() {
            Some(Value::Object(m)) => m,
            _ => unreachable!("just pushed an object"),
        }
    }

    fn text(&mut self, text: String, role: Option<&str>) -> &mut Map<String, Value> {
        self.push("text", json!({ "text": text }), role)
    }

    fn bullets(&mut self, items: Vec<String>, role: Option<&str>) -> &mut Map<String, Value> {
        self.push("bullets", json!({ "items": items }), role)
    }

    /// A table as decks have them: a label column, then numbers as JSON numbers and as the
    /// strings decks write (`12.4%`, `1,234`, `₩1,200억` style units by language); a caption
    /// half of the time; one table in six long enough to paginate.
    fn table_content(&mut self) -> Value {
        let cols = self.rng.range(3, 7) as usize;
        let rows = if self.rng.chance(17) {
            self.rng.range(14, 31)
        } else {
            self.rng.range(3, 9)
        } as usize;
        let columns: Vec<&str> = self.b.columns[..cols].to_vec();
        let unit = match self.lang {
            Lang::Ko => "억 원",
            Lang::Ja => "億円",
            Lang::Zh => "亿元",
            Lang::ZhTw => "億元",
            Lang::En => "M",
        };
        let body: Vec<Value> = (0..rows)
            .map(|r| {
                let mut row = vec![json!(self.b.rows[r % self.b.rows.len()])];
                for c in 1..cols {
                    let v = self.rng.range(1, 100_000);
                    row.push(match c % 3 {
                        1 => json!(v),
                        2 => json!(format!("{}.{}%", v % 100, v % 10)),
                        _ if self.lang == Lang::En => {
                            json!(format!("${}.{}{unit}", v / 100, v % 10))
                        }
                        _ => json!(format!("{},{:03}{unit}", v / 1000 + 1, v % 1000)),
                    });
                }
                Value::Array(row)
            })
            .collect();
        let mut content = json!({ "columns": columns, "rows": body });
        if self.rng.chance(50) {
            content["title"] = json!(self.b.title(self.lang, self.rng));
        }
        content
    }

    fn title(&mut self) {
        let t = self.b.title(self.lang, self.rng);
        let bold = self.rng.chance(20);
        let e = self.text(t, None);
        if bold {
            e.insert("style".into(), json!({ "emphasis": "high" }));
        }
    }

    /// Bullets: `n` items, each of weight 0 (short), 1 (with a tail) or 2 (long), the share of
    /// heavier items given in percent.
    fn items(&mut self, n: u64, tails: u64, long: u64) -> Vec<String> {
        (0..n)
            .map(|_| {
                let w = if self.rng.chance(long) {
                    2
                } else if self.rng.chance(tails) {
                    1
                } else {
                    0
                };
                self.b.bullet(self.lang, self.rng, w, 300)
            })
            .collect()
    }

    /// Sometimes a constraint or emphasis on a body element, as authors set them.
    fn decorate(&mut self) {
        let r = self.rng.range(0, 100);
        let Some(Value::Object(e)) = self.elements.last_mut() else {
            return;
        };
        match r {
            0..=7 => {
                e.insert("constraints".into(), json!({ "min_font_pt": 14 }));
            }
            8..=13 => {
                e.insert(
                    "constraints".into(),
                    json!({ "priority": 30, "min_font_pt": 12 }),
                );
            }
            14..=18 => {
                e.insert("style".into(), json!({ "emphasis": "high" }));
            }
            _ => {}
        }
    }

    /// A citation on the slide, referenced by the last element.
    fn cite(&mut self) {
        let k = self.citations.len() + 1;
        let cid = format!("c{k}");
        let title = self.rng.pick(self.b.sources).to_string();
        let c = if self.rng.chance(50) {
            json!({ "id": cid, "kind": "evidence", "evidence_id": format!("ev-{}", self.rng.range(100, 999)), "title": title, "locator": { "page": self.rng.range(1, 60) } })
        } else {
            json!({ "id": cid, "kind": "url", "url": format!("https://intranet.example.com/reports/{}", self.rng.range(1000, 9999)), "title": title })
        };
        self.citations.push(c);
        if let Some(Value::Object(e)) = self.elements.last_mut() {
            e.insert("citations".into(), json!([{ "citation_id": cid }]));
        }
    }

    fn maybe_cite(&mut self) {
        if self.rng.chance(35) {
            self.cite();
        }
    }

    pub(crate) fn opening(&mut self, lead: &Book) -> (&'static str, &'static str) {
        let t = self.rng.pick(lead.deck_titles).to_string();
        self.text(t, Some("title"));
        let sub = format!(
            "{} — {}",
            self.rng.pick(self.b.topics),
            self.rng.pick(self.b.qualifiers)
        );
        self.text(sub, Some("subtitle"));
        ("title", "title_center")
    }

    pub(crate) fn closing(&mut self) -> (&'static str, &'static str) {
        let t = self.rng.pick(self.b.closings).to_string();
        self.text(t, Some("title"));
        let s = self.b.action(self.lang, self.rng);
        self.text(s, Some("subtitle"));
        ("closing", "closing")
    }

    pub(crate) fn body(
        &mut self,
        kind: Kind,
        assets: &mut Vec<Value>,
    ) -> (&'static str, &'static str) {
        match kind {
            Kind::Section => {
                let s = self.rng.pick(self.b.sections).to_string();
                self.text(s, None);
                let sub = self.rng.pick(self.b.qualifiers).to_string();
                self.text(sub, None);
                ("section", "section_header")
            }
            Kind::Bullets => {
                self.title();
                let n = self.rng.range(3, 7);
                let items = self.items(n, 30, 0);
                self.bullets(items, None);
                self.decorate();
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::ShrinkBullets => {
                self.title();
                let n = self.rng.range(7, 11);
                let items = self.items(n, 70, 5);
                self.bullets(items, None);
                self.decorate();
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::SplitBullets => {
                self.title();
                let n = self.rng.range(18, 31);
                let items = self.items(n, 60, 40);
                self.bullets(items, Some("body"));
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::Paragraph => {
                self.title();
                let target = self.rng.range(120, 420) as usize;
                let p = self.b.paragraph(self.lang, self.rng, target, 2000);
                self.text(p, None);
                self.decorate();
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::LongParagraph => {
                self.title();
                let paras = self.rng.range(2, 4);
                let text: Vec<String> = (0..paras)
                    .map(|_| self.b.paragraph(self.lang, self.rng, 560, 640))
                    .collect();
                self.text(text.join("\n"), None);
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::Stacked => {
                self.title();
                let p = self.b.paragraph(self.lang, self.rng, 100, 300);
                self.text(p, Some("body"));
                let n = self.rng.range(3, 6);
                let items = self.items(n, 40, 0);
                self.bullets(items, Some("body"));
                self.decorate();
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::TwoColumn => self.two_column(),
            Kind::Quote => {
                let q = self.rng.pick(self.b.quotes).to_string();
                self.text(q, Some("quote"));
                let who = format!("— {}", self.rng.pick(self.b.people));
                self.text(who, Some("attribution"));
                ("quote", "quote_center")
            }
            Kind::Chart => self.chart(),
            Kind::Table => {
                self.title();
                let content = self.table_content();
                self.push("table", content, None);
                self.maybe_cite();
                ("table", "table_focus")
            }
            Kind::Image => self.image(assets),
            Kind::Custom => self.custom(),
        }
    }

    /// A `two_column` slide: a paragraph or bullets on the left, bullets on the right.
    fn two_column(&mut self) -> (&'static str, &'static str) {
        self.title();
        if self.rng.chance(50) {
            let target = self.rng.range(100, 360) as usize;
            let p = self.b.paragraph(self.lang, self.rng, target, 2000);
            self.text(p, Some("left"));
        } else {
            let n = self.rng.range(3, 7);
            let items = self.items(n, 40, 0);
            self.bullets(items, Some("left"));
        }
        self.decorate();
        let n = self.rng.range(2, 7);
        let items = self.items(n, 30, 5);
        self.bullets(items, Some("right"));
        self.maybe_cite();
        ("content", "two_column")
    }

    /// A `chart_focus` slide: a title, a chart of one to three series ([`Self::chart_variant`]), a caption.
    fn chart(&mut self) -> (&'static str, &'static str) {
        self.title();
        let chart_type = self.rng.pick(&["bar", "line", "pie", "stacked_bar"]);
        let cats = self.rng.range(3, 7) as usize;
        let n_series = if chart_type == "pie" {
            1
        } else {
            self.rng.range(1, 4) as usize
        };
        let series: Vec<Value> = (0..n_series)
            .map(|s| {
                let data: Vec<Value> = (0..cats)
                    .map(|c| json!({ "x": self.b.rows[c % self.b.rows.len()], "y": self.rng.range(10, 500) }))
                    .collect();
                json!({ "name": self.b.series[s % self.b.series.len()], "data": data })
            })
            .collect();
        let title = self.b.title(self.lang, self.rng);
        let content = self.chart_variant(chart_type, series, title);
        self.push("chart", content, None);
        self.maybe_cite();
        let cap = self.b.bullet(self.lang, self.rng, 0, 200);
        self.text(cap, Some("caption"));
        ("chart", "chart_focus")
    }

    /// An `image_full_bleed` slide: a generated picture (its asset added to `assets`) and a caption.
    fn image(&mut self, assets: &mut Vec<Value>) -> (&'static str, &'static str) {
        let aid = format!("img-{}", assets.len() + 1);
        assets.push(json!({ "asset_id": aid, "type": "image", "source": { "kind": "generated" } }));
        let alt = self.rng.pick(self.b.images).to_string();
        self.push(
            "image",
            json!({ "asset_id": aid, "alt_text": alt, "crop": "cover" }),
            None,
        );
        let cap = self.b.title(self.lang, self.rng);
        self.text(cap, Some("caption"));
        ("image", "image_full_bleed")
    }

    /// A `custom` slide: a title, a paragraph and bullets placed by `style.box`, in inches or (three in ten) percent.
    fn custom(&mut self) -> (&'static str, &'static str) {
        let pct = self.rng.chance(30);
        let t = self.b.title(self.lang, self.rng);
        let b = |x: f64, y: f64, w: f64, h: f64| {
            if pct {
                let p = |v: f64, of: f64| format!("{:.1}%", v / of * 100.0);
                json!({ "x": p(x, 13.333), "y": p(y, 7.5), "w": p(w, 13.333), "h": p(h, 7.5) })
            } else {
                json!({ "x": x, "y": y, "w": w, "h": h })
            }
        };
        self.text(t, Some("title"))
            .insert("style".into(), json!({ "box": b(0.5, 0.5, 12.3, 1.0) }));
        let target = self.rng.range(150, 400) as usize;
        let p = self.b.paragraph(self.lang, self.rng, target, 2000);
        self.text(p, None)
            .insert("style".into(), json!({ "box": b(0.5, 1.7, 6.0, 4.6) }));
        let n = self.rng.range(3, 6);
        let items = self.items(n, 30, 0);
        self.bullets(items, None)
            .insert("style".into(), json!({ "box": b(6.8, 1.7, 6.0, 4.6) }));
        ("custom", "blank")
    }

    /// The chart as drawn from the main stream, varied by a second generator seeded from what
    /// the main stream drew (so every other slide of a deck stays as it was): a third of the
    /// charts get a value-axis title; one in five becomes a monthly time series (24–60 points:
    /// thinned labels); one in six bars gets 12–14 categories (top-N + "Other"); one in four
    /// pies gets 8 slices (drawn as a bar); one in five lines is an area chart.
    fn chart_variant(&mut self, chart_type: &str, series: Vec<Value>, title: String) -> Value {
        let seed = serde_json::to_string(&series).map_or(0, |s| {
            s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            })
        });
        let mut x = Rng::new(seed);
        let name = |i: usize| self.b.series[i % self.b.series.len()];
        let mut chart_type = chart_type.to_string();
        let mut series = series;
        let points = |x: &mut Rng, labels: &[String]| -> Vec<Value> {
            labels
                .iter()
                .map(|l| json!({ "x": l, "y": x.range(10, 500) }))
                .collect()
        };
        if x.chance(20) {
            chart_type = if x.chance(20) { "area" } else { "line" }.into();
            let months = x.range(24, 61) as usize;
            let labels: Vec<String> = (0..months)
                .map(|m| format!("{}-{:02}", 2021 + m / 12, m % 12 + 1))
                .collect();
            let n = x.range(1, 3) as usize;
            series = (0..n)
                .map(|i| json!({ "name": name(i), "data": points(&mut x, &labels) }))
                .collect();
        } else if chart_type == "bar" && x.chance(17) {
            let n = x.range(12, 15) as usize;
            let labels: Vec<String> = (0..n)
                .map(|i| {
                    let row = self.b.rows[i % self.b.rows.len()];
                    match i / self.b.rows.len() {
                        0 => row.to_string(),
                        k => format!("{row} {}", k + 1),
                    }
                })
                .collect();
            series = vec![json!({ "name": name(0), "data": points(&mut x, &labels) })];
        } else if chart_type == "pie" && x.chance(25) {
            let labels: Vec<String> = (0..8)
                .map(|i| format!("{} {}", self.b.rows[i % self.b.rows.len()], i / 6 + 1))
                .collect();
            series = vec![json!({ "name": name(0), "data": points(&mut x, &labels) })];
        } else if chart_type == "line" && x.chance(20) {
            chart_type = "area".into();
        }
        let mut content = json!({ "chart_type": chart_type, "title": title, "series": series });
        if chart_type != "pie" && x.chance(33) {
            content["y_label"] = json!(name(0));
        }
        content
    }

    pub(crate) fn notes(&mut self) -> String {
        let n = self.rng.range(1, 4);
        let sep = self.b.sep;
        (0..n)
            .map(|_| self.rng.pick(self.b.notes).to_string())
            .collect::<Vec<_>>()
            .join(sep)
    }
}
