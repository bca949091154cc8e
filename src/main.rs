//! The `specrender` command line (docs/guide/cli.md): `validate`, `qc`, `render`, `preview`,
//! `template inspect`, `themes`, `fonts`, `serve`; each one's `--help` lists its exit codes and
//! shows an example (the `help!` texts, run by tests/cli.rs).
//!
//! JSON goes to stdout or the named files; human-readable messages go to stderr. Exit codes:
//! 0 written and QC passed, 1 written and QC found high/medium issues, 2 invalid input (nothing
//! written; also command-line usage errors), 3 environment (I/O, fonts, stdout closed at
//! start), 4 internal, 141 stdout's reader went away.
//!
//! `serve [--output-root DIR] [--assets DIR] [--max-bytes N]` reads one request per line,
//! `{"id", "op": "validate"|"qc"|"render", "spec": {..} (or a string: raw text, e.g. an LLM
//! reply with `"options": {"extract_json": true}`), "options": {"autofit", "slide_numbers",
//! "extract_json", "max_bytes", "citations"}, "output": "x.pptx" or "x.docx" (render, confined to the output root), "layout": bool}`, and
//! answers exactly one line per request line, `{"id", "ok", "exit_code", ...}`: `qc` and
//! `render` add `qc`, `warnings` (and `layout`, `output`), `validate` adds `valid`, `errors`,
//! `warnings` and the counts; failures add `error` (and `errors` for invalid input). `ok` is
//! true when the job ran (exit code 0 or 1; for `validate`: the input is valid). See
//! [`specrender::serve`]. EOF ends it with exit code 0.

use clap::{Args, Parser, Subcommand};
use serde_json::json;
use specrender::outputs::{Content, OutputError, Target};
use specrender::serve::{ServeOptions, Worker};
use specrender::{
    guard, options, panic_message, ReadFail, TemplateFail, Autofit, Error, JobOptions, FontOptions, Outcome, ParseOptions, Parsed, Progress,
    RenderOptions, SpecError, SpecFailure, Stage, Validation,
};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A line on stderr; a stderr that cannot be written is ignored (never a panic).
macro_rules! say {
    ($($t:tt)*) => {{
        let _ = writeln!(io::stderr(), $($t)*);
    }};
}

/// A command's `after_help`: its own exit codes (`$codes`, the lines for 0 and 1), those every
/// command shares, and one example.
macro_rules! help {
    ($codes:literal, $example:literal) => {
        concat!(
            "Exit codes:\n",
            $codes,
            "\n",
            "  2    invalid input or usage: nothing written\n",
            "  3    environment: a file, folder or font that cannot be read or written, or stdout\n",
            "       closed at start (the report would be lost): nothing written\n",
            "  4    internal error\n",
            "  141  stdout's reader went away (`| head`): ended quietly, nothing written\n",
            "\n",
            "Example:\n",
            $example
        )
    };
}

#[derive(Parser)]
#[command(
    name = "specrender",
    version,
    about = "SlideSpec JSON to a fitted PPTX, DocSpec JSON to a fitted DOCX, and a QC report",
    long_about = "SlideSpec JSON to a fitted, editable PPTX, DocSpec JSON to a DOCX, and a QC \
report an agent can act on. The input's `spec_version` (`slidespec_v1` or `docspec_v1`) says \
which; the schemas are spec/schema/slidespec-v1.schema.json and docspec-v1.schema.json. A deck \
is laid out on a built-in look (`specrender themes`, `--theme`) or a .pptx/.potx template \
(`--template`), a document on its own styles or a .docx/.dotx template.",
    after_help = help!(
        "  0    done (render, qc, preview: QC passed)\n  1    written or checked, QC found high or medium issues",
        "  specrender render examples/hello-deck.json -o deck.pptx --qc deck.qc.json"
    )
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a SlideSpec or DocSpec against its schema and the semantic rules; print every
    /// error as JSON.
    ///
    /// Prints `{"valid", "errors": [{"path" (a JSON Pointer), "code", "message"}], "warnings",
    /// "error_count", "warning_count", "max_listed"}` on stdout and the errors on stderr.
    /// Nothing is laid out or written.
    #[command(after_help = help!(
        "  0    valid (warnings allowed)",
        "  specrender validate examples/hello-doc.json"
    ))]
    Validate {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Lay out and check a SlideSpec or DocSpec without writing a file; print the QC report
    /// as JSON.
    ///
    /// The fast check before `render`: the same layout and report, no PPTX or DOCX. Invalid
    /// input prints its errors as JSON on stdout, as `validate` does.
    #[command(after_help = help!(
        "  0    QC passed\n  1    QC found high or medium issues",
        "  specrender qc examples/hello-deck.json --layout layout.json"
    ))]
    Qc {
        #[command(flatten)]
        input: InputArgs,
        /// Write every placed box as JSON to this file.
        #[arg(long, value_name = "LAYOUT.json")]
        layout: Option<PathBuf>,
        #[command(flatten)]
        citations: CitationsFlag,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Check a .pptx / .potx specrender did not make: its text measured as the file says,
    /// the QC report (the `qc` format) for it.
    ///
    /// Every text-bearing shape's text is resolved through its layout, master and theme and
    /// measured with real fonts (groups, tables, autofit applied); findings are keyed by
    /// slide number, shape id and name. Prints a line per finding, or the report as JSON
    /// with --json. DOCX files are not checked yet (exit 2).
    #[command(after_help = help!(
        "  0    checked, no high or medium finding\n  1    checked, high or medium findings",
        "  specrender check deck.pptx --json"
    ))]
    Check {
        /// The .pptx, .potx or .ppsx to check.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Print the QC report as JSON (the `qc` command's format).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        fonts: FontArgs,
    },
    /// Write the PPTX of a SlideSpec or the DOCX of a DocSpec, and the QC report (to --qc,
    /// else to stdout).
    ///
    /// Every output (the file, --qc, --layout, --preview) is written together or none is.
    /// A deck takes --theme or a .pptx/.potx --template; a document a .docx/.dotx --template.
    /// Invalid input prints its errors as JSON on stdout, as `validate` does.
    #[command(after_help = help!(
        "  0    written, QC passed\n  1    written, QC found high or medium issues",
        "  specrender render examples/hello-deck.json -o deck.pptx --theme bold --qc deck.qc.json"
    ))]
    Render {
        #[command(flatten)]
        input: InputArgs,
        /// Output file. Default: the input's name with `.pptx` (SlideSpec) or `.docx` (DocSpec);
        /// required when INPUT is `-`.
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
        /// Write the QC report to this file instead of stdout.
        #[arg(long, value_name = "QC.json")]
        qc: Option<PathBuf>,
        /// Write every placed box as JSON to this file.
        #[arg(long, value_name = "LAYOUT.json")]
        layout: Option<PathBuf>,
        /// Also draw one PNG per output slide into this folder (as `preview`), from the same
        /// laid-out deck, written together with the PPTX.
        #[arg(long, value_name = "DIR")]
        preview: Option<PathBuf>,
        /// Width of the `--preview` PNGs in pixels (16 to 8192).
        #[arg(long, value_name = "PX", default_value_t = specrender_preview::DEFAULT_WIDTH, requires = "preview")]
        preview_width: u32,
        /// Also write the deck's PDF to this file (as `pdf`), from the same laid-out deck,
        /// written together with the PPTX (and the `--preview` PNGs).
        #[arg(long, value_name = "FILE.pdf")]
        pdf: Option<PathBuf>,
        /// Draw every QC issue on the `--preview` PNGs.
        #[arg(long, requires = "preview")]
        highlight: bool,
        /// `shrink` writes a:normAutofit; `none` writes a:noAutofit (text exactly at the
        /// chosen sizes). Decks only.
        #[arg(long, value_parser = options::AUTOFIT.clap(), default_value = "shrink")]
        autofit: Autofit,
        /// Fonts the PPTX or DOCX carries, so the fit holds where they are not installed:
        /// `none`; `used` — the faces the file uses, subset to its characters; `all` — those
        /// faces whole (editable with any character). Faces measured with a stand-in, or whose
        /// licence forbids it, are not embedded (QC `font_not_embedded`). docs/guide/fonts.md.
        #[arg(long, value_parser = options::EMBED_FONTS.clap(), default_value = "none", value_name = "WHICH")]
        embed_fonts: specrender::EmbedFonts,
        #[command(flatten)]
        citations: CitationsFlag,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Draw one PNG per output slide of a SlideSpec (`NNN-<slide_id>.png`), or per page of a
    /// DocSpec (`page-N.png`); print the QC report as JSON.
    ///
    /// Drawn from the layout (nothing measured again): a deck on its look or --template, a
    /// document's pages as its PDF draws them (--sheet and --highlight: decks only).
    #[command(after_help = help!(
        "  0    drawn, QC passed\n  1    drawn, QC found high or medium issues",
        "  specrender preview examples/hello-deck.json -o previews --highlight --sheet sheet.png"
    ))]
    Preview {
        #[command(flatten)]
        input: InputArgs,
        /// Folder for the PNGs (created if missing).
        #[arg(short = 'o', long = "output", value_name = "DIR")]
        output: PathBuf,
        /// PNG width in pixels (16 to 8192; the height follows the slide size).
        #[arg(long, value_name = "PX", default_value_t = specrender_preview::DEFAULT_WIDTH)]
        width: u32,
        /// Draw every QC issue: the element's box outlined in its severity colour, an
        /// overflow's excess hatched below the box.
        #[arg(long)]
        highlight: bool,
        /// Also write a contact sheet: every slide as a thumbnail with its id and a badge per
        /// QC finding (framed in its worst finding's colour).
        #[arg(long, value_name = "FILE.png")]
        sheet: Option<PathBuf>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Write the PDF of a SlideSpec or DocSpec, drawn from the laid-out deck or document
    /// (nothing measured again), and the QC report (to --qc, else to stdout).
    ///
    /// A deck: one page per output slide. A document: the pages layout predicts. Tagged,
    /// PDF/A-2b, PDF/UA-1 when the input gives a title and alt text for every picture. Both
    /// files are written together or neither is.
    #[command(after_help = help!(
        "  0    written, QC passed\n  1    written, QC found high or medium issues",
        "  specrender pdf examples/hello-deck.json -o deck.pdf --qc deck.qc.json"
    ))]
    Pdf {
        #[command(flatten)]
        input: InputArgs,
        /// Output file.
        #[arg(short = 'o', long = "output", value_name = "FILE.pdf")]
        output: PathBuf,
        /// Write the QC report to this file instead of stdout.
        #[arg(long, value_name = "QC.json")]
        qc: Option<PathBuf>,
        #[command(flatten)]
        citations: CitationsFlag,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Read a .pptx / .potx (deck) or .docx / .dotx (document) template and describe it.
    Template {
        #[command(subcommand)]
        command: TemplateCommand,
    },
    /// List the built-in looks of decks (`--theme NAME` or `theme.template_ref.template_id`).
    ///
    /// Documents have one built-in look, their own styles (`default`), or a .docx/.dotx
    /// template.
    #[command(after_help = help!("  0    listed", "  specrender themes --json"))]
    Themes {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the loaded font faces, what the default families resolve to and which face draws
    /// each script (for decks and documents alike), as JSON.
    #[command(after_help = help!(
        "  0    listed",
        "  specrender fonts --family \"Noto Sans\""
    ))]
    Fonts {
        #[command(flatten)]
        fonts: FontArgs,
        /// Also resolve this family (repeatable).
        #[arg(long, value_name = "NAME")]
        family: Vec<String>,
    },
    /// Long-running worker: one JSON request per line on stdin, one JSON response per line.
    ///
    /// Requests: `{"id", "op": "validate"|"qc"|"render", "spec": {..} (a SlideSpec or a DocSpec;
    /// or a string, with "options": {"extract_json": true} for an LLM reply), "options":
    /// {"autofit", "slide_numbers", "extract_json", "max_bytes", "citations"}, "output":
    /// "x.pptx"|"x.docx" (render), "layout": bool}`. Each answer has `"exit_code"` (the
    /// command's own: 0, 1, 2, 3, 4) and `"ok"`. Fonts are loaded once.
    #[command(after_help = help!(
        "  0    end of stdin",
        "  echo '{\"id\": 1, \"op\": \"validate\", \"spec\": {}}' | specrender serve"
    ))]
    Serve {
        #[command(flatten)]
        args: ServeArgs,
    },
}

