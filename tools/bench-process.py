#!/usr/bin/env python3
"""Whole-process timings a worker actually pays (issue 23 item 1): `specrender render` on the
200-slide generated deck (with its pictures) and the 2,000-block generated document, on one
thread and on the default threads, next to the same deck written by PptxGenJS and by
python-pptx from their own packages. Runs are interleaved (one of each command per round), so a
noisy machine slows all of them alike; medians are printed.

    python3 tools/bench-process.py [--rounds 15] [--slides 200] [--blocks 2000] [--no-peers]
    python3 tools/bench-process.py --scaling [--rounds 11]
    python3 tools/bench-process.py --floor [--rounds 15] [--no-peers]
    python3 tools/bench-process.py --against OTHER_BINARY [--rounds 61] [--chrt]
    python3 tools/bench-process.py --deck-floor [--rounds 31] [--chrt] [--mix ko]

Each command's wall time, CPU time (user + system, from wait4) and peak resident memory are
printed as medians (min .. max for wall). `--scaling` instead times `specrender render` on one
thread for decks of 25/50/100/200 slides (200 is the schema's cap) and documents of
250/500/1,000/2,000/4,000 blocks, interleaved, and prints each size's median next to the
smallest size's. `--floor` instead times what the 200-slide deck's process cannot go below on
this machine (issue 23 item 2): `specrender --version` (exec, loading, exit), a 1-slide text deck
(start-up: fonts, the built-in look, a small package written and synced), `tools/floor.c` (a C
program, built with `cc`, that reads the deck's input and pictures and writes and syncs the
render's own PPTX and QC bytes, made beforehand, as specrender does: the I/O alone), the deck with
its outputs on tmpfs (`/dev/shm`: no disk), and the deck itself; with PptxGenJS, the wall time
that 15x PptxGenJS would need. `--against` instead compares this build with another
`specrender` binary (keep the previous build: `cp target/release/specrender target/B` before a
change): the deck and users' document on the default threads and on one thread, A B / B A
alternating each round, each output written over the previous run's as in the table, and
whether both wrote the same bytes (a speed-up never changes output); `--chrt` runs every process under
`chrt -f 10` (SCHED_FIFO: on a loaded machine the builds cannot take the cores from it).
`--deck-floor` instead times the 200-slide deck's whole process against its floor as a process
(issue 43 item 3): `benches/floor.rs` run once per process (`--once floor`: the fonts loaded, the
input read and parsed, every paragraph measured once at its final size, the same package written
and synced; `--once whole`: the pipeline in the same harness), the deck's layout made beforehand
in the same process and its wall time subtracted, interleaved with `specrender render` itself,
on one thread and on two.

Peers are installed into target/bench-process/ (npm `pptxgenjs`, pinned; python-pptx from the
environment, else pip). They write the same slides — titles, text, bullets, tables, charts,
pictures — at fixed positions: they measure nothing, which is the point of the comparison.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "bench-process"
PPTXGENJS = "3.12.0"

PEER_JS = r"""
const pptxgen = require("pptxgenjs");
const fs = require("fs");
const path = require("path");
const [input, assets, out] = process.argv.slice(2);
const spec = JSON.parse(fs.readFileSync(input, "utf8"));
const pres = new pptxgen();
pres.layout = "LAYOUT_WIDE";
const kinds = { bar: "bar", stacked_bar: "bar", line: "line", area: "area", pie: "pie" };
for (const s of spec.deck.slides) {
  const slide = pres.addSlide();
  let y = 1.4;
  for (const e of s.elements) {
    const c = e.content || {};
    if (e.kind === "text" && (e.role === "title" || y === 1.4 && !slide._title)) {
      slide.addText(c.text, { x: 0.5, y: 0.3, w: 12.3, h: 0.9, fontSize: 32, bold: true });
      slide._title = true;
    } else if (e.kind === "text") {
      slide.addText(c.text, { x: 0.5, y, w: 12.3, h: 1.0, fontSize: 18 }); y += 1.1;
    } else if (e.kind === "bullets") {
      slide.addText(c.items.map(t => ({ text: t, options: { bullet: true } })),
        { x: 0.5, y, w: 12.3, h: 3.0, fontSize: 18 }); y += 3.1;
    } else if (e.kind === "table") {
      const rows = [c.columns].concat(c.rows.map(r => r.map(v => v === null ? "" : String(v))));
      slide.addTable(rows, { x: 0.5, y, w: 12.3, fontSize: 12 }); y += 3;
    } else if (e.kind === "chart") {
      const data = c.series.map(sr => ({ name: sr.name, labels: sr.data.map(p => String(p.x)),
        values: sr.data.map(p => Number(p.y) || 0) }));
      const opts = { x: 0.5, y, w: 12.3, h: 4.5 };
      if (c.chart_type === "stacked_bar") opts.barGrouping = "stacked";
      slide.addChart(kinds[c.chart_type] || "bar", data, opts); y += 4.6;
    } else if (e.kind === "image") {
      const file = fs.readdirSync(assets).find(f => f.startsWith(c.asset_id + "."));
      if (file) slide.addImage({ path: path.join(assets, file), x: 0.5, y: 1.4, w: 8, h: 5 });
    }
  }
}
pres.writeFile({ fileName: out }).catch(e => { console.error(e); process.exit(1); });
"""

PEER_PY = r"""
import json, os, sys
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches, Pt
inp, assets, out = sys.argv[1:4]
spec = json.load(open(inp, encoding="utf-8"))
prs = Presentation()
prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
blank = prs.slide_layouts[6]
kinds = {"bar": XL_CHART_TYPE.COLUMN_CLUSTERED, "stacked_bar": XL_CHART_TYPE.COLUMN_STACKED,
         "line": XL_CHART_TYPE.LINE, "area": XL_CHART_TYPE.AREA, "pie": XL_CHART_TYPE.PIE}
