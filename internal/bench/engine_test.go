package bench

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/fixtures"
)

func TestParseEngineFlags(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		want     EngineConfig
		wantJSON bool
		wantErr  string
	}{
		{"defaults", []string{"a.xlsx"}, EngineConfig{Docs: []string{"a.xlsx"}, Repeat: 5, Answers: 600}, false, ""},
		{"flags then files", []string{"--repeat", "3", "--answers", "50", "--json", "a.xlsx", "b.docx"}, EngineConfig{Docs: []string{"a.xlsx", "b.docx"}, Repeat: 3, Answers: 50}, true, ""},
		{"no documents", nil, EngineConfig{}, false, "no documents given"},
		{"flags but no documents", []string{"--repeat", "3"}, EngineConfig{}, false, "no documents given"},
		{"zero repeat", []string{"--repeat", "0", "a.xlsx"}, EngineConfig{}, false, "--repeat 0: expected a positive count"},
		{"negative answers", []string{"--answers", "-1", "a.xlsx"}, EngineConfig{}, false, "--answers -1: expected a positive count"},
		{"a queue flag", []string{"--workers", "1", "a.xlsx"}, EngineConfig{}, false, "flag provided but not defined: -workers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			got, asJSON, err := parseEngineFlags(tt.args, &stderr)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !slices.Equal(got.Docs, tt.want.Docs) || got.Repeat != tt.want.Repeat || got.Answers != tt.want.Answers || asJSON != tt.wantJSON {
				t.Errorf("got %+v json=%v err=%v, want %+v json=%v", got, asJSON, err, tt.want, tt.wantJSON)
			}
		})
	}
}

func TestEngineMainExitStatus(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"no documents is a usage error", []string{"engine"}, 2, "formfill bench engine: no documents given"},
		{"help explains the goals", []string{"engine", "--help"}, 0, "Goal: at most 3×"},
		{"a missing file is measured as failed", []string{"engine", "--repeat", "1", "/nonexistent/x.xlsx"}, 1, "1 of 1 documents could not be measured"},
		{"the queue mode keeps its flags", []string{"--repeat", "0"}, 2, "--jobs, --concurrency and --repeat must be positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := Main(tt.args, &stdout, &stderr); code != tt.wantCode || !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr.String(), tt.wantCode, tt.wantStderr)
			}
		})
	}
}