#[derive(Args)]
struct ServeArgs {
    #[command(flatten)]
    fonts: FontArgs,
    /// Every `render` output is confined to this folder. Default: the working directory.
    #[arg(long, value_name = "DIR")]
    output_root: Option<PathBuf>,
    /// Every asset is confined to this folder. Default: the working directory.
    #[arg(long, value_name = "DIR")]
    assets: Option<PathBuf>,
    /// Longest request line (and input) in bytes; a request may lower it. Default: 32 MiB.
    #[arg(long, value_name = "N")]
    max_bytes: Option<usize>,
    /// Resolve each input's `theme.template_ref.template_id` to `DIR/<id>.pptx|.potx` (a
    /// deck) or `DIR/<id>.docx|.dotx` (a document), parsed once per content and kept for every
    /// later job.
    #[arg(long, value_name = "DIR")]
    templates: Option<PathBuf>,
}

#[derive(Args)]
struct InputArgs {
    /// Input file, or `-` for stdin.
    #[arg(value_name = "INPUT")]
    input: String,
    /// The input is an LLM reply: use its first ```json block (or first balanced object).
    #[arg(long)]
    extract_json: bool,
    /// Largest accepted input in bytes. Default: 32 MiB.
    #[arg(long, value_name = "N")]
    max_bytes: Option<usize>,
}

impl InputArgs {
    fn parse_options(&self) -> ParseOptions {
        JobOptions {
            extract_json: self.extract_json,
            max_bytes: self.max_bytes,
            ..JobOptions::default()
        }
        .parse_options()
    }
}

#[derive(Subcommand)]
enum TemplateCommand {
    /// Describe a template as JSON (or --text): a deck's or a document's.
    ///
    /// A .pptx / .potx: its slide size, masters, layouts with their placeholders (resolved
    /// rectangles in EMU), theme fonts and colours, which layout each SlideSpec layout_id maps
    /// to and why, and warnings (fonts measured with a stand-in). A .docx / .dotx: its page,
    /// margins and columns, headers and footers, the style each DocSpec role uses and how it
    /// was found, the fonts of Normal and heading 1, and warnings.
    #[command(after_help = help!(
        "  0    described",
        "  specrender template inspect themes/minimal.potx --text"
    ))]
    Inspect {
        /// The .pptx / .potx / .docx / .dotx file.
        file: PathBuf,
        /// Human-readable text instead of JSON.
        #[arg(long)]
        text: bool,
        #[command(flatten)]
        fonts: FontArgs,
    },
}

#[derive(Args)]
struct FontArgs {
    /// Extra font folder, searched first (repeatable); then $SPECRENDER_FONTS, then the shipped fonts.
    #[arg(long = "fonts", value_name = "DIR")]
    dirs: Vec<PathBuf>,
    /// Also load the system's fonts.
    #[arg(long)]
    system_fonts: bool,
}

impl FontArgs {
    fn options(&self) -> FontOptions {
        specrender::font_options(&self.dirs, self.system_fonts)
    }
}

