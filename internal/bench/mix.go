package bench

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// DefaultMix is the job mix of a bulk questionnaire run: mostly fills, some
// agents reading structure, a few re-verifications.
const DefaultMix = "fill=70,extract_compact=20,verify=10"

// benchKinds are the job kinds the bench can build payloads for, with what
// each needs. build_insertion is left out: it works on an XML snippet, not
// on a document, so it says nothing about document throughput.
var benchKinds = []string{
	"extract_compact", "extract_raw", "extract_text", "fill",
	"list_fields", "validate", "verify", "write",
}

// maxWeight bounds a weight so that sums of weights cannot overflow.
const maxWeight = 1_000_000

// MixEntry is one kind of job and its weight in the mix.
type MixEntry struct {
	Kind   string `json:"kind"`
	Weight int    `json:"weight"`
}

// Mix is a weighted list of job kinds, in the order given.
type Mix []MixEntry

// ParseMix reads "kind=weight,kind=weight". Weights are positive integers
// (percentages by convention, but any ratio works); a kind may appear once.
func ParseMix(s string) (Mix, error) {
	var m Mix
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		kind, weight, ok := strings.Cut(part, "=")
		kind = strings.TrimSpace(kind)
		if !ok {
			return nil, fmt.Errorf("mix entry %q: want kind=weight, e.g. %s", part, DefaultMix)
		}
		if !isBenchKind(kind) {
			return nil, fmt.Errorf("mix entry %q: unknown kind %q; want one of %s", part, kind, strings.Join(benchKinds, ", "))
		}
		if seen[kind] {
			return nil, fmt.Errorf("mix entry %q: kind %s given twice", part, kind)
		}
		w, err := strconv.Atoi(strings.TrimSpace(weight))
		if err != nil || w <= 0 || w > maxWeight {
			return nil, fmt.Errorf("mix entry %q: weight %q must be a positive integer up to %d", part, weight, maxWeight)
		}
		seen[kind] = true
		m = append(m, MixEntry{Kind: kind, Weight: w})
	}
	if len(m) == 0 {
		return nil, fmt.Errorf("empty mix: want kind=weight pairs, e.g. %s", DefaultMix)
	}
	return m, nil
}

func isBenchKind(k string) bool { return slices.Contains(benchKinds, k) }

// String renders the mix in the form ParseMix reads.
func (m Mix) String() string {
	parts := make([]string, len(m))
	for i, e := range m {
		parts[i] = fmt.Sprintf("%s=%d", e.Kind, e.Weight)
	}
	return strings.Join(parts, ",")
}

// Sequence returns n kinds in the mix's proportions, interleaved (smooth
// weighted round robin) so that any prefix of the sequence — what has run
// when a bench is cut short — has close to the same mix as the whole.
func (m Mix) Sequence(n int) []string {
	total := 0
	for _, e := range m {
		total += e.Weight
	}
	current := make([]int, len(m))
	out := make([]string, 0, n)
	for len(out) < n {
		best := 0
		for i, e := range m {
			current[i] += e.Weight
			if current[i] > current[best] {
				best = i
			}
		}
		current[best] -= total
		out = append(out, m[best].Kind)
	}
	return out
}
