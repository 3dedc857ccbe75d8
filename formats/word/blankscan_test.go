package word

import (
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// FuzzBlankScan checks the hand-written scanner against the expressions it
// stands for: the same spans, the same text with them removed.
func FuzzBlankScan(f *testing.F) {
	for _, s := range []string{"Name: ____", "[Insert date] and [5 USC 552a]", "<system name> <>", "☐ Yes ☐ No",
		"Click or tap here to enter text.", "[[BLOCK:x]]", "__", "[a\nb]", "<a<b>", "Choose an item.Choose", "\xff[\xfe]",
		"\xe2\x98[x]", "\xe2☐_\x98___", "[é \xe2\x98 ☐]", "<\xe2\x98\x90>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, c := range []struct {
			name string
			scan blankSyntax
			want func(string) [][]int
			repl func(string) string
		}{
			{"blankPattern", blankScan, func(s string) [][]int { return blankPattern.FindAllStringIndex(s, -1) }, func(s string) string { return blankPattern.ReplaceAllString(s, "") }},
			{"placeholderPattern", placeholderScan, func(s string) [][]int { return placeholderPattern.FindAllStringIndex(s, -1) }, func(s string) string { return placeholderPattern.ReplaceAllString(s, "") }},
		} {
			if got, want := fmt.Sprint(c.scan.spans(text)), fmt.Sprint(c.want(text)); got != want {
				t.Fatalf("%s spans of %q: scanner %s, expression %s", c.name, text, got, want)
			}
			if got, want := c.scan.strip(text), c.repl(text); got != want {
				t.Fatalf("%s strip of %q: scanner %q, expression %q", c.name, text, got, want)
			}
		}
	})
}

// FuzzHasASCIIFold checks hasASCIIFold against upper-casing the text.
func FuzzHasASCIIFold(f *testing.F) {
	for _, s := range []string{"FORMTEXT", "formtext", "FormText field", "form text", "\xffFORMTEX", "ＦORMTEXT", "xformtextx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := hasASCIIFold(text, "FORMTEXT"), strings.Contains(strings.ToUpper(text), "FORMTEXT"); got != want {
			t.Fatalf("hasASCIIFold(%q) = %v, upper-cased: %v", text, got, want)
		}
	})
}

// TestFirstTextIsFindString checks firstText against the expression's
// FindString on the blanks describe reads.
func TestFirstTextIsFindString(t *testing.T) {
	for _, s := range []string{"Name: ____ and [Date]", "[Insert date]", "none", "☐ Yes", "Click here to enter text. [x]", ""} {
		if got, want := placeholderScan.firstText(s), placeholderPattern.FindString(s); got != want {
			t.Errorf("firstText(%q) = %q, FindString %q", s, got, want)
		}
	}
}

// FuzzPrefilters checks that the literal filters before the signature,
// issuer-section and example-row expressions (formats.Pattern) never hide
// a match, on the texts these expressions are asked about.
func FuzzPrefilters(f *testing.F) {
	for _, s := range []string{"Signature:", "SIGNED by", "ſigned", "xſignature", "To be completed by the Agency", "FOR OFFICE USE ONLY",
		"office uſe only", "designed", "Assignee", "to  be", "Example: Data centers", " e.g. Boston", "<Use Case Example - Please Delete>", "[examples]",
		"“Signature” of the issuer", "\u212a ſigned"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for name, p := range map[string]*formats.Pattern{"signatureWord": signatureWord, "issuerSection": issuerSection, "exampleLead": exampleLead, "exampleNote": exampleNote} {
			if got, want := p.MatchString(text), p.Regexp.MatchString(text); got != want {
				t.Fatalf("%s.MatchString(%q) = %v, expression %v", name, text, got, want)
			}
		}
		if got, want := glyphFree(text), glyphRemover.Replace(text); got != want {
			t.Fatalf("glyphFree(%q) = %q, replacer %q", text, got, want)
		}
	})
}

// TestSnippetIsCutXML checks that the bounded snippet is the whole
// element's XML cut as before, on elements shorter and longer than the cut.
func TestSnippetIsCutXML(t *testing.T) {
	for _, n := range []int{1, 5, 40, 200} {
		body := strings.Repeat(`<w:r><w:t>Über “quoted” text</w:t></w:r>`, n)
		x, err := readXML([]byte(`<w:p xmlns:w="`+nsW+`">`+body+`</w:p>`), maxDepth, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		el := x.Root()
		want := elementXML(el)
		if len(want) > maxSnippet {
			cut := maxSnippet
			for cut > 0 && !utf8Start(want[cut]) {
				cut--
			}
			want = want[:cut] + "…"
		}
		if got := snippet(el); got != want {
			t.Errorf("%d runs: snippet %q, want %q", n, got, want)
		}
	}
}

// FuzzFieldsAtMost checks fieldsAtMost against counting strings.Fields.
func FuzzFieldsAtMost(f *testing.F) {
	for _, s := range []string{"", "one", " two  words ", "nbsp\u00a0x\u2003y", "\xff \t\xfe", "a\u0085b"} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if got, want := fieldsAtMost(s, n), len(strings.Fields(s)) <= n; got != want {
			t.Errorf("fieldsAtMost(%q, %d) = %v, want %v", s, n, got, want)
		}
	})
}

// FuzzQuoted holds quoted to its definition with IndexAny and ContainsAny
// over the quote sets, on every split of the text around a match.
func FuzzQuoted(f *testing.F) {
	for _, s := range []string{`the format of “[Company Name] Inc.”`, `say "[x]" here`, "“[a]", "[a]”", "\xe2\x80“[b]\x9d”", "\"“”[c]\"", "\xf0\xe2\x80\x9c[d]\xe2\x80\x9d"} {
		f.Add(s, 3, 6)
	}
	f.Fuzz(func(t *testing.T, text string, a, b int) {
		if a < 0 || b < a || b > len(text) {
			return
		}
		loc := []int{a, b}
		before := text[:a]
		open := strings.LastIndexAny(before, "“\"")
		want := open >= 0 && !strings.ContainsAny(before[open+1:], "”") && strings.ContainsAny(text[b:], "”\"")
		if got := quoted(text, loc); got != want {
			t.Errorf("quoted(%q, %v) = %v, want %v", text, loc, got, want)
		}
	})
}
