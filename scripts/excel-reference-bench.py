#!/usr/bin/python3
"""Excel speed against the Python reference (issue 33 item 4).

Times the reference's Excel handlers (sarturko-maker/vibe-legal-form-filler:
excel_indexer.extract_structure_compact, excel_writer.write_answers,
excel_verifier.verify_output, all on openpyxl) in this process, and
formfill's BenchmarkVsReference (formats/excel/bench_test.go) from a
compiled test binary, alternately, round after round, on the same
workbooks. Prints medians and the ratio formfill/Python per workbook and
operation. formfill's "extract" is the compact map's first page (what the
tool returns by default), "extract_full" the whole map; both are set
beside the reference's extract, which always builds the whole map.

Not run by the test suite. Usage (see docs/PERFORMANCE-EXCEL.md):

  git --git-dir=/work/.mirror/sarturko-maker+vibe-legal-form-filler/repo \\
      archive HEAD | tar -x -C /tmp/vibe
  go test -c -o /tmp/excel.test ./formats/excel/
  /usr/bin/python3 scripts/excel-reference-bench.py --ref /tmp/vibe \\
      --go /tmp/excel.test --rounds 3 --reps 3

With --base, a second binary (the branch's base) runs in each round too,
after the first: its medians and its CPU ratio to Python come last, so
that a change is measured alternately with its base, in one run.

Needs openpyxl and pydantic under /usr/bin/python3. Interpreter start-up
and imports are outside the timings; each tool fills the first --answers
targets its own map marks.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

QUESTIONNAIRES = "/work/realdocs/questionnaires"
DEFAULT_DOCS = [
    "/work/shared/forms/caiq_v3.0.1.xlsx",
    QUESTIONNAIRES + "/hecvat-4.14-educause.xlsx",
    QUESTIONNAIRES + "/csa-caiq-v4.0.3.xlsx",
    QUESTIONNAIRES + "/hecvat-full-3.06-educause.xlsx",
]
REF_INPUTS = ["tests/inputs/Vendor_Questionnaire.xlsx"]
PY_OPS = ("extract", "write", "verify")
GO_OPS = {"extract": "extract", "extract_full": "extract", "write": "write", "verify": "verify"}
TARGET = " ← answer target"


class Reference:
    """The reference's Excel handlers, with one workbook's inputs ready."""

    def __init__(self, ref_dir):
        sys.path.insert(0, ref_dir)
        from src.handlers import excel_indexer, excel_verifier, excel_writer
        from src import models

        self.indexer = excel_indexer
        self.writer = excel_writer
        self.verifier = excel_verifier
        self.models = models

    def prepare(self, doc, cap):
        """Answers for the first cap targets of the reference's own map."""
        cs = self.indexer.extract_structure_compact(doc)
        import io
        import openpyxl
        book = openpyxl.load_workbook(io.BytesIO(doc))
        answers, expected = [], []
        for line in cs.compact_text.split("\n"):
            if not line.endswith(TARGET) or len(answers) == cap:
                continue
            cid = line.split(":", 1)[0]
            sheet, row, col = self.writer._parse_cell_id(cid)
            if type(book.worksheets[sheet - 1].cell(row, col)).__name__ == "MergedCell":
                continue  # openpyxl refuses a value in a merged range's other cells
            text = "Answer %d: documented, reviewed yearly" % (len(answers) + 1)
            answers.append({"pair_id": cid, "cell_id": cid, "value": text})
            expected.append(self.models.ExpectedAnswer(
                pair_id=cid, xpath=cid, expected_text=text))
        written = self.writer.write_answers(doc, answers)
        rep = self.verifier.verify_output(written, expected)
        if rep.summary.matched != len(expected):
            raise SystemExit("reference verify matched %d of %d" %
                             (rep.summary.matched, len(expected)))
        return {
            "extract": lambda: self.indexer.extract_structure_compact(doc),
            "write": lambda: self.writer.write_answers(doc, answers),
            "verify": lambda: self.verifier.verify_output(written, expected),
            "answers": len(answers),
        }


