//! Chart elements: native charts laid out for the PPTX writer ([`ChartBox`]).
//!
//! Built once when the slide is built ([`ChartItem::new`]): the data table (`rules::table`),
//! the seed's rules (pie → bar, top-N + "Other"; `rules`), colours (`palette`), and the
//! category axis measured in the element's width (`axis`, `ordered`). A chart takes the
//! height its slot gives it (like a picture): it never overflows, shrinks or splits. Its rule
//! decisions are its fixes; labels that overlap even thinned are a finding
//! (`chart_labels_crowded`), as is a `data_ref` CSV that disagrees with the series
//! (`chart_data_mismatch`, [`data_ref`]); `content.notes` go to the slide's speaker notes (a chart's notes
//! are up to 1,000 characters: too long for a caption; a `role: "caption"` text element goes
//! to `chart_focus`'s caption slot).
//!
//! How it is drawn (plot area, axes, legend, every label's glyphs: [`drawn`]) is decided
//! later, once the deck is fitted and only when something draws it.
//!
//! Text sizes: title = the theme's body size − 2 pt (18 pt by default), axis titles = the
//! caption size (14 pt), tick labels and legend = caption − 2 pt (12 pt), never below 9 pt.

mod axis;
pub mod data_ref;
pub mod drawn;
pub mod model;
pub mod ordered;
pub mod palette;
pub mod rules;

use super::Fit;
use crate::ctx::Ctx;
use crate::findings::{Finding, FixAction};
use crate::model::{BoxContent, Rect};
use crate::text::{prepare, Prepared, TextFonts};
use axis::AxisInput;
pub use model::{AxisFit, ChartBox, ChartFonts, ChartKind, ChartSeriesBox, ChartSizes};
use specrender_spec::deck::{ChartSeries, Content, Element};
use specrender_spec::resolve::format_number;
use specrender_spec::units::{cpt_to_emu, Cpt, Emu};

/// Smallest chart text: 9 pt.
const MIN_SIZE: Cpt = 900;

#[derive(Debug, Clone)]
pub struct ChartItem {
    chart: ChartBox,
    fixes: Vec<FixAction>,
    notes: Option<String>,
    missing: Vec<char>,
    /// What the `data_ref` CSV says against the series, if they disagree.
    data_finding: Option<Finding>,
}

impl ChartItem {
    /// The chart of `el` (a `chart` element) in a box `width` EMU wide.
    pub fn new(ctx: &mut Ctx<'_>, el: &Element, width: Emu) -> Option<ChartItem> {
        let Content::Chart {
            chart_type,
            title,
            x_label,
            y_label,
            series,
            x_numeric,
            notes,
            data_ref,
        } = &el.content
        else {
            return None;
        };
        let mut fixes = Vec::new();
        let (kind, table, ordered) = apply_rules(ctx, chart_type, series, *x_numeric, &mut fixes);
        let theme = ctx.theme;
        let sizes = sizes(theme);
        let colors = &theme.colors;
        let fonts = ctx.fonts.body[0].clone();
        let n = if kind == ChartKind::Pie {
            table.categories.len()
        } else {
            table.series.len()
        };
        let palette = palette::colors(colors, n);
        let chart = ChartBox {
            kind,
            title: title.clone(),
            x_title: x_label.clone().filter(|_| kind.has_axes()),
            y_title: y_label.clone().filter(|_| kind.has_axes()),
            point_colors: if kind == ChartKind::Pie {
                palette.clone()
            } else {
                Vec::new()
            },
            legend: table.series.len() > 1 || kind == ChartKind::Pie,
            series: table
                .series
                .into_iter()
                .enumerate()
                .map(|(i, (name, values))| ChartSeriesBox {
                    name,
                    values,
                    color: palette[i],
                })
                .collect(),
            categories: table.categories,
            ordered,
            fonts: ChartFonts {
                latin: fonts.latin.to_string(),
                ea: fonts.ea.to_string(),
                cs: fonts.cs.to_string(),
            },
            lang: ctx.deck.language.clone(),
            text_color: colors.text,
            line_color: colors.muted,
            sizes,
            axis: None,
            drawn: None,
        };
        let data_finding = data_ref
            .as_deref()
            .and_then(|id| data_ref::check(ctx.deck, id, series));
        let mut item = ChartItem {
            chart,
            fixes,
            notes: notes.clone(),
            missing: Vec::new(),
            data_finding,
        };
        item.measure(ctx, &fonts, width);
        Some(item)
    }

