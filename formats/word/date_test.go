package word

import (
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestDateControlStoresTheDateItShows(t *testing.T) {
	tests := []struct {
		answer   string
		fullDate string // "" when the attribute must be absent
	}{
		{"2026-11-23", "2026-11-23T00:00:00Z"},
		{"23 November 2026", "2026-11-23T00:00:00Z"},
		{"Nov 23, 2026", "2026-11-23T00:00:00Z"},
		{"2026-11-23T09:30:00+01:00", "2026-11-23T08:30:00Z"},
		{"01/02/2026", ""}, // January or February: not guessed
		{"as soon as possible", ""},
	}
	for _, tt := range tests {
		t.Run(tt.answer, func(t *testing.T) {
			e := New()
			// Stale value first, so that clearing it is seen too.
			stale, err := e.Write(fixture(t, fixtures.WordContentControls), []formats.Answer{{PairID: "P3", AnswerText: "1999-01-01"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := e.Write(stale.Document, []formats.Answer{{PairID: "P3", AnswerText: tt.answer}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := open(res.Document, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			n, _ := d.ix.lookup("P3")
			date := pathW(textControls(n.el)[0], "sdtPr", "date")
			got, ok := attr(date, "w", "fullDate")
			if got != tt.fullDate || ok != (tt.fullDate != "") {
				t.Fatalf("w:fullDate = %q (present %v), want %q", got, ok, tt.fullDate)
			}
			if text := textOf(n.el); !containsFold(text, tt.answer) {
				t.Fatalf("control shows %q, want the answer %q as written", text, tt.answer)
			}
		})
	}
}

func containsFold(s, sub string) bool { return formats.Compare(sub, s) == formats.ContentMatched }

func TestControlWithoutPropertiesTakesAnAnswer(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:sdt><w:sdtContent><w:r><w:t>old</w:t></w:r></w:sdtContent></w:sdt></w:p>`)
	res, err := New().Write(doc, []formats.Answer{{PairID: "P1", AnswerText: "new"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if text, _ := New().ExtractText(res.Document); text != "new" {
		t.Fatalf("text = %q, want the answer in place of the control's content", text)
	}
}
