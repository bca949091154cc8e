//! The deterministic zip writer of a [`Package`]: entries in package order, every entry
//! deflated at [`ZipOptions::deflate_level`] (pictures already compressed — JPEG, PNG, GIF —
//! stored) with the DOS epoch (1980-01-01 00:00) as its time and DOS as
//! its host system, no extra fields, no comments — so the same package always gives the same bytes
//! (for a given zlib-rs build: the deflate stream is the compressor's, so a dependency update
//! may change bytes, never content).
//!
//! Parts are written (compact XML) right before they are compressed into the stream, so the
//! whole package's XML never sits in memory at once. With [`ZipOptions::threads`] above 1,
//! chunks of consecutive entries are written into archives of their own by whichever thread
//! is free and the archives merged in order (zip's `merge_archive` copies entries as they
//! are): a part's compressed bytes depend only on the part, so the package is byte-identical
//! to the one-thread package.
//!
//! Level 1 is chosen for speed, the product's hard budget (benches/README.md, the bars: 200 slides end to
//! end under 100 ms). Measured with `cargo bench --bench pipeline -- pptx_deflate` (generated
//! 200-slide mixed deck, 208 output slides, 1.6 MB of XML in 684 parts; medians, one thread,
//! the shared 2-core machine): stored 4.6 ms -> 1,586 KB; level 1 8.2 ms -> 619 KB; level 3
//! 17.8 ms -> 522 KB; level 6 22.5 ms -> 514 KB; level 9 23.5 ms -> 510 KB. Level 1 costs
//! ~3.5 ms over storing for a 2.6x smaller file; level 3 and up double the time for 16-18%
//! fewer bytes, and PowerPoint recompresses on save anyway.

use super::package::{Entry, Fixed, Package};
use std::collections::VecDeque;
use std::io::{self, Cursor, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, System, ZipArchive, ZipWriter};

/// How the package is zipped (set from `PptxOptions`, which documents the defaults).
#[derive(Debug, Clone, Copy)]
pub struct ZipOptions {
    /// Deflate level of every entry: 0 stores them uncompressed, 1 (fastest) to 9 (smallest).
    pub deflate_level: u8,
    /// Threads that write and compress entries; the bytes are the same whatever the number.
    pub threads: usize,
}

/// Writing the zip failed (the zip writer's own error, or a writer thread panicked).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ZipError(pub String);

fn err(e: &dyn std::fmt::Display) -> ZipError {
    ZipError(e.to_string())
}

fn file_options(level: u8) -> SimpleFileOptions {
    let o = SimpleFileOptions::default()
        .last_modified_time(DateTime::DEFAULT)
        .system(System::Dos);
    if level == 0 {
        o.compression_method(CompressionMethod::Stored)
    } else {
        o.compression_method(CompressionMethod::Deflated)
            .compression_level(Some(i64::from(level.min(9))))
    }
}

/// Is the part a picture in a format that is compressed already (JPEG, PNG, GIF)? Those are
/// stored: deflate finds next to nothing left in a real photo and costs about as much as
/// deflating all of a 200-slide deck's XML (callgrind, the bench deck's ten 0.35 MB JPEGs:
/// about 100 M instructions).
fn compressed_media(name: &str) -> bool {
    let media = name.contains("/media/");
    let ext = name.rsplit('.').next().unwrap_or("");
    media && matches!(ext, "jpeg" | "jpg" | "png" | "gif")
}

/// An archive of `entries`, each written (compact XML) right before it is compressed into the
/// stream: one compressor for all of them, reset between entries.
fn archive(entries: &[Entry<'_, '_>], options: SimpleFileOptions) -> Result<Vec<u8>, ZipError> {
    let mut w = writer(entries.len());
    write_entries(&mut w, entries, options)?;
    Ok(w.finish().map_err(|e| err(&e))?.into_inner())
}

/// A zip writer into memory sized for `entries` entries.
fn writer(entries: usize) -> ZipWriter<Cursor<Vec<u8>>> {
    // About what an entry takes compressed, with its headers (so the buffer rarely regrows).
    ZipWriter::new(Cursor::new(Vec::with_capacity(entries * 1024)))
}

/// Writes `entries` into `w`, each right before it is compressed.
fn write_entries<W: Write + Seek>(
    w: &mut ZipWriter<W>,
    entries: &[Entry<'_, '_>],
    options: SimpleFileOptions,
) -> Result<(), ZipError> {
    for entry in entries {
        let xml = entry.bytes(false);
        let name = entry.name();
        let options = match compressed_media(&name) {
            true => options
                .compression_method(CompressionMethod::Stored)
                .compression_level(None),
            false => options,
        };
        w.start_file(name, options).map_err(|e| err(&e))?;
        w.write_all(&xml).map_err(|e| err(&e))?;
    }
    Ok(())
}

