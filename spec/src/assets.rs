//! The assets loader: every byte specrender reads on behalf of a deck's `assets[]` comes
//! through one [`AssetRoot`], a folder opened once (`--assets DIR`, default the input file's
//! folder; `serve` uses its own assets root). Rules: docs/guide/input.md (assets) and docs/guide/serve.md.
//!
//! Rules, in the order they are applied:
//!
//! 1. The path is normalised *lexically* first: empty and `.` components dropped, `..` pops
//!    one component. An absolute path, a `..` that climbs above the root, an empty path or a
//!    NUL byte is refused ([`Reason::OutsideRoot`] / [`Reason::NotFound`]) before any system
//!    call — so nothing outside the root is ever opened, not even to test that it exists.
//! 2. The normalised path is opened relative to the root's directory handle with `cap-std`,
//!    which on Linux uses `openat2(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS)`: the kernel
//!    refuses any symlink that leads out of the root (and every absolute symlink, even one
//!    that would land back inside) without touching its target. Symlinks that stay inside
//!    are followed. Elsewhere cap-std resolves component by component with the same rule.
//! 3. The file's type is checked before opening (a confined `stat`) and again on the open
//!    handle (`fstat`): anything but a regular file — a folder, a FIFO, a socket, a device —
//!    is [`Reason::NotAFile`]. The open itself is `O_NONBLOCK | O_NOCTTY`, so a FIFO swapped
//!    in between the two checks cannot block the run and a terminal cannot be adopted.
//! 4. Size: a file larger than [`AssetRoot::max_bytes`] (default [`DEFAULT_MAX_ASSET_BYTES`])
//!    is [`Reason::TooLarge`] without being read; reading stops at the cap in any case (a file
//!    that grows while read is refused too).
//! 5. One job (a deck or a document: [`AssetJob`], [`AssetRoot::job`]) reads each distinct
//!    file once — by device and inode, so a second path or a symlink to it counts once — and
//!    every asset naming it shares the bytes ([`Arc`]); the distinct files of a job together
//!    stay under [`AssetRoot::max_job_bytes`] (default [`DEFAULT_MAX_JOB_ASSET_BYTES`]): a file
//!    that would pass it is [`Reason::TooLarge`] without being read.
//!
//! `url` assets are **never** fetched (workers have no network; no SSRF) and `generated`
//! assets have no path: both resolve to a file named after the `asset_id` in the root — the
//! id itself, else the id plus one of [`NAMED_EXTENSIONS`], tried in that order — else
//! [`Reason::NotFound`]. An `asset_id` that is not a single plain file name (`a/b`, `..`) is
//! [`Reason::OutsideRoot`]. A DocSpec figure's `asset_id` may also be a relative path with
//! folders: it is then confined exactly like a `file_id` ([`AssetRoot::load_figure`]).
//!
//! Decoding is not this module's job: the bytes come back as they are. The picture stage
//! reports [`Reason::Undecodable`] and [`Reason::UnsupportedFormat`] with the same
//! [`Refusal`] type, so every `missing_asset` issue carries one of these reasons.

use std::collections::HashMap;
use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions};
use serde::Serialize;

use crate::slidespec::{AssetRef, AssetSourceKind};

/// Largest asset file read, in bytes: 50 MiB.
pub const DEFAULT_MAX_ASSET_BYTES: u64 = 50 * 1024 * 1024;

/// Most bytes the distinct asset files of one job may hold together: 256 MiB. A file named
/// by several assets is read and counted once ([`AssetJob`]).
pub const DEFAULT_MAX_JOB_ASSET_BYTES: u64 = 256 * 1024 * 1024;

/// Extensions tried, in order, after the bare `asset_id` for `url` and `generated` assets.
pub const NAMED_EXTENSIONS: &[&str] = &[
    "png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "svg", "csv",
];

