"""The Python API against the CLI: same bytes, same QC and layout JSON, same validate JSON, and
errors as exceptions under one base class."""

import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

import specrender


def read(p):
    return Path(p).read_bytes()


def test_render_matches_cli_bytes_qc_and_layout(cli, deck_path, tmp_path):
    out, qc, layout = tmp_path / "d.pptx", tmp_path / "qc.json", tmp_path / "layout.json"
    cli("render", deck_path, "-o", out, "--qc", qc, "--layout", layout)
    r = specrender.render(deck_path)
    assert r.format == "pptx"
    assert r.data == read(out)
    assert r.qc_json + "\n" == qc.read_text()
    assert r.layout_json + "\n" == layout.read_text()
    assert r.qc == json.loads(qc.read_text())
    assert r.layout == json.loads(layout.read_text())
    assert r.exit_code in (0, 1) and r.passed == (r.exit_code == 0)


def test_render_pdf_matches_the_cli_pdf(cli, deck_path, doc_path, tmp_path):
    out, pdf = tmp_path / "d.pptx", tmp_path / "d.pdf"
    cli("render", deck_path, "-o", out, "--pdf", pdf)
    r = specrender.render(deck_path, pdf=True)
    assert r.pdf == read(pdf)
    assert r.data == read(out)
    assert specrender.render(deck_path).pdf is None
    # A document's PDF, beside its DOCX, from the same layout.
    dout, dpdf = tmp_path / "r.docx", tmp_path / "r.pdf"
    cli("render", doc_path, "-o", dout, "--pdf", dpdf)
    d = specrender.render(doc_path, pdf=True)
    assert d.pdf == read(dpdf)
    assert d.data == read(dout)


def test_embed_fonts_matches_the_cli(cli, doc_path, tmp_path):
    out = tmp_path / "e.docx"
    cli("render", doc_path, "-o", out, "--embed-fonts", "used")
    r = specrender.render(doc_path, embed_fonts="used")
    assert r.data == read(out)
    assert r.qc["embedded_fonts"] and b"word/fonts/font1.odttf" in r.data
    assert "embedded_fonts" not in specrender.render(doc_path).qc
    with pytest.raises(ValueError):
        specrender.render(doc_path, embed_fonts="some")


def test_spec_as_dict_str_bytes_and_path_give_the_same_bytes(deck_path):
    text = deck_path.read_text(encoding="utf-8")
    outs = [
        specrender.render(deck_path).data,
        specrender.render(text).data,
        specrender.render(text.encode()).data,
        specrender.render(json.loads(text)).data,
        specrender.render(bytearray(text.encode())).data,
    ]
    assert all(o == outs[0] for o in outs)
    assert outs[0][:2] == b"PK"


def test_docspec_renders_docx_like_the_cli(cli, doc_path, tmp_path):
    out, qc = tmp_path / "r.docx", tmp_path / "qc.json"
    cli("render", doc_path, "-o", out, "--qc", qc)
    r = specrender.render(doc_path)
    assert r.format == "docx"
    assert r.data == read(out)
    assert r.qc_json + "\n" == qc.read_text()
    out2 = tmp_path / "l.docx"
    cli("render", doc_path, "-o", out2, "--qc", tmp_path / "q2.json", "--citations", "list")
    assert specrender.render(doc_path, citations="list").data == read(out2)


def test_options_match_the_cli_flags(cli, deck_path, tmp_path):
    out = tmp_path / "n.pptx"
    cli("render", deck_path, "-o", out, "--qc", tmp_path / "q.json", "--autofit", "none",
        "--no-slide-numbers", "--threads", "1")
    r = specrender.render(deck_path, autofit="none", slide_numbers=False, threads=2)
    assert r.data == read(out)
    assert r.data != specrender.render(deck_path).data


def test_threads_do_not_change_the_bytes(deck_path):
    spec = json.loads(deck_path.read_text(encoding="utf-8"))
    one = specrender.render(spec, threads=1).data
    assert specrender.render(spec, threads=2).data == one
    assert specrender.render(spec, threads=0).data == one


