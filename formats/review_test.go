package formats

import (
	"errors"
	"strings"
	"testing"
)

func TestStampChecksAuthorAndDate(t *testing.T) {
	cases := []struct {
		name       string
		opts       WriteOptions
		wantAuthor string
		wantDate   string
		wantErr    string
	}{
		{"defaults to formfill", WriteOptions{Date: "2025-03-01T09:30:00Z"}, DefaultAuthor, "2025-03-01T09:30:00Z", ""},
		{"named author, offset date in UTC", WriteOptions{Author: " Jane Doe ", Date: "2025-03-01T10:30:00+01:00"}, "Jane Doe", "2025-03-01T09:30:00Z", ""},
		{"date not RFC 3339", WriteOptions{Date: "01/03/2025"}, "", "", "date"},
		{"control character in the author", WriteOptions{Author: "Jane\x07"}, "", "", "author"},
		{"author too long", WriteOptions{Author: strings.Repeat("a", 256)}, "", "", "author"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := c.opts.Stamp()
			if c.wantErr != "" {
				var ie *InputError
				if !errors.As(err, &ie) || ie.Field != c.wantErr || !errors.Is(err, ErrInvalidArgument) {
					t.Fatalf("got %v; want an invalid-argument error about %s", err, c.wantErr)
				}
				return
			}
			if err != nil || st.Author != c.wantAuthor || st.DateString() != c.wantDate {
				t.Fatalf("got %q at %s (%v); want %q at %s", st.Author, st.DateString(), err, c.wantAuthor, c.wantDate)
			}
		})
	}
}

func TestCheckWriteRefusesTrackChangesOutsideWord(t *testing.T) {
	answers := []Answer{{PairID: "F1", AnswerText: "x"}}
	for _, ft := range []FileType{Excel, PDF} {
		if _, err := CheckWrite(answers, WriteOptions{TrackChanges: true}, ft); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: got %v; want ErrUnsupported", ft, err)
		}
	}
	if _, err := CheckWrite(answers, WriteOptions{TrackChanges: true}, Word); err != nil {
		t.Errorf("word: %v", err)
	}
}

func TestReviewListHoldsTheAnswersNotKnown(t *testing.T) {
	exp := []ExpectedAnswer{
		{PairID: "A", ExpectedText: "1", Confidence: Known},
		{PairID: "B", ExpectedText: "2", Confidence: Uncertain, Note: "n"},
		{PairID: "C", ExpectedText: "3"},
		{XPath: "/w:body/w:p[2]", ExpectedText: "4", Confidence: Unknown},
	}
	got := ReviewList(exp, func(e ExpectedAnswer) ReviewPlace { return ReviewPlace{Question: "q-" + e.ExpectedText} })
	if len(got) != 2 || got[0].PairID != "B" || got[0].Note != "n" || got[0].Question != "q-2" || got[1].PairID != "/w:body/w:p[2]" {
		t.Fatalf("review list %+v: want B and the XPath-addressed answer", got)
	}
}
