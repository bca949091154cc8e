//! Template pictures in the look (issue 45): picture backgrounds (`p:bg/p:bgPr/a:blipFill`),
//! `p:pic` decorations and picture-filled shapes are read with their crop, tiling and
//! opacity, decoded once, drawn by the preview under the text, and sampled by QC's
//! `low_contrast` under each line; a picture decoration is artwork.

use specrender::template::{Fill, Template};
use specrender_model::look::Look;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/templates")
        .join(name)
}

fn load(name: &str) -> Template {
    Template::from_bytes(std::fs::read(fixture(name)).unwrap())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn look(t: &Template) -> Look {
    specrender_layout::frame::look(t)
}

#[test]
fn a_picture_background_is_read_resolved_and_decoded_once() {
    // LibreOffice "Vivid": its second master's background is a 32 x 32 picture, stretched.
    let t = load("libreoffice-vivid.potx");
    let Some(Fill::Picture(b)) = &t.masters[1].background else {
        panic!("{:?}", t.masters[1].background);
    };
    assert_eq!(b.target.as_deref(), Some("ppt/media/image1.png"));
    assert_eq!(
        (b.src_rect, b.tile.is_none(), b.alpha),
        ([0; 4], true, 100_000)
    );
    let l = look(&t);
    let bg = l.masters[1].background.as_ref().expect("a background");
    let p = bg.picture.as_ref().expect("its picture");
    assert_eq!(p.picture.part, "ppt/media/image1.png");
    assert_eq!(p.picture.stored, (32, 32));
    let d = p.picture.decoded.as_ref().expect("decoded");
    assert_eq!((d.pixels.width, d.pixels.height), (32, 32));
    // The bytes are the carried part's, shared, not a copy.
    let carried = l.carried.iter().find(|c| c.name == p.picture.part).unwrap();
    assert!(std::sync::Arc::ptr_eq(&carried.bytes, &p.picture.bytes));
}

#[test]
fn a_templates_pictures_are_decoded_once_for_every_look_built_on_it() {
    // A worker keeps one parsed template for many renders: the second look (and a branded
    // clone's) shares the first's decoded pictures, and is the look a fresh parse gives.
    let t = load("libreoffice-vivid.potx");
    assert!(t.pictures.get().is_none());
    let first = look(&t);
    let kept = t.pictures.get().expect("kept after the first look");
    assert_eq!(kept.len(), 1, "{:?}", kept.keys().collect::<Vec<_>>());
    let picture = |l: &Look| {
        let bg = l.masters[1].background.as_ref().unwrap();
        bg.picture.as_ref().unwrap().picture.clone()
    };
    let again = look(&t);
    assert!(std::sync::Arc::ptr_eq(&picture(&first), &picture(&again)));
    let branded = t.branded(&[("primary", [0x12, 0x34, 0x56])], &[]);
    assert!(std::sync::Arc::ptr_eq(
        &picture(&first),
        &picture(&look(&branded))
    ));
    // What is kept is what any first build decodes: job order does not matter.
    assert_eq!(first, look(&load("libreoffice-vivid.potx")));
    assert_eq!(again, first);
}

fn book() -> &'static specrender::FontBook {
    static BOOK: std::sync::OnceLock<specrender::FontBook> = std::sync::OnceLock::new();
    BOOK.get_or_init(|| {
        specrender::FontBook::new(&specrender::FontOptions::default()).expect("shipped fonts")
    })
}

/// The example deck laid out (for drawing) and checked on template `bytes`.
fn on_template(bytes: Vec<u8>) -> (specrender::LaidDeck, specrender::QcReport) {
    on_template_edited(bytes, |_| {})
}

/// The example deck with `edit` applied, laid out (for drawing) and checked on template
/// `bytes`.
fn on_template_edited(
    bytes: Vec<u8>,
    edit: impl FnOnce(&mut serde_json::Value),
) -> (specrender::LaidDeck, specrender::QcReport) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/quarterly-review.json");
    let mut input: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    edit(&mut input);
    let mut opts = specrender::RenderOptions {
        assets_root: path.parent().map(PathBuf::from),
        ..specrender::RenderOptions::default()
    };
    opts.layout.template = Some(std::sync::Arc::new(
        Template::from_bytes(bytes).expect("template"),
    ));
    let parsed = specrender::parse(input.to_string().as_bytes(), &opts.parse).expect("parses");
    let deck = specrender::lay_out_for_drawing(&parsed, book(), &opts, &mut |_, _, _| {})
        .expect("lays out");
    let qc = specrender::qc_parsed(&parsed, book(), &opts, &mut |_, _, _| {})
        .expect("checks")
        .qc;
    (deck, qc)
}

