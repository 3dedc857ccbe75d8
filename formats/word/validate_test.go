package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/wordxml"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name    string
		fixture string
		loc     formats.Location
		status  formats.LocationStatus
		xpath   string
		context string // substring of the context
		warning string // substring of the warning; "" means none
	}{
		{"ID fast path", fixtures.WordTwoColumn, formats.Location{PairID: "T1-R2-C2"}, formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]", "left: Company legal name", ""},
		{"question cell warns", fixtures.WordTwoColumn, formats.Location{PairID: "T1-R2-C1"}, formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[1]", "this: Company legal name", "T1-R2-C2"},
		{"paragraph neighbours", fixtures.WordParagraphForm, formats.Location{PairID: "P3"}, formats.LocationMatched, "/w:body/w:p[3]", "before: Fill in every line", ""},
		{"unknown ID", fixtures.WordTwoColumn, formats.Location{PairID: "T3-R1-C1"}, formats.LocationNotFound, "", "no element", ""},
		{"xpath as pair_id", fixtures.WordTwoColumn, formats.Location{PairID: "/w:body/w:p[2]"}, formats.LocationMatched, "/w:body/w:p[2]", "Please answer", ""},
		{"unsafe xpath as pair_id", fixtures.WordTwoColumn, formats.Location{PairID: "/w:body//w:t"}, formats.LocationNotFound, "", "unsafe", ""},
		{"snippet with other prefix and whitespace", fixtures.WordTwoColumn, formats.Location{Snippet: `<x:tc xmlns:x="` + nsW + `">
			<x:p> <x:r> <x:t>Primary contact email</x:t> </x:r> </x:p></x:tc>`}, formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[5]/w:tc[1]", "right: ", "T1-R5-C2"},
		{"snippet without declarations", fixtures.WordTwoColumn, formats.Location{Snippet: `<w:r><w:t>Number of employees</w:t></w:r>`}, formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[6]/w:tc[1]/w:p[1]/w:r[1]", "Number of employees", "T1-R6-C2"},
		{"ambiguous snippet", fixtures.WordTwoColumn, formats.Location{Snippet: `<w:tc><w:p/></w:tc>`}, formats.LocationAmbiguous, "/w:body/w:tbl[1]/w:tr[1]/w:tc[1]", "elements match", ""},
		{"snippet not found", fixtures.WordTwoColumn, formats.Location{Snippet: `<w:p><w:r><w:t>Not in the document</w:t></w:r></w:p>`}, formats.LocationNotFound, "", "no element", ""},
		{"attribute must match", fixtures.WordMergedCells, formats.Location{Snippet: `<w:gridSpan w:val="2"/>`}, formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[6]/w:tc[2]/w:tcPr[1]/w:gridSpan[1]", "", ""},
		{"plain text snippet", fixtures.WordTwoColumn, formats.Location{Snippet: "describe your DATA backup policy"}, formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[8]/w:tc[1]", "", "T1-R8-C2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs, err := New().Validate(fixture(t, tt.fixture), []formats.Location{tt.loc})
			if err != nil {
				t.Fatal(err)
			}
			v := vs[0]
			if v.Status != tt.status || v.XPath != tt.xpath || !strings.Contains(v.Context, tt.context) {
				t.Fatalf("got %+v, want %s at %s with context %q", v, tt.status, tt.xpath, tt.context)
			}
			if (tt.warning == "") != (v.Warning == "") || !strings.Contains(v.Warning, tt.warning) {
				t.Fatalf("warning = %q, want %q", v.Warning, tt.warning)
			}
		})
	}
}

func TestValidateErrors(t *testing.T) {
	doc := fixture(t, fixtures.WordTwoColumn)
	for _, loc := range []formats.Location{{}, {Snippet: "<w:p><w:r></w:p>"}, {Snippet: `<!DOCTYPE x><w:p/>`}} {
		if _, err := New().Validate(doc, []formats.Location{loc}); !errors.Is(err, formats.ErrInvalidArgument) && !errors.Is(err, formats.ErrInvalidDocument) {
			t.Errorf("%+v: err = %v, want an input error", loc, err)
		}
	}
}

func TestXPathCheck(t *testing.T) {
	tests := []struct {
		xpath string
		ok    bool
	}{
		{"/w:body/w:tbl[2]/w:tr[3]/w:tc[2]/w:p[1]", true},
		{"/w:document/w:body/w:p[1]", true},
		{"/w:body/w:tbl[1]/w:sdt[1]/w:sdtContent[1]/w:tr[1]/w:tc[2]", true},
		{"/w:body/w:p", true},
		{"//w:t", false},
		{"/w:body/w:tbl[1]/../..", false},
		{"/w:body/w:p[0]", false},
		{"/w:body/w:p[-1]", false},
		{"/w:body/w:p[@w:rsidR='1']", false},
		{"/w:body/w:p[last()]", false},
		{"/w:body", false},
		{"/w:body/*", false},
		{"w:body/w:p[1]", false},
		{"/w:body/w:p[1]|/w:body/w:p[2]", false},
		{"/w:body/w:sectPr[1]", true},
		{"/w:body/mc:AlternateContent[1]", false},
		{"/w:body/w:p[1]/w:r[1]/w:t()", false},
	}
	for _, tt := range tests {
		t.Run(tt.xpath, func(t *testing.T) {
			_, err := wordxml.CheckXPath(tt.xpath)
			if (err == nil) != tt.ok {
				t.Fatalf("CheckXPath = %v, want ok=%v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, formats.ErrInvalidArgument) {
				t.Fatalf("error kind: %v", err)
			}
		})
	}
}

// TestValidateSnippetAsRef: an element ID or XPath given as the snippet
// takes the ID fast path (as the Excel engine takes a cell reference),
// whether or not pair_id names the question.
func TestValidateSnippetAsRef(t *testing.T) {
	tests := []struct {
		name    string
		loc     formats.Location
		pairID  string
		status  formats.LocationStatus
		xpath   string
		context string
		warning string
	}{
		{"ID snippet with question pair_id", formats.Location{PairID: "q1", Snippet: "T1-R2-C2"}, "q1", formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]", "left: Company legal name", ""},
		{"ID snippet in lower case and spaces", formats.Location{PairID: "q1", Snippet: "  t1-r2-c2 "}, "q1", formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]", "left: Company legal name", ""},
		{"ID snippet without pair_id names the ID", formats.Location{Snippet: "T1-R2-C1"}, "T1-R2-C1", formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[1]", "this: Company legal name", "T1-R2-C2"},
		{"XPath snippet with question pair_id", formats.Location{PairID: "q2", Snippet: "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]"}, "q2", formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]", "left: Company legal name", ""},
		{"XPath snippet under w:document", formats.Location{Snippet: "/w:document/w:body/w:tbl[1]/w:tr[2]/w:tc[1]"}, "T1-R2-C1", formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[1]", "Company legal name", "T1-R2-C2"},
		{"XPath snippet below indexed elements", formats.Location{PairID: "q3", Snippet: "/w:body/w:tbl[1]/w:tr[2]/w:tc[1]/w:p[1]"}, "q3", formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[1]/w:p[1]", "Company legal name", ""},
		{"XPath snippet past the end", formats.Location{PairID: "q4", Snippet: "/w:body/w:tbl[9]/w:tr[1]/w:tc[1]"}, "q4", formats.LocationNotFound, "", "no element at this XPath", ""},
		{"unsafe XPath snippet", formats.Location{PairID: "q5", Snippet: "/w:body//w:t"}, "q5", formats.LocationNotFound, "", "unsafe", ""},
		{"unknown ID-like snippet is matched as text", formats.Location{PairID: "q6", Snippet: "T9-R1-C1"}, "q6", formats.LocationNotFound, "", "no element of the document matches", ""},
		{"pair_id-only fast path unchanged", formats.Location{PairID: "T1-R2-C2"}, "T1-R2-C2", formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]", "left: Company legal name", ""},
		{"markup snippet still matched as OOXML", formats.Location{PairID: "q7", Snippet: `<w:r><w:t>Number of employees</w:t></w:r>`}, "q7", formats.LocationMatched, "/w:body/w:tbl[1]/w:tr[6]/w:tc[1]/w:p[1]/w:r[1]", "Number of employees", "T1-R6-C2"},
	}
	doc := fixture(t, fixtures.WordTwoColumn)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs, err := New().Validate(doc, []formats.Location{tt.loc})
			if err != nil {
				t.Fatal(err)
			}
			v := vs[0]
			if v.PairID != tt.pairID || v.Status != tt.status || v.XPath != tt.xpath || !strings.Contains(v.Context, tt.context) {
				t.Fatalf("got %+v, want pair_id %q %s at %s with context %q", v, tt.pairID, tt.status, tt.xpath, tt.context)
			}
			if (tt.warning == "") != (v.Warning == "") || !strings.Contains(v.Warning, tt.warning) {
				t.Fatalf("warning = %q, want %q", v.Warning, tt.warning)
			}
		})
	}
}
