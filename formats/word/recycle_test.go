package word

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/formfill/formfill/formats"
)

// recycleAnswers answers up to 20 text targets of cs, every third one
// appending, for the recycling tests' writes.
func recycleAnswers(cs *formats.CompactStructure) []formats.Answer {
	var answers []formats.Answer
	for _, t := range cs.Targets {
		if t.Kind != formats.TargetText || len(answers) == 20 {
			continue
		}
		a := formats.Answer{PairID: t.ID, AnswerText: "Answer " + strconv.Itoa(len(answers)+1), Mode: t.Mode}
		if len(answers)%3 == 2 {
			a.Mode = formats.Append
		}
		answers = append(answers, a)
	}
	return answers
}

// TestRecycledReadsMatchFreshOnes: ExtractCompact and Write give their
// tree and index to the next read (document.recycle), and ExtractCompact
// leaves borders and margins unbuilt (unreadByMap); each document's map
// and written bytes, read from storage another document left, must be
// those of a whole read that recycles nothing. Two rounds over every document
// so each is read from the storage of another one, and of itself.
func TestRecycledReadsMatchFreshOnes(t *testing.T) {
	docs := lazyVerifyDocs(t)
	type fresh struct {
		compact []byte
		answers []formats.Answer
		written []byte
		changes []byte
	}
	want := map[string]fresh{}
	for _, pd := range docs {
		d, err := open(pd.data, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := d.compact()
		if err != nil {
			t.Fatal(err)
		}
		f := fresh{compact: mustJSON(t, cs), answers: recycleAnswers(cs)}
		st, err := formats.CheckWrite(f.answers, formats.WriteOptions{}, formats.Word)
		if err != nil {
			t.Fatal(err)
		}
		if w, err := openForWrite(pd.data, f.answers, formats.WriteOptions{}, nil); err != nil {
			t.Fatal(err)
		} else {
			res, _, err := w.writeAll(f.answers, formats.WriteOptions{}, st)
			w.release()
			if err != nil {
				t.Fatalf("%s: %v", pd.name, err)
			}
			f.written, f.changes = res.Document, mustJSON(t, res.Changes)
		}
		want[pd.name] = f
	}
	for round := 0; round < 2; round++ {
		for _, pd := range docs {
			t.Run(pd.name, func(t *testing.T) {
				f := want[pd.name]
				cs, err := New().ExtractCompact(pd.data)
				if err != nil {
					t.Fatal(err)
				}
				if got := mustJSON(t, cs); !bytes.Equal(got, f.compact) {
					t.Errorf("map read from recycled storage differs from a fresh read")
				}
				res, err := New().Write(pd.data, f.answers, formats.WriteOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(res.Document, f.written) || !bytes.Equal(mustJSON(t, res.Changes), f.changes) {
					t.Errorf("write from recycled storage differs from a fresh write")
				}
			})
		}
	}
}

// mustJSON is v in JSON.
func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
