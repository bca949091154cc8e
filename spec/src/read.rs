//! Reading JSON text into a value tree with bounds, so that no input under the byte limit makes
//! the tree large or deep (README "Limits and safety").
//!
//! serde_json's own `Value` costs about 80 bytes per JSON value (a `1,` of input is 2 bytes),
//! so a 32 MiB array of numbers used to take gigabytes. This reader builds the same `Value`
//! with its own visitor and three limits ([`ReadLimits`]):
//! - **nesting**: arrays and objects deeper than `max_depth` are refused (`too_deep`);
//! - **values**: more than `max_values` JSON values in the input are refused
//!   (`too_many_values`), which bounds the tree's memory by a fixed multiple of the byte limit;
//! - **long arrays**: an array keeps its first `array_keep` items (the largest `maxItems` of
//!   either schema); the rest are read (their syntax checked, nothing allocated) and counted.
//!   The real length is kept in [`LongArrays`], so validation reports `max_items` with it, and
//!   a long array where the schema has no cap (free-form places) is a warning.
//!
//! A refusal names where the reader stopped: a JSON Pointer plus line and column.
//!
//! **Duplicate keys**: serde_json keeps the last value of a key that appears twice in one
//! object and says nothing. The reader does the same (the last value is used, at the first
//! key's place) but records the key's JSON Pointer and how often it appeared in
//! [`ReadJson::duplicate_keys`]; validation turns each into a `duplicate_key` warning, so a
//! value given twice is never lost without a word.

use std::collections::HashMap;
use std::fmt;

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::validate::push_token;
use crate::Code;

/// Bounds of [`read`]. `Default`: the bounds for the default 32 MiB byte limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadLimits {
    /// Deepest nesting of arrays and objects (the root object is depth 1). Default: 64.
    pub max_depth: usize,
    /// Most JSON values (scalars, arrays, objects; object keys not counted) in one input.
    /// Default: [`values_for_bytes`] of 32 MiB = 1,048,576.
    pub max_values: usize,
    /// Items kept of one array; the rest are counted only. Default: [`ARRAY_KEEP`].
    pub array_keep: usize,
}

/// Default nesting bound: far deeper than any SlideSpec/DocSpec path (the deepest is
/// `/deck/slides/i/elements/j/content/rows/r/c`, depth 8), shallow enough for any stack.
pub const MAX_DEPTH: usize = 64;

/// Items kept of one array: the largest `maxItems` in either schema (DocSpec `blocks`, 5,000),
/// so every array the schemas allow is kept whole.
pub const ARRAY_KEEP: usize = 5_000;

/// The value budget for a byte limit: one value per 32 bytes of the limit, at least 65,536.
/// Each kept value costs at most about 160 bytes of memory (tree node, map entry, allocation),
/// so the tree stays under about 10x the byte limit.
pub fn values_for_bytes(max_bytes: usize) -> usize {
    (max_bytes / 32).max(65_536)
}

impl ReadLimits {
    /// The limits for inputs of at most `max_bytes` bytes.
    pub fn for_bytes(max_bytes: usize) -> Self {
        ReadLimits {
            max_depth: MAX_DEPTH,
            max_values: values_for_bytes(max_bytes),
            array_keep: ARRAY_KEEP,
        }
    }
}

impl Default for ReadLimits {
    fn default() -> Self {
        Self::for_bytes(32 * 1024 * 1024)
    }
}

/// JSON Pointer → real item count of every array longer than [`ReadLimits::array_keep`].
pub type LongArrays = HashMap<String, usize>;

/// What [`read`] produced.
#[derive(Debug)]
pub struct ReadJson {
    pub value: Value,
    pub long_arrays: LongArrays,
    /// (JSON Pointer of the key, times it appeared) of every key given more than once in one
    /// object, in document order; the last value was kept.
    pub duplicate_keys: Vec<(String, usize)>,
}

