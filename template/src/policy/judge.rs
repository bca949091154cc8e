//! A relationship of a carried part judged: carried when its type is on the allow-list and
//! its target's content type is that type's, dropped (with a finding or silently) otherwise;
//! what a finding shows of a dropped target.

use specrender_model::findings::DropKind;
use specrender_opc::Rel;

/// Relationship types (the type URI's last segment; transitional, strict and Microsoft
/// namespaces alike) a template's look may carry, with the content types their targets may
/// have. Everything else is dropped.
const ALLOWED: &[(&str, &[&str])] = &[
    (
        "slideLayout",
        &["application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"],
    ),
    (
        "slideMaster",
        &["application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"],
    ),
    (
        "theme",
        &["application/vnd.openxmlformats-officedocument.theme+xml"],
    ),
    (
        "themeOverride",
        &["application/vnd.openxmlformats-officedocument.themeOverride+xml"],
    ),
    ("image", &["image/"]),
    ("hdphoto", &["image/vnd.ms-photo"]),
    (
        "tags",
        &["application/vnd.openxmlformats-officedocument.presentationml.tags+xml"],
    ),
    (
        "chart",
        &["application/vnd.openxmlformats-officedocument.drawingml.chart+xml"],
    ),
    (
        "chartUserShapes",
        &["application/vnd.openxmlformats-officedocument.drawingml.chartshapes+xml"],
    ),
    ("chartStyle", &["application/vnd.ms-office.chartstyle+xml"]),
    (
        "chartColorStyle",
        &["application/vnd.ms-office.chartcolorstyle+xml"],
    ),
    (
        "diagramData",
        &["application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml"],
    ),
    (
        "diagramLayout",
        &["application/vnd.openxmlformats-officedocument.drawingml.diagramLayout+xml"],
    ),
    (
        "diagramQuickStyle",
        &["application/vnd.openxmlformats-officedocument.drawingml.diagramStyle+xml"],
    ),
    (
        "diagramColors",
        &["application/vnd.openxmlformats-officedocument.drawingml.diagramColors+xml"],
    ),
    (
        "diagramDrawing",
        &["application/vnd.ms-office.drawingml.diagramDrawing+xml"],
    ),
];

/// Relationship types dropped without a finding: the template's example slides, their notes,
/// its notes and handout masters and comments (the deck's own replace them).
const SILENT: &[&str] = &[
    "slide",
    "notesSlide",
    "notesMaster",
    "handoutMaster",
    "comments",
    "commentAuthors",
];

/// Relationship types that are macro projects (and their data, signatures, key maps, toolbars).
const MACRO: &[&str] = &[
    "vbaProject",
    "vbaData",
    "wordVbaData",
    "vbaProjectSignature",
    "vbaProjectSignatureAgile",
    "vbaProjectSignatureV3",
    "keyMapCustomizations",
    "attachedToolbars",
];

const ACTIVEX: &[&str] = &["control", "activeXControl", "activeXControlBinary"];

const OLE: &[&str] = &["oleObject", "package"];

/// What the policy does with a relationship of a carried part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Followed and kept.
    Carry,
    /// Dropped with no finding (example slides, notes, comments).
    Silent,
    /// Dropped with a finding.
    Drop(DropKind),
}

/// The verdict on relationship `r`; `content_type` is its target's (internal targets).
pub fn judge(r: &Rel, content_type: Option<&str>) -> Verdict {
    let ty = r.ty.rsplit('/').next().unwrap_or("");
    let any = |list: &[&str]| list.iter().any(|t| t.eq_ignore_ascii_case(ty));
    if any(MACRO) {
        return Verdict::Drop(DropKind::MacroProject);
    }
    if any(ACTIVEX) {
        return Verdict::Drop(DropKind::ActiveX);
    }
    if any(OLE) {
        return Verdict::Drop(DropKind::OleObject);
    }
    if r.external {
        return Verdict::Drop(link_kind(&r.target));
    }
    if any(SILENT) {
        return Verdict::Silent;
    }
    let Some((_, types)) = ALLOWED.iter().find(|(t, _)| t.eq_ignore_ascii_case(ty)) else {
        return Verdict::Drop(DropKind::UnlistedPart);
    };
    let ct = content_type.unwrap_or("").trim().to_ascii_lowercase();
    if ct.starts_with("image/svg") {
        return Verdict::Drop(DropKind::SvgImage);
    }
    if content_type_fits(&ct, types) {
        Verdict::Carry
    } else {
        Verdict::Drop(DropKind::WrongContentType)
    }
}

/// Does content type `ct` (lower-cased) fit one of `types` (a type ending in `/` fits every
/// subtype: `image/`)?
fn content_type_fits(ct: &str, types: &[&str]) -> bool {
    let ct = ct.split(';').next().unwrap_or("").trim();
    types.iter().any(|t| {
        let t = t.to_ascii_lowercase();
        if t.ends_with('/') {
            ct.starts_with(&t) && ct.len() > t.len()
        } else {
            ct == t
        }
    })
}