def time_median(fn, reps):
    """Median wall and CPU time of reps calls, in nanoseconds, after one
    warm-up."""
    fn()
    wall, cpu = [], []
    for _ in range(reps):
        c0, t0 = time.process_time_ns(), time.perf_counter_ns()
        fn()
        wall.append(time.perf_counter_ns() - t0)
        cpu.append(time.process_time_ns() - c0)
    return statistics.median(wall), statistics.median(cpu)


BENCH_LINE = re.compile(
    r"^BenchmarkVsReference/(?P<doc>[^/]+)/(?P<op>\w+)-\d+\s+\d+\s+"
    r"(?P<ns>[\d.]+) ns/op(?P<rest>.*)$")


def go_round(binary, docs, reps):
    """One run of formfill's benchmark: {(doc, op): (wall, cpu) ns/op},
    {doc: answers written}."""
    env = dict(os.environ, FORMFILL_REF_BENCH_DOCS=",".join(docs))
    out = subprocess.run(
        [binary, "-test.run", "^$", "-test.bench", "^BenchmarkVsReference$",
         "-test.benchtime", "%dx" % reps, "-test.count", "1"],
        env=env, capture_output=True, text=True, check=True,
        cwd=os.path.dirname(os.path.abspath(__file__)) + "/../formats/excel")
    times, answers = {}, {}
    for line in out.stdout.splitlines():
        m = BENCH_LINE.match(line)
        if m:
            c = re.search(r"([\d.]+) cpu-ns/op", m["rest"])
            times[(m["doc"], m["op"])] = (float(m["ns"]), float(c[1]) if c else float("nan"))
            a = re.search(r"([\d.]+) answers", m["rest"])
            if a:
                answers[m["doc"]] = int(float(a[1]))
    return times, answers


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", required=True, help="exported reference tree")
    ap.add_argument("--go", required=True, help="go test -c binary of formats/excel")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--answers", type=int, default=50,
                    help="must match refBenchAnswers in bench_test.go")
    ap.add_argument("--base", help="go test -c binary of the base, timed alternately")
    ap.add_argument("docs", nargs="*")
    args = ap.parse_args()
    docs = args.docs or [os.path.join(args.ref, n) for n in REF_INPUTS] + [
        d for d in DEFAULT_DOCS if os.path.exists(d)]

    ref = Reference(args.ref)
    prepared = {}
    for path in docs:
        with open(path, "rb") as f:
            prepared[os.path.basename(path)] = ref.prepare(f.read(), args.answers)

    py, go, go_answers, base = {}, {}, {}, {}
    for r in range(args.rounds):
        for name, p in prepared.items():
            for op in PY_OPS:
                py.setdefault((name, op), []).append(time_median(p[op], args.reps))
        times, go_answers = go_round(args.go, docs, args.reps)
        for k, ns in times.items():
            go.setdefault(k, []).append(ns)
        if args.base:
            for k, ns in go_round(args.base, docs, args.reps)[0].items():
                base.setdefault(k, []).append(ns)
        print("round %d/%d done" % (r + 1, args.rounds), file=sys.stderr)

    head = ("| workbook | op | answers py/go | Python ms | formfill ms | ratio "
            "| Python CPU ms | formfill CPU ms | CPU ratio |")
    rule = "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    if args.base:
        head += " base CPU ms | base CPU ratio |"
        rule += " ---: | ---: |"
    print(head)
    print(rule)
    nan = (float("nan"), float("nan"))
    for name, p in prepared.items():
        for op, pyop in GO_OPS.items():
            cells = []
            for i in (0, 1):
                pm = statistics.median(s[i] for s in py[(name, pyop)]) / 1e6
                gm = statistics.median(s[i] for s in go.get((name, op), [nan])) / 1e6
                cells += [pm, gm, gm / pm]
            ans = "%d/%d" % (p["answers"], go_answers.get(name, -1)) if op in ("write", "verify") else ""
            if args.base:
                pm = statistics.median(s[1] for s in py[(name, pyop)]) / 1e6
                bm = statistics.median(s[1] for s in base.get((name, op), [nan])) / 1e6
                cells += [bm, bm / pm]
            print(("| %s | %s | %s |" + " %.2f |" * len(cells)) % ((name, op, ans) + tuple(cells)))


if __name__ == "__main__":
    main()
