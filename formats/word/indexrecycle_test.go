package word

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/formfill/formfill/formats"
)

// indexSummary is what an index says of a document: each node's ID,
// kind, XPath, element and row links, in order.
func indexSummary(d *document) []string {
	var out []string
	for _, n := range d.ix.nodes {
		row, cells := "", ""
		if n.row != nil {
			row = n.row.id
		}
		for _, c := range n.cells {
			cells += c.id + ","
		}
		out = append(out, n.id+"|"+n.path()+"|"+row+"|"+cells+"|"+n.el.Tag)
	}
	return out
}

// TestRecycledIndexIsAFreshOne builds each document's index from the
// storage of the previous document's recycled index (documents of
// different sizes in turn, so slabs, list and ID map are reused both
// part-full and over-full) and holds it, and its ID lookups, to the
// document's fresh index.
func TestRecycledIndexIsAFreshOne(t *testing.T) {
	docs := lazyVerifyDocs(t)
	fresh := map[string][]string{}
	for _, pd := range docs {
		d, err := open(pd.data, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		fresh[pd.name] = indexSummary(d)
	}
	for round := 0; round < 2; round++ {
		for _, pd := range docs {
			t.Run(pd.name, func(t *testing.T) {
				d, err := open(pd.data, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer d.ix.recycle()
				got, want := indexSummary(d), fresh[pd.name]
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Fatalf("recycled index differs from a fresh one:\n%d nodes, want %d", len(got), len(want))
				}
				for _, n := range d.ix.nodes {
					if m, ok := d.ix.lookup(strings.ToLower(n.id)); !ok || m != n {
						t.Fatalf("lookup(%s) = %v, %v", n.id, m, ok)
					}
				}
			})
		}
	}
}

// TestTextWriterText covers text's two ends: the first string returned
// uncopied while only line ends follow it, and a copy of the buffer once
// anything else is written.
func TestTextWriterText(t *testing.T) {
	for _, tc := range []struct {
		name   string
		writes []string // "\n" and "\t" are written as bytes, the rest as strings
		want   string
	}{
		{"nothing", nil, ""},
		{"one string", []string{"abc"}, "abc"},
		{"one string and line ends", []string{"abc", "\n", "\n"}, "abc"},
		{"a string ending in line ends", []string{"abc\n\n"}, "abc"},
		{"only line ends", []string{"\n", "\n"}, ""},
		{"an empty string, then text", []string{"", "abc", "\n"}, "abc"},
		{"two strings", []string{"ab", "cd", "\n"}, "abcd"},
		{"a line end between strings", []string{"ab", "\n", "cd", "\n"}, "ab\ncd"},
		{"a tab after the string", []string{"ab", "\t", "\n"}, "ab\t"},
		{"a line end first", []string{"\n", "ab"}, "\nab"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w textWriter
			for _, s := range tc.writes {
				switch s {
				case "\n", "\t":
					w.b = append(w.b, s[0])
				default:
					w.writeString(s)
				}
			}
			if got := w.text(); got != tc.want {
				t.Fatalf("text() = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestConcurrentVerifiesAgree runs verifies of different documents at
// once, each again and again, and holds every report to the one verify
// made alone: the recycled trees, indexes and text buffers are never two
// calls' at once (run it with -race).
func TestConcurrentVerifiesAgree(t *testing.T) {
	docs := lazyVerifyDocs(t)
	type job struct {
		doc      []byte
		expected []formats.ExpectedAnswer
		want     string
	}
	var jobs []job
	for _, pd := range docs {
		d, err := open(pd.data, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		expected := lazyExpectations(d, 20, false)
		rep, err := New().Verify(pd.data, expected)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{pd.data, expected, fmt.Sprint(*rep)})
	}
	var wg sync.WaitGroup
	errs := make(chan string, len(jobs))
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				rep, err := New().Verify(j.doc, j.expected)
				if err != nil || fmt.Sprint(*rep) != j.want {
					errs <- fmt.Sprintf("a concurrent verify differs (%v)", err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
