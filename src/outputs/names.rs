//! What outputs are called: the extension rule (a deck's `.pptx`, a document's `.docx`, a
//! PDF's `.pdf`) and slide previews' `NNN-<slide id>.png`, with an earlier run's stale ones.

use std::fs;
use std::path::{Path, PathBuf};

/// The extension rule: a SlideSpec renders to a `.pptx`, a DocSpec to a `.docx` (`ext`, any
/// case), so a file's name never says another format than its bytes. `None` when `path` is
/// named right, else the usage error. See [`extension_error_for_target`] for the CLI's
/// exemption of special files.
pub fn extension_error(path: &Path, ext: &str) -> Option<String> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
    {
        return None;
    }
    let what = match ext {
        "docx" => "a DocSpec renders to a DOCX",
        "pdf" => "the PDF is written to a .pdf file",
        _ => "a SlideSpec renders to a PPTX",
    };
    Some(format!(
        "output {} must end in .{ext}: {what}",
        path.display()
    ))
}

/// [`extension_error`], except that an existing FIFO, device or socket (`/dev/stdout`, written
/// in place) takes either format: it has no name to mislead with.
pub fn extension_error_for_target(path: &Path, ext: &str) -> Option<String> {
    let special = fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir());
    if special {
        return None;
    }
    extension_error(path, ext)
}

/// Whether `name` is a slide preview's file name as specrender makes it: `NNN-<slide id>.png`,
/// three or more ASCII digits, a hyphen, then only ASCII letters, digits, `-` and `_`.
pub fn is_slide_png_name(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".png") else {
        return false;
    };
    let Some((num, id)) = stem.split_once('-') else {
        return false;
    };
    num.len() >= 3
        && num.bytes().all(|b| b.is_ascii_digit())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The slide previews of an earlier run in `dir`: regular files (not links, not folders) named
/// as ours ([`is_slide_png_name`]) that are not among `written` (this run's outputs). Sorted.
/// `written` is compared by file name: this run's PNGs are all in `dir`, and their planned paths
/// may be spelled otherwise than `dir` (absolute where `dir` is relative: compared as paths,
/// `preview -o out` removed every PNG it had just written).
pub fn stale_slide_pngs(dir: &Path, written: &[&Path]) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let names: Vec<&std::ffi::OsStr> = written.iter().filter_map(|p| p.file_name()).collect();
    let mut out: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_str().is_some_and(is_slide_png_name))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| !names.contains(&e.file_name().as_os_str()))
        .map(|e| dir.join(e.file_name()))
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod slide_png_tests {
    use super::{is_slide_png_name, stale_slide_pngs};

    #[test]
    fn this_runs_pngs_are_not_stale_however_their_folder_is_spelled() {
        // A relative folder (as `preview -o out` gives it) and the written paths absolute.
        let dir = std::path::Path::new("target/stale-slide-pngs-test");
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).unwrap();
        for f in ["001-s1.png", "002-s2.png", "003-old.png", "sheet.png"] {
            std::fs::write(dir.join(f), b"png").unwrap();
        }
        let abs = std::fs::canonicalize(dir).unwrap();
        let written = [abs.join("001-s1.png"), abs.join("002-s2.png")];
        let written: Vec<&std::path::Path> = written.iter().map(|p| p.as_path()).collect();
        assert_eq!(
            stale_slide_pngs(dir, &written),
            vec![dir.join("003-old.png")]
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn only_our_slide_png_names_match() {
        for ours in ["001-s1.png", "012-intro_2.png", "1000-a-b.png", "001-.png"] {
            assert!(is_slide_png_name(ours), "{ours}");
        }
        for theirs in [
            "01-s1.png",
            "001-s1.PNG",
            "001-s 1.png",
            "001s1.png",
            "abc-s1.png",
            "001-s1.png.bak",
            "sheet.png",
            "001-é.png",
        ] {
            assert!(!is_slide_png_name(theirs), "{theirs}");
        }
    }
}
