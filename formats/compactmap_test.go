package formats

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// builderOp is one call an engine makes on a CompactBuilder.
type builderOp func(b *CompactBuilder)

// randomOps is a random run of calls: lines, holds, elements, aliases,
// id_to_xpath entries (some IDs repeated), complex elements and targets.
func randomOps(rng *rand.Rand, n int) []builderOp { return randomOpsOn(rng, n, "E") }

// randomOpsOn is randomOps on IDs that start with prefix.
func randomOpsOn(rng *rand.Rand, n int, prefix string) []builderOp {
	var ops []builderOp
	for i := range n {
		id := fmt.Sprintf("%s%d", prefix, rng.IntN(n))
		switch rng.IntN(7) {
		case 0:
			ops = append(ops, func(b *CompactBuilder) { b.Hold() })
		case 1, 2:
			marker := ""
			if rng.IntN(3) == 0 {
				marker = " " + TargetMarker + " target"
			}
			ops = append(ops, func(b *CompactBuilder) {
				from := len(b.Text)
				b.Text = fmt.Appendf(b.Text, "%s: line %d%s\n", id, i, marker)
				b.Begin(id, fmt.Sprintf("full %d", i), from)
			})
		case 3:
			ops = append(ops, func(b *CompactBuilder) { b.Alias(id+"-P1", "alias") })
		case 4:
			ops = append(ops, func(b *CompactBuilder) { b.XPath(id, fmt.Sprintf("/x[%d]", i)) })
		case 5:
			ops = append(ops, func(b *CompactBuilder) { b.Complex(fmt.Sprintf("COMPLEX %d", i)) })
		default:
			ops = append(ops, func(b *CompactBuilder) {
				b.Text = fmt.Appendf(b.Text, "=== heading %d ===\n", i)
				b.Structure().Targets = append(b.Structure().Targets, Target{ID: id})
			})
		}
	}
	return ops
}

func TestAppendedPartsBuildTheMapOneBuilderBuilds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for run := range 500 {
		ops := randomOps(rng, 1+rng.IntN(40))
		whole := NewCompactBuilder(0)
		for _, op := range ops {
			op(whole)
		}
		// The same calls cut into parts at random places, some empty,
		// appended one by one and all at once.
		b := NewCompactBuilder(0)
		var parts []*CompactBuilder
		for start := 0; start <= len(ops); {
			end := min(len(ops), start+rng.IntN(6))
			part, again := NewCompactBuilder(0), NewCompactBuilder(0)
			for _, op := range ops[start:end] {
				op(part)
				op(again)
			}
			b.Append(part)
			parts = append(parts, again)
			if end == len(ops) {
				break
			}
			start = end
		}
		all := NewCompactBuilder(0)
		all.AppendAll(parts...)
		want := whole.Finish()
		for way, b := range map[string]*CompactBuilder{"one by one": b, "all at once": all} {
			if got := b.Finish(); !reflect.DeepEqual(got, want) {
				t.Fatalf("run %d: parts appended %s give\n%+v\n%+v\nwant\n%+v\n%+v", run, way, got, got.index, want, want.index)
			}
		}
	}
}