files = {f.split(".")[0]: f for f in os.listdir(assets)}
for s in spec["deck"]["slides"]:
    slide = prs.slides.add_slide(blank)
    y, titled = 1.4, False
    for e in s["elements"]:
        c = e.get("content", {})
        if e["kind"] == "text" and (e.get("role") == "title" or not titled):
            tb = slide.shapes.add_textbox(Inches(0.5), Inches(0.3), Inches(12.3), Inches(0.9))
            tb.text_frame.text = c["text"]; tb.text_frame.paragraphs[0].runs[0].font.size = Pt(32)
            titled = True
        elif e["kind"] == "text":
            tb = slide.shapes.add_textbox(Inches(0.5), Inches(y), Inches(12.3), Inches(1.0))
            tb.text_frame.text = c["text"]; y += 1.1
        elif e["kind"] == "bullets":
            tb = slide.shapes.add_textbox(Inches(0.5), Inches(y), Inches(12.3), Inches(3.0))
            tf = tb.text_frame
            for i, t in enumerate(c["items"]):
                p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
                p.text = "\u2022 " + t
            y += 3.1
        elif e["kind"] == "table":
            rows = [c["columns"]] + [["" if v is None else str(v) for v in r] for r in c["rows"]]
            n = len(c["columns"])
            t = slide.shapes.add_table(len(rows), n, Inches(0.5), Inches(y), Inches(12.3), Inches(3)).table
            for i, r in enumerate(rows):
                for j in range(n):
                    t.cell(i, j).text = r[j] if j < len(r) else ""
            y += 3
        elif e["kind"] == "chart":
            cd = CategoryChartData()
            cats = [str(p["x"]) for p in c["series"][0]["data"]]
            cd.categories = cats
            for sr in c["series"]:
                vals = {str(p["x"]): p["y"] for p in sr["data"]}
                cd.add_series(sr["name"], [vals.get(k) if isinstance(vals.get(k), (int, float)) else 0 for k in cats])
            slide.shapes.add_chart(kinds.get(c["chart_type"], XL_CHART_TYPE.COLUMN_CLUSTERED),
                                   Inches(0.5), Inches(y), Inches(12.3), Inches(4.5), cd)
            y += 4.6
        elif e["kind"] == "image" and c["asset_id"] in files:
            slide.shapes.add_picture(os.path.join(assets, files[c["asset_id"]]),
                                     Inches(0.5), Inches(1.4), Inches(8), Inches(5))
