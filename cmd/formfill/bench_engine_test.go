package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
)

func TestBenchEngineFromTheCommandLine(t *testing.T) {
	book := filepath.Join(t.TempDir(), "vendor.xlsx")
	if err := os.WriteFile(book, fixtures.ExcelVendorAssessment(), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string
		wantStderr string
	}{
		{"no documents", []string{"bench", "engine"}, 2, nil, "no documents given"},
		{"help", []string{"bench", "engine", "--help"}, 0, nil, "Usage: formfill bench engine [flags] FILE..."},
		{"a workbook", []string{"bench", "engine", "--repeat", "1", "--answers", "5", book}, 0,
			[]string{"extract, first page: wall", "extract ÷ inflate: wall / CPU", "fill of 5 answers: peak heap", "peak ÷ XML holding answers", "peak ÷ XML rewritten"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := cli(t, nil, tt.args...)
			if r.code != tt.wantCode || !strings.Contains(r.stderr, tt.wantStderr) {
				t.Fatalf("exit %d, stderr %s; want %d and %q", r.code, r.stderr, tt.wantCode, tt.wantStderr)
			}
			for _, want := range tt.wantStdout {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
				}
			}
		})
	}
}
