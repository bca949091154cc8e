#!/usr/bin/env python3
"""Warm workers (issue 43 item 4): decks and documents per second per core with fonts and
templates loaded once, the figure a `serve` or Celery worker pays, against the peers doing
their own work in a warm process. Long-lived workers, each taking one job at a time on
one thread, get one job each per round, in turn (so a noisy machine slows all of them alike):

- `specrender serve` rendering the 200-slide mixed deck (with its pictures) to a PPTX;
- `specrender serve` rendering the 2,000-block document as users send them to a DOCX;
- (not a worker, for what one saves) `specrender render --threads 1`, a process per job, for
  each of the two inputs;
- PptxGenJS (node, the package loaded once) writing the same deck's slides;
- python-pptx writing the same deck's slides;
- python-docx writing the same document: headings, paragraphs, lists, tables, figures,
  quotes, page breaks, citations as numbers with a reference list (python-docx has no
  footnotes).

Every job starts from the input's JSON text (serve's request carries it; the peers parse it
each job) and ends with the file written. The peers measure nothing and fit nothing (the
scripts of tools/bench-process.py, as functions). Prints each worker's median wall time per
job (request to answer, as the client sees it), its CPU time per job (from /proc, over all
jobs), and jobs per second per core (1 / CPU time a job: each worker runs on one core).

    python3 tools/warm-workers.py [--rounds 60] [--warmup 3] [--no-peers] [--chrt]
"""

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "warm-workers"
TICK = os.sysconf("SC_CLK_TCK")

# A warm node worker: PptxGenJS loaded once; each stdin line is a job (its number).
PEER_JS = r"""
const pptxgen = require("pptxgenjs");
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const [input, assets, outDir] = process.argv.slice(2);
const text = fs.readFileSync(input, "utf8");
const files = fs.readdirSync(assets);
const kinds = { bar: "bar", stacked_bar: "bar", line: "line", area: "area", pie: "pie" };
async function job(i) {
  const spec = JSON.parse(text);
  const pres = new pptxgen();
  pres.layout = "LAYOUT_WIDE";
  for (const s of spec.deck.slides) {
    const slide = pres.addSlide();
    let y = 1.4, titled = false;
    for (const e of s.elements) {
      const c = e.content || {};
      if (e.kind === "text" && (e.role === "title" || !titled)) {
        slide.addText(c.text, { x: 0.5, y: 0.3, w: 12.3, h: 0.9, fontSize: 32, bold: true }); titled = true;
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
        const file = files.find(f => f.startsWith(c.asset_id + "."));
        if (file) slide.addImage({ path: path.join(assets, file), x: 0.5, y: 1.4, w: 8, h: 5 });
      }
    }
  }
  await pres.writeFile({ fileName: path.join(outDir, `pg-${i % 5}.pptx`) });
}
const rl = readline.createInterface({ input: process.stdin });
let queue = Promise.resolve();
rl.on("line", line => { queue = queue.then(() => job(Number(line))).then(() => console.log("ok")); });
"""

