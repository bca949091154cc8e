//! The fit policy's actions as the report lists them: `{slide_id, element_id?, action,
//! ...details}`.

use crate::numbers::{cpt_value, inch_value, rect_in};
use crate::FixEntry;
use serde_json::json;
use specrender_model::{Fix, FixAction};
use std::collections::BTreeMap;

/// A fix as the report lists it: `{slide_id, element_id?, action, ...details}`.
pub(crate) fn fix_entry(f: &Fix) -> FixEntry {
    let mut details = BTreeMap::new();
    match &f.action {
        FixAction::Shrink { from, to } => {
            details.insert("from_pt".into(), cpt_value(*from));
            details.insert("to_pt".into(), cpt_value(*to));
        }
        FixAction::Reslot { moved } => {
            details.insert("moved_height_in".into(), inch_value(*moved));
        }
        FixAction::ClearArtwork { role, from, to } => {
            details.insert("slot".into(), json!(role));
            details.insert("from_in".into(), rect_in(from));
            details.insert("to_in".into(), rect_in(to));
        }
        FixAction::Split { slides, units } => {
            details.insert("slides".into(), json!(slides));
            details.insert("units".into(), json!(units));
        }
        FixAction::ChartType { from, to, reason } => {
            details.insert("from".into(), json!(from));
            details.insert("to".into(), json!(to));
            details.insert("reason".into(), json!(reason));
        }
        FixAction::TopN {
            categories,
            kept,
            merged,
            other_capped,
        } => {
            details.insert("categories".into(), json!(categories));
            details.insert("kept".into(), json!(kept));
            details.insert("merged".into(), json!(merged));
            if *other_capped {
                details.insert("other_capped".into(), json!(true));
            }
        }
        FixAction::ThinLabels { every } => {
            details.insert("label_every".into(), json!(every));
        }
        FixAction::Move { to } => {
            details.insert("to_slide".into(), json!(to));
        }
        FixAction::ChangeLayout { from, to } => {
            details.insert("from_layout".into(), json!(from.id()));
            details.insert("to_layout".into(), json!(to.id()));
        }
        FixAction::TwoColumns => {
            details.insert("columns".into(), json!(2));
        }
        FixAction::ReduceSpacing | FixAction::NeedsHumanEdit => {}
    }
    FixEntry {
        slide_id: f.slide_id.clone(),
        element_id: f.element_id.clone(),
        action: f.action.name(),
        details,
    }
}
