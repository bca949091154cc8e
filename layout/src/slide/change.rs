//! Step 4, change layout (docs/concepts/fit-policy.md), tried only when steps 1–3 left a body slot
//! overflowing, before anything is split:
//!
//! - **`two_column` → `one_column`** when one column overflows and the other is small: its
//!   elements need at most [`SMALL_DIVISOR`]⁻¹ (a third) of their column at the sizes asked for.
//!   The columns' elements are stacked in input order in the one wide body slot and steps 1–3
//!   run again; the change is kept only if nothing in the body overflows then (else the slide
//!   keeps its two columns and step 5 splits the overflowing one).
//! - **bullets in two columns** within their slot: asked of the element
//!   ([`crate::element::Fit::two_columns`]), which answers by its own measured rule.

use super::assign::Target;
use super::{split, Item};
use crate::frame::Frame;
use crate::model::Preset;
use crate::preset::{Slot, SlotRole};
use specrender_spec::units::Emu;

/// "Small": the other column's elements need at most 1/3 of the column's height.
pub const SMALL_DIVISOR: Emu = 3;

/// The items and slots of the slide laid out as `one_column` instead of `two_column`, not
/// fitted yet, when one column overflows and the other is small; else `None`.
pub fn one_column(items: &[Item], slots: &[Slot], frame: &Frame) -> Option<(Vec<Item>, Vec<Slot>)> {
    let col = |r: SlotRole| -> Vec<&Item> {
        items
            .iter()
            .filter(|it| it.target == Target::Slot(r))
            .collect()
    };
    let (left, right) = (col(SlotRole::Left), col(SlotRole::Right));
    let over = |c: &[&Item]| c.iter().any(|it| it.overflows());
    let small = |c: &[&Item], r: SlotRole| {
        let slot = slots.iter().find(|s| s.role == r)?;
        let mut need: Emu = 0;
        for it in c {
            let mut body = it.body.clone();
            body.fit_mut().reset();
            need += body.fit().needed_height(slot.rect.w)?;
        }
        Some(need * SMALL_DIVISOR <= slot.rect.h)
    };
    let wanted = (over(&left) && small(&right, SlotRole::Right)?)
        || (over(&right) && small(&left, SlotRole::Left)?);
    if !wanted {
        return None;
    }
    let new_slots = frame.layout(Preset::OneColumn).slots.clone();
    let body = *new_slots.iter().find(|s| s.role == SlotRole::Body)?;
    let mut first_text = true;
    let new_items = items
        .iter()
        .map(|it| {
            let mut it = it.clone();
            match it.target {
                Target::Slot(r) if split::is_body(r) => {
                    it.target = Target::Slot(SlotRole::Body);
                    it.rect = body.rect;
                    let had = it.placeholder.is_some();
                    it.placeholder = (had && first_text).then_some(body.placeholder).flatten();
                    first_text &= !had;
                    it.body.fit_mut().reset();
                }
                Target::Slot(r) => {
                    if let Some(s) = new_slots.iter().find(|s| s.role == r) {
                        it.rect = s.rect;
                    }
                }
                Target::Explicit => {}
            }
            it
        })
        .collect();
    Some((new_items, new_slots))
}
