package formats

import "testing"

// The note of a page is made in the tools' words; each surface rewords
// its next-page hint, and a note with no next page stays as it is.
func TestMoreNoteRewordedPerSurface(t *testing.T) {
	tests := []struct {
		name              string
		start, end, total int
		surface           Surface
		want              string
	}{
		{"first page for the tools", 0, 3, 10, SurfaceMCP, "elements 0–2 of 10 shown; for the next page call again with offset 3 (the same limit / max_tokens)"},
		{"first page for the command", 0, 3, 10, SurfaceCLI, "elements 0–2 of 10 shown; for the next page run the same command with --offset 3"},
		{"middle page for the command", 3, 6, 10, SurfaceCLI, "elements 3–5 of 10 shown; for the next page run the same command with --offset 6"},
		{"last page for the command", 6, 10, 10, SurfaceCLI, "elements 6–9 of 10: the last page"},
		{"everything for the command", 0, 10, 10, SurfaceCLI, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			note := MoreNote("elements", tt.start, tt.end, tt.total)
			if got := tt.surface.Reword(note, NextOffset(tt.end, tt.total)); got != tt.want {
				t.Errorf("note = %q, want %q", got, tt.want)
			}
		})
	}
}
