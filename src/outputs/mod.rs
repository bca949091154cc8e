//! Safe outputs (docs/guide/limits.md, Guarantees): every output of a run is written to a temporary file beside its
//! target and renamed into place only when all of them (and the report on stdout) are
//! complete; a failure removes the temporary files and puts back what a rename replaced, so a
//! failed run leaves no new or changed file.
//!
//! Before any work, [`plan`] settles each target: an output naming the input or another output
//! (the same file by path, symbolic link or hard link, or stdout twice) is refused; a target
//! that exists and is not a regular file (a FIFO, a device, `/dev/stdout`) is written in place,
//! never replaced; a symbolic link to a regular file is followed (the file it names is
//! replaced, the link stays); a folder, or a missing folder, is refused. Temporary files are
//! created exclusively (`O_EXCL`: never through a planted link).

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

mod names;
pub use names::*;

/// Why outputs cannot be planned or written.
#[derive(Debug)]
pub enum OutputError {
    /// A usage mistake found before any work (exit code 2): an output naming the input or
    /// another output.
    Conflict(String),
    /// The environment (exit code 3): a folder that is missing, a target that is a folder, an
    /// I/O failure while writing.
    Io(String),
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutputError::Conflict(m) | OutputError::Io(m) => f.write_str(m),
        }
    }
}

/// How one target is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Temporary file in the same folder, then renamed over `path` (symbolic links resolved).
    Replace { path: PathBuf },
    /// An existing FIFO, device or socket: opened and written in place.
    InPlace { path: PathBuf },
    /// The process's stdout.
    Stdout,
}

/// A file's identity: (device, inode) where the platform has them, else its canonical path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Id {
    Node(u64, u64),
    Path(PathBuf),
}

