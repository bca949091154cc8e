//! Layouts and templates: `unknown_layout`, `template_layout_fallback`,
//! `template_layout_missing`, `unknown_template` (a deck's or a document's), and
//! `template_content_dropped`.

use super::{details, short, Described};
use crate::{IssueKind, Severity};
use serde_json::{json, Value};
use specrender_model::findings::{DropKind, Dropped};
use specrender_model::{Location, Preset};
use std::collections::BTreeMap;

/// The presets a `layout_id` may name, as the `unknown_layout` message lists them.
const PRESETS: &str = "title_center, section_header, one_column, two_column, chart_focus, table_focus, image_full_bleed, quote_center, closing, blank";

/// A `layout_id` that is not a preset; `used` the slide type's.
pub(super) fn unknown_layout(label: &str, layout_id: &str, used: Preset) -> Described {
    (
        IssueKind::UnknownLayout,
        Severity::Low,
        details(vec![("layout_id", json!(layout_id)), ("used", json!(used.id()))]),
        format!("{label}: layout_id \"{layout_id}\" is not a preset; used \"{}\" from the slide type. Use one of: {PRESETS}.", used.id()),
    )
}

/// On a template, no layout fits the slide's layout id; `slots` says whose slots were used.
pub(super) fn layout_fallback(label: &str, layout_id: &str, slots: &str) -> Described {
    (
        IssueKind::TemplateLayoutFallback,
        Severity::Low,
        details(vec![("layout_id", json!(layout_id))]),
        format!(
            "{label}: the template has no layout for \"{layout_id}\" (by name, type or placeholders); the slide is placed by specrender's own slots {}. Add such a layout to the template for its own look.",
            match slots {
                "presets" => "on the slide's safe area (the master has no title or body area)",
                "layout title" => "below the title placeholder of the layout it goes onto",
                _ => "inside the master's title and body areas",
            }
        ),
    )
}

/// `theme.brand.tokens.layouts` names a layout the template does not have.
pub(super) fn layout_missing(
    label: &str,
    layout_id: &str,
    name: &str,
    used: Option<&str>,
) -> Described {
    (
        IssueKind::TemplateLayoutMissing,
        Severity::Low,
        details(vec![
            ("layout_id", json!(layout_id)),
            ("name", json!(name)),
            ("used", json!(used)),
        ]),
        format!(
            "{label}: theme.brand.tokens.layouts maps \"{layout_id}\" to \"{}\", which is not a layout of the template; {}. Use one of the names `specrender template inspect` lists.",
            short(name),
            match used {
                Some(u) => format!("used \"{}\" instead", short(u)),
                None => "placed by specrender's own slots instead".to_string(),
            }
        ),
    )
}

/// `template_id` names no look: a deck was laid out on the built-in look (`built_in` lists
/// them), a document written in our own styles; `folder` false: no templates folder was given.
pub(super) fn unknown_template(
    at: &Location,
    template_id: &str,
    built_in: &[&str],
    folder: bool,
) -> Described {
    let id = short(template_id);
    let message = match (at.in_document(), folder) {
        (false, true) => format!("theme.template_ref.template_id \"{id}\" is neither a built-in look ({}) nor a template in the templates folder (<id>.pptx or <id>.potx); the deck was laid out on the built-in look.", built_in.join(", ")),
        (false, false) => format!("theme.template_ref.template_id \"{id}\" is not a built-in look ({}), and no templates folder was given to find <id>.pptx or <id>.potx in (--templates DIR); the deck was laid out on the built-in look.", built_in.join(", ")),
        (true, true) => format!("theme.template_ref.template_id \"{id}\" is neither default nor a document template in the templates folder (<id>.docx or <id>.dotx); the document was written in specrender's own styles."),
        (true, false) => format!("theme.template_ref.template_id \"{id}\" is not default, and no templates folder was given to find <id>.docx or <id>.dotx in (--templates DIR); the document was written in specrender's own styles."),
    };
    (
        IssueKind::UnknownTemplate,
        Severity::Medium,
        details(vec![("template_id", json!(template_id))]),
        message,
    )
}

/// The details and message of a `template_content_dropped` finding.
pub(super) fn dropped_words(d: &Dropped) -> (BTreeMap<String, Value>, String) {
    use DropKind as K;
    let mut details = BTreeMap::new();
    details.insert("part".to_string(), json!(d.part));
    details.insert("kind".to_string(), json!(d.kind.as_str()));
    if let Some(t) = &d.target {
        details.insert("target".to_string(), json!(t));
    }
    let what = match d.kind {
        K::MacroProject => "a macro project",
        K::ActiveX => "an ActiveX control",
        K::OleObject => "an OLE object",
        K::ExternalLink => "an external link",
        K::FileLink => "a link to a file or network share",
        K::ScriptLink => "a script link or action",
        K::FetchingField => "a field that fetches or runs something (its cached result is kept)",
        K::SvgImage => "an SVG picture (its raster copy is kept)",
        K::UnlistedPart => "a part of a kind templates do not carry",
        K::WrongContentType => "a part whose content type does not fit its relationship",
    };
    let target = d
        .target
        .as_deref()
        .map(|t| format!(" ({})", short(t)))
        .unwrap_or_default();
    let message = format!(
        "template part {}: {what}{target} was not carried into the output (specrender never carries macros, ActiveX, OLE objects, external or script links, or fetching fields); the rest of the part is. Remove it from the template to silence this.",
        short(&d.part)
    );
    (details, message)
}
