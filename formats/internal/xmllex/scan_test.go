package xmllex

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestQuotedFindsTheClosingQuote: the value ends at the quote it opened
// with, the other quote is part of it, and a missing quote is told apart
// from an unquoted value.
func TestQuotedFindsTheClosingQuote(t *testing.T) {
	cases := []struct {
		in, raw string
		next    int
		f       Fault
	}{
		{`"abc" x`, "abc", 5, OK},
		{`'a"b'`, `a"b`, 5, OK},
		{`""`, "", 2, OK},
		{`"abc`, "", 0, Unterminated},
		{`abc"`, "", 0, NotQuoted},
		{``, "", 0, NotQuoted},
	}
	for _, c := range cases {
		raw, next, f := Quoted([]byte(c.in), 0)
		if string(raw) != c.raw || next != c.next || f != c.f {
			t.Errorf("Quoted(%q) = %q, %d, %d; want %q, %d, %d", c.in, raw, next, f, c.raw, c.next, c.f)
		}
	}
}

// TestUnescapeResolvesAndChecks: references resolve, line ends are
// normalised only when asked, and each fault names where it lies.
func TestUnescapeResolvesAndChecks(t *testing.T) {
	cases := []struct {
		name     string
		raw      string
		lineEnds bool
		window   int
		want     string
		at       int
		f        Fault
	}{
		{"plain text is copied", "a b\tc", true, 0, "a b\tc", 5, OK},
		{"references resolve", "&lt;&#65;&amp;", true, 0, "<A&", 14, OK},
		{"CR LF and lone CR become LF", "a\r\nb\rc", true, 0, "a\nb\nc", 6, OK},
		{"a CR is a fault without line ends", "a\rb", false, 12, "a", 1, CarriageReturn},
		{"an unknown entity", "x&nbsp;", true, 0, "x", 1, BadRef},
		{"no semicolon", "x&amp", true, 0, "x", 1, Unterminated},
		{"semicolon beyond the window", "&#0000000000065;", false, 12, "", 0, Unterminated},
		{"leading zeros within no window", "&#0000000000065;", true, 0, "A", 16, OK},
		{"a less-than", "a<b", true, 0, "a", 1, LessThan},
		{"a control character", "a\x01", true, 0, "a", 1, BadChar},
		{"bytes that are not UTF-8", "\xff", true, 0, "", 0, BadChar},
		{"U+FFFE", "\xef\xbf\xbe", true, 0, "", 0, BadChar},
		{"non-ASCII is copied", "é€", false, 12, "é€", 5, OK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, at, f := Unescape(nil, []byte(c.raw), c.lineEnds, c.window)
			if string(out) != c.want || at != c.at || f != c.f {
				t.Errorf("Unescape(%q) = %q, %d, %d; want %q, %d, %d", c.raw, out, at, f, c.want, c.at, c.f)
			}
		})
	}
}

// TestEndTagMatchesOnlyTheWholeName: "</w:p>" closes w:p, with white space
// before its '>', but "</w:pPr>" and a truncated tag do not.
func TestEndTagMatchesOnlyTheWholeName(t *testing.T) {
	names := ClassOf(func(c byte) bool { return !IsSpace(c) && c != '>' && c != '/' })
	cases := []struct {
		in   string
		next int
		ok   bool
	}{
		{"</w:p>x", 6, true},
		{"</w:p \n>", 8, true},
		{"</w:pPr>", 0, false},
		{"</w:p", 0, false},
		{"</w:p ", 0, false},
		{"</w:r>", 0, false},
	}
	for _, c := range cases {
		next, ok := EndTag([]byte(c.in), 0, []byte("w:p"), &names)
		if next != c.next || ok != c.ok {
			t.Errorf("EndTag(%q) = %d, %v; want %d, %v", c.in, next, ok, c.next, c.ok)
		}
	}
}

// TestPlainDeclaration: what spreadsheet software writes passes; another
// version or encoding, an unknown pseudo-attribute, non-ASCII or a broken
// declaration does not.
func TestPlainDeclaration(t *testing.T) {
	cases := []struct {
		in   string
		next int
		ok   bool
	}{
		{`<a/>`, 0, true},
		{`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a/>`, 55, true},
		{`<?xml version='1.0'?>`, 21, true},
		{`<?xml version="1.1"?>`, 0, false},
		{`<?xml encoding="latin1"?>`, 0, false},
		{`<?xml foo="1"?>`, 0, false},
		{`<?xml version="1.0"`, 0, false},
		{`<?xmlversion="1.0"?>`, 0, false},
		{`<?xml version="1.0" encoding="ütf"?>`, 0, false},
		{`<?xml version = "1.0" ?>`, 24, true},
	}
	for _, c := range cases {
		next, ok := PlainDeclaration([]byte(c.in))
		if next != c.next || ok != c.ok {
			t.Errorf("PlainDeclaration(%q) = %d, %v; want %d, %v", c.in, next, ok, c.next, c.ok)
		}
	}
}

