//! Validation findings with a bound: every finding is counted, the first [`MAX_LISTED`] errors
//! and the first [`MAX_LISTED`] warnings in document order are kept (docs/guide/limits.md,
//! "Inputs": findings listed). Memory is a fixed-size heap per severity plus one 64-bit hash per distinct
//! finding (for "identical findings are reported once"); time is linear in the findings.
//!
//! Document order is the order of a finding's *position key*: for each JSON Pointer token,
//! the member's index in its object (input order) or the item's index in its array. A parent
//! comes before its children; equal keys keep the order the findings arrived in.

use std::collections::{BinaryHeap, HashMap, HashSet};
use std::hash::BuildHasher;

use foldhash::fast::FixedState;

use serde_json::{Map, Value};

use crate::{Code, ErrorSeverity, SpecError};

/// Errors (and, separately, warnings) listed at most; the rest are counted.
pub const MAX_LISTED: usize = 100;

/// The findings of one validation: the listed ones (document order; errors and warnings
/// interleaved) and the totals.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Findings {
    /// The first [`MAX_LISTED`] errors and the first [`MAX_LISTED`] warnings, in document order.
    pub list: Vec<SpecError>,
    /// Every error found, listed or not.
    pub errors: usize,
    /// Every warning found, listed or not.
    pub warnings: usize,
}

impl Findings {
    /// One finding alone.
    pub fn one(e: SpecError) -> Findings {
        let (errors, warnings) = if e.is_error() { (1, 0) } else { (0, 1) };
        Findings {
            list: vec![e],
            errors,
            warnings,
        }
    }

    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }

    /// Errors found but not listed.
    pub fn errors_omitted(&self) -> usize {
        self.errors - self.list.iter().filter(|e| e.is_error()).count()
    }

    /// Warnings found but not listed.
    pub fn warnings_omitted(&self) -> usize {
        self.warnings - self.list.iter().filter(|e| !e.is_error()).count()
    }
}

impl std::ops::Deref for Findings {
    type Target = [SpecError];
    fn deref(&self) -> &[SpecError] {
        &self.list
    }
}

impl<'a> IntoIterator for &'a Findings {
    type Item = &'a SpecError;
    type IntoIter = std::slice::Iter<'a, SpecError>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

/// A position key (see the module docs); `u32::MAX` for a token that names nothing.
pub type Key = Vec<u32>;

struct Entry {
    key: Key,
    seq: u64,
    finding: SpecError,
}

impl PartialEq for Entry {
    fn eq(&self, o: &Self) -> bool {
        (&self.key, self.seq) == (&o.key, o.seq)
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Entry {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        (&self.key, self.seq).cmp(&(&o.key, o.seq))
    }
}

/// The first `cap` entries by (key, arrival): a max-heap that drops its largest when full.
struct Kept {
    heap: BinaryHeap<Entry>,
    count: usize,
}

impl Kept {
    fn new() -> Self {
        Kept {
            heap: BinaryHeap::new(),
            count: 0,
        }
    }

    fn wants(&self, key: &[u32]) -> bool {
        self.heap.len() < MAX_LISTED || self.heap.peek().is_some_and(|m| key < &m.key[..])
    }

    fn push(&mut self, e: Entry) {
        self.heap.push(e);
        if self.heap.len() > MAX_LISTED {
            self.heap.pop();
        }
    }
}

/// Collects findings as [`Findings`]: counts all, keeps the first of each severity.
pub(crate) struct Collector {
    errors: Kept,
    warnings: Kept,
    seen: HashSet<u64, FixedState>,
    /// Fixed seed: the same input de-duplicates the same way on every run.
    hasher: FixedState,
    seq: u64,
}

impl Collector {
    pub(crate) fn new() -> Self {
        Collector {
            errors: Kept::new(),
            warnings: Kept::new(),
            seen: HashSet::with_hasher(FixedState::with_seed(1)),
            hasher: FixedState::with_seed(0),
            seq: 0,
        }
    }

    /// A schema error at `path` (position key `key`), reported once per (path, code,
    /// message); `note` is appended to the message when it is listed.
    pub(crate) fn error_once(
        &mut self,
        key: &[u32],
        path: &str,
        code: Code,
        message: impl FnOnce() -> String,
        note: Option<&str>,
    ) {
        let message = message();
        let h = self.hasher.hash_one((path, code, message.as_str()));
        if !self.seen.insert(h) {
            return;
        }
        self.seq += 1;
        self.errors.count += 1;
        if !self.errors.wants(key) {
            return;
        }
        let message = match note {
            Some(n) => format!("{message} ({n})"),
            None => message,
        };
        self.errors.push(Entry {
            key: key.to_vec(),
            seq: self.seq,
            finding: SpecError {
                path: path.to_string(),
                code,
                message,
                severity: ErrorSeverity::Error,
            },
        });
    }