fn previews(deck: &specrender::LaidDeck) -> Vec<specrender_preview::SlidePreview> {
    let opts = specrender_preview::PreviewOptions::default();
    specrender_preview::preview_deck(deck, book(), None, &opts).expect("previews")
}

fn low_contrast(qc: &specrender::QcReport) -> Vec<serde_json::Value> {
    let v = serde_json::to_value(qc).unwrap();
    v["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "low_contrast")
        .cloned()
        .collect()
}

/// The banner's rectangle in the preview's pixels (0.1 in to 1.85 in down a 7.5 in slide).
fn banner_rows(h: u32) -> std::ops::Range<u32> {
    h * 2 / 100..h * 23 / 100
}

#[test]
fn dark_title_text_on_a_dark_picture_banner_is_low_contrast_and_the_banner_is_drawn() {
    let bytes = std::fs::read(fixture("edited-picture-banner.pptx")).unwrap();
    let t = Template::from_bytes(bytes.clone()).unwrap();
    let l = look(&t);
    let banner = &l.masters[0].decorations[0];
    assert_eq!(
        (banner.name.as_str(), banner.kind.as_str()),
        ("Banner", "pic")
    );
    assert!(banner.fill.picture.is_some());
    // An opaque picture decoration is artwork (an obstacle, `overlaps_artwork`), at its
    // rectangle, on every layout that shows the master's shapes.
    assert!(l.artwork(1).iter().any(|a| a.decoration.name == "Banner"));

    // The title colour specrender chooses is chosen to stand out there: white on navy.
    let (deck, qc) = on_template(bytes.clone());
    let titles: Vec<_> = deck
        .slides
        .iter()
        .flat_map(|s| &s.boxes)
        .filter(|b| b.element_id == "e1" && b.rect.y < 1_000_000)
        .collect();
    assert!(titles.len() >= 3, "{}", titles.len());
    for b in &titles {
        let t = b.content.text().unwrap();
        assert_eq!((t.color.0, t.color.1, t.color.2), (255, 255, 255));
    }
    assert!(!low_contrast(&qc)
        .iter()
        .any(|i| i["details"]["background_from"]
            .as_str()
            .is_some_and(|f| f.contains("Banner"))));
    // A brand's dark text colour is kept, and reported on the banner, the banner named;
    // the same text below the banner, on white, is not.
    let (_, branded) = on_template_edited(bytes, |d| {
        d["deck"]["slides"] = serde_json::json!([
            {"slide_id": "b1", "type": "custom", "layout": {"layout_id": "blank"}, "elements": [
                {"element_id": "on_banner", "kind": "text", "content": {"text": "On the banner"},
                 "style": {"box": {"x": 1.0, "y": 0.5, "w": 5.0, "h": 0.8}}},
                {"element_id": "below", "kind": "text", "content": {"text": "Below it"},
                 "style": {"box": {"x": 1.0, "y": 4.0, "w": 5.0, "h": 0.8}}}]}
        ]);
        d["theme"]["brand"]["tokens"]["colors"]["text"] = serde_json::json!("#202020");
    });
    let low = low_contrast(&branded);
    assert_eq!(low.len(), 1, "{low:#?}");
    let i = &low[0];
    assert_eq!(i["element_id"], "on_banner", "{i:#}");
    assert!(
        i["details"]["background_from"]
            .as_str()
            .is_some_and(|f| f.contains("\"Banner\" (pic)")),
        "{i:#}"
    );
    assert_eq!(i["details"]["text_color"], "#202020", "{i:#}");
    assert!(i["details"]["contrast"].as_f64().unwrap() < 2.0, "{i:#}");
    // The preview draws the banner: dark under it (left edge, outside any text box), not
    // the white of the master's background.
    let pngs = previews(&deck);
    let mut dark = 0;
    for p in &pngs {
        let img = image::load_from_memory(&p.png).unwrap().to_rgb8();
        let (w, h) = img.dimensions();
        assert!(
            !p.notes.iter().any(|n| n.contains("Banner")),
            "{}: {:?}",
            p.slide_id,
            p.notes
        );
        let rows = banner_rows(h);
        let px = img.get_pixel(w / 200, (rows.start + rows.end) / 2).0;
        if px.iter().all(|&c| c < 110) && px[2] > px[0] {
            dark += 1;
        }
        // Below the banner the background shows white.
        assert_eq!(img.get_pixel(w / 200, h * 60 / 100).0, [255, 255, 255]);
    }
    assert!(dark >= pngs.len() / 2, "{dark} of {}", pngs.len());
}

#[test]
fn text_over_a_photo_background_is_judged_on_its_pixels_and_the_photo_is_drawn() {
    let bytes = std::fs::read(fixture("edited-picture-background.pptx")).unwrap();
    let t = Template::from_bytes(bytes.clone()).unwrap();
    let l = look(&t);
    // A picture background is a backdrop, not an obstacle.
    assert!(l.artwork(1).is_empty());
    let (deck, qc) = on_template(bytes);
    let low = low_contrast(&qc);
    // Black text over the dark hills and lake: reported against the master background's
    // picture, its darkest colour there.
    let dark: Vec<_> = low
        .iter()
        .filter(|i| i["details"]["background_from"] == "master background")
        .collect();
    assert!(!dark.is_empty(), "{low:#?}");
    let worst = dark
        .iter()
        .map(|i| i["details"]["contrast"].as_f64().unwrap())
        .fold(f64::INFINITY, f64::min);
    assert!(worst < 2.0, "{worst}");
    // The preview draws the photo: a blue sky at the top, dark water at the foot.
    for p in previews(&deck) {
        assert!(
            !p.notes.iter().any(|n| n.contains("background")),
            "{}: {:?}",
            p.slide_id,
            p.notes
        );
        let img = image::load_from_memory(&p.png).unwrap().to_rgb8();
        let (w, h) = img.dimensions();
        let sky = img.get_pixel(w / 200, h / 100).0;
        assert!(sky[2] > 200 && sky[0] < 200, "{}: sky {sky:?}", p.slide_id);
        let lake = img.get_pixel(w / 200, h * 99 / 100).0;
        assert!(
            lake.iter().all(|&c| c < 120),
            "{}: lake {lake:?}",
            p.slide_id
        );
    }
}

/// `bytes` (a package) with part `name` replaced by `with`.
fn replaced(bytes: &[u8], name: &str, with: &[u8]) -> Vec<u8> {
    use std::io::{Read, Write};
    let mut zin = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..zin.len() {
        let mut f = zin.by_index(i).unwrap();
        let n = f.name().unwrap().to_string();
        let mut data = Vec::new();
        f.read_to_end(&mut data).unwrap();
        out.start_file(n.as_str(), zip::write::SimpleFileOptions::default())
            .unwrap();
        out.write_all(if n == name { with } else { &data }).unwrap();
    }
    out.finish().unwrap().into_inner()
}

#[test]
fn a_template_picture_that_does_not_decode_is_a_note_not_a_panic() {
    let bytes = std::fs::read(fixture("edited-picture-banner.pptx")).unwrap();
    let broken = replaced(
        &bytes,
        "ppt/media/image1.png",
        b"\x89PNG\r\n\x1a\nnot a picture",
    );
    let t = Template::from_bytes(broken.clone()).unwrap();
    let l = look(&t);
    let p = l.masters[0].decorations[0].fill.picture.as_ref().unwrap();
    let why = p.picture.decoded.as_ref().expect_err("not decoded");
    assert!(why.contains("could not be"), "{why}");
    let (deck, qc) = on_template(broken);
    // Nothing judged against what cannot be seen.
    assert!(!low_contrast(&qc)
        .iter()
        .any(|i| i["details"]["background_from"]
            .as_str()
            .is_some_and(|f| f.contains("Banner"))));
    let pngs = previews(&deck);
    assert!(pngs.iter().any(|p| p
        .notes
        .iter()
        .any(|n| n.contains("Banner") && n.contains("ppt/media/image1.png"))));
}

#[test]
fn the_pdf_draws_the_templates_pictures_without_a_note() {
    let count =
        |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).filter(|w| *w == needle).count();
    for name in [
        "edited-picture-banner.pptx",
        "edited-picture-background.pptx",
    ] {
        let (deck, _) = on_template(std::fs::read(fixture(name)).unwrap());
        let pdf = specrender::pdf_bytes(&deck, book()).expect("a PDF");
        assert!(
            !pdf.notes
                .iter()
                .any(|n| n.contains("picture") || n.contains("not known")),
            "{name}: {:?}",
            pdf.notes
        );
        // The picture is embedded once and drawn on every slide that shows it.
        assert_eq!(count(&pdf.bytes, b"/Subtype/Image"), 1, "{name}");
        assert_eq!(
            pdf.bytes,
            specrender::pdf_bytes(&deck, book()).unwrap().bytes,
            "{name}: the same bytes every time"
        );
    }
}
