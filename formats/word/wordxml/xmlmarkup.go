package wordxml

import (
	"errors"
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats/internal/xmllex"
)

// The markup other than elements and text: processing instructions
// (the XML declaration among them), comments and CDATA sections.

func (r *xmlReader) procInst() error {
	raw, next, ok := xmllex.Until(r.b, r.i+2, "?>")
	if !ok {
		return errors.New("unterminated processing instruction")
	}
	body := string(raw)
	r.i = next
	target, inst := cutSpace(body)
	if target == "" || !validName(target) {
		return errors.New("bad processing instruction target")
	}
	if target == "xml" {
		if len(r.stack) > 1 || r.roots > 0 {
			return errors.New("XML declaration after the root element")
		}
		if v := xmllex.DeclVersion(inst); v != "" && v != "1.0" {
			return fmt.Errorf("XML version %q; only 1.0 is supported", v)
		}
	}
	if len(r.held) == 0 {
		r.top().CreateProcInst(target, strings.TrimLeft(inst, " \t\r\n"))
	}
	return nil
}

// cutSpace splits at the first white space.
func cutSpace(s string) (string, string) {
	i := strings.IndexAny(s, " \t\r\n")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i+1:]
}

func (r *xmlReader) comment() error {
	raw, next, ok := xmllex.Until(r.b, r.i+4, "-->")
	if !ok {
		return errors.New("unterminated comment")
	}
	data := string(raw)
	if strings.Contains(data, "--") || strings.HasSuffix(data, "-") {
		// "--->" ends a comment in "-", which XML forbids as it does "--".
		return errors.New(`"--" inside a comment`)
	}
	r.i = next
	if len(r.held) == 0 {
		r.top().CreateComment(data)
	}
	return nil
}

func (r *xmlReader) cdata() error {
	if r.outsideRoot() {
		return errors.New("CDATA outside the root element")
	}
	data, next, ok := xmllex.Until(r.b, r.i+len("<![CDATA["), "]]>")
	if !ok {
		return errors.New("unterminated CDATA section")
	}
	if err := checkChars(data); err != nil {
		return err
	}
	r.i = next
	if len(r.held) == 0 {
		r.top().CreateText(lineEnds(string(data)))
	}
	return nil
}

// lineEnds normalises a CDATA section's line ends as XML 1.0 (2.11) has a
// parser do for all text, and etree and encoding/xml do: "\r\n" and a
// lone "\r" both become "\n".
func lineEnds(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}