/// Why [`read`] refused the text.
#[derive(Debug)]
pub enum ReadError {
    /// Not JSON (serde_json's error, with its line and column).
    Syntax(serde_json::Error),
    /// A limit of [`ReadLimits`]: `too_deep` or `too_many_values`, at `path`, where serde_json
    /// stopped (`line`, `column`).
    Limit {
        code: Code,
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
}

/// Parse `text` as one JSON value within `limits`.
pub fn read(text: &[u8], limits: &ReadLimits) -> Result<ReadJson, ReadError> {
    let mut st = State {
        limits: *limits,
        values: 0,
        long: Vec::new(),
        dups: Vec::new(),
        hit: None,
    };
    let mut de = serde_json::Deserializer::from_slice(text);
    let result = Node {
        st: &mut st,
        depth: 0,
    }
    .deserialize(&mut de)
    .and_then(|v| de.end().map(|()| v));
    match result {
        Ok(value) => Ok(ReadJson {
            value,
            long_arrays: st
                .long
                .into_iter()
                .map(|(tokens, n)| (pointer_of(tokens), n))
                .collect(),
            duplicate_keys: st
                .dups
                .into_iter()
                .map(|(tokens, n)| (pointer_of(tokens), n))
                .collect(),
        }),
        Err(e) => Err(match st.hit {
            Some(hit) => ReadError::Limit {
                code: hit.code,
                path: pointer_of(hit.tokens),
                line: e.line(),
                column: e.column(),
                message: hit.message,
            },
            None => ReadError::Syntax(e),
        }),
    }
}

/// Tokens gathered innermost first → a JSON Pointer.
fn pointer_of(mut tokens: Vec<String>) -> String {
    tokens.reverse();
    let mut p = String::new();
    for t in &tokens {
        push_token(&mut p, t);
    }
    p
}

struct Hit {
    code: Code,
    message: String,
    /// Innermost first; each enclosing container adds its token as the error unwinds.
    tokens: Vec<String>,
}

struct State {
    limits: ReadLimits,
    values: usize,
    /// (tokens innermost first, real length) of arrays cut to `array_keep`.
    long: Vec<(Vec<String>, usize)>,
    /// (tokens innermost first, times seen) of keys given more than once in one object.
    dups: Vec<(Vec<String>, usize)>,
    hit: Option<Hit>,
}

impl State {
    fn count<E: serde::de::Error>(&mut self) -> Result<(), E> {
        self.values += 1;
        if self.values > self.limits.max_values {
            return Err(self.refuse(
                Code::TooManyValues,
                format!(
                    "the input has more than {} JSON values (the limit: one value per 32 bytes \
                     of the byte limit, at least 65,536)",
                    self.limits.max_values
                ),
            ));
        }
        Ok(())
    }

    fn refuse<E: serde::de::Error>(&mut self, code: Code, message: String) -> E {
        let e = E::custom(&message);
        self.hit = Some(Hit {
            code,
            message,
            tokens: Vec::new(),
        });
        e
    }

    /// Bookkeeping position before a child is read.
    fn mark(&self) -> (usize, usize) {
        (self.long.len(), self.dups.len())
    }