prs.save(out)
"""


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--slides", type=int, default=200)
    ap.add_argument("--blocks", type=int, default=2000)
    ap.add_argument("--mix", default="mixed", help="the deck's language mix (deckgen --mix: mixed, ko, ...)")
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--scaling", action="store_true", help="cost by input size instead (one thread)")
    ap.add_argument("--floor", action="store_true", help="the deck's floor on this machine instead (item 2)")
    ap.add_argument("--against", metavar="BINARY", help="this build against another specrender binary, paired")
    ap.add_argument("--chrt", action="store_true", help="with --against / --deck-floor: every run under chrt -f 10")
    ap.add_argument("--deck-floor", action="store_true", help="the deck against its floor, as processes (issue 43)")
    args = ap.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    sh(["cargo", "build", "--release", "-q", "-p", "specrender", "-p", "specrender-deckgen"], cwd=ROOT)
    bin_ = ROOT / "target" / "release" / "specrender"
    gen = ROOT / "target" / "release" / "specrender-deckgen"
    if args.scaling:
        return scaling(args, bin_, gen)
    deck, deck_assets = WORK / "deck.json", WORK / "deck-assets"
    doc, doc_assets = WORK / "doc.json", WORK / "doc-assets"
    shutil.rmtree(deck_assets, ignore_errors=True)
    shutil.rmtree(doc_assets, ignore_errors=True)
    with open(deck, "wb") as f:
        sh([gen, "--slides", str(args.slides), "--mix", args.mix, "--seed", "1", "--assets", deck_assets], stdout=f)
    with open(doc, "wb") as f:
        sh([gen, "--doc", "--blocks", str(args.blocks), "--mix", "mixed", "--kind", "report", "--seed", "1",
            "--assets", doc_assets], stdout=f)
    # The document as users send them (issue 43): heavier tables, figures and footnotes.
    users = WORK / "users.json"
    with open(users, "wb") as f:
        sh([gen, "--doc", "--blocks", str(args.blocks), "--mix", "mixed", "--kind", "users", "--seed", "1"],
           stdout=f)
    out = WORK / "out"
    out.mkdir(exist_ok=True)
    if args.floor:
        return floor(args, bin_, gen, deck, deck_assets, out)
    if args.deck_floor:
        return deck_floor(args, bin_, deck, deck_assets, out)
    if args.against:
        inputs = {"the deck": (deck, deck_assets, "pptx"),
                  f"users' document {args.blocks} blocks": (users, doc_assets, "docx")}
        return against(args, bin_, Path(args.against), inputs, out)
    cmds = {
        f"specrender deck {args.slides} slides, 1 thread": [bin_, "render", deck, "-o", out / "a.pptx", "--assets",
                                                            deck_assets, "--qc", out / "a.json", "--threads", "1"],
        f"specrender deck {args.slides} slides, default threads": [bin_, "render", deck, "-o", out / "b.pptx",
                                                                   "--assets", deck_assets, "--qc", out / "b.json"],
        f"specrender document {args.blocks} blocks, 1 thread": [bin_, "render", doc, "-o", out / "c.docx", "--assets",
                                                                doc_assets, "--qc", out / "c.json", "--threads", "1"],
        f"specrender document {args.blocks} blocks, default threads": [bin_, "render", doc, "-o", out / "d.docx",
                                                                       "--assets", doc_assets, "--qc", out / "d.json"],
        f"specrender users' document {args.blocks} blocks, 1 thread": [
            bin_, "render", users, "-o", out / "g.docx", "--assets", doc_assets, "--qc", out / "g.json",
            "--threads", "1"],
        f"specrender users' document {args.blocks} blocks, default threads": [
            bin_, "render", users, "-o", out / "h.docx", "--assets", doc_assets, "--qc", out / "h.json"],
    }
    if not args.no_peers:
        cmds[f"PptxGenJS {PPTXGENJS} deck {args.slides} slides"] = pptxgenjs(deck, deck_assets, out / "e.pptx")
        py = WORK / "peer.py"
        py.write_text(PEER_PY)
        try:
            import pptx  # noqa: F401
        except ImportError:
            sh([sys.executable, "-m", "pip", "install", "-q", "python-pptx"])
        cmds[f"python-pptx deck {args.slides} slides"] = [sys.executable, py, deck, deck_assets, out / "f.pptx"]
    times, cpus, rsss = run_rounds(cmds, args.rounds)
    med = {k: statistics.median(v) * 1000 for k, v in times.items()}
    print(f"whole process, {args.rounds} interleaved rounds, medians (wall min .. max), {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at the end:")
    for k, v in times.items():
        print(f"  {k:48} {med[k]:8.1f} ms  ({min(v) * 1000:.1f} .. {max(v) * 1000:.1f})  "
              f"CPU {statistics.median(cpus[k]) * 1000:6.1f} ms  peak RSS {max(rsss[k]) / 1024:5.1f} MiB")
    base = f"specrender deck {args.slides} slides, default threads"
    for k in med:
        if k.startswith(("PptxGenJS", "python-pptx")):
            print(f"  {k.split(' deck')[0]} / specrender (default threads): {med[k] / med[base]:.1f}x")


def pptxgenjs(deck, assets, out):
    """The PptxGenJS command for the deck (installed into WORK on first use)."""
    js = WORK / "peer.js"
    js.write_text(PEER_JS)
    if not (WORK / "node_modules" / "pptxgenjs").exists():
        sh(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", WORK, f"pptxgenjs@{PPTXGENJS}"],
           stdout=subprocess.DEVNULL)
    return ["node", js, deck, assets, out]


def floor(args, bin_, gen, deck, deck_assets, out):
    """What the deck's process cannot go below here: start-up, the I/O alone, the disk's share."""
    one = WORK / "one.json"
    with open(one, "wb") as f:
        sh([gen, "--slides", "1", "--text-only", "--seed", "1"], stdout=f)
    prog = WORK / "floor"
    sh(["cc", "-O2", "-o", prog, ROOT / "tools" / "floor.c"])
    # The package and report the floor writes: the render's own bytes, made once beforehand.
    made_pptx, made_qc = out / "floor-made.pptx", out / "floor-made.json"
    sh([bin_, "render", deck, "--assets", deck_assets, "-o", made_pptx, "--qc", made_qc])
    deck_cmd = [bin_, "render", deck, "--assets", deck_assets]
    cmds = {
        "specrender --version (exec, loading, exit)": [bin_, "--version"],
        "specrender, a 1-slide text deck (start-up)": [bin_, "render", one, "-o", out / "one.pptx", "--qc",
                                                       out / "one.json"],
        "floor: the deck's input and pictures read, its PPTX and QC written and synced (tools/floor.c)": [
            prog, deck, deck_assets, made_pptx, made_qc, out / "floor.pptx", out / "floor.json"],
    }
    shm = Path("/dev/shm")
    if shm.is_dir():
        tmp = shm / f"specrender-bench-{os.getpid()}"
        tmp.mkdir(exist_ok=True)
        cmds["specrender deck, default threads, outputs on tmpfs (no disk)"] = deck_cmd + [
            "-o", tmp / "t.pptx", "--qc", tmp / "t.json"]
    cmds[f"specrender deck {args.slides} slides, default threads"] = deck_cmd + ["-o", out / "b.pptx", "--qc",
                                                                                 out / "b.json"]
    peer = f"PptxGenJS {PPTXGENJS} deck {args.slides} slides"
    if not args.no_peers:
        cmds[peer] = pptxgenjs(deck, deck_assets, out / "e.pptx")
    times, cpus, _ = run_rounds(cmds, args.rounds)
    if shm.is_dir():
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"the deck's floor, {args.rounds} interleaved rounds, medians (wall min .. max), "
          f"load average {os.getloadavg()[0]:.1f} at the end:")
    for k, v in times.items():
        print(f"  {k:96} {statistics.median(v) * 1000:7.1f} ms  ({min(v) * 1000:.1f} .. {max(v) * 1000:.1f})  "
              f"CPU {statistics.median(cpus[k]) * 1000:6.1f} ms")
    if peer in times:
        print(f"  15x PptxGenJS needs a wall time of {statistics.median(times[peer]) * 1000 / 15:.1f} ms")


def against(args, bin_, other, inputs, out):
    """This build (A) against another binary (B), paired: each round runs A then B or B then A,
    for each input on the default threads and on one thread."""
    pre = ["chrt", "-f", "10"] if args.chrt else []
    cases = {(name, th): extra for name in inputs
             for th, extra in (("default threads", []), ("1 thread", ["--threads", "1"]))}
    res = {(c, k): ([], []) for c in cases for k in "AB"}
    for r in range(args.rounds):
        for (name, th), extra in cases.items():
            inp, assets, ext = inputs[name]
            for k in ("AB" if r % 2 == 0 else "BA"):
                b = bin_ if k == "A" else other
                cmd = pre + [str(b), "render", str(inp), "-o", str(out / f"ab-{k}.{ext}"), "--assets",
                             str(assets), "--qc", str(out / f"ab-{k}-{ext}.json")] + extra
                t = time.perf_counter()
                p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                err = p.stderr.read()
                _, status, ru = os.wait4(p.pid, 0)
                res[((name, th), k)][0].append(time.perf_counter() - t)
                res[((name, th), k)][1].append(ru.ru_utime + ru.ru_stime)
                if os.waitstatus_to_exitcode(status) not in (0, 1):
                    sys.exit(f"{b}: exit {os.waitstatus_to_exitcode(status)}: {err.decode()[:400]}")
    print(f"A = {bin_} against B = {other}, {args.rounds} paired rounds{' under chrt -f 10' if pre else ''}, "
          f"medians (quartiles), load average {os.getloadavg()[0]:.1f} at the end:")
    for name, (_, _, ext) in inputs.items():
        same = all((out / f"ab-A{s}").read_bytes() == (out / f"ab-B{s}").read_bytes()
                   for s in (f".{ext}", f"-{ext}.json"))
        print(f"  {name}: same {ext.upper()} and QC bytes: {same}")
        for th in ("default threads", "1 thread"):
            med = {}
            for k in "AB":
                w, c = sorted(res[((name, th), k)][0]), res[((name, th), k)][1]
                med[k] = (statistics.median(w) * 1000, statistics.median(c) * 1000)
                print(f"    {th:16} {k}: wall {med[k][0]:6.2f} ms ({w[len(w) // 4] * 1000:.2f} .. "
                      f"{w[3 * len(w) // 4] * 1000:.2f})  CPU {med[k][1]:6.2f} ms")
            print(f"    {th:16} A/B: wall {med['A'][0] / med['B'][0]:.3f}  CPU {med['A'][1] / med['B'][1]:.3f}")


def deck_floor(args, bin_, deck, assets, out):
    """The deck's whole process against its floor, both as processes (issue 43 item 3)."""
    built = subprocess.run(["cargo", "bench", "--bench", "floor", "--no-run", "--message-format=json"],
                           cwd=ROOT, check=True, capture_output=True, text=True).stdout
    harness = next(m["executable"] for m in map(json.loads, built.splitlines())
                   if m.get("reason") == "compiler-artifact" and m.get("executable")
                   and m["target"]["name"] == "floor")
    pre = ["chrt", "-f", "10"] if args.chrt else []
    cases = {}
    for th in ("2", "1"):
        cases[f"specrender render, {th} thread(s)"] = (
            [bin_, "render", deck, "--assets", assets, "-o", out / "df.pptx", "--qc", out / "df.json",
             "--threads", th], False)
        for path in ("whole", "floor"):
            cases[f"harness {path}, {th} thread(s)"] = (
                [harness, "--once", path, "--threads", th, "--input", deck, "--assets", assets, "--out", out],
                True)
    res = {k: ([], []) for k in cases}
    for r in range(args.rounds):
        names = list(cases) if r % 2 == 0 else list(reversed(cases))
        for name in names:
            cmd, harnessed = cases[name]
            t = time.perf_counter()
            p = subprocess.Popen(pre + [str(c) for c in cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            stdout, err = p.communicate()
            wall = time.perf_counter() - t
            if p.returncode not in (0, 1):
                sys.exit(f"{name}: exit {p.returncode}: {err.decode()[:400]}")
            if harnessed:
                # The deck laid out beforehand in the same process: not part of either path.
                fields = dict(f.split("=") for f in stdout.decode().split())
                wall -= float(fields["precompute_ms"]) / 1000
            res[name][0].append(wall)
    print(f"the deck's whole process against its floor, {args.rounds} interleaved rounds"
          f"{' under chrt -f 10' if pre else ''}, wall medians (quartiles), load average "
          f"{os.getloadavg()[0]:.1f} at the end (harness rows: the process less its precomputed layout):")
    med = {}
    for name, (w, _) in res.items():
        w = sorted(w)
        med[name] = statistics.median(w) * 1000
        print(f"  {name:36} {med[name]:7.2f} ms ({w[len(w) // 4] * 1000:.2f} .. {w[3 * len(w) // 4] * 1000:.2f})")
    for th in ("2", "1"):
        floor_ms = med[f"harness floor, {th} thread(s)"]
        print(f"  {th} thread(s): specrender render / floor {med[f'specrender render, {th} thread(s)'] / floor_ms:.2f}x,"
              f" harness whole / floor {med[f'harness whole, {th} thread(s)'] / floor_ms:.2f}x")


def run_rounds(cmds, rounds):
    """Runs every command once per round, in order; (wall s, CPU s, peak RSS KiB) lists."""
    times, cpus, rsss = ({k: [] for k in cmds} for _ in range(3))
    env = dict(os.environ, NODE_PATH=str(WORK / "node_modules"))
    for _ in range(rounds):
        for name, cmd in cmds.items():
            t = time.perf_counter()
            p = subprocess.Popen([str(c) for c in cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
            err = p.stderr.read()
            _, status, ru = os.wait4(p.pid, 0)
            times[name].append(time.perf_counter() - t)
            cpus[name].append(ru.ru_utime + ru.ru_stime)
            rsss[name].append(ru.ru_maxrss)
            code = os.waitstatus_to_exitcode(status)
            if code not in (0, 1):
                sys.exit(f"{name}: exit {code}: {err.decode()[:400]}")
    return times, cpus, rsss


def scaling(args, bin_, gen):
    """One-thread whole-process cost by input size (linear: each doubling about 2x)."""
    cmds, sizes = {}, {}
    out = WORK / "out"
    out.mkdir(exist_ok=True)
    for kind, ns in (("deck", (25, 50, 100, 200)), ("doc", (250, 500, 1000, 2000, 4000))):
        for n in ns:
            inp, assets = WORK / f"scale-{kind}-{n}.json", WORK / f"scale-{kind}-{n}-assets"
            shutil.rmtree(assets, ignore_errors=True)
            gen_args = (["--slides", str(n)] if kind == "deck" else
                        ["--doc", "--blocks", str(n), "--kind", "report"])
            with open(inp, "wb") as f:
                sh([gen, *gen_args, "--mix", "mixed", "--seed", "1", "--assets", assets], stdout=f)
            name = f"{kind} {n}"
            ext = "pptx" if kind == "deck" else "docx"
            cmds[name] = [bin_, "render", inp, "-o", out / f"s.{ext}", "--assets", assets, "--qc", out / "s.json",
                          "--threads", "1"]
            sizes[name] = (kind, n)
    times, cpus, rsss = run_rounds(cmds, args.rounds)
    print(f"whole process, one thread, {args.rounds} interleaved rounds, medians, "
          f"load average {os.getloadavg()[0]:.1f} at the end:")
    first = {}
    for name, (kind, n) in sizes.items():
        wall, cpu = statistics.median(times[name]) * 1000, statistics.median(cpus[name]) * 1000
        first.setdefault(kind, (n, cpu))
        n0, c0 = first[kind]
        print(f"  {name:12} wall {wall:7.1f} ms  CPU {cpu:7.1f} ms ({cpu / c0:4.1f}x the CPU of {n0}, "
              f"size {n / n0:4.0f}x)  peak RSS {max(rsss[name]) / 1024:5.1f} MiB")


if __name__ == "__main__":
    main()
