package word

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// lazyVerifyDocs are the documents the lazy verify is checked on: the
// Word fixtures, the shared forms and the real agreements, when present.
func lazyVerifyDocs(t *testing.T) []pipelineDoc {
	return appendDocx(t, pipelineDocs(t), filepath.Join(realdocs.Dir(), "agreements"),
		"no real agreements under %s: checked on fixtures and shared forms only")
}

// lazyExpectations addresses up to limit indexed elements of d (spread over
// the document) by ID with their own text, by XPath alone with a text
// they lack, and as checkboxes; deep adds XPaths into the first run of
// paragraphs, which a lazy document can only resolve once built whole.
func lazyExpectations(d *document, limit int, deep bool) []formats.ExpectedAnswer {
	var out []formats.ExpectedAnswer
	stride := max(1, len(d.ix.nodes)/limit)
	for i := 0; i < len(d.ix.nodes); i += stride {
		n := d.ix.nodes[i]
		text := textOf(n.el)
		if len(text) > 200 {
			text = text[len(text)/2:]
		}
		out = append(out,
			formats.ExpectedAnswer{PairID: n.id, ExpectedText: text},
			formats.ExpectedAnswer{XPath: n.path(), ExpectedText: "no such text anywhere"},
			formats.ExpectedAnswer{PairID: n.id, ExpectedText: "true"})
		if deep && n.kind == kindPara {
			out = append(out, formats.ExpectedAnswer{XPath: n.path() + "/w:r[1]", ExpectedText: "x"})
		}
	}
	return append(out, formats.ExpectedAnswer{PairID: "T99-R1-C1", ExpectedText: "x"},
		formats.ExpectedAnswer{XPath: "/w:body/w:p[99999]", ExpectedText: "x"})
}

// TestLazyVerifyMatchesWholeTree: verify on a document whose paragraphs
// are built on demand reports what it reports on the whole tree, for
// expectations by ID, by XPath and as checkboxes, on every fixture, shared
// form and real agreement, and with XPaths into runs, which build the
// lazy document whole.
func TestLazyVerifyMatchesWholeTree(t *testing.T) {
	for _, pd := range lazyVerifyDocs(t) {
		t.Run(pd.name, func(t *testing.T) {
			for _, deep := range []bool{false, true} {
				whole, err := open(pd.data, formatting, nil)
				if err != nil {
					t.Fatal(err)
				}
				lazy, err := openLazy(pd.data, nil)
				if err != nil {
					t.Fatal(err)
				}
				expected := lazyExpectations(whole, 150, deep)
				want, errW := whole.verify(expected)
				got, errL := lazy.verify(expected)
				lazy.release()
				if errW != nil || errL != nil {
					t.Fatal(errW, errL)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("deep %v: lazy verify differs:\n got %+v\nwant %+v", deep, got, want)
				}
				if want.Summary.Matched == 0 {
					t.Errorf("deep %v: nothing matched: the comparison proves little", deep)
				}
			}
		})
	}
}

// TestLazyVerifyStructuralIssuesInTextBoxes: the cells of a table in a
// text box lie inside a paragraph a lazy document leaves unbuilt; their
// issues are still found, as on the whole tree.
func TestLazyVerifyStructuralIssuesInTextBoxes(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:r><w:t>Before</w:t></w:r></w:p>`+
		`<w:p><w:r><w:pict><w:txbxContent><w:tbl><w:tr><w:tc><w:r><w:t>bare</w:t></w:r></w:tc><w:tc/></w:tr></w:tbl></w:txbxContent></w:pict></w:r></w:p>`+
		`<w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`)
	whole, err := open(doc, formatting, nil)
	if err != nil {
		t.Fatal(err)
	}
	lazy, err := openLazy(doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer lazy.release()
	want, _ := whole.structuralIssues()
	got, err := lazy.structuralIssues()
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 3 || !reflect.DeepEqual(got, want) {
		t.Fatalf("lazy issues %q, whole %q (want 3: a bare run, two cells without a paragraph)", got, want)
	}
	if !strings.Contains(got[0], "/w:body/w:p[2]/w:r[1]/w:pict[1]/w:txbxContent[1]/w:tbl[1]/w:tr[1]/w:tc[1]") {
		t.Errorf("issue %q does not name the cell in the text box", got[0])
	}
}

// TestVerifyOpensLazilyOnlyForPlainExpectations: inline tags need the
// formatting and unsure answers the questions of the whole document.
func TestVerifyOpensLazilyOnlyForPlainExpectations(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:r><w:t>Name: Acme</w:t></w:r></w:p>`)
	for _, tc := range []struct {
		name     string
		expected []formats.ExpectedAnswer
		lazy     bool
	}{
		{"plain", []formats.ExpectedAnswer{{PairID: "P1", ExpectedText: "Acme"}}, true},
		{"none", nil, true},
		{"known", []formats.ExpectedAnswer{{PairID: "P1", ExpectedText: "Acme", Confidence: formats.Known}}, true},
		{"inline tags", []formats.ExpectedAnswer{{PairID: "P1", ExpectedText: "<b>Acme</b>"}}, false},
		{"uncertain", []formats.ExpectedAnswer{{PairID: "P1", ExpectedText: "Acme", Confidence: formats.Uncertain}}, false},
	} {
		d, err := openForVerify(doc, tc.expected, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.lazy != nil; got != tc.lazy {
			t.Errorf("%s: lazy = %v, want %v", tc.name, got, tc.lazy)
		}
		d.release()
	}
}

// TestLazyVerifyBuildsOnlyItsTargets: the paragraphs no expectation
// addresses stay unbuilt.
func TestLazyVerifyBuildsOnlyItsTargets(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:r><w:t>One</w:t></w:r></w:p><w:p><w:r><w:t>Two</w:t></w:r></w:p><w:p><w:r><w:t>Three</w:t></w:r></w:p>`)
	d, err := openForVerify(doc, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.release()
	rep, err := d.verify([]formats.ExpectedAnswer{{PairID: "P2", ExpectedText: "two"}})
	if err != nil || rep.Summary.Matched != 1 {
		t.Fatalf("verify: %+v, %v", rep, err)
	}
	for id, built := range map[string]bool{"P1": false, "P2": true, "P3": false} {
		n, _ := d.ix.lookup(id)
		if got := len(n.el.Child) > 0; got != built {
			t.Errorf("%s built = %v, want %v", id, got, built)
		}
	}
}
