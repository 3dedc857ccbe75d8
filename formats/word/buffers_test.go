package word

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// TestRecycledBuffersDoNotLeakBetweenCalls runs writes and extractions of
// different documents at once, many times: with buffers recycled between
// calls, any buffer still in use after it was handed back would show as
// one call's bytes in another's result. Run it with -race too.
func TestRecycledBuffersDoNotLeakBetweenCalls(t *testing.T) {
	type job struct {
		doc     []byte
		answers []formats.Answer
		written []byte
		text    string
	}
	var jobs []*job
	for _, name := range fixtures.Names() {
		if !strings.HasPrefix(name, "word/") {
			continue
		}
		doc := fixture(t, name)
		_, _, answers := answersForDoc(t, doc)
		j := &job{doc: doc, answers: answers}
		res, err := New().Write(doc, j.answers, formats.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		j.written = res.Document
		if j.text, err = New().ExtractText(doc); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, j)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 25 {
				j := jobs[(g+i)%len(jobs)]
				res, err := New().Write(j.doc, j.answers, formats.WriteOptions{})
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(res.Document, j.written) {
					t.Errorf("a concurrent write gave other bytes than the same write alone")
					return
				}
				if text, err := New().ExtractText(j.doc); err != nil || text != j.text {
					t.Errorf("a concurrent extract_text differs: %v", err)
					return
				}
			}
		})
	}
	wg.Wait()
}