/// Chunks of the package's entries per writer thread ([`zip`]): enough that the threads finish
/// together, few enough that the chunks' archives cost little to merge.
const CHUNKS_PER_THREAD: usize = 4;

/// Splits `entries` into `n` runs of about equal work ([`Entry::weight`]), in order.
fn runs<'e, 'p, 'a>(entries: &'e [Entry<'p, 'a>], n: usize) -> Vec<&'e [Entry<'p, 'a>]> {
    let total: usize = entries.iter().map(Entry::weight).sum();
    let mut out = Vec::with_capacity(n);
    let (mut start, mut acc) = (0, 0);
    for (i, e) in entries.iter().enumerate() {
        acc += e.weight();
        if acc * n >= total * (out.len() + 1) && out.len() + 1 < n {
            out.push(&entries[start..=i]);
            start = i + 1;
        }
    }
    out.push(&entries[start..]);
    out
}

/// The package as zip bytes.
pub fn zip(package: &Package<'_>, opts: &ZipOptions) -> Result<Vec<u8>, ZipError> {
    Ok(zip_lending(package, opts, false)?.into_vec())
}

/// The package as zip bytes in [`Pieces`]: the same bytes as [`zip()`], but the pictures that
/// end the package ([`Part::fixed`](super::package::Part::fixed) parts, stored) stay where
/// they are and are lent to the pieces instead of copied into the package's buffer (the
/// 200-slide bench deck's 3.5 MB of photos: about 1.5 ms of the calling thread's time, most
/// of it fresh pages). A caller writing the package to a file writes the pieces in order.
pub fn zip_pieces<'a>(package: &Package<'a>, opts: &ZipOptions) -> Result<Pieces<'a>, ZipError> {
    zip_lending(package, opts, true)
}

fn zip_lending<'a>(
    package: &Package<'a>,
    opts: &ZipOptions,
    lend: bool,
) -> Result<Pieces<'a>, ZipError> {
    let options = file_options(opts.deflate_level);
    let entries = package.entries();
    let threads = opts.threads.clamp(1, entries.len().max(1));
    // The pictures that end the package (a writer adds its media last) are written here after
    // everything else, straight into the package: they are only copied (stored, with their
    // CRC) or lent, and a run of them written on another thread was copied once more by the
    // merge.
    let tail = entries
        .iter()
        .rposition(|e| !compressed_media(&e.name()))
        .map_or(0, |i| i + 1);
    let (head, media) = entries.split_at(tail);
    let lent = match lend {
        true => media.iter().filter_map(Entry::fixed).cloned().collect(),
        false => VecDeque::new(),
    };
    let mut w = ZipWriter::new(Sink::new(entries.len() * 1024, lent));
    if threads == 1 {
        write_entries(&mut w, head, options)?;
        write_entries(&mut w, media, options)?;
        return Ok(w.finish().map_err(|e| err(&e))?.into_pieces());
    }
    // The rest is cut into CHUNKS_PER_THREAD chunks a thread of about equal work each; every
    // thread, this one included, takes the next chunk as it finishes one, so none waits long
    // for another however the weights misjudge an entry (with one run a thread, the bench
    // deck's writer thread wrote about 10% more than this one, which then waited for it).
    // This thread writes the first chunk straight into the package; every other chunk is an
    // archive of its own, merged after it in order: entries are copied as they are, so the
    // package is the one a single thread writes.
    let chunks = runs(head, (threads * CHUNKS_PER_THREAD).min(head.len()).max(1));
    let next = AtomicUsize::new(1);
    let work = || -> Result<Vec<(usize, Vec<u8>)>, ZipError> {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(chunk) = chunks.get(i) else {
                return Ok(done);
            };
            done.push((i, archive(chunk, options)?));
        }
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        write_entries(&mut w, chunks[0], options)?;
        let mut archives = work()?;
        for h in handles {
            let done = h
                .join()
                .unwrap_or_else(|_| Err(ZipError("a writer thread panicked".into())))?;
            archives.extend(done);
        }
        archives.sort_unstable_by_key(|&(i, _)| i);
        for (_, a) in archives {
            let a = ZipArchive::new(Cursor::new(a)).map_err(|e| err(&e))?;
            w.merge_archive(a).map_err(|e| err(&e))?;
        }
        write_entries(&mut w, media, options)?;
        Ok(w.finish().map_err(|e| err(&e))?.into_pieces())
    })
}

