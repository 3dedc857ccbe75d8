package excel

import (
	"reflect"
	"testing"
)

func TestReadSharedStringsJoinsTextAndDecodesEscapes(t *testing.T) {
	const open = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`
	tests := []struct {
		name, items string
		want        []string
	}{
		{"plain items and an empty one", `<si><t>Yes</t></si><si><t/></si>`, []string{"Yes", ""}},
		{"own text then runs, phonetic runs left out", `<si><r><t>run</t></r><t>own</t><rPh sb="0" eb="1"><t>ph</t></rPh></si>`, []string{"ownrun"}},
		{"escaped characters decoded, an escaped escape kept", `<si><t>a_x000D_b_x005F_x0041_</t></si>`, []string{"a\rb_x0041_"}},
		{"a lone surrogate is no character", `<si><t>a_xD800_b</t></si>`, []string{"ab"}},
		{"the later of two texts counts", `<si><t>a</t><t>b</t></si>`, []string{"b"}},
		{"comments left out, CDATA kept", `<si><t>a<!-- c --><![CDATA[<b>]]></t></si>`, []string{"a<b>"}},
		{"a prefixed table", `<x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:si><x:t>p</x:t></x:si></x:sst>`, []string{"p"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := open + tt.items + `</sst>`
			if tt.items[0:2] == "<x" {
				data = tt.items
			}
			got, err := readSharedStrings([]byte(data), nil)
			must(t, err)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("items %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEncodeXstringRoundTrips(t *testing.T) {
	for _, s := range []string{"plain", "a\rb", "_x0041_", "x\x01y", "_x005F_", "tab\there"} {
		if got := decodeXstring(encodeXstring(s)); got != s {
			t.Errorf("%q encoded and decoded is %q", s, got)
		}
	}
}
