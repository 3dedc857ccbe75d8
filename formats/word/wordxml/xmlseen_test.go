package wordxml

import (
	"fmt"
	"testing"

	"github.com/formfill/formfill/formats/internal/xmllex"
)

// TestSeenTagsAnswerAsRead: a start tag read after one with the same
// first eight bytes (asIsSeen's slot) is accepted, refused and marked
// for copying whole exactly as when it is read alone, whether its bytes
// are those of the tag before (taken from the table) or differ after
// them.
func TestSeenTagsAnswerAsRead(t *testing.T) {
	const first = `<w:rFonts w:ascii="Arial" w:hAnsi="Arial"/>`
	for name, second := range map[string]string{
		"the same bytes":           first,
		"a longer value":           `<w:rFonts w:ascii="Arial Narrow" w:hAnsi="Arial"/>`,
		"one attribute fewer":      `<w:rFonts w:ascii="Arial"/>`,
		"an attribute given twice": `<w:rFonts w:ascii="Arial" w:ascii="Arial"/>`,
		"single quotes":            `<w:rFonts w:ascii='Arial' w:hAnsi="Arial"/>`,
		"a quote in a value":       `<w:rFonts w:ascii="Ar'ial" w:hAnsi="Arial"/>`,
		"a reference in a value":   `<w:rFonts w:ascii="A&amp;B" w:hAnsi="Arial"/>`,
		"a bad reference":          `<w:rFonts w:ascii="A&nope;" w:hAnsi="Arial"/>`,
		"unterminated":             `<w:rFonts w:ascii="Arial" w:hAnsi="Arial"`,
		"a start tag, then text":   `<w:rFonts w:ascii="Arial" w:hAnsi="Arial">t</w:rFonts>`,
		"spaced otherwise":         `<w:rFonts  w:ascii="Arial" w:hAnsi="Arial" />`,
		"a name that goes on":      `<w:rFontsX w:ascii="Arial"/>`,
		"at the end of the part":   `<w:rFo`,
	} {
		t.Run(name, func(t *testing.T) {
			alone := "<a><b>" + second + "</b><c/></a>"
			after := "<a><b>" + first + "<d/>" + first + "</b><b>" + second + "</b><c/></a>"
			for _, doc := range []string{alone, after} {
				full, ferr := Read([]byte(doc), xmllex.MaxDepth, nil, nil)
				checkLazy(t, doc, full, ferr)
			}
			_, lzAlone, errAlone := readLazy(alone, nil)
			_, lzAfter, errAfter := readLazy(after, nil)
			if fmt.Sprint(errAlone) != fmt.Sprint(errAfter) {
				// Offsets differ; whether it is refused may not.
				if (errAlone == nil) != (errAfter == nil) {
					t.Fatalf("alone: %v; after the first: %v", errAlone, errAfter)
				}
			}
			if errAlone != nil {
				return
			}
			last := lzAfter.read[len(lzAfter.read)-1].span.asIs
			if want := lzAlone.read[0].span.asIs; last != want {
				t.Fatalf("copied whole after the first: %v, alone: %v", last, want)
			}
		})
	}
}