#[cfg(unix)]
fn node_id(m: &fs::Metadata) -> Option<Id> {
    use std::os::unix::fs::MetadataExt;
    Some(Id::Node(m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn node_id(_: &fs::Metadata) -> Option<Id> {
    None
}

/// The identity of what stdout (or stdin) is, when the platform can tell.
fn std_stream_id(name: &str) -> Option<Id> {
    fs::metadata(Path::new("/dev").join(name))
        .ok()
        .and_then(|m| node_id(&m))
}

/// The identity of an input argument (`-` = stdin).
fn input_id(input: &str) -> Option<Id> {
    if input == "-" {
        return std_stream_id("stdin");
    }
    let p = Path::new(input);
    match fs::metadata(p) {
        Ok(m) => node_id(&m).or_else(|| fs::canonicalize(p).ok().map(Id::Path)),
        Err(_) => None,
    }
}

/// Settle one output path: how it is written and what it is.
fn settle(path: &Path) -> Result<(Target, Id), OutputError> {
    let io = |what: &str, e: io::Error| {
        OutputError::Io(format!("cannot write {}: {what}: {e}", path.display()))
    };
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(OutputError::Io(format!(
            "cannot write {}: it is a folder",
            path.display()
        ))),
        Ok(m) => {
            let canon = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            let id = node_id(&m).unwrap_or(Id::Path(canon.clone()));
            if m.is_file() {
                Ok((Target::Replace { path: canon }, id))
            } else {
                Ok((
                    Target::InPlace {
                        path: path.to_path_buf(),
                    },
                    id,
                ))
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if fs::symlink_metadata(path).is_ok() {
                return Err(io("a symbolic link to nothing", e));
            }
            let name = path.file_name().ok_or_else(|| io("not a file name", e))?;
            let parent = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            let dir = fs::canonicalize(parent).map_err(|e| io("its folder", e))?;
            let full = dir.join(name);
            Ok((Target::Replace { path: full.clone() }, Id::Path(full)))
        }
        Err(e) => Err(io("cannot inspect it", e)),
    }
}

/// Plan the outputs of one run. `outputs` are the named files in order; `stdout` says whether
/// the run also prints a report on stdout. Refuses (Conflict) an output naming the input or
/// another output.
pub fn plan(input: &str, outputs: &[&Path], stdout: bool) -> Result<Vec<Target>, OutputError> {
    let input_id = input_id(input);
    let mut seen: Vec<(Id, String)> = Vec::new();
    if stdout {
        if let Some(id) = std_stream_id("stdout") {
            seen.push((id, "stdout (the report)".to_string()));
        }
    }
    let mut targets = Vec::with_capacity(outputs.len());
    for path in outputs {
        let (target, id) = settle(path)?;
        if input_id.as_ref() == Some(&id) {
            return Err(OutputError::Conflict(format!(
                "output {} is the input {input}: refusing to overwrite it",
                path.display()
            )));
        }
        if let Some((_, other)) = seen.iter().find(|(s, _)| *s == id) {
            return Err(OutputError::Conflict(format!(
                "output {} is the same file as {other}: every output needs its own file",
                path.display()
            )));
        }
        seen.push((id, path.display().to_string()));
        targets.push(target);
    }
    Ok(targets)
}

/// A writer that makes an output's bytes into its file as it goes (the `--layout` JSON: never
/// held in memory whole); called once per target, it must write the same bytes whenever called.
pub type Stream<'a> = &'a (dyn Fn(&mut dyn Write) -> io::Result<()> + Sync);

/// What one temporary file gets: bytes already made, or a [`Stream`].
#[derive(Clone, Copy)]
enum Body<'a> {
    Bytes(&'a [u8]),
    /// Bytes in pieces, written in order (one `writev` for a file).
    Pieces(&'a [&'a [u8]]),
    Stream(Stream<'a>),
}

impl Body<'_> {
    /// Write the whole body into `w` (buffered for a stream) and flush it.
    fn write_into(&self, w: &mut dyn Write) -> io::Result<()> {
        match self {
            Body::Bytes(b) => w.write_all(b)?,
            Body::Pieces(p) => {
                let mut slices: Vec<io::IoSlice<'_>> =
                    p.iter().map(|s| io::IoSlice::new(s)).collect();
                let mut left = &mut slices[..];
                io::IoSlice::advance_slices(&mut left, 0);
                while !left.is_empty() {
                    match w.write_vectored(left) {
                        Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                        Ok(n) => io::IoSlice::advance_slices(&mut left, n),
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            Body::Stream(f) => {
                let mut buf = io::BufWriter::with_capacity(64 * 1024, &mut *w);
                f(&mut buf)?;
                buf.flush()?;
            }
        }
        w.flush()
    }
}

/// Write every `(target, bytes)` together: temporary files first (created exclusively,
/// written and synced), then the in-place targets and stdout, then the renames; on any
/// failure the temporary files are removed and replaced files put back.
pub fn commit(files: &[(Target, &[u8])]) -> Result<(), OutputError> {
    commit_with(
        files
            .iter()
            .map(|(t, b)| (t.clone(), Content::Bytes(b)))
            .collect(),
    )
}

/// A temporary file written and synced ahead of [`commit_with`], beside the target it will
/// replace: the run's largest output (the package) is written while the rest of the run — QC,
/// its report — is still being made, so the disk's sync overlaps that work. Removed when
/// dropped without being committed (a run that fails after staging leaves nothing).
#[derive(Debug)]
pub struct Staged {
    tmp: Option<PathBuf>,
}

impl Staged {
    /// The temporary file's path (until committed or dropped).
    pub fn path(&self) -> Option<&Path> {
        self.tmp.as_deref()
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(t) = self.tmp.take() {
            let _ = fs::remove_file(t);
        }
    }
}

/// Write and sync `bytes` into a temporary file beside `target` now, to be renamed into place
/// by [`commit_with`] with the run's other outputs. Only a [`Target::Replace`] can be staged
/// (`None` for the others: an in-place target or stdout is written only once the whole run
/// has succeeded).
pub fn stage(target: &Target, bytes: &[u8]) -> Option<Result<Staged, OutputError>> {
    stage_body(target, &Body::Bytes(bytes))
}

/// [`stage`] for bytes in pieces, written in order (a package whose pictures are lent).
pub fn stage_pieces(target: &Target, pieces: &[&[u8]]) -> Option<Result<Staged, OutputError>> {
    stage_body(target, &Body::Pieces(pieces))
}

fn stage_body(target: &Target, body: &Body<'_>) -> Option<Result<Staged, OutputError>> {
    match target {
        Target::Replace { path } => Some(write_temp(path, body).map(|t| Staged { tmp: Some(t) })),
        Target::InPlace { .. } | Target::Stdout => None,
    }
}

/// What [`commit_with`] writes to a target: bytes, bytes written as they are made
/// ([`Stream`]), a file [`stage`] already wrote for it, or one being staged elsewhere (a
/// thread's join), waited for once the other temporary files are written.
pub enum Content<'a> {
    Bytes(&'a [u8]),
    Pieces(&'a [&'a [u8]]),
    Stream(Stream<'a>),
    Staged(Staged),
    Later(Box<dyn FnOnce() -> Result<Staged, OutputError> + 'a>),
}

impl std::fmt::Debug for Content<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Content::Bytes(b) => write!(f, "Bytes({} bytes)", b.len()),
            Content::Pieces(p) => write!(f, "Pieces({} pieces)", p.len()),
            Content::Stream(_) => f.write_str("Stream"),
            Content::Staged(s) => write!(f, "Staged({s:?})"),
            Content::Later(_) => f.write_str("Later"),
        }
    }
}

/// [`commit`] where some outputs were staged already ([`stage`]). Of the temporary files
/// still to write, all but the first are written on threads of their own, so their syncs wait
/// for the disk together rather than one after another.
pub fn commit_with(mut files: Vec<(Target, Content<'_>)>) -> Result<(), OutputError> {
    // The staged files are this function's from here on: removed on failure, renamed on success.
    let mut temps: Vec<Option<PathBuf>> = vec![None; files.len()];
    let mut staged_bad = None;
    for (i, (target, content)) in files.iter_mut().enumerate() {
        if let Content::Staged(s) = content {
            temps[i] = s.tmp.take();
            if !matches!(target, Target::Replace { .. }) {
                staged_bad = Some(OutputError::Io(
                    "internal: a staged output for a target that is not replaced".into(),
                ));
            }
        }
    }
    let to_write: Vec<(usize, &Path, Body<'_>)> = files
        .iter()
        .enumerate()
        .filter_map(|(i, (target, content))| match (target, content) {
            (Target::Replace { path }, Content::Bytes(b)) => {
                Some((i, path.as_path(), Body::Bytes(b)))
            }
            (Target::Replace { path }, Content::Pieces(p)) => {
                Some((i, path.as_path(), Body::Pieces(p)))
            }
            (Target::Replace { path }, Content::Stream(f)) => {
                Some((i, path.as_path(), Body::Stream(*f)))
            }
            _ => None,
        })
        .collect();
    let fail = |temps: &[Option<PathBuf>], e: OutputError| {
        for t in temps.iter().flatten() {
            let _ = fs::remove_file(t);
        }
        Err(e)
    };
    if let Some(e) = staged_bad {
        return fail(&temps, e);
    }
    let written: Vec<(usize, Result<PathBuf, OutputError>)> = std::thread::scope(|s| {
        let mut rest = to_write.iter();
        let first = rest.next();
        let handles: Vec<_> = rest
            .map(|&(i, path, bytes)| (i, s.spawn(move || write_temp(path, &bytes))))
            .collect();
        let mut out = Vec::with_capacity(to_write.len());
        if let Some(&(i, path, bytes)) = first {
            out.push((i, write_temp(path, &bytes)));
        }
        for (i, h) in handles {
            let r = h.join().unwrap_or_else(|_| {
                Err(OutputError::Io("internal: a writer thread panicked".into()))
            });
            out.push((i, r));
        }
        out
    });
    let mut first_err = None;
    for (i, r) in written {
        match r {
            Ok(t) => temps[i] = Some(t),
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    // The files staged elsewhere, waited for now (each one, even after a failure, so that its
    // temporary file is removed with the others).
    for (i, (target, content)) in files.iter_mut().enumerate() {
        if !matches!(content, Content::Later(_)) {
            continue;
        }
        let Content::Later(wait) = std::mem::replace(content, Content::Bytes(&[])) else {
            unreachable!("matched above")
        };
        match wait() {
            Ok(mut s) => {
                temps[i] = s.tmp.take();
                if !matches!(target, Target::Replace { .. }) {
                    first_err.get_or_insert(OutputError::Io(
                        "internal: a staged output for a target that is not replaced".into(),
                    ));
                }
            }
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    if let Some(e) = first_err {
        return fail(&temps, e);
    }
    for (target, content) in &files {
        let r = match (target, content) {
            (Target::InPlace { path }, Content::Bytes(b)) => write_in_place(path, &Body::Bytes(b)),
            (Target::InPlace { path }, Content::Pieces(p)) => {
                write_in_place(path, &Body::Pieces(p))
            }
            (Target::InPlace { path }, Content::Stream(f)) => {
                write_in_place(path, &Body::Stream(*f))
            }
            (Target::Stdout, Content::Bytes(b)) => write_stdout(&Body::Bytes(b)),
            (Target::Stdout, Content::Pieces(p)) => write_stdout(&Body::Pieces(p)),
            (Target::Stdout, Content::Stream(f)) => write_stdout(&Body::Stream(*f)),
            _ => Ok(()),
        };
        if let Err(e) = r {
            return fail(&temps, e);
        }
    }
    let targets: Vec<&Target> = files.iter().map(|(t, _)| t).collect();
    rename_all(&targets, &temps)
}

/// The renames, undone on the first failure.
fn rename_all(targets: &[&Target], temps: &[Option<PathBuf>]) -> Result<(), OutputError> {
    // (target, backup of what it replaced)
    let mut done: Vec<(&Path, Option<PathBuf>)> = Vec::new();
    for (i, target) in targets.iter().enumerate() {
        let (Target::Replace { path }, Some(tmp)) = (target, &temps[i]) else {
            continue;
        };
        let r = backup(path).and_then(|b| {
            fs::rename(tmp, path)
                .map(|()| b.clone())
                .map_err(|e| (e, b))
                .map_err(|(e, b)| {
                    if let Some(b) = b {
                        let _ = fs::rename(b, path);
                    }
                    e
                })
        });
        match r {
            Ok(b) => done.push((path, b)),
            Err(e) => {
                for (p, b) in done.into_iter().rev() {
                    match b {
                        Some(b) => {
                            let _ = fs::rename(b, p);
                        }
                        None => {
                            let _ = fs::remove_file(p);
                        }
                    }
                }
                for t in temps[i..].iter().flatten() {
                    let _ = fs::remove_file(t);
                }
                return Err(OutputError::Io(format!(
                    "cannot write {}: {e}",
                    path.display()
                )));
            }
        }
    }
    // Each folder once (the outputs of a run usually share one: a sync waits for the disk).
    let mut synced: Vec<&Path> = Vec::new();
    for (p, b) in done {
        if let Some(b) = b {
            let _ = fs::remove_file(b);
        }
        let dir = folder_of(p);
        if !synced.contains(&dir) {
            sync_dir(dir);
            synced.push(dir);
        }
    }
    Ok(())
}

/// Move an existing regular file aside (hard link to a backup name) so a failed run can put it
/// back; `None` when there is nothing to keep.
fn backup(path: &Path) -> io::Result<Option<PathBuf>> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => {
            let b = sibling(path, "bak", 0);
            let _ = fs::remove_file(&b);
            // A copy where the file system has no hard links.
            fs::hard_link(path, &b).or_else(|_| fs::copy(path, &b).map(|_| ()))?;
            Ok(Some(b))
        }
        _ => Ok(None),
    }
}

/// `.NAME.<what>-<pid>[-n]` beside `path`.
fn sibling(path: &Path, what: &str, n: u32) -> PathBuf {
    let mut name = OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(".{what}-{}", std::process::id()));
    if n > 0 {
        name.push(format!("-{n}"));
    }
    path.with_file_name(name)
}

fn write_temp(path: &Path, bytes: &Body<'_>) -> Result<PathBuf, OutputError> {
    let err = |e: io::Error| OutputError::Io(format!("cannot write {}: {e}", path.display()));
    let mut n = 0;
    let (tmp, mut f) = loop {
        let tmp = sibling(path, "tmp", n);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(err(e)),
        }
    };
    let r = (|| {
        if let Ok(m) = fs::metadata(path) {
            f.set_permissions(m.permissions())?;
        }
        bytes.write_into(&mut f)?;
        f.sync_all()
    })();
    match r {
        Ok(()) => Ok(tmp),
        Err(e) => {
            drop(f);
            let _ = fs::remove_file(&tmp);
            Err(err(e))
        }
    }
}

fn write_in_place(path: &Path, bytes: &Body<'_>) -> Result<(), OutputError> {
    OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|mut f| bytes.write_into(&mut f))
        .map_err(|e| OutputError::Io(format!("cannot write {}: {e}", path.display())))
}

fn write_stdout(bytes: &Body<'_>) -> Result<(), OutputError> {
    if stdout_closed() {
        return Err(OutputError::Io(
            "stdout is closed, so the report would be lost; give it a file (--qc FILE) or open stdout"
                .into(),
        ));
    }
    let mut out = io::stdout().lock();
    bytes
        .write_into(&mut out)
        .and_then(|()| out.flush())
        .map_err(|e| {
            note_stdout_error(&e);
            OutputError::Io(format!("cannot write stdout: {e}"))
        })
}

static STDOUT_BROKEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Records a failed write to stdout: `true` (and [`stdout_broken`] from then on) when its
/// reader went away (`EPIPE`, as in `specrender themes --json | head -1`).
pub fn note_stdout_error(e: &io::Error) -> bool {
    let broken = e.kind() == io::ErrorKind::BrokenPipe;
    if broken {
        STDOUT_BROKEN.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    broken
}

/// True once a write to stdout failed because its reader went away. The CLI then ends
/// quietly with exit code 141 (as a process stopped by `SIGPIPE`), whatever it was doing;
/// the outputs of that run are not written (the report is one of them).
pub fn stdout_broken() -> bool {
    STDOUT_BROKEN.load(std::sync::atomic::Ordering::Relaxed)
}

/// True when the process started with stdout closed. Rust's runtime reopens a closed fd 1 as
/// `/dev/null` read-write before `main`, so every write "succeeds" and a report sent there is
/// silently lost; a shell's `>/dev/null` opens it write-only and is taken as the caller's
/// choice. Linux only (`/proc/self/fdinfo/1`); elsewhere false. Hand-written: no crate exposes
/// the runtime's reopening, and `fcntl` would need `unsafe`.
pub fn stdout_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        let null = fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == Path::new("/dev/null"));
        if !null {
            return false;
        }
        let Ok(info) = fs::read_to_string("/proc/self/fdinfo/1") else {
            return false;
        };
        let flags = info
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
        // O_ACCMODE = 3, O_RDWR = 2.
        flags.is_some_and(|f| f & 3 == 2)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// The folder `path` is in.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Make the renames in `dir` durable (best effort: not every platform can open a folder).
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmpdir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("specrender-out-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    fn names(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn replaces_and_leaves_no_temp() {
        let d = tmpdir("replace");
        let p = d.join("out.pptx");
        fs::write(&p, b"old").unwrap();
        let t = plan("-nope", &[&p], false).unwrap();
        commit(&[(t[0].clone(), b"new")]).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"new");
        assert_eq!(names(&d), ["out.pptx"]);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_streamed_body_is_written_as_made_and_a_failing_one_leaves_nothing() {
        let d = tmpdir("stream");
        let (p, q) = (d.join("out.pptx"), d.join("layout.json"));
        fs::write(&q, b"old layout").unwrap();
        let t = plan("-nope", &[&p, &q], false).unwrap();
        let json = |w: &mut dyn Write| -> io::Result<()> {
            for i in 0..100_000 {
                write!(w, "{i},")?;
            }
            w.write_all(b"\n")
        };
        commit_with(vec![
            (t[0].clone(), Content::Bytes(b"pptx")),
            (t[1].clone(), Content::Stream(&json)),
        ])
        .unwrap();
        let mut want = Vec::new();
        json(&mut want).unwrap();
        assert_eq!(fs::read(&q).unwrap(), want);
        assert_eq!(fs::read(&p).unwrap(), b"pptx");
        // A stream that fails half-way: nothing new, the old files as they were.
        fs::write(&p, b"old pptx").unwrap();
        let broken = |w: &mut dyn Write| -> io::Result<()> {
            w.write_all(&[b'x'; 100_000])?;
            Err(io::Error::other("no more"))
        };
        let err = commit_with(vec![
            (t[0].clone(), Content::Bytes(b"new pptx")),
            (t[1].clone(), Content::Stream(&broken)),
        ]);
        assert!(err.is_err_and(|e| e.to_string().contains("no more")));
        assert_eq!(fs::read(&p).unwrap(), b"old pptx");
        assert_eq!(fs::read(&q).unwrap(), want);
        assert_eq!(names(&d), ["layout.json", "out.pptx"]);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_failed_rename_puts_everything_back() {
        let d = tmpdir("rollback");
        let a = d.join("a.pptx");
        fs::write(&a, b"old a").unwrap();
        let b = d.join("b.json");
        let targets = plan("-nope", &[&a, &b], false).unwrap();
        // b becomes a folder after planning: its rename fails, a must be put back.
        fs::create_dir(&b).unwrap();
        fs::write(b.join("x"), b"keep").unwrap();
        let err = commit(&[(targets[0].clone(), b"new a"), (targets[1].clone(), b"qc")]);
        assert!(matches!(err, Err(OutputError::Io(_))), "{err:?}");
        assert_eq!(fs::read(&a).unwrap(), b"old a");
        assert_eq!(names(&d), ["a.pptx", "b.json"]);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_staged_file_is_renamed_by_commit_or_removed_when_dropped() {
        let d = tmpdir("staged");
        let a = d.join("a.pptx");
        let b = d.join("b.json");
        fs::write(&a, b"old a").unwrap();
        let t = plan("-nope", &[&a, &b], false).unwrap();
        // Dropped uncommitted (the run failed after staging): nothing left, nothing replaced.
        let staged = stage(&t[0], b"new a").unwrap().unwrap();
        assert!(staged.path().is_some_and(Path::exists));
        drop(staged);
        assert_eq!(names(&d), ["a.pptx"]);
        assert_eq!(fs::read(&a).unwrap(), b"old a");
        // Committed with the run's other output.
        let staged = stage(&t[0], b"new a").unwrap().unwrap();
        commit_with(vec![
            (t[0].clone(), Content::Staged(staged)),
            (t[1].clone(), Content::Bytes(b"qc")),
        ])
        .unwrap();
        assert_eq!(fs::read(&a).unwrap(), b"new a");
        assert_eq!(fs::read(&b).unwrap(), b"qc");
        assert_eq!(names(&d), ["a.pptx", "b.json"]);
        // Stdout is never staged: it is written only once the whole run succeeded.
        assert!(stage(&Target::Stdout, b"x").is_none());
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn bytes_in_pieces_are_written_in_order_staged_or_not() {
        let d = tmpdir("pieces");
        let a = d.join("a.pptx");
        let b = d.join("b.pptx");
        fs::write(&a, b"old a").unwrap();
        // More pieces than one `writev` takes (IOV_MAX is 1024 on Linux), empty ones among them.
        let big = vec![7u8; 300_000];
        let mut pieces: Vec<&[u8]> = vec![b"head", &big, b"", b"mid"];
        pieces.extend(std::iter::repeat_n(&b"ab"[..], 2_000));
        pieces.push(&big);
        let want = pieces.concat();
        let t = plan("-nope", &[&a, &b], false).unwrap();
        let staged = stage_pieces(&t[0], &pieces).unwrap().unwrap();
        commit_with(vec![
            (t[0].clone(), Content::Staged(staged)),
            (t[1].clone(), Content::Pieces(&pieces)),
        ])
        .unwrap();
        assert!(fs::read(&a).unwrap() == want);
        assert!(fs::read(&b).unwrap() == want);
        assert_eq!(names(&d), ["a.pptx", "b.pptx"]);
        assert!(stage_pieces(&Target::Stdout, &pieces).is_none());
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_failed_commit_removes_the_staged_file_and_puts_back_what_it_replaced() {
        let d = tmpdir("staged-rollback");
        let a = d.join("a.pptx");
        fs::write(&a, b"old a").unwrap();
        let b = d.join("b.json");
        let targets = plan("-nope", &[&a, &b], false).unwrap();
        let staged = stage(&targets[0], b"new a").unwrap().unwrap();
        fs::create_dir(&b).unwrap();
        fs::write(b.join("x"), b"keep").unwrap();
        let err = commit_with(vec![
            (targets[0].clone(), Content::Staged(staged)),
            (targets[1].clone(), Content::Bytes(b"qc")),
        ]);
        assert!(matches!(err, Err(OutputError::Io(_))), "{err:?}");
        assert_eq!(fs::read(&a).unwrap(), b"old a");
        assert_eq!(names(&d), ["a.pptx", "b.json"]);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn conflicts_are_refused() {
        let d = tmpdir("conflict");
        let input = d.join("deck.json");
        fs::write(&input, b"{}").unwrap();
        let input_s = input.to_str().unwrap();
        let q = d.join("qc.json");
        assert!(matches!(
            plan(input_s, &[&input], false),
            Err(OutputError::Conflict(_))
        ));
        assert!(matches!(
            plan(input_s, &[&q, &d.join(".").join("qc.json")], false),
            Err(OutputError::Conflict(_))
        ));
        #[cfg(unix)]
        {
            let link = d.join("link.json");
            std::os::unix::fs::symlink(&input, &link).unwrap();
            assert!(matches!(
                plan(input_s, &[&link], false),
                Err(OutputError::Conflict(_))
            ));
            let hard = d.join("hard.json");
            fs::hard_link(&input, &hard).unwrap();
            assert!(matches!(
                plan(input_s, &[&hard], false),
                Err(OutputError::Conflict(_))
            ));
        }
        assert!(matches!(
            plan(input_s, &[&d], false),
            Err(OutputError::Io(_))
        ));
        assert!(matches!(
            plan(input_s, &[&d.join("no-folder").join("x")], false),
            Err(OutputError::Io(_))
        ));
        fs::remove_dir_all(&d).unwrap();
    }
}
