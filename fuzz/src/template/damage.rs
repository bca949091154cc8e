//! The damage done to a template: [`mutate`] picks a fixture and damages its zip bytes, or
//! unzips it and applies one to three mutations to its parts — each XML-level mutation a
//! function of its own below — then zips it back ([`super::zipped`]).

use specrender_deckgen::Rng;

use super::is_xml_name;
use super::zipped::{rezip, unzip};

/// One damaged template from the fixtures.
pub fn mutate(fixtures: &[(String, Vec<u8>)], rng: &mut Rng) -> (String, Vec<u8>) {
    let (name, bytes) = &fixtures[rng.range(0, fixtures.len() as u64) as usize];
    if rng.chance(8) {
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
    let mut bomb = false;
    for _ in 0..rng.range(1, 4) {
        if parts.is_empty() {
            break;
        }
        // XML-level mutations pick an XML part most of the time.
        let xml: Vec<usize> = (0..parts.len())
            .filter(|&i| is_xml_name(&parts[i].0))
            .collect();
        let i = if !xml.is_empty() && rng.chance(85) {
            xml[rng.range(0, xml.len() as u64) as usize]
        } else {
            rng.range(0, parts.len() as u64) as usize
        };
        let part = parts[i].0.clone();
        let op = rng.range(0, 20);
        let done = match op {
            5 => {
                parts.remove(i);
                format!("dropped {part}")
            }
            14 => retype(&mut parts, rng),
            15 => {
                // The part again under another letter case, or a second entry of its name.
                let copy = parts[i].1.clone();
                let variant = if rng.chance(50) {
                    part.to_ascii_uppercase()
                } else {
                    part.clone()
                };
                parts.push((variant, copy));
                format!("{part} duplicated")
            }
            16 => {
                bomb = true;
                "a deflate bomb".into()
            }
            _ => damage_xml(op, &part, &mut parts[i].1, rng),
        };
        how.push(done);
    }
    (
        format!("template {name}: {}", how.join(", ")),
        rezip(&parts, bomb),
    )
}

/// The part-level mutation `op` (of 0..20, less those [`mutate`] does on the whole package)
/// applied to part `part`'s bytes `data`; what it did, for the case's name.
fn damage_xml(op: u64, part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let damage: fn(&str, &mut Vec<u8>, &mut Rng) -> String = match op {
        0 => cut_range,
        1 => repeat_range,
        2 => extreme_numbers,
        3 => doctype,
        4 => escaping_target,
        6 => layout_cycle,
        7 => deep_nesting,
        8 => bad_entity,
        9 => forbidden_char,
        10 => bad_declaration,
        11 => extreme_value,
        12 | 13 => retarget,
        17 => stray_byte,
        18 => bad_tags,
        _ => utf16,
    };
    damage(part, data, rng)
}

/// Cuts a range out.
fn cut_range(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let a = rng.range(0, data.len() as u64 + 1) as usize;
    let b = (a + rng.range(0, 400) as usize).min(data.len());
    data.drain(a..b);
    format!("cut {part}")
}

/// Repeats a range many times.
fn repeat_range(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let a = rng.range(0, data.len() as u64 + 1) as usize;
    let b = (a + rng.range(0, 200) as usize).min(data.len());
    let piece = data[a..b].to_vec();
    for _ in 0..rng.range(1, 50) {
        data.splice(a..a, piece.iter().copied());
    }
    format!("repeat in {part}")
}

/// Puts extreme numbers where digits were.
fn extreme_numbers(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let text = String::from_utf8_lossy(data).into_owned();
    let big = rng.pick(&[
        "99999999999999999999",
        "-9223372036854775808",
        "9223372036854775807",
        "0",
        "-1",
        "2147483648",
        "1e308",
    ]);
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
    format!("numbers in {part}")
}

/// Adds a DOCTYPE (entities, an external DTD), sometimes with an entity reference.
fn doctype(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let dtd: &[u8] = rng.pick(&[
        &b"<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>"[..],
        &b"<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"[..],
        &b"<!DOCTYPE x SYSTEM \"http://example.com/x.dtd\">"[..],
    ]);
    let at = data
        .windows(2)
        .position(|w| w == b"?>")
        .map(|p| p + 2)
        .unwrap_or(0);
    data.splice(at..at, dtd.iter().copied());
    if rng.chance(50) {
        insert_inside_root(data, b"&e;");
    }
    format!("DOCTYPE in {part}")
}

/// Points the first relationship target outside the package or at nothing.
fn escaping_target(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let text = String::from_utf8_lossy(data).into_owned();
    let t = rng.pick(&[
        "../../../../etc/passwd",
        "missing/part.xml",
        "/../x.xml",
        "file:///etc/passwd",
    ]);
    *data = text
        .replacen("Target=\"", &format!("Target=\"{t}#"), 1)
        .into_bytes();
    format!("target {t} in {part}")
}

/// Points a relationship at its own part (a cycle) or a layout at a master.
fn layout_cycle(part: &str, data: &mut Vec<u8>, _rng: &mut Rng) -> String {
    let text = String::from_utf8_lossy(data).into_owned();
    *data = text
        .replace(
            "slideLayouts/slideLayout1.xml",
            "slideMasters/slideMaster1.xml",
        )
        .into_bytes();
    format!("cycle in {part}")
}

/// Deep nesting: past the reader's bound, at it, or far past it.
fn deep_nesting(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let n = rng.pick(&[255usize, 256, 257, 300, 150_000]);
    let mut piece = b"<a:x>".repeat(n);
    piece.extend(b"</a:x>".repeat(n));
    insert_before_last_end(data, &piece);
    format!("{n} nested in {part}")
}

/// An undefined, forbidden or unterminated entity or character reference.
fn bad_entity(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let e: &[u8] = rng.pick(&[
        &b"&nope;"[..],
        &b"&#1;"[..],
        &b"&#x0;"[..],
        &b"&#xFFFE;"[..],
        &b"&amp"[..],
        &b"&#99999999;"[..],
        &b"&lt;&#x1F600;"[..],
    ]);
    insert_inside_root(data, e);
    format!("entity {} in {part}", String::from_utf8_lossy(e))
}

/// A character XML forbids, raw, in text or in an attribute value.
fn forbidden_char(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let c: &[u8] = rng.pick(&[
        &b"\x01"[..],
        &b"\x0b"[..],
        &b"\xef\xbf\xbe"[..],
        &b"\xff"[..],
        &b"\xc3"[..],
    ]);
    let text = data.clone();
    let at = if rng.chance(50) {
        text.windows(2).position(|w| w == b"=\"").map(|p| p + 2)
    } else {
        text.windows(2).rposition(|w| w == b"</")
    };
    let at = at.unwrap_or(text.len());
    data.splice(at..at, c.iter().copied());
    format!("character {c:?} in {part}")
}

/// A bad or misplaced declaration.
fn bad_declaration(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let d: &[u8] = rng.pick(&[
        &b"<?xml version=\"2.0\"?>"[..],
        &b"<?xml encoding=\"UTF-8\"?>"[..],
        &b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"[..],
        &b"<?xml version=\"1.0\" standalone=\"maybe\"?>"[..],
        &b" <?xml version=\"1.0\"?>"[..],
    ]);
    let end = data
        .windows(2)
        .position(|w| w == b"?>")
        .filter(|_| data.starts_with(b"<?xml"))
        .map(|p| p + 2)
        .unwrap_or(0);
    data.splice(0..end, d.iter().copied());
    format!("declaration in {part}")
}

/// An extreme attribute value: very long, or full of markup characters.
fn extreme_value(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let text = String::from_utf8_lossy(data).into_owned();
    let v = if rng.chance(50) {
        "W".repeat(rng.range(1000, 200_000) as usize)
    } else {
        "&quot;&lt;&gt;&amp;&#9;&#10;".repeat(50)
    };
    *data = text
        .replacen("name=\"", &format!("name=\"{v}"), 1)
        .replacen("val=\"", &format!("val=\"{v}"), 1)
        .into_bytes();
    format!("long value in {part}")
}

/// A relationship target changed: letter case, percent-encoding, external.
fn retarget(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let text = String::from_utf8_lossy(data).into_owned();
    let targets: Vec<usize> = text
        .match_indices("Target=\"")
        .map(|(p, _)| p + 8)
        .collect();
    if targets.is_empty() {
        return format!("no target in {part}");
    }
    let at = targets[rng.range(0, targets.len() as u64) as usize];
    let end = text[at..].find('"').map(|e| at + e).unwrap_or(at);
    let t = &text[at..end];
    let (new, what) = match rng.range(0, 4) {
        0 => (t.to_ascii_uppercase(), "upper case"),
        1 => (
            t.chars()
                .map(|c| {
                    if c.is_ascii_alphabetic() && rng.chance(30) {
                        format!("%{:02X}", c as u32)
                    } else {
                        c.to_string()
                    }
                })
                .collect(),
            "percent-encoded",
        ),
        2 => (format!("{t}\" TargetMode=\"External"), "external"),
        _ => (
            rng.pick(&[
                "../slides/slide1.xml",
                "../../docProps/app.xml",
                "../presentation.xml",
                "document.xml",
                "/[Content_Types].xml",
                "../../word/styles.xml",
            ])
            .to_string(),
            "to a part of ours",
        ),
    };
    let mut text = text.clone();
    text.replace_range(at..end, &new);
    *data = text.into_bytes();
    format!("target {what} in {part}")
}

/// Random bytes of markup.
fn stray_byte(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let a = rng.range(0, data.len() as u64 + 1) as usize;
    data.insert(
        a.min(data.len()),
        rng.pick(&[b'<', b'>', b'&', b'"', 0u8, 0xFF]),
    );
    format!("byte in {part}")
}

/// Mismatched or unclosed tags.
fn bad_tags(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    if rng.chance(50) {
        insert_inside_root(data, b"<a:q><a:r></a:q></a:r>");
    } else {
        insert_inside_root(data, b"<a:open>");
    }
    format!("tags in {part}")
}

/// UTF-16 (decoded by the reader), with or without a declaration saying so.
fn utf16(part: &str, data: &mut Vec<u8>, rng: &mut Rng) -> String {
    let text =
        String::from_utf8_lossy(data).replacen("encoding=\"UTF-8\"", "encoding=\"UTF-16\"", 1);
    let le = rng.chance(50);
    let mut out = if le {
        vec![0xFF, 0xFE]
    } else {
        vec![0xFE, 0xFF]
    };
    for u in text.encode_utf16() {
        out.extend(if le { u.to_le_bytes() } else { u.to_be_bytes() });
    }
    *data = out;
    format!("UTF-16 {part}")
}

/// A content type changed.
fn retype(parts: &mut [(String, Vec<u8>)], rng: &mut Rng) -> String {
    let ct = "[Content_Types].xml";
    if let Some(c) = parts.iter_mut().find(|(n, _)| n == ct) {
        let text = String::from_utf8_lossy(&c.1).into_owned();
        let types: Vec<usize> = text
            .match_indices("ContentType=\"")
            .map(|(p, _)| p + 13)
            .collect();
        if !types.is_empty() {
            let at = types[rng.range(0, types.len() as u64) as usize];
            let end = text[at..].find('"').map(|e| at + e).unwrap_or(at);
            let mut text = text.clone();
            text.replace_range(
                at..end,
                rng.pick(&[
                    "application/octet-stream",
                    "application/xml",
                    "application/vnd.openxmlformats-officedocument.presentationml.slide+xml",
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
                    "image/png",
                    "",
                ]),
            );
            c.1 = text.into_bytes();
        }
    }
    "content type changed".into()
}

/// Inserts `piece` into XML `data` just inside its root's last end tag (or at its end).
fn insert_before_last_end(data: &mut Vec<u8>, piece: &[u8]) {
    let at = data
        .windows(2)
        .rposition(|w| w == b"</")
        .unwrap_or(data.len());
    data.splice(at..at, piece.iter().copied());
}

/// Inserts `piece` after the first start tag's `>` past the declaration (inside the root).
fn insert_inside_root(data: &mut Vec<u8>, piece: &[u8]) {
    let start = data
        .windows(2)
        .position(|w| w == b"?>")
        .map(|p| p + 2)
        .unwrap_or(0);
    let at = data[start..]
        .iter()
        .position(|&b| b == b'>')
        .map(|p| start + p + 1)
        .unwrap_or(data.len());
    data.splice(at..at, piece.iter().copied());
}
