//! The chart rules (docs/concepts/elements.md, charts), applied to the
//! chart's data before anything is drawn, each recorded as a fix:
//!
//! - a pie with more than 6 slices, any negative value, or more than one series becomes a
//!   (clustered) bar chart — a pie shows one series of shares;
//! - a bar chart (`bar`, `stacked_bar`, or a pie turned bar) with more than 10 *nominal*
//!   categories keeps the 9 with the largest totals (in input order) and sums the rest into
//!   one "Other" category (`기타`, `その他`, `其他` by deck language); ordered categories
//!   (numbers, dates, months, quarters, years) are never aggregated.
//!
//! Categories are the ordered union of every series' `x` values (first appearance); a series
//! without a value at a category has a gap there. A category repeated within one series
//! (`"Q1"` twice, or `"2024"` and `2024`, which both read as `2024`) is kept as separate
//! points, never merged or dropped: the n-th point of a series at `x` goes to the n-th
//! category named `x`, so the chart shows two bars labelled `Q1`. Validation warns about each
//! repeat (`repeated_category`, with the points), and QC reports it as a low `input_warning`.

use super::model::ChartKind;
use specrender_spec::deck::{ChartSeries, LangFamily};

/// Most slices a pie keeps before it becomes a bar chart.
pub const PIE_MAX_SLICES: usize = 6;
/// Most nominal categories a bar chart shows before top-N + "Other".
pub const BAR_MAX_CATEGORIES: usize = 10;
/// Categories kept by top-N (the 10th is "Other").
pub const TOP_N: usize = 9;

/// The chart's data as a table: categories, and per series its name and a value per category.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub categories: Vec<String>,
    pub series: Vec<(String, Vec<Option<f64>>)>,
}

/// Why a pie was drawn as a bar chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PieToBar {
    TooManySlices,
    NegativeValues,
    SeveralSeries,
}

impl PieToBar {
    pub fn as_str(self) -> &'static str {
        match self {
            PieToBar::TooManySlices => "more_than_6_slices",
            PieToBar::NegativeValues => "negative_values",
            PieToBar::SeveralSeries => "more_than_one_series",
        }
    }
}

/// The ordered union of the series' `x` values and each series' value per category; the
/// n-th occurrence of an `x` in a series is the n-th category of that name.
pub fn table(series: &[ChartSeries]) -> Table {
    use std::collections::HashMap;
    let mut categories: Vec<String> = Vec::new();
    // (x, occurrence within its series) -> category index.
    let mut index: HashMap<(&str, usize), usize> = HashMap::new();
    let slots: Vec<Vec<usize>> = series
        .iter()
        .map(|s| {
            let mut seen: HashMap<&str, usize> = HashMap::new();
            s.data
                .iter()
                .map(|(x, _)| {
                    let n = seen.entry(x.as_str()).or_insert(0);
                    let key = (x.as_str(), *n);
                    *n += 1;
                    *index.entry(key).or_insert_with(|| {
                        categories.push(x.clone());
                        categories.len() - 1
                    })
                })
                .collect()
        })
        .collect();
    let series = series
        .iter()
        .zip(slots)
        .map(|(s, slots)| {
            let mut values = vec![None; categories.len()];
            for ((_, y), i) in s.data.iter().zip(slots) {
                values[i] = Some(*y);
            }
            (s.name.clone(), values)
        })
        .collect();
    Table { categories, series }
}

/// Should this pie be a bar chart, and why?
pub fn pie_to_bar(t: &Table) -> Option<PieToBar> {
    if t.series.len() > 1 {
        Some(PieToBar::SeveralSeries)
    } else if t.categories.len() > PIE_MAX_SLICES {
        Some(PieToBar::TooManySlices)
    } else if t
        .series
        .iter()
        .flat_map(|s| s.1.iter().flatten())
        .any(|v| *v < 0.0)
    {
        Some(PieToBar::NegativeValues)
    } else {
        None
    }
}

/// Does the top-N rule apply to a chart of `kind` over `t`?
pub fn needs_top_n(kind: ChartKind, t: &Table, ordered: bool) -> bool {
    matches!(kind, ChartKind::Bar | ChartKind::StackedBar)
        && !ordered
        && t.categories.len() > BAR_MAX_CATEGORIES
}

/// Top-N + "Other": the [`TOP_N`] categories with the largest totals over every series (ties:
/// the earlier one), kept in input order, and one more category summing the rest per series
/// (a gap where a series has no value in any of them). Returns how many were merged, and
/// whether an "Other" sum passed what an `f64` holds and was capped at ±`f64::MAX` (never
/// written as `inf`, which neither the chart cache nor a workbook may hold).
pub fn top_n(t: &mut Table, other_label: &str) -> (usize, bool) {
    let total = |i: usize| -> f64 { t.series.iter().filter_map(|s| s.1[i]).sum() };
    let mut rank: Vec<usize> = (0..t.categories.len()).collect();
    rank.sort_by(|&a, &b| total(b).total_cmp(&total(a)).then(a.cmp(&b)));
    let mut keep: Vec<usize> = rank[..TOP_N].to_vec();
    keep.sort_unstable();
    let merged: Vec<usize> = rank[TOP_N..].to_vec();
    let mut categories: Vec<String> = keep.iter().map(|&i| t.categories[i].clone()).collect();
    categories.push(unique_label(other_label, &categories));
    let mut capped = false;
    for (_, values) in &mut t.series {
        let other = merged
            .iter()
            .filter_map(|&i| values[i])
            .fold(None, |acc: Option<f64>, v| Some(acc.unwrap_or(0.0) + v))
            .map(|sum| {
                if sum.is_finite() {
                    sum
                } else {
                    capped = true;
                    f64::MAX.copysign(sum)
                }
            });
        let mut kept: Vec<Option<f64>> = keep.iter().map(|&i| values[i]).collect();
        kept.push(other);
        *values = kept;
    }
    t.categories = categories;
    (merged.len(), capped)
}

