//! Pass one of cleaning a part: every event read once, each element judged by the rules
//! (active content, fields that fetch or run, actions that run, references to dropped
//! relationships), and what goes decided as a [`Plan`]; what goes that no relationship's
//! finding names is noted.

use super::judge::{link_kind, safe_text, scheme};
use super::xml::{attr_value, attrs_of, el_of, reader, resolved_ns, xml_error, Attr, El, Ns};
use specrender_model::findings::{DropKind, Dropped};
use specrender_opc::PackageError;
use std::collections::{BTreeMap, BTreeSet};

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
pub(super) struct Plan {
    pub(super) remove: BTreeSet<usize>,
    pub(super) unwrap: BTreeSet<usize>,
    pub(super) unwrap_ends: BTreeSet<usize>,
    pub(super) strip: BTreeMap<usize, Vec<Vec<u8>>>,
}

impl Plan {
    pub(super) fn is_empty(&self) -> bool {
        self.remove.is_empty() && self.unwrap.is_empty() && self.strip.is_empty()
    }
}

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
pub(super) fn plan(
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
