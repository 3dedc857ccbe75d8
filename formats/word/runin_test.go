package word

import (
	"strings"
	"testing"
)

// run is a w:r with run properties rPr (inner XML) and text.
func run(rPr, text string) string {
	return `<w:r><w:rPr>` + rPr + `</w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r>`
}

// TestViewAndWritesAgreeOnRunInHeaders builds one paragraph per case and
// checks that the document view (ReadDocument) and the edits
// ((*document).runInHeader) find the same run-in header, or both none.
// Several cases are ones where the two detectors used to disagree: the
// view's 80-rune limit against the edits' 120 bytes, italic headers
// (edits only), a typed clause number (edits only), a quoted caption
// (view only), a mark after spaces or a dash after a plain run (view
// only) and a label followed by a blank line (view only).
func TestViewAndWritesAgreeOnRunInHeaders(t *testing.T) {
	const b, i, u, plain = `<w:b/>`, `<w:i/>`, `<w:u w:val="single"/>`, ``
	long := strings.Repeat("Word ", 10) + "Wordsworthiness and Ends" // 12 words, 86 runes
	tests := []struct {
		name       string
		runs       string
		header     string // the view's header, "" for none
		editName   string // the edits' header name, when different from header
		viewText   string // the view's text, when there is a header
		styleParts string
	}{
		{"bold caption with its mark", run(b, "Purposes.") + run(plain, " The purposes are"), "Purposes", "", "The purposes are", ""},
		{"underlined caption, mark in the plain run", run(u, "Closing Deliverables") + run(plain, ".  At each Closing, the Company"), "Closing Deliverables", "", "At each Closing, the Company", ""},
		{"caption split over runs with a plain space between", run(u, "Access") + run(plain, " ") + run(u, "and Use") + run(plain, ". During the term"), "Access and Use", "", "During the term", ""},
		{"italic caption (view used to miss it)", run(i, "Formation and Standing") + run(plain, ". Each of the Partnership"), "Formation and Standing", "", "Each of the Partnership", ""},
		{"quoted caption closing inside its quotes (edits used to refuse it)", run(b, "“Security Incidents:”") + run(plain, " Provider will notify"), "Security Incidents", "", "Provider will notify", ""},
		{"typed clause number before the caption (view used to miss it)", run(plain, "1. ") + run(b, "Purposes.") + run(plain, " The purposes are"), "1. Purposes", "Purposes", "The purposes are", ""},
		{"bold clause number and caption", run(b, "2.3 Notices.") + run(plain, " All notices shall"), "2.3 Notices", "Notices", "All notices shall", ""},
		{"caption of 81 to 120 bytes (edits used to take it)", run(b, long+".") + run(plain, " Then the body"), "", "", "", ""},
		{"dash after a plain space (view used to take it)", run(b, "Report Title") + run(plain, " – In the heading format"), "", "", "", ""},
		{"label before a blank line (view used to take it)", run(b, "Full Name:") + run(plain, " ______________"), "", "", "", ""},
		{"bold defined term is not a header", run(b, "“Affiliate”") + run(plain, " means any Person"), "", "", "", ""},
		{"a heading all in bold", run(b, "Purchase and Sale of Preferred Stock."), "", "", "", ""},
		{"a long bold sentence", run(b, "The Company shall deliver to each Purchaser all of the documents listed below without delay.") + run(plain, " Then more"), "", "", "", ""},
		{"no closing mark", run(u, "Notice") + run(plain, " If any party"), "", "", "", ""},
		{"plain paragraph", run(plain, "Severability. If any provision"), "", "", "", ""},
		{"bold by character style", `<w:r><w:rPr><w:rStyle w:val="Strong"/></w:rPr><w:t>Term.</w:t></w:r>` + run(plain, " This Agreement"), "Term", "", "This Agreement", `<w:style w:type="character" w:styleId="Strong"><w:rPr><w:b/></w:rPr></w:style>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := numberedDocx(t, tt.styleParts, "", `<w:p>`+tt.runs+`</w:p>`)
			rows := viewOf(t, data)
			if len(rows) != 1 {
				t.Fatalf("view has %d rows, want 1", len(rows))
			}
			v := rows[0]
			d, err := open(data, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			h, ok := d.runInHeader(findW(d.body, "p")[0])
			want := tt.editName
			if want == "" {
				want = tt.header
			}
			if v.Header != tt.header || ok != (tt.header != "") || ok && h.Name != want {
				t.Fatalf("view header %q, edits %v %q; want %q and %q", v.Header, ok, h.Name, tt.header, want)
			}
			if ok && v.Text != tt.viewText {
				t.Errorf("view text %q, want %q", v.Text, tt.viewText)
			}
			if ok && v.HeaderFormatting == nil {
				t.Errorf("view header %q without its formatting", v.Header)
			}
		})
	}
}
