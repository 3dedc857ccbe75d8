#!/usr/bin/python3
"""Word speed against the Python reference (issue 37 item 9).

Times the reference's Word handlers (sarturko-maker/vibe-legal-form-filler:
word_indexer.extract_structure_compact, word.write_answers,
word_verifier.verify_output) in this process, and formfill's
BenchmarkVsReference (formats/word/refspeed_bench_test.go) from a compiled
test binary, alternately, round after round, on the same documents. Prints
medians and the ratio formfill/Python per document and operation.

Not run by the test suite. Usage (see docs/PERFORMANCE-WORD.md):

  git --git-dir=/work/.mirror/sarturko-maker+vibe-legal-form-filler/repo \
      archive HEAD | tar -x -C /tmp/vibe
  go test -c -o /tmp/word.test ./formats/word/
  /usr/bin/python3 scripts/word-reference-bench.py --ref /tmp/vibe \
      --go /tmp/word.test --rounds 5 --reps 7

Needs lxml and pydantic under /usr/bin/python3 (Debian: python3-lxml,
python3-pydantic). Interpreter start-up and imports are outside the timings;
each tool fills the first --answers text targets its own map marks.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

AGREEMENTS = "/work/realdocs/agreements"
DEFAULT_DOCS = [
    AGREEMENTS + "/nvca-spa.docx",
    AGREEMENTS + "/ilpa-lpa-deal-by-deal.docx",
    AGREEMENTS + "/ilpa-lpa-whole-of-fund.docx",
    AGREEMENTS + "/ilpa-subscription-agreement.docx",
]
REF_INPUTS = [
    "Vendor_Questionnaire.docx",
    "Vendor_Questionnaire_Alternative.docx",
    "Vendor_Questionnaire_Knowledge_Document.docx",
    "Vendor_Questionnaire_Knowledge_Alternative.docx",
]
OPS = ("extract", "write", "verify")
TARGET = " ← answer target"


class Reference:
    """The reference's handlers, with one document's inputs made ready."""

    def __init__(self, ref_dir):
        sys.path.insert(0, ref_dir)
        from src.handlers import word, word_indexer, word_verifier
        from src import models

        self.word = word
        self.indexer = word_indexer
        self.verifier = word_verifier
        self.models = models

    def prepare(self, doc, cap):
        """Answers for the first cap targets of the reference's own map."""
        m = self.models
        cs = self.indexer.extract_structure_compact(doc)
        complex_ids = set(cs.complex_elements)
        payloads, expected = [], []
        for line in cs.compact_text.split("\n"):
            if not line.endswith(TARGET) or len(payloads) == cap:
                continue
            pid = line.split(":", 1)[0]
            if pid in complex_ids or pid not in cs.id_to_xpath:
                continue
            text = "Answer %d: documented, reviewed yearly" % (len(payloads) + 1)
            xpath = cs.id_to_xpath[pid]
            payloads.append(m.AnswerPayload(
                pair_id=pid, xpath=xpath, answer_text=text,
                mode=m.InsertionMode.REPLACE_CONTENT))
            expected.append(m.ExpectedAnswer(
                pair_id=pid, xpath=xpath, expected_text=text))
        written = self.word.write_answers(doc, payloads)
        rep = self.verifier.verify_output(written, expected)
        if rep.summary.matched != len(expected):
            raise SystemExit("reference verify matched %d of %d" %
                             (rep.summary.matched, len(expected)))
        return {
            "extract": lambda: self.indexer.extract_structure_compact(doc),
            "write": lambda: self.word.write_answers(doc, payloads),
            "verify": lambda: self.verifier.verify_output(written, expected),
            "answers": len(payloads),
        }


