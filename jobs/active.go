package jobs

import (
	"strings"

	"github.com/formfill/formfill/formats"
)

// activeWarnings are the warning lines of the document's active content
// (formats.FindActive), kept in the read cache with its map: every page of
// a map carries them, and a document is scanned once.
func activeWarnings(e formats.Engine, p *Payload, doc []byte) ([]string, error) {
	return cached("active", p, func() ([]string, error) {
		items, err := formats.FindActive(e, doc)
		if err != nil {
			return nil, err
		}
		return formats.ActiveWarnings(items), nil
	})
}

// withWarnings puts warning lines under text, one "! " line each.
func withWarnings(text string, warnings []string) string {
	if len(warnings) == 0 {
		return text
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(text, "\n"))
	b.WriteString("\n")
	for _, w := range warnings {
		b.WriteString("! " + w + "\n")
	}
	return b.String()
}
