package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestParseTagged(t *testing.T) {
	cases := []struct {
		name, in string
		want     []span
	}{
		{"plain", "a < b & c", []span{{text: "a < b & c"}}},
		{"bold and nested italic", "x <b>y <i>z</i></b>", []span{{text: "x "}, {text: "y ", style: styleBold}, {text: "z", style: styleBold | styleItalic}}},
		{"tags in any case", "<B>a</B><RunInHeader>h</runinheader>", []span{{text: "a", style: styleBold}, {text: "h", style: styleHeader}}},
		{"definition and header", "<header>H.</header> <definition>T</definition>", []span{{text: "H.", style: styleHeader}, {text: " "}, {text: "T", style: styleDefinition}}},
		{"entities", "&lt;b&gt; &amp;amp; &quot;q&apos; &copy;", []span{{text: `<b> &amp; "q' &copy;`}}},
		{"empty element", "a<u></u>b", []span{{text: "a"}, {text: "b"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseTagged("P1", c.in)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.want) {
				t.Fatalf("spans = %+v, want %+v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("span %d = %+v, want %+v", i, got[i], c.want[i])
				}
			}
		})
	}
}

func TestParseTaggedRefusals(t *testing.T) {
	for in, want := range map[string]string{
		"<p>x</p>":                 "<p> in answer_text is not an inline tag",
		`<b class="x">y</b>`:       `<b class="x"> in answer_text is not an inline tag`,
		"<br/>":                    "<br/> in answer_text is not an inline tag",
		"a</b>":                    "</b> in answer_text closes no open tag",
		"<b><i>x</b></i>":          "</b> in answer_text closes no open tag (the open tag is <i>)",
		"<definition>x":            "<definition> in answer_text is never closed",
		"<!-- note -->":            "<!-- note --> in answer_text is not an inline tag",
		"mail <jo@example.com> ok": "<jo@example.com> in answer_text is not an inline tag",
	} {
		_, err := parseTagged("P1", in)
		if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), want) {
			t.Errorf("parseTagged(%q) err = %v, want %q", in, err, want)
		}
	}
}

// FuzzParseTagged: the parser never panics, either refuses with a typed
// error or returns spans that hold no inline tag, and leaves text with no
// markup characters as it is.
func FuzzParseTagged(f *testing.F) {
	for _, s := range []string{"<b>a</b>", "<definition>T</definition> means", "&lt;&amp", "<<b>>", "</", "<RunInHeader>x</RunInHeader>", "a<b", "<i><u>x</u></i>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		spans, err := parseTagged("P1", in)
		if err != nil {
			if !errors.Is(err, formats.ErrInvalidArgument) {
				t.Fatalf("untyped: %v", err)
			}
			return
		}
		text := spansText(spans)
		if !strings.ContainsAny(in, "<&") && text != in {
			t.Fatalf("plain %q came back as %q", in, text)
		}
		for _, s := range spans {
			if s.text == "" {
				t.Fatalf("empty span in %+v", spans)
			}
		}
		if strings.Count(in, "<") == 0 && styled(spans) {
			t.Fatalf("styles without tags: %+v", spans)
		}
	})
}
