package formats

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCompactJSONAlwaysHasTargetsKey(t *testing.T) {
	for _, tc := range []struct {
		name string
		cs   CompactStructure
		want string
	}{
		{"no targets at all", CompactStructure{CompactText: "x"}, `"targets":[]`},
		{"empty list", CompactStructure{Targets: []Target{}}, `"targets":[]`},
		{"one target", CompactStructure{Targets: []Target{{ID: "S1-R2-C3", Kind: TargetText}}}, `"targets":[{"id":"S1-R2-C3"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.cs)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), tc.want) {
				t.Errorf("JSON %s lacks %s", b, tc.want)
			}
			p := &tc.cs // through a pointer too, as callers marshal it
			if b, _ := json.Marshal(p); !strings.Contains(string(b), `"targets":`) {
				t.Errorf("JSON via pointer %s has no targets key", b)
			}
		})
	}
}
