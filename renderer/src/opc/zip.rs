//! The zip packager: parts in the order given, every entry deflated at
//! [`PptxOptions::deflate_level`] with the DOS epoch (1980-01-01 00:00) as its time and DOS as
//! its host system, no extra fields, no comments — so the same parts always give the same bytes
//! (for a given zlib-rs build: the deflate stream is the compressor's, so a dependency update
//! may change bytes, never content).
//!
//! Parts are written (compact XML) right before they are compressed into the stream, so the
//! whole package's XML never sits in memory at once. With [`PptxOptions::threads`] above 1,
//! runs of consecutive parts are written into one archive per thread and the archives merged
//! in order (zip's `merge_archive` copies entries as they are): a part's compressed bytes
//! depend only on the part, so the package is byte-identical to the one-thread package.
//!
//! Level 1 is chosen for speed, the product's hard budget (PRODUCT.md §7: 200 slides end to
//! end under 100 ms). Measured with `cargo bench --bench pipeline -- pptx_deflate` (generated
//! 200-slide mixed deck, 208 output slides, 1.6 MB of XML in 684 parts; medians, one thread,
//! the shared 2-core machine): stored 4.6 ms -> 1,586 KB; level 1 8.2 ms -> 619 KB; level 3
//! 17.8 ms -> 522 KB; level 6 22.5 ms -> 514 KB; level 9 23.5 ms -> 510 KB. Level 1 costs
//! ~3.5 ms over storing for a 2.6x smaller file; level 3 and up double the time for 16-18%
//! fewer bytes, and PowerPoint recompresses on save anyway.

use crate::pptx::Part;
use crate::{PptxOptions, RenderError};
use std::io::{Cursor, Write};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, System, ZipArchive, ZipWriter};

fn err(e: &dyn std::fmt::Display) -> RenderError {
    RenderError::Zip(e.to_string())
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

/// An archive of `parts`, each written (compact XML) right before it is compressed into the
/// stream: one compressor for all of them, reset between parts.
fn archive(parts: &[Part<'_>], options: SimpleFileOptions) -> Result<Vec<u8>, RenderError> {
    // About what a part takes compressed, with its headers (so the buffer rarely regrows).
    let mut w = ZipWriter::new(Cursor::new(Vec::with_capacity(parts.len() * 1024)));
    for part in parts {
        let xml = (part.write)(false);
        w.start_file(part.name.as_str(), options)
            .map_err(|e| err(&e))?;
        w.write_all(&xml).map_err(|e| err(&e))?;
    }
    Ok(w.finish().map_err(|e| err(&e))?.into_inner())
}

/// Splits `parts` into `n` runs of about equal work (slides weigh most), in order.
fn runs<'p, 'a>(parts: &'p [Part<'a>], n: usize) -> Vec<&'p [Part<'a>]> {
    let weight = |p: &Part<'_>| -> usize {
        if p.name.ends_with(".rels") {
            1
        } else if p.name.starts_with("ppt/slides/") {
            8
        } else {
            3
        }
    };
    let total: usize = parts.iter().map(weight).sum();
    let mut out = Vec::with_capacity(n);
    let (mut start, mut acc) = (0, 0);
    for (i, p) in parts.iter().enumerate() {
        acc += weight(p);
        if acc * n >= total * (out.len() + 1) && out.len() + 1 < n {
            out.push(&parts[start..=i]);
            start = i + 1;
        }
    }
    out.push(&parts[start..]);
    out
}

pub(crate) fn zip(parts: &[Part<'_>], opts: &PptxOptions) -> Result<Vec<u8>, RenderError> {
    let options = file_options(opts.deflate_level);
    let threads = opts.threads.clamp(1, parts.len().max(1));
    if threads == 1 {
        return archive(parts, options);
    }
    // One archive per run of parts, on its own thread, then merged in order: entries are
    // copied as they are, so the package is the one a single thread writes.
    let archives: Vec<Result<Vec<u8>, RenderError>> = std::thread::scope(|s| {
        let handles: Vec<_> = runs(parts, threads)
            .into_iter()
            .map(|run| s.spawn(move || archive(run, options)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(RenderError::Zip("a writer thread panicked".into())))
            })
            .collect()
    });
    let mut w = ZipWriter::new(Cursor::new(Vec::new()));
    for a in archives {
        let a = ZipArchive::new(Cursor::new(a?)).map_err(|e| err(&e))?;
        w.merge_archive(a).map_err(|e| err(&e))?;
    }
    Ok(w.finish().map_err(|e| err(&e))?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(n: usize) -> Vec<Part<'static>> {
        (0..n)
            .map(|i| Part {
                name: if i % 3 == 0 {
                    format!("ppt/slides/slide{i}.xml")
                } else {
                    format!("x/{i}.rels")
                },
                write: Box::new(move |_| {
                    format!("<p n=\"{i}\">{}</p>", "text ".repeat(i)).into_bytes()
                }),
            })
            .collect()
    }

    #[test]
    fn runs_cover_the_parts_in_order() {
        for n in [1, 2, 3, 7, 40] {
            let p = parts(n);
            for k in 1..=4 {
                let r = runs(&p, k.min(n));
                assert_eq!(r.len(), k.min(n), "{n} parts, {k} runs");
                let names: Vec<&str> = r
                    .iter()
                    .flat_map(|r| r.iter().map(|p| p.name.as_str()))
                    .collect();
                let want: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
                assert_eq!(names, want);
            }
        }
    }

    #[test]
    fn threads_do_not_change_the_bytes() {
        let p = parts(57);
        for level in [0, 1, 6] {
            let one = zip(
                &p,
                &PptxOptions {
                    deflate_level: level,
                    threads: 1,
                },
            )
            .unwrap();
            for threads in [2, 3, 8] {
                let many = zip(
                    &p,
                    &PptxOptions {
                        deflate_level: level,
                        threads,
                    },
                )
                .unwrap();
                assert!(one == many, "level {level}, {threads} threads");
            }
        }
    }
}
