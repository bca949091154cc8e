//! `chart_palette`: a chart whose series (or pie slices) include two colours a reader cannot
//! tell apart. Colour difference is CIE76 ΔE*ab in CIELAB (D65,
//! [`specrender_model::color::delta_e`]): below [`MIN_DELTA_E`] two colours read as the
//! same in a legend.

use crate::{issue, Issue, IssueKind, Severity};
use serde_json::json;
use specrender_model::{ChartBox, ChartKind, LaidSlide, PlacedBox};
use specrender_spec::deck::Rgb;
use std::collections::BTreeMap;

pub use specrender_model::color::MIN_DELTA_E;

fn delta_e(a: Rgb, b: Rgb) -> f64 {
    specrender_model::color::delta_e([a.0, a.1, a.2], [b.0, b.1, b.2])
}

/// The closest pair of a chart's series (pie: slice) colours when closer than
/// [`MIN_DELTA_E`]: one low issue per chart, naming both.
pub(crate) fn check(slide: &LaidSlide, b: &PlacedBox, c: &ChartBox) -> Option<Issue> {
    let named: Vec<(&str, Rgb)> = if c.kind == ChartKind::Pie {
        c.categories
            .iter()
            .map(String::as_str)
            .zip(c.point_colors.iter().copied())
            .collect()
    } else {
        c.series
            .iter()
            .map(|s| (s.name.as_str(), s.color))
            .collect()
    };
    let mut worst: Option<(f64, usize, usize)> = None;
    for i in 0..named.len() {
        for j in i + 1..named.len() {
            let d = delta_e(named[i].1, named[j].1);
            if d < MIN_DELTA_E && worst.is_none_or(|w| d < w.0) {
                worst = Some((d, i, j));
            }
        }
    }
    let (d, i, j) = worst?;
    let what = if c.kind == ChartKind::Pie {
        "slices"
    } else {
        "series"
    };
    let message = format!(
        "{}/{}: chart {what} \"{}\" ({}) and \"{}\" ({}) differ by ΔE {:.1}, below {MIN_DELTA_E}: readers cannot tell them apart in the legend; use fewer {what} or brand colours (theme.brand.tokens.colors primary, secondary, accent) further apart.",
        slide.id,
        b.element_id,
        named[i].0,
        named[i].1.hex(),
        named[j].0,
        named[j].1.hex(),
        d
    );
    let mut details = BTreeMap::new();
    details.insert("a".into(), json!(named[i].0));
    details.insert("b".into(), json!(named[j].0));
    details.insert("colors".into(), json!([named[i].1.hex(), named[j].1.hex()]));
    details.insert("delta_e".into(), json!((d * 100.0).round() / 100.0));
    details.insert("minimum".into(), json!(MIN_DELTA_E));
    Some(issue(
        IssueKind::ChartPalette,
        slide,
        Some(b),
        Severity::Low,
        details,
        message,
    ))
}