/// A zip's bytes in order: its own bytes, with fixed parts' bytes lent where they go.
pub struct Pieces<'a> {
    own: Vec<u8>,
    /// Each lent part's bytes and where they go in `own` (before `own[at]`), in order.
    lent: Vec<(usize, Fixed<'a>)>,
}

impl Pieces<'_> {
    /// The bytes in order, as slices to write one after another.
    pub fn slices(&self) -> Vec<&[u8]> {
        let mut out = Vec::with_capacity(2 * self.lent.len() + 1);
        let mut from = 0;
        for (at, bytes) in &self.lent {
            out.push(&self.own[from..*at]);
            out.push(bytes.as_ref());
            from = *at;
        }
        out.push(&self.own[from..]);
        out.retain(|s| !s.is_empty());
        out
    }

    /// How many bytes in all.
    pub fn len(&self) -> usize {
        self.own.len()
            + self
                .lent
                .iter()
                .map(|(_, b)| b.as_ref().len())
                .sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many parts' bytes are lent, not copied.
    pub fn lent(&self) -> usize {
        self.lent.len()
    }

    /// The bytes in one buffer (no copy when nothing is lent).
    pub fn into_vec(self) -> Vec<u8> {
        if self.lent.is_empty() {
            return self.own;
        }
        let mut out = Vec::with_capacity(self.len());
        for s in self.slices() {
            out.extend_from_slice(s);
        }
        out
    }
}

/// The zip writer's output: a seekable buffer that takes a fixed part's bytes by reference
/// when the writer hands over exactly those bytes (a stored entry's data comes in one write,
/// the caller's own slice), and copies everything else. The writer seeks back only to patch
/// an entry's header, which is its own bytes; a write that would land in lent bytes fails.
struct Sink<'a> {
    own: Vec<u8>,
    lent: Vec<(usize, Fixed<'a>)>,
    lent_len: usize,
    /// The fixed parts still to come, in the order they will be written.
    expect: VecDeque<Fixed<'a>>,
    pos: usize,
}

impl<'a> Sink<'a> {
    fn new(capacity: usize, expect: VecDeque<Fixed<'a>>) -> Sink<'a> {
        Sink {
            own: Vec::with_capacity(capacity),
            lent: Vec::new(),
            lent_len: 0,
            expect,
            pos: 0,
        }
    }

    fn len(&self) -> usize {
        self.own.len() + self.lent_len
    }

    fn into_pieces(self) -> Pieces<'a> {
        Pieces {
            own: self.own,
            lent: self.lent,
        }
    }

    /// Where logical position `pos` is in `own`, and where the next lent bytes after it go
    /// (`None`: none after it); an error inside lent bytes.
    fn own_index(&self, pos: usize) -> io::Result<(usize, Option<usize>)> {
        let mut before = 0;
        for (at, bytes) in &self.lent {
            let start = at + before;
            let n = bytes.as_ref().len();
            if pos < start {
                return Ok((pos - before, Some(*at)));
            }
            if pos < start + n {
                return Err(io::Error::other("a write into a lent part's bytes"));
            }
            before += n;
        }
        Ok((pos - before, None))
    }
}