    /// Measures the chart's text: missing glyphs, and the category axis in `width`.
    fn measure(&mut self, ctx: &mut Ctx<'_>, fonts: &TextFonts, width: Emu) {
        let c = &self.chart;
        let lang = ctx.shape_lang();
        let size = c.sizes.label;
        let mut prep = |text: &str, size: Cpt| prepare(&mut ctx.m, fonts, lang, text, size, width);
        let labels: Vec<Prepared> = c.categories.iter().map(|t| prep(t, size)).collect();
        let mut others: Vec<Prepared> = Vec::new();
        for t in [&c.title, &c.x_title, &c.y_title].into_iter().flatten() {
            others.push(prep(t, c.sizes.title));
        }
        for s in &c.series {
            others.push(prep(&s.name, size));
        }
        for p in labels.iter().chain(&others) {
            for ch in &p.missing {
                if !self.missing.contains(ch) {
                    self.missing.push(*ch);
                }
            }
        }
        if !c.kind.has_axes() {
            return;
        }
        let value_labels = value_label_texts(c)
            .iter()
            .map(|t| axis::one_line_width(&prep(t, size), size))
            .max()
            .unwrap_or(0);
        let input = AxisInput {
            labels: &labels,
            ordered: c.ordered,
            size,
            value_labels,
            value_title: c
                .y_title
                .as_ref()
                .map_or(0, |_| cpt_to_emu(c.sizes.axis_title) * 6 / 5),
        };
        let fit = axis::fit(&input, width);
        if fit.skip > 1 {
            self.fixes.push(FixAction::ThinLabels { every: fit.skip });
        }
        self.chart.axis = Some(fit);
    }
}

/// The chart kind drawn and its data after the seed's rules, each rule taken recorded.
fn apply_rules(
    ctx: &Ctx<'_>,
    chart_type: &str,
    series: &[ChartSeries],
    x_numeric: bool,
    fixes: &mut Vec<FixAction>,
) -> (ChartKind, rules::Table, bool) {
    let mut kind = ChartKind::from_name(chart_type);
    let mut table = rules::table(series);
    let ordered = ordered::all_ordered(&table.categories, x_numeric);
    if kind == ChartKind::Pie {
        if let Some(reason) = rules::pie_to_bar(&table) {
            kind = ChartKind::Bar;
            fixes.push(FixAction::ChartType {
                from: "pie",
                to: "bar",
                reason: reason.as_str(),
            });
        }
    }
    if rules::needs_top_n(kind, &table, ordered) {
        let before = table.categories.len();
        let (merged, other_capped) = rules::top_n(&mut table, rules::other_label(ctx.deck.lang));
        fixes.push(FixAction::TopN {
            categories: before,
            kept: rules::TOP_N,
            merged,
            other_capped,
        });
    }
    (kind, table, ordered)
}

/// Chart text sizes from the theme (see the module docs).
fn sizes(theme: &specrender_spec::deck::Theme) -> ChartSizes {
    let s = &theme.sizes;
    ChartSizes {
        title: (s.body - 200).max(MIN_SIZE),
        axis_title: s.caption.max(MIN_SIZE),
        label: (s.caption - 200).max(MIN_SIZE),
    }
}

/// The value axis' likely widest labels: the extremes of the data (stacked: of the sums),
/// as the viewers' General number format shows them.
fn value_label_texts(c: &ChartBox) -> Vec<String> {
    let mut lo = 0.0f64;
    let mut hi = 0.0f64;
    for i in 0..c.categories.len() {
        let vals = c.series.iter().filter_map(|s| s.values[i]);
        if c.kind == ChartKind::StackedBar {
            let (pos, neg) = vals.fold(
                (0.0, 0.0),
                |(p, n), v| {
                    if v >= 0.0 {
                        (p + v, n)
                    } else {
                        (p, n + v)
                    }
                },
            );
            hi = hi.max(pos);
            lo = lo.min(neg);
        } else {
            for v in vals {
                hi = hi.max(v);
                lo = lo.min(v);
            }
        }
    }
    [lo, hi]
        .iter()
        .map(|v| format_number(round_axis(*v)))
        .collect()
}

/// A value rounded up in magnitude to two significant digits (where an axis ends).
fn round_axis(v: f64) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return 0.0;
    }
    let mag = 10f64.powi(v.abs().log10().floor() as i32 - 1);
    (v / mag).abs().ceil().copysign(v) * mag
}

impl Fit for ChartItem {
    fn fixes(&self) -> Vec<FixAction> {
        self.fixes.clone()
    }
    fn speaker_notes(&self) -> Option<&str> {
        self.notes.as_deref()
    }
    fn finish(&self, _ctx: &Ctx<'_>, _rect: Rect) -> (BoxContent, Vec<Finding>) {
        let mut findings = Vec::new();
        if let Some(a) = self.chart.axis.filter(|a| a.crowded) {
            findings.push(Finding::ChartLabelsCrowded {
                widest_label: a.widest_label,
                slot: a.slot,
                skip: a.skip,
            });
        }
        findings.extend(self.data_finding.clone());
        if !self.missing.is_empty() {
            findings.push(Finding::MissingGlyphs {
                chars: self.missing.clone(),
            });
        }
        (BoxContent::Chart(Box::new(self.chart.clone())), findings)
    }
}
