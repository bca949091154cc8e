//! Are a chart's categories ordered (numbers, dates, months, quarters, half-years, years)?
//! Ordered categories are never aggregated into "Other" (aggregating a time axis would
//! destroy it); thinning their labels loses nothing a reader cannot infer.
//!
//! Recognised, case-insensitively, when *every* category matches: numbers (`x` given as
//! numbers, or numeric text such as `2.5`, `-3`, `1,200`); years `2024`, `FY2024`, `FY24`,
//! `2024년`, `2024年`; dates `2024-03-01`, `2024/3/1`, `2024.03`, `2024-03`; months `Jan`..`Dec`,
//! `January`.. (optionally with a year: `Jan 2024`, `2024 Jan`), `1월`..`12월`, `1月`..`12月`,
//! `2024년 3월`, `2024年3月`; quarters `Q1`..`Q4` with an optional year before or after
//! (`Q1 2024`, `2024 Q1`, `2024-Q1`, `Q1'24`, `1Q24`), `1분기`..`4분기`; half-years `H1`, `H2`
//! (same year forms), `상반기`, `하반기`.

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];
const MONTHS_LONG: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Every category ordered?
pub fn all_ordered(categories: &[String], x_numeric: bool) -> bool {
    x_numeric || (!categories.is_empty() && categories.iter().all(|c| is_ordered(c)))
}

fn is_ordered(label: &str) -> bool {
    let s = label.trim().to_lowercase();
    is_number(&s) || is_year(&s) || is_date(&s) || is_period(&s)
}

fn is_number(s: &str) -> bool {
    let t: String = s.chars().filter(|c| *c != ',').collect();
    !t.is_empty() && t.parse::<f64>().is_ok()
}

fn digits(s: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

/// `2024`, `fy2024`, `fy24`, `2024년`, `2024年`, `'24`.
fn is_year(s: &str) -> bool {
    let s = s
        .strip_suffix('년')
        .or_else(|| s.strip_suffix('年'))
        .unwrap_or(s)
        .trim();
    let s = s.strip_prefix("fy").map(str::trim).unwrap_or(s);
    let s = s.strip_prefix('\'').unwrap_or(s);
    digits(s, 2, 4)
}

/// `2024-03-01`, `2024/3/1`, `2024.03`, `2024-03`, `3/1/2024`.
fn is_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split(['-', '/', '.']).collect();
    (2..=3).contains(&parts.len()) && parts.iter().all(|p| digits(p, 1, 4))
}

/// A month, quarter or half-year, with an optional year before or after.
fn is_period(s: &str) -> bool {
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || matches!(c, '-' | '/' | '\'' | ','))
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        [one] => is_period_word(one),
        [a, b] => (is_year(a) && is_period_word(b)) || (is_period_word(a) && is_year(b)),
        _ => false,
    }
}

fn is_period_word(w: &str) -> bool {
    let w = w.trim_end_matches('.');
    if MONTHS.contains(&w) || MONTHS_LONG.contains(&w) || w == "sept" {
        return true;
    }
    // 3월, 3月, 1분기, 상반기 / 하반기
    if let Some(n) = w.strip_suffix('월').or_else(|| w.strip_suffix('月')) {
        return n.parse::<u8>().is_ok_and(|m| (1..=12).contains(&m));
    }
    if let Some(n) = w.strip_suffix("분기") {
        return n.parse::<u8>().is_ok_and(|q| (1..=4).contains(&q));
    }
    if matches!(w, "상반기" | "하반기") {
        return true;
    }
    // q1, h2, 1q24, 2h
    let b = w.as_bytes();
    match b {
        [b'q', d] => (b'1'..=b'4').contains(d),
        [b'h', d] => matches!(d, b'1' | b'2'),
        [d, b'q', rest @ ..] | [d, b'h', rest @ ..] => {
            d.is_ascii_digit() && (rest.is_empty() || digits(&w[2..], 2, 4))
        }
        [b'q', d, rest @ ..] => {
            (b'1'..=b'4').contains(d) && digits(&w[2..], 2, 4) && !rest.is_empty()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ordered(xs: &[&str]) -> bool {
        let v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
        all_ordered(&v, false)
    }

    #[test]
    fn time_and_number_labels_are_ordered() {
        assert!(ordered(&["2021", "2022", "FY2023"]));
        assert!(ordered(&["Q1", "Q2", "Q3", "Q4"]));
        assert!(ordered(&["Q1 2024", "2024 Q2", "2024-Q3", "1Q24", "Q4'24"]));
        assert!(ordered(&["Jan", "Feb", "March", "Sept.", "Dec 2024"]));
        assert!(ordered(&[
            "1월",
            "2월",
            "12월",
            "2024년 3월",
            "3月",
            "1분기",
            "상반기"
        ]));
        assert!(ordered(&["2024-01-01", "2024/2/1", "2024.03", "2024-04"]));
        assert!(ordered(&["1", "2.5", "-3", "1,200"]));
        assert!(ordered(&["H1", "H2 2025", "2024년"]));
    }

    #[test]
    fn names_are_nominal() {
        assert!(!ordered(&["Seoul", "Busan"]));
        assert!(!ordered(&["2021", "Other"]));
        assert!(!ordered(&["Q5"]));
        assert!(!ordered(&["13월"]));
        assert!(!ordered(&[]));
        assert!(all_ordered(&[], true));
    }
}
