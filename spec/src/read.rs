//! Reading JSON text into a value tree with bounds, so that no input under the byte limit makes
//! the tree large or deep (docs/guide/limits.md).
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
//! - **tree bytes**: what the kept tree holds on the heap (estimated as it is built: a
//!   `Value` is 80 bytes with `preserve_order`, a one-key object about 490 with its map and
//!   key) may not pass [`TREE_BASE`] + [`TREE_PER_BYTE`] x the input's bytes
//!   (`too_many_values`): the value budget alone let 520,000 one-key objects (4.2 MB) hold
//!   241 MiB.
//!
//! **Unread free-form places are not kept** (issue 25): `extensions` (top level, slide,
//! element, block), `layout_hints`, the open members of `theme.brand` other than
//! `brand_kit_id` and `tokens`, and the open members of a slide element's `style` (other than
//! `variant`, `emphasis`, `box`) and `constraints` (other than `priority`, `allow_shrink`,
//! `min_font_pt`). The schemas check nothing inside them but their type and nothing in the
//! engine reads them, so the reader walks them with every bound above (values, depth, long
//! arrays, duplicate keys: the same findings) and keeps a stand-in of the same JSON type: the
//! scalar itself, or an empty array or object (`place` says which places those are).
//!
//! A refusal names where the reader stopped: a JSON Pointer plus line and column.
//!
//! **Duplicate keys**: serde_json keeps the last value of a key that appears twice in one
//! object and says nothing. The reader does the same (the last value is used, at the first
//! key's place) but records the key's JSON Pointer and how often it appeared in
//! [`ReadJson::duplicate_keys`]; validation turns each into a `duplicate_key` warning, so a
//! value given twice is never lost without a word.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::validate::push_token;
use crate::Code;
use place::Place;

mod place;

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
    /// Most heap bytes the kept tree may hold: `tree_base` + `tree_per_byte` x the bytes of
    /// the text read. Default: [`TREE_BASE`], [`TREE_PER_BYTE`].
    pub tree_base: usize,
    pub tree_per_byte: usize,
}

/// Default nesting bound: far deeper than any SlideSpec/DocSpec path (the deepest is
/// `/deck/slides/i/elements/j/content/rows/r/c`, depth 8), shallow enough for any stack.
pub const MAX_DEPTH: usize = 64;

/// Items kept of one array: the largest `maxItems` in either schema (DocSpec `blocks`, 5,000),
/// so every array the schemas allow is kept whole.
pub const ARRAY_KEEP: usize = 5_000;

/// The tree-bytes bound's fixed part: 24 MiB, what 300,000 table cells of one-digit numbers
/// hold, almost three times the 108,000 such cells the work budget lets a deck lay out (27
/// slides of 20 x 200); every structure the schemas cap (200 slides of 50 elements, 5,000
/// blocks, 500 assets) fits in it many times over.
pub const TREE_BASE: usize = 24 << 20;

/// The tree-bytes bound's part per input byte. Ordinary inputs hold 1-11 bytes of tree per
/// byte (the 30 MB documents 1.1, the bench document 3.7 and deck 6.6, the golden cases up to
/// 10.5: docs/guide/limits.md); a table of one-digit numbers 40 (a `Value` per two
/// bytes), an array of one-key objects 61.
pub const TREE_PER_BYTE: usize = 8;

/// The value budget for a byte limit: one value per 32 bytes of the limit, at least 65,536.
/// What the values kept hold in memory (80 bytes to about 490 each) is bounded apart, by the
/// input's own size ([`TREE_BASE`], [`TREE_PER_BYTE`]).
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
            tree_base: TREE_BASE,
            tree_per_byte: TREE_PER_BYTE,
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
    /// The heap bytes the kept tree holds, as the reader estimated them against
    /// [`ReadLimits::tree_base`] and [`ReadLimits::tree_per_byte`].
    pub tree_bytes: usize,
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
        tree: VALUE,
        max_tree: limits
            .tree_base
            .saturating_add(limits.tree_per_byte.saturating_mul(text.len())),
        long: Vec::new(),
        dups: Vec::new(),
        hit: None,
    };
    let mut de = serde_json::Deserializer::from_slice(text);
    let result = Node {
        st: &mut st,
        depth: 0,
        place: Place::Root,
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
            tree_bytes: st.tree,
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

/// Bytes of one `Value` (80 with serde_json's `preserve_order`: its map is inline).
const VALUE: usize = std::mem::size_of::<Value>();

/// Bytes of one entry of a `Map` (`indexmap`'s bucket: the key's hash, the key, the value).
const BUCKET: usize = 8 + std::mem::size_of::<String>() + VALUE;

/// What a heap block of `n` bytes takes: glibc's chunk (8 bytes of header, 16-byte steps, 32
/// at least); nothing for an empty one (no allocation).
fn heap(n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (n + 8).div_ceil(16).max(2) * 16
    }
}

