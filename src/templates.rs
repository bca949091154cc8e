//! Templates, checked, parsed and kept once for every front end: [`TemplateStore`] (a
//! templates folder, ids resolved), [`TemplateCache`] (templates given by file or bytes),
//! [`read_template_file`] and [`template_fits`] (the kind check).

#[allow(unused_imports)]
use crate::*;

/// Templates by `theme.template_ref.template_id`: `DIR/<id>.pptx` or `DIR/<id>.potx` (a
/// document's: `.docx` / `.dotx`), each parsed once per content (keyed by its SHA-256) and
/// shared by every job and thread (`--templates DIR`, `serve --templates DIR`). Ids are plain
/// file names: one with a path separator, a leading dot or `..` names nothing, so a deck
/// cannot reach outside the folder; the file is opened as assets are
/// ([`spec::AssetRoot`]: confined to the folder, a symbolic link out of it refused, anything
/// but a regular file refused without blocking). A template that is not usable is the
/// input's fault (exit 2, `bad_template` at `/theme/template_ref/template_id`, the part
/// named); no message names the folder's own path.
///
/// Parsed templates are kept for later jobs in an LRU cache bounded by entries
/// ([`TEMPLATE_CACHE_ENTRIES`]) and by their estimated bytes ([`TEMPLATE_CACHE_BYTES`],
/// [`template_bytes`]); a template larger than the byte bound alone is used and not kept.
#[derive(Debug)]
pub struct TemplateStore {
    dir: PathBuf,
    decks: TemplateCache,
    docs: TemplateCache,
}

/// Parsed templates a [`TemplateStore`] keeps, of each kind.
pub const TEMPLATE_CACHE_ENTRIES: usize = 16;
/// Estimated bytes of the parsed templates a [`TemplateStore`] keeps, of each kind: 128 MiB.
pub const TEMPLATE_CACHE_BYTES: u64 = 128 << 20;

/// A least-recently-used cache of a few entries: a `Vec`, most recently used last, searched
/// from the end. Hand-written rather than a crate (`lru`): it holds at most
/// [`TEMPLATE_CACHE_ENTRIES`] entries, so a linear search costs nanoseconds against the
/// SHA-256 of the file that finds the key, and it needs a byte bound beside the count, which
/// the `lru` crate does not keep.
#[derive(Debug)]
struct Lru<T> {
    /// (content key, value, estimated bytes)
    entries: Vec<([u8; 32], Arc<T>, u64)>,
    bytes: u64,
}

impl<T> Default for Lru<T> {
    fn default() -> Self {
        Lru {
            entries: Vec::new(),
            bytes: 0,
        }
    }
}

impl<T> Lru<T> {
    /// The value under `key`, made the most recently used.
    fn get(&mut self, key: &[u8; 32]) -> Option<Arc<T>> {
        let i = self.entries.iter().rposition(|(k, _, _)| k == key)?;
        let e = self.entries.remove(i);
        let v = e.1.clone();
        self.entries.push(e);
        Some(v)
    }

    /// Keeps `v` (of `size` estimated bytes) as the most recently used, dropping the least
    /// recently used until both bounds hold; a value over `max_bytes` alone is not kept.
    fn put(&mut self, key: [u8; 32], v: Arc<T>, size: u64, max_entries: usize, max_bytes: u64) {
        if let Some(i) = self.entries.iter().position(|(k, _, _)| *k == key) {
            let (_, _, s) = self.entries.remove(i);
            self.bytes -= s;
        }
        if size > max_bytes || max_entries == 0 {
            return;
        }
        while self.entries.len() >= max_entries || self.bytes + size > max_bytes {
            let (_, _, s) = self.entries.remove(0);
            self.bytes -= s;
        }
        self.bytes += size;
        self.entries.push((key, v, size));
    }
}

/// What a parsed template holds, estimated in bytes for [`TemplateStore`]'s bound: the package
/// file it keeps (its masters and layouts are written from it), the parts a deck carries from
/// it, inflated, and its model at
/// twice the length of its JSON (strings and vectors hold about as many bytes as their JSON
/// text, plus their headers and spare capacity). Measured against `serve`'s resident memory in
/// `tests/template_bounds.rs`.
pub fn template_bytes(t: &template::Template) -> u64 {
    let carried: u64 = t
        .carried()
        .iter()
        .map(|p| (p.bytes.len() + p.rels.as_ref().map_or(0, |r| r.1.len())) as u64)
        .sum();
    let model = serde_json::to_vec(t).map_or(0, |j| j.len() as u64);
    t.bytes.len() as u64 + carried + 2 * model
}

