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
    guard, options, panic_message, Autofit, Error, FontOptions, JobOptions, Outcome, ParseOptions,
    Parsed, Progress, ReadFail, RenderOptions, SpecError, SpecFailure, Stage, TemplateFail,
    Validation,
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

mod cli;
use cli::{commands::*, out::*, prepare::*, preview::*, run::*};

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
