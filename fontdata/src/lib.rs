//! The fonts specrender ships (`fonts/data/`, licences beside them there), as bytes compiled
//! into the program, so a binary or a Python wheel runs from any folder: copied into a
//! container, installed with `cargo install`, built on one machine and run on another.
//!
//! [`FILES`] lists them in the order the font book loads a folder (paths sorted the way
//! `PathBuf` sorts, recursively), so face ids — and every output byte — are the same whether
//! the fonts are read from these bytes or from the folder. A test keeps the list equal to the
//! folder. The bytes sit in the program's read-only data: the operating system maps them and
//! reads in only the pages a job touches (names and metrics at start-up, a face's `cmap` and
//! shaping tables on first use), as it would read the files.

/// (path under `fonts/data/`, file contents), in load order.
pub static FILES: &[(&str, &[u8])] = &[
    (
        "Carlito-Bold.ttf",
        include_bytes!("../../fonts/data/Carlito-Bold.ttf"),
    ),
    (
        "Carlito-Regular.ttf",
        include_bytes!("../../fonts/data/Carlito-Regular.ttf"),
    ),
    (
        "NotoColorEmoji.ttf",
        include_bytes!("../../fonts/data/NotoColorEmoji.ttf"),
    ),
    (
        "NotoSansArabic-Bold.ttf",
        include_bytes!("../../fonts/data/NotoSansArabic-Bold.ttf"),
    ),
    (
        "NotoSansArabic-Regular.ttf",
        include_bytes!("../../fonts/data/NotoSansArabic-Regular.ttf"),
    ),
    (
        "NotoSansCJK-Bold.ttc",
        include_bytes!("../../fonts/data/NotoSansCJK-Bold.ttc"),
    ),
    (
        "NotoSansCJK-Regular.ttc",
        include_bytes!("../../fonts/data/NotoSansCJK-Regular.ttc"),
    ),
    (
        "NotoSansDevanagari-Bold.ttf",
        include_bytes!("../../fonts/data/NotoSansDevanagari-Bold.ttf"),
    ),
    (
        "NotoSansDevanagari-Regular.ttf",
        include_bytes!("../../fonts/data/NotoSansDevanagari-Regular.ttf"),
    ),
    (
        "NotoSansHebrew-Bold.ttf",
        include_bytes!("../../fonts/data/NotoSansHebrew-Bold.ttf"),
    ),
    (
        "NotoSansHebrew-Regular.ttf",
        include_bytes!("../../fonts/data/NotoSansHebrew-Regular.ttf"),
    ),
    (
        "NotoSansThai-Bold.ttf",
        include_bytes!("../../fonts/data/NotoSansThai-Bold.ttf"),
    ),
    (
        "NotoSansThai-Regular.ttf",
        include_bytes!("../../fonts/data/NotoSansThai-Regular.ttf"),
    ),
    (
        "metric/Caladea-Bold.ttf",
        include_bytes!("../../fonts/data/metric/Caladea-Bold.ttf"),
    ),
    (
        "metric/Caladea-Regular.ttf",
        include_bytes!("../../fonts/data/metric/Caladea-Regular.ttf"),
    ),
    (
        "metric/LiberationMono-Bold.ttf",
        include_bytes!("../../fonts/data/metric/LiberationMono-Bold.ttf"),
    ),
    (
        "metric/LiberationMono-Regular.ttf",
        include_bytes!("../../fonts/data/metric/LiberationMono-Regular.ttf"),
    ),
    (
        "metric/LiberationSans-Bold.ttf",
        include_bytes!("../../fonts/data/metric/LiberationSans-Bold.ttf"),
    ),
    (
        "metric/LiberationSans-Regular.ttf",
        include_bytes!("../../fonts/data/metric/LiberationSans-Regular.ttf"),
    ),
    (
        "metric/LiberationSerif-Bold.ttf",
        include_bytes!("../../fonts/data/metric/LiberationSerif-Bold.ttf"),
    ),
    (
        "metric/LiberationSerif-Regular.ttf",
        include_bytes!("../../fonts/data/metric/LiberationSerif-Regular.ttf"),
    ),
];

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                collect(&p, out);
            } else if p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
                matches!(
                    e.to_ascii_lowercase().as_str(),
                    "ttf" | "otf" | "ttc" | "otc"
                )
            }) {
                out.push(p);
            }
        }
    }

    #[test]
    fn the_list_is_the_shipped_folder_in_load_order() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fonts/data");
        let mut files = Vec::new();
        collect(&root, &mut files);
        let names: Vec<String> = files
            .iter()
            .map(|p| {
                p.strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        let listed: Vec<&str> = super::FILES.iter().map(|(n, _)| *n).collect();
        assert_eq!(listed, names);
        for (name, bytes) in super::FILES {
            assert_eq!(std::fs::read(root.join(name)).unwrap(), *bytes, "{name}");
        }
    }
}