def time_median(fn, reps):
    """Median wall and CPU time of reps calls, in nanoseconds, after one
    warm-up. On a shared machine CPU time varies less than wall time."""
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
        cwd=os.path.dirname(os.path.abspath(__file__)) + "/../formats/word")
    times, answers = {}, {}
    for line in out.stdout.splitlines():
        m = BENCH_LINE.match(line)
        if m:
            c = re.search(r"([\d.]+) cpu-ns/op", m["rest"])
            times[(m["doc"], m["op"])] = (float(m["ns"]), float(c[1]))
            a = re.search(r"([\d.]+) answers", m["rest"])
            if a:
                answers[m["doc"]] = int(float(a[1]))
    return times, answers


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", required=True, help="exported reference tree")
    ap.add_argument("--go", required=True, help="go test -c binary of formats/word")
    ap.add_argument("--base", help="a second binary (the branch's base), run in "
                    "the same rounds, alternating with --go: adds a before/after table")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--answers", type=int, default=50,
                    help="must match refBenchAnswers in refspeed_bench_test.go")
    ap.add_argument("--json", help="write the samples here")
    ap.add_argument("docs", nargs="*")
    args = ap.parse_args()
    docs = args.docs or DEFAULT_DOCS + [
        os.path.join(args.ref, "tests/inputs", n) for n in REF_INPUTS]

    ref = Reference(args.ref)
    prepared = {}
    for path in docs:
        with open(path, "rb") as f:
            prepared[os.path.basename(path)] = ref.prepare(f.read(), args.answers)

    py = {}  # (doc, op) -> [median per round]
    go = {}
    base = {}
    go_answers = {}
    for r in range(args.rounds):
        for name, p in prepared.items():
            for op in OPS:
                py.setdefault((name, op), []).append(time_median(p[op], args.reps))
        # The two binaries take turns going first, so neither always runs
        # right after the Python calls.
        runs = [(args.go, go), (args.base, base)] if args.base else [(args.go, go)]
        for binary, into in (runs if r % 2 == 0 else runs[::-1]):
            times, answers = go_round(binary, docs, args.reps)
            if into is go:
                go_answers = answers
            for k, ns in times.items():
                into.setdefault(k, []).append(ns)
        print("round %d/%d done" % (r + 1, args.rounds), file=sys.stderr)

    print("| document | op | answers py/go | Python ms | formfill ms | ratio "
          "| Python CPU ms | formfill CPU ms | CPU ratio |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    rows = []
    nan = (float("nan"), float("nan"))
    for name, p in prepared.items():
        for op in OPS:
            cells = []
            for i in (0, 1):
                pm = statistics.median(s[i] for s in py[(name, op)]) / 1e6
                gm = statistics.median(s[i] for s in go.get((name, op), [nan])) / 1e6
                cells += [pm, gm, gm / pm]
            ans = "%d/%d" % (p["answers"], go_answers.get(name, -1)) if op != "extract" else ""
            print(("| %s | %s | %s |" + " %.2f |" * 6) % ((name, op, ans) + tuple(cells)))
            rows.append({"doc": name, "op": op, "python_ns": py[(name, op)],
                         "formfill_ns": go.get((name, op), [])})
    if args.base:
        before_after(prepared, py, base, go)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


def before_after(prepared, py, base, go):
    """CPU table of the base and the branch binary against Python: each
    ratio is the median of the ratios within a round, whose Python and Go
    figures were taken minutes apart at most."""
    print()
    print("| document | op | Python CPU ms | before CPU ms | after CPU ms "
          "| CPU ratio before → after |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for name in prepared:
        for op in OPS:
            p, b, g = py[(name, op)], base.get((name, op)), go.get((name, op))
            if not b or not g:
                continue
            rb = statistics.median(bb[1] / pp[1] for bb, pp in zip(b, p))
            rg = statistics.median(gg[1] / pp[1] for gg, pp in zip(g, p))
            print("| %s | %s | %.2f | %.2f | %.2f | %.2f → **%.2f** |" % (
                name, op, statistics.median(x[1] for x in p) / 1e6,
                statistics.median(x[1] for x in b) / 1e6,
                statistics.median(x[1] for x in g) / 1e6, rb, rg))


if __name__ == "__main__":
    main()
