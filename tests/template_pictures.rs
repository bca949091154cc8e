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
