//! `data_ref`: the chart element names a `data` asset (a CSV, loaded by resolve through the
//! assets root). The element's series are what is drawn; the CSV is read only to say where
//! the two disagree (a low `chart_data_mismatch` note), so a stale or mistyped number is
//! caught before a person presents it.
//!
//! Two CSV shapes are read (UTF-8, optional BOM, cells trimmed): *wide* — a header row whose
//! first cell names the x column and the rest the series, then one row per x; and *long* —
//! a header with columns named `series`, `x` and `y` (any order, any case), one row per point.
//! An `x` matches when the texts are equal or both are the same number; a value matches within
//! 1e-9 relative. Empty cells are missing points.

use crate::findings::{ChartDataProblem, Finding};
use specrender_spec::deck::{ChartSeries, Deck};
use specrender_spec::Reason;

/// Differences listed in a finding (the rest are counted).
const LISTED: usize = 5;

/// A CSV's series: name -> points (x, y) in row order.
type CsvSeries = Vec<(String, Vec<(String, Option<f64>)>)>;

/// What the CSV `data_ref` names says against `series`; `None` when they agree (or when the
/// reference names no asset: validation already warned about that).
pub fn check(deck: &Deck, data_ref: &str, series: &[ChartSeries]) -> Option<Finding> {
    let problem = match deck.asset(data_ref) {
        Err(r) if r.reason == Reason::NotInAssets => return None,
        Err(r) => ChartDataProblem::Unreadable {
            reason: r.to_string(),
        },
        Ok((_, asset)) => match parse(&asset.bytes) {
            Err(reason) => ChartDataProblem::Unreadable { reason },
            Ok(csv) => {
                let diffs = differences(&csv, series);
                if diffs.is_empty() {
                    return None;
                }
                ChartDataProblem::Disagrees {
                    count: diffs.len(),
                    listed: diffs.into_iter().take(LISTED).collect(),
                }
            }
        },
    };
    Some(Finding::ChartData {
        data_ref: data_ref.to_string(),
        problem,
    })
}

fn rows(bytes: &[u8]) -> Result<Vec<Vec<String>>, String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(bytes);
    let mut out = Vec::new();
    for rec in r.byte_records() {
        let rec = rec.map_err(|e| format!("not a CSV: {e}"))?;
        out.push(
            rec.iter()
                .map(|f| String::from_utf8_lossy(f).into_owned())
                .collect(),
        );
    }
    Ok(out)
}

fn number(s: &str) -> Result<Option<f64>, String> {
    if s.is_empty() {
        return Ok(None);
    }
    s.parse::<f64>()
        .map(Some)
        .map_err(|_| format!("{s:?} is not a number"))
}

/// The CSV as series (wide or long shape).
pub fn parse(bytes: &[u8]) -> Result<CsvSeries, String> {
    let rows = rows(bytes)?;
    let Some((head, body)) = rows.split_first() else {
        return Err("the CSV is empty".into());
    };
    let col = |name: &str| head.iter().position(|h| h.eq_ignore_ascii_case(name));
    if let (Some(si), Some(xi), Some(yi)) = (col("series"), col("x"), col("y")) {
        let mut out: CsvSeries = Vec::new();
        for row in body {
            let cell = |i: usize| row.get(i).map_or("", String::as_str);
            let y = number(cell(yi))?;
            let point = (cell(xi).to_string(), y);
            match out.iter_mut().find(|(n, _)| n == cell(si)) {
                Some((_, pts)) => pts.push(point),
                None => out.push((cell(si).to_string(), vec![point])),
            }
        }
        return Ok(out);
    }
    if head.len() < 2 {
        return Err("the header names no series (wide: x, series...; long: series, x, y)".into());
    }
    let mut out: CsvSeries = head[1..].iter().map(|n| (n.clone(), Vec::new())).collect();
    for row in body {
        let x = row.first().cloned().unwrap_or_default();
        for (k, (_, pts)) in out.iter_mut().enumerate() {
            let y = number(row.get(k + 1).map_or("", String::as_str))?;
            pts.push((x.clone(), y));
        }
    }
    Ok(out)
}

