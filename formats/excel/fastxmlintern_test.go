package excel

import (
	"encoding/xml"
	"testing"
	"unsafe"
)

// TestRepeatedAttributeValuesShareAString holds the fast pass to giving
// the recording one string for a value the elements repeat (rows' spans
// and heights), whatever values come between, and the values as written.
func TestRepeatedAttributeValuesShareAString(t *testing.T) {
	data := worksheet("", `<row r="1" spans="1:24" ht="14.25"/><row r="2" spans="1:9" ht="57"/>`+
		`<row r="3" spans="1:24" ht="14.25"/><row r="4" spans="1:24" ht="14.25" x="&amp;"/>`, "")
	var spans, heights []string
	rec := recording{record: func(start bool, el *xml.StartElement, _ int, _, _ int64) {
		if !start || el.Name.Local != "row" {
			return
		}
		s, _ := attr(el, "spans")
		h, _ := attr(el, "ht")
		spans, heights = append(spans, s), append(heights, h)
	}}
	if ok, err := fastCheck(data, rec, nil); !ok || err != nil {
		t.Fatalf("the fast pass gave up (%v)", err)
	}
	want := []string{"1:24", "1:9", "1:24", "1:24"}
	for i := range want {
		if spans[i] != want[i] {
			t.Fatalf("spans %q, want %q", spans, want)
		}
	}
	for _, vs := range [][]string{spans, heights} {
		if unsafe.StringData(vs[0]) != unsafe.StringData(vs[2]) || unsafe.StringData(vs[2]) != unsafe.StringData(vs[3]) {
			t.Errorf("rows 1, 3 and 4 read %q as strings of their own", vs[0])
		}
	}
}