// TestForbidden finds the first control character or U+FFFE/U+FFFF.
func TestForbidden(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"plain\ttext\r\n", -1}, {"ab\x00", 2}, {"a\xef\xbf\xbfb", 1}, {"\xef\xbf\xbd", -1}, {"a\x1f\x01", 1},
	}
	for _, c := range cases {
		if got := Forbidden([]byte(c.in)); got != c.want {
			t.Errorf("Forbidden(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// FuzzLex holds the scanner to encoding/xml and to plain definitions:
// whatever Unescape accepts, as text or as a value, encoding/xml reads
// the same; a declaration PlainDeclaration passes, encoding/xml accepts;
// Quoted, Span, Space and EndTag find what a naive reading finds.
func FuzzLex(f *testing.F) {
	for _, s := range []string{"a&amp;b", "x\r\ny", "&#x41;&lt;", "\"v\" '", "</w:p >", "&#0000000000065;",
		`<?xml version="1.0" encoding="utf-8"?>`, "é\xef\xbf\xbe", "a]]>b", "&nbsp;"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkUnescape(t, b)
		checkDeclaration(t, b)
		checkScans(t, b)
	})
}

// checkUnescape: what Unescape accepts, encoding/xml reads alike.
func checkUnescape(t *testing.T, raw []byte) {
	if out, _, f := Unescape(nil, raw, true, 0); f == OK && !bytes.Contains(raw, []byte("]]>")) {
		var v struct {
			Text string `xml:",chardata"`
		}
		if err := xml.Unmarshal(append(append([]byte("<a>"), raw...), "</a>"...), &v); err != nil {
			t.Fatalf("Unescape accepts text %q, encoding/xml refuses it: %v", raw, err)
		}
		if v.Text != string(out) {
			t.Fatalf("text %q: Unescape reads %q, encoding/xml %q", raw, out, v.Text)
		}
	}
	if out, _, f := Unescape(nil, raw, false, 12); f == OK && bytes.IndexByte(raw, '"') < 0 {
		var v struct {
			V string `xml:"v,attr"`
		}
		if err := xml.Unmarshal(append(append([]byte(`<a v="`), raw...), `"/>`...), &v); err != nil {
			t.Fatalf("Unescape accepts value %q, encoding/xml refuses it: %v", raw, err)
		}
		if v.V != string(out) {
			t.Fatalf("value %q: Unescape reads %q, encoding/xml %q", raw, out, v.V)
		}
	}
}

// checkDeclaration: a declaration PlainDeclaration passes, encoding/xml
// accepts too.
func checkDeclaration(t *testing.T, b []byte) {
	doc := append([]byte("<?xml "), b...)
	if i := bytes.Index(doc, []byte("?>")); i >= 0 {
		doc = doc[:i+2]
	} else {
		doc = append(doc, "?>"...)
	}
	next, ok := PlainDeclaration(doc)
	if !ok {
		return
	}
	if next != len(doc) {
		t.Fatalf("PlainDeclaration(%q) ends at %d, not at its end", doc, next)
	}
	d := xml.NewDecoder(bytes.NewReader(append(doc, "<a/>"...)))
	for {
		if _, err := d.Token(); err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("PlainDeclaration passes %q, encoding/xml refuses it: %v", doc, err)
			}
			return
		}
	}
}

// checkScans holds Quoted, Span, Space and EndTag to naive readings.
func checkScans(t *testing.T, b []byte) {
	if raw, next, f := Quoted(b, 0); f == OK {
		if len(b) == 0 || !bytes.Equal(b[1:next-1], raw) || b[next-1] != b[0] || bytes.IndexByte(raw, b[0]) >= 0 {
			t.Fatalf("Quoted(%q) = %q, %d", b, raw, next)
		}
	} else if len(b) > 0 && (b[0] == '"' || b[0] == '\'') && bytes.IndexByte(b[1:], b[0]) >= 0 {
		t.Fatalf("Quoted(%q) fails with %d", b, f)
	}
	if n := Span(b, 0, &ASCIIName); strings.TrimLeft(string(b), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:.-") != string(b[n:]) {
		t.Fatalf("Span(%q, ASCIIName) = %d", b, n)
	}
	if n := Space(b, 0); strings.TrimLeft(string(b), " \t\r\n") != string(b[n:]) {
		t.Fatalf("Space(%q) = %d", b, n)
	}
	if !utf8.Valid(b) || len(b) < 2 {
		return
	}
	name := b[:len(b)/2]
	tag := append(append([]byte("</"), name...), b[len(b)/2:]...)
	next, ok := EndTag(tag, 0, name, &ASCIIName)
	rest := tag[2+len(name):]
	want := len(rest) > 0 && !ASCIIName[rest[0]]
	if want {
		k := Space(rest, 0)
		want = k < len(rest) && rest[k] == '>'
		if want && next != 2+len(name)+k+1 {
			t.Fatalf("EndTag(%q, %q) ends at %d", tag, name, next)
		}
	}
	if ok != want {
		t.Fatalf("EndTag(%q, %q) = %v, want %v", tag, name, ok, want)
	}
}