fn same_x(a: &str, b: &str) -> bool {
    a == b || matches!((a.parse::<f64>(), b.parse::<f64>()), (Ok(x), Ok(y)) if x == y)
}

fn same_y(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Every disagreement, worded as the note lists it, in series and point order.
fn differences(csv: &CsvSeries, series: &[ChartSeries]) -> Vec<String> {
    let mut out = Vec::new();
    for s in series {
        let found = csv
            .iter()
            .find(|(n, _)| *n == s.name)
            .or_else(|| csv.iter().find(|(n, _)| n.eq_ignore_ascii_case(&s.name)));
        let Some((_, pts)) = found else {
            out.push(format!("series {:?} is not in the CSV", s.name));
            continue;
        };
        // The n-th point at an x matches the n-th CSV row at that x (a repeated category is
        // kept as separate points, `rules::table`).
        for (i, (x, y)) in s.data.iter().enumerate() {
            let nth = s.data[..i].iter().filter(|(px, _)| same_x(px, x)).count();
            match pts.iter().filter(|(cx, _)| same_x(cx, x)).nth(nth) {
                None | Some((_, None)) => {
                    out.push(format!("series {:?} at {x:?}: not in the CSV", s.name));
                }
                Some((_, Some(v))) if !same_y(*v, *y) => {
                    out.push(format!("series {:?} at {x:?}: CSV {v}, chart {y}", s.name));
                }
                Some(_) => {}
            }
        }
        for (i, (cx, cy)) in pts.iter().enumerate() {
            let nth = pts[..i].iter().filter(|(px, _)| same_x(px, cx)).count();
            let in_chart = s.data.iter().filter(|(x, _)| same_x(cx, x)).count() > nth;
            if cy.is_some() && !in_chart {
                out.push(format!("series {:?} at {cx:?}: only in the CSV", s.name));
            }
        }
    }
    out
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
    fn wide_and_long_shapes() {
        let wide = parse(b"\xEF\xBB\xBFquarter, Revenue ,Cost\nQ1,10,5\nQ2,12.5,\n").unwrap();
        assert_eq!(wide[0].0, "Revenue");
        assert_eq!(wide[1].1[1], ("Q2".to_string(), None));
        let long = parse(b"Series,X,Y\nRevenue,Q1,10\nCost,Q1,5\nRevenue,Q2,12.5\n").unwrap();
        assert_eq!(
            long[0].1,
            [("Q1".into(), Some(10.0)), ("Q2".into(), Some(12.5))]
        );
        assert!(parse(b"").is_err());
        assert!(parse(b"x,a\n1,abc\n").is_err());
    }

    #[test]
    fn differences_say_where() {
        let csv = parse(b"x,Revenue\nQ1,10\nQ2,12.5\nQ3,7\n2024,1\n").unwrap();
        let agree = [series(
            "Revenue",
            &[("Q1", 10.0), ("Q2", 12.5), ("Q3", 7.0), ("2024", 1.0)],
        )];
        assert!(differences(&csv, &agree).is_empty());
        let d = differences(
            &csv,
            &[
                series(
                    "Revenue",
                    &[("Q1", 10.0), ("Q2", 12.0), ("Q4", 3.0), ("2024.0", 1.0)],
                ),
                series("Cost", &[]),
            ],
        );
        assert_eq!(
            d,
            [
                r#"series "Revenue" at "Q2": CSV 12.5, chart 12"#,
                r#"series "Revenue" at "Q4": not in the CSV"#,
                r#"series "Revenue" at "Q3": only in the CSV"#,
                r#"series "Cost" is not in the CSV"#,
            ]
        );
    }

    /// Issue 24.1: a repeated category is two points; each matches its own CSV row.
    #[test]
    fn repeated_categories_match_row_by_row() {
        let csv = parse(b"x,Revenue\nQ1,3\nQ1,4\nQ2,5\n").unwrap();
        let same = [series("Revenue", &[("Q1", 3.0), ("Q1", 4.0), ("Q2", 5.0)])];
        assert!(differences(&csv, &same).is_empty());
        let d = differences(&csv, &[series("Revenue", &[("Q1", 3.0), ("Q2", 5.0)])]);
        assert_eq!(d, [r#"series "Revenue" at "Q1": only in the CSV"#]);
    }
}
