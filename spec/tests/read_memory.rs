//! What reading an input holds at its peak, against the fuzzer's plain bound (64 MiB + 16 x
//! the input's bytes; docs/guide/limits.md), on the shape that costs the most tree per
//! input byte: arrays of one-key objects (`{"a":1}`: 8 bytes, about 490 bytes of
//! `serde_json::Value` tree), up to the value budget, at every free-form place of either
//! schema. Unread places (`extensions`, `layout_hints`, open `brand` / `style` / `constraints`
//! members) are walked, not kept: accepted, with little heap (the deck's `extensions` held
//! 240 MiB before, issue 25). Read ones (`tokens`, `locator`, a shape's or quote's `content`)
//! and places the schema refuses are refused by the tree's byte bound (`too_many_values`, with
//! the JSON Pointer where reading stopped) before the tree passes it.

use peakmem_alloc::{PeakMemAlloc, PeakMemAllocTrait, INSTRUMENTED_SYSTEM};
use specrender_spec::{parse, Code, Input, ParseOptions, SpecFailure};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// 104 arrays of 4,999 `{"a":1}`: about 1,040,000 JSON values in 4.2 MB.
fn free() -> String {
    let arr = vec![r#"{"a":1}"#; 4999].join(",");
    let members: Vec<String> = (0..104).map(|i| format!(r#""k{i}":[{arr}]"#)).collect();
    format!("{{{}}}", members.join(","))
}

/// `with` with `F` replaced by `f` when `at` is `here`, else nothing.
fn put(at: &str, here: &str, with: &str, f: &str) -> String {
    if at == here {
        with.replace("F", f)
    } else {
        String::new()
    }
}

/// A one-slide deck with `f` (the free-form value) put where `at` says.
fn deck(at: &str, f: &str) -> String {
    let pick = |here: &str, with: &str| put(at, here, with, f);
    format!(
        r#"{{"spec_version":"slidespec_v1",{top}"theme":{{"template_ref":{{"template_id":"default"}},"brand":{{"brand_kit_id":"b"{brand}}}}},
        "deck":{{"title":"T","language":"en-US"{unknown},"slides":[{{"slide_id":"s1","type":"content",{slide}
        "layout":{{"layout_id":"one_column"{hints}}},"elements":[{{"element_id":"e1","kind":"text","content":{{"text":"Hi"}}{element}}}{shape}]{cite}}}]}}}}"#,
        top = pick("extensions", r#""extensions":F,"#),
        brand = pick("brand", r#","x":F"#) + &pick("tokens", r#","tokens":{"x":F}"#),
        unknown = pick("unknown", r#","x":F"#),
        slide = pick("slide_extensions", r#""extensions":F,"#),
        hints = pick("layout_hints", r#","layout_hints":F"#),
        element = pick("element_extensions", r#","extensions":F"#)
            + &pick("style", r#","style":{"emphasis":"high","x":F}"#)
            + &pick("constraints", r#","constraints":{"priority":1,"x":F}"#),
        shape = pick(
            "shape",
            r#",{"element_id":"e2","kind":"shape","content":{"x":F}}"#
        ),
        cite = pick(
            "locator",
            r#","citations":[{"id":"c1","kind":"url","url":"https://example.com","locator":F}]"#
        ),
    )
}

/// A one-block document with `f` put where `at` says.
fn doc(at: &str, f: &str) -> String {
    let pick = |here: &str, with: &str| put(at, here, with, f);
    format!(
        r#"{{"spec_version":"docspec_v1",{top}"theme":{{"template_ref":{{"template_id":"default"}},"brand":{{"brand_kit_id":"b"{brand}}}}},
        "doc":{{"title":"T","language":"en-US","blocks":[{{"block_id":"p","type":"paragraph","content":{{"text":"Hi"}}{block}}}{quote}]}}}}"#,
        top = pick("extensions", r#""extensions":F,"#),
        brand = pick("brand", r#","x":F"#) + &pick("tokens", r#","tokens":{"x":F}"#),
        block = pick("block_extensions", r#","extensions":F"#),
        quote = pick(
            "quote",
            r#",{"block_id":"q","type":"quote","content":{"x":F}}"#
        ),
    )
}

/// Peak heap of parsing `input`, and what parsing gave.
fn peak(input: &[u8]) -> (usize, Result<Input, SpecFailure>) {
    GLOBAL.reset_peak_memory();
    let base = GLOBAL.get_peak_memory();
    let r = parse(input, &ParseOptions::default()).map(|(i, _)| i);
    (GLOBAL.get_peak_memory().saturating_sub(base), r)
}

fn bound(input: &[u8]) -> usize {
    64 * 1024 * 1024 + 16 * input.len()
}

#[test]
fn free_form_json_at_the_value_budget_stays_within_the_plain_bound() {
    let f = free();
    let mib = |b: usize| b as f64 / 1_048_576.0;
    let unread = [
        ("deck", "extensions"),
        ("deck", "brand"),
        ("deck", "slide_extensions"),
        ("deck", "layout_hints"),
        ("deck", "element_extensions"),
        ("deck", "style"),
        ("deck", "constraints"),
        ("doc", "extensions"),
        ("doc", "brand"),
        ("doc", "block_extensions"),
    ];
    for (kind, at) in unread {
        let input = if kind == "deck" {
            deck(at, &f)
        } else {
            doc(at, &f)
        };
        let (heap, r) = peak(input.as_bytes());
        assert!(r.is_ok(), "{kind} {at}: accepted, got {:?}", r.err());
        // Walked, not kept: a few MiB at most (the deck's extensions held 240 MiB).
        assert!(
            heap < 8 << 20,
            "{kind} {at}: {:.1} MiB of heap for {:.1} MB",
            mib(heap),
            input.len() as f64 / 1e6
        );
    }
    let read = [
        ("deck", "tokens", "/theme/brand/tokens/x/k"),
        ("deck", "unknown", "/deck/x/k"),
        ("deck", "shape", "/deck/slides/0/elements/1/content/x/k"),
        ("deck", "locator", "/deck/slides/0/citations/0/locator/k"),
        ("doc", "tokens", "/theme/brand/tokens/x/k"),
        ("doc", "quote", "/doc/blocks/1/content/x/k"),
    ];
    for (kind, at, pointer) in read {
        let input = if kind == "deck" {
            deck(at, &f)
        } else {
            doc(at, &f)
        };
        let (heap, r) = peak(input.as_bytes());
        match r {
            Err(SpecFailure::Limit { code, path, .. }) => {
                assert_eq!(code, Code::TooManyValues, "{kind} {at}");
                assert!(path.starts_with(pointer), "{kind} {at}: refused at {path}");
            }
            other => panic!(
                "{kind} {at}: refused too_many_values, got {:?}",
                other.err()
            ),
        }
        assert!(
            heap < bound(input.as_bytes()),
            "{kind} {at}: {:.1} MiB of heap, bound {:.1}",
            mib(heap),
            mib(bound(input.as_bytes()))
        );
    }
}

/// Unread values keep their findings: an array longer than 5,000 items and a repeated key
/// inside `extensions` are still reported, at their pointers.
#[test]
fn unread_places_keep_their_findings() {
    let long = vec!["0"; 5003].join(",");
    let ext = format!(r#"{{"a":{{"b":[{long}],"c":1,"c":2}}}}"#);
    let input = deck("extensions", &ext);
    let (_, findings) = parse(input.as_bytes(), &ParseOptions::default()).expect("valid");
    let got: Vec<(String, Code)> = findings
        .list
        .iter()
        .map(|f| (f.path.clone(), f.code))
        .collect();
    assert!(
        got.contains(&("/extensions/a/b".to_string(), Code::LongArray)),
        "{got:?}"
    );
    assert!(
        got.contains(&("/extensions/a/c".to_string(), Code::DuplicateKey)),
        "{got:?}"
    );
    // The schema's type check still sees the stand-in's type.
    let input = deck("extensions", "[1,2]");
    match parse(input.as_bytes(), &ParseOptions::default()) {
        Err(SpecFailure::Invalid(f)) => {
            assert_eq!(f.list[0].path, "/extensions");
            assert_eq!(f.list[0].code, Code::Type);
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
}
