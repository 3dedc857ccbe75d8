package reuse

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestParseCrosswalkReadsEachForm(t *testing.T) {
	want := []Pair{{New: "A&A-02.1", Old: "AAC-02.1"}, {New: "CEK-01", Old: "EKM-03"}}
	for _, tc := range []struct{ name, data string }{
		{"csv with a header", "new,old\nA&A-02.1,AAC-02.1\nCEK-01, EKM-03\n"},
		{"csv without a header, extra columns", "A&A-02.1,AAC-02.1,No Gap\nCEK-01,EKM-03,Partial Gap\n"},
		{"json pairs", `{"name": "x", "pairs": [{"new": "A&A-02.1", "old": "AAC-02.1"}, {"new": "CEK-01", "old": "EKM-03"}]}`},
		{"json list", `[{"new": "A&A-02.1", "old": "AAC-02.1"}, {"new": "CEK-01", "old": "EKM-03"}]`},
		{"json object", `{"CEK-01": ["EKM-03"], "A&A-02.1": "AAC-02.1"}`},
		{"csa mapping", `[{"name": "CCM v3.0.1", "mappings": [{"control_id": "A&A-02.1", "references": ["AAC-02.1"]}, {"control_id": "CEK-01", "references": ["EKM-03"]}]}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cw, err := ParseCrosswalk("m.csv", []byte(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			if cw.Name != "m.csv" || len(cw.Pairs) != len(want) {
				t.Fatalf("got %+v, want %v named m.csv", cw, want)
			}
			for i, p := range want {
				if cw.Pairs[i] != p {
					t.Errorf("pair %d = %+v, want %+v", i, cw.Pairs[i], p)
				}
			}
		})
	}
}

func TestParseCrosswalkRefusesWhatIsNone(t *testing.T) {
	for _, data := range []string{"just one column\nA1\n", `{"A-1": 3}`, `[1, 2]`, "a,\"b\n"} {
		if _, err := ParseCrosswalk("m", []byte(data)); !errors.Is(err, formats.ErrInvalidArgument) {
			t.Errorf("%q: err %v, want invalid_argument", data, err)
		}
	}
}

// The previous version's questions, numbered the old way: the new
// version renumbered them and rewrote their wording.
var crossPrev = []formats.HarvestedAnswer{
	{ID: "P1", QuestionID: "Q1", Number: "EKM-03.1", Question: "Do you encrypt tenant data at rest on disk?", Answer: "Yes"},
	{ID: "P2", QuestionID: "Q2", Number: "EKM-03.4", Question: "Do you have documentation defining your encryption management policies?", Answer: "Yes, see policy 4"},
	{ID: "P3", QuestionID: "Q3", Number: "AAC-02.1", Question: "Do you allow tenants to view your third-party audit reports?", Answer: "Under NDA"},
	{ID: "P4", QuestionID: "Q4", Number: "GRM-01.1", Question: "Do you have a baseline for information security?", Answer: "No"},
}

func TestCarryFollowsTheCrosswalk(t *testing.T) {
	cw := &Crosswalk{Name: "ccm.csv", Pairs: []Pair{
		{New: "A&A-02.1", Old: "AAC-02.1"}, {New: "CEK-01", Old: "EKM-03"}, {New: "CEK-02", Old: "No Mapping"},
	}}
	for _, tc := range []struct {
		name, number, question string
		from                   string // "" : not carried
		conf                   formats.Confidence
		note                   string
	}{
		{"a pair of questions is known, whatever the words", "A&A-02.1", "Are independent audit and assurance assessments shared with customers?", "P3", formats.Known, "ccm.csv maps AAC-02.1 → A&A-02.1"},
		{"a pair of controls takes the nearest of its questions", "CEK-01.1", "Are encryption management policies and procedures documented and approved?", "P2", formats.Uncertain, "ccm.csv maps CEK-01 to a control holding EKM-03.4"},
		{"no question of the mapped control is like it", "CEK-01.2", "Is the organisation's risk appetite reviewed by its board?", "", "", ""},
		{"'No Mapping' maps nothing: the words decide", "CEK-02.1", "Do you encrypt tenant data at rest on disks?", "P1", formats.Known, "same question"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			targets := []formats.Target{{ID: "T", QuestionID: "Q", Question: tc.question}}
			res := carry(crossPrev, targets, map[string]string{"Q": tc.number}, nil, newXwalk(cw))
			if tc.from == "" {
				if len(res.Answers) != 0 {
					t.Fatalf("want nothing carried, got %+v", res.Answers)
				}
				return
			}
			if len(res.Answers) != 1 {
				t.Fatalf("want one answer, got %+v (unmatched %+v)", res.Answers, res.Unmatched)
			}
			a := res.Answers[0]
			if a.From.ID != tc.from || a.Confidence != tc.conf || !strings.Contains(a.Note, tc.note) {
				t.Errorf("got %s %s %q, want %s %s with %q", a.From.ID, a.Confidence, a.Note, tc.from, tc.conf, tc.note)
			}
		})
	}
}

func FuzzParseCrosswalk(f *testing.F) {
	for _, s := range []string{"new,old\nA-1,B-2\n", `{"pairs": [{"new": "A-1", "old": "B-2"}]}`, `{"A-1": ["B-2"]}`,
		`[{"mappings": [{"control_id": "A-1", "references": ["B-2", "No Mapping"]}]}]`, "\xef\xbb\xbfA-1;B-2"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cw, err := ParseCrosswalk("f", data)
		if err != nil {
			if !errors.Is(err, formats.ErrInvalidArgument) {
				t.Fatalf("error %v is not invalid_argument", err)
			}
			return
		}
		if len(cw.Pairs) > MaxCrosswalkPairs {
			t.Fatalf("%d pairs, over the bound", len(cw.Pairs))
		}
		x := newXwalk(cw)
		if x != nil {
			x.lookup("A.1.1")
		}
	})
}