def test_template_by_path_and_bytes_like_the_cli(cli, deck_path, template_path, tmp_path):
    out = tmp_path / "t.pptx"
    cli("render", deck_path, "-o", out, "--qc", tmp_path / "q.json", "--template", template_path)
    engine = specrender.Engine()
    by_path = engine.render(deck_path, template=template_path)
    by_bytes = engine.render(deck_path, template=template_path.read_bytes())
    again = engine.render(deck_path, template=str(template_path))
    assert by_path.data == read(out) == by_bytes.data == again.data
    assert by_path.data != engine.render(deck_path).data


def test_active_content_of_a_template_is_dropped_with_findings_like_the_cli(
    cli, deck_path, template_path, tmp_path
):
    # python-pptx's default with a macro project and a linked picture related from its master.
    import zipfile

    hostile = tmp_path / "hostile.pptx"
    rels = "ppt/slideMasters/_rels/slideMaster1.xml.rels"
    with zipfile.ZipFile(template_path) as src, zipfile.ZipFile(hostile, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == rels:
                data = data.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdV" Type="http://schemas.microsoft.com/office/2006/'
                    b'relationships/vbaProject" Target="../vbaProject.bin"/>'
                    b'<Relationship Id="rIdX" Type="http://schemas.openxmlformats.org/'
                    b'officeDocument/2006/relationships/image" '
                    b'Target="http://tracker.example/p.png" TargetMode="External"/>'
                    b"</Relationships>",
                )
            dst.writestr(item, data)
        dst.writestr("ppt/vbaProject.bin", b"macros")
    out, qc = tmp_path / "h.pptx", tmp_path / "h.json"
    cli("render", deck_path, "-o", out, "--qc", qc, "--template", hostile)
    r = specrender.Engine().render(deck_path, template=hostile)
    assert r.data == read(out)
    assert r.qc_json + "\n" == qc.read_text(encoding="utf-8")
    dropped = {
        (i["details"]["kind"], i["details"].get("target"))
        for i in r.qc["issues"]
        if i["type"] == "template_content_dropped"
    }
    assert dropped == {
        ("macro_project", "ppt/vbaProject.bin"),
        ("external_link", "http://tracker.example/p.png"),
    }
    with zipfile.ZipFile(out) as z:
        assert "ppt/vbaProject.bin" not in z.namelist()
        assert b"tracker.example" not in z.read(rels)


def test_word_template_for_documents_like_the_cli(cli, doc_path, doc_template_path, tmp_path):
    out, qc = tmp_path / "t.docx", tmp_path / "q.json"
    cli("render", doc_path, "-o", out, "--qc", qc, "--template", doc_template_path)
    engine = specrender.Engine()
    by_path = engine.render(doc_path, template=doc_template_path)
    by_bytes = engine.render(doc_path, template=doc_template_path.read_bytes())
    assert by_path.format == "docx"
    assert by_path.data == read(out) == by_bytes.data
    assert by_path.qc_json + "\n" == qc.read_text(encoding="utf-8")
    assert by_path.data != engine.render(doc_path).data


def test_template_of_the_other_kind_is_refused_like_the_cli(
        cli, deck_path, doc_path, template_path, doc_template_path, tmp_path):
    cases = ((deck_path, doc_template_path, "x.pptx", "cannot hold a SlideSpec deck"),
             (doc_path, template_path, "x.docx", "cannot hold a DocSpec document"))
    for spec, template, out, want in cases:
        p = cli("render", spec, "-o", tmp_path / out, "--template", template, ok=(2,))
        assert want in p.stderr.decode()
        assert not (tmp_path / out).exists()
        with pytest.raises(specrender.TemplateError) as e:
            specrender.render(spec, template=template)
        assert e.value.exit_code == 2
        assert want in str(e.value) and str(template) in str(e.value)


def test_unusable_template_is_a_template_error(deck_path, tmp_path):
    with pytest.raises(specrender.TemplateError) as e:
        specrender.render(deck_path, template=b"not a zip")
    assert e.value.exit_code == 2
    assert isinstance(e.value, specrender.SpecrenderError)
    with pytest.raises(specrender.EnvError) as e:
        specrender.render(deck_path, template=tmp_path / "missing.pptx")
    assert e.value.exit_code == 3


def test_qc_writes_nothing_and_reports_the_same(deck_path):
    q = specrender.qc(deck_path)
    r = specrender.render(deck_path)
    assert q.data is None
    assert q.format == "pptx"
    assert q.qc_json == r.qc_json
    assert specrender.qc(deck_path, layout=False).layout is None


