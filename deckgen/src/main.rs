//! `specrender-deckgen --slides 200 --mix mixed --seed 1 > deck.json`: a generated SlideSpec
//! deck on stdout (compact JSON, or `--pretty`). Same arguments, same bytes. `--assets DIR`
//! writes the pictures the deck names into DIR; `--text-only` leaves out chart, table and
//! picture slides.
//!
//! `specrender-deckgen --doc --blocks 2000 --mix mixed --kind report --seed 1 --assets DIR`: a
//! generated DocSpec document on stdout, its figures written into DIR (the `--assets` folder
//! `specrender render` reads them from). `--doc-suite DIR [--fast]`: the named documents of
//! `specrender_deckgen::doc_suite` as DIR/NAME.json, with the figures beside them.

use clap::Parser;
use specrender_deckgen::doc::{
    doc, doc_suite, write_figures, DocKind, DocMix, DocOptions, MAX_BLOCKS,
};
use specrender_deckgen::{
    deck, stacked_deck, text_only_deck, write_pictures, DeckOptions, Mix, MAX_SLIDES,
};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "specrender-deckgen",
    about = "Write a deterministic, realistic SlideSpec v1 deck (or DocSpec v1 document) to stdout"
)]
struct Args {
    /// Input slides (1-200: the schema's cap).
    #[arg(long, default_value_t = MAX_SLIDES)]
    slides: usize,
    /// Languages. Decks: mixed (ko/en/ja/zh slides in a Korean deck), ko, en, ja, zh.
    /// Documents: mixed, en, ko, ja, zh-CN, zh-TW.
    #[arg(long, default_value = "mixed")]
    mix: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Indented JSON instead of one line.
    #[arg(long)]
    pretty: bool,
    /// LLM-style stacked slides instead (2-4 long text/bullets elements in one slot each;
    /// `specrender_deckgen::stacked_deck`).
    #[arg(long)]
    stacked: bool,
    /// A DocSpec document instead of a deck.
    #[arg(long)]
    doc: bool,
    /// Document blocks (1-5000: the schema's cap).
    #[arg(long, default_value_t = 2000)]
    blocks: usize,
    /// Document kind: report, proposal, minutes, data (a report with a 300-row table).
    #[arg(long, default_value = "report")]
    kind: String,
    /// With --doc: write the figures the document references into this folder. For a deck:
    /// the pictures its `generated` image assets name (`img-N.jpg`).
    #[arg(long)]
    assets: Option<PathBuf>,
    /// A deck of text slides only (no chart, table or picture slides; the benches' baseline).
    #[arg(long)]
    text_only: bool,
    /// Write the named document suite (NAME.json + figures) into this folder.
    #[arg(long)]
    doc_suite: Option<PathBuf>,
    /// With --doc-suite: the CI subset.
    #[arg(long)]
    fast: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(dir) = &args.doc_suite {
        return suite(dir, args.fast);
    }
    let v = if args.doc {
        match doc_options(&args) {
            Ok(o) => {
                if let Some(dir) = &args.assets {
                    if let Err(e) = write_figures(dir) {
                        eprintln!("writing figures into {}: {e}", dir.display());
                        return ExitCode::from(3);
                    }
                }
                doc(&o)
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    } else {
        let mix: Mix = match args.mix.parse() {
            Ok(m) => m,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        if !(1..=MAX_SLIDES).contains(&args.slides) {
            eprintln!("--slides must be 1..={MAX_SLIDES} (the SlideSpec schema's cap)");
            return ExitCode::from(2);
        }
        let o = DeckOptions {
            slides: args.slides,
            mix,
            seed: args.seed,
        };
        let d = match (args.stacked, args.text_only) {
            (true, _) => stacked_deck(args.slides, mix, args.seed),
            (false, true) => text_only_deck(&o),
            (false, false) => deck(&o),
        };
        if let Some(dir) = &args.assets {
            if let Err(e) = write_pictures(&d, dir) {
                eprintln!("writing pictures into {}: {e}", dir.display());
                return ExitCode::from(3);
            }
        }
        d
    };
    let mut text = if args.pretty {
        serde_json::to_string_pretty(&v).expect("a JSON value serialises")
    } else {
        v.to_string()
    };
    text.push('\n');
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("writing stdout: {e}");
            ExitCode::from(3)
        }
    }
}

fn doc_options(args: &Args) -> Result<DocOptions, String> {
    if !(1..=MAX_BLOCKS).contains(&args.blocks) {
        return Err(format!(
            "--blocks must be 1..={MAX_BLOCKS} (the DocSpec schema's cap)"
        ));
    }
    Ok(DocOptions {
        blocks: args.blocks,
        mix: args.mix.parse::<DocMix>()?,
        kind: args.kind.parse::<DocKind>()?,
        seed: args.seed,
    })
}

fn suite(dir: &std::path::Path, fast: bool) -> ExitCode {
    let write = || -> std::io::Result<()> {
        write_figures(dir)?;
        for (name, o) in doc_suite(fast) {
            let mut text = doc(&o).to_string();
            text.push('\n');
            std::fs::write(dir.join(format!("{name}.json")), text)?;
        }
        Ok(())
    };
    match write() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("writing the document suite into {}: {e}", dir.display());
            ExitCode::from(3)
        }
    }
}