/// Why an asset was not used. The snake_case strings are API (QC `missing_asset` details).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The element names an `asset_id` that `assets[]` does not have.
    NotInAssets,
    /// No such file under the assets root (or no assets root was given).
    NotFound,
    /// The path leaves the root: absolute, `..` above the root, or a symlink leading out.
    OutsideRoot,
    /// A folder, FIFO, socket or device rather than a regular file.
    NotAFile,
    /// Larger than the byte cap, or an image over the pixel limits.
    TooLarge,
    /// Not readable as the format it claims to be (truncated, corrupt).
    Undecodable,
    /// A format specrender does not embed (e.g. SVG without a rasteriser, PDF).
    UnsupportedFormat,
    /// The file exists inside the root but reading it failed (permissions, I/O).
    Unreadable,
}

impl Reason {
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::NotInAssets => "not_in_assets",
            Reason::NotFound => "not_found",
            Reason::OutsideRoot => "outside_root",
            Reason::NotAFile => "not_a_file",
            Reason::TooLarge => "too_large",
            Reason::Undecodable => "undecodable",
            Reason::UnsupportedFormat => "unsupported_format",
            Reason::Unreadable => "unreadable",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refused asset: the reason (stable code) and one human line of detail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    pub reason: Reason,
    pub detail: String,
}

impl Refusal {
    pub fn new(reason: Reason, detail: impl Into<String>) -> Refusal {
        Refusal {
            reason,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.reason, self.detail)
    }
}

impl std::error::Error for Refusal {}

/// An asset's bytes as read, with the path (relative to the root, normalised) they came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadedAsset {
    pub path: String,
    pub bytes: Arc<[u8]>,
}

/// A folder every asset path is confined to. Cheap to share between threads (`&AssetRoot`).
#[derive(Debug)]
pub struct AssetRoot {
    dir: Dir,
    path: PathBuf,
    /// Largest file read, in bytes. Default: [`DEFAULT_MAX_ASSET_BYTES`].
    pub max_bytes: u64,
    /// Most bytes of distinct files one [`AssetJob`] reads together. Default:
    /// [`DEFAULT_MAX_JOB_ASSET_BYTES`].
    pub max_job_bytes: u64,
}

/// The files one job (one deck or document) has read: each distinct file (by device and
/// inode, so two paths or a symlink to one file count once) is read once and its bytes shared
/// ([`Arc`]) by every asset naming it; all of them together stay under
/// [`AssetRoot::max_job_bytes`] — past it an asset is [`Reason::TooLarge`], unread.
#[derive(Debug)]
pub struct AssetJob<'r> {
    root: &'r AssetRoot,
    files: HashMap<FileKey, Arc<[u8]>>,
    /// Bytes of distinct files read so far.
    pub bytes_read: u64,
    /// Files actually read (not shared).
    pub files_read: usize,
}

/// What identifies a file: (device, inode) on Unix, the normalised path elsewhere.
type FileKey = (u64, u64, String);

impl AssetRoot {
    /// Open `root` (a folder) as the assets root. This is the only ambient path specrender
    /// opens for assets; every later access is relative to its handle.
    pub fn open(root: &Path) -> io::Result<AssetRoot> {
        let dir = Dir::open_ambient_dir(root, ambient_authority())?;
        Ok(AssetRoot {
            dir,
            path: root.to_path_buf(),
            max_bytes: DEFAULT_MAX_ASSET_BYTES,
            max_job_bytes: DEFAULT_MAX_JOB_ASSET_BYTES,
        })
    }

    /// The same root with another byte cap.
    pub fn with_max_bytes(mut self, max_bytes: u64) -> AssetRoot {
        self.max_bytes = max_bytes;
        self
    }

    /// The same root with another budget for one job's files together.
    pub fn with_max_job_bytes(mut self, max_job_bytes: u64) -> AssetRoot {
        self.max_job_bytes = max_job_bytes;
        self
    }

