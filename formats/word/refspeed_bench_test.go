//go:build unix

package word

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// refBenchAnswers caps the answers BenchmarkVsReference writes and
// verifies per document; scripts/word-reference-bench.py gives the Python
// reference the same cap, each tool filling the first text targets its
// own map marks.
const refBenchAnswers = 50

// refBenchEnv lists, comma-separated, the .docx files BenchmarkVsReference
// times instead of its default set (the reference's own test inputs live
// outside /work/realdocs).
const refBenchEnv = "FORMFILL_REF_BENCH_DOCS"

type refBenchDoc struct {
	name string
	doc  []byte
}

// refBenchDocs are the documents of the speed comparison with the Python
// reference (docs/PERFORMANCE-WORD.md): the long agreements and the
// reference's own small questionnaires.
func refBenchDocs(b *testing.B) []refBenchDoc {
	if list := os.Getenv(refBenchEnv); list != "" {
		var out []refBenchDoc
		for _, p := range strings.Split(list, ",") {
			doc, err := os.ReadFile(p)
			if err != nil {
				b.Fatalf("%s: %v", refBenchEnv, err)
			}
			out = append(out, refBenchDoc{filepath.Base(p), doc})
		}
		return out
	}
	var out []refBenchDoc
	for _, n := range []string{"nvca-spa.docx", "ilpa-lpa-deal-by-deal.docx",
		"ilpa-lpa-whole-of-fund.docx", "ilpa-subscription-agreement.docx"} {
		out = append(out, refBenchDoc{n, realdocs.Read(b, "agreements", n)})
	}
	for _, n := range []string{"vibe-legal-vendor-questionnaire.docx",
		"vibe-legal-vendor-questionnaire-alternative.docx"} {
		out = append(out, refBenchDoc{n, realdocs.Read(b, "questionnaires", n)})
	}
	return out
}

// refBenchFill answers the first refBenchAnswers text targets of doc's map.
func refBenchFill(b *testing.B, doc []byte) []formats.Answer {
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		b.Fatal(err)
	}
	var answers []formats.Answer
	for _, t := range cs.Targets {
		if t.Kind != formats.TargetText || len(answers) == refBenchAnswers {
			continue
		}
		answers = append(answers, formats.Answer{
			PairID:     t.ID,
			AnswerText: "Answer " + strconv.Itoa(len(answers)+1) + ": documented, reviewed yearly",
			Mode:       t.Mode,
		})
	}
	return answers
}

// BenchmarkVsReference times extract (compact map), write and verify on
// each document, one sub-benchmark per document and operation, for
// scripts/word-reference-bench.py to set beside the Python reference's
// handlers. Not part of the test suite: run it with -bench.
func BenchmarkVsReference(b *testing.B) {
	for _, d := range refBenchDocs(b) {
		answers := refBenchFill(b, d.doc)
		b.Run(d.name+"/extract", func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuNow(b)
			for b.Loop() {
				if _, err := New().ExtractCompact(d.doc); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
		b.Run(d.name+"/write", func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuNow(b)
			for b.Loop() {
				if _, err := New().Write(d.doc, answers, formats.WriteOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
			b.ReportMetric(float64(len(answers)), "answers")
		})
		res, err := New().Write(d.doc, answers, formats.WriteOptions{})
		if err != nil {
			b.Fatal(err)
		}
		expected := formats.ExpectedFromAnswers(answers)
		b.Run(d.name+"/verify", func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuNow(b)
			for b.Loop() {
				rep, err := New().Verify(res.Document, expected)
				if err != nil || rep.Summary.Matched != len(answers) {
					b.Fatal(err, rep.Summary)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// cpuNow is the CPU time (user and system, every thread, the garbage
// collector's too) the process has used so far. On a shared machine it
// varies less than wall time; the Python driver sets it beside the
// reference's own process time.
func cpuNow(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// reportCPU reports the CPU time per operation since from.
func reportCPU(b *testing.B, from int64) {
	b.ReportMetric(float64(cpuNow(b)-from)/float64(b.N), "cpu-ns/op")
}
