//! Mutation of real inputs (the example, the golden cases, the spec fixtures, small generated
//! decks): a few JSON-level edits at random places — remove, replace by an awkward value,
//! duplicate, insert an unknown member, swap siblings, grow a string — or, now and then, a
//! byte-level edit of the serialised text (which mostly exercises the JSON syntax errors).

use serde_json::{json, Value};
use specrender_deckgen::Rng;

const AWKWARD: &[&str] = &[
    "",
    "x",
    "12pt",
    "50%",
    "1e400",
    "#GGGGGG",
    "navy",
    "../../etc/passwd",
    "/dev/zero",
    "\u{0}",
    "👩‍👩‍👧‍👦",
    "매출 ",
    "（",
    "https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];

fn awkward(rng: &mut Rng) -> Value {
    match rng.range(0, 12) {
        0 => Value::Null,
        1 => json!(rng.chance(50)),
        2 => json!(rng.range(0, 10) as i64 - 5),
        3 => json!([1e300, -1e300, 1e20, 0.0, -0.0, 1e-300, 4.5e9][rng.range(0, 7) as usize]),
        4 => json!(u64::MAX),
        5 => json!(i64::MIN),
        6 => json!([]),
        7 => json!({}),
        8 => json!(rng.range(0, 100_000) as f64 / 7.0),
        _ => json!(AWKWARD[rng.range(0, AWKWARD.len() as u64) as usize]),
    }
}

/// A random node of `v` (the root, or a value inside it), by walking down.
fn pick<'a>(v: &'a mut Value, rng: &mut Rng) -> &'a mut Value {
    let depth = rng.range(0, 8);
    let mut cur = v;
    for _ in 0..depth {
        let n = match &*cur {
            Value::Array(a) => a.len(),
            Value::Object(m) => m.len(),
            _ => 0,
        };
        if n == 0 {
            break;
        }
        let i = rng.range(0, n as u64) as usize;
        cur = match cur {
            Value::Array(a) => &mut a[i],
            Value::Object(m) => m.values_mut().nth(i).expect("index in range"),
            _ => unreachable!(),
        };
    }
    cur
}

/// One JSON-level edit.
fn edit(v: &mut Value, rng: &mut Rng) {
    let node = pick(v, rng);
    match rng.range(0, 9) {
        0 => *node = awkward(rng),
        1 => match node {
            Value::Object(m) if !m.is_empty() => {
                let k = m
                    .keys()
                    .nth(rng.range(0, m.len() as u64) as usize)
                    .cloned()
                    .unwrap();
                m.shift_remove(&k);
            }
            Value::Array(a) if !a.is_empty() => {
                a.remove(rng.range(0, a.len() as u64) as usize);
            }
            _ => *node = awkward(rng),
        },
        2 => {
            if let Value::Array(a) = node {
                if let Some(x) = a.first().cloned() {
                    let times = [1, 2, 30, 250][rng.range(0, 4) as usize];
                    a.extend(std::iter::repeat_n(x, times));
                }
            }
        }
        3 => {
            if let Value::Object(m) = node {
                m.insert(format!("zz{}", rng.range(0, 9)), awkward(rng));
            }
        }
        4 => {
            if let Value::Array(a) = node {
                if a.len() > 1 {
                    let i = rng.range(0, a.len() as u64) as usize;
                    a.swap(0, i);
                }
            }
        }
        5 => {
            if let Value::String(s) = node {
                let times = [2, 10, 200][rng.range(0, 3) as usize];
                *s = s.repeat(times).chars().take(20_000).collect();
            }
        }
        6 => {
            if let Value::String(s) = node {
                let cut = rng.range(0, s.chars().count() as u64 + 1) as usize;
                *s = s.chars().take(cut).collect();
            }
        }
        7 => {
            if let Value::Number(_) = node {
                *node = json!([-1.0, 0.0, 1.0, 1e300, -1e300, 0.5, 1e9][rng.range(0, 7) as usize]);
            }
        }
        _ => {
            if let Value::Object(m) = node {
                if let Some(x) = m.values().next().cloned() {
                    m.insert(
                        "style".into(),
                        json!({"box": {"x": awkward(rng), "y": 1, "w": x.is_object(), "h": "50%"}}),
                    );
                }
            }
        }
    }
}

/// A mutated copy of `seed`, as input bytes.
pub fn mutate(seed: &Value, rng: &mut Rng) -> Vec<u8> {
    let mut v = seed.clone();
    for _ in 0..1 + rng.range(0, 4) {
        edit(&mut v, rng);
    }
    let mut bytes = serde_json::to_vec(&v).expect("serialises");
    if rng.chance(8) {
        bytes_edit(&mut bytes, rng);
    }
    bytes
}

/// One byte-level edit.
fn bytes_edit(b: &mut Vec<u8>, rng: &mut Rng) {
    if b.is_empty() {
        return;
    }
    let i = rng.range(0, b.len() as u64) as usize;
    match rng.range(0, 5) {
        0 => b[i] ^= 1 << rng.range(0, 8),
        1 => b.truncate(i),
        2 => b.insert(
            i,
            [b'{', b'}', b'[', b'"', b'\\', 0xff][rng.range(0, 6) as usize],
        ),
        3 => {
            b.remove(i);
        }
        _ => {
            let j = rng.range(0, b.len() as u64) as usize;
            b.swap(i, j);
        }
    }
}