/// [`template_bytes`] of a Word template: its carried parts, its styles and numbering parts
/// and its model at twice its JSON's length.
pub fn doc_template_bytes(t: &template::DocTemplate) -> u64 {
    let carried: u64 = t
        .carried()
        .iter()
        .map(|p| (p.bytes.len() + p.rels.as_ref().map_or(0, |r| r.1.len())) as u64)
        .sum();
    let parts: u64 = [&t.styles_part, &t.numbering_part]
        .into_iter()
        .flatten()
        .map(|(_, b)| b.len() as u64)
        .sum();
    let model = serde_json::to_vec(t).map_or(0, |j| j.len() as u64);
    carried + parts + 2 * model
}

/// What a `template_id` resolved to.
#[derive(Debug, Clone)]
pub enum ResolvedTemplate {
    /// `default` (or empty): the built-in look, no file.
    BuiltIn,
    Found(Arc<template::Template>),
    /// No such template: the built-in look, reported as `unknown_template`.
    Unknown(String),
}

/// A template file's name in the folder, its bytes and its content key (SHA-256).
type TemplateFile = (String, Vec<u8>, [u8; 32]);

/// What a document's `template_id` resolved to.
#[derive(Debug, Clone)]
pub enum ResolvedDocTemplate {
    /// `default` (or empty): specrender's own styles, no file.
    BuiltIn,
    Found(Arc<template::DocTemplate>),
    /// No such template: our own styles, reported as `unknown_template`.
    Unknown(String),
}

/// A template the input names that cannot be used: exit 2, `bad_template` at the template id.
fn bad_template(message: String) -> Error {
    Error::Input(SpecFailure::Invalid(Findings::one(SpecError {
        path: "/theme/template_ref/template_id".into(),
        code: Code::BadTemplate,
        message,
        severity: ErrorSeverity::Error,
    })))
}

impl TemplateStore {
    pub fn new(dir: impl Into<PathBuf>) -> TemplateStore {
        TemplateStore::with_bounds(dir, TEMPLATE_CACHE_ENTRIES, TEMPLATE_CACHE_BYTES)
    }

    /// A store keeping at most `max_entries` parsed templates of each kind, of at most
    /// `max_bytes` estimated bytes together.
    pub fn with_bounds(
        dir: impl Into<PathBuf>,
        max_entries: usize,
        max_bytes: u64,
    ) -> TemplateStore {
        TemplateStore {
            dir: dir.into(),
            decks: TemplateCache::with_bounds(max_entries, max_bytes),
            docs: TemplateCache::with_bounds(max_entries, max_bytes),
        }
    }

    /// Parsed templates kept now (presentations, documents) and their estimated bytes.
    pub fn cached(&self) -> (usize, usize, u64) {
        let (decks, deck_bytes) = self.decks.cached();
        let (docs, doc_bytes) = self.docs.cached();
        (decks, docs, deck_bytes + doc_bytes)
    }

    /// The file of template `id` with one of `exts`, read through the confined loader, with
    /// its content key; `None` when the id is not a plain file name or no such file exists.
    fn read(&self, id: &str, exts: &[&str]) -> Result<Option<TemplateFile>, Error> {
        use spec::assets::Reason;
        let plain = !id.starts_with('.')
            && id
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' '));
        if !plain {
            return Ok(None);
        }
        let root = spec::AssetRoot::open(&self.dir)
            .map_err(|e| {
                Error::Environment(format!(
                    "the templates folder cannot be opened: {}",
                    e.kind()
                ))
            })?
            .with_max_bytes(template::Limits::default().max_file_bytes)
            .with_max_job_bytes(u64::MAX);
        for ext in exts {
            let name = format!("{id}.{ext}");
            let loaded = match root.load_path(&name) {
                Ok(l) => l,
                Err(r) if r.reason == Reason::NotFound => continue,
                Err(r) => {
                    let why = match r.reason {
                        Reason::OutsideRoot => {
                            "leads outside the templates folder (a symbolic link out of it)"
                                .to_string()
                        }
                        Reason::NotAFile => "is not a regular file".to_string(),
                        Reason::TooLarge => format!(
                            "is larger than {} bytes",
                            template::Limits::default().max_file_bytes
                        ),
                        _ => {
                            return Err(Error::Environment(format!(
                                "template {name} cannot be read from the templates folder"
                            )))
                        }
                    };
                    return Err(bad_template(format!("template {name} {why}")));
                }
            };
            use sha2::Digest;
            let key: [u8; 32] = sha2::Sha256::digest(&loaded.bytes).into();
            return Ok(Some((name, loaded.bytes.to_vec(), key)));
        }
        Ok(None)
    }

    /// Resolves a document's `id` to `DIR/<id>.docx` or `DIR/<id>.dotx`, parsed once per
    /// content. `default` (or empty): our own styles.
    pub fn resolve_doc(&self, id: &str) -> Result<ResolvedDocTemplate, Error> {
        let id = id.trim();
        if template::themes::is_default(id) {
            return Ok(ResolvedDocTemplate::BuiltIn);
        }
        let Some((name, bytes, key)) = self.read(id, &["docx", "dotx"])? else {
            return Ok(ResolvedDocTemplate::Unknown(id.to_string()));
        };
        let parsed = self.docs.keep(key, &name, || {
            template::DocTemplate::from_bytes(bytes)
                .map(|t| template::AnyTemplate::Doc(Arc::new(t)))
        });
        match parsed.map_err(TemplateFail::into_input_error)? {
            template::AnyTemplate::Doc(t) => Ok(ResolvedDocTemplate::Found(t)),
            template::AnyTemplate::Deck(_) => Err(Error::Internal(format!(
                "template {name}: a presentation among the store's documents"
            ))),
        }
    }

    /// Resolves `id`. A template file that exists but is not a usable template is the
    /// input's fault (`bad_template`, exit 2); one that cannot be read is the environment's.
    pub fn resolve(&self, id: &str) -> Result<ResolvedTemplate, Error> {
        let id = id.trim();
        if template::themes::is_default(id) {
            return Ok(ResolvedTemplate::BuiltIn);
        }
        if let Some(t) = template::themes::builtin(id) {
            return Ok(ResolvedTemplate::Found(t));
        }
        let Some((name, bytes, key)) = self.read(id, &["pptx", "potx"])? else {
            return Ok(ResolvedTemplate::Unknown(id.to_string()));
        };
        let parsed = self.decks.keep(key, &name, || {
            template::Template::from_bytes(bytes).map(|t| template::AnyTemplate::Deck(Arc::new(t)))
        });
        match parsed.map_err(TemplateFail::into_input_error)? {
            template::AnyTemplate::Deck(t) => Ok(ResolvedTemplate::Found(t)),
            template::AnyTemplate::Doc(_) => Err(Error::Internal(format!(
                "template {name}: a Word template among the store's presentations"
            ))),
        }
    }
}

