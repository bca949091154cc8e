use super::*;
use crate::slidespec::{AssetSource, AssetType};
use std::os::unix::fs::symlink;

/// A fresh folder holding `root/` (the assets root) and `outside/secret.png` beside it.
fn sandbox(name: &str) -> (PathBuf, PathBuf) {
    let base =
        std::env::temp_dir().join(format!("specrender-assets-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let root = base.join("root");
    std::fs::create_dir_all(root.join("img/sub")).unwrap();
    std::fs::create_dir_all(base.join("outside")).unwrap();
    std::fs::write(base.join("outside/secret.png"), b"secret").unwrap();
    std::fs::write(root.join("img/a.png"), b"png-bytes").unwrap();
    std::fs::write(root.join("logo.jpg"), b"jpg-bytes").unwrap();
    (base, root)
}

fn reason(r: Result<LoadedAsset, Refusal>) -> Reason {
    r.expect_err("should be refused").reason
}

fn asset(id: &str, kind: AssetSourceKind, file_id: Option<&str>) -> AssetRef {
    AssetRef {
        asset_id: id.into(),
        asset_type: AssetType::Image,
        source: AssetSource {
            kind,
            file_id: file_id.map(Into::into),
            url: Some("http://169.254.169.254/latest/meta-data".into()),
        },
    }
}

#[test]
fn normalisation() {
    assert_eq!(normalize("img/./sub/../a.png").unwrap(), "img/a.png");
    assert_eq!(normalize("img//a.png").unwrap(), "img/a.png");
    for bad in [
        "/etc/passwd",
        "\\x",
        "C:\\x.png",
        "../root/img/a.png",
        "img/../../x",
    ] {
        assert_eq!(
            normalize(bad).unwrap_err().reason,
            Reason::OutsideRoot,
            "{bad}"
        );
    }
    assert_eq!(normalize("a\0b").unwrap_err().reason, Reason::NotFound);
    assert_eq!(normalize("./").unwrap_err().reason, Reason::NotAFile);
}

#[test]
fn files_inside_load_and_everything_else_is_refused() {
    let (base, root) = sandbox("rules");
    symlink("../a.png", root.join("img/sub/inside-link.png")).unwrap();
    symlink("../outside/secret.png", root.join("out-link.png")).unwrap();
    symlink(base.join("outside/secret.png"), root.join("abs-link.png")).unwrap();
    symlink("/proc/self/environ", root.join("proc-link")).unwrap();
    symlink("loop-b", root.join("loop-a")).unwrap();
    symlink("loop-a", root.join("loop-b")).unwrap();
    let st = std::process::Command::new("mkfifo")
        .arg(root.join("fifo.png"))
        .status()
        .unwrap();
    assert!(st.success());
    let r = AssetRoot::open(&root).unwrap();

    let a = r.load_path("img/sub/../a.png").unwrap();
    assert_eq!(
        (a.path.as_str(), &*a.bytes),
        ("img/a.png", &b"png-bytes"[..])
    );
    assert_eq!(
        &*r.load_path("img/sub/inside-link.png").unwrap().bytes,
        b"png-bytes"
    );

    assert_eq!(
        reason(r.load_path("../outside/secret.png")),
        Reason::OutsideRoot
    );
    let abs = base.join("outside/secret.png");
    assert_eq!(
        reason(r.load_path(abs.to_str().unwrap())),
        Reason::OutsideRoot
    );
    assert_eq!(
        reason(r.load_path("/proc/self/environ")),
        Reason::OutsideRoot
    );
    assert_eq!(reason(r.load_path("out-link.png")), Reason::OutsideRoot);
    assert_eq!(reason(r.load_path("abs-link.png")), Reason::OutsideRoot);
    assert_eq!(reason(r.load_path("proc-link")), Reason::OutsideRoot);
    assert_eq!(reason(r.load_path("loop-a")), Reason::OutsideRoot);
    assert_eq!(reason(r.load_path("fifo.png")), Reason::NotAFile);
    assert_eq!(reason(r.load_path("img")), Reason::NotAFile);
    assert_eq!(reason(r.load_path("nope.png")), Reason::NotFound);
    assert_eq!(reason(r.load_path("logo.jpg/x")), Reason::NotFound);
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn size_cap() {
    let (base, root) = sandbox("size");
    std::fs::write(root.join("big.png"), b"0123456789").unwrap();
    let r = AssetRoot::open(&root).unwrap().with_max_bytes(9);
    assert_eq!(reason(r.load_path("big.png")), Reason::TooLarge);
    assert_eq!(&*r.load_path("logo.jpg").unwrap().bytes, b"jpg-bytes");
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn urls_are_never_fetched_and_resolve_by_name() {
    let (base, root) = sandbox("named");
    let r = AssetRoot::open(&root).unwrap();
    let logo = r.load(&asset("logo", AssetSourceKind::Url, None)).unwrap();
    assert_eq!(logo.path, "logo.jpg");
    let gen = r
        .load(&asset("logo", AssetSourceKind::Generated, None))
        .unwrap();
    assert_eq!(gen.path, "logo.jpg");
    let missing = r
        .load(&asset("meta", AssetSourceKind::Url, None))
        .unwrap_err();
    assert_eq!(missing.reason, Reason::NotFound);
    assert!(missing.detail.contains("never fetched"), "{missing}");
    for id in ["../outside/secret", "a/b", "..", ""] {
        assert_eq!(
            reason(r.load(&asset(id, AssetSourceKind::Url, None))),
            Reason::OutsideRoot,
            "{id}"
        );
    }
    let f = r
        .load(&asset("x", AssetSourceKind::File, Some("img/a.png")))
        .unwrap();
    assert_eq!(f.path, "img/a.png");
    assert_eq!(
        reason(r.load(&asset("x", AssetSourceKind::File, None))),
        Reason::NotFound
    );
    std::fs::remove_dir_all(&base).unwrap();
}

/// Issue 25.3: a DocSpec figure may name a file in a subfolder, confined like a `file_id`.
#[test]
fn figure_ids_resolve_subfolder_paths_inside_the_root() {
    let (base, root) = sandbox("figure");
    symlink("../../../outside/secret.png", root.join("img/sub/out.png")).unwrap();
    symlink("../a.png", root.join("img/sub/in.png")).unwrap();
    let r = AssetRoot::open(&root).unwrap();
    assert_eq!(r.load_figure("img/a.png").unwrap().path, "img/a.png");
    assert_eq!(r.load_figure("img/a").unwrap().path, "img/a.png");
    assert_eq!(
        r.load_figure("./img//sub/../a.png").unwrap().path,
        "img/a.png"
    );
    assert_eq!(
        &*r.load_figure("img/sub/in.png").unwrap().bytes,
        b"png-bytes"
    );
    assert_eq!(r.load_figure("logo").unwrap().path, "logo.jpg");
    for bad in [
        "../outside/secret.png",
        "img/../../outside/secret",
        "/etc/passwd",
        "img/sub/out.png",
        "img/sub/out",
    ] {
        assert_eq!(reason(r.load_figure(bad)), Reason::OutsideRoot, "{bad}");
    }
    let abs = base.join("outside/secret.png");
    assert_eq!(
        reason(r.load_figure(abs.to_str().unwrap())),
        Reason::OutsideRoot
    );
    assert_eq!(reason(r.load_figure("img/nope.png")), Reason::NotFound);
    assert_eq!(reason(r.load_figure("img/sub/")), Reason::NotAFile);
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn a_file_named_by_many_assets_is_read_once_and_a_jobs_files_share_one_budget() {
    let (base, root) = sandbox("job");
    std::fs::write(root.join("big.png"), vec![7u8; 1000]).unwrap();
    std::fs::write(root.join("other.png"), vec![8u8; 1000]).unwrap();
    std::fs::write(root.join("third.png"), vec![9u8; 1000]).unwrap();
    symlink("big.png", root.join("alias.png")).unwrap();
    let r = AssetRoot::open(&root).unwrap().with_max_job_bytes(2500);
    let mut job = r.job();
    // 40 assets naming one file (by the same path, another spelling, or a symlink): one read.
    let first = job
        .load(&asset("a0", AssetSourceKind::File, Some("big.png")))
        .unwrap();
    for i in 1..40 {
        let name = ["big.png", "./big.png", "alias.png"][i % 3];
        let a = job
            .load(&asset(&format!("a{i}"), AssetSourceKind::File, Some(name)))
            .unwrap();
        assert!(Arc::ptr_eq(&a.bytes, &first.bytes), "{name}");
    }
    assert_eq!((job.files_read, job.bytes_read), (1, 1000));
    // A second distinct file fits the budget; a third (1,000 more) would pass 2,500.
    job.load(&asset("o", AssetSourceKind::File, Some("other.png")))
        .unwrap();
    let refused = job
        .load(&asset("t", AssetSourceKind::File, Some("third.png")))
        .unwrap_err();
    assert_eq!(refused.reason, Reason::TooLarge, "{refused}");
    assert!(refused.detail.contains("2500 bytes together"), "{refused}");
    // Files already read stay shared; each AssetRoot::load is a job of its own.
    assert!(job.load_path("alias.png").is_ok());
    assert!(r.load_path("third.png").is_ok());
    let _ = std::fs::remove_dir_all(base);
}

#[test]
fn files_are_read_whole_whatever_their_size_said() {
    let data: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
    // The length the metadata gave: right, more than the file holds, less, none.
    for (len, max) in [
        (10_000, 50_000),
        (12_000, 50_000),
        (4_000, 50_000),
        (0, 50_000),
    ] {
        let got = read_shared(&data[..], len, max).unwrap();
        assert_eq!(&got[..], &data[..], "len {len}");
    }
    let got = read_shared(&data[..], 100, 5_000).unwrap();
    assert_eq!(&got[..], &data[..5_001]);
    let got = read_shared(&data[..], 10_000, 5_000).unwrap();
    assert_eq!(&got[..], &data[..5_001]);
}

#[test]
fn the_default_bounds_are_50_mib_a_file_and_256_mib_a_job() {
    // At the defaults themselves (the other tests lower them): a sparse file one byte over
    // 50 MiB is refused unread, by its size alone; a job that has read 256 MiB less 100 bytes
    // refuses a 200-byte file and takes a 100-byte one.
    let (base, root) = sandbox("defaults");
    let big = std::fs::File::create(root.join("big.png")).unwrap();
    big.set_len(DEFAULT_MAX_ASSET_BYTES + 1).unwrap();
    std::fs::write(root.join("small.png"), vec![1u8; 200]).unwrap();
    std::fs::write(root.join("tiny.png"), vec![2u8; 100]).unwrap();
    let r = AssetRoot::open(&root).unwrap();
    assert_eq!(
        (r.max_bytes, r.max_job_bytes),
        (50 * 1024 * 1024, 256 * 1024 * 1024)
    );
    let mut job = r.job();
    let refused = job
        .load(&asset("b", AssetSourceKind::File, Some("big.png")))
        .unwrap_err();
    assert_eq!(refused.reason, Reason::TooLarge, "{refused}");
    assert!(
        refused.detail.contains("limit of 52428800 bytes"),
        "{refused}"
    );
    assert_eq!(job.bytes_read, 0, "refused unread");
    job.bytes_read = DEFAULT_MAX_JOB_ASSET_BYTES - 100;
    let refused = job
        .load(&asset("s", AssetSourceKind::File, Some("small.png")))
        .unwrap_err();
    assert_eq!(refused.reason, Reason::TooLarge, "{refused}");
    assert!(
        refused.detail.contains("268435456 bytes together"),
        "{refused}"
    );
    job.load(&asset("t", AssetSourceKind::File, Some("tiny.png")))
        .unwrap();
    assert_eq!(job.bytes_read, DEFAULT_MAX_JOB_ASSET_BYTES);
    std::fs::remove_dir_all(&base).unwrap();
}
