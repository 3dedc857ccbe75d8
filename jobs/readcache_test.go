package jobs

import (
	"context"
	"fmt"
	"testing"

	"github.com/formfill/formfill/formats"
)

// countingEngine counts the maps it makes.
type countingEngine struct {
	formats.Engine
	maps int
}

func (c *countingEngine) ExtractCompact(doc []byte) (*formats.CompactStructure, error) {
	c.maps++
	b := formats.NewCompactBuilder(0)
	for i := range 5 {
		from := len(b.Text)
		b.Text = fmt.Appendf(b.Text, "P%d: %q\n", i+1, string(doc))
		b.Begin(fmt.Sprintf("P%d", i+1), string(doc), from)
	}
	return b.Finish(), nil
}

// TestNextPagesComeFromTheCache reads a document page by page: the map is
// made once, and a document with other content is not answered from it.
func TestNextPagesComeFromTheCache(t *testing.T) {
	e := &countingEngine{}
	doc := []byte("cache test " + t.Name())
	p := &Payload{Kind: KindExtractCompact, DocID: DocID(doc), FileType: formats.Word, Page: formats.Page{Limit: 2}}
	for off := 0; ; {
		p.Offset = off
		res, _, err := Execute(context.Background(), e, p, doc)
		if err != nil {
			t.Fatal(err)
		}
		if off = res.Compact.NextOffset; off == 0 {
			break
		}
	}
	if e.maps != 1 {
		t.Errorf("three pages made the map %d times, want once", e.maps)
	}
	other := []byte("another document")
	res, _, err := Execute(context.Background(), e, &Payload{Kind: KindSearch, DocID: DocID(other), FileType: formats.Word, Pattern: "another"}, other)
	if err != nil || e.maps != 2 || res.Search.Total != 5 {
		t.Errorf("another document: %d maps, %+v, %v", e.maps, res.Search, err)
	}
}
