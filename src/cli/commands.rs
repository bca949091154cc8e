//! The commands that lay nothing out: `themes`, `template inspect`, `check`, `fonts`, `serve`.

#[allow(unused_imports)]
use crate::*;

/// `specrender themes`: each built-in theme's id and what it looks like, with its layouts
/// (`default`: its 16:9 package; the 4:3 one has the same layouts).
pub(crate) fn cmd_themes(json: bool) -> i32 {
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

/// Reads and parses a template ([`specrender::TemplateCache::load`]); a problem is reported
/// on stderr and comes back as the exit code: 3 when the file cannot be read, 2 when it is not
/// a usable template (naming the part).
pub(crate) fn load_template(
    file: &std::path::Path,
) -> Result<specrender::template::AnyTemplate, i32> {
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

pub(crate) fn cmd_template_inspect(file: &std::path::Path, text: bool, fonts: &FontArgs) -> i32 {
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
pub(crate) fn cmd_check(file: &std::path::Path, json: bool, fonts: &FontArgs) -> i32 {
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

pub(crate) fn severity_word(s: specrender::Severity) -> &'static str {
    match s {
        specrender::Severity::High => "high",
        specrender::Severity::Medium => "medium",
        specrender::Severity::Low => "low",
    }
}

pub(crate) fn cmd_fonts(args: &FontArgs, families: &[String]) -> i32 {
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

pub(crate) fn cmd_serve(args: &ServeArgs) -> i32 {
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
