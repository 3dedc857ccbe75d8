package word

import "testing"

// TestIndexPathsAreTheElementsXPaths holds the XPaths the index makes on
// first use (node.path) to the XPath of the element itself, for every
// indexed element of the fixtures, shared forms and real agreements, and
// for cell paragraphs resolved on demand.
func TestIndexPathsAreTheElementsXPaths(t *testing.T) {
	for _, pd := range lazyVerifyDocs(t) {
		t.Run(pd.name, func(t *testing.T) {
			d, err := open(pd.data, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			cells := 0
			for _, n := range d.ix.nodes {
				if got, want := n.path(), xpathOf(d.body, n.el); got != want {
					t.Fatalf("%s: path %q, want %q", n.id, got, want)
				}
				if n.kind == kindCell && cells < 50 {
					cells++
					p, ok := d.ix.lookup(n.id + "-P1")
					if ok && p.path() != xpathOf(d.body, p.el) {
						t.Fatalf("%s-P1: path %q, want %q", n.id, p.path(), xpathOf(d.body, p.el))
					}
				}
			}
			if len(d.ix.nodes) == 0 {
				t.Fatal("nothing indexed: the case tests nothing")
			}
		})
	}
}
