//! `specrender-deckgen --slides 200 --mix mixed --seed 1 > deck.json`: a generated SlideSpec
//! deck on stdout (compact JSON, or `--pretty`). Same arguments, same bytes.

use clap::Parser;
use specrender_deckgen::{deck, stacked_deck, DeckOptions, Mix, MAX_SLIDES};
use std::io::Write;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "specrender-deckgen",
    about = "Write a deterministic, realistic SlideSpec v1 deck to stdout"
)]
struct Args {
    /// Input slides (1-200: the schema's cap).
    #[arg(long, default_value_t = MAX_SLIDES)]
    slides: usize,
    /// Languages: mixed (ko/en/ja/zh slides in a Korean deck), ko, en, ja, zh.
    #[arg(long, default_value = "mixed")]
    mix: Mix,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Indented JSON instead of one line.
    #[arg(long)]
    pretty: bool,
    /// LLM-style stacked slides instead (2-4 long text/bullets elements in one slot each;
    /// `specrender_deckgen::stacked_deck`).
    #[arg(long)]
    stacked: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if !(1..=MAX_SLIDES).contains(&args.slides) {
        eprintln!("--slides must be 1..={MAX_SLIDES} (the SlideSpec schema's cap)");
        return ExitCode::from(2);
    }
    let v = if args.stacked {
        stacked_deck(args.slides, args.mix, args.seed)
    } else {
        deck(&DeckOptions {
            slides: args.slides,
            mix: args.mix,
            seed: args.seed,
        })
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
