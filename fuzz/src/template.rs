//! Templates are untrusted input too (issue 27 item 10): each template case takes a fixture
//! template (`tests/fixtures/templates/`) and damages it — a part's XML cut, repeated or given
//! extreme numbers, a DOCTYPE, a relationship sent outside the package or to a missing part, a
//! part dropped, or the zip's bytes flipped — then reads it, maps every layout id and builds the
//! `template inspect` report. The invariants: no panic, and (measured by the caller) CPU time and
//! heap within the same bounds as a deck.

use std::io::{Cursor, Read, Write};
use std::path::Path;

use specrender_deckgen::Rng;

/// The fixture templates' bytes, in name order.
pub fn load(repo: &Path) -> Vec<(String, Vec<u8>)> {
    let dir = repo.join("tests/fixtures/templates");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "pptx" || x == "potx"))
                .filter_map(|p| {
                    Some((
                        p.file_name()?.to_string_lossy().into_owned(),
                        std::fs::read(&p).ok()?,
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).expect("fixture is a zip");
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).expect("entry");
            let mut v = Vec::new();
            f.read_to_end(&mut v).expect("inflates");
            (f.name().expect("utf-8 name").to_string(), v)
        })
        .collect()
}

fn rezip(parts: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1));
    for (name, data) in parts {
        w.start_file(name.as_str(), opts).expect("entry");
        w.write_all(data).expect("write");
    }
    w.finish().expect("zip").into_inner()
}

/// One damaged template from the fixtures.
pub fn mutate(fixtures: &[(String, Vec<u8>)], rng: &mut Rng) -> (String, Vec<u8>) {
    let (name, bytes) = &fixtures[rng.range(0, fixtures.len() as u64) as usize];
    if rng.chance(10) {
        // Flip a few bytes of the zip itself.
        let mut b = bytes.clone();
        for _ in 0..rng.range(1, 8) {
            let i = rng.range(0, b.len() as u64) as usize;
            b[i] ^= rng.next_u64() as u8 | 1;
        }
        return (format!("template {name}: zip bytes flipped"), b);
    }
    let mut parts = unzip(bytes);
    let mut how = Vec::new();
    for _ in 0..rng.range(1, 4) {
        let i = rng.range(0, parts.len() as u64) as usize;
        let part = parts[i].0.clone();
        let data = &mut parts[i].1;
        match rng.range(0, 8) {
            0 => {
                // Cut a range out.
                let a = rng.range(0, data.len() as u64 + 1) as usize;
                let b = (a + rng.range(0, 400) as usize).min(data.len());
                data.drain(a..b);
                how.push(format!("cut {part}"));
            }
            1 => {
                // Repeat a range many times.
                let a = rng.range(0, data.len() as u64 + 1) as usize;
                let b = (a + rng.range(0, 200) as usize).min(data.len());
                let piece = data[a..b].to_vec();
                for _ in 0..rng.range(1, 50) {
                    data.splice(a..a, piece.iter().copied());
                }
                how.push(format!("repeat in {part}"));
            }
            2 => {
                // Extreme numbers in attributes.
                let text = String::from_utf8_lossy(data).into_owned();
                let big = *[
                    "99999999999999999999",
                    "-9223372036854775808",
                    "0",
                    "-1",
                    "2147483648",
                ]
                .get(rng.range(0, 5) as usize)
                .unwrap_or(&"0");
                let mut out = String::with_capacity(text.len());
                let mut in_num = false;
                for ch in text.chars() {
                    if ch.is_ascii_digit() && rng.chance(3) && !in_num {
                        out.push_str(big);
                        in_num = true;
                    } else if !ch.is_ascii_digit() || !in_num {
                        in_num = in_num && ch.is_ascii_digit();
                        out.push(ch);
                    }
                }
                *data = out.into_bytes();
                how.push(format!("numbers in {part}"));
            }
            3 => {
                let dtd = b"<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>";
                let at = data
                    .windows(2)
                    .position(|w| w == b"?>")
                    .map(|p| p + 2)
                    .unwrap_or(0);
                data.splice(at..at, dtd.iter().copied());
                how.push(format!("DOCTYPE in {part}"));
            }
            4 => {
                let text = String::from_utf8_lossy(data).into_owned();
                let t = if rng.chance(50) {
                    "../../../../etc/passwd"
                } else {
                    "missing/part.xml"
                };
                *data = text
                    .replacen("Target=\"", &format!("Target=\"{t}#"), 1)
                    .into_bytes();
                how.push(format!("target {t} in {part}"));
            }
            5 => {
                parts.remove(i);
                how.push(format!("dropped {part}"));
                if parts.is_empty() {
                    break;
                }
            }
            6 => {
                // Point a relationship at its own part (a cycle) or a layout at a master.
                let text = String::from_utf8_lossy(data).into_owned();
                *data = text
                    .replace(
                        "slideLayouts/slideLayout1.xml",
                        "slideMasters/slideMaster1.xml",
                    )
                    .into_bytes();
                how.push(format!("cycle in {part}"));
            }
            _ => {
                let a = rng.range(0, data.len() as u64 + 1) as usize;
                data.insert(
                    a.min(data.len()),
                    rng.pick(&[b'<', b'>', b'&', b'"', 0u8, 0xFF]),
                );
                how.push(format!("byte in {part}"));
            }
        }
    }
    (
        format!("template {name}: {}", how.join(", ")),
        rezip(&parts),
    )
}

/// Read, map and report; a panic is the failure.
pub fn check(bytes: Vec<u8>) -> Result<bool, String> {
    std::panic::catch_unwind(
        move || match specrender::template::Template::from_bytes(bytes) {
            Ok(t) => {
                let map = specrender::template::map_all(&t, &|_| None);
                let v = specrender::template::report::inspect_json(&t, &map, &[]);
                let _ = specrender::template::report::inspect_text(&t, &map, &[]);
                assert!(v["layouts"].is_array());
                true
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                false
            }
        },
    )
    .map_err(|p| {
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        format!("template reader panicked: {msg}")
    })
}
