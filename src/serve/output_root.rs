//! `serve --output-root DIR`: the one folder every `render` request's `output` is written
//! under, by the assets loader's rules ([`specrender_spec::assets`]): the path is normalised
//! lexically first ([`normalize`]: `..` above the root, and absolute paths, refused before
//! any system call — an absolute path is accepted only when it names a place inside the
//! root's own path), then every access goes through the root's directory handle (cap-std:
//! `openat2(RESOLVE_BENEATH)` on Linux), so a symbolic link leading out of the root is refused
//! by the kernel. The target itself must be a new name or a regular file (a link, a folder, a
//! FIFO or a device is refused: a FIFO could block the worker); the bytes go to a temporary
//! file created exclusively beside it, synced, then renamed over it.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions};
use specrender_spec::assets::{normalize, Reason, Refusal};

/// The output root of a worker, opened once at start.
#[derive(Debug)]
pub struct OutputRoot {
    dir: Dir,
    /// The root's canonical path (to accept absolute paths inside it).
    canonical: PathBuf,
}

impl OutputRoot {
    pub fn open(root: &Path) -> io::Result<OutputRoot> {
        let canonical = std::fs::canonicalize(root)?;
        let dir = Dir::open_ambient_dir(&canonical, ambient_authority())?;
        Ok(OutputRoot { dir, canonical })
    }

    /// The root's canonical path.
    pub fn path(&self) -> &Path {
        &self.canonical
    }

    /// The normalised path, relative to the root, that `requested` names.
    pub fn confine(&self, requested: &str) -> Result<String, Refusal> {
        let p = Path::new(requested);
        if p.is_absolute() {
            let inside = p.strip_prefix(&self.canonical).map_err(|_| {
                Refusal::new(
                    Reason::OutsideRoot,
                    format!(
                        "{requested} is outside the output root {}",
                        self.canonical.display()
                    ),
                )
            })?;
            let rel = inside.to_str().unwrap_or_default();
            return normalize(rel);
        }
        normalize(requested)
    }

    /// Write `bytes` to `rel` (from [`OutputRoot::confine`]) under the root.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<(), Refusal> {
        match self.dir.symlink_metadata(rel) {
            Ok(m) if m.is_file() => {}
            Ok(m) => {
                let what = if m.is_symlink() {
                    "a symbolic link"
                } else if m.is_dir() {
                    "a folder"
                } else {
                    "not a regular file (a FIFO, socket or device)"
                };
                return Err(Refusal::new(
                    Reason::NotAFile,
                    format!("{rel} is {what}: not replaced"),
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(refusal(rel, &e)),
        }
        let tmp = self.create_temp(rel)?;
        let done = (|| {
            let mut f = self.dir.open_with(&tmp, OpenOptions::new().write(true))?;
            f.write_all(bytes)?;
            f.sync_all()?;
            self.dir.rename(&tmp, &self.dir, rel)
        })();
        done.map_err(|e| {
            let _ = self.dir.remove_file(&tmp);
            refusal(rel, &e)
        })
    }

    /// Create the folder `rel` (from [`OutputRoot::confine`]) and its parents under the root.
    pub fn create_dir_all(&self, rel: &str) -> Result<(), Refusal> {
        self.dir.create_dir_all(rel).map_err(|e| refusal(rel, &e))
    }

    /// A new, empty temporary file beside `rel` (created exclusively: never through a link).
    fn create_temp(&self, rel: &str) -> Result<String, Refusal> {
        let (dir, name) = match rel.rfind('/') {
            Some(i) => (&rel[..=i], &rel[i + 1..]),
            None => ("", rel),
        };
        for n in 0..100 {
            let tmp = format!("{dir}.{name}.tmp-{}-{n}", std::process::id());
            let mut o = OpenOptions::new();
            o.write(true).create_new(true);
            match self.dir.open_with(&tmp, &o) {
                Ok(_) => return Ok(tmp),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(refusal(rel, &e)),
            }
        }
        Err(Refusal::new(
            Reason::Unreadable,
            format!("{rel}: no free temporary name"),
        ))
    }
}

/// An I/O error of a confined access as a refusal (cap-std reports an escape through a link
/// as "... outside of the filesystem").
fn refusal(rel: &str, e: &io::Error) -> Refusal {
    let msg = e.to_string();
    if msg.contains("outside of the filesystem") || e.raw_os_error() == Some(40) {
        return Refusal::new(
            Reason::OutsideRoot,
            format!("{rel} leads outside the output root (a symbolic link out of it)"),
        );
    }
    match e.kind() {
        io::ErrorKind::NotFound => Refusal::new(
            Reason::NotFound,
            format!("{rel}: its folder does not exist in the output root"),
        ),
        _ => Refusal::new(Reason::Unreadable, format!("cannot write {rel}: {msg}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(name: &str) -> (PathBuf, OutputRoot) {
        let d =
            std::env::temp_dir().join(format!("specrender-outroot-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("sub")).unwrap();
        let r = OutputRoot::open(&d).unwrap();
        (d, r)
    }

    #[test]
    fn confines_paths() {
        let (d, r) = root("confine");
        assert_eq!(r.confine("sub/./x.pptx").unwrap(), "sub/x.pptx");
        assert_eq!(
            r.confine(d.join("sub/x.pptx").to_str().unwrap()).unwrap(),
            "sub/x.pptx"
        );
        for bad in ["../x.pptx", "/etc/x.pptx", "sub/../../x"] {
            assert_eq!(
                r.confine(bad).unwrap_err().reason,
                Reason::OutsideRoot,
                "{bad}"
            );
        }
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn writes_inside_and_refuses_links_out() {
        let (d, r) = root("write");
        r.write("sub/a.pptx", b"one").unwrap();
        r.write("sub/a.pptx", b"two").unwrap();
        assert_eq!(std::fs::read(d.join("sub/a.pptx")).unwrap(), b"two");
        let outside =
            std::env::temp_dir().join(format!("specrender-outside-{}", std::process::id()));
        std::fs::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, d.join("out")).unwrap();
        let e = r.write("out/x.pptx", b"x").unwrap_err();
        assert_eq!(e.reason, Reason::OutsideRoot, "{e}");
        assert!(std::fs::read_dir(&outside).unwrap().next().is_none());
        std::os::unix::fs::symlink(d.join("sub/a.pptx"), d.join("link.pptx")).unwrap();
        assert_eq!(
            r.write("link.pptx", b"x").unwrap_err().reason,
            Reason::NotAFile
        );
        assert_eq!(r.write("sub", b"x").unwrap_err().reason, Reason::NotAFile);
        assert_eq!(
            r.write("nope/x.pptx", b"x").unwrap_err().reason,
            Reason::NotFound
        );
        let mut names: Vec<_> = std::fs::read_dir(d.join("sub"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["a.pptx"]);
        std::fs::remove_dir_all(&d).unwrap();
        std::fs::remove_dir_all(&outside).unwrap();
    }
}
