package word

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
)

func TestScanMarkersTellsFieldsFromStructure(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string // each tag as "F:expr" (a field) or "S:expr" (structure)
	}{
		{"docxtpl field and loop", "Purposes: {% for p in a.purposes %}{{ p }}{% endfor %}", []string{"S:for p in a.purposes", "F:p", "S:endfor"}},
		{"docxtpl paragraph and row tags", "{%p if x %}{%tr endfor %}", []string{"S:p if x", "S:tr endfor"}},
		{"docxtpl include is structure", "{{p include_docx_template('caption.docx') }}", []string{"S:include_docx_template('caption.docx')"}},
		{"docxtpl rich-text prefix is no part of the name", "{{r company_name }}", []string{"F:company_name"}},
		{"docxtemplater loop and field", "{#items}{name} costs {price}{/items}", []string{"S:#items", "F:name", "F:price", "S:/items"}},
		{"double-bracket block markers and field", "[[BLOCK:intro]] Dear [[first_name]] [[END:intro]]", []string{"S:BLOCK:intro", "F:first_name", "S:END:intro"}},
		{"merge fields and regions", "«TableStart:Orders»«OrderId»«TableEnd:Orders»", []string{"S:TableStart:Orders", "F:OrderId", "S:TableEnd:Orders"}},
		{"reporting tags", "<<foreach [o in orders]>><<[o.Name]>><</foreach>>", []string{"S:foreach [o in orders]", "F:o.Name", "S:/foreach"}},
		{"a brace prompt in words", "{Insert Date}", []string{"F:Insert Date"}},
		{"an image slot is no text field", "{agency logo}", []string{"S:agency logo"}},
		{"braces around code or numbers are no tag", `{"a": 1} {1,2} { } a < b > c`, nil},
		{"an unclosed tag is no tag", "{{ name", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, m := range scanMarkers(tt.text) {
				k := "F:"
				if m.structural {
					k = "S:"
				}
				got = append(got, k+m.expr)
				if tt.text[m.start:m.end] == "" {
					t.Errorf("empty span for %q", m.expr)
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestStructuralOnly(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"{%p endif %}", true},
		{"  [[SECTION:terms]]  ", true},
		{"{%tr for r in a.dpia.risks %}", true},
		{"{{ a.description }}", false},
		{"Date: {{ today() }}", false},
		{"Organisation", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := structuralOnly(tt.text); got != tt.want {
			t.Errorf("structuralOnly(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestMarkerQuestionReadsTheFieldName(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"company_name", "company name"},
		{"companyName", "company name"},
		{"matters[i].org.name.text", "org name"},
		{"matters[i].gdpr.dpo.name.full() if matters[i].gdpr.dpo_exists else 'Not appointed'", "dpo name"},
		{"'Yes' if a.dpia.dpo_advice_given else 'No'", "dpo advice given"},
		{"today()", "date"},
		{"a.name", "name"},
		{"facts.tenant_movein", "tenant movein"},
		{"Insert CSP name", "Insert CSP name"},
		{"(a.recipients or []) | join(', ')", ""},
	}
	for _, tt := range tests {
		if got := markerQuestion(tt.expr); got != tt.want {
			t.Errorf("markerQuestion(%q) = %q, want %q", tt.expr, got, tt.want)
		}
	}
}

// TestTemplateMarkersAsTargets: fields are targets asking their label or
// name; structural tags, the rows they steer and image slots are not.
func TestTemplateMarkersAsTargets(t *testing.T) {
	body := p("[[BLOCK:parties]]") + p("Company: {{ company_name }}") + p("{{ contact_email }}") + p("[[END:parties]]") +
		p("{%p if signed %}") + p("{agency logo}") + p("The {Federal Agency} has reviewed the package.") +
		tbl(tr("Risk", "Likelihood"), tr("{%tr for r in risks %}", ""), tr("{{ r.description }}", "{{ r.likelihood }}"), tr("{%tr endfor %}", ""))
	got, cs := targetsOf(t, body)
	want := map[string]string{"P2": "Company", "P3": "contact email", "P7": "Federal Agency", "T1-R3-C1": "Risk", "T1-R3-C2": "Likelihood"}
	var wantIDs []string
	for id := range want {
		wantIDs = append(wantIDs, id)
	}
	sortStrings(wantIDs)
	if ids(got) != strings.Join(wantIDs, " ") {
		t.Fatalf("targets %q, want %q\n%s", ids(got), strings.Join(wantIDs, " "), cs.CompactText)
	}
	for id, q := range want {
		if got[id].Question != q {
			t.Errorf("%s asks %q, want %q", id, got[id].Question, q)
		}
	}
}

// TestWritingReplacesTheTemplateField: an answer replaces the field it
// fills, not a bracket inside its expression, and leaves structure alone.
func TestWritingReplacesTheTemplateField(t *testing.T) {
	doc := bodyDocx(t, p("Organisation: {{ matters[i].org.name }}")+p("{Insert Date}"))
	res, err := New().Write(doc, []formats.Answer{{PairID: "P1", AnswerText: "Acme Ltd"}, {PairID: "P2", AnswerText: "1 May 2026"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x := documentXMLOf(t, res.Document)
	for _, want := range []string{"Organisation: ", "Acme Ltd", "1 May 2026"} {
		if !strings.Contains(x, want) {
			t.Errorf("the document lacks %q", want)
		}
	}
	for _, gone := range []string{"{{", "matters", "{Insert Date}"} {
		if strings.Contains(x, gone) {
			t.Errorf("the document still holds %q", gone)
		}
	}
}

// FuzzScanMarkers feeds the tag scanner arbitrary text: every tag it
// reports lies inside the text, in order, without overlap.
func FuzzScanMarkers(f *testing.F) {
	for _, s := range []string{"{{ a.b }}", "{% for %}{{x}}{% endfor %}", "[[BLOCK:x]]", "«A»<<B>>{C}${D}", "{{", "«", "{#}{/}", "<<<>>>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		at := 0
		for _, m := range scanMarkers(text) {
			if m.start < at || m.end <= m.start || m.end > len(text) {
				t.Fatalf("tag [%d,%d) out of order or bounds (after %d) in %q", m.start, m.end, at, text)
			}
			at = m.end
		}
		_ = structuralOnly(text)
		_ = markerText(text)
		if q := nameOfField(text); !utf8.ValidString(q) && utf8.ValidString(text) {
			t.Fatalf("question %q is not valid UTF-8", q)
		}
	})
}