# A warm Python worker: `job(i)` per stdin line, the module imported once.
PEER_PY = r"""
import json, os, sys
kind, inp, assets, out_dir = sys.argv[1:5]
text = open(inp, encoding="utf-8").read()
files = {f.split(".")[0]: os.path.join(assets, f) for f in os.listdir(assets)}
if kind == "pptx":
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches, Pt
    kinds = {"bar": XL_CHART_TYPE.COLUMN_CLUSTERED, "stacked_bar": XL_CHART_TYPE.COLUMN_STACKED,
             "line": XL_CHART_TYPE.LINE, "area": XL_CHART_TYPE.AREA, "pie": XL_CHART_TYPE.PIE}

    def job(i):
        spec = json.loads(text)
        prs = Presentation()
        prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
        blank = prs.slide_layouts[6]
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
                    tf = slide.shapes.add_textbox(Inches(0.5), Inches(y), Inches(12.3), Inches(3.0)).text_frame
                    for j, t in enumerate(c["items"]):
                        (tf.paragraphs[0] if j == 0 else tf.add_paragraph()).text = "\u2022 " + t
                    y += 3.1
                elif e["kind"] == "table":
                    rows = [c["columns"]] + [["" if v is None else str(v) for v in r] for r in c["rows"]]
                    n = len(c["columns"])
                    t = slide.shapes.add_table(len(rows), n, Inches(0.5), Inches(y), Inches(12.3), Inches(3)).table
                    for r, row in enumerate(rows):
                        for j in range(n):
                            t.cell(r, j).text = row[j] if j < len(row) else ""
                    y += 3
                elif e["kind"] == "chart":
                    cd = CategoryChartData()
                    cats = [str(p["x"]) for p in c["series"][0]["data"]]
                    cd.categories = cats
                    for sr in c["series"]:
                        vals = {str(p["x"]): p["y"] for p in sr["data"]}
                        cd.add_series(sr["name"], [vals.get(k) if isinstance(vals.get(k), (int, float)) else 0
                                                   for k in cats])
                    slide.shapes.add_chart(kinds.get(c["chart_type"], XL_CHART_TYPE.COLUMN_CLUSTERED),
                                           Inches(0.5), Inches(y), Inches(12.3), Inches(4.5), cd)
                    y += 4.6
                elif e["kind"] == "image" and c["asset_id"] in files:
                    slide.shapes.add_picture(files[c["asset_id"]], Inches(0.5), Inches(1.4), Inches(8), Inches(5))
        prs.save(os.path.join(out_dir, f"pp-{i % 5}.pptx"))
else:
    from docx import Document
    from docx.shared import Inches

    def job(i):
        spec = json.loads(text)
        d = spec["doc"]
        numbers = {r["id"]: n + 1 for n, r in enumerate(spec.get("references", []))}
        doc = Document()
        doc.add_heading(d.get("title", ""), 0)
        for b in d["blocks"]:
            c, t = b.get("content", {}), b["type"]
            cites = "".join(f" [{numbers.get(x['citation_id'], '?')}]" for x in b.get("citations", []))
            if t == "heading":
                doc.add_heading(c["text"], min(c.get("level", 1), 9))
            elif t == "paragraph":
                doc.add_paragraph(c["text"] + cites)
            elif t == "list":
                style = "List Number" if c.get("ordered") else "List Bullet"
                for item in c["items"]:
                    doc.add_paragraph(item if isinstance(item, str) else item.get("text", ""), style=style)
            elif t == "table":
                cols = c["columns"]
                table = doc.add_table(rows=1 + len(c["rows"]), cols=len(cols), style="Table Grid")
                for row, values in zip(table.rows, [cols] + c["rows"]):
                    for cell, v in zip(row.cells, values):
                        cell.text = "" if v is None else str(v)
            elif t == "figure":
                if c.get("asset_id") in files:
                    doc.add_picture(files[c["asset_id"]], width=Inches(5))
                doc.add_paragraph(c.get("caption", ""), style="Caption")
            elif t == "quote":
                doc.add_paragraph(c["text"], style="Quote")
                if c.get("attribution"):
                    doc.add_paragraph(c["attribution"])
            elif t == "page_break":
                doc.add_page_break()
        if numbers:
            doc.add_heading("References", 1)
            for r in spec["references"]:
                doc.add_paragraph(f"[{numbers[r['id']]}] {r.get('title', '')} {r.get('url', '')}")
        doc.save(os.path.join(out_dir, f"pd-{i % 5}.docx"))
for line in sys.stdin:
    job(int(line))
    print("ok", flush=True)
"""


