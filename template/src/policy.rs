//! The carry policy: what of a customer's template may reach an output. One place decides it
//! for decks (masters, layouts, their themes and media) and documents (the theme, the last
//! section's headers and footers and what they reach); docs/guide/carry-policy.md states it
//! for users.
//!
//! An **allow-list**, not a deny-list: a relationship is followed only when its type is one a
//! template's look needs (`ALLOWED`: layouts, masters, themes, pictures, charts and diagrams
//! drawn on them, tags) *and* its target's content type is that type's (`content_type_fits`),
//! and never when it is external. Office keeps adding part kinds that run or fetch something
//! (macro projects and their signatures, ActiveX binaries, OLE packages, web extensions, linked
//! media); a deny-list is one new kind behind them, an allow-list misses at worst a new kind of
//! art, which then is dropped with a finding, not carried silently. What is dropped is named
//! ([`Dropped`], QC's low `template_content_dropped`); the template is never refused for it: a
//! corporate template with a linked logo or a forgotten control still dresses every deck, and
//! what remains draws (the carried XML loses only the dropped things and what points at them).
//!
//! The carried XML is rewritten at the event level ([`clean_part`], quick-xml, namespaces
//! resolved, not prefixes): every reference to a dropped relationship goes with the element
//! that holds it (a picture with its only image, an OLE object's whole `p:graphicFrame` or
//! `w:object`, a hyperlink's `a:hlinkClick`), and so do active content that needs no
//! relationship of its own (`p:controls`, `p:oleObj`, `w:object`, `w:control`, `o:OLEObject`),
//! macro and program actions (`ppaction://macro`...), VML's direct `href` / `src` links, and
//! fields that fetch or run (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, DDEAUTO, IMPORT, DATABASE,
//! MACROBUTTON and HYPERLINK to anything but a bookmark; simple and complex fields alike: the
//! field's code goes, its cached result stays as plain text and pictures). A part with nothing
//! to drop is carried byte for byte.

use specrender_opc::{PackageError, Rel};
use std::collections::{BTreeMap, BTreeSet};

pub use specrender_model::findings::{DropKind, Dropped};

/// `template inspect`'s text line for `d`.
pub fn dropped_line(d: &Dropped) -> String {
    match &d.target {
        Some(t) => format!("dropped: {} {} ({t})", d.part, d.kind.as_str()),
        None => format!("dropped: {} {}", d.part, d.kind.as_str()),
    }
}

/// Most characters of a target a finding shows.
pub const MAX_TARGET: usize = 120;

/// Most findings one template gives: past them, content is dropped the same way and the last
/// finding counts the rest (`kind` of the first left out, `target` "+N more").
pub const MAX_DROPPED: usize = 100;

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
fn scheme(t: &str) -> Option<&str> {
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

/// `dropped` deduplicated (same part, kind and target: once), in order of first appearance,
/// at most [`MAX_DROPPED`] (the last one then says how many more there were).
pub fn bounded(dropped: Vec<Dropped>) -> Vec<Dropped> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut more = 0usize;
    let mut first_left: Option<Dropped> = None;
    for d in dropped {
        if !seen.insert(d.clone()) {
            continue;
        }
        if out.len() < MAX_DROPPED - 1 {
            out.push(d);
        } else {
            more += 1;
            first_left.get_or_insert(d);
        }
    }
    if let Some(d) = first_left {
        if more == 1 {
            out.push(d);
        } else {
            out.push(Dropped {
                part: d.part,
                kind: d.kind,
                target: Some(format!("+{more} more")),
            });
        }
    }
    out
}

// ---- XML rewriting ---------------------------------------------------------------------

/// The namespaces the policy looks at (transitional and strict URIs alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ns {
    P,
    A,
    W,
    R,
    V,
    O,
    Mc,
    C,
    Pic,
    P14,
    Other,
}

