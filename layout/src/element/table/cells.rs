//! What a table's cells say and how they are aligned: JSON numbers and numeric strings
//! (`1,234억 원`, `12.4%`, `$2.9B`, `-3.1`, `2026-11-23`) are right-aligned, text left; a
//! column whose non-empty body cells are mostly numeric is right-aligned as a whole (header
//! included), so its digits line up. `null` is an empty cell; ragged rows are padded with
//! empty cells or cut to the header's width (and reported).

use crate::model::Align;
use specrender_spec::deck::Cell;
use specrender_spec::resolve::format_number;

/// The text of a cell as written (a JSON number as the input spelled it, `null` empty).
pub fn cell_text(c: &Cell) -> String {
    match c {
        Cell::Text(s) => s.clone(),
        Cell::Number(x) => format_number(*x),
        Cell::Empty => String::new(),
    }
}

/// Is `c` a number: a JSON number, or a string that reads as one?
pub fn is_numeric(c: &Cell) -> bool {
    match c {
        Cell::Number(_) => true,
        Cell::Text(s) => numeric_string(s),
        Cell::Empty => false,
    }
}

/// Unit suffixes longer than this (non-space characters) make a string text, not a number:
/// `1,234억 원` (2), `12.4%` (1), `$2.9B` (1), `3.5 pts` (3) are numbers; `3 items` is not.
const MAX_SUFFIX: usize = 3;

/// A string that reads as a number: an optional sign, currency sign or opening parenthesis;
/// digits with `,` `.` `-` `/` `:` between digit groups (amounts, dates, times, ratios); an
/// optional short unit suffix (`%`, `B`, `억 원`, `배`, `x`).
pub fn numeric_string(s: &str) -> bool {
    let s = s.trim();
    // The prefix: signs, currency signs, an opening parenthesis (no allocation: a table asks
    // this of every cell).
    let rest = s.trim_start_matches(|c| {
        matches!(
            c,
            '+' | '-'
                | '−'
                | '±'
                | '('
                | ' '
                | '$'
                | '€'
                | '£'
                | '¥'
                | '₩'
                | '￦'
                | '▲'
                | '▼'
                | '△'
                | '▽'
        )
    });
    let mut digits = 0;
    let mut core_end = 0;
    let mut prev_digit = false;
    let mut cs = rest.char_indices().peekable();
    while let Some((i, c)) = cs.next() {
        let next_digit = cs.peek().is_some_and(|&(_, n)| n.is_ascii_digit());
        if c.is_ascii_digit() {
            digits += 1;
            prev_digit = true;
            core_end = i + 1;
        } else if next_digit
            && ((matches!(c, ',' | '.' | '-' | '/' | ':') && prev_digit) || (c == '.' && i == 0))
        {
            // A separator between digit groups, or the point of `.5`.
            prev_digit = false;
        } else {
            break;
        }
    }
    if digits == 0 {
        return false;
    }
    let suffix = rest[core_end..].trim_start_matches(')');
    let mut letters = suffix.chars().filter(|c| !c.is_whitespace());
    letters.by_ref().take(MAX_SUFFIX).all(unit_char) && letters.next().is_none()
}

/// A character a unit suffix may have: Latin letters (`B`, `pts`, `x`), percent and degree
/// signs, and the CJK counters and currency units that follow amounts (`억`, `원`, `円`,
/// `元`, `倍`, `년` as in `2026년`); other CJK makes a label (`2026년 목표`, `3분기`).
fn unit_char(c: char) -> bool {
    c.is_ascii_alphabetic()
        || "%‰×°′″".contains(c)
        || "억만조천백원배개명건년월일시분초회위점세주엔円元億萬兆万亿千百倍个人件年月日時时分秒回位点歳岁週周".contains(c)
}

/// Body rows made as wide as the header: short rows padded with empty cells, long ones cut.
/// Returns the rows and, per ragged row, (row index, cells it had).
pub fn normalize_rows(rows: &[Vec<Cell>], n: usize) -> (Vec<Vec<Cell>>, Vec<(usize, usize)>) {
    let mut ragged = Vec::new();
    let rows = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            if r.len() != n {
                ragged.push((i, r.len()));
            }
            (0..n)
                .map(|c| r.get(c).cloned().unwrap_or(Cell::Empty))
                .collect()
        })
        .collect();
    (rows, ragged)
}

/// Per column: is it a numeric column (more than half of its non-empty body cells numeric)?
pub fn numeric_columns(rows: &[Vec<Cell>], n: usize) -> Vec<bool> {
    (0..n)
        .map(|c| {
            let (mut num, mut all) = (0, 0);
            for r in rows {
                match &r[c] {
                    Cell::Empty => {}
                    cell => {
                        all += 1;
                        num += usize::from(is_numeric(cell));
                    }
                }
            }
            all > 0 && num * 2 > all
        })
        .collect()
}

/// A body cell's alignment: right in a numeric column or when it is a number itself.
pub fn align_for(c: &Cell, numeric_column: bool) -> Align {
    if numeric_column || is_numeric(c) {
        Align::Right
    } else {
        Align::Left
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_strings_of_the_issue() {
        for s in [
            "1,234억 원",
            "12.4%",
            "$2.9B",
            "-3.1",
            "2026-11-23",
            "1,234",
            "(3.1)",
            "+15%",
            "₩1,200",
            "3.5 pts",
            "10x",
            ".5",
            "12:30",
            "▲ 3.2%",
            "1,250億円",
            "12.5亿元",
        ] {
            assert!(numeric_string(s), "{s}");
        }
        for s in [
            "Q3 2024",
            "FY2025",
            "v1.2",
            "3 items",
            "abc",
            "",
            "-",
            "n/a",
            "2026년 목표",
            "A-12",
            "1.2.3.4 release notes",
        ] {
            assert!(!numeric_string(s), "{s}");
        }
    }

    #[test]
    fn ragged_rows_are_padded_and_cut() {
        let rows = vec![
            vec![Cell::Text("a".into())],
            vec![Cell::Number(1.0), Cell::Number(2.0), Cell::Number(3.0)],
            vec![Cell::Empty, Cell::Text("b".into())],
        ];
        let (r, ragged) = normalize_rows(&rows, 2);
        assert_eq!(ragged, vec![(0, 1), (1, 3)]);
        assert_eq!(r[0], vec![Cell::Text("a".into()), Cell::Empty]);
        assert_eq!(r[1], vec![Cell::Number(1.0), Cell::Number(2.0)]);
    }

    #[test]
    fn mostly_numeric_columns_align_right() {
        let rows = vec![
            vec![Cell::Text("x".into()), Cell::Number(1.0)],
            vec![Cell::Text("y".into()), Cell::Text("n/a".into())],
            vec![Cell::Text("z".into()), Cell::Text("12%".into())],
        ];
        assert_eq!(numeric_columns(&rows, 2), vec![false, true]);
        assert_eq!(align_for(&Cell::Text("n/a".into()), true), Align::Right);
        assert_eq!(align_for(&Cell::Number(2.0), false), Align::Right);
        assert_eq!(align_for(&Cell::Text("x".into()), false), Align::Left);
    }
}
