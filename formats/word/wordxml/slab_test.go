package wordxml

import (
	"fmt"
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// TestSlabbedTreeEditsStayPut checks that children and texts cut from the
// reader's slabs behave as etree's own: growing, inserting into and
// removing from one element's child list after the parse leaves every
// other element as parsed, whatever the list's length at the parse.
func TestSlabbedTreeEditsStayPut(t *testing.T) {
	for _, runs := range []int{0, 1, 2, 3, 5, 8, 33, 64, 65, 200} {
		t.Run(fmt.Sprintf("%d runs", runs), func(t *testing.T) {
			var b strings.Builder
			b.WriteString("<a>")
			for p := 0; p < 3; p++ {
				b.WriteString("<p>")
				for i := 0; i < runs; i++ {
					fmt.Fprintf(&b, "<r>t%d.%d</r>", p, i)
				}
				b.WriteString("tail</p>")
			}
			b.WriteString("</a>")
			src := b.String()
			x, err := Read([]byte(src), xmllex.MaxDepth, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			ps := x.Root().ChildElements()
			mid := ps[1]
			for i := 0; i < 5; i++ {
				mid.CreateElement("new").CreateText("n")
			}
			mid.InsertChildAt(0, etree.NewElement("first"))
			if len(mid.Child) > 2 {
				mid.RemoveChildAt(1)
			}
			for _, p := range []*etree.Element{ps[0], ps[2]} {
				got := Write(nil, &etree.Document{Element: *wrap(p)}, 0)
				parts := strings.Split(src[len("<a>"):len(src)-len("</a>")], "</p>")
				i := 0
				if p == ps[2] {
					i = 2
				}
				if string(got) != parts[i]+"</p>" {
					t.Fatalf("paragraph %d changed by edits of its neighbour:\n got %q\nwant %q", i, got, parts[i]+"</p>")
				}
			}
			for i, c := range mid.Child {
				if c.Index() != i || c.Parent() != mid {
					t.Fatalf("child %d of the edited paragraph has index %d, parent %p", i, c.Index(), c.Parent())
				}
			}
		})
	}
}

// wrap returns a document element holding a copy of el, to write it alone.
func wrap(el *etree.Element) *etree.Element {
	root := etree.NewDocument()
	root.AddChild(el.Copy())
	return &root.Element
}
