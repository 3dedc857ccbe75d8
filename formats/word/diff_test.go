package word

import (
	"testing"
	"unicode/utf8"
)

func TestDiffRegions(t *testing.T) {
	cases := []struct {
		name, old, new string
		want           []region
	}{
		{"brackets dropped", "[Initial Closing.]", "Initial Closing.", []region{{0, 1, ""}, {17, 18, ""}}},
		{"blank filled", "[________]", "March 3", []region{{0, 10, "March 3"}}},
		{"one word", "by check, by wire", "by wire", []region{{3, 13, ""}}},
		{"word added at the start", "Closing", "Initial Closing", []region{{0, 0, "Initial "}}},
		{"curly quotes kept", "“Affiliate” means", `"Affiliate" means all`, []region{{len("“Affiliate” means"), len("“Affiliate” means"), " all"}}},
		{"non-breaking space kept", "Series\u00a0[___]", "Series A", []region{{len("Series\u00a0"), len("Series\u00a0[___]"), "A"}}},
		{"same", "x", "x", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := diffRegions(c.old, c.new)
			if len(got) != len(c.want) {
				t.Fatalf("regions = %+v, want %+v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("region %d = %+v, want %+v", i, got[i], c.want[i])
				}
			}
		})
	}
}

// FuzzDiffRegions: applying the regions to old gives new up to the quote
// and space characters the diff keeps from old, on rune boundaries.
func FuzzDiffRegions(f *testing.F) {
	f.Add("[Initial Closing.]", "Initial Closing.")
	f.Add("a b c", "c b a")
	f.Add("“x”", `"x" y`)
	f.Add("", "new")
	f.Fuzz(func(t *testing.T, old, new string) {
		if !utf8.ValidString(old) || !utf8.ValidString(new) || len(old) > 400 || len(new) > 400 {
			return
		}
		out := old
		last := len(old) + 1
		regions := diffRegions(old, new)
		for i := len(regions) - 1; i >= 0; i-- {
			r := regions[i]
			if r.a > r.b || r.b > last || r.a < len(old) && !utf8.RuneStart(old[r.a]) || r.b < len(old) && !utf8.RuneStart(old[r.b]) {
				t.Fatalf("bad region %+v of %q", r, old)
			}
			last = r.a
			out = out[:r.a] + r.text + out[r.b:]
		}
		if foldAll(out) != foldAll(new) {
			t.Fatalf("old %q with %+v gives %q, want %q", old, regions, out, new)
		}
	})
}