fn ns_of(uri: &[u8]) -> Ns {
    match uri {
        b"http://schemas.openxmlformats.org/presentationml/2006/main"
        | b"http://purl.oclc.org/ooxml/presentationml/main" => Ns::P,
        b"http://schemas.openxmlformats.org/drawingml/2006/main"
        | b"http://purl.oclc.org/ooxml/drawingml/main" => Ns::A,
        b"http://schemas.openxmlformats.org/wordprocessingml/2006/main"
        | b"http://purl.oclc.org/ooxml/wordprocessingml/main" => Ns::W,
        b"http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        | b"http://purl.oclc.org/ooxml/officeDocument/relationships" => Ns::R,
        b"urn:schemas-microsoft-com:vml" => Ns::V,
        b"urn:schemas-microsoft-com:office:office" => Ns::O,
        b"http://schemas.openxmlformats.org/markup-compatibility/2006" => Ns::Mc,
        b"http://schemas.openxmlformats.org/drawingml/2006/chart"
        | b"http://purl.oclc.org/ooxml/drawingml/chart" => Ns::C,
        b"http://schemas.openxmlformats.org/drawingml/2006/picture"
        | b"http://purl.oclc.org/ooxml/drawingml/picture" => Ns::Pic,
        b"http://schemas.microsoft.com/office/powerpoint/2010/main" => Ns::P14,
        _ => Ns::Other,
    }
}

/// The elements the rules name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum El {
    PPic,
    PBg,
    PGraphicFrame,
    PControls,
    POleObj,
    WDrawing,
    WPict,
    WObject,
    WR,
    WInstrText,
    ABlipFill,
    McChoice,
    McFallback,
    McAlternate,
    Other,
}

fn el_of(ns: Ns, local: &[u8]) -> El {
    match (ns, local) {
        (Ns::P, b"pic") => El::PPic,
        (Ns::P, b"bg") => El::PBg,
        (Ns::P, b"graphicFrame") => El::PGraphicFrame,
        (Ns::P, b"controls") => El::PControls,
        (Ns::P, b"oleObj") => El::POleObj,
        (Ns::W, b"drawing") => El::WDrawing,
        (Ns::W, b"pict") => El::WPict,
        (Ns::W, b"object") => El::WObject,
        (Ns::W, b"r") => El::WR,
        (Ns::W, b"instrText") => El::WInstrText,
        (Ns::A, b"blipFill") => El::ABlipFill,
        (Ns::Mc, b"Choice") => El::McChoice,
        (Ns::Mc, b"Fallback") => El::McFallback,
        (Ns::Mc, b"AlternateContent") => El::McAlternate,
        _ => El::Other,
    }
}

/// Fields whose update fetches or runs something (the field's first word, upper-cased).
const FETCHING_FIELDS: &[&str] = &[
    "INCLUDEPICTURE",
    "INCLUDETEXT",
    "INCLUDE",
    "LINK",
    "DDE",
    "DDEAUTO",
    "IMPORT",
    "DATABASE",
    "MACROBUTTON",
    "HYPERLINK",
];

/// The name of a field that fetches or runs something, from its code (`None`: the field stays).
/// A HYPERLINK to a bookmark of the document (`\l`) stays.
pub fn fetching_field(instr: &str) -> Option<String> {
    let mut words = instr.split_whitespace();
    let name = words.next()?.to_ascii_uppercase();
    if !FETCHING_FIELDS.contains(&name.as_str()) {
        return None;
    }
    if name == "HYPERLINK" && words.next().is_some_and(|w| w.eq_ignore_ascii_case("\\l")) {
        return None;
    }
    Some(name)
}

/// DrawingML click / hover actions that run something.
fn running_action(action: &str) -> bool {
    let a = action.trim().to_ascii_lowercase();
    ["ppaction://macro", "ppaction://program", "ppaction://ole"]
        .iter()
        .any(|p| a.starts_with(p))
}

/// A complex field being read (`w:fldChar` begin .. separate .. end).
#[derive(Default)]
struct Field {
    /// The runs of its code: the begin run, the runs up to separate, the separate run.
    code_runs: Vec<usize>,
    instr: String,
    in_result: bool,
}