def test_validate_matches_the_cli(cli, deck_path, tmp_path):
    v = specrender.validate(deck_path)
    assert v == json.loads(cli("validate", deck_path).stdout)
    assert v["valid"] is True
    bad = {"spec_version": "slidespec_v1", "deck": {"title": 5, "slides": []}}
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad))
    v = specrender.validate(bad)
    assert v["valid"] is False and v["error_count"] >= 1
    assert v == json.loads(cli("validate", p, ok=(2,)).stdout)


def test_invalid_input_raises_spec_error_with_json_pointers(tmp_path):
    bad = {"spec_version": "slidespec_v1", "deck": {"title": 5, "slides": []}}
    with pytest.raises(specrender.SpecError) as e:
        specrender.render(bad)
    err = e.value
    assert err.exit_code == 2
    assert err.errors and all(x["path"].startswith("/") or x["path"] == "" for x in err.errors)
    assert any(x["path"].startswith("/deck") for x in err.errors)
    assert err.validation["valid"] is False
    assert err.validation == specrender.validate(bad)
    # Caught by `except Exception` (it is not a BaseException-only class).
    try:
        specrender.qc(bad)
    except Exception as caught:  # noqa: BLE001
        assert isinstance(caught, specrender.SpecrenderError)


def test_malformed_json_names_line_and_column():
    with pytest.raises(specrender.SpecError) as e:
        specrender.render('{"spec_version": "slidespec_v1",\n  "deck": }')
    (first,) = e.value.errors
    assert first["code"] == "malformed_json"
    assert first["line"] == 2
    assert "column" in first


def test_extract_json_and_max_bytes(deck_path):
    text = deck_path.read_text(encoding="utf-8")
    reply = "Here is the deck:\n```json\n" + text + "\n```\nDone."
    with pytest.raises(specrender.SpecError):
        specrender.render(reply)
    assert specrender.render(reply, extract_json=True).data == specrender.render(text).data
    with pytest.raises(specrender.SpecError) as e:
        specrender.render(text, max_bytes=100)
    assert e.value.errors[0]["code"] == "too_large"


def test_environment_errors(tmp_path, deck_path):
    with pytest.raises(specrender.EnvError) as e:
        specrender.render(tmp_path / "missing.json")
    assert e.value.exit_code == 3
    with pytest.raises(specrender.EnvError):
        specrender.render(deck_path, assets=tmp_path / "no-such-folder")


def test_a_panic_arrives_as_internal_error():
    from specrender import _specrender

    for gil_held in (False, True):
        with pytest.raises(specrender.InternalError) as e:
            _specrender._panic_for_tests(gil_held)
        assert "test panic" in str(e.value)
        assert e.value.exit_code == 4
        assert isinstance(e.value, Exception)


def test_wrong_argument_types():
    with pytest.raises(TypeError):
        specrender.render(123)
    with pytest.raises(ValueError):
        specrender.render({}, autofit="grow")
    with pytest.raises(TypeError):
        specrender.render({}, template=5)


def test_autofit_is_refused_where_it_would_do_nothing(deck_path):
    # autofit only changes the PPTX written: qc and preview write none (the CLI's qc and
    # preview have no --autofit), so they refuse it rather than ignore it; render takes it.
    engine = specrender.Engine()
    for f in (specrender.qc, specrender.preview, engine.qc, engine.preview):
        with pytest.raises(TypeError, match="autofit"):
            f(deck_path, autofit="none")
    # preview draws decks only: no citations either (qc takes them, for documents).
    for f in (specrender.preview, engine.preview):
        with pytest.raises(TypeError, match="citations"):
            f(deck_path, citations="list")
    assert specrender.qc(deck_path, citations="list").data is None
    assert specrender.render(deck_path, autofit="none").data[:2] == b"PK"


def test_engine_is_shared_by_threads_with_the_same_bytes(deck_path):
    engine = specrender.Engine()
    spec = deck_path.read_bytes()
    expected = engine.render(spec, threads=1).data
    results, errors = [], []

    def work():
        try:
            for _ in range(3):
                results.append(engine.render(spec, threads=1).data)
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors
    assert len(results) == 12 and all(r == expected for r in results)


def big_deck(deck_path, copies):
    spec = json.loads(deck_path.read_text(encoding="utf-8"))
    slides = spec["deck"]["slides"]
    spec["deck"]["slides"] = [
        dict(s, slide_id=f"{s['slide_id']}-{k}") for k in range(copies) for s in slides
    ]
    return spec