    /// After a child at `token` was read (or failed): its long arrays and its refusal get the
    /// token. `token` is only built when something needs it.
    fn tag(&mut self, mark: (usize, usize), failed: bool, token: impl Fn() -> String) {
        for (tokens, _) in self.long[mark.0..]
            .iter_mut()
            .chain(&mut self.dups[mark.1..])
        {
            tokens.push(token());
        }
        if failed {
            if let Some(hit) = &mut self.hit {
                hit.tokens.push(token());
            }
        }
    }
}

/// One JSON value at `depth` (the root is at depth 0; its members at 1).
struct Node<'a> {
    st: &'a mut State,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl Node<'_> {
    fn scalar<E: serde::de::Error>(self, v: Value) -> Result<Value, E> {
        self.st.count()?;
        Ok(v)
    }

    /// Count a container and check its depth.
    fn open<E: serde::de::Error>(&mut self) -> Result<(), E> {
        self.st.count()?;
        if self.depth >= self.st.limits.max_depth {
            let max = self.st.limits.max_depth;
            return Err(self.st.refuse(
                Code::TooDeep,
                format!("arrays and objects are nested more than {max} levels deep"),
            ));
        }
        Ok(())
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Value, E> {
        self.scalar(Value::Bool(v))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Value, E> {
        self.scalar(Value::from(v))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Value, E> {
        self.scalar(Value::from(v))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Value, E> {
        let n = serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number);
        self.scalar(n)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Value, E> {
        self.scalar(Value::String(v.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Value, E> {
        self.scalar(Value::String(v))
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Value, E> {
        self.scalar(Value::Null)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Value, E> {
        self.scalar(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Value, A::Error> {
        self.open()?;
        let keep = self.st.limits.array_keep;
        let mut items = Vec::new();
        let mut n = 0usize;
        loop {
            if n >= keep {
                // Past the cap: read (syntax) and count, keep nothing.
                match seq.next_element::<IgnoredAny>()? {
                    Some(_) => n += 1,
                    None => break,
                }
                continue;
            }
            let mark = self.st.mark();
            let child = Node {
                st: &mut *self.st,
                depth: self.depth + 1,
            };
            let r = seq.next_element_seed(child);
            self.st.tag(mark, r.is_err(), || n.to_string());
            match r? {
                Some(v) => items.push(v),
                None => break,
            }
            n += 1;
        }
        if n > items.len() {
            self.st.long.push((Vec::new(), n));
        }
        // No spare capacity kept: it grew by doubling (a row of 20 cells had room for 32).
        items.shrink_to_fit();
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Value, A::Error> {
        self.open()?;
        let mut obj = Map::new();
        // key -> its entry in `st.dups`, for keys seen more than once in this object.
        let mut repeated: HashMap<String, usize> = HashMap::new();
        while let Some(key) = map.next_key::<String>()? {
            let mark = self.st.mark();
            let child = Node {
                st: &mut *self.st,
                depth: self.depth + 1,
            };
            let r = map.next_value_seed(child);
            self.st.tag(mark, r.is_err(), || key.clone());
            let v = r?;
            if obj.contains_key(&key) {
                match repeated.get(&key) {
                    Some(&i) => self.st.dups[i].1 += 1,
                    None => {
                        repeated.insert(key.clone(), self.st.dups.len());
                        self.st.dups.push((vec![key.clone()], 2));
                    }
                }
            }
            obj.insert(key, v);
        }
        Ok(Value::Object(obj))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lim(depth: usize, values: usize, keep: usize) -> ReadLimits {
        ReadLimits {
            max_depth: depth,
            max_values: values,
            array_keep: keep,
        }
    }

    #[test]
    fn same_tree_as_serde_json() {
        let src = br#"{"a": [1, -2, 3.5, "x", null, true, {"b": {}}], "c": "\u00e9", "a2": 1e300}"#;
        let r = read(src, &ReadLimits::default()).unwrap();
        let want: Value = serde_json::from_slice(src).unwrap();
        assert_eq!(r.value, want);
        assert_eq!(
            serde_json::to_string(&r.value).unwrap(),
            serde_json::to_string(&want).unwrap()
        );
        assert!(r.long_arrays.is_empty());
    }

    #[test]
    fn long_arrays_are_cut_and_counted() {
        let src = br#"{"x": {"a/b": [[1, 2, 3, 4], 5, 6]}}"#;
        let r = read(src, &lim(64, 100, 2)).unwrap();
        assert_eq!(r.value, serde_json::json!({"x": {"a/b": [[1, 2], 5]}}));
        let mut got: Vec<_> = r.long_arrays.into_iter().collect();
        got.sort();
        assert_eq!(
            got,
            vec![("/x/a~1b".to_string(), 3), ("/x/a~1b/0".to_string(), 4)]
        );
    }

    #[test]
    fn the_skipped_tail_is_still_syntax_checked() {
        assert!(matches!(
            read(b"[1, 2, 3, }", &lim(64, 100, 1)),
            Err(ReadError::Syntax(_))
        ));
    }

    #[test]
    fn too_deep_names_where() {
        let src = br#"{"a": [{"b": [[1]]}]}"#;
        match read(src, &lim(4, 100, 10)) {
            Err(ReadError::Limit {
                code, path, line, ..
            }) => {
                assert_eq!(code, Code::TooDeep);
                assert_eq!(path, "/a/0/b/0");
                assert_eq!(line, 1);
            }
            other => panic!("{other:?}"),
        }
        assert!(read(src, &lim(5, 100, 10)).is_ok());
    }

    #[test]
    fn value_budget() {
        let src = b"[1, 2, 3, 4]";
        assert!(read(src, &lim(64, 5, 10)).is_ok());
        match read(src, &lim(64, 4, 10)) {
            Err(ReadError::Limit { code, path, .. }) => {
                assert_eq!((code, path.as_str()), (Code::TooManyValues, "/3"));
            }
            other => panic!("{other:?}"),
        }
    }

    /// Issue 24.1: serde_json keeps the last of two equal keys without a word.
    #[test]
    fn duplicate_keys_are_recorded_with_their_pointer() {
        let src = br#"{"a": [{"x": 1, "y": 2, "x": 3, "x": 4}], "b": {"c/d": {"e": 1, "e": 2}}, "a": [5]}"#;
        let r = read(src, &ReadLimits::default()).unwrap();
        assert_eq!(
            r.value,
            serde_json::json!({"a": [5], "b": {"c/d": {"e": 2}}})
        );
        assert_eq!(
            r.duplicate_keys,
            vec![
                ("/a/0/x".to_string(), 3),
                ("/b/c~1d/e".to_string(), 2),
                ("/a".to_string(), 2)
            ]
        );
        let none = read(br#"{"a": {"x": 1}, "b": {"x": 2}}"#, &ReadLimits::default()).unwrap();
        assert!(none.duplicate_keys.is_empty());
    }

    #[test]
    fn trailing_garbage_is_a_syntax_error() {
        assert!(matches!(
            read(b"{} x", &ReadLimits::default()),
            Err(ReadError::Syntax(_))
        ));
    }
}
