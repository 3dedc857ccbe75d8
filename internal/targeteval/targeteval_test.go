package targeteval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestCompare(t *testing.T) {
	tests := []struct {
		name              string
		labelled, found   []string
		recall, precision float64
		missed, extra     string
	}{
		{"all found, nothing else", []string{"A", "B"}, []string{"B", "A"}, 1, 1, "", ""},
		{"half found, one wrong", []string{"A", "B"}, []string{"A", "C"}, 0.5, 0.5, "B", "C"},
		{"duplicates count once", []string{"A", "A"}, []string{"A", "A", "A"}, 1, 1, "", ""},
		{"nothing found", []string{"A"}, nil, 0, 1, "A", ""},
		{"nothing labelled", nil, []string{"A"}, 1, 0, "", "A"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Compare(tt.labelled, tt.found)
			if s.Recall() != tt.recall || s.Precision() != tt.precision || strings.Join(s.Missed, ",") != tt.missed || strings.Join(s.Extra, ",") != tt.extra {
				t.Errorf("recall %v precision %v missed %v extra %v; want %v %v %q %q", s.Recall(), s.Precision(), s.Missed, s.Extra, tt.recall, tt.precision, tt.missed, tt.extra)
			}
		})
	}
}

func TestKeysNameTargetsAsLabelsDo(t *testing.T) {
	tests := []struct {
		name      string
		ft        formats.FileType
		id, xpath string
		want      string
	}{
		{"word ID as is", formats.Word, "T1-R2-C3", "/w:body/w:tbl[1]/w:tr[2]/w:tc[3]", "T1-R2-C3"},
		{"excel plain sheet", formats.Excel, "S1-R7-C3", "Checklist!C7", "Checklist!C7"},
		{"excel quoted sheet", formats.Excel, "S1-R7-C3", "'Section 1'!C7", "Section 1!C7"},
		{"excel quote inside name", formats.Excel, "S1-R7-C3", "'Bob''s list'!$c$7", "Bob's list!C7"},
		{"pdf by full name", formats.PDF, "F3", "form[0].name[0]", "form[0].name[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Key(tt.ft, tt.id, tt.xpath); got != tt.want {
				t.Errorf("Key = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLoadingLabelsAndAllowances(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("b.json", `{"document":"b.docx","targets":["P1"]}`)
	write("a.json", `{"document":"a.xlsx","source":{"sha256":"00"},"targets":["S!A1"]}`)
	write(AllowancesFile, `[{"document":"a.xlsx","recall":0.9,"precision":0.8,"reason":"a known gap"}]`)
	labels, err := LoadLabels(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) != 2 || labels[0].Document != "a.xlsx" || labels[1].Document != "b.docx" {
		t.Fatalf("labels = %+v; want a.xlsx then b.docx, allowances left out", labels)
	}
	if err := labels[0].CheckSum([]byte("x")); err == nil {
		t.Error("a document with another checksum passed")
	}
	if err := labels[1].CheckSum([]byte("x")); err != nil {
		t.Errorf("labels without a checksum: %v", err)
	}
	allow, err := LoadAllowances(dir)
	if err != nil || allow["a.xlsx"].Recall != 0.9 {
		t.Fatalf("allowances = %+v, %v", allow, err)
	}
	write(AllowancesFile, `[{"document":"a.xlsx","recall":0.9,"precision":0.8}]`)
	if _, err := LoadAllowances(dir); err == nil {
		t.Error("an allowance without a reason was accepted")
	}
	write("c.json", `{"document":"c.docx","targets":[]}`)
	if _, err := LoadLabels(dir); err == nil {
		t.Error("a labels file without targets was accepted")
	}
}

func TestCommittedLabelsAreWellFormed(t *testing.T) {
	labels, err := LoadLabels(labelsDir)
	if err != nil {
		t.Fatal(err)
	}
	types := map[formats.FileType]int{}
	for _, l := range labels {
		ft, err := TypeOf(l.Document)
		if err != nil {
			t.Error(err)
			continue
		}
		types[ft]++
		if l.Notes == "" || l.Source.SHA256 == "" {
			t.Errorf("%s: labels need notes on their judgement calls and the document's checksum", l.Document)
		}
		if dup := duplicates(l.Targets); len(dup) > 0 {
			t.Errorf("%s: targets listed twice: %v", l.Document, dup)
		}
	}
	if types[formats.Excel] < 8 || types[formats.Word] < 5 {
		t.Errorf("labelled %d workbooks and %d Word documents; the benchmark needs at least 8 and 5", types[formats.Excel], types[formats.Word])
	}
}
