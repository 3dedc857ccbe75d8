package word

import (
	"reflect"
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

func TestOptionHintsDateFormat(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // nil: not an options list
	}{
		{"US date format", "<m/d/yyyy>", nil},
		{"date format with a space inside the bracket", "< m/d/yyyy>", nil},
		{"date or pending", "<m/d/yyyy/Pending>", nil},
		{"upper-case format after a verb", "<Insert MM/DD/YYYY>", nil},
		{"day-first two-digit year", "dd/mm/yy", nil},
		{"month and year", "MM/YYYY", nil},
		{"date format or a word", "mm/dd/yyyy or N/A", nil},
		{"status options", "<Satisfied/Other-Than-Satisfied/Pending>", []string{"Satisfied", "Other-Than-Satisfied", "Pending"}},
		{"yes or no", "Yes/No", []string{"Yes", "No"}},
		{"one date letter is no format", "M/F", []string{"M", "F"}},
		{"sizes with an M", "S/M/L", []string{"S", "M", "L"}},
		{"y and n are no year", "Y/N", []string{"Y", "N"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := optionHints(&cellInfo{text: tt.text}); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("optionHints(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestOptionHintsWriteVerb(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // nil: not an options list
	}{
		{"enter names one value with slashes", "<Enter Suite/Room/Building>", nil},
		{"enter company or organization", "<Enter Company/Organization>", nil},
		{"insert without brackets", "Insert site/building", nil},
		{"provide in square brackets", "[Provide name/title]", nil},
		{"lower-case verb", "<enter suite/room>", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := optionHints(&cellInfo{text: tt.text}); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("optionHints(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestOptionHintsChoiceVerbs holds the write-verb rule to its verbs: a
// hint opening with a verb that offers choices, or whose verb is itself
// an option, still splits.
func TestOptionHintsChoiceVerbs(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"select introduces choices", "<Select Yes/No>", []string{"Yes", "No"}},
		{"choose introduces choices", "Choose Low/High", []string{"Choose Low", "High"}},
		{"type begins an option", "Type A/Type B", []string{"Type A", "Type B"}},
		{"verb as an option", "Insert/Update/Delete", []string{"Insert", "Update", "Delete"}},
		{"verb-like word inside an option", "Entered/Not entered", []string{"Entered", "Not entered"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := optionHints(&cellInfo{text: tt.text}); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("optionHints(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// hintTable is a one-table body: a header row naming its second column
// header, then a label and a cell holding cell's paragraphs.
func hintTable(header, cell string) string {
	return `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Question</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>` + header + `</w:t></w:r></w:p></w:tc></w:tr>` +
		`<w:tr><w:tc><w:p><w:r><w:t>Outcome</w:t></w:r></w:p></w:tc><w:tc>` + cell + `</w:tc></w:tr></w:tbl>`
}

// TestMapAndWriterReadTheSameHints holds the writer's hints (writeHints,
// on a lazily opened document, as a write reads it) to the map's
// (hintsOf, on the whole tree) and both to what the cell lists, over the
// shapes a hint takes, in an answer column and in another: a writer that
// read a hint the map does not show would pick a mode the map never
// named.
func TestMapAndWriterReadTheSameHints(t *testing.T) {
	yesNoLines := promptPara("Yes") + promptPara("No") + promptPara("Not sure")
	tests := []struct {
		name, cell    string
		answer, other []string // the hints under "Answer", under "Example"
	}{
		{"options with commas and or", promptPara("Low, medium or high"), []string{"Low", "medium", "high"}, []string{"Low", "medium", "high"}},
		{"options with a slash", promptPara("Yes/No"), []string{"Yes", "No"}, []string{"Yes", "No"}},
		{"bracketed options", promptPara("&lt;Satisfied/Pending&gt;"), []string{"Satisfied", "Pending"}, []string{"Satisfied", "Pending"}},
		{"single words lower-case after the first", promptPara("Eliminated reduced accepted"), []string{"Eliminated", "reduced", "accepted"}, []string{"Eliminated", "reduced", "accepted"}},
		{"one option a line", yesNoLines, []string{"Yes", "No", "Not sure"}, nil},
		{"boxed option a line", promptPara("☐ Yes") + promptPara("☐ No"), []string{"Yes", "No"}, nil},
		{"a line too long to be an option", promptPara("Yes") + promptPara("No, because the vendor has not said"), nil, nil},
		{"prompt asking to write", promptPara("&lt;Enter Suite/Room/Building&gt;"), nil, nil},
		{"date format", promptPara("&lt;m/d/yyyy&gt;"), nil, nil},
		{"label ending in a colon", promptPara("If yes:"), nil, nil},
		{"a sentence", promptPara("Reviewed by Legal in 2023."), nil, nil},
		{"empty cell", `<w:p/>`, nil, nil},
	}
	for _, tt := range tests {
		for _, col := range []struct {
			header string
			want   []string
		}{{"Answer", tt.answer}, {"Example", tt.other}} {
			t.Run(tt.name+" under "+col.header, func(t *testing.T) {
				want := unescapeAll(col.want)
				doc := bodyDocx(t, hintTable(col.header, tt.cell))
				whole := reopen(t, doc)
				mapped := (&finder{d: whole, tables: map[*etree.Element]*tableInfo{}}).hintsOf(nodeOf(t, whole, "T1-R2-C2"))
				written := writerHints(t, doc, "T1-R2-C2")
				if !reflect.DeepEqual(mapped, written) {
					t.Fatalf("the map reads hints %q, the writer %q", mapped, written)
				}
				if !reflect.DeepEqual(mapped, want) {
					t.Fatalf("hints = %q, want %q", mapped, want)
				}
			})
		}
	}
}

// unescapeAll undoes the XML escapes of the test's texts.
func unescapeAll(in []string) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(in))
	r := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&")
	for i, s := range in {
		out[i] = r.Replace(s)
	}
	return out
}

// nodeOf returns the indexed node id of d.
func nodeOf(tb testing.TB, d *document, id string) *node {
	tb.Helper()
	n, ok := d.ix.lookup(id)
	if !ok {
		tb.Fatalf("no %s in the document", id)
	}
	return n
}

// writerHints is what a lazy write of a plain answer at id reads as the
// cell's hints: the target resolved and built, then writeHints.
func writerHints(tb testing.TB, doc []byte, id string) []string {
	tb.Helper()
	answers := []formats.Answer{{PairID: id, AnswerText: "Zed"}}
	d, err := openForWrite(doc, answers, formats.WriteOptions{}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer d.release()
	if d.lazy == nil {
		tb.Fatal("the write opened the document whole")
	}
	ts, err := d.resolveAll(answers)
	if err != nil {
		tb.Fatal(err)
	}
	hints, err := d.modeFinder().writeHints(ts[0].node)
	if err != nil {
		tb.Fatal(err)
	}
	return hints
}
