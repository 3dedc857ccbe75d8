package excel

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestSheetLanesMapAsOneLane makes the map and the document view of every
// real workbook in one lane and in two, with every sheet taking a lane:
// the two must be the same, element by element. The engine is bound to a
// context, so that the lanes' Stoppers are exercised too (under -race in
// CI).
func TestSheetLanesMapAsOneLane(t *testing.T) {
	e := formats.WithContext(t.Context(), New())
	for name, doc := range workbooks(t) {
		t.Run(name, func(t *testing.T) {
			oneLane(t)
			wantMap, err := e.ExtractCompact(doc)
			must(t, err)
			wantView, err := e.ReadDocument(doc)
			must(t, err)
			smallLanes(t)
			for range 2 {
				gotMap, err := e.ExtractCompact(doc)
				must(t, err)
				if !reflect.DeepEqual(gotMap, wantMap) {
					t.Fatalf("the map in lanes differs from the map in one lane")
				}
				gotView, err := e.ReadDocument(doc)
				must(t, err)
				if !reflect.DeepEqual(gotView, wantView) {
					t.Fatalf("the view in lanes differs from the view in one lane")
				}
			}
		})
	}
}

// sheetEntry is a <sheet> of workbook.xml; its name and sheetId.
var (
	sheetEntry = regexp.MustCompile(`<sheet [^>]*?(/>|></sheet>)`)
	sheetName  = regexp.MustCompile(` name="[^"]*"`)
	sheetID    = regexp.MustCompile(` sheetId="\d+"`)
)

// twiceNamedParts returns doc with each sheet named twice in workbook.xml:
// the second entry, "copy N", has the first's relationship, so the two
// sheets read one part.
func twiceNamedParts(t *testing.T, doc []byte) []byte {
	t.Helper()
	n := 0
	book := sheetEntry.ReplaceAllFunc(zipEntry(t, doc, "xl/workbook.xml"), func(el []byte) []byte {
		n++
		twin := sheetName.ReplaceAll(el, []byte(fmt.Sprintf(` name="copy %d"`, n)))
		twin = sheetID.ReplaceAll(twin, []byte(fmt.Sprintf(` sheetId="%d"`, 5000+n)))
		return append(append([]byte{}, el...), twin...)
	})
	if n == 0 {
		t.Fatal("workbook.xml names no sheet")
	}
	return rezip(t, unzip(t, doc), "xl/workbook.xml", book)
}

// TestSheetLanesMapSheetsSharingAPartAsOneLane names every sheet of each
// real workbook twice, the two entries reading one part: the two sheets
// must not share what their lanes fill in (a formula index, a stub's
// workbook), and the map and view are those of one lane.
func TestSheetLanesMapSheetsSharingAPartAsOneLane(t *testing.T) {
	e := formats.WithContext(t.Context(), New())
	for name, doc := range workbooks(t) {
		t.Run(name, func(t *testing.T) {
			doc := twiceNamedParts(t, doc)
			oneLane(t)
			wantMap, err := e.ExtractCompact(doc)
			must(t, err)
			wantView, err := e.ReadDocument(doc)
			must(t, err)
			if !strings.Contains(wantMap.CompactText, `"copy 1"`) {
				t.Fatalf("the map has no sheet \"copy 1\": the workbook was not changed as the test needs")
			}
			smallLanes(t)
			laneLimit = func() int { return 4 }
			gotMap, err := e.ExtractCompact(doc)
			must(t, err)
			gotView, err := e.ReadDocument(doc)
			must(t, err)
			if !reflect.DeepEqual(gotMap, wantMap) || !reflect.DeepEqual(gotView, wantView) {
				t.Fatalf("the map or view in lanes differs from the one in one lane")
			}
		})
	}
}

func TestSheetsInLanesFailAsTheSheetsInOrderWould(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lanes int
		fail  map[int]string // sheet: "error" or "panic"
		want  string         // what eachSheet returns or raises
	}{
		{"none, one lane", 1, nil, ""},
		{"none, two lanes", 2, nil, ""},
		{"an error, two lanes", 2, map[int]string{2: "error"}, "error 2"},
		{"a panic, two lanes", 2, map[int]string{1: "panic"}, "panic 1"},
		{"an error before a panic, two lanes", 2, map[int]string{0: "error", 2: "panic"}, "error 0"},
		{"a panic before an error, two lanes", 2, map[int]string{1: "panic", 2: "error"}, "panic 1"},
		{"two errors, one lane: the first", 1, map[int]string{2: "error", 1: "error"}, "error 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			smallLanes(t)
			laneLimit = func() int { return tc.lanes }
			wb, err := open(fixture(t))
			must(t, err)
			wb.stop = formats.NewStopper(t.Context(), 1)
			if len(wb.sheets) < 3 {
				t.Fatalf("the fixture has %d sheets, the test needs 3", len(wb.sheets))
			}
			var mu sync.Mutex
			done := map[int]bool{}
			got := func() (r string) {
				defer func() {
					if p := recover(); p != nil {
						r = fmt.Sprint(p)
					}
				}()
				err := wb.eachSheet(func(i int, stop *formats.Stopper) error {
					if tc.lanes > 1 && (stop == nil || stop == wb.stop) {
						t.Errorf("sheet %d in a lane steps the call's Stopper, not a fork", i)
					}
					mu.Lock()
					done[i] = true
					mu.Unlock()
					switch tc.fail[i] {
					case "error":
						return fmt.Errorf("error %d", i)
					case "panic":
						panic(fmt.Sprintf("panic %d", i))
					}
					return nil
				})
				if err != nil {
					return err.Error()
				}
				return ""
			}()
			if got != tc.want {
				t.Fatalf("eachSheet gave %q, want %q", got, tc.want)
			}
			if tc.fail == nil && len(done) != len(wb.sheets) {
				t.Errorf("%d of %d sheets were worked", len(done), len(wb.sheets))
			}
		})
	}
}
