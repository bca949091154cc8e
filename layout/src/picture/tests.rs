use super::*;

fn fixture(name: &str) -> Arc<[u8]> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../golden/slides/pictures/");
    std::fs::read(format!("{dir}{name}")).unwrap().into()
}

fn refused(name: &str) -> Reason {
    prepare(&fixture(name)).unwrap_err().reason
}

#[test]
fn png_and_jpeg_are_embedded_as_they_are() {
    let png = fixture("wide.png");
    let img = prepare(&png).unwrap();
    assert_eq!(
        (img.format, img.width, img.height),
        (ImageFormat::Png, 400, 100)
    );
    assert!(Arc::ptr_eq(&img.bytes, &png));
    let jpg = fixture("photo.jpg");
    let img = prepare(&jpg).unwrap();
    assert_eq!(
        (img.format, img.shown_size()),
        (ImageFormat::Jpeg, (320, 240))
    );
    assert_eq!(&*img.bytes, &*jpg);
}

#[test]
fn exif_orientation_is_turned_into_a_rotation_and_reset_in_the_file() {
    let raw = fixture("rotated.jpg");
    let img = prepare(&raw).unwrap();
    assert_eq!(img.orientation, Orientation::from_exif(6));
    assert_eq!(img.shown_size(), (240, 320));
    // Exactly the two bytes of the tag's value differ, and the file now says 1.
    let diff: Vec<usize> = (0..raw.len()).filter(|&i| raw[i] != img.bytes[i]).collect();
    assert_eq!(diff.len(), 1, "{diff:?}");
    let again = sniff::jpeg(&img.bytes).unwrap();
    assert_eq!(again.orientation.map(|o| o.0), Some(1));
}

#[test]
fn other_formats_become_png() {
    for (name, from, size) in [
        ("anim.gif", "gif", (64, 64)),
        ("pic.webp", "webp", (120, 90)),
        ("pic.bmp", "bmp", (90, 120)),
        ("pic.tiff", "tiff", (100, 100)),
    ] {
        let img = prepare(&fixture(name)).unwrap();
        assert_eq!(img.format, ImageFormat::Png, "{name}");
        assert_eq!(img.converted_from, Some(from));
        assert_eq!((img.width, img.height), size);
        assert!(img.bytes.starts_with(b"\x89PNG"));
    }
}

#[test]
fn refusals_carry_their_reason() {
    assert_eq!(refused("vector.svg"), Reason::UnsupportedFormat);
    assert_eq!(refused("notes.txt"), Reason::UnsupportedFormat);
    assert_eq!(refused("huge-header.png"), Reason::TooLarge);
    assert_eq!(refused("truncated.jpg"), Reason::Undecodable);
    let png = fixture("wide.png");
    let cut: Arc<[u8]> = png[..png.len() - 20].into();
    assert_eq!(prepare(&cut).unwrap_err().reason, Reason::Undecodable);
    let gif = fixture("anim.gif");
    let cut: Arc<[u8]> = gif[..40].into();
    assert_eq!(prepare(&cut).unwrap_err().reason, Reason::Undecodable);
}

#[test]
fn a_bomb_header_is_refused_before_decoding() {
    // A BMP header claiming 60,000 x 60,000 pixels, no pixel data: the limits refuse it.
    let mut bmp = fixture("pic.bmp").to_vec();
    bmp[18..22].copy_from_slice(&60_000i32.to_le_bytes());
    bmp[22..26].copy_from_slice(&60_000i32.to_le_bytes());
    let t = std::time::Instant::now();
    assert_eq!(prepare(&bmp.into()).unwrap_err().reason, Reason::TooLarge);
    assert!(t.elapsed() < std::time::Duration::from_millis(50));
}

#[test]
fn a_header_past_the_jobs_decode_budget_is_refused_before_decoding() {
    // 7,000 x 7,000 (49 MP: under the pixel limits) at 24 bits: 147 MB decoded, past the job's
    // 128 MiB. No pixel data follows: before the budget it was decoded, and failed undecodable.
    let mut bmp = fixture("pic.bmp").to_vec();
    bmp[18..22].copy_from_slice(&7_000i32.to_le_bytes());
    bmp[22..26].copy_from_slice(&7_000i32.to_le_bytes());
    let r = prepare(&bmp.into()).unwrap_err();
    assert_eq!(r.reason, Reason::TooLarge, "{r}");
    assert!(r.detail.contains("128 MiB"), "{r}");
}

#[test]
fn conversions_share_one_budget_per_job_and_shared_bytes_are_prepared_once() {
    let gif = fixture("anim.gif"); // 64 x 64 RGBA: 16,384 bytes decoded
    let mut job = Pictures {
        budget: DecodeBudget {
            left: 20_000,
            spent: 0,
        },
        ..Pictures::default()
    };
    let a = job.prepare(&gif).unwrap();
    // The same bytes again (another asset naming the same file): the same image, no decoding.
    let b = job.prepare(&gif).unwrap();
    assert!(Arc::ptr_eq(&a, &b));
    assert_eq!(job.budget.spent, 16_384);
    // The same picture from another file: decoded again, and the job's budget is spent.
    let copy: Arc<[u8]> = gif.to_vec().into();
    let r = job.prepare(&copy).unwrap_err();
    assert_eq!(r.reason, Reason::TooLarge, "{r}");
    assert_eq!(job.budget.spent, 16_384);
}