    /// A job reading through this root: files shared and counted together ([`AssetJob`]).
    pub fn job(&self) -> AssetJob<'_> {
        AssetJob {
            root: self,
            files: HashMap::new(),
            bytes_read: 0,
            files_read: 0,
        }
    }

    /// The folder as it was given to [`AssetRoot::open`].
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Load an `assets[]` entry on its own (a job of one asset; see [`AssetJob::load`]).
    pub fn load(&self, asset: &AssetRef) -> Result<LoadedAsset, Refusal> {
        self.job().load(asset)
    }

    /// Load the file at `rel` on its own (see [`AssetJob::load_path`]).
    pub fn load_path(&self, rel: &str) -> Result<LoadedAsset, Refusal> {
        self.job().load_path(rel)
    }

    /// The file named after `asset_id` on its own (see [`AssetJob::load_named`]).
    pub fn load_named(&self, asset_id: &str) -> Result<LoadedAsset, Refusal> {
        self.job().load_named(asset_id)
    }

    /// A DocSpec figure on its own (see [`AssetJob::load_figure`]).
    pub fn load_figure(&self, asset_id: &str) -> Result<LoadedAsset, Refusal> {
        self.job().load_figure(asset_id)
    }

    fn check_size(&self, norm: &str, len: u64) -> Result<(), Refusal> {
        if len > self.max_bytes {
            return Err(Refusal::new(
                Reason::TooLarge,
                format!(
                    "{norm} is over the asset size limit of {} bytes",
                    self.max_bytes
                ),
            ));
        }
        Ok(())
    }
}