def cpu_of(pid):
    """CPU seconds (user + system) of process `pid` and its finished threads."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class Worker:
    """A long-lived process answering one line per request line."""

    def __init__(self, name, cmd, request, env=None):
        self.name, self.request = name, request
        self.p = subprocess.Popen([str(c) for c in cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, encoding="utf-8", env=env)
        self.walls, self.cpu0 = [], None

    def job(self, i, timed):
        if timed and self.cpu0 is None:
            self.cpu0 = cpu_of(self.p.pid)
        t = time.perf_counter()
        self.p.stdin.write(self.request(i) + "\n")
        self.p.stdin.flush()
        answer = self.p.stdout.readline()
        wall = time.perf_counter() - t
        if not answer:
            sys.exit(f"{self.name}: the worker ended")
        if answer.startswith("{"):
            a = json.loads(answer)
            if a.get("exit_code") not in (0, 1):
                sys.exit(f"{self.name}: job {i}: {answer[:400]}")
        if timed:
            self.walls.append(wall)

    def cpu_per_job(self):
        return (cpu_of(self.p.pid) - self.cpu0) / len(self.walls)

    def close(self):
        self.p.stdin.close()
        self.p.wait()


class Cold:
    """Not a worker: one `specrender render` process per job, for what a warm worker saves."""

    def __init__(self, name, cmd):
        self.name, self.cmd, self.walls, self.cpus = name, [str(c) for c in cmd], [], []

    def job(self, i, timed):
        t = time.perf_counter()
        p = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit(f"{self.name}: exit {os.waitstatus_to_exitcode(status)}")
        if timed:
            self.walls.append(time.perf_counter() - t)
            self.cpus.append(ru.ru_utime + ru.ru_stime)

    def cpu_per_job(self):
        return sum(self.cpus) / len(self.cpus)

    def close(self):
        pass


def serve_request(spec_path, ext):
    """serve's request line for job i (each job a different title, as serve-throughput.py)."""
    spec = json.load(open(spec_path, encoding="utf-8"))
    key = "deck" if "deck" in spec else "doc"
    spec[key]["title"] = "@@JOB@@"
    line = json.dumps({"id": 0, "op": "render", "spec": spec, "output": f"out.{ext}"}, ensure_ascii=False)
    head, _, tail = line.partition('"@@JOB@@"')
    return lambda i: (head + json.dumps(f"Job {i}") + tail).replace(f'"out.{ext}"', f'"r{i % 5}.{ext}"', 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--warmup", type=int, default=3, help="untimed jobs per worker first")
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--chrt", action="store_true", help="every worker under chrt -f 10")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "specrender", "-p", "specrender-deckgen"],
                   cwd=ROOT, check=True)
    binary, gen = ROOT / "target/release/specrender", ROOT / "target/release/specrender-deckgen"
    WORK.mkdir(parents=True, exist_ok=True)
    out = WORK / "out"
    out.mkdir(exist_ok=True)
    deck, deck_assets = WORK / "deck.json", WORK / "deck-assets"
    users, doc_assets = WORK / "users.json", WORK / "doc-assets"
    for a in (deck_assets, doc_assets):
        shutil.rmtree(a, ignore_errors=True)
    with open(deck, "wb") as f:
        subprocess.run([gen, "--slides", "200", "--mix", "mixed", "--seed", "1", "--assets", deck_assets],
                       stdout=f, check=True)
    with open(users, "wb") as f:
        subprocess.run([gen, "--doc", "--blocks", "2000", "--mix", "mixed", "--kind", "users", "--seed", "1"],
                       stdout=f, check=True)
    # The figures of the users' document (the report kind's assets folder: the same six pictures).
    subprocess.run([gen, "--doc", "--blocks", "10", "--kind", "report", "--seed", "1", "--assets", doc_assets],
                   stdout=subprocess.DEVNULL, check=True)
    pre = ["chrt", "-f", "10"] if args.chrt else []
    serve = pre + [binary, "serve", "--output-root", out]
    workers = [
        Worker("specrender serve, deck 200 slides (PPTX)", serve + ["--assets", deck_assets],
               serve_request(deck, "pptx")),
        Worker("specrender serve, users' document 2,000 blocks (DOCX)", serve + ["--assets", doc_assets],
               serve_request(users, "docx")),
    ]
    cli = pre + [binary, "render", "--threads", "1"]
    workers += [
        Cold("specrender render, one process per deck (1 thread)",
             cli + [deck, "--assets", deck_assets, "-o", out / "c.pptx", "--qc", out / "c.json"]),
        Cold("specrender render, one process per document (1 thread)",
             cli + [users, "--assets", doc_assets, "-o", out / "c.docx", "--qc", out / "c-docx.json"]),
    ]
    if not args.no_peers:
        js = WORK / "peer.js"
        js.write_text(PEER_JS)
        modules = ROOT / "target" / "bench-process" / "node_modules"
        if not (modules / "pptxgenjs").exists():
            subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", modules.parent,
                            "pptxgenjs@3.12.0"], check=True, stdout=subprocess.DEVNULL)
        env = dict(os.environ, NODE_PATH=str(modules))
        workers.append(Worker("PptxGenJS 3.12.0 (node), the same deck", pre + ["node", js, deck, deck_assets, out],
                              str, env))
        py = WORK / "peer.py"
        py.write_text(PEER_PY)
        for mod in ("pptx", "docx"):
            if importlib.util.find_spec(mod) is None:
                subprocess.run([sys.executable, "-m", "pip", "install", "-q", f"python-{mod}"], check=True)
        workers.append(Worker("python-pptx, the same deck", pre + [sys.executable, py, "pptx", deck, deck_assets,
                                                                  out], str))
        workers.append(Worker("python-docx, the same document", pre + [sys.executable, py, "docx", users,
                                                                      doc_assets, out], str))
    for i in range(args.warmup):
        for w in workers:
            w.job(i, False)
    for r in range(args.rounds):
        for w in (workers if r % 2 == 0 else list(reversed(workers))):
            w.job(args.warmup + r, True)
    print(f"warm workers, one job at a time each, {args.rounds} interleaved rounds after {args.warmup} untimed, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end"
          f"{', under chrt -f 10' if pre else ''}:")
    for w in workers:
        walls = sorted(w.walls)
        cpu = w.cpu_per_job()
        w.close()
        print(f"  {w.name:56} wall {statistics.median(walls) * 1000:7.1f} ms "
              f"({walls[len(walls) // 4] * 1000:.1f} .. {walls[3 * len(walls) // 4] * 1000:.1f})  "
              f"CPU {cpu * 1000:7.1f} ms  {1 / cpu:6.1f} jobs/s per core")


if __name__ == "__main__":
    main()