/// Why a template given by file or bytes (`--template FILE`, Python's `template=`) cannot be
/// used.
#[derive(Debug)]
pub enum TemplateFail {
    /// Not a usable template (exit 2): the whole message, naming the file (or `(bytes)`) and
    /// the part, as `template FILE: ...`.
    Unusable(String),
    /// The file cannot be read (exit 3, [`Error::Environment`]), or a bug (exit 4).
    Error(Error),
}

impl TemplateFail {
    /// A template the input names by id (a store's): unusable is `bad_template` at the id
    /// (exit 2).
    fn into_input_error(self) -> Error {
        match self {
            TemplateFail::Unusable(m) => bad_template(m),
            TemplateFail::Error(e) => e,
        }
    }
}

/// Why [`read_regular_file`] returned no bytes.
#[derive(Debug)]
pub enum ReadFail {
    Io(std::io::Error),
    /// Larger than the limit given (the limit).
    TooLarge(u64),
    /// A folder, FIFO, socket or device.
    NotAFile,
}

/// A file's bytes, refusing more than `max` without reading it all, and anything but a
/// regular file without blocking: the open is `O_NONBLOCK | O_NOCTTY` (a FIFO with no writer
/// opens at once, a terminal is not adopted) and the type is checked on the open handle.
pub fn read_regular_file(path: &Path, max: u64) -> Result<Vec<u8>, ReadFail> {
    use std::io::Read;
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let f = opts.open(path).map_err(ReadFail::Io)?;
    if !f.metadata().map_err(ReadFail::Io)?.is_file() {
        return Err(ReadFail::NotAFile);
    }
    let mut buf = Vec::new();
    f.take(max + 1)
        .read_to_end(&mut buf)
        .map_err(ReadFail::Io)?;
    if buf.len() as u64 > max {
        return Err(ReadFail::TooLarge(max));
    }
    Ok(buf)
}

/// The bytes of template file `path`, within [`template::Limits::max_file_bytes`]: a file
/// that cannot be read is the environment's (`cannot read FILE: ...`), one too large or not
/// a regular file is unusable.
pub fn read_template_file(path: &Path) -> Result<Vec<u8>, TemplateFail> {
    let name = path.display();
    match read_regular_file(path, template::Limits::default().max_file_bytes) {
        Ok(b) => Ok(b),
        Err(ReadFail::Io(e)) => Err(TemplateFail::Error(Error::Environment(format!(
            "cannot read {name}: {e}"
        )))),
        Err(ReadFail::TooLarge(max)) => Err(TemplateFail::Unusable(format!(
            "template {name}: larger than {max} bytes"
        ))),
        Err(ReadFail::NotAFile) => Err(TemplateFail::Unusable(format!(
            "template {name}: not a regular file (a folder, FIFO or device)"
        ))),
    }
}

