package xmllex

import (
	"encoding/xml"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestEntityReadsWhatOOXMLWrites: the predefined entities and character
// references resolve, and everything else, including characters XML
// forbids, is refused, whether the reference comes as a string or bytes.
func TestEntityReadsWhatOOXMLWrites(t *testing.T) {
	cases := []struct {
		ref  string
		want rune
		ok   bool
	}{
		{"lt", '<', true}, {"gt", '>', true}, {"amp", '&', true}, {"apos", '\'', true}, {"quot", '"', true},
		{"#65", 'A', true}, {"#x41", 'A', true}, {"#x7b", '{', true}, {"#x7B", '{', true},
		{"#0000000065", 'A', true}, {"#x10FFFF", 0x10FFFF, true}, {"#9", '\t', true},
		{"nbsp", 0, false}, {"", 0, false}, {"#", 0, false}, {"#x", 0, false}, {"#X41", 0, false},
		{"#-65", 0, false}, {"#+65", 0, false}, {"#6a", 0, false}, {"#x110000", 0, false},
		{"#0", 0, false}, {"#x1", 0, false}, {"#xD800", 0, false}, {"#xFFFE", 0, false},
		{"#99999999999999999999", 0, false}, {"#4294967361", 0, false}, {"LT", 0, false}, {"ampx", 0, false},
	}
	for _, c := range cases {
		r, ok := Entity(c.ref)
		rb, okb := Entity([]byte(c.ref))
		if ok != c.ok || ok && r != c.want {
			t.Errorf("Entity(%q) = %q, %v; want %q, %v", c.ref, r, ok, c.want, c.ok)
		}
		if r != rb || ok != okb {
			t.Errorf("Entity(%q) reads %q, %v from a string but %q, %v from bytes", c.ref, r, ok, rb, okb)
		}
	}
}

// TestEntityDoesNotAllocate: Excel's pass resolves the references of a
// whole workbook's text through it.
func TestEntityDoesNotAllocate(t *testing.T) {
	for _, ref := range []string{"amp", "#x41", "#65", "nbsp"} {
		b := []byte(ref)
		if n := testing.AllocsPerRun(100, func() { _, _ = Entity(b) }); n != 0 {
			t.Errorf("Entity(%q) allocates %v times", ref, n)
		}
	}
}

// strconvRef is how Word's reader decoded character references before
// the readers shared this package: the rules CharRef must keep.
func strconvRef(ref string) (rune, bool) {
	if !strings.HasPrefix(ref, "#") {
		return 0, false
	}
	var n uint64
	var err error
	if strings.HasPrefix(ref, "#x") {
		n, err = strconv.ParseUint(ref[2:], 16, 32)
	} else {
		n, err = strconv.ParseUint(ref[1:], 10, 32)
	}
	if err != nil || !IsChar(rune(n)) || n > utf8.MaxRune {
		return 0, false
	}
	return rune(n), true
}

// FuzzEntity holds Entity to encoding/xml, which etree and excelize read
// with: whatever it resolves, encoding/xml resolves to the same character;
// and to the strconv rules Word's reader had for character references.
func FuzzEntity(f *testing.F) {
	for _, s := range []string{"amp", "#65", "#x41", "#x10FFFF", "#00065", "#xD800", "nbsp", "#", "#x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, ref string) {
		if strings.ContainsAny(ref, ";<&") {
			return
		}
		r, ok := Entity(ref)
		if rb, okb := Entity([]byte(ref)); rb != r || okb != ok {
			t.Fatalf("Entity(%q): %q, %v from a string, %q, %v from bytes", ref, r, ok, rb, okb)
		}
		if strings.HasPrefix(ref, "#") {
			if want, wantOK := strconvRef(ref); want != r || wantOK != ok {
				t.Fatalf("CharRef(%q) = %q, %v; the strconv rules give %q, %v", ref, r, ok, want, wantOK)
			}
		}
		if !ok {
			return
		}
		d := xml.NewDecoder(strings.NewReader("<a>&" + ref + ";</a>"))
		var got struct {
			Text string `xml:",chardata"`
		}
		if err := d.Decode(&got); err != nil {
			t.Fatalf("Entity(%q) = %q, but encoding/xml refuses it: %v", ref, r, err)
		}
		if got.Text != string(r) {
			t.Fatalf("Entity(%q) = %q, encoding/xml reads %q", ref, r, got.Text)
		}
	})
}
