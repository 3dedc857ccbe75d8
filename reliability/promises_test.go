package reliability

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/excel"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
)

// TestPromisedLimitsAreTheCodes pins each figure docs/RELIABILITY.md
// promises to the constant that enforces it: changing one without the
// other fails here.
func TestPromisedLimitsAreTheCodes(t *testing.T) {
	doc, err := os.ReadFile("../docs/RELIABILITY.md")
	if err != nil {
		t.Fatalf("the promises page: %v", err)
	}
	page := string(doc)
	a := formats.DefaultArchiveLimits
	for _, tt := range []struct {
		name      string
		got, want any
		written   string // how the page states it
	}{
		{"document size", formats.MaxFileSize, 50 << 20, "document 50 MB (`formats.MaxFileSize`)"},
		{"base64 size", formats.MaxBase64Size, 67 << 20, "base64 upload 67 MB"},
		{"answers per call", formats.MaxAnswers, 10000, "10,000 answers, locations or expectations per call"},
		{"zip entries", a.MaxEntries, 10000, "10,000 entries"},
		{"zip entry size", a.MaxEntrySize, int64(256 << 20), "256 MB per entry"},
		{"zip total", a.MaxTotalSize, int64(512 << 20), "512 MB in total"},
		{"zip ratio", a.MaxRatio, 200, "compression ratio ≤ 200:1 for entries over 1 MB"},
		{"zip ratio floor", a.RatioMinBytes, int64(1 << 20), "for entries over 1 MB"},
		{"rewrite bound", formats.MaxRewrite, 32 << 20, "rewrite at most 32 MB of their targets (`formats.MaxRewrite`"},
		{"inflate budget", worker.DefaultInflateBudget, 2 << 30, "share 2 GiB of inflation (`worker.DefaultInflateBudget`"},
		{"worksheet size", excel.MaxSheetBytes, 32 << 20, "over 32 MB of XML"},
		{"result retention", jobs.DefaultRetention, 24 * time.Hour, "24 h (`jobs.DefaultRetention`"},
		{"blob retention", jobs.DefaultBlobTTL, 24 * time.Hour, "24 h after last use (`jobs.DefaultBlobTTL`"},
		{"job timeout", jobs.DefaultTimeout, 2 * time.Minute, "2 min (`jobs.DefaultTimeout`"},
		{"retries", jobs.DefaultMaxRetry, 3, "3 retries (`jobs.DefaultMaxRetry`)"},
	} {
		if tt.got != tt.want && !sameNumber(tt.got, tt.want) {
			t.Errorf("%s: the code says %v, the promise %v", tt.name, tt.got, tt.want)
		}
		if !strings.Contains(page, tt.written) {
			t.Errorf("%s: docs/RELIABILITY.md no longer says %q", tt.name, tt.written)
		}
	}
}

// sameNumber compares integers of different types.
func sameNumber(a, b any) bool {
	n := func(v any) (int64, bool) {
		switch x := v.(type) {
		case int:
			return int64(x), true
		case int64:
			return x, true
		case uint64:
			return int64(x), true
		}
		return 0, false
	}
	x, ok1 := n(a)
	y, ok2 := n(b)
	return ok1 && ok2 && x == y
}