impl Write for Sink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = buf.len();
        if self.pos == self.len() {
            let lend = self.expect.front().is_some_and(|f| {
                let f = f.as_ref();
                std::ptr::eq(f.as_ptr(), buf.as_ptr()) && f.len() == n
            });
            match self.expect.pop_front() {
                // The writer handed over the part's own bytes: taken by reference.
                Some(f) if lend => {
                    self.lent.push((self.own.len(), f));
                    self.lent_len += n;
                }
                // Any other bytes are copied (a part expected and not handed over whole
                // stays expected).
                other => {
                    if let Some(f) = other {
                        self.expect.push_front(f);
                    }
                    self.own.extend_from_slice(buf);
                }
            }
            self.pos += n;
            return Ok(n);
        }
        if self.pos > self.len() {
            return Err(io::Error::other("a write past the end"));
        }
        let (i, next) = self.own_index(self.pos)?;
        if next.is_some_and(|at| i + n > at) {
            return Err(io::Error::other("a write into a lent part's bytes"));
        }
        let keep = (self.own.len() - i).min(n);
        self.own[i..i + keep].copy_from_slice(&buf[..keep]);
        self.own.extend_from_slice(&buf[keep..]);
        self.pos += n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Seek for Sink<'_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let pos = match to {
            SeekFrom::Start(n) => i128::from(n),
            SeekFrom::End(d) => self.len() as i128 + i128::from(d),
            SeekFrom::Current(d) => self.pos as i128 + i128::from(d),
        };
        self.pos = usize::try_from(pos).map_err(|_| io::Error::other("a seek out of range"))?;
        Ok(self.pos as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressed_pictures_are_stored_everything_else_deflated() {
        assert!(compressed_media("ppt/media/image1.jpeg"));
        assert!(compressed_media("ppt/media/image2.png"));
        assert!(compressed_media("word/media/image1.gif"));
        assert!(!compressed_media("ppt/media/image3.bmp"));
        assert!(!compressed_media("ppt/slides/slide1.xml"));
        assert!(!compressed_media(
            "ppt/embeddings/Microsoft_Excel_Worksheet1.xlsx"
        ));
        assert!(!compressed_media("media.png"));
    }
    use crate::write::package::Part;
    use crate::write::rels::{RelType, Rels};

    /// `n` parts of growing size, every other one related to the next.
    fn package(n: usize) -> Package<'static> {
        let mut p = Package::new();
        let name = |i: usize| format!("x/p{i}.xml");
        for i in 0..n {
            let mut rels = Rels::new();
            if i % 2 == 0 && i + 1 < n {
                rels.add(RelType::Slide, name(i + 1));
            }
            let part = Part::new(name(i), "test/part", move |_| {
                format!("<p n=\"{i}\">{}</p>", "text ".repeat(i)).into_bytes()
            });
            p.add(part.weighing(1 + i % 8), rels);
        }
        p
    }

    #[test]
    fn runs_cover_the_entries_in_order() {
        for n in [1, 2, 3, 7, 40] {
            let p = package(n);
            let entries = p.entries();
            let want: Vec<String> = entries.iter().map(|e| e.name().into_owned()).collect();
            for k in 1..=4 {
                let r = runs(&entries, k.min(entries.len()));
                assert_eq!(r.len(), k.min(entries.len()), "{n} parts, {k} runs");
                let names: Vec<String> = r
                    .iter()
                    .flat_map(|r| r.iter().map(|e| e.name().into_owned()))
                    .collect();
                assert_eq!(names, want);
            }
        }
    }

    #[test]
    fn pictures_between_and_after_the_parts_keep_the_bytes() {
        // Pictures in the middle go with their run; those that end the package are written
        // by the calling thread after the merged runs: the same bytes as one thread.
        let mut p = package(23);
        for (i, name) in [
            "x/media/image1.png",
            "x/media/image2.jpeg",
            "x/media/image3.gif",
        ]
        .into_iter()
        .enumerate()
        {
            let part = Part::new(name, "image/x", move |_| vec![i as u8; 70_000 + i]);
            p.add(part, Rels::new());
            if i == 0 {
                for k in 0..5 {
                    let part = Part::new(format!("y/q{k}.xml"), "test/part", move |_| {
                        format!("<q n=\"{k}\"/>").into_bytes()
                    });
                    p.add(part, Rels::new());
                }
            }
        }
        let at = |threads| {
            zip(
                &p,
                &ZipOptions {
                    deflate_level: 1,
                    threads,
                },
            )
            .unwrap()
        };
        let one = at(1);
        for threads in [2, 3, 40] {
            assert!(one == at(threads), "{threads} threads");
        }
        let mut z = ZipArchive::new(Cursor::new(one)).unwrap();
        assert_eq!(z.len(), p.entries().len());
        let last = z.len() - 1;
        assert_eq!(
            z.by_index(last).unwrap().name().unwrap(),
            "x/media/image3.gif"
        );
        assert!(compressed_media("x/media/image1.png"));
    }

    #[test]
    fn threads_do_not_change_the_bytes() {
        let p = package(57);
        for deflate_level in [0, 1, 6] {
            let one = zip(
                &p,
                &ZipOptions {
                    deflate_level,
                    threads: 1,
                },
            )
            .unwrap();
            for threads in [2, 3, 8] {
                let many = zip(
                    &p,
                    &ZipOptions {
                        deflate_level,
                        threads,
                    },
                )
                .unwrap();
                assert!(one == many, "level {deflate_level}, {threads} threads");
            }
        }
    }

    /// `package(n)` and then pictures: three fixed ones (borrowed, shared, and one too
    /// small to matter), one written by its writer, ending the package, and one fixed in the
    /// middle.
    fn with_pictures<'a>(n: usize, photos: &'a [Vec<u8>]) -> Package<'a> {
        use std::sync::Arc;
        let mut p = package(n);
        let shared: Arc<[u8]> = Arc::from(&photos[1][..]);
        p.add(
            Part::fixed(
                "x/media/image0.png",
                "image/png",
                Fixed::Borrowed(&photos[2]),
            ),
            Rels::new(),
        );
        p.add(
            Part::new("y/after.xml", "test/part", |_| b"<after/>".to_vec()),
            Rels::new(),
        );
        p.add(
            Part::fixed(
                "x/media/image1.jpeg",
                "image/jpeg",
                Fixed::Borrowed(&photos[0]),
            ),
            Rels::new(),
        );
        p.add(
            Part::fixed("x/media/image2.png", "image/png", Fixed::Shared(shared)),
            Rels::new(),
        );
        let written = photos[2].clone();
        p.add(
            Part::new("x/media/image3.gif", "image/gif", move |_| written.clone()),
            Rels::new(),
        );
        p.add(
            Part::fixed(
                "x/media/image4.jpeg",
                "image/jpeg",
                Fixed::Borrowed(&photos[3]),
            ),
            Rels::new(),
        );
        p
    }

    fn photos() -> Vec<Vec<u8>> {
        [90_001usize, 70_000, 3, 1]
            .iter()
            .enumerate()
            .map(|(k, &len)| (0..len).map(|i| (i * 7 + k) as u8).collect())
            .collect()
    }

    #[test]
    fn lent_pictures_give_the_bytes_one_writer_gives() {
        let photos = photos();
        let p = with_pictures(31, &photos);
        for deflate_level in [0, 1] {
            // The reference: every entry through one plain in-memory zip writer.
            let want = archive(&p.entries(), file_options(deflate_level)).unwrap();
            for threads in [1, 2, 3, 8] {
                let opts = ZipOptions {
                    deflate_level,
                    threads,
                };
                let pieces = zip_pieces(&p, &opts).unwrap();
                // The three fixed pictures that end the package are lent, the one in the
                // middle (with its run) and the written one copied.
                assert_eq!(pieces.lent(), 3, "level {deflate_level}, {threads} threads");
                assert_eq!(pieces.len(), want.len());
                let joined: Vec<u8> = pieces.slices().concat();
                assert!(joined == want, "level {deflate_level}, {threads} threads");
                assert!(pieces.into_vec() == want);
                assert!(zip(&p, &opts).unwrap() == want);
            }
        }
        let pieces = zip_pieces(
            &p,
            &ZipOptions {
                deflate_level: 1,
                threads: 2,
            },
        )
        .unwrap();
        let lent: Vec<*const u8> = pieces
            .lent
            .iter()
            .map(|(_, b)| b.as_ref().as_ptr())
            .collect();
        assert!(
            lent.contains(&photos[0].as_ptr()),
            "borrowed bytes are not copied"
        );
        let mut z = ZipArchive::new(Cursor::new(pieces.into_vec())).unwrap();
        let mut back = Vec::new();
        std::io::Read::read_to_end(&mut z.by_name("x/media/image1.jpeg").unwrap(), &mut back)
            .unwrap();
        assert!(back == photos[0]);
    }

    #[test]
    fn the_sink_patches_its_own_bytes_and_never_lent_ones() {
        let photo = vec![9u8; 10];
        let mut s = Sink::new(0, VecDeque::from([Fixed::Borrowed(&photo[..])]));
        s.write_all(b"head").unwrap();
        s.write_all(&photo).unwrap();
        s.write_all(b"tail").unwrap();
        assert_eq!(s.len(), 18);
        // A copy of the expected bytes elsewhere is not the part: copied.
        let copy = photo.clone();
        s.write_all(&copy).unwrap();
        assert_eq!(s.lent.len(), 1);
        s.seek(SeekFrom::Start(1)).unwrap();
        s.write_all(b"EA").unwrap();
        assert!(s.write_all(b"-into the photo").is_err());
        s.seek(SeekFrom::Start(15)).unwrap();
        s.write_all(b"TAIL").unwrap();
        assert_eq!(s.seek(SeekFrom::End(0)).unwrap(), 28);
        let pieces = s.into_pieces();
        let want = [&b"hEAd"[..], &photo, b"tTAIL", &[9u8; 9]].concat();
        assert_eq!(pieces.slices().concat(), want);
        assert_eq!(pieces.into_vec(), want);
    }
}
