package pdf

import "testing"

// FuzzCMap feeds the CMap parser (embedded CMaps and ToUnicode maps, both
// untrusted) arbitrary input, then splits and maps codes with the result;
// the same bytes go to the Type 1 built-in encoding reader.
func FuzzCMap(f *testing.F) {
	f.Add([]byte("1 begincodespacerange <00> <80> <8140> <FFFF> endcodespacerange 2 begincidrange <20> <7E> 1 <8140> <817E> 633 endcidrange"))
	f.Add([]byte("2 beginbfchar <0003> <0020> <0011> /fi endbfchar 2 beginbfrange <0024> <0026> <0041> <0030> <0031> [<0061> <00E9>] endbfrange /WMode 1 def /Identity-H usecmap"))
	f.Add([]byte("1 beginbfrange <00000000> <FFFFFFFF> <D83DDE00> endbfrange 1 begincidchar <FFFF> 70000 endcidchar"))
	f.Add([]byte("/Encoding 256 array 0 1 255 {1 index exch /.notdef put} for dup 65 /A put dup 300 /B put readonly def currentfile eexec"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m := parseCMap(b)
		for rest := b; len(rest) > 0; {
			code, n := m.next(rest)
			if n < 1 || n > len(rest) {
				t.Fatalf("next took %d of %d bytes", n, len(rest))
			}
			rest = rest[n:]
			m.cid(code)
			m.text(code)
		}
		_, _ = type1Encoding(b)
		_, _ = predefinedCMap(string(b))
	})
}
