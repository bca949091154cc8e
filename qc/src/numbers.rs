//! Deterministic numbers in the report: quantities rounded with integer arithmetic (points to
//! 2 decimals, inches and ratios to 3) and written as JSON integers when whole (`20`, not
//! `20.0`), so the JSON never depends on float formatting of intermediate values.

use crate::Rect;
use serde_json::{json, Value};
use specrender_spec::units::{Cpt, Emu, Scaled};

pub(crate) fn num(s: Scaled) -> Value {
    if s.is_whole() {
        json!(s.whole())
    } else {
        json!(s.to_f64())
    }
}

pub(crate) fn emu_pt_value(emu: Emu) -> Value {
    num(Scaled::emu_as_pt(emu))
}

pub(crate) fn cpt_value(c: Cpt) -> Value {
    num(Scaled::pt(c))
}

pub(crate) fn inch_value(emu: Emu) -> Value {
    num(Scaled::emu_as_in(emu))
}

pub(crate) fn ratio_value(n: i128, d: i128) -> Value {
    num(Scaled::ratio(n, d))
}

pub(crate) fn rect_in(r: &Rect) -> Value {
    Value::Array(vec![
        inch_value(r.x),
        inch_value(r.y),
        inch_value(r.w),
        inch_value(r.h),
    ])
}

pub(crate) fn fmt_cpt(c: Cpt) -> String {
    Scaled::pt(c).to_string()
}

pub(crate) fn fmt_in(emu: Emu) -> String {
    Scaled::emu_as_in(emu).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use specrender_spec::units::EMU_PER_INCH;

    #[test]
    fn numbers_round_half_away_from_zero() {
        assert_eq!(emu_pt_value(127), json!(0.01));
        assert_eq!(emu_pt_value(63), json!(0));
        assert_eq!(emu_pt_value(64), json!(0.01));
        assert_eq!(inch_value(-EMU_PER_INCH / 2), json!(-0.5));
        assert_eq!(cpt_value(2000), json!(20));
        assert_eq!(cpt_value(1550), json!(15.5));
        assert_eq!(fmt_cpt(1550), "15.5");
    }
}
