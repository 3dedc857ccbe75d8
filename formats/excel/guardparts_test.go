package excel

import (
	"archive/zip"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// smallLanes makes every workbook large enough for two lanes, whatever
// the machine, until the test ends.
func smallLanes(t *testing.T) {
	oldBytes, oldCells, oldLimit := guardLaneBytes, sheetLaneCells, laneLimit
	guardLaneBytes, sheetLaneCells, laneLimit = 1, 0, func() int { return 2 }
	t.Cleanup(func() { guardLaneBytes, sheetLaneCells, laneLimit = oldBytes, oldCells, oldLimit })
}

// oneLane makes every call take one lane, whatever the machine.
func oneLane(t *testing.T) {
	old := laneLimit
	laneLimit = func() int { return 1 }
	t.Cleanup(func() { laneLimit = old })
}

func TestGuardLanesShareThePartsByDeclaredSize(t *testing.T) {
	for _, tc := range []struct {
		name      string
		sizes     []uint64
		n         int
		laneBytes uint64
		want      [][]int
	}{
		{"one large part and three small", []uint64{10, 1, 1, 1}, 2, 1, [][]int{{0}, {1, 2, 3}}},
		{"equal parts alternate, ties in archive order", []uint64{5, 5, 5, 5}, 2, 1, [][]int{{0, 2}, {1, 3}}},
		{"the largest part last, each lane largest first", []uint64{1, 2, 3, 9}, 2, 1, [][]int{{3}, {2, 1, 0}}},
		{"more lanes than parts", []uint64{4, 4}, 4, 1, [][]int{{0}, {1}}},
		{"too little XML for a second lane", []uint64{100, 100, 100}, 2, 512, [][]int{{0, 1, 2}}},
		{"enough XML for two lanes of three", []uint64{600, 300, 300, 100}, 3, 512, [][]int{{0, 3}, {1, 2}}},
		{"one core", []uint64{5, 5, 5}, 1, 1, [][]int{{0, 1, 2}}},
		{"no parts", nil, 2, 1, [][]int{{}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := guardLaneBytes
			guardLaneBytes = tc.laneBytes
			defer func() { guardLaneBytes = old }()
			parts := make([]*zip.File, len(tc.sizes))
			for i, size := range tc.sizes {
				parts[i] = &zip.File{FileHeader: zip.FileHeader{Name: fmt.Sprint(i), UncompressedSize64: size}}
			}
			got := guardLanes(parts, tc.n)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("lanes = %v, want %v", got, tc.want)
			}
			if again := guardLanes(parts, tc.n); !reflect.DeepEqual(again, got) {
				t.Fatalf("the same parts shared again: %v, then %v", got, again)
			}
		})
	}
}

// TestLanesScanAsOnePass checks every real workbook in lanes and in one
// pass: the scans must be the same.
func TestLanesScanAsOnePass(t *testing.T) {
	smallLanes(t)
	for name, doc := range workbooks(t) {
		a, err := formats.OpenArchive(doc, formats.DefaultArchiveLimits)
		must(t, err)
		want, err := checkPartsInLanes(a, nil, 1)
		must(t, err)
		got, err := checkPartsInLanes(a, nil, 3)
		must(t, err)
		if len(got.sheets) != len(want.sheets) || len(want.sheets) == 0 {
			t.Fatalf("%s: %d scans in lanes, %d in one pass", name, len(got.sheets), len(want.sheets))
		}
		for part, w := range want.sheets {
			if !reflect.DeepEqual(got.sheets[part], w) {
				t.Errorf("%s: %s scans differently in lanes", name, part)
			}
		}
		if !reflect.DeepEqual(got.sharedStrings, want.sharedStrings) {
			t.Errorf("%s: the shared strings scan differently in lanes", name)
		}
	}
}

// TestLanesRefuseWhatOnePassRefusesFirst breaks two parts of a workbook at
// a time, in every order, and checks that the lanes refuse it with the
// error a pass in archive order meets first, however they are scheduled.
func TestLanesRefuseWhatOnePassRefusesFirst(t *testing.T) {
	smallLanes(t)
	parts := unzip(t, fixture(t))
	var xmlNames []string
	for _, p := range parts {
		if strings.HasSuffix(p.name, ".xml") || strings.HasSuffix(p.name, ".rels") {
			xmlNames = append(xmlNames, p.name)
		}
	}
	if len(xmlNames) < 4 {
		t.Fatalf("the fixture has %d XML parts", len(xmlNames))
	}
	broken := map[string]string{} // how each part is broken, by name
	for i, name := range xmlNames {
		switch i % 3 {
		case 0:
			broken[name] = "<a><b></a>"
		case 1:
			broken[name] = `<!DOCTYPE a [<!ENTITY x "y">]><a/>`
		default:
			broken[name] = strings.Repeat("<a>", maxDepth+1)
		}
	}
	for i, first := range xmlNames {
		for _, second := range xmlNames[i+1:] {
			var doc []byte
			edited := slices.Clone(parts)
			for k, p := range edited {
				if p.name == first || p.name == second {
					edited[k].data = []byte(broken[p.name])
				}
			}
			doc = rezip(t, edited, "", nil)
			a, err := formats.OpenArchive(doc, formats.DefaultArchiveLimits)
			must(t, err)
			_, want := checkPartsInLanes(a, nil, 1)
			if want == nil || !strings.Contains(want.Error(), first) {
				t.Fatalf("%s and %s broken: one pass gives %v, want %s's refusal", first, second, want, first)
			}
			for range 5 {
				if _, got := checkPartsInLanes(a, nil, 3); got == nil || got.Error() != want.Error() {
					t.Fatalf("%s and %s broken: lanes give %v, one pass %v", first, second, got, want)
				}
			}
		}
	}
}

// inflated is the size of a's entries, inflated.
func inflated(a *formats.Archive) (n uint64) {
	for _, f := range a.Zip.File {
		n += f.UncompressedSize64
	}
	return n
}

// BenchmarkGuard checks the parts of the largest real workbook (inflated) in
// one pass and in lanes (go test -bench Guard ./formats/excel).
func BenchmarkGuard(b *testing.B) {
	var a *formats.Archive
	for _, doc := range workbooks(b) {
		if c, err := formats.OpenArchive(doc, formats.DefaultArchiveLimits); err == nil && (a == nil || inflated(c) > inflated(a)) {
			a = c
		}
	}
	for _, n := range []int{1, 2} {
		b.Run(fmt.Sprintf("lanes=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := checkPartsInLanes(a, nil, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