impl AssetJob<'_> {
    /// Load an `assets[]` entry: `file` by its `file_id`; `url` and `generated` by a file
    /// named after the `asset_id` (a `url` is never fetched).
    pub fn load(&mut self, asset: &AssetRef) -> Result<LoadedAsset, Refusal> {
        match asset.source.kind {
            AssetSourceKind::File => match &asset.source.file_id {
                Some(f) => self.load_path(f),
                None => Err(Refusal::new(Reason::NotFound, "file asset without file_id")),
            },
            AssetSourceKind::Url | AssetSourceKind::Generated => self.load_named(&asset.asset_id),
        }
    }

    /// Load the file at `rel` (relative to the root) under the rules in the module docs.
    pub fn load_path(&mut self, rel: &str) -> Result<LoadedAsset, Refusal> {
        let norm = normalize(rel)?;
        self.read_confined(&norm)
    }

    /// The file named after `asset_id` in the root: the id itself, else the id plus each of
    /// [`NAMED_EXTENSIONS`] in order.
    pub fn load_named(&mut self, asset_id: &str) -> Result<LoadedAsset, Refusal> {
        let plain = !asset_id.is_empty()
            && asset_id != "."
            && asset_id != ".."
            && !asset_id.contains(['/', '\\', '\0']);
        if !plain {
            return Err(Refusal::new(
                Reason::OutsideRoot,
                format!("asset_id {asset_id:?} is not a plain file name"),
            ));
        }
        self.load_with_extensions(asset_id).unwrap_or_else(|| {
            Err(Refusal::new(
                Reason::NotFound,
                format!(
                    "no file named {asset_id:?} (or {asset_id}.png, .jpg, …) in the assets root; \
                     URLs are never fetched"
                ),
            ))
        })
    }

    /// A DocSpec figure's `asset_id` (DocSpec has no `assets[]`): a plain name resolves like
    /// [`AssetRoot::load_named`]; a relative path with folders (`assets/img-01.jpg`) resolves
    /// like a deck's `file_id` ([`AssetRoot::load_path`]: normalised, no `..` above the root,
    /// no absolute path, no symlink out of the root), then with each of [`NAMED_EXTENSIONS`]
    /// appended when the file itself is not there.
    pub fn load_figure(&mut self, asset_id: &str) -> Result<LoadedAsset, Refusal> {
        if !asset_id.contains('/') {
            return self.load_named(asset_id);
        }
        let norm = normalize(asset_id)?;
        self.load_with_extensions(&norm).unwrap_or_else(|| {
            Err(Refusal::new(
                Reason::NotFound,
                format!("no file {norm:?} (or {norm}.png, .jpg, …) in the assets root"),
            ))
        })
    }

    /// `norm` (normalised), else `norm` plus each of [`NAMED_EXTENSIONS`] in order; the first
    /// refusal other than [`Reason::NotFound`] is returned as it is; `None` when none exists.
    fn load_with_extensions(&mut self, norm: &str) -> Option<Result<LoadedAsset, Refusal>> {
        let candidates = std::iter::once(norm.to_string())
            .chain(NAMED_EXTENSIONS.iter().map(|e| format!("{norm}.{e}")));
        for name in candidates {
            match self.read_confined(&name) {
                Err(r) if r.reason == Reason::NotFound => continue,
                other => return Some(other),
            }
        }
        None
    }

    /// Stat, open (non-blocking, no controlling terminal), re-check and read `norm`, a
    /// normalised relative path.
    fn read_confined(&mut self, norm: &str) -> Result<LoadedAsset, Refusal> {
        let meta = self
            .root
            .dir
            .metadata(norm)
            .map_err(|e| io_refusal(norm, &e))?;
        if !meta.is_file() {
            return Err(not_a_file(norm));
        }
        self.root.check_size(norm, meta.len())?;
        if let Some(bytes) = self.files.get(&file_key(norm, &meta)) {
            return Ok(LoadedAsset {
                path: norm.to_string(),
                bytes: bytes.clone(),
            });
        }
        self.check_job(norm, meta.len())?;
        let mut opts = OpenOptions::new();
        opts.read(true);
        #[cfg(unix)]
        {
            use cap_std::fs::OpenOptionsExt;
            opts.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
        }
        let file = self
            .root
            .dir
            .open_with(norm, &opts)
            .map_err(|e| io_refusal(norm, &e))?;
        let meta = file.metadata().map_err(|e| io_refusal(norm, &e))?;
        if !meta.is_file() {
            return Err(not_a_file(norm));
        }
        self.root.check_size(norm, meta.len())?;
        let key = file_key(norm, &meta);
        if let Some(bytes) = self.files.get(&key) {
            return Ok(LoadedAsset {
                path: norm.to_string(),
                bytes: bytes.clone(),
            });
        }
        self.check_job(norm, meta.len())?;
        let bytes =
            read_shared(file, meta.len(), self.root.max_bytes).map_err(|e| io_refusal(norm, &e))?;
        self.root.check_size(norm, bytes.len() as u64)?;
        self.check_job(norm, bytes.len() as u64)?;
        self.bytes_read += bytes.len() as u64;
        self.files_read += 1;
        self.files.insert(key, bytes.clone());
        Ok(LoadedAsset {
            path: norm.to_string(),
            bytes,
        })
    }

    /// Refuses a file of `len` bytes that would take the job past its budget.
    fn check_job(&self, norm: &str, len: u64) -> Result<(), Refusal> {
        if self.bytes_read.saturating_add(len) > self.root.max_job_bytes {
            return Err(Refusal::new(
                Reason::TooLarge,
                format!(
                    "{norm} ({len} bytes) would take this job's assets past their limit of {} \
                     bytes together ({} bytes in {} files already read)",
                    self.root.max_job_bytes, self.bytes_read, self.files_read
                ),
            ));
        }
        Ok(())
    }
}

/// A file's identity: device and inode on Unix (two names of one file are one file).
#[cfg(unix)]
fn file_key(_norm: &str, meta: &cap_std::fs::Metadata) -> FileKey {
    use cap_std::fs::MetadataExt;
    (meta.dev(), meta.ino(), String::new())
}

/// A file's identity elsewhere: its normalised path.
#[cfg(not(unix))]
fn file_key(norm: &str, _meta: &cap_std::fs::Metadata) -> FileKey {
    (0, 0, norm.to_string())
}

fn not_a_file(norm: &str) -> Refusal {
    Refusal::new(
        Reason::NotAFile,
        format!("{norm} is not a regular file (a folder, FIFO, socket or device)"),
    )
}