/// What pass one decided: elements to remove (by start event index), elements to unwrap
/// (their start and end events go, their content stays), attributes to strip.
#[derive(Default)]
struct Plan {
    remove: BTreeSet<usize>,
    unwrap: BTreeSet<usize>,
    unwrap_ends: BTreeSet<usize>,
    strip: BTreeMap<usize, Vec<Vec<u8>>>,
}

impl Plan {
    fn is_empty(&self) -> bool {
        self.remove.is_empty() && self.unwrap.is_empty() && self.strip.is_empty()
    }
}

fn reader(xml: &[u8]) -> quick_xml::NsReader<&[u8]> {
    let mut r = quick_xml::NsReader::from_reader(xml);
    r.config_mut().check_end_names = true;
    r
}

/// Part `part`'s XML with the policy applied: `dropped_ids` are the ids of its relationships
/// that are not carried (`silent`: those dropped without a finding). `None`: nothing to drop
/// (the part is carried as it is). What was dropped that its relationships' findings do not
/// already name (fields, actions, active content without a relationship) goes to `out`.
pub fn clean_part(
    part: &str,
    xml: &[u8],
    dropped_ids: &BTreeSet<String>,
    out: &mut Vec<Dropped>,
) -> Result<Option<Vec<u8>>, PackageError> {
    let plan = plan(part, xml, dropped_ids, out)?;
    if plan.is_empty() {
        return Ok(None);
    }
    write(part, xml, &plan).map(Some)
}

fn xml_error(part: &str, e: impl std::fmt::Display) -> PackageError {
    PackageError::Xml {
        part: part.to_string(),
        message: e.to_string(),
    }
}

/// An element's attribute, resolved: raw key, namespace, local name, value.
type Attr = (Vec<u8>, Ns, Vec<u8>, String);

/// Pass one's state: the plan so far, the open elements (start event index and kind) and
/// the complex fields being read; what goes that no relationship's finding names is noted
/// in `out`.
struct Planner<'a> {
    part: &'a str,
    dropped_ids: &'a BTreeSet<String>,
    out: &'a mut Vec<Dropped>,
    plan: Plan,
    stack: Vec<(usize, El)>,
    fields: Vec<Field>,
}

/// Pass one: reads every event, decides [`Plan`].
fn plan(
    part: &str,
    xml: &[u8],
    dropped_ids: &BTreeSet<String>,
    out: &mut Vec<Dropped>,
) -> Result<Plan, PackageError> {
    use quick_xml::events::Event;
    let mut r = reader(xml);
    let mut buf = Vec::new();
    let mut p = Planner {
        part,
        dropped_ids,
        out,
        plan: Plan::default(),
        stack: Vec::new(),
        fields: Vec::new(),
    };
    let mut i = 0usize;
    loop {
        let (res, ev) = r
            .read_resolved_event_into(&mut buf)
            .map_err(|e| xml_error(part, e))?;
        let ns = resolved_ns(res);
        match &ev {
            Event::Start(e) | Event::Empty(e) => {
                let attrs = attrs_of(&r, e);
                let local = e.local_name().into_inner().as_bytes().to_vec();
                p.start(i, ns, &local, &attrs, matches!(ev, Event::Empty(_)));
            }
            Event::End(_) => p.end(i),
            Event::Text(t) => {
                if let Some(f) = p.instr_field() {
                    if f.instr.len() < 4096 {
                        f.instr.push_str(&t.xml10_content());
                    }
                }
            }
            Event::GeneralRef(_) => {
                if let Some(f) = p.instr_field() {
                    f.instr.push(' ');
                }
            }
            Event::DocType(_) => {
                return Err(xml_error(
                    part,
                    "a DOCTYPE (DTD) is not allowed in a package part",
                ))
            }
            Event::Eof => break,
            _ => {}
        }
        i += 1;
        buf.clear();
    }
    Ok(p.finish())
}

/// The namespace an element or attribute name resolved to.
fn resolved_ns(res: quick_xml::name::ResolveResult<'_>) -> Ns {
    match res {
        quick_xml::name::ResolveResult::Bound(n) => ns_of(n.into_inner().as_bytes()),
        _ => Ns::Other,
    }
}

