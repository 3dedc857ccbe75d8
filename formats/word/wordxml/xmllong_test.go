package wordxml

import "testing"

// TestLongChildListIsRecycled reads a document with a long body, recycles
// it, and reads a shorter one: when the second read takes the recycled
// reader, its body's child list must be the first body's storage, holding
// the second document's children only (none of the first tree's past
// them), and the tree must be Parse's.
func TestLongChildListIsRecycled(t *testing.T) {
	for range 5 { // sync.Pool may drop a reader now and then
		_, first, err := ParseLazy([]byte(bigDocument(1500, 1)), "doc", lazySkip, "w:p", "w:tc", nil)
		if err != nil {
			t.Fatal(err)
		}
		reader := first.rd
		if len(reader.long.cut) == 0 {
			t.Fatal("a body of 1500 children grew no long list")
		}
		longest := reader.long.cut[len(reader.long.cut)-1]
		first.Recycle()
		raw := []byte(bigDocument(700, 2))
		x, lz, err := ParseLazy(raw, "doc", lazySkip, "w:p", "w:tc", nil)
		if err != nil {
			t.Fatal(err)
		}
		if lz.rd != reader {
			lz.Close()
			continue
		}
		body := x.FindElement("//w:body")
		if &body.Child[:1][0] != &longest[:1][0] {
			t.Fatal("the second body's child list is not the recycled one")
		}
		for i, c := range body.Child[len(body.Child):cap(body.Child)] {
			if c != nil {
				t.Fatalf("child %d past the list's end is left from the recycled tree", len(body.Child)+i)
			}
		}
		if err := lz.BuildAll(); err != nil {
			t.Fatal(err)
		}
		want, err := Parse(raw, "doc", lazySkip, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, w := serialized(t, x), serialized(t, want); got != w {
			t.Fatal("tree read into a recycled child list differs from Parse's")
		}
		lz.Recycle()
		return
	}
	t.Fatal("no read took the recycled reader")
}
