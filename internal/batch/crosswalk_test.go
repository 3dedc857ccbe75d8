package batch

import (
	"strings"
	"testing"
)

// An entry's crosswalk is resolved against the manifest's directory like
// its previous document, and is refused without one.
func TestResolveItemsReadsTheCrosswalkOfACarryOver(t *testing.T) {
	entries, err := ParseManifest("m", []byte(`[{"file": "v4.xlsx", "previous": "v3.filled.xlsx", "map": "maps/ccm.csv"},
		{"file": "b.xlsx", "previous": "/abs/b.xlsx"}]`))
	if err != nil {
		t.Fatal(err)
	}
	items, err := ResolveItems("/m/manifest.json", "/out", entries, true)
	if err != nil {
		t.Fatal(err)
	}
	if items[0].previous != "/m/v3.filled.xlsx" || items[0].crosswalk != "/m/maps/ccm.csv" || items[1].crosswalk != "" {
		t.Errorf("items %+v %+v: want the crosswalk /m/maps/ccm.csv on the first alone", *items[0], *items[1])
	}
	alone, err := ParseManifest("m", []byte(`[{"file": "v4.xlsx", "answers": "a.json", "map": "ccm.csv"}]`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ResolveItems("/m/manifest.json", "/out", alone, true); err == nil || !strings.Contains(err.Error(), `"map" goes with "previous"`) {
		t.Errorf("a map without previous: %v, want it refused", err)
	}
}
