package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestInsertionKeepsAttributeNamespaces: an insertion's attributes keep
// their namespaces (issue 38: r:id became w:id), under the document's
// prefixes whatever the caller bound, with the prefix declared when the
// document lacks it; an attribute of any other namespace is refused.
func TestInsertionKeepsAttributeNamespaces(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:r><w:t>Name:</w:t></w:r></w:p>`)
	tests := []struct {
		name, xml string
		mode      formats.Mode
		want      []string // in the written document.xml
		refused   string   // in the error; "" = accepted
	}{
		{"r:id stays r:id", `<w:r><w:t r:id="rId9">Acme</w:t></w:r>`, formats.Append,
			[]string{`r:id="rId9"`, `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`}, ""},
		{"caller's own prefixes", `<x:r xmlns:x="` + nsW + `" xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:t rel:id="rId3" x:space="preserve">Acme</x:t></x:r>`, formats.Append,
			[]string{`r:id="rId3"`, `<w:t r:id="rId3" w:space="preserve">Acme</w:t>`}, ""},
		{"w14 on a paragraph", `<w:p w14:paraId="1234ABCD"><w:r><w:t>Acme</w:t></w:r></w:p>`, formats.InsertAfter, []string{`w14:paraId="1234ABCD"`}, ""},
		{"foreign namespace", `<w:r xmlns:evil="urn:evil"><w:t evil:src="http://x">Acme</w:t></w:r>`, formats.Append, nil, `namespace "urn:evil"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := New().Write(doc, []formats.Answer{{PairID: "P1", InsertionXML: tc.xml, Mode: tc.mode}}, formats.WriteOptions{})
			if tc.refused != "" {
				if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), tc.refused) {
					t.Fatalf("err = %v, want invalid argument saying %q", err, tc.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			x := documentXMLOf(t, res.Document)
			for _, w := range tc.want {
				if !strings.Contains(x, w) {
					t.Errorf("document.xml lacks %s:\n%s", w, x)
				}
			}
			if strings.Contains(x, `w:id="rId`) {
				t.Errorf("an r:id became w:id:\n%s", x)
			}
			if _, err := open(res.Document, nil, nil); err != nil {
				t.Fatalf("the written document does not reopen: %v", err)
			}
		})
	}
}