/// Heap bytes of a map of `len` members built by inserting them one by one (`indexmap`: its
/// entries, with room for as many as its hash table of indices holds, and that table with its
/// control bytes; hashbrown grows it to 4 or 8 buckets, then powers of two at a load of 7/8),
/// its keys not included.
fn map_bytes(len: usize) -> usize {
    if len == 0 {
        return 0;
    }
    let buckets = if len < 4 {
        4
    } else if len < 8 {
        8
    } else {
        (len * 8).div_ceil(7).next_power_of_two()
    };
    let cap = if buckets < 8 {
        buckets - 1
    } else {
        buckets / 8 * 7
    };
    heap(cap * BUCKET) + heap(buckets * 8 + buckets + 16)
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
    /// Heap bytes of the tree kept so far (estimated), and their bound for this text.
    tree: usize,
    max_tree: usize,
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

    /// Add `bytes` of kept tree; refused past the bound.
    fn keep<E: serde::de::Error>(&mut self, bytes: usize) -> Result<(), E> {
        self.tree = self.tree.saturating_add(bytes);
        if self.tree > self.max_tree {
            let mib = |b: usize| b as f64 / 1_048_576.0;
            return Err(self.refuse(
                Code::TooManyValues,
                format!(
                    "the input's JSON values would take more than {:.1} MiB of memory to read \
                     ({:.0} MiB + {} x its bytes): too many small values for its size",
                    mib(self.max_tree),
                    mib(self.limits.tree_base),
                    self.limits.tree_per_byte
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
    place: Place,
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

    /// A string: kept, or (inside an unread value) counted only.
    fn string<E: serde::de::Error>(self, v: impl FnOnce() -> String) -> Result<Value, E> {
        self.st.count()?;
        if self.place == Place::UnreadInside {
            return Ok(Value::Null);
        }
        let s = v();
        self.st.keep(heap(s.len()))?;
        Ok(Value::String(s))
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
        self.string(|| v.to_owned())
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Value, E> {
        self.string(|| v)
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
        let kept = self.place.kept();
        let place = self.place.item();
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
                place,
            };
            let r = seq.next_element_seed(child);
            self.st.tag(mark, r.is_err(), || n.to_string());
            match r? {
                Some(v) if kept => items.push(v),
                Some(_) => {}
                None => break,
            }
            n += 1;
        }
        if n > keep {
            self.st.long.push((Vec::new(), n));
        }
        // No spare capacity kept: it grew by doubling (a row of 20 cells had room for 32).
        items.shrink_to_fit();
        self.st.keep(heap(items.len() * VALUE))?;
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Value, A::Error> {
        self.open()?;
        if !self.place.kept() {
            return self.unread_map(map);
        }
        let mut obj = Map::new();
        // key -> its entry in `st.dups`, for keys seen more than once in this object.
        let mut repeated: HashMap<String, usize> = HashMap::new();
        // Heap bytes of the map and its keys charged so far.
        let mut charged = 0usize;
        let mut keys = 0usize;
        while let Some(key) = map.next_key::<String>()? {
            let mark = self.st.mark();
            let child = Node {
                st: &mut *self.st,
                depth: self.depth + 1,
                place: self.place.member(&key),
            };
            let r = map.next_value_seed(child);
            self.st.tag(mark, r.is_err(), || key.clone());
            let v = r?;
            let mut len = obj.len();
            if obj.contains_key(&key) {
                match repeated.get(&key) {
                    Some(&i) => self.st.dups[i].1 += 1,
                    None => {
                        repeated.insert(key.clone(), self.st.dups.len());
                        self.st.dups.push((vec![key.clone()], 2));
                    }
                }
            } else {
                keys += heap(key.len());
                len += 1;
            }
            // Charged as it grows, so a huge object is refused at the member that passes the
            // bound.
            let now = keys + map_bytes(len);
            if let Err(e) = self.st.keep(now - charged) {
                if let Some(hit) = &mut self.st.hit {
                    hit.tokens.push(key);
                }
                return Err(e);
            }
            charged = now;
            obj.insert(key, v);
        }
        Ok(Value::Object(obj))
    }
}

impl Node<'_> {
    /// An object in an unread place: its members walked (counted, depth, long arrays and
    /// repeated keys recorded as for a kept one), nothing kept but its keys while it is read
    /// (to find repeats); an empty object stands in for it.
    fn unread_map<'de, A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut seen: HashSet<String> = HashSet::new();
        // key -> its entry in `st.dups`, for keys seen more than once in this object.
        let mut repeated: HashMap<String, usize> = HashMap::new();
        while let Some(key) = map.next_key::<String>()? {
            let mark = self.st.mark();
            let child = Node {
                st: &mut *self.st,
                depth: self.depth + 1,
                place: Place::UnreadInside,
            };
            let r = map.next_value_seed(child);
            self.st.tag(mark, r.is_err(), || key.clone());
            r?;
            if seen.contains(&key) {
                match repeated.get(&key) {
                    Some(&i) => self.st.dups[i].1 += 1,
                    None => {
                        repeated.insert(key.clone(), self.st.dups.len());
                        self.st.dups.push((vec![key], 2));
                    }
                }
            } else {
                seen.insert(key);
            }
        }
        Ok(Value::Object(Map::new()))
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
            ..ReadLimits::default()
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

    /// Issue 25: the value budget let 520,000 one-key objects (4.2 MB) hold 241 MiB.
    #[test]
    fn the_tree_bytes_bound_refuses_where_it_is_passed() {
        let items = vec![r#"{"a":1}"#; 1000].join(",");
        let src = format!(r#"{{"x": [{items}]}}"#);
        let mut l = ReadLimits {
            tree_base: 1 << 30,
            ..ReadLimits::default()
        };
        let r = read(src.as_bytes(), &l).unwrap();
        // About 490 bytes an object (its value, its map's entries and table, its key).
        assert!(
            (450_000..550_000).contains(&r.tree_bytes),
            "{}",
            r.tree_bytes
        );
        // Past a bound of 64 KiB + 8 x its 8,000 bytes: refused inside the array.
        l.tree_base = 64 << 10;
        match read(src.as_bytes(), &l) {
            Err(ReadError::Limit { code, path, .. }) => {
                assert_eq!(code, Code::TooManyValues);
                assert!(path.starts_with("/x/"), "{path}");
            }
            other => panic!("{other:?}"),
        }
        // One big object: refused at the member whose entry passes the bound.
        let members: Vec<String> = (0..2000).map(|i| format!(r#""k{i}":0"#)).collect();
        let src = format!("{{{}}}", members.join(","));
        l.tree_per_byte = 0;
        match read(src.as_bytes(), &l) {
            Err(ReadError::Limit { code, path, .. }) => {
                assert_eq!(code, Code::TooManyValues);
                assert!(path.starts_with("/k"), "{path}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unread_places_keep_a_stand_in_of_their_type() {
        let src = br#"{"extensions": {"a": [1, {"b": "c"}]},
            "deck": {"slides": [{"extensions": [1], "layout": {"layout_hints": "x"},
              "elements": [{"style": {"box": {"x": 1}, "y": {"z": 1}},
                            "constraints": {"priority": 1, "q": [1]}, "extensions": 5,
                            "content": {"x": {"y": 1}}}]}]},
            "theme": {"brand": {"brand_kit_id": "b", "tokens": {"t": [1]}, "logo2": {"a": 1}}},
            "doc": {"blocks": [{"extensions": {"a": 1}, "style": {"font": {"a": 1}}}]}}"#;
        let r = read(src, &ReadLimits::default()).unwrap();
        assert_eq!(
            r.value,
            serde_json::json!({"extensions": {},
                "deck": {"slides": [{"extensions": [], "layout": {"layout_hints": "x"},
                  "elements": [{"style": {"box": {"x": 1}, "y": {}},
                                "constraints": {"priority": 1, "q": []}, "extensions": 5,
                                "content": {"x": {"y": 1}}}]}]},
                "theme": {"brand": {"brand_kit_id": "b", "tokens": {"t": [1]}, "logo2": {}}},
                "doc": {"blocks": [{"extensions": {}, "style": {"font": {"a": 1}}}]}})
        );
    }

    #[test]
    fn trailing_garbage_is_a_syntax_error() {
        assert!(matches!(
            read(b"{} x", &ReadLimits::default()),
            Err(ReadError::Syntax(_))
        ));
    }
}