/// The element's attributes, resolved against the reader's namespace scope.
fn attrs_of(r: &quick_xml::NsReader<&[u8]>, e: &quick_xml::events::BytesStart<'_>) -> Vec<Attr> {
    let mut attrs = Vec::new();
    for a in e.attributes().with_checks(false).flatten() {
        let (ares, alocal) = r.resolver().resolve_attribute(a.key);
        let value = a
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map(|v| v.into_owned())
            .unwrap_or_default();
        attrs.push((
            a.key.into_inner().as_bytes().to_vec(),
            resolved_ns(ares),
            alocal.into_inner().as_bytes().to_vec(),
            value,
        ));
    }
    attrs
}

/// The value of the attribute in `ns` named `local` ("" when absent).
fn attr_value<'v>(attrs: &'v [Attr], ns: Ns, local: &[u8]) -> &'v str {
    attrs
        .iter()
        .find(|(_, ans, al, _)| *ans == ns && al == local)
        .map(|(.., v)| v.as_str())
        .unwrap_or("")
}

impl Planner<'_> {
    /// Notes something dropped from the part.
    fn note(&mut self, kind: DropKind, target: Option<String>) {
        self.out.push(Dropped {
            part: safe_text(self.part),
            kind,
            target,
        })
    }

    /// Removes the element at stack position `at` (or the alternate content around it).
    fn remove(&mut self, at: usize) {
        self.plan.remove.insert(lift(&self.stack, at));
    }

    /// The innermost complex field whose code is being read, inside its `w:instrText`.
    fn instr_field(&mut self) -> Option<&mut Field> {
        if !self
            .stack
            .last()
            .is_some_and(|(_, el)| *el == El::WInstrText)
        {
            return None;
        }
        self.fields.last_mut().filter(|f| !f.in_result)
    }

    /// A start (or empty) element, event `i`.
    fn start(&mut self, i: usize, ns: Ns, local: &[u8], attrs: &[Attr], empty: bool) {
        let el = el_of(ns, local);
        self.stack.push((i, el));
        self.element(i, ns, local, el, attrs, empty);
        // VML's own links: `href` / `src` / `o:href` attributes holding an address.
        if matches!(ns, Ns::V | Ns::O) {
            self.vml_links(i, attrs);
        }
        // A run inside a complex field's code belongs to the code.
        if el == El::WR {
            for f in self.fields.iter_mut().filter(|f| !f.in_result) {
                f.code_runs.push(i);
            }
        }
        if empty {
            self.stack.pop();
        }
    }

    /// The rules of one element: active content, fields, actions, and references to
    /// dropped relationships (each goes with the element that holds it).
    fn element(&mut self, i: usize, ns: Ns, local: &[u8], el: El, attrs: &[Attr], empty: bool) {
        let refs: Vec<&Vec<u8>> = attrs
            .iter()
            .filter(|(_, ans, al, v)| {
                (*ans == Ns::R || (*ans == Ns::O && al == b"relid"))
                    && self.dropped_ids.contains(v.trim())
            })
            .map(|(k, ..)| k)
            .collect();
        let has_refs = !refs.is_empty();
        let top = self.stack.len() - 1;
        let nearest_or_top = |els: &[El]| nearest(&self.stack, els).unwrap_or(top);
        match (ns, local, el) {
            (_, _, El::PControls) => {
                self.remove(top);
                self.note(DropKind::ActiveX, Some("p:controls".into()));
            }
            (_, _, El::POleObj) => {
                self.remove(nearest_or_top(&[El::PGraphicFrame]));
                self.note(DropKind::OleObject, Some("p:oleObj".into()));
            }
            (_, _, El::WObject) => {
                self.remove(top);
                self.note(DropKind::OleObject, Some("w:object".into()));
            }
            (Ns::W, b"control", _) => {
                self.remove(nearest_or_top(&[El::WObject]));
                self.note(DropKind::ActiveX, Some("w:control".into()));
            }
            (Ns::O, b"OLEObject", _) => {
                self.remove(nearest_or_top(&[El::WObject, El::WPict]));
                self.note(DropKind::OleObject, Some("o:OLEObject".into()));
            }
            (Ns::W, b"fldSimple", _) => self.fld_simple(i, top, attrs, empty),
            (Ns::W, b"fldChar", _) => self.fld_char(attrs),
            (Ns::A, b"hlinkClick" | b"hlinkHover" | b"hlinkMouseOver", _) => {
                let action = attr_value(attrs, Ns::Other, b"action");
                if has_refs {
                    self.remove(top);
                } else if running_action(action) {
                    self.remove(top);
                    let scheme = action.split('?').next().unwrap_or("");
                    self.note(DropKind::ScriptLink, Some(safe_text(scheme)));
                }
            }
            (Ns::A, b"blip", _) if has_refs => self.blip(i, top, attrs, &refs),
            (Ns::W, b"hyperlink", _) if has_refs => {
                let keys = refs.iter().map(|k| k.to_vec()).collect();
                self.plan.strip.insert(i, keys);
            }
            (Ns::A, b"videoFile" | b"audioFile" | b"quickTimeFile" | b"wavAudioFile", _)
            | (Ns::P14, b"media", _)
                if has_refs =>
            {
                self.remove(nearest_or_top(&[El::PPic]));
            }
            (Ns::C, b"chart", _) | (_, b"relIds", _) if has_refs => {
                self.remove(nearest_or_top(&[El::PGraphicFrame, El::WDrawing]));
            }
            (Ns::V | Ns::O, _, _) if has_refs => {
                self.remove(nearest_or_top(&[El::WPict, El::WObject]));
            }
            _ if has_refs => self.remove(top),
            _ => {}
        }
    }

    /// A `w:fldSimple` that fetches: removed when empty or declaring namespaces, else
    /// unwrapped (its result stays).
    fn fld_simple(&mut self, i: usize, top: usize, attrs: &[Attr], empty: bool) {
        let Some(name) = fetching_field(attr_value(attrs, Ns::W, b"instr")) else {
            return;
        };
        let declares = attrs.iter().any(|(k, ..)| k.starts_with(b"xmlns"));
        if empty || declares {
            self.remove(top);
        } else {
            self.plan.unwrap.insert(i);
        }
        self.note(DropKind::FetchingField, Some(name));
    }

    /// A `w:fldChar`: a complex field begins, reaches its result, or ends (its code runs
    /// removed when it fetches).
    fn fld_char(&mut self, attrs: &[Attr]) {
        let ty = attr_value(attrs, Ns::W, b"fldCharType").trim();
        let run = nearest(&self.stack, &[El::WR]).map(|p| self.stack[p].0);
        match ty {
            "begin" => {
                let mut f = Field::default();
                f.code_runs.extend(run);
                self.fields.push(f);
            }
            "separate" => {
                if let Some(f) = self.fields.last_mut() {
                    f.code_runs.extend(run);
                    f.in_result = true;
                }
            }
            "end" => {
                if let Some(mut f) = self.fields.pop() {
                    if let Some(name) = fetching_field(&f.instr) {
                        f.code_runs.extend(run);
                        self.plan.remove.extend(f.code_runs);
                        self.note(DropKind::FetchingField, Some(name));
                    }
                }
            }
            _ => {}
        }
    }

    /// An `a:blip` referring to a dropped relationship: the references stripped when it
    /// keeps another, else the picture (or fill) holding it removed.
    fn blip(&mut self, i: usize, top: usize, attrs: &[Attr], refs: &[&Vec<u8>]) {
        let left = attrs.iter().any(|(k, ans, al, v)| {
            (*ans == Ns::R || (*ans == Ns::O && al == b"relid"))
                && !refs.contains(&k)
                && !v.trim().is_empty()
        });
        if left {
            let keys = refs.iter().map(|k| k.to_vec()).collect();
            self.plan.strip.insert(i, keys);
        } else {
            let at = nearest(
                &self.stack,
                &[El::PPic, El::PBg, El::WDrawing, El::WPict, El::WObject],
            )
            .or_else(|| nearest(&self.stack, &[El::ABlipFill]))
            .unwrap_or(top);
            self.remove(at);
        }
    }

    /// A VML element's `href` / `src` / `althref` addresses: stripped, each noted.
    fn vml_links(&mut self, i: usize, attrs: &[Attr]) {
        let links: Vec<(&Vec<u8>, &String)> = attrs
            .iter()
            .filter(|(_, ans, al, v)| {
                matches!(ans, Ns::Other | Ns::O)
                    && matches!(al.as_slice(), b"href" | b"src" | b"althref")
                    && !v.trim().is_empty()
                    && !v.trim().starts_with('#')
            })
            .map(|(k, .., v)| (k, v))
            .collect();
        if links.is_empty() {
            return;
        }
        for (k, v) in links {
            self.plan.strip.entry(i).or_default().push(k.clone());
            let kind = link_kind(v);
            let target = match kind {
                DropKind::ExternalLink => Some(safe_text(v.trim())),
                DropKind::FileLink => Some("file:".into()),
                _ => scheme(&v.trim().to_ascii_lowercase()).map(|s| format!("{s}:")),
            };
            self.note(kind, target);
        }
    }

    /// An end element, event `i`: the end of an unwrapped element goes with its start.
    fn end(&mut self, i: usize) {
        if let Some((start, _)) = self.stack.pop() {
            if self.plan.unwrap.contains(&start) {
                self.plan.unwrap_ends.insert(i);
            }
        }
    }

    /// The plan, once a field left open at the end of the part has its code runs removed
    /// when it fetches.
    fn finish(mut self) -> Plan {
        for f in std::mem::take(&mut self.fields) {
            if let Some(name) = fetching_field(&f.instr) {
                self.plan.remove.extend(f.code_runs);
                self.note(DropKind::FetchingField, Some(name));
            }
        }
        self.plan
    }
}