func TestMedianMS(t *testing.T) {
	tests := []struct {
		name string
		in   []time.Duration
		want float64
	}{
		{"none", nil, 0},
		{"odd count takes the middle", []time.Duration{9 * time.Millisecond, time.Millisecond, 5 * time.Millisecond}, 5},
		{"even count averages the middle two", []time.Duration{4 * time.Millisecond, time.Millisecond, 2 * time.Millisecond, 100 * time.Millisecond}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := medianMS(tt.in); got != tt.want {
				t.Errorf("medianMS(%v) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestEngineFigureFormatting(t *testing.T) {
	three := 3.0
	size := int64(3 << 20)
	tests := []struct{ name, got, want string }{
		{"ratio", fmtTimes(&three), "3.00×"},
		{"missing ratio", fmtTimes(nil), "n/a"},
		{"missing time", fmtMSOrNA(nil), "n/a"},
		{"megabytes", fmtBytes(&size), "3.00 MB"},
		{"missing size", fmtBytes(nil), "n/a"},
		{"kilobytes", humanSize(1536), "1.5 KB"},
		{"bytes", humanSize(12), "12 B"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

// runEngine runs `formfill bench engine --json` on docs written to a
// temporary directory and decodes its report.
func runEngine(t *testing.T, docs map[string][]byte, args ...string) EngineReport {
	t.Helper()
	dir := t.TempDir()
	for name, doc := range docs {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, doc, 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
	}
	var stdout, stderr bytes.Buffer
	if code := Main(append([]string{"engine", "--json", "--repeat", "2"}, args...), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr.String(), stdout.String())
	}
	var rep EngineReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestEngineReportsEveryFigureOfAWorkbook(t *testing.T) {
	rep := runEngine(t, map[string][]byte{"vendor.xlsx": fixtures.ExcelVendorAssessment()}, "--answers", "8")
	if len(rep.Docs) != 1 || rep.Docs[0].Error != "" {
		t.Fatalf("report %+v", rep.Docs)
	}
	x, f := rep.Docs[0].Extract, rep.Docs[0].Fill
	if x == nil || f == nil {
		t.Fatalf("extract %+v, fill %+v", x, f)
	}
	if x.WallMS <= 0 || x.InflateWallMS == nil || *x.InflateWallMS <= 0 || x.WallRatio == nil || *x.WallRatio <= 0 || x.CPURatio == nil {
		t.Errorf("extract figures: %+v", x)
	}
	if f.Answers != 8 || f.PeakBytes == 0 || f.AnswerXML == nil || *f.AnswerXML <= 0 || f.RewrittenXML == nil {
		t.Fatalf("fill figures: %+v", f)
	}
	if *f.RewrittenXML < *f.AnswerXML || len(f.RewrittenParts) == 0 {
		t.Errorf("rewritten XML %d in %v, less than the %d the answers are in", *f.RewrittenXML, f.RewrittenParts, *f.AnswerXML)
	}
	if f.PeakPerAnswer == nil || *f.PeakPerAnswer != float64(f.PeakBytes)/float64(*f.AnswerXML) || f.PeakPerWritten == nil {
		t.Errorf("ratios: %+v", f)
	}
}

func TestEngineSaysWhatDoesNotApplyToAPDF(t *testing.T) {
	rep := runEngine(t, map[string][]byte{"form.pdf": fixtures.PDFForm()}, "--answers", "3")
	d := rep.Docs[0]
	if d.Error != "" || d.Extract == nil || d.Fill == nil {
		t.Fatalf("report %+v", d)
	}
	if d.Extract.InflateWallMS != nil || d.Extract.WallRatio != nil || d.Fill.AnswerXML != nil || d.Fill.RewrittenXML != nil || d.Fill.PeakPerWritten != nil {
		t.Errorf("a PDF has no XML, yet: extract %+v fill %+v", d.Extract, d.Fill)
	}
	if d.Fill.PeakBytes == 0 {
		t.Error("no heap peak")
	}
}

func TestEngineTextNamesEveryFigure(t *testing.T) {
	three, size := 3.0, int64(1<<20)
	rep := &EngineReport{Repeat: 5, Answers: 600, Docs: []EngineDoc{{
		Path: "book.xlsx", Type: "excel", Bytes: 2048,
		Extract: &ExtractFigures{WallMS: 12, CPUMS: 10, InflateWallMS: &three, InflateCPUMS: &three, WallRatio: &three, CPURatio: &three},
		Fill:    &FillFigures{Answers: 600, PeakBytes: 3 << 20, AnswerXML: &size, RewrittenXML: &size, RewrittenParts: []string{"a", "b"}, PeakPerAnswer: &three, PeakPerWritten: &three},
	}, {Path: "gone.docx", Error: "open gone.docx: no such file"}}}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"medians of 5 runs", "book.xlsx (excel, 2.0 KB)", "extract, first page: wall", "12.0 ms", "≤ 100 ms",
		"inflate the XML alone: wall / CPU", "extract ÷ inflate: wall / CPU", "3.00× / 3.00×", "≤ 3×",
		"fill of 600 answers: peak heap", "3.00 MB", "XML of the parts holding answers", "(2 parts)", "≤ 10×",
		"gone.docx (n/a, 0 B)", "error:", "no such file",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
}

func TestEngineSetsAWordFillAgainstTheXMLItRewrites(t *testing.T) {
	rep := runEngine(t, map[string][]byte{"form.docx": fixtures.TwoColumn()}, "--answers", "3")
	d := rep.Docs[0]
	if d.Error != "" || d.Extract == nil || d.Fill == nil {
		t.Fatalf("report %+v", d)
	}
	if d.Extract.WallRatio == nil || d.Fill.AnswerXML != nil || d.Fill.RewrittenXML == nil || *d.Fill.RewrittenXML <= 0 || d.Fill.PeakPerWritten == nil {
		t.Errorf("extract %+v fill %+v", d.Extract, d.Fill)
	}
	if !slices.Contains(d.Fill.RewrittenParts, "word/document.xml") {
		t.Errorf("rewritten parts %v lack the body", d.Fill.RewrittenParts)
	}
}