    /// A finding made elsewhere (semantic rules), no de-duplication.
    pub(crate) fn push(&mut self, key: Key, finding: SpecError) {
        self.seq += 1;
        let kept = if finding.is_error() {
            &mut self.errors
        } else {
            &mut self.warnings
        };
        kept.count += 1;
        if kept.wants(&key) {
            kept.push(Entry {
                key,
                seq: self.seq,
                finding,
            });
        }
    }

    pub(crate) fn finish(self) -> Findings {
        let (errors, warnings) = (self.errors.count, self.warnings.count);
        let mut all: Vec<Entry> = self.errors.heap.into_vec();
        all.extend(self.warnings.heap.into_vec());
        all.sort_unstable();
        Findings {
            list: all.into_iter().map(|e| e.finding).collect(),
            errors,
            warnings,
        }
    }
}

/// Position keys of JSON Pointers into one document. Objects with many members get an index
/// the first time a pointer goes through them, so a key costs O(depth), not O(members).
pub(crate) struct KeyFinder<'v> {
    root: &'v Value,
    index: HashMap<*const Map<String, Value>, HashMap<&'v str, u32>>,
}

/// Members scanned directly; bigger objects are indexed.
const SCAN: usize = 16;

impl<'v> KeyFinder<'v> {
    pub(crate) fn new(root: &'v Value) -> Self {
        KeyFinder {
            root,
            index: HashMap::new(),
        }
    }

    pub(crate) fn key(&mut self, path: &str) -> Key {
        let mut out = Vec::new();
        if path.is_empty() {
            return out;
        }
        let mut cur = Some(self.root);
        for raw in path[1..].split('/') {
            let tok = raw.replace("~1", "/").replace("~0", "~");
            let (pos, next) = match cur {
                Some(Value::Object(m)) => self.member(m, &tok),
                Some(Value::Array(a)) => match tok.parse::<usize>() {
                    Ok(i) if i < a.len() => (i as u32, a.get(i)),
                    _ => (u32::MAX, None),
                },
                _ => (u32::MAX, None),
            };
            out.push(pos);
            cur = next;
        }
        out
    }

    fn member(&mut self, m: &'v Map<String, Value>, tok: &str) -> (u32, Option<&'v Value>) {
        let pos = if m.len() <= SCAN {
            m.keys().position(|k| k == tok)
        } else {
            let idx = self.index.entry(m as *const _).or_insert_with(|| {
                m.keys()
                    .enumerate()
                    .map(|(i, k)| (k.as_str(), i as u32))
                    .collect()
            });
            idx.get(tok).map(|&i| i as usize)
        };
        match pos {
            Some(p) => (p as u32, m.get(tok)),
            None => (u32::MAX, None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(path: &str) -> SpecError {
        SpecError {
            path: path.into(),
            code: Code::Type,
            message: "m".into(),
            severity: ErrorSeverity::Error,
        }
    }

    #[test]
    fn keeps_the_first_in_document_order_and_counts_all() {
        let mut c = Collector::new();
        for i in (0..1000u32).rev() {
            c.push(vec![i], err(&format!("/{i}")));
        }
        let f = c.finish();
        assert_eq!((f.errors, f.warnings, f.list.len()), (1000, 0, MAX_LISTED));
        assert_eq!(f.list[0].path, "/0");
        assert_eq!(f.list[99].path, "/99");
        assert_eq!(f.errors_omitted(), 900);
    }

    #[test]
    fn identical_schema_errors_once_and_parent_first() {
        let mut c = Collector::new();
        c.error_once(&[0, 1], "/a/b", Code::Type, || "x".into(), None);
        c.error_once(&[0, 1], "/a/b", Code::Type, || "x".into(), Some("rule"));
        c.error_once(&[0], "/a", Code::Required, || "y".into(), Some("rule"));
        let f = c.finish();
        assert_eq!(f.errors, 2);
        assert_eq!(f.list[0].message, "y (rule)");
        assert_eq!(f.list[1].path, "/a/b");
    }

    #[test]
    fn keys_of_big_objects() {
        let mut m = serde_json::Map::new();
        for i in 0..100 {
            m.insert(format!("k{i}"), Value::Array(vec![Value::Null; 3]));
        }
        let v = Value::Object(m);
        let mut kf = KeyFinder::new(&v);
        assert_eq!(kf.key("/k42/2"), vec![42, 2]);
        assert_eq!(kf.key("/k42/7"), vec![42, u32::MAX]);
        assert_eq!(kf.key("/nope/0"), vec![u32::MAX, u32::MAX]);
        assert_eq!(kf.key(""), Vec::<u32>::new());
    }
}
