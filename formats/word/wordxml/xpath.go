package wordxml

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// xpathPattern is the only XPath shape accepted from outside: absolute child
// steps from w:body through WordprocessingML elements, each with an
// optional positive index. No "..", no "//", no wildcards, predicates or
// functions, no other namespaces.
var xpathPattern = regexp.MustCompile(`^(?:/w:document(?:\[1\])?)?/w:body(?:\[1\])?((?:/w:[A-Za-z][A-Za-z0-9]{0,31}(?:\[[1-9][0-9]{0,5}\])?)+)$`)

// maxSteps bounds an XPath's depth below w:body (the parser's depth bound
// makes deeper paths pointless).
const maxSteps = xmllex.MaxDepth

// CheckXPath validates an outside XPath and returns it relative to w:body.
func CheckXPath(xp string) (string, error) {
	xp = strings.TrimSpace(xp)
	var m []string
	if len(xp) <= 64*maxSteps && strings.Count(xp, "/") <= maxSteps {
		m = xpathPattern.FindStringSubmatch(xp)
	}
	if m == nil {
		return "", formats.Errorf(formats.ErrInvalidArgument, xp,
			"unsafe or unsupported XPath; expected absolute child steps such as /w:body/w:tbl[2]/w:tr[3]/w:tc[2] (no //, .., predicates or functions)")
	}
	return "." + m[1], nil
}

// ResolveXPath checks xp and evaluates it against body.
func ResolveXPath(body *etree.Element, xp string) (*etree.Element, error) {
	rel, err := CheckXPath(xp)
	if err != nil {
		return nil, err
	}
	path, err := etree.CompilePath(rel)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidArgument, xp, err, "XPath does not compile")
	}
	el := body.FindElementPath(path)
	if el == nil {
		return nil, formats.Errorf(formats.ErrInvalidArgument, xp, "no element at this XPath")
	}
	return el, nil
}

// XPathOf returns the XPath of el below body, in the accepted form.
func XPathOf(body, el *etree.Element) string {
	var steps []string
	for e := el; e != nil && e != body; e = e.Parent() {
		p := e.Parent()
		if p == nil {
			return ""
		}
		n := 0
		tag := e.FullTag()
		for _, c := range p.Child {
			if ce, ok := c.(*etree.Element); ok && ce.FullTag() == tag {
				n++
				if ce == e {
					break
				}
			}
		}
		steps = append(steps, tag+"["+strconv.Itoa(n)+"]")
	}
	var b strings.Builder
	b.WriteString("/w:body")
	for i := len(steps) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(steps[i])
	}
	return b.String()
}