/// The stack position of the nearest element of one of `els` (the top included).
fn nearest(stack: &[(usize, El)], els: &[El]) -> Option<usize> {
    stack.iter().rposition(|(_, e)| els.contains(e))
}

/// The start index of what removing the element at stack position `at` removes: the element,
/// or the `mc:AlternateContent` around it when it is a choice's or fallback's child (so no
/// empty alternative is left).
fn lift(stack: &[(usize, El)], mut at: usize) -> usize {
    while at >= 2
        && matches!(stack[at - 1].1, El::McChoice | El::McFallback)
        && stack[at - 2].1 == El::McAlternate
    {
        at -= 2;
    }
    stack[at].0
}

/// Pass two: the events again, written without what [`Plan`] removes.
fn write(part: &str, xml: &[u8], plan: &Plan) -> Result<Vec<u8>, PackageError> {
    use quick_xml::events::{BytesStart, Event};
    let mut r = reader(xml);
    let mut w = quick_xml::Writer::new(Vec::with_capacity(xml.len()));
    let mut buf = Vec::new();
    let mut skip = 0usize;
    let mut i = 0usize;
    loop {
        let ev = r
            .read_event_into(&mut buf)
            .map_err(|e| xml_error(part, e))?;
        if matches!(ev, Event::Eof) {
            break;
        }
        let at = i;
        i += 1;
        if skip > 0 {
            match ev {
                Event::Start(_) => skip += 1,
                Event::End(_) => skip -= 1,
                _ => {}
            }
            continue;
        }
        if plan.remove.contains(&at) {
            if matches!(ev, Event::Start(_)) {
                skip = 1;
            }
            continue;
        }
        if plan.unwrap.contains(&at) || plan.unwrap_ends.contains(&at) {
            continue;
        }
        let ev = match (ev, plan.strip.get(&at)) {
            (Event::Start(e), Some(keys)) => Event::Start(stripped(&e, keys)),
            (Event::Empty(e), Some(keys)) => Event::Empty(stripped(&e, keys)),
            (ev, _) => ev,
        };
        w.write_event(ev).map_err(|e| xml_error(part, e))?;
        buf.clear();
    }
    fn stripped(e: &BytesStart<'_>, keys: &[Vec<u8>]) -> BytesStart<'static> {
        let name = e.name().into_inner().to_string();
        let mut s = BytesStart::new(name);
        for a in e.attributes().with_checks(false).flatten() {
            if keys
                .iter()
                .any(|k| k.as_slice() == a.key.into_inner().as_bytes())
            {
                continue;
            }
            let mut value = a.value.into_owned();
            if value.contains('"') {
                value = value.replace('"', "&quot;");
            }
            s.push_attribute(quick_xml::events::attributes::Attribute {
                key: a.key,
                value: value.into(),
            });
        }
        s.into_owned()
    }
    Ok(w.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = r#"xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006""#;
    const W: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office""#;

    fn rel(ty: &str, target: &str, external: bool) -> Rel {
        Rel {
            id: "rId1".into(),
            ty: format!("http://schemas.openxmlformats.org/officeDocument/2006/relationships/{ty}"),
            target: target.into(),
            written: target.into(),
            external,
        }
    }

    fn clean(xml: &str, ids: &[&str]) -> (String, Vec<Dropped>) {
        let ids: BTreeSet<String> = ids.iter().map(|s| s.to_string()).collect();
        let mut out = Vec::new();
        let got = clean_part("ppt/x.xml", xml.as_bytes(), &ids, &mut out)
            .unwrap()
            .map(|b| String::from_utf8(b).unwrap())
            .unwrap_or_else(|| xml.to_string());
        (got, out)
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

    #[test]
    fn a_linked_picture_goes_with_its_picture_and_an_embedded_copy_stays() {
        let xml = format!(
            r#"<p:sldMaster {P}><p:cSld><p:spTree><p:pic><p:blipFill><a:blip r:link="rId5"/></p:blipFill></p:pic><p:pic><p:blipFill><a:blip r:embed="rId2" r:link="rId5"/></p:blipFill></p:pic></p:spTree></p:cSld></p:sldMaster>"#
        );
        let (got, notes) = clean(&xml, &["rId5"]);
        assert_eq!(
            got,
            format!(
                r#"<p:sldMaster {P}><p:cSld><p:spTree><p:pic><p:blipFill><a:blip r:embed="rId2"/></p:blipFill></p:pic></p:spTree></p:cSld></p:sldMaster>"#
            )
        );
        assert!(notes.is_empty(), "the relationship's finding names it");
    }

    #[test]
    fn ole_objects_controls_and_actions_go_whole() {
        let xml = format!(
            r#"<p:sldLayout {P}><p:cSld><p:spTree><p:graphicFrame><a:graphic><a:graphicData uri="x"><mc:AlternateContent><mc:Choice Requires="v"><p:oleObj spid="s"/></mc:Choice><mc:Fallback><p:oleObj r:id="rId3"><p:embed/></p:oleObj></mc:Fallback></mc:AlternateContent></a:graphicData></a:graphic></p:graphicFrame><p:sp><p:nvSpPr><p:cNvPr id="2" name="b"><a:hlinkClick r:id="" action="ppaction://macro?name=Evil"/></p:cNvPr></p:nvSpPr></p:sp><p:sp><p:nvSpPr><p:cNvPr id="3" name="n"><a:hlinkClick r:id="" action="ppaction://hlinkshowjump?jump=nextslide"/></p:cNvPr></p:nvSpPr></p:sp></p:spTree><mc:AlternateContent><mc:Choice Requires="x"><p:controls><p:control r:id="rId4"/></p:controls></mc:Choice></mc:AlternateContent></p:cSld></p:sldLayout>"#
        );
        let (got, notes) = clean(&xml, &["rId3", "rId4"]);
        assert_eq!(
            got,
            format!(
                r#"<p:sldLayout {P}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="b"></p:cNvPr></p:nvSpPr></p:sp><p:sp><p:nvSpPr><p:cNvPr id="3" name="n"><a:hlinkClick r:id="" action="ppaction://hlinkshowjump?jump=nextslide"/></p:cNvPr></p:nvSpPr></p:sp></p:spTree></p:cSld></p:sldLayout>"#
            )
        );
        let kinds: Vec<DropKind> = notes.iter().map(|d| d.kind).collect();
        assert_eq!(
            kinds,
            [
                DropKind::OleObject,
                DropKind::OleObject,
                DropKind::ScriptLink,
                DropKind::ActiveX
            ]
        );
        assert_eq!(notes[2].target.as_deref(), Some("ppaction://macro"));
    }

    #[test]
    fn fetching_fields_lose_their_code_and_keep_their_result() {
        let xml = format!(
            r#"<w:hdr {W}><w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDEPICTURE "http://t.example/p.png" \d </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:fldSimple w:instr=" DDEAUTO excel x "><w:r><w:t>dde</w:t></w:r></w:fldSimple><w:hyperlink r:id="rId9"><w:r><w:t>web</w:t></w:r></w:hyperlink></w:p><w:p><w:r><w:pict><v:shape href="javascript:x()"><v:imagedata r:id="rId2" o:href="file:///C:/a.png"/></v:shape></w:pict></w:r><w:r><w:object><v:shape/><o:OLEObject r:id="rId7"/></w:object></w:r></w:p></w:hdr>"#
        );
        let (got, notes) = clean(&xml, &["rId7", "rId9"]);
        assert_eq!(
            got,
            format!(
                r#"<w:hdr {W}><w:p><w:r><w:t>cached</w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t>dde</w:t></w:r><w:hyperlink><w:r><w:t>web</w:t></w:r></w:hyperlink></w:p><w:p><w:r><w:pict><v:shape><v:imagedata r:id="rId2"/></v:shape></w:pict></w:r><w:r></w:r></w:p></w:hdr>"#
            )
        );
        let got: Vec<(DropKind, Option<&str>)> = notes
            .iter()
            .map(|d| (d.kind, d.target.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                (DropKind::FetchingField, Some("INCLUDEPICTURE")),
                (DropKind::FetchingField, Some("DDEAUTO")),
                (DropKind::ScriptLink, Some("javascript:")),
                (DropKind::FileLink, Some("file:")),
                (DropKind::OleObject, Some("w:object")),
                (DropKind::OleObject, Some("o:OLEObject")),
            ]
        );
    }

    #[test]
    fn a_part_with_nothing_to_drop_is_kept_as_it_is() {
        let xml = format!(
            r#"<p:sldMaster {P}><p:cSld><p:spTree><p:pic><p:blipFill><a:blip r:embed="rId2"/></p:blipFill></p:pic></p:spTree></p:cSld></p:sldMaster>"#
        );
        let mut out = Vec::new();
        let none = clean_part("m", xml.as_bytes(), &BTreeSet::new(), &mut out).unwrap();
        assert!(none.is_none() && out.is_empty());
    }

    #[test]
    fn a_prefix_is_no_disguise() {
        let xml = r#"<x:sldMaster xmlns:x="http://schemas.openxmlformats.org/presentationml/2006/main"><x:cSld><x:controls><x:control/></x:controls></x:cSld></x:sldMaster>"#;
        let (got, notes) = clean(xml, &[]);
        assert_eq!(
            got,
            r#"<x:sldMaster xmlns:x="http://schemas.openxmlformats.org/presentationml/2006/main"><x:cSld></x:cSld></x:sldMaster>"#
        );
        assert_eq!(notes[0].kind, DropKind::ActiveX);
    }

    #[test]
    fn findings_are_deduplicated_and_bounded() {
        let d = |n: usize| Dropped {
            part: "p".into(),
            kind: DropKind::ExternalLink,
            target: Some(format!("http://x/{n}")),
        };
        let many: Vec<Dropped> = (0..300).map(d).chain([d(0), d(1)]).collect();
        let b = bounded(many);
        assert_eq!(b.len(), MAX_DROPPED);
        assert_eq!(b[MAX_DROPPED - 1].target.as_deref(), Some("+201 more"));
        assert_eq!(bounded(vec![d(1), d(1)]), vec![d(1)]);
    }
}