/// What an external target is: a web or mail address, a file, or a script.
pub fn link_kind(target: &str) -> DropKind {
    let t = target.trim().to_ascii_lowercase();
    let web = [
        "http://", "https://", "mailto:", "ftp://", "ftps://", "news:",
    ];
    if web.iter().any(|w| t.starts_with(w)) {
        return DropKind::ExternalLink;
    }
    match scheme(&t) {
        Some("file") | None => DropKind::FileLink,
        Some(_) => DropKind::ScriptLink,
    }
}

/// A URL's scheme (`javascript`), when the target starts with one (a Windows drive letter
/// `C:` is a path, not a scheme).
pub(super) fn scheme(t: &str) -> Option<&str> {
    let (s, _) = t.split_once(':')?;
    let ok = s.len() > 1
        && s.starts_with(|c: char| c.is_ascii_alphabetic())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    ok.then_some(s)
}

/// The target a finding shows for a dropped relationship: the part name for an internal one,
/// the address for a web or mail link, only the scheme (`javascript:`) for a script, `file:`
/// for a file link (never its path).
pub fn shown_target(r: &Rel, kind: DropKind) -> Option<String> {
    if !r.external {
        return Some(safe_text(&r.target));
    }
    match kind {
        DropKind::ExternalLink => Some(safe_text(r.target.trim())),
        DropKind::FileLink => Some("file:".into()),
        _ => scheme(&r.target.trim().to_ascii_lowercase()).map(|s| format!("{s}:")),
    }
}

/// Most characters of a target a finding shows.
pub const MAX_TARGET: usize = 120;

/// `s` without control characters, at most `MAX_TARGET` characters (cut with `…`).
pub fn safe_text(s: &str) -> String {
    let clean: String = s.chars().filter(|c| !c.is_control()).collect();
    if clean.chars().count() <= MAX_TARGET {
        return clean;
    }
    let mut cut: String = clean.chars().take(MAX_TARGET - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(ty: &str, target: &str, external: bool) -> Rel {
        Rel {
            id: "rId1".into(),
            ty: format!("http://schemas.openxmlformats.org/officeDocument/2006/relationships/{ty}"),
            target: target.into(),
            written: target.into(),
            external,
        }
    }

    #[test]
    fn relationships_are_judged_by_an_allow_list_and_content_types() {
        let png = Some("image/png");
        assert_eq!(
            judge(&rel("image", "ppt/media/a.png", false), png),
            Verdict::Carry
        );
        assert_eq!(
            judge(
                &rel("image", "ppt/media/a.bin", false),
                Some("application/vnd.ms-office.vbaProject")
            ),
            Verdict::Drop(DropKind::WrongContentType)
        );
        assert_eq!(
            judge(
                &rel("image", "ppt/media/a.svg", false),
                Some("image/svg+xml")
            ),
            Verdict::Drop(DropKind::SvgImage)
        );
        let vba = Rel {
            ty: "http://schemas.microsoft.com/office/2006/relationships/vbaProject".into(),
            ..rel("", "ppt/vbaProject.bin", false)
        };
        assert_eq!(judge(&vba, None), Verdict::Drop(DropKind::MacroProject));
        assert_eq!(
            judge(&rel("control", "x", false), None),
            Verdict::Drop(DropKind::ActiveX)
        );
        assert_eq!(
            judge(&rel("oleObject", "x", false), None),
            Verdict::Drop(DropKind::OleObject)
        );
        assert_eq!(
            judge(&rel("oleObject", "C:\\a.exe", true), None),
            Verdict::Drop(DropKind::OleObject)
        );
        assert_eq!(
            judge(&rel("image", "http://t.example/p.png", true), None),
            Verdict::Drop(DropKind::ExternalLink)
        );
        assert_eq!(
            judge(&rel("image", "file://host/share/p.png", true), None),
            Verdict::Drop(DropKind::FileLink)
        );
        assert_eq!(
            judge(&rel("image", "\\\\host\\share\\p.png", true), None),
            Verdict::Drop(DropKind::FileLink)
        );
        assert_eq!(
            judge(&rel("hyperlink", "JavaScript:alert(1)", true), None),
            Verdict::Drop(DropKind::ScriptLink)
        );
        assert_eq!(
            judge(&rel("slide", "ppt/slides/slide1.xml", false), None),
            Verdict::Silent
        );
        assert_eq!(
            judge(&rel("audio", "ppt/media/a.wav", false), Some("audio/wav")),
            Verdict::Drop(DropKind::UnlistedPart)
        );
        // Targets shown: never a script's text or a path.
        let js = rel("hyperlink", "javascript:alert(document.cookie)", true);
        assert_eq!(
            shown_target(&js, DropKind::ScriptLink).as_deref(),
            Some("javascript:")
        );
        let unc = rel("image", "\\\\attacker\\share\\p.png", true);
        assert_eq!(
            shown_target(&unc, DropKind::FileLink).as_deref(),
            Some("file:")
        );
    }
}
