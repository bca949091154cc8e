//! The bounded line reader of `serve`: a line longer than the limit is never held whole — its
//! first bytes are dropped as soon as the limit is passed and the rest is skipped up to the
//! next newline, counting its length for the answer.

use std::io::{self, BufRead};

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A line within the limit (without its `\n` and a trailing `\r`).
    Text(&'a [u8]),
    /// A line over the limit: its length in bytes (the newline not counted).
    TooLong(u64),
}

/// Reads lines of at most `limit` bytes from `input`, reusing one buffer.
pub struct LineReader<R> {
    input: R,
    limit: usize,
    buf: Vec<u8>,
}

/// A buffer that grew past this is given back to the allocator after its line, so a worker
/// idles small whatever the largest request was.
const KEEP: usize = 1 << 20;

impl<R: BufRead> LineReader<R> {
    pub fn new(input: R, limit: usize) -> Self {
        LineReader {
            input,
            limit,
            buf: Vec::new(),
        }
    }

    /// The next line; `None` at the end of the input (a last line without `\n` counts).
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        if self.buf.capacity() > KEEP {
            self.buf = Vec::new();
        }
        self.buf.clear();
        let mut total: u64 = 0;
        let mut over = false;
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            total += take as u64;
            if !over && self.buf.len() + take > self.limit {
                over = true;
                self.buf = Vec::new();
            }
            if !over {
                self.buf.extend_from_slice(&chunk[..take]);
            }
            self.input.consume(if done { take + 1 } else { take });
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        if over {
            return Ok(Some(Line::TooLong(total)));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(Some(Line::Text(&self.buf)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], limit: usize) -> Vec<Result<Vec<u8>, u64>> {
        let mut r = LineReader::new(io::BufReader::with_capacity(4, input), limit);
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            out.push(match l {
                Line::Text(t) => Ok(t.to_vec()),
                Line::TooLong(n) => Err(n),
            });
        }
        out
    }

    #[test]
    fn lines_and_too_long_lines() {
        let got = all(b"ab\r\n0123456789\n\nxyz", 5);
        assert_eq!(
            got,
            vec![Ok(b"ab".to_vec()), Err(10), Ok(vec![]), Ok(b"xyz".to_vec())]
        );
        assert_eq!(
            all(b"12345\n123456", 5),
            vec![Ok(b"12345".to_vec()), Err(6)]
        );
        assert!(all(b"", 5).is_empty());
    }
}