/// "Other" unless a kept category is already called that (then "Other (2)", ...).
fn unique_label(label: &str, taken: &[String]) -> String {
    let mut out = label.to_string();
    let mut n = 2;
    while taken.contains(&out) {
        out = format!("{label} ({n})");
        n += 1;
    }
    out
}

/// The "Other" category's name in the deck's language.
pub fn other_label(lang: LangFamily) -> &'static str {
    match lang {
        LangFamily::Korean => "기타",
        LangFamily::Japanese => "その他",
        LangFamily::ChineseSimplified | LangFamily::ChineseTraditional => "其他",
        LangFamily::Other => "Other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(name: &str, pts: &[(&str, f64)]) -> ChartSeries {
        ChartSeries {
            name: name.into(),
            data: pts.iter().map(|(x, y)| (x.to_string(), *y)).collect(),
        }
    }

    #[test]
    fn categories_are_the_ordered_union_with_gaps() {
        let t = table(&[
            series("a", &[("x", 1.0), ("y", 2.0)]),
            series("b", &[("y", 3.0), ("z", 4.0), ("y", 9.0)]),
        ]);
        // b's second "y" is its own point: a second category "y".
        assert_eq!(t.categories, ["x", "y", "z", "y"]);
        assert_eq!(t.series[0].1, [Some(1.0), Some(2.0), None, None]);
        assert_eq!(t.series[1].1, [None, Some(3.0), Some(4.0), Some(9.0)]);
    }

    /// Issue 24.1: a repeated category kept the first point and dropped the rest silently.
    #[test]
    fn repeated_categories_are_separate_points() {
        let t = table(&[
            series("a", &[("Q1", 3.0), ("Q1", 4.0), ("Q2", 5.0)]),
            series("b", &[("Q2", 1.0), ("Q1", 2.0)]),
        ]);
        assert_eq!(t.categories, ["Q1", "Q1", "Q2"]);
        assert_eq!(t.series[0].1, [Some(3.0), Some(4.0), Some(5.0)]);
        assert_eq!(t.series[1].1, [Some(2.0), None, Some(1.0)]);
    }

    #[test]
    fn pie_rules() {
        let pts: Vec<(String, f64)> = (0..7).map(|i| (format!("c{i}"), 1.0)).collect();
        let seven = ChartSeries {
            name: "s".into(),
            data: pts,
        };
        assert_eq!(pie_to_bar(&table(&[seven])), Some(PieToBar::TooManySlices));
        let neg = series("s", &[("a", 1.0), ("b", -1.0)]);
        assert_eq!(pie_to_bar(&table(&[neg])), Some(PieToBar::NegativeValues));
        let ok = series("s", &[("a", 1.0), ("b", 0.0)]);
        assert_eq!(pie_to_bar(&table(std::slice::from_ref(&ok))), None);
        assert_eq!(
            pie_to_bar(&table(&[ok.clone(), ok])),
            Some(PieToBar::SeveralSeries)
        );
    }

    /// Issue 25.4: an "Other" summing past `f64::MAX` was `inf` in the chart and workbook.
    #[test]
    fn an_overflowing_other_is_capped_not_infinite() {
        let pts: Vec<(String, f64)> = (0..12)
            .map(|i| (format!("c{i}"), if i % 2 == 0 { 1.5e308 } else { -1.5e308 }))
            .collect();
        let mut t = table(&[ChartSeries {
            name: "s".into(),
            data: pts,
        }]);
        // Kept: the six positives and three negatives; merged: three negatives (-4.5e308).
        assert_eq!(top_n(&mut t, "Other"), (3, true));
        let other = t.series[0].1[TOP_N].unwrap();
        assert_eq!(other, -f64::MAX);
        assert!(t.series[0].1.iter().flatten().all(|v| v.is_finite()));
    }

    #[test]
    fn top_nine_plus_other_summed_in_input_order() {
        let pts: Vec<(String, f64)> = (0..12).map(|i| (format!("c{i}"), i as f64)).collect();
        let mut t = table(&[ChartSeries {
            name: "s".into(),
            data: pts,
        }]);
        assert!(needs_top_n(ChartKind::Bar, &t, false));
        assert!(!needs_top_n(ChartKind::Bar, &t, true));
        assert!(!needs_top_n(ChartKind::Line, &t, false));
        assert_eq!(top_n(&mut t, "Other"), (3, false));
        let cats: Vec<&str> = t.categories.iter().map(String::as_str).collect();
        assert_eq!(
            cats,
            ["c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "Other"]
        );
        assert_eq!(t.series[0].1[9], Some(0.0 + 1.0 + 2.0));
    }
}
