package pdf

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestEngineIsRegisteredForPDF(t *testing.T) {
	e, err := formats.Lookup(formats.PDF)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.(*Engine); !ok {
		t.Fatalf("Lookup(pdf) = %T, want *pdf.Engine", e)
	}
}

func TestExtractCompactListsEveryFieldKindInPageOrder(t *testing.T) {
	cs, err := New().ExtractCompact(fixtures.PDFForm())
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(cs.CompactText, "\n")
	find := func(id string) string {
		for _, l := range lines {
			if strings.HasPrefix(l, id+": ") {
				return l
			}
		}
		return ""
	}
	tests := []struct {
		id   string
		want []string
	}{
		{"F1", []string{`"Full name" (text) — empty`, `page 1`, `name "name"`, `near "Full name:"`}},
		{"F2", []string{`"Email" (text, max 30 chars)`, `near "Email:"`}},
		{"F3", []string{`(checkbox) — empty`, `near "I agree to the terms"`}},
		{"F4", []string{`"Favourite colour" (radio, options: Red | Green | Blue)`}},
		{"F5", []string{`(dropdown, options: USA | Canada | Mexico)`}},
		{"F6", []string{`(text, read-only) — "ABC-123"`, `near "Customer ID:"`}},
		{"F7", []string{`page 2`, `name "applicant.city"`, `near "City:"`}},
		{"F8", []string{`"Comments" (text)`}},
		{"F9", []string{`(listbox, options: Go | Rust | Python)`}},
		{"F10", []string{`(signature, read-only)`}},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			line := find(tt.id)
			for _, w := range tt.want {
				if !strings.Contains(line, w) {
					t.Errorf("line %q lacks %q", line, w)
				}
			}
		})
	}
	if !strings.Contains(cs.CompactText, "=== Page 2 ===") {
		t.Error("no page 2 heading")
	}
	if cs.IDToXPath["F7"] != fixtures.PDFFieldCity || cs.IDToXPath["F1"] != fixtures.PDFFieldName {
		t.Errorf("id_to_xpath = %v", cs.IDToXPath)
	}
	if len(cs.ComplexElements) != 1 || !strings.Contains(cs.ComplexElements[0], "signature") {
		t.Errorf("complex elements = %v, want the signature field", cs.ComplexElements)
	}
}

func TestExtractCompactIsDeterministic(t *testing.T) {
	a, err := New().ExtractCompact(fixtures.PDFForm())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := New().ExtractCompact(fixtures.PDFForm())
	if a.CompactText != b.CompactText || !reflect.DeepEqual(a.IDToXPath, b.IDToXPath) {
		t.Fatal("two extractions of the same bytes differ")
	}
}

func TestListFieldsInventory(t *testing.T) {
	fs, err := New().ListFields(fixtures.PDFForm())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id, name, kind, value string
		page                  int
		readOnly              bool
		options               []string
	}{
		{"F1", "name", "text", "", 1, false, nil},
		{"F3", "agree", "checkbox", "", 1, false, []string{"Yes"}},
		{"F4", "colour", "radio", "", 1, false, []string{"Red", "Green", "Blue"}},
		{"F5", "country", "dropdown", "", 1, false, []string{"USA", "Canada", "Mexico"}},
		{"F6", "customer_id", "text", "ABC-123", 1, true, nil},
		{"F7", "applicant.city", "text", "", 2, false, nil},
		{"F9", "languages", "listbox", "", 2, false, []string{"Go", "Rust", "Python"}},
		{"F10", "signature", "signature", "", 2, true, nil},
	}
	if len(fs) != 10 {
		t.Fatalf("%d fields, want 10", len(fs))
	}
	byID := map[string]formats.FormField{}
	for _, f := range fs {
		byID[f.FieldID] = f
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			f := byID[tt.id]
			if f.Name != tt.name || f.FieldType != tt.kind || f.CurrentValue != tt.value || f.Page != tt.page || f.ReadOnly != tt.readOnly || !reflect.DeepEqual(f.Options, tt.options) {
				t.Errorf("got %+v", f)
			}
		})
	}
}