#[derive(Args)]
struct RunArgs {
    /// Root for `file` assets. Default: the input file's folder.
    #[arg(long, value_name = "DIR")]
    assets: Option<PathBuf>,
    /// Lay a deck out on this .pptx / .potx template (its layouts, placeholders, fonts and
    /// size; the PPTX carries its masters, layouts and theme), or a document on this .docx /
    /// .dotx (its styles, page, headers and footers). The other kind is refused (exit 2).
    #[arg(long, value_name = "FILE")]
    template: Option<PathBuf>,
    /// Lay the deck out on this built-in look (`specrender themes` lists them) instead of the
    /// one its `theme.template_ref.template_id` names; its brand tokens still apply. Not with
    /// `--template` (both name the look); with `--templates` the deck's id is not looked up.
    /// A DocSpec takes only `default` (its own styles).
    #[arg(long, value_name = "NAME", value_parser = theme_names(), conflicts_with = "template")]
    theme: Option<String>,
    /// Resolve `theme.template_ref.template_id` to `DIR/<id>.pptx|.potx` (a deck) or
    /// `DIR/<id>.docx|.dotx` (a document); built-in ids such as `default` need no file; an id
    /// with no file: the built-in look and an `unknown_template` note (without this option, an
    /// id that is no built-in look gets the same).
    #[arg(long, value_name = "DIR")]
    templates: Option<PathBuf>,
    #[command(flatten)]
    fonts: FontArgs,
    /// JSON-lines progress events on stderr.
    #[arg(long)]
    progress: bool,
    /// The job's options: `--no-slide-numbers`, `--threads`, `--work-budget` here; `render`'s
    /// `--autofit` and `--embed-fonts`, `qc`'s, `render`'s and `pdf`'s `--citations` and
    /// INPUT's `--extract-json` and `--max-bytes` set by the command.
    #[command(flatten)]
    job: JobOptions,
}

/// The built-in looks `--theme` takes: `default` and [`specrender::template::themes::THEMES`].
fn theme_names() -> clap::builder::PossibleValuesParser {
    use specrender::template::themes;
    clap::builder::PossibleValuesParser::new(
        std::iter::once(themes::DEFAULT_ID).chain(themes::THEMES.iter().map(|t| t.id)),
    )
}

/// `--theme NAME`: the input's `theme.template_ref.template_id` becomes NAME (a usage error,
/// reported, for a DocSpec and a name other than `default`).
fn apply_theme(run: &RunArgs, parsed: &mut Parsed) -> Result<(), i32> {
    let Some(name) = &run.theme else {
        return Ok(());
    };
    match &mut parsed.input {
        specrender::Input::Slides(spec) => spec.theme.template_ref.template_id = name.clone(),
        specrender::Input::Doc(_) if !specrender::template::themes::is_default(name) => {
            say!(
                "error: --theme {name} is a deck's look; a DocSpec takes --theme default (its own \
                 styles) or --template FILE.docx|.dotx"
            );
            return Err(2);
        }
        specrender::Input::Doc(spec) => spec.theme.template_ref.template_id = name.clone(),
    }
    Ok(())
}

/// `--citations`: only where a document is laid out (`qc`, `render`, `pdf`).
#[derive(Args)]
struct CitationsFlag {
    /// DocSpec citations: `footnotes` (one per citation) or `list` (`[n]` keys and a numbered
    /// reference list at the end).
    #[arg(long, value_parser = options::CITATIONS.clap(), default_value = "footnotes")]
    citations: specrender::layout::doc::model::CitationStyle,
}

fn main() -> ExitCode {
    // One line per panic instead of the default report: a panic is caught and answered with
    // exit code 4 (or an error response in `serve`), so the location is all stderr needs.
    std::panic::set_hook(Box::new(|info| {
        let msg = panic_message(info.payload());
        match info.location() {
            Some(l) => say!("panic at {}:{}: {msg}", l.file(), l.line()),
            None => say!("panic: {msg}"),
        }
    }));
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Validate { input } => cmd_validate(&input),
        Command::Qc {
            input,
            layout,
            citations,
            mut run,
        } => {
            run.job.citations = citations.citations;
            let outputs = Outputs {
                file: None,
                qc: None,
                layout: layout.as_deref(),
                pdf: None,
            };
            cmd_run(&input, &run, outputs, None)
        }
        Command::Render {
            input,
            output,
            qc,
            layout,
            preview,
            preview_width,
            pdf,
            highlight,
            autofit,
            embed_fonts,
            citations,
            mut run,
        } => {
            run.job.autofit = autofit;
            run.job.embed_fonts = embed_fonts;
            run.job.citations = citations.citations;
            let preview = preview.map(|dir| PreviewArgs {
                dir,
                width: preview_width,
                highlight,
                sheet: None,
            });
            let layout = layout.as_deref();
            let outputs = Outputs {
                file: Some(output),
                qc: qc.as_deref(),
                layout,
                pdf: pdf.as_deref(),
            };
            cmd_run(&input, &run, outputs, preview)
        }
        Command::Pdf {
            input,
            output,
            qc,
            citations,
            mut run,
        } => {
            run.job.citations = citations.citations;
            let outputs = Outputs {
                file: None,
                qc: qc.as_deref(),
                layout: None,
                pdf: Some(&output),
            };
            cmd_run(&input, &run, outputs, None)
        }
        Command::Preview {
            input,
            output,
            width,
            highlight,
            sheet,
            run,
        } => {
            let p = PreviewArgs {
                dir: output,
                width,
                highlight,
                sheet,
            };
            cmd_preview(&input, &run, &p)
        }
        Command::Themes { json } => cmd_themes(json),
        Command::Fonts { fonts, family } => cmd_fonts(&fonts, &family),
        Command::Check { file, json, fonts } => cmd_check(&file, json, &fonts),
        Command::Template {
            command: TemplateCommand::Inspect { file, text, fonts },
        } => cmd_template_inspect(&file, text, &fonts),
        Command::Serve { args } => cmd_serve(&args),
    };
    let _ = stdout().flush();
    if specrender::outputs::stdout_broken() {
        // The reader of stdout went away (`| head -1`): end quietly, as a process stopped by
        // SIGPIPE would (128 + 13).
        return ExitCode::from(141);
    }
    ExitCode::from(code as u8)
}

