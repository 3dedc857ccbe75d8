package word

import (
	"strings"
	"testing"
)

// TestTypedBoxPrefilterMissesNoBox holds typedBoxAt, which asks
// mayStartWithBox first, to typedBoxPattern run on every paragraph's
// segments: on lines built to sit at the prefilter's edges and on every
// paragraph of the fixtures, shared forms and agreements.
func TestTypedBoxPrefilterMissesNoBox(t *testing.T) {
	r := func(text string) string { return `<w:r><w:t xml:space="preserve">` + text + `</w:t></w:r>` }
	lines := []struct{ name, runs string }{
		{"bracket box", r("[ ] Right to audit")},
		{"spaces then glyph across runs", r("  \t") + r("\u00a0☐ Breach")},
		{"ticked", r("[x] Done")},
		{"empty runs before the box", r("") + r(" ") + r("■ Item")},
		{"text before the box", r("Yes ☐")},
		{"em space is not leading space", r("\u2003[ ] item")},
		{"box in a text box only", `<w:r><w:pict><w:txbxContent><w:p>` + r("☐ boxed") + `</w:p></w:txbxContent></w:pict></w:r>` + r("after")},
		{"box in a fallback only", `<mc:AlternateContent><mc:Fallback>` + r("☐") + `</mc:Fallback></mc:AlternateContent>` + r("plain")},
		{"no text", ""},
		{"only spaces", r("   ")},
		{"bracket not a box", r("[Company Name]")},
	}
	var body strings.Builder
	for _, l := range lines {
		body.WriteString("<w:p>" + l.runs + "</w:p>")
	}
	docs := append(lazyVerifyDocs(t), pipelineDoc{name: "edges", data: bodyDocx(t, body.String())})
	for _, pd := range docs {
		d, err := open(pd.data, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", pd.name, err)
		}
		for _, p := range findW(d.body, "p") {
			_, full := segments(p)
			want := typedBoxPattern.FindStringSubmatchIndex(full) != nil
			if _, got := typedBoxAt(p); got != want {
				t.Errorf("%s: typedBoxAt(%q) = %v, want %v", pd.name, full, got, want)
			}
		}
	}
}