func TestExtractRawCarriesFields(t *testing.T) {
	raw, err := New().ExtractRaw(fixtures.PDFForm())
	if err != nil {
		t.Fatal(err)
	}
	if len(raw.Fields) != 10 || raw.BodyXML != "" || raw.Sheets != nil {
		t.Fatalf("raw = %+v", raw)
	}
}

func TestExtractTextReadsPageText(t *testing.T) {
	text, err := New().ExtractText(fixtures.PDFForm())
	if err != nil {
		t.Fatal(err)
	}
	pages := strings.Split(text, "\f")
	if len(pages) != 2 || !strings.Contains(pages[0], "Full name:") || !strings.Contains(pages[1], "City:") {
		t.Fatalf("text = %q", text)
	}
	if strings.Index(pages[0], "Full name:") > strings.Index(pages[0], "Customer ID:") {
		t.Error("lines are not in top-to-bottom order")
	}
}

func TestExtractTextOnPagesWithoutTextIsUnsupported(t *testing.T) {
	_, err := New().ExtractText(fixtures.PDFBlank())
	if !errors.Is(err, formats.ErrUnsupported) || !strings.Contains(err.Error(), "no text") {
		t.Fatalf("err = %v, want ErrUnsupported about no text", err)
	}
}

func TestDocumentsWithoutFormFields(t *testing.T) {
	tests := []struct {
		scenario string
		doc      []byte
		wantErr  error
		wantText string
	}{
		{"no AcroForm", fixtures.PDFNoForm(), nil, "no fillable form fields"},
		{"pure XFA", fixtures.PDFPureXFA(), formats.ErrUnsupported, "pure XFA"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			cs, err := New().ExtractCompact(tt.doc)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.wantText) {
					t.Fatalf("err = %v, want %v mentioning %q", err, tt.wantErr, tt.wantText)
				}
				return
			}
			if err != nil || !strings.Contains(cs.CompactText, tt.wantText) {
				t.Fatalf("compact = %v, %v", cs, err)
			}
		})
	}
}

func TestValidateLocations(t *testing.T) {
	locs := []formats.Location{
		{PairID: "F2"},
		{PairID: "f7"},
		{PairID: "applicant.city"},
		{PairID: "q1", Snippet: "country"},
		{PairID: "F6"},
		{PairID: "F99"},
		{PairID: "nope", Snippet: "no such field"},
		{PairID: "q9", Snippet: `F5: "country" (dropdown, options: USA | Canada | Mexico) — empty`},
	}
	got, err := New().Validate(fixtures.PDFForm(), locs)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		status  formats.LocationStatus
		xpath   string
		warning string
	}{
		{formats.LocationMatched, "email", ""},
		{formats.LocationMatched, "applicant.city", ""},
		{formats.LocationMatched, "applicant.city", ""},
		{formats.LocationMatched, "country", ""},
		{formats.LocationMatched, "customer_id", "read-only"},
		{formats.LocationNotFound, "", "F1…F10"},
		{formats.LocationNotFound, "", "no form field"},
		{formats.LocationMatched, "country", ""},
	}
	for i, w := range want {
		g := got[i]
		if g.Status != w.status || g.XPath != w.xpath || !strings.Contains(g.Warning, w.warning) || g.PairID != locs[i].PairID {
			t.Errorf("location %d (%s) = %+v, want %+v", i, locs[i].PairID, g, w)
		}
	}
}

func TestBuildInsertion(t *testing.T) {
	e := New()
	res, err := e.BuildInsertion(formats.BuildInsertionRequest{AnswerText: "Ada", AnswerType: formats.PlainText})
	if err != nil || !res.Valid || res.InsertionXML != "Ada" {
		t.Fatalf("plain text = %+v, %v", res, err)
	}
	_, err = e.BuildInsertion(formats.BuildInsertionRequest{AnswerText: "<b>x</b>", AnswerType: formats.Structured})
	if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), "plain values") {
		t.Fatalf("structured err = %v", err)
	}
}