/// Templates given by file or bytes, of either kind, parsed once per content (SHA-256) and
/// kept in the same bounded LRU as a [`TemplateStore`]'s ([`TEMPLATE_CACHE_ENTRIES`],
/// [`TEMPLATE_CACHE_BYTES`]); shared by every thread (Python's engine keeps one).
#[derive(Debug)]
pub struct TemplateCache {
    lru: std::sync::Mutex<Lru<template::AnyTemplate>>,
    max_entries: usize,
    max_bytes: u64,
}

impl Default for TemplateCache {
    fn default() -> Self {
        TemplateCache::with_bounds(TEMPLATE_CACHE_ENTRIES, TEMPLATE_CACHE_BYTES)
    }
}

impl TemplateCache {
    pub fn with_bounds(max_entries: usize, max_bytes: u64) -> TemplateCache {
        TemplateCache {
            lru: Default::default(),
            max_entries,
            max_bytes,
        }
    }

    /// Parsed templates kept now and their estimated bytes.
    pub fn cached(&self) -> (usize, u64) {
        let c = self.lru.lock().unwrap_or_else(|p| p.into_inner());
        (c.entries.len(), c.bytes)
    }

    /// `bytes` parsed as a template of either kind, or taken from the cache when the same
    /// bytes were parsed before; `name` (the path, or `(bytes)`) names it in errors. Over
    /// [`template::Limits::max_file_bytes`] it is unusable; a panic while parsing is
    /// [`Error::Internal`].
    pub fn parse(&self, bytes: Vec<u8>, name: &str) -> Result<template::AnyTemplate, TemplateFail> {
        let max = template::Limits::default().max_file_bytes;
        if bytes.len() as u64 > max {
            return Err(TemplateFail::Unusable(format!(
                "template {name}: larger than {max} bytes"
            )));
        }
        use sha2::Digest;
        let key: [u8; 32] = sha2::Sha256::digest(&bytes).into();
        self.keep(key, name, || template::AnyTemplate::from_bytes(bytes))
    }

    /// The template kept under content `key`, or `parse`'s (its error worded as
    /// `template NAME: ...`, a panic [`Error::Internal`]), kept for later.
    fn keep(
        &self,
        key: [u8; 32],
        name: &str,
        parse: impl FnOnce() -> Result<template::AnyTemplate, template::TemplateError>,
    ) -> Result<template::AnyTemplate, TemplateFail> {
        let lock = || self.lru.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(t) = lock().get(&key) {
            return Ok((*t).clone());
        }
        let t = guard(|| Ok(parse()))
            .map_err(TemplateFail::Error)?
            .map_err(|e| TemplateFail::Unusable(format!("template {name}: {e}")))?;
        let size = match &t {
            template::AnyTemplate::Deck(d) => template_bytes(d),
            template::AnyTemplate::Doc(d) => doc_template_bytes(d),
        };
        lock().put(
            key,
            Arc::new(t.clone()),
            size,
            self.max_entries,
            self.max_bytes,
        );
        Ok(t)
    }

    /// Template file `path` read ([`read_template_file`]) and parsed ([`TemplateCache::parse`]).
    pub fn load(&self, path: &Path) -> Result<template::AnyTemplate, TemplateFail> {
        let bytes = read_template_file(path)?;
        self.parse(bytes, &path.display().to_string())
    }
}

/// A template of the other kind than the input (a Word template for a deck, a presentation
/// for a document) is refused: the message, naming the template as `name`.
pub fn template_fits(
    input: &Input,
    template: Option<&template::AnyTemplate>,
    name: &str,
) -> Result<(), String> {
    use template::AnyTemplate;
    match (input, template) {
        (Input::Slides(_), Some(t @ AnyTemplate::Doc(_))) => Err(format!(
            "template {name}: a Word {} cannot hold a SlideSpec deck; give a .pptx or .potx",
            t.kind()
        )),
        (Input::Doc(_), Some(t @ AnyTemplate::Deck(_))) => Err(format!(
            "template {name}: a presentation ({}) cannot hold a DocSpec document; give a .docx or .dotx",
            t.kind()
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_templates_are_parsed_once_per_content() {
        let cache = TemplateCache::default();
        let bytes = include_bytes!("../themes/minimal.potx").to_vec();
        let a = cache.parse(bytes.clone(), "(bytes)").unwrap();
        let b = cache.parse(bytes, "(bytes)").unwrap();
        match (a, b) {
            (template::AnyTemplate::Deck(a), template::AnyTemplate::Deck(b)) => {
                assert!(
                    Arc::ptr_eq(&a, &b),
                    "the second parse is the first's template"
                )
            }
            _ => panic!("a presentation"),
        }
        assert_eq!(cache.cached().0, 1);
        match cache.parse(b"not a zip".to_vec(), "(bytes)") {
            Err(TemplateFail::Unusable(m)) => assert!(m.starts_with("template (bytes): "), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}