/// `specrender themes`: each built-in theme's id and what it looks like, with its layouts
/// (`default`: its 16:9 package; the 4:3 one has the same layouts).
fn cmd_themes(json: bool) -> i32 {
    use specrender::template::themes;
    let wide = specrender::spec::deck::SlideSize::WIDESCREEN;
    let default = themes::default_for((wide.cx, wide.cy));
    let all = std::iter::once((themes::DEFAULT_ID, themes::DEFAULT_DESCRIPTION, default)).chain(
        themes::THEMES.iter().map(|th| {
            (
                th.id,
                th.description,
                themes::builtin(th.id).expect("built-in theme"),
            )
        }),
    );
    let list: Vec<serde_json::Value> = all
        .map(|(id, description, t)| {
            let fonts = t.theme().map(|x| x.major.latin.clone()).unwrap_or_default();
            serde_json::json!({
                "id": id,
                "description": description,
                "fonts": fonts,
                "layouts": t.layouts.iter().map(|l| l.name.clone()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let text = if json {
        serde_json::to_string_pretty(&list).expect("json") + "\n"
    } else {
        list.iter()
            .map(|t| {
                format!(
                    "{:<8} {}\n",
                    t["id"].as_str().unwrap_or(""),
                    t["description"].as_str().unwrap_or("")
                )
            })
            .collect()
    };
    if emit(text.as_bytes()) {
        0
    } else {
        3
    }
}

// ---------------------------------------------------------------------------------------------
// Input and output

/// Read the input, refusing more than `max` bytes without reading it all. I/O errors are
/// environment errors; an oversized input is an input error.
fn read_input(arg: &str, max: usize) -> Result<Vec<u8>, Error> {
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
fn print_json(v: &impl serde::Serialize) -> bool {
    let s = serde_json::to_string_pretty(v).expect("JSON output serializes") + "\n";
    emit(s.as_bytes())
}

/// Stdout through one handle: a write that fails because the reader went away (`EPIPE`) is
/// noted ([`specrender::outputs::note_stdout_error`]) and the run ends quietly with exit code
/// 141 (`main`), never a panic as `println!` would.
struct Stdout<W: Write>(W);

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
fn stdout_open() -> bool {
    let closed = specrender::outputs::stdout_closed();
    if closed {
        say!("error: environment: stdout is closed, so the report would be lost");
    }
    !closed
}

fn stdout() -> Stdout<io::StdoutLock<'static>> {
    Stdout(io::stdout().lock())
}

/// Write `bytes` to stdout; `false` when it cannot take them (reported on stderr unless its
/// reader went away), or when stdout was closed at start (what is written would be lost).
#[must_use]
fn emit(bytes: &[u8]) -> bool {
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
fn report_error(e: &Error) {
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

fn error_line(e: &SpecError) -> String {
    let path = if e.path.is_empty() {
        "(input)"
    } else {
        e.path.as_str()
    };
    format!("{path}: {} — {}", e.code, e.message)
}

fn report_warnings(warnings: &[SpecError]) {
    for w in warnings {
        say!("warning: {}", error_line(w));
    }
}

fn progress_printer(enabled: bool) -> impl FnMut(Stage, usize, usize) {
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

fn cmd_validate(args: &InputArgs) -> i32 {
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

/// `preview`'s (and `render --preview`'s) drawing flags.
struct PreviewArgs {
    dir: PathBuf,
    width: u32,
    highlight: bool,
    sheet: Option<PathBuf>,
}

impl PreviewArgs {
    fn options(&self) -> specrender_preview::PreviewOptions {
        specrender_preview::PreviewOptions {
            width: self.width,
            highlight: self.highlight,
        }
    }

    fn sheet_options(&self) -> Option<specrender_preview::SheetOptions> {
        self.sheet
            .as_ref()
            .map(|_| specrender_preview::SheetOptions {
                highlight: self.highlight,
                ..Default::default()
            })
    }

    /// A width outside 16..=8192 is a usage mistake (reported; `false`).
    fn width_ok(&self, flag: &str) -> bool {
        let ok = (16..=specrender_preview::MAX_WIDTH).contains(&self.width);
        if !ok {
            say!(
                "error: {flag} {} is outside 16..={}",
                self.width,
                specrender_preview::MAX_WIDTH
            );
        }
        ok
    }
}

/// The files a `qc`, `render` or `pdf` run writes.
struct Outputs<'a> {
    /// `render`'s `-o` (`Some(None)`: the input's name with the format's extension); `None`
    /// for `qc` and `pdf`.
    file: Option<Option<PathBuf>>,
    qc: Option<&'a Path>,
    layout: Option<&'a Path>,
    pdf: Option<&'a Path>,
}

/// `qc` (no file), `render` (`-o`, with `--preview` or `--pdf`) and `pdf`.
fn cmd_run(
    args: &InputArgs,
    run: &RunArgs,
    outputs: Outputs<'_>,
    preview: Option<PreviewArgs>,
) -> i32 {
    if preview
        .as_ref()
        .is_some_and(|p| !p.width_ok("--preview-width"))
    {
        return 2;
    }
    match run_pipeline(args, run, outputs, preview.as_ref()) {
        Ok(code) => code,
        Err(e) => {
            report_error(&e);
            if let Error::Input(fail) = &e {
                // The machine-readable errors, as `validate` prints them.
                if !print_json(&Validation::from_failure(fail)) {
                    return 3;
                }
            }
            e.exit_code()
        }
    }
}

/// `qc` / `render` as steps: settle the output path, parse, find the assets folder, load
/// fonts, lay out (and write the PPTX), write the outputs, summarise QC on stderr.
fn run_pipeline(
    args: &InputArgs,
    run: &RunArgs,
    outputs: Outputs<'_>,
    preview: Option<&PreviewArgs>,
) -> Result<i32, Error> {
    let Outputs {
        file: output,
        qc: qc_path,
        layout: layout_path,
        pdf: pdf_path,
    } = outputs;
    let mut progress = progress_printer(run.progress);
    let parse_opts = args.parse_options();
    if output == Some(None) && args.input == "-" {
        say!("error: reading from stdin (`-`) needs -o OUT");
        return Ok(2);
    }
    // The fonts are loaded on a thread of their own while the input is read and parsed (the
    // other core is idle while the JSON is read); they are waited for where they were loaded
    // before, so errors come in the same order. A run that fails before does not wait for
    // them. `--threads 1` keeps the run on one thread.
    let font_opts = run.fonts.options();
    let fonts_loading =
        (run.job.threads != 1).then(|| std::thread::spawn(move || specrender::load_fonts(&font_opts)));
    let mut parsed = parse_input(args, &parse_opts, run, &mut progress)?;
    if let Err(code) = apply_theme(run, &mut parsed) {
        return Ok(code);
    }
    if let (Some(_), specrender::Input::Doc(_)) = (preview, &parsed.input) {
        say!("error: --preview draws slides; a DocSpec has none");
        return Ok(2);
    }
    let ext = match parsed.input {
        specrender::Input::Doc(_) => "docx",
        specrender::Input::Slides(_) => "pptx",
    };
    let out_path = match output_path(args, output, ext) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let targets = match plan_outputs(args, out_path.as_deref(), qc_path, layout_path, pdf_path) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let assets_root = assets_root(args, run)?;
    let template = match load_run_template(run) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    if let Err(code) = template_fits(&parsed.input, &template, run) {
        return Ok(code);
    }
    let fonts = match fonts_loading {
        Some(h) => h
            .join()
            .unwrap_or_else(|_| Err(Error::Internal("the font loading thread failed".into())))?,
        None => specrender::load_fonts(&run.fonts.options())?,
    };
    let opts = render_options(
        run,
        parse_opts,
        layout_path.is_some(),
        assets_root,
        template,
    );
    if let (Some(t), None) = (&targets.pdf, preview) {
        return render_pdf(parsed, fonts, &opts, (&targets, t), &mut progress);
    }
    let png_outputs = preview.map(|p| PngOutputs::new(args, &targets, &p.dir, None));
    let mut pngs: Vec<DrawnPng> = Vec::new();
    let mut pdf_bytes: Option<Vec<u8>> = None;
    let outcome: Outcome = if let (Some(p), Some(to)) = (preview, &png_outputs) {
        let also = specrender::Also {
            pptx: true,
            pdf: targets.pdf.is_some(),
        };
        let drawn = match to.draw(&parsed, &fonts, &opts, p, also, &mut progress) {
            Ok(d) => d,
            Err(Stop::Code(code)) => return Ok(code),
            Err(Stop::Err(e)) => return Err(e),
        };
        pngs = drawn.slides;
        drawn.pdf.iter().for_each(report_pdf);
        pdf_bytes = drawn.pdf.map(|p| p.bytes);
        drawn.outcome
    } else if let (Some(_), specrender::Input::Slides(_)) = (&out_path, &parsed.input) {
        let code = render_deck(&parsed, &fonts, &opts, &targets, &mut progress)?;
        std::mem::forget((parsed, fonts));
        return Ok(code);
    } else if out_path.is_some() {
        specrender::render_parsed(&parsed, &fonts, &opts, &mut progress)?
    } else {
        specrender::qc_parsed(&parsed, &fonts, &opts, &mut progress)?
    };
    let mut files = match &png_outputs {
        Some(to) => to.contents(&mut pngs, None),
        None => Vec::new(),
    };
    if let (Some(t), Some(bytes)) = (&targets.pdf, &pdf_bytes) {
        files.push((t.clone(), Content::Bytes(bytes)));
    }
    if let Err(e) = write_outputs(&outcome, &targets, files, None, &mut progress) {
        if let Some(to) = &png_outputs {
            to.undo();
        }
        return Err(e);
    }
    if let Some(to) = &png_outputs {
        to.remove_stale();
    }
    report_qc_summary(&outcome.qc);
    let code = outcome.qc.exit_code();
    // The process ends here and the system takes its memory back whole: freeing the outcome,
    // the parsed input and the fonts piece by piece first only costs time (about 1.5 ms of
    // the 200-slide deck's wall time). `serve` and the library free as usual.
    std::mem::forget((outcome, pngs, parsed, fonts));
    Ok(code)
}

/// `render --pdf` (no `--preview`): the PPTX or DOCX, the PDF at `pdf` and the report, written
/// together.
fn render_pdf(
    parsed: Parsed,
    fonts: specrender::FontBook,
    opts: &RenderOptions,
    (targets, pdf_at): (&Planned, &Target),
    progress: Progress<'_>,
) -> Result<i32, Error> {
    let (outcome, pdf) = specrender::render_with_pdf(&parsed, &fonts, opts, progress)?;
    report_pdf(&pdf);
    let files = vec![(pdf_at.clone(), Content::Bytes(&pdf.bytes))];
    write_outputs(&outcome, targets, files, None, progress)?;
    report_qc_summary(&outcome.qc);
    let code = outcome.qc.exit_code();
    // As run_pipeline: the process ends, the system takes the memory back whole.
    std::mem::forget((outcome, pdf, parsed, fonts));
    Ok(code)
}

/// `render` of a deck: as [`specrender::render_parsed`], but the package's temporary file is
/// written and synced on a thread of its own as soon as the package is made, while this thread
/// checks the deck (QC) and makes the report; then every output is renamed into place together
/// as before (all or nothing: a failure removes the staged file).
fn render_deck(
    parsed: &Parsed,
    fonts: &specrender::FontBook,
    opts: &specrender::RenderOptions,
    targets: &Planned,
    progress: Progress<'_>,
) -> Result<i32, Error> {
    let laid = std::sync::Arc::new(specrender::lay_out(parsed, fonts, opts, progress)?);
    // The package's pictures are lent from the laid deck, not copied into it: the pieces are
    // written to the file in order.
    let pptx = specrender::pptx_pieces(&laid, opts)?;
    let pieces = pptx.slices();
    let outcome = std::thread::scope(|s| {
        let staging = targets
            .pptx
            .as_ref()
            .filter(|t| matches!(t, Target::Replace { .. }))
            .map(|t| s.spawn(|| specrender::outputs::stage_pieces(t, &pieces)));
        // On failure the staging thread is still joined (by the scope) and its file removed.
        let outcome = specrender::check_deck(parsed, laid.clone(), opts, None, progress)?;
        let content = match staging {
            Some(h) => Content::Later(Box::new(move || {
                h.join().ok().flatten().unwrap_or_else(|| {
                    Err(OutputError::Io(
                        "internal: the package's writer thread failed".into(),
                    ))
                })
            })),
            None => Content::Pieces(&pieces),
        };
        write_outputs(&outcome, targets, Vec::new(), Some(content), progress)?;
        Ok::<_, Error>(outcome)
    })?;
    report_qc_summary(&outcome.qc);
    let code = outcome.qc.exit_code();
    // As run_pipeline: the process ends here, the system takes the memory back whole.
    std::mem::forget(pieces);
    std::mem::forget(pptx);
    std::mem::forget((outcome, laid));
    Ok(code)
}

/// Why a preview run stopped: an exit code already reported (a usage or output mistake found
/// when the PNGs were planned), or an error.
enum Stop {
    Code(i32),
    Err(Error),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Self {
        Stop::Err(e)
    }
}

/// One slide's preview once drawn: its PNG staged beside its target (written and synced now,
/// renamed into place with the run's other outputs), or held when its target cannot be
/// staged (written in place, or to stdout, only once the run has succeeded).
struct DrawnPng {
    slide_id: String,
    notes: Vec<String>,
    png: Png,
}

enum Png {
    Staged(specrender::outputs::Staged),
    Held(Vec<u8>),
}

/// The PNG outputs of `render --preview DIR` and `preview -o DIR`, planned once the deck is
/// laid out (the file names come from its slides) and before anything is drawn: each PNG —
/// and `--sheet` — an output of the run, planned with its other outputs, so none may name the
/// input or another output. Each PNG is staged as it is drawn (memory holds one PNG per
/// drawing thread, not the deck's), and all of them are renamed into place with the run's
/// other outputs (all or nothing).
struct PngOutputs<'a> {
    args: &'a InputArgs,
    fixed: &'a Planned,
    dir: &'a Path,
    sheet: Option<&'a Path>,
    /// The slides' targets in slide order, then the sheet's; set by [`PngOutputs::plan`].
    targets: std::sync::OnceLock<Vec<Target>>,
    /// The folder did not exist and was made here (removed again if the run fails: a failed
    /// run leaves nothing new).
    made: std::sync::atomic::AtomicBool,
}

impl<'a> PngOutputs<'a> {
    fn new(
        args: &'a InputArgs,
        fixed: &'a Planned,
        dir: &'a Path,
        sheet: Option<&'a Path>,
    ) -> Self {
        PngOutputs {
            args,
            fixed,
            dir,
            sheet,
            targets: std::sync::OnceLock::new(),
            made: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// The folder made and each PNG planned (`names` in slide order). A conflict is exit 2, a
    /// folder that cannot be made or read exit 3 (reported here).
    fn plan(&self, names: &[String]) -> Result<(), Stop> {
        let dir = self.dir;
        let made = !dir.exists();
        if let Err(e) = std::fs::create_dir_all(dir) {
            say!("error: environment: cannot create {}: {e}", dir.display());
            return Err(Stop::Code(3));
        }
        self.made.store(made, std::sync::atomic::Ordering::Relaxed);
        let paths: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
        let mut named: Vec<&Path> = Vec::new();
        let t = self.fixed;
        for t in [t.pptx.as_ref(), t.layout.as_ref(), Some(&t.qc)]
            .into_iter()
            .flatten()
        {
            if let Target::Replace { path } | Target::InPlace { path } = t {
                named.push(path);
            }
        }
        let fixed = named.len();
        named.extend(paths.iter().map(PathBuf::as_path));
        named.extend(self.sheet);
        match specrender::outputs::plan(&self.args.input, &named, false) {
            Ok(planned) => {
                let _ = self.targets.set(planned.into_iter().skip(fixed).collect());
                Ok(())
            }
            Err(e) => {
                self.undo();
                say!("error: preview: {e}");
                Err(Stop::Code(match e {
                    OutputError::Conflict(_) => 2,
                    OutputError::Io(_) => 3,
                }))
            }
        }
    }

    /// Slide `i`'s preview staged beside its target (on the thread that drew it).
    fn take(&self, i: usize, p: specrender_preview::SlidePreview) -> Result<DrawnPng, Stop> {
        let target = self
            .targets
            .get()
            .and_then(|t| t.get(i))
            .ok_or_else(|| Error::Internal(format!("preview {i} was not planned")))?;
        let png = match specrender::outputs::stage(target, &p.png) {
            Some(Ok(s)) => Png::Staged(s),
            Some(Err(e)) => return Err(Stop::Err(Error::Environment(e.to_string()))),
            None => Png::Held(p.png),
        };
        Ok(DrawnPng {
            slide_id: p.slide_id,
            notes: p.notes,
            png,
        })
    }

    /// The PNGs (and the sheet's bytes) as outputs to commit with the run's others; the notes
    /// on what could not be drawn go to stderr, in slide order.
    fn contents<'b>(
        &self,
        drawn: &'b mut [DrawnPng],
        sheet: Option<&'b [u8]>,
    ) -> Vec<(Target, Content<'b>)> {
        let targets = self.targets.get().map(Vec::as_slice).unwrap_or_default();
        let n = drawn.len();
        let mut out = Vec::with_capacity(n + 1);
        for (d, t) in drawn.iter_mut().zip(targets) {
            for n in &d.notes {
                say!("preview: {}: not drawn, outlined: {n}", d.slide_id);
            }
            let content = match &mut d.png {
                Png::Held(b) => Content::Bytes(b.as_slice()),
                staged @ Png::Staged(_) => match std::mem::replace(staged, Png::Held(Vec::new())) {
                    Png::Staged(s) => Content::Staged(s),
                    Png::Held(_) => unreachable!("matched above"),
                },
            };
            out.push((t.clone(), content));
        }
        if let (Some(b), Some(t)) = (sheet, targets.get(n)) {
            out.push((t.clone(), Content::Bytes(b)));
        }
        out
    }

    /// After a failure: the folder removed when this run made it (the staged files are
    /// removed when dropped).
    fn undo(&self) {
        if self.made.load(std::sync::atomic::Ordering::Relaxed) {
            let _ = std::fs::remove_dir(self.dir);
        }
    }

    /// After the run's outputs are in place: the slide PNGs of an earlier run left in the
    /// folder — files named as ours (`NNN-<slide id>.png`,
    /// [`specrender::outputs::is_slide_png_name`]) that this run did not write — are removed,
    /// so the folder shows this deck alone. Nothing else in it is touched (a failure to remove
    /// one is a warning).
    fn remove_stale(&self) {
        let targets = self.targets.get().map(Vec::as_slice).unwrap_or_default();
        let ours: Vec<&Path> = targets
            .iter()
            .filter_map(|t| match t {
                Target::Replace { path } | Target::InPlace { path } => Some(path.as_path()),
                Target::Stdout => None,
            })
            .collect();
        for stale in specrender::outputs::stale_slide_pngs(self.dir, &ours) {
            if let Err(e) = std::fs::remove_file(&stale) {
                say!(
                    "warning: could not remove the earlier preview {}: {e}",
                    stale.display()
                );
            }
        }
    }

    /// Lay out, check and draw (`previews_parsed_into`) as `p` asks (its contact sheet
    /// too), each PNG staged as it is drawn; a failure undoes the folder.
    fn draw(
        &self,
        parsed: &Parsed,
        fonts: &specrender::FontBook,
        opts: &RenderOptions,
        p: &PreviewArgs,
        also: specrender::Also,
        progress: Progress<'_>,
    ) -> Result<specrender::Previews<DrawnPng>, Stop> {
        let to = specrender::PreviewsTo {
            plan: |names: &[String]| self.plan(names),
            take: |i, p| self.take(i, p),
        };
        let (preview, sheet) = (p.options(), p.sheet_options());
        let r = specrender::previews_parsed_into(
            parsed,
            fonts,
            opts,
            &preview,
            sheet.as_ref(),
            also,
            progress,
            to,
        );
        if r.is_err() {
            self.undo();
        }
        r
    }
}

/// `preview`: lay out, check, draw; write the PNGs into `dir` (and the contact sheet), print
/// the QC report.
fn cmd_preview(args: &InputArgs, run: &RunArgs, p: &PreviewArgs) -> i32 {
    if !p.width_ok("--width") {
        return 2;
    }
    let dir = p.dir.as_path();
    // `--sheet` naming the input, or in a missing folder, is refused before any work (the
    // slides' names are known once the deck is laid out: they are planned with it below).
    // A sheet inside the PNGs' folder, not made yet, is planned with them.
    let later = |s: &Path| s.parent().is_some_and(|f| f == dir && !f.exists());
    if let Some(sheet) = p.sheet.as_ref().filter(|s| !later(s)) {
        if let Err(e) = specrender::outputs::plan(&args.input, &[sheet.as_path()], true) {
            say!("error: --sheet: {e}");
            return match e {
                OutputError::Conflict(_) => 2,
                OutputError::Io(_) => 3,
            };
        }
    }
    let result = (|| -> Result<i32, Error> {
        let mut progress = progress_printer(run.progress);
        let parse_opts = args.parse_options();
        let mut parsed = parse_input(args, &parse_opts, run, &mut progress)?;
        if let Err(code) = apply_theme(run, &mut parsed) {
            return Ok(code);
        }
        if let specrender::Input::Doc(_) = parsed.input {
            return doc_preview(args, run, p, &parsed, parse_opts, &mut progress);
        }
        let assets_root = assets_root(args, run)?;
        let template = match load_run_template(run) {
            Ok(t) => t,
            Err(code) => return Ok(code),
        };
        if let Err(code) = template_fits(&parsed.input, &template, run) {
            return Ok(code);
        }
        let fonts = specrender::load_fonts(&run.fonts.options())?;
        let opts = render_options(run, parse_opts, false, assets_root, template);
        // Every PNG, the sheet and the report are outputs of the run (as `render`'s):
        // planned together, written together, none naming the input or another output.
        let planned = Planned {
            pptx: None,
            qc: Target::Stdout,
            layout: None,
            pdf: None,
        };
        let to = PngOutputs::new(args, &planned, dir, p.sheet.as_deref());
        let mut drawn = match to.draw(
            &parsed,
            &fonts,
            &opts,
            p,
            specrender::Also::default(),
            &mut progress,
        ) {
            Ok(d) => d,
            Err(Stop::Code(code)) => return Ok(code),
            Err(Stop::Err(e)) => return Err(e),
        };
        let files = to.contents(&mut drawn.slides, drawn.sheet.as_deref());
        if let Err(e) = write_outputs(&drawn.outcome, &planned, files, None, &mut progress) {
            to.undo();
            return Err(e);
        }
        to.remove_stale();
        let qc = drawn.outcome.qc;
        report_qc_summary(&qc);
        Ok(qc.exit_code())
    })();
    match result {
        Ok(code) => code,
        Err(e) => {
            report_error(&e);
            e.exit_code()
        }
    }
}

/// `preview` of a DocSpec: one PNG per page, `page-1.png`, `page-2.png`, ... in the folder,
/// and the QC report on stdout, written together. `--sheet` and `--highlight` draw slides only.
fn doc_preview(
    args: &InputArgs,
    run: &RunArgs,
    p: &PreviewArgs,
    parsed: &specrender::Parsed,
    parse_opts: specrender::ParseOptions,
    progress: &mut dyn FnMut(specrender::Stage, usize, usize),
) -> Result<i32, Error> {
    if p.sheet.is_some() || p.highlight {
        say!(
            "error: --sheet and --highlight draw slides; a DocSpec's pages are drawn without them"
        );
        return Ok(2);
    }
    let assets_root = assets_root(args, run)?;
    let template = match load_run_template(run) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    if let Err(code) = template_fits(&parsed.input, &template, run) {
        return Ok(code);
    }
    let fonts = specrender::load_fonts(&run.fonts.options())?;
    let opts = render_options(run, parse_opts, false, assets_root, template);
    let (outcome, pngs) = specrender::doc_previews(parsed, &fonts, &opts, p.width, progress)?;
    std::fs::create_dir_all(&p.dir)
        .map_err(|e| Error::Environment(format!("cannot create {}: {e}", p.dir.display())))?;
    let paths: Vec<PathBuf> = (1..=pngs.len())
        .map(|i| p.dir.join(format!("page-{i}.png")))
        .collect();
    let refs: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let targets = match specrender::outputs::plan(&args.input, &refs, true) {
        Ok(t) => t,
        Err(e) => {
            say!("error: {e}");
            return Ok(match e {
                OutputError::Conflict(_) => 2,
                OutputError::Io(_) => 3,
            });
        }
    };
    let planned = Planned {
        pptx: None,
        qc: Target::Stdout,
        layout: None,
        pdf: None,
    };
    let files = targets
        .into_iter()
        .zip(&pngs)
        .map(|(t, b)| (t, Content::Bytes(b)))
        .collect();
    write_outputs(&outcome, &planned, files, None, progress)?;
    report_qc_summary(&outcome.qc);
    Ok(outcome.qc.exit_code())
}

/// Where the PPTX or DOCX goes (`None` for `qc`), decided before any work so a usage mistake costs
/// nothing. A usage mistake is reported here and comes back as `Err(exit code)`.
fn output_path(
    args: &InputArgs,
    output: Option<Option<PathBuf>>,
    ext: &str,
) -> Result<Option<PathBuf>, i32> {
    let out_path = match output {
        None => None,
        Some(Some(o)) => Some(o),
        Some(None) if args.input == "-" => {
            say!("error: reading from stdin (`-`) needs -o OUT");
            return Err(2);
        }
        Some(None) => Some(Path::new(&args.input).with_extension(ext)),
    };
    if let Some(msg) = out_path
        .as_deref()
        .and_then(|p| specrender::outputs::extension_error_for_target(p, ext))
    {
        say!("error: {msg}");
        return Err(2);
    }
    Ok(out_path)
}

/// Where each output goes, settled before any work ([`specrender::outputs::plan`]): an output
/// naming the input or another output is refused (exit 2), a folder or a missing folder is an
/// environment error (exit 3). The QC report goes to stdout unless `--qc` names a file.
struct Planned {
    pptx: Option<Target>,
    qc: Target,
    layout: Option<Target>,
    pdf: Option<Target>,
}

fn plan_outputs(
    args: &InputArgs,
    pptx: Option<&Path>,
    qc: Option<&Path>,
    layout: Option<&Path>,
    pdf: Option<&Path>,
) -> Result<Planned, i32> {
    let named: Vec<&Path> = [pptx, qc, layout, pdf].into_iter().flatten().collect();
    let mut targets = match specrender::outputs::plan(&args.input, &named, qc.is_none()) {
        Ok(t) => t.into_iter(),
        Err(e) => {
            say!("error: {e}");
            return Err(match e {
                OutputError::Conflict(_) => 2,
                OutputError::Io(_) => 3,
            });
        }
    };
    let mut next = |named: Option<&Path>| named.and_then(|_| targets.next());
    Ok(Planned {
        pptx: next(pptx),
        qc: next(qc).unwrap_or(Target::Stdout),
        layout: next(layout),
        pdf: next(pdf),
    })
}

/// What the PDF could not claim or draw, on stderr.
fn report_pdf(pdf: &specrender_pdf::Pdf) {
    if !pdf.ua {
        say!(
            "pdf: PDF/UA-1 not declared ({} pdf_not_accessible finding(s) in the QC report)",
            pdf.ua_gaps.len()
        );
    }
    for n in &pdf.notes {
        say!("pdf: {n}");
    }
}

/// Read and parse the input (the parse stage's progress events around it); its warnings go to
/// stderr.
fn parse_input(
    args: &InputArgs,
    parse_opts: &ParseOptions,
    run: &RunArgs,
    progress: Progress<'_>,
) -> Result<Parsed, Error> {
    progress(Stage::Parse, 0, 1);
    let bytes = read_input(&args.input, parse_opts.max_bytes)?;
    // A deck on a built-in look has it warmed on another thread while the input is validated
    // (`--template` replaces the look; `--templates` may resolve its id to a file; `--theme`
    // names the look, warmed here; `--threads 1` keeps the run on one thread). The JSON value
    // is not freed: the process exits after the run (freeing it on another thread held the
    // allocator's lock against this one).
    if let (Some(name), false) = (&run.theme, run.job.threads == 1) {
        let name = name.clone();
        // Detached: a run that fails before it needs the look does not wait for it.
        let _ = std::thread::Builder::new().spawn(move || {
            if let Some(t) = specrender::template::themes::builtin(&name) {
                let _ = t.carried();
            }
        });
    }
    let parsed: Parsed = if run.template.is_none() && run.theme.is_none() && run.job.threads != 1 {
        specrender::parse_warming(
            &bytes,
            parse_opts,
            run.templates.is_some(),
            std::mem::forget,
        )
    } else {
        specrender::parse(&bytes, parse_opts)
    }
    .map_err(|e| hint_llm_reply(e, &bytes, parse_opts))?;
    drop(bytes);
    progress(Stage::Parse, 1, 1);
    report_warnings(&parsed.warnings);
    Ok(parsed)
}

/// A `malformed_json` failure of an input that looks like an LLM reply, read without
/// `--extract-json`, with a hint to that flag in its message (one line, on stderr and in the
/// JSON errors); any other error unchanged.
fn hint_llm_reply(e: Error, bytes: &[u8], opts: &ParseOptions) -> Error {
    match e {
        Error::Input(fail @ SpecFailure::Malformed { .. })
            if !opts.extract_json && specrender::looks_like_llm_reply(bytes) =>
        {
            Error::Input(specrender::with_hint(
                fail,
                "the input looks like an LLM reply (text or a ```json fence around the JSON): \
                 --extract-json reads the JSON out of it",
            ))
        }
        e => e,
    }
}

/// The root for `file` assets: `--assets` (which must be a folder), else the input file's
/// folder, else (stdin) the working directory.
fn assets_root(args: &InputArgs, run: &RunArgs) -> Result<Option<PathBuf>, Error> {
    Ok(match &run.assets {
        Some(dir) => {
            if !dir.is_dir() {
                return Err(Error::Environment(format!(
                    "assets folder {} cannot be read",
                    dir.display()
                )));
            }
            Some(dir.clone())
        }
        None if args.input == "-" => std::env::current_dir().ok(),
        None => Some(
            Path::new(&args.input)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .to_path_buf(),
        ),
    })
}

/// The library's options from the command line: the job's ([`JobOptions::render_options`])
/// with INPUT's parsing flags, and where assets and templates are.
fn render_options(
    run: &RunArgs,
    parse: ParseOptions,
    layout_json: bool,
    assets_root: Option<PathBuf>,
    template: Option<specrender::template::AnyTemplate>,
) -> RenderOptions {
    RenderOptions {
        parse,
        layout_json,
        assets_root,
        templates: run
            .templates
            .as_ref()
            .map(|d| std::sync::Arc::new(specrender::TemplateStore::new(d))),
        ..run.job.render_options()
    }
    .with_template(template)
}

/// `--template FILE`, read and parsed (a problem is reported and comes back as the exit code).
fn load_run_template(run: &RunArgs) -> Result<Option<specrender::template::AnyTemplate>, i32> {
    run.template.as_ref().map(|p| load_template(p)).transpose()
}

/// A `--template` of the other kind than the input (a Word template for a deck, a
/// presentation for a document) is refused: exit 2, nothing written
/// ([`specrender::template_fits`]).
fn template_fits(
    input: &specrender::Input,
    template: &Option<specrender::template::AnyTemplate>,
    run: &RunArgs,
) -> Result<(), i32> {
    let file = run.template.as_deref().unwrap_or(Path::new("")).display();
    specrender::template_fits(input, template.as_ref(), &file.to_string()).map_err(|m| {
        say!("error: {m}");
        2
    })
}

/// Write the PPTX, the QC report (`--qc` or stdout) and `--layout` together
/// ([`specrender::outputs::commit`]: all or nothing), with the write stage's progress events.
/// `pptx` is the package when the outcome does not hold it ([`render_deck`]: its bytes, or its
/// temporary file being written on another thread).
fn write_outputs<'a>(
    outcome: &'a Outcome,
    to: &Planned,
    pngs: Vec<(Target, Content<'a>)>,
    pptx: Option<Content<'a>>,
    progress: Progress<'_>,
) -> Result<(), Error> {
    let qc_json = outcome.qc.to_json_pretty() + "\n";
    // The layout JSON is written into its file as it is made (it can be tens of times the
    // input: about 470 bytes per table cell), never held whole.
    let layout_json = outcome.layout.as_ref().map(|l| {
        move |w: &mut dyn std::io::Write| -> std::io::Result<()> {
            l.write_pretty(&mut *w)?;
            w.write_all(b"\n")
        }
    });
    let mut files: Vec<(Target, Content<'_>)> = Vec::new();
    if let Some(t) = &to.pptx {
        match (pptx, outcome.file_bytes()) {
            (Some(c), _) => files.push((t.clone(), c)),
            (None, Some(bytes)) => files.push((t.clone(), Content::Bytes(bytes))),
            (None, None) => {}
        }
    }
    files.push((to.qc.clone(), Content::Bytes(qc_json.as_bytes())));
    if let (Some(t), Some(j)) = (&to.layout, &layout_json) {
        files.push((t.clone(), Content::Stream(j)));
    }
    files.extend(pngs);
    let n = files.len();
    progress(Stage::Write, 0, n);
    specrender::outputs::commit_with(files).map_err(|e| Error::Environment(e.to_string()))?;
    progress(Stage::Write, n, n);
    Ok(())
}

/// The QC issues saying the output is not what the input asked for — a `layout_id` that is
/// not a preset, a template with no layout for a layout id or without the layout the brand
/// names, a `template_id` that names no template — and what was used instead.
const OUTPUT_NOTES: [specrender::qc::IssueKind; 4] = {
    use specrender::qc::IssueKind as K;
    [
        K::UnknownLayout,
        K::TemplateLayoutFallback,
        K::TemplateLayoutMissing,
        K::UnknownTemplate,
    ]
};

/// One stderr line per issue of [`OUTPUT_NOTES`] (`note: <message>`; also in the report), then
/// one line counting the issues when QC did not pass.
fn report_qc_summary(qc: &specrender::QcReport) {
    for i in qc.issues.iter().filter(|i| OUTPUT_NOTES.contains(&i.kind)) {
        say!("note: {}", i.message.replace('\n', " "));
    }
    if !qc.pass {
        say!(
            "qc: {} issue(s): {} high, {} medium, {} low",
            qc.issues.len(),
            qc.count(specrender::Severity::High),
            qc.count(specrender::Severity::Medium),
            qc.count(specrender::Severity::Low),
        );
    }
}

/// Reads and parses a template ([`specrender::TemplateCache::load`]); a problem is reported
/// on stderr and comes back as the exit code: 3 when the file cannot be read, 2 when it is not
/// a usable template (naming the part).
fn load_template(file: &std::path::Path) -> Result<specrender::template::AnyTemplate, i32> {
    match specrender::TemplateCache::with_bounds(0, 0).load(file) {
        Ok(t) => Ok(t),
        Err(TemplateFail::Unusable(m)) => {
            say!("error: {m}");
            Err(2)
        }
        Err(TemplateFail::Error(e)) => {
            report_error(&e);
            Err(e.exit_code())
        }
    }
}

fn cmd_template_inspect(file: &std::path::Path, text: bool, fonts: &FontArgs) -> i32 {
    let t = match load_template(file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let book = match specrender::load_fonts(&fonts.options()) {
        Ok(b) => b,
        Err(e) => {
            report_error(&e);
            return e.exit_code();
        }
    };
    let t = match t {
        specrender::template::AnyTemplate::Deck(t) => t,
        specrender::template::AnyTemplate::Doc(d) => {
            let v = specrender::doc_template_inspect(&d);
            if text {
                let s = specrender::terminal_safe(&specrender::doc_template_inspect_text(&v));
                return if emit(s.as_bytes()) { 0 } else { 3 };
            }
            return if print_json(&v) { 0 } else { 3 };
        }
    };
    let warnings = specrender::template_font_warnings(&book, &t);
    let map = specrender::template_layout_map(&t);
    if text {
        let s = specrender::terminal_safe(&specrender::template::report::inspect_text(
            &t, &map, &warnings,
        ));
        return if emit(s.as_bytes()) { 0 } else { 3 };
    }
    let v = specrender::template::report::inspect_json(&t, &map, &warnings);
    if print_json(&v) {
        0
    } else {
        3
    }
}

/// `check FILE`: 0 or 1 as QC, 2 for a file that is not a usable presentation (the part
/// named), 3 for a file or fonts that cannot be read.
fn cmd_check(file: &std::path::Path, json: bool, fonts: &FontArgs) -> i32 {
    if json && !stdout_open() {
        return 3;
    }
    let opts = specrender::check::CheckOptions::default();
    let bytes = match specrender::read_regular_file(file, opts.limits.max_file_bytes) {
        Ok(b) => b,
        Err(ReadFail::Io(e)) => {
            say!("error: environment: cannot read {}: {e}", file.display());
            return 3;
        }
        Err(ReadFail::TooLarge(max)) => {
            say!("error: {}: larger than {max} bytes", file.display());
            return 2;
        }
        Err(ReadFail::NotAFile) => {
            say!(
                "error: {}: not a regular file (a folder, FIFO or device)",
                file.display()
            );
            return 2;
        }
    };
    let book = match specrender::load_fonts(&fonts.options()) {
        Ok(b) => b,
        Err(e) => {
            report_error(&e);
            return e.exit_code();
        }
    };
    let qc = match specrender::check_file(bytes, &book, &opts) {
        Ok(Ok(qc)) => qc,
        Ok(Err(e)) => {
            say!("error: {}: {e}", file.display());
            return e.exit_code();
        }
        Err(e) => {
            report_error(&e);
            return e.exit_code();
        }
    };
    let ok = if json {
        print_json(&qc)
    } else {
        let mut s = String::new();
        for i in &qc.issues {
            s.push_str(&format!(
                "{:<6} {:<18} {}\n",
                severity_word(i.severity),
                i.kind.as_str(),
                i.message
            ));
        }
        s.push_str(&format!(
            "{}: {} slide(s), {} finding(s): {} high, {} medium, {} low\n",
            if qc.pass { "pass" } else { "fail" },
            qc.summary.slides_in,
            qc.issues.len(),
            qc.count(specrender::Severity::High),
            qc.count(specrender::Severity::Medium),
            qc.count(specrender::Severity::Low),
        ));
        emit(specrender::terminal_safe(&s).as_bytes())
    };
    if !ok {
        return 3;
    }
    qc.exit_code()
}

fn severity_word(s: specrender::Severity) -> &'static str {
    match s {
        specrender::Severity::High => "high",
        specrender::Severity::Medium => "medium",
        specrender::Severity::Low => "low",
    }
}

fn cmd_fonts(args: &FontArgs, families: &[String]) -> i32 {
    let result = specrender::load_fonts(&args.options())
        .and_then(|book| guard(|| Ok(specrender::fonts_report(&book, families))));
    match result {
        Ok(v) => {
            if print_json(&v) {
                0
            } else {
                3
            }
        }
        Err(e) => {
            report_error(&e);
            e.exit_code()
        }
    }
}

// ---------------------------------------------------------------------------------------------
// serve

fn cmd_serve(args: &ServeArgs) -> i32 {
    if !stdout_open() {
        return 3;
    }
    let book = match specrender::load_fonts(&args.fonts.options()) {
        Ok(b) => b,
        Err(e) => {
            report_error(&e);
            return e.exit_code();
        }
    };
    let cwd = PathBuf::from(".");
    let opts = ServeOptions {
        output_root: args.output_root.clone().unwrap_or_else(|| cwd.clone()),
        assets: args.assets.clone().unwrap_or(cwd),
        max_bytes: args.max_bytes.unwrap_or(ServeOptions::default().max_bytes),
        templates: args.templates.clone(),
    };
    let worker = match Worker::new(&book, &opts) {
        Ok(w) => w,
        Err(e) => {
            report_error(&e);
            return e.exit_code();
        }
    };
    worker.run(io::stdin().lock(), stdout())
}