/// An I/O error of a confined access as a refusal. cap-std reports an escape (a symlink out of
/// the root) as `PermissionDenied` with its own message; `ELOOP` comes from link loops.
fn io_refusal(norm: &str, e: &io::Error) -> Refusal {
    let msg = e.to_string();
    if msg.contains("outside of the filesystem") {
        return Refusal::new(
            Reason::OutsideRoot,
            format!("{norm} leads outside the assets root (a symlink out of it)"),
        );
    }
    match e.kind() {
        io::ErrorKind::NotFound => Refusal::new(
            Reason::NotFound,
            format!("no file {norm} in the assets root"),
        ),
        io::ErrorKind::NotADirectory => Refusal::new(
            Reason::NotFound,
            format!("no file {norm} in the assets root (a path component is not a folder)"),
        ),
        _ if e.raw_os_error() == Some(ELOOP) => Refusal::new(
            Reason::OutsideRoot,
            format!("{norm}: too many symlinks (a loop)"),
        ),
        _ => Refusal::new(Reason::Unreadable, format!("{norm} cannot be read: {msg}")),
    }
}

#[cfg(unix)]
const ELOOP: i32 = libc::ELOOP;
#[cfg(not(unix))]
const ELOOP: i32 = -1;

/// `rel` normalised lexically (see the module docs), with `/` separators; refused when it is
/// absolute, empty or climbs above the root.
pub fn normalize(rel: &str) -> Result<String, Refusal> {
    if rel.contains('\0') {
        return Err(Refusal::new(Reason::NotFound, "path contains a NUL byte"));
    }
    if rel.starts_with('/') || rel.starts_with('\\') || has_drive_prefix(rel) {
        return Err(Refusal::new(
            Reason::OutsideRoot,
            format!("{rel:?} is an absolute path; give a path relative to the assets root"),
        ));
    }
    let mut parts: Vec<&str> = Vec::new();
    for c in rel.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(Refusal::new(
                        Reason::OutsideRoot,
                        format!("{rel:?} climbs out of the assets root with `..`"),
                    ));
                }
            }
            c => parts.push(c),
        }
    }
    if parts.is_empty() {
        return Err(Refusal::new(
            Reason::NotAFile,
            format!("{rel:?} names the assets root itself"),
        ));
    }
    Ok(parts.join("/"))
}

/// `C:` / `c:\…`: absolute on Windows, refused everywhere so a deck means the same on any OS.
fn has_drive_prefix(rel: &str) -> bool {
    let b = rel.as_bytes();
    b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// A file's bytes (at most `max + 1`: the caller refuses more), read straight into the shared
/// buffer when the file holds the `len` bytes its metadata gave: read into a vector and then
/// copied into an `Arc`, every picture touched twice its size in fresh pages (the 200-slide
/// bench deck's ten 0.35 MB photos: about 850 of its 4,800 page faults). A file that changed
/// size meanwhile is read to its end as before.
fn read_shared(mut file: impl Read, len: u64, max: u64) -> io::Result<Arc<[u8]>> {
    let mut bytes = Vec::new();
    if let Ok(n) = usize::try_from(len.min(max)) {
        let mut shared: Arc<[u8]> = std::iter::repeat_n(0u8, n).collect();
        let buf = Arc::get_mut(&mut shared).expect("a new Arc is not shared");
        let got = read_full(&mut file, buf)?;
        let mut probe = [0u8; 1];
        let more = read_full(&mut file, &mut probe)?;
        if got == n && more == 0 {
            return Ok(shared);
        }
        bytes.extend_from_slice(&buf[..got]);
        bytes.extend_from_slice(&probe[..more]);
    }
    let left = (max + 1).saturating_sub(bytes.len() as u64);
    file.take(left).read_to_end(&mut bytes)?;
    Ok(bytes.into())
}

/// Reads until `buf` is full or the file ends; how many bytes were read.
fn read_full(file: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match file.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests;
