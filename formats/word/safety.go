package word

import (
	"fmt"
	"sort"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// The safety net: a write that would take out of the document something
// other parts of it point at, or that holds content of its own — a field,
// a footnote or endnote reference, a bookmark, a comment anchor, a content
// control, a drawing or embedded object — is refused unless the answer
// says force. verify compares a written document with its source the same
// way.

// anchor is one such thing: its kind and what names it.
type anchor struct {
	kind string // "field", "footnote reference", "bookmark", …
	name string // the field instruction, the note or comment ID, the name
}

// String names an anchor for messages: `REF field "REF _Ref12 \h"`,
// `footnote reference 22`, `bookmark "_Ref12"`.
func (a anchor) String() string {
	switch a.kind {
	case "field":
		return fieldName(a.name)
	case "footnote reference", "endnote reference", "comment":
		return a.kind + " " + a.name
	}
	if a.name == "" {
		return a.kind
	}
	return fmt.Sprintf("%s %q", a.kind, a.name)
}

// anchorsIn lists the anchors in el (el included), in document order.
func anchorsIn(el *etree.Element) []anchor {
	var out []anchor
	var open []int // indexes in out of fields whose instruction is being read
	descend(el, func(e *etree.Element) bool {
		if e.Space == "mc" && e.Tag == "Fallback" {
			return false
		}
		if e.Space != "w" {
			if e.Tag == "docPr" && len(out) > 0 && out[len(out)-1].kind == "drawing" && out[len(out)-1].name == "" {
				out[len(out)-1].name, _ = attr(e, "", "name")
			}
			return true
		}
		switch e.Tag {
		case "fldChar":
			switch typ, _ := attr(e, "w", "fldCharType"); {
			case typ == "begin":
				open = append(open, len(out))
				out = append(out, anchor{kind: "field"})
			case typ == "end" && len(open) > 0:
				open = open[:len(open)-1]
			case typ == "end":
				out = append(out, anchor{kind: "end of a field", name: "begun before this element"})
			}
		case "instrText":
			if len(open) > 0 {
				a := &out[open[len(open)-1]]
				a.name = strings.Join(strings.Fields(a.name+" "+e.Text()), " ")
			}
		case "fldSimple":
			instr, _ := attr(e, "w", "instr")
			out = append(out, anchor{kind: "field", name: strings.Join(strings.Fields(instr), " ")})
		case "footnoteReference", "endnoteReference":
			id, _ := attr(e, "w", "id")
			out = append(out, anchor{kind: strings.TrimSuffix(e.Tag, "Reference") + " reference", name: id})
		case "bookmarkStart":
			if name, _ := attr(e, "w", "name"); name != "_GoBack" {
				out = append(out, anchor{kind: "bookmark", name: name})
			}
		case "commentReference", "commentRangeStart":
			id, _ := attr(e, "w", "id")
			out = append(out, anchor{kind: "comment", name: id})
		case "sdt":
			out = append(out, anchor{kind: "content control", name: controlName(e)})
		case "drawing":
			out = append(out, anchor{kind: "drawing"})
		case "pict", "object":
			out = append(out, anchor{kind: "embedded object"})
			return false
		}
		return true
	})
	return out
}

// lostAnchors returns the anchors of before that after lacks, counting
// repeats (two REF fields to the same bookmark are two fields).
func lostAnchors(before, after []anchor) []anchor {
	if len(before) == 0 {
		return nil
	}
	left := map[anchor]int{}
	for _, a := range after {
		left[a]++
	}
	var lost []anchor
	for _, a := range before {
		if left[a] > 0 {
			left[a]--
			continue
		}
		lost = append(lost, a)
	}
	return lost
}

// describeAnchors lists anchors for a message, the first few by name.
func describeAnchors(as []anchor) string {
	const shown = 6
	names := make([]string, 0, min(len(as), shown))
	for i, a := range as {
		if i == shown {
			break
		}
		names = append(names, a.String())
	}
	s := strings.Join(names, ", ")
	if len(as) > shown {
		s += fmt.Sprintf(" and %d more", len(as)-shown)
	}
	return s
}

// lossError refuses a write that would lose anchors.
func lossError(id string, mode formats.Mode, lost []anchor) error {
	hint := "use replace_text to change only part of the text"
	if mode == formats.Delete {
		hint = "give find to delete only part of the text"
	}
	return formats.Errorf(formats.ErrInvalidArgument, id,
		"%s would remove %s; %s, or give \"force\": true to write anyway", mode, describeAnchors(lost), hint)
}

// lostIssues are verify's structural issues for anchors the written
// document lost against its source, less those an answer removed on
// purpose (force).
//
// A cross-reference (REF, PAGEREF, NOTEREF) left pointing at a bookmark
// the written document lost is an issue even when the bookmark went on
// purpose: the field will show an error once Word updates it.
func lostIssues(source, written, forced []anchor) []string {
	gone := lostAnchors(source, written)
	lost := lostAnchors(gone, forced)
	sort.SliceStable(lost, func(i, j int) bool { return lost[i].kind < lost[j].kind })
	out := make([]string, 0, len(lost))
	for _, a := range lost {
		out = append(out, "lost against the source document: "+a.String())
	}
	return append(out, danglingReferences(gone, written)...)
}

// danglingReferences lists the cross-reference fields of written that
// point at one of the bookmarks in gone.
func danglingReferences(gone, written []anchor) []string {
	var out []string
	for _, d := range danglingRefs(gone, written) {
		out = append(out, d.text)
	}
	return out
}

// dangling is one cross-reference to a lost bookmark: the bookmark's name
// and the warning.
type dangling struct{ mark, text string }

// danglingRefs is danglingReferences with the bookmark each warning is
// about.
func danglingRefs(gone, written []anchor) []dangling {
	lostMarks := map[string]bool{}
	for _, a := range gone {
		if a.kind == "bookmark" {
			lostMarks[a.name] = true
		}
	}
	if len(lostMarks) == 0 {
		return nil
	}
	var out []dangling
	for _, a := range written {
		if a.kind != "field" {
			continue
		}
		f := strings.Fields(a.name)
		if len(f) >= 2 && crossReference[strings.ToUpper(f[0])] && lostMarks[f[1]] {
			out = append(out, dangling{f[1], fmt.Sprintf("%s points at bookmark %q, which the written document lost: Word will show an error when it updates the field", fieldName(a.name), f[1])})
		}
	}
	return out
}

// crossReference names the fields that show a bookmark's text, page or
// number.
var crossReference = map[string]bool{"REF": true, "PAGEREF": true, "NOTEREF": true}

// VerifyAgainst implements formats.SourceVerifier: verify_output on doc,
// with everything doc lost against source (fields, footnote and endnote
// references, bookmarks, comment anchors, content controls, drawings and
// embedded objects)
// reported as structural issues.
func (e *Engine) VerifyAgainst(source, doc []byte, expected []formats.ExpectedAnswer) (*formats.VerificationReport, error) {
	if err := formats.CheckCount("expected", len(expected)); err != nil {
		return nil, err
	}
	src, err := open(source, formatting, e.stopper())
	if err != nil {
		return nil, fmt.Errorf("source document: %w", err)
	}
	d, err := open(doc, formatting, e.stopper())
	if err != nil {
		return nil, err
	}
	rep, err := d.verify(expected)
	if err != nil {
		return nil, err
	}
	issues := append(rep.StructuralIssues, lostIssues(anchorsIn(src.body), anchorsIn(d.body), nil)...)
	against := formats.Report(issues, rep.ContentResults, expected)
	against.Review = rep.Review
	return against, nil
}
