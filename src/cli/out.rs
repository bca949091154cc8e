//! What the CLI prints: stdout that may go away, errors and warnings on stderr, progress
//! events, and reading INPUT; `validate`.

#[allow(unused_imports)]
use crate::*;

/// Read the input, refusing more than `max` bytes without reading it all. I/O errors are
/// environment errors; an oversized input is an input error.
pub(crate) fn read_input(arg: &str, max: usize) -> Result<Vec<u8>, Error> {
    let io_err = |e: io::Error| {
        let what = if arg == "-" {
            "stdin".to_string()
        } else {
            arg.to_string()
        };
        Error::Environment(format!("cannot read {what}: {e}"))
    };
    let limit = (max as u64).saturating_add(1);
    let mut buf = Vec::new();
    if arg == "-" {
        io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut buf)
            .map_err(io_err)?;
    } else {
        let f = std::fs::File::open(arg).map_err(io_err)?;
        let size = f.metadata().map_err(io_err)?.len();
        if size > max as u64 {
            return Err(Error::Input(SpecFailure::TooLarge {
                size: size as usize,
                limit: max,
            }));
        }
        f.take(limit).read_to_end(&mut buf).map_err(io_err)?;
    }
    if buf.len() > max {
        // Report the real size: count the rest of stdin without keeping it (up to 1 TiB).
        drop(buf);
        let rest = io::copy(&mut io::stdin().lock().take(1 << 40), &mut io::sink()).unwrap_or(0);
        return Err(Error::Input(SpecFailure::TooLarge {
            size: limit.saturating_add(rest) as usize,
            limit: max,
        }));
    }
    Ok(buf)
}

/// Print a JSON report on stdout; `false` (reported on stderr) when stdout cannot take it.
#[must_use]
pub(crate) fn print_json(v: &impl serde::Serialize) -> bool {
    let s = serde_json::to_string_pretty(v).expect("JSON output serializes") + "\n";
    emit(s.as_bytes())
}

/// Stdout through one handle: a write that fails because the reader went away (`EPIPE`) is
/// noted ([`specrender::outputs::note_stdout_error`]) and the run ends quietly with exit code
/// 141 (`main`), never a panic as `println!` would.
pub(crate) struct Stdout<W: Write>(W);

impl<W: Write> Write for Stdout<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).inspect_err(|e| {
            specrender::outputs::note_stdout_error(e);
        })
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().inspect_err(|e| {
            specrender::outputs::note_stdout_error(e);
        })
    }
}

/// `false` (reported) when the process started with stdout closed
/// ([`specrender::outputs::stdout_closed`]): every command's output would be lost.
pub(crate) fn stdout_open() -> bool {
    let closed = specrender::outputs::stdout_closed();
    if closed {
        say!("error: environment: stdout is closed, so the report would be lost");
    }
    !closed
}

pub(crate) fn stdout() -> Stdout<io::StdoutLock<'static>> {
    Stdout(io::stdout().lock())
}

/// Write `bytes` to stdout; `false` when it cannot take them (reported on stderr unless its
/// reader went away), or when stdout was closed at start (what is written would be lost).
#[must_use]
pub(crate) fn emit(bytes: &[u8]) -> bool {
    if !stdout_open() {
        return false;
    }
    let mut out = stdout();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => true,
        Err(e) => {
            if !specrender::outputs::stdout_broken() {
                say!("error: environment: cannot write to stdout: {e}");
            }
            false
        }
    }
}

/// Human-readable report of an error on stderr.
pub(crate) fn report_error(e: &Error) {
    if specrender::outputs::stdout_broken() {
        // The run failed because stdout's reader went away: nothing to say (exit 141).
        return;
    }
    say!("error: {e}");
    if let Error::Input(SpecFailure::Invalid(errors)) = e {
        for err in errors
            .iter()
            .filter(|e| e.severity == specrender::ErrorSeverity::Error)
        {
            say!("  {}", error_line(err));
        }
    }
}

pub(crate) fn error_line(e: &SpecError) -> String {
    let path = if e.path.is_empty() {
        "(input)"
    } else {
        e.path.as_str()
    };
    format!("{path}: {} — {}", e.code, e.message)
}

pub(crate) fn report_warnings(warnings: &[SpecError]) {
    for w in warnings {
        say!("warning: {}", error_line(w));
    }
}

pub(crate) fn progress_printer(enabled: bool) -> impl FnMut(Stage, usize, usize) {
    move |stage, done, total| {
        if enabled {
            let ev =
                json!({"event": "progress", "stage": stage.as_str(), "done": done, "total": total});
            say!("{ev}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Commands

pub(crate) fn cmd_validate(args: &InputArgs) -> i32 {
    let opts = args.parse_options();
    let result = read_input(&args.input, opts.max_bytes).and_then(|bytes| {
        specrender::parse(&bytes, &opts).map_err(|e| hint_llm_reply(e, &bytes, &opts))
    });
    let v = match result {
        Ok(p) => Validation::ok(&p.warnings),
        Err(Error::Input(fail)) => Validation::from_failure(&fail),
        Err(e) => {
            report_error(&e);
            return e.exit_code();
        }
    };
    if !print_json(&v) {
        return 3;
    }
    if !v.valid {
        let n = v.error_count;
        say!(
            "error: input invalid ({n} error{})",
            if n == 1 { "" } else { "s" }
        );
        for f in &v.errors {
            let path = if f.path.is_empty() {
                "(input)"
            } else {
                f.path.as_str()
            };
            say!("  {path}: {} — {}", f.code, f.message);
        }
    }
    for w in &v.warnings {
        say!("warning: {}: {} — {}", w.path, w.code, w.message);
    }
    v.exit_code()
}
