//! A template's package as the damage sees it: its entries unzipped in order, zipped back
//! (entries of one name and a deflate bomb included, which the zip writer refuses on its own).

use std::io::{Cursor, Read, Write};
use std::sync::OnceLock;

/// A template's entries, in their order.
pub(crate) fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
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

/// The parts zipped in order. Two entries of one name (which the zip writer refuses) are
/// written under a stand-in name of the same length and renamed in the archive's bytes.
pub(crate) fn rezip(parts: &[(String, Vec<u8>)], bomb: bool) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1));
    let mut seen = std::collections::BTreeSet::new();
    let mut renames = Vec::new();
    for (name, data) in parts {
        let stored = if seen.insert(name.clone()) {
            name.clone()
        } else {
            let stand_in: String = name
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { 'Q' } else { c })
                .collect();
            renames.push((stand_in.clone(), name.clone()));
            stand_in
        };
        if w.start_file(stored.as_str(), opts).is_err() {
            continue;
        }
        w.write_all(data).expect("write");
    }
    if bomb {
        let archive = bomb_archive();
        let mut z = zip::ZipArchive::new(Cursor::new(archive)).expect("bomb zip");
        let f = z.by_index_raw(0).expect("bomb entry");
        // The bomb takes a media part's place when the template has one related.
        let name = parts
            .iter()
            .map(|(n, _)| n.as_str())
            .find(|n| n.contains("/media/"))
            .unwrap_or("ppt/media/bomb.png")
            .to_string();
        if !seen.contains(&name) {
            let _ = w.raw_copy_file_rename(f, name);
        } else {
            let stand_in: String = name
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { 'Z' } else { c })
                .collect();
            if w.raw_copy_file_rename(f, stand_in.clone()).is_ok() {
                renames.push((stand_in, name));
            }
        }
    }
    let mut bytes = w.finish().expect("zip").into_inner();
    for (from, to) in renames {
        let (f, t) = (from.as_bytes(), to.as_bytes());
        let mut i = 0;
        while i + f.len() <= bytes.len() {
            if &bytes[i..i + f.len()] == f {
                bytes[i..i + f.len()].copy_from_slice(t);
                i += f.len();
            } else {
                i += 1;
            }
        }
    }
    bytes
}

/// A zip of one entry that inflates to 80 MiB of zeros (about 80 KB deflated), made once.
fn bomb_archive() -> Vec<u8> {
    static BOMB: OnceLock<Vec<u8>> = OnceLock::new();
    BOMB.get_or_init(|| {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .compression_level(Some(9))
            .large_file(false);
        w.start_file("bomb", opts).expect("entry");
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..80 {
            w.write_all(&zeros).expect("write");
        }
        w.finish().expect("zip").into_inner()
    })
    .clone()
}