def spin_rate(until):
    spins, start = 0, time.perf_counter()
    while not until():
        spins += 1
    return spins / (time.perf_counter() - start)


def test_the_gil_is_released_while_rendering(deck_path):
    """A Python loop keeps running at speed while another thread renders: with the GIL held
    through the native call it would stall for the whole render."""
    engine = specrender.Engine()
    spec = json.dumps(big_deck(deck_path, 8)).encode()
    engine.render(spec)  # warm up
    t0 = time.perf_counter()
    alone = spin_rate(lambda: time.perf_counter() - t0 > 0.2)
    started, done = threading.Event(), threading.Event()
    inside = []

    def work():
        started.set()
        while sum(inside) < 0.3 and len(inside) < 1000:  # long enough to tell
            a = time.perf_counter()
            engine.render(spec, threads=1, layout=False)
            inside.append(time.perf_counter() - a)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    during = spin_rate(done.is_set)
    t.join()
    assert sum(inside) > 0.05, inside
    assert during > 0.5 * alone, (during, alone)


def test_preview_matches_the_cli_pngs(cli, deck_path, tmp_path):
    outdir = tmp_path / "png"
    cli("preview", deck_path, "-o", outdir, "--width", "320")
    p = specrender.preview(deck_path, width=320)
    assert len(p) == len(p.names) == len(list(outdir.iterdir()))
    for name, png in zip(p.names, p.images):
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert png == (outdir / name).read_bytes()
    assert p.qc_json == specrender.qc(deck_path).qc_json
    with pytest.raises(ValueError):
        specrender.preview(deck_path, width=5)


def test_preview_sheet_matches_the_cli(cli, deck_path, tmp_path):
    for flags, kw in (([], {}), (["--highlight"], {"highlight": True})):
        sheet = tmp_path / f"sheet{len(flags)}.png"
        cli("preview", deck_path, "-o", tmp_path / "png", "--sheet", sheet, *flags)
        p = specrender.preview(deck_path, sheet=True, **kw)
        assert p.sheet[:8] == b"\x89PNG\r\n\x1a\n"
        assert p.sheet == sheet.read_bytes()
    assert specrender.preview(deck_path).sheet is None


def test_engine_options(tmp_path, deck_path):
    with pytest.raises(TypeError):
        specrender.Engine(fonts=5)
    e = specrender.Engine(fonts=[tmp_path])
    assert "font faces" in repr(e)
    assert e.render(deck_path).data == specrender.render(deck_path).data
    assert e.validate(deck_path)["valid"] is True


def test_package_metadata():
    assert specrender.__version__
    assert issubclass(specrender.SpecError, specrender.SpecrenderError)
    assert issubclass(specrender.SpecrenderError, Exception)
    pkg = Path(specrender.__file__).parent
    assert (pkg / "py.typed").exists()
    assert (pkg / "__init__.pyi").exists()
    if os.environ.get("SPECRENDER_WHEEL_TEST"):
        # Installed from the wheel, not imported from the source tree.
        assert "site-packages" in str(pkg)


def test_a_str_that_looks_like_a_path_or_an_llm_reply_gets_a_hint(deck_path):
    # A str is JSON text; a path passed as a str failed as "malformed JSON at line 1, column 1".
    for call in (specrender.render, specrender.qc):
        with pytest.raises(specrender.SpecError) as e:
            call(str(deck_path))
        assert e.value.errors[0]["code"] == "malformed_json"
        assert "pathlib.Path(" in str(e.value), str(e.value)
    v = specrender.validate("examples/quarterly-review.json")
    assert "pathlib.Path(" in v["errors"][0]["message"], v
    # An LLM reply without extract_json=True is told of it.
    reply = "Here is the deck:\n```json\n" + deck_path.read_text(encoding="utf-8") + "\n```\n"
    with pytest.raises(specrender.SpecError) as e:
        specrender.render(reply)
    assert "extract_json=True" in str(e.value), str(e.value)
    # JSON broken inside gets neither hint.
    with pytest.raises(specrender.SpecError) as e:
        specrender.render('{"spec_version": "slidespec_v1",\n  "deck": }')
    assert "pathlib" not in str(e.value) and "extract_json" not in str(e.value)
