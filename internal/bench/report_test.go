package bench

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"
)

func sampleReport() *Report {
	r := &Report{
		Jobs: 200, Mix: Mix{{"fill", 70}, {"verify", 30}}, Concurrency: 2, Poll: "5ms", Redis: "redis://127.0.0.1:6379/15",
		Host:      Host{CPUs: 2, OS: "linux", Arch: "amd64", GoVersion: "go1.26"},
		Documents: []DocInfo{{Name: "word/large_questionnaire.docx", Type: "word", Bytes: 48000, Answers: 52}},
		Runs: []Result{
			{Name: "in-process", Jobs: 200, JobsPerSec: 120.5, CPUMSPerJob: 4, Latency: Latency{P50: 8 * time.Millisecond, P95: 20 * time.Millisecond, P99: 31 * time.Millisecond}, PeakRSS: []int64{60 << 20}},
			{Name: "1 worker", Workers: 1, Jobs: 200, Failed: 2, JobsPerSec: 80, Latency: Latency{P50: 25 * time.Millisecond, P95: 1500 * time.Millisecond, P99: 12 * time.Second}, PeakRSS: []int64{40 << 20}, Errors: []string{"job x: bad <doc> & co"}},
			{Name: "2 workers", Workers: 2, Jobs: 200, JobsPerSec: 95.25, RedisCommandsPerJob: 23.4, RedisCPUMSPerJob: 0.414, CPUMSPerJob: 5, Latency: Latency{P95: 30 * time.Millisecond}, PeakRSS: []int64{38 << 20, 45 << 20}},
		},
	}
	compare(r.Runs)
	return r
}

func TestWriteTextShowsEveryRun(t *testing.T) {
	var buf bytes.Buffer
	if err := sampleReport().WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"200 jobs", "fill=70,verify=30", "in-process", "120.5", "8.0ms", "1500ms", "12.0s", "45 MiB", "47 KiB", "52 answers", "1 worker: job x", "0.41 ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
}

func TestWriteTextComparesQueuedRunsWithTheBaseline(t *testing.T) {
	rep := sampleReport()
	rep.CPUs = []int{0, 2}
	var buf bytes.Buffer
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	// 95.25 jobs/s against 120.5 is 21% fewer; 5 ms of CPU against 4 is 25% more.
	for _, want := range []string{"-21.0%", "5.00 ms (+25%)", "4.00 ms", "-33.6%", "on CPUs 0,2"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
	rep.Runs = rep.Runs[1:]
	for i := range rep.Runs {
		rep.Runs[i].VsInProcess, rep.Runs[i].CPUVsInProcess = nil, nil
	}
	compare(rep.Runs)
	buf.Reset()
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "%") {
		t.Errorf("without a baseline the report compares against nothing, yet shows a percentage:\n%s", buf.String())
	}
}

func TestWriteMarkdownIsATable(t *testing.T) {
	var buf bytes.Buffer
	if err := sampleReport().WriteMarkdown(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2+3 {
		t.Fatalf("markdown has %d lines, want header+separator+3 runs:\n%s", len(lines), buf.String())
	}
	for _, l := range lines {
		if strings.Count(l, "|") != 13 {
			t.Errorf("row %q does not have 12 columns", l)
		}
	}
	if !strings.Contains(lines[4], "| 2 workers | 200 | 0 | 95.2 | -21.0% | 5.00 ms (+25%) |") || !strings.HasSuffix(lines[4], "| 23 | 0.41 ms |") {
		t.Errorf("2-worker row = %q", lines[4])
	}
}

func TestWriteJSONRoundTrips(t *testing.T) {
	var buf bytes.Buffer
	want := sampleReport()
	if err := want.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var got Report
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Runs) != 3 || got.Runs[1].Latency.P99 != 12*time.Second || got.Runs[2].MaxPeakRSS() != 45<<20 || got.Mix.String() != "fill=70,verify=30" {
		t.Errorf("round trip lost data: %+v", got)
	}
	if !strings.Contains(buf.String(), `"jobs_per_sec": 120.5`) {
		t.Error("JSON lacks snake_case jobs_per_sec")
	}
}

func TestFormatHelpers(t *testing.T) {
	tests := []struct{ got, want string }{
		{formatDuration(0), "-"},
		{formatDuration(250 * time.Microsecond), "250µs"},
		{formatDuration(12340 * time.Microsecond), "12.3ms"},
		{formatDuration(450 * time.Millisecond), "450ms"},
		{formatDuration(75 * time.Second), "75.0s"},
		{formatBytes(0), "-"},
		{formatBytes(512), "512 B"},
		{formatBytes(3 << 20), "3 MiB"},
		{trimFloat(2.50), "2.5"},
		{trimFloat(40), "40"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// svgDoc is what the SVG test decodes: enough to check the chart's shapes.
type svgDoc struct {
	XMLName xml.Name `xml:"svg"`
	Rects   []struct {
		Height string `xml:"height,attr"`
	} `xml:"rect"`
	Circles  []struct{} `xml:"circle"`
	Texts    []string   `xml:"text"`
	Polyline []struct {
		Points string `xml:"points,attr"`
	} `xml:"polyline"`
}

func TestWriteSVGIsWellFormedWithOneBarPerRun(t *testing.T) {
	var buf bytes.Buffer
	r := sampleReport()
	if err := r.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	var doc svgDoc
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("SVG is not well-formed XML: %v\n%s", err, buf.String())
	}
	// background + legend swatch + one bar per run
	if got := len(doc.Rects); got != 2+len(r.Runs) {
		t.Errorf("%d rects, want %d", got, 2+len(r.Runs))
	}
	if got := len(doc.Circles); got != len(r.Runs)+1 { // one per run + legend
		t.Errorf("%d circles, want %d", got, len(r.Runs)+1)
	}
	if len(doc.Polyline) != 1 || strings.Count(doc.Polyline[0].Points, ",") != len(r.Runs) {
		t.Errorf("latency line = %+v", doc.Polyline)
	}
	joined := strings.Join(doc.Texts, "|")
	for _, want := range []string{"in-process", "2 workers", "120.5", "jobs/s"} {
		if !strings.Contains(joined, want) {
			t.Errorf("SVG text lacks %q", want)
		}
	}
}

func TestWriteSVGTallestBarIsFastestRun(t *testing.T) {
	var buf bytes.Buffer
	if err := sampleReport().WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	var doc svgDoc
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	bars := doc.Rects[1 : 1+3] // after the background
	heights := make([]float64, len(bars))
	for i, b := range bars {
		if _, err := fmtSscan(b.Height, &heights[i]); err != nil {
			t.Fatal(err)
		}
	}
	if !(heights[0] > heights[2] && heights[2] > heights[1]) {
		t.Errorf("bar heights %v do not follow throughput 120.5 > 95.25 > 80", heights)
	}
}

func TestWriteSVGWithoutRuns(t *testing.T) {
	var buf bytes.Buffer
	r := &Report{}
	if err := r.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(buf.Bytes(), new(svgDoc)); err != nil {
		t.Fatalf("empty chart not well-formed: %v", err)
	}
	if !strings.Contains(buf.String(), "no runs") {
		t.Error("empty chart does not say so")
	}
}

func TestNiceCeil(t *testing.T) {
	for in, want := range map[float64]float64{0: 1, 0.3: 0.5, 7: 10, 12: 20, 120.5: 200, 450: 500, 1000: 1000} {
		if got := niceCeil(in); got != want {
			t.Errorf("niceCeil(%v) = %v, want %v", in, got, want)
		}
	}
}

func fmtSscan(s string, v *float64) (int, error) { return fmt.Sscan(s, v) }
