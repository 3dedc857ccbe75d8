package word

import (
	"strings"
	"unicode/utf8"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// fragmentNamespaces are declared around every fragment from outside so
// snippets copied out of a document parse without their declarations.
const fragmentNamespaces = `xmlns:w="` + nsW + `" ` +
	`xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ` +
	`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ` +
	`xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"`

// maxFragment bounds a fragment from outside (an answer or a snippet).
const maxFragment = 1 << 20

// allowedInsertion lists the WordprocessingML elements an insertion may
// hold: text, runs, paragraphs and their formatting. Anything else (fields,
// drawings, controls, section breaks, foreign namespaces) is refused.
var allowedInsertion = map[string]bool{
	"r": true, "t": true, "rPr": true, "br": true, "tab": true, "cr": true, "p": true, "pPr": true,
	"rStyle": true, "rFonts": true, "b": true, "bCs": true, "i": true, "iCs": true, "u": true,
	"strike": true, "dstrike": true, "caps": true, "smallCaps": true, "color": true, "sz": true,
	"szCs": true, "highlight": true, "shd": true, "vertAlign": true, "lang": true, "spacing": true,
	"pStyle": true, "jc": true, "ind": true, "numPr": true, "ilvl": true, "numId": true,
	"keepNext": true, "keepLines": true, "noProof": true, "kern": true, "w": true, "position": true,
	"softHyphen": true, "noBreakHyphen": true, "sym": true, "lastRenderedPageBreak": true,
}

// parseFragment parses XML from outside that may hold several top-level
// elements and lack namespace declarations.
func parseFragment(s string) ([]*etree.Element, error) {
	if len(s) > maxFragment {
		return nil, formats.Errorf(formats.ErrTooLarge, "xml", "fragment of %d bytes; the limit is %d", len(s), maxFragment)
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "<?xml") {
		if i := strings.Index(s, "?>"); i >= 0 {
			s = s[i+2:]
		}
	}
	x, err := parseXML([]byte("<fragment "+fragmentNamespaces+">"+s+"</fragment>"), "xml", nil, nil)
	if err != nil {
		return nil, err
	}
	root := x.Root()
	for _, c := range root.Child {
		if cd, ok := c.(*etree.CharData); ok && strings.TrimSpace(cd.Data) != "" {
			return nil, formats.Errorf(formats.ErrInvalidArgument, "xml", "text %q outside any element; wrap text in <w:r><w:t>", shorten(cd.Data, 40))
		}
	}
	els := root.ChildElements()
	if len(els) == 0 {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "xml", "no element in the fragment")
	}
	return els, nil
}

// parseInsertion parses and checks insertion_xml: only allowed
// WordprocessingML elements, and either inline content (runs) or block
// content (paragraphs), not a mix.
func parseInsertion(s string) (*content, error) {
	els, err := parseFragment(s)
	if err != nil {
		return nil, err
	}
	for _, e := range els {
		var bad *etree.Element
		descend(e, func(x *etree.Element) bool {
			if bad == nil && (x.NamespaceURI() != nsW || !allowedInsertion[x.Tag]) {
				bad = x
			}
			return bad == nil
		})
		if bad != nil {
			return nil, formats.Errorf(formats.ErrInvalidArgument, "insertion_xml",
				"element <%s> is not allowed; insertions may hold only runs and paragraphs (w:r, w:t, w:rPr, w:br, w:tab, w:p, w:pPr and formatting)", bad.FullTag())
		}
		if err := normalisePrefix(e); err != nil {
			return nil, err
		}
	}
	c := &content{}
	for _, e := range els {
		switch {
		case isW(e, "p"):
			c.paras = append(c.paras, e)
		case isW(e, "r"):
			c.runs = append(c.runs, e)
		default:
			return nil, formats.Errorf(formats.ErrInvalidArgument, "insertion_xml", "top-level <%s>: expected w:r or w:p elements", e.FullTag())
		}
	}
	if len(c.paras) > 0 && len(c.runs) > 0 {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "insertion_xml", "mixes w:p and w:r at the top level; give runs or paragraphs")
	}
	return c, nil
}

// attrPrefixes are the prefixes a document written by Word binds to the
// namespaces an insertion's attributes may use; an attribute keeps its
// namespace under the prefix the document uses for it.
var attrPrefixes = map[string]string{
	nsW: "w",
	"http://schemas.microsoft.com/office/word/2010/wordml": "w14",
	nsRelsOffice: "r",
	"http://schemas.openxmlformats.org/markup-compatibility/2006": "mc",
}

// normalisePrefix rewrites a checked fragment to the document's prefixes,
// whatever prefixes the caller bound: the elements (all of the main
// namespace) to w, each attribute to the prefix of its own namespace (an
// r:id stays r:id, never w:id). An attribute of a namespace outside
// attrPrefixes is refused.
func normalisePrefix(el *etree.Element) error {
	var err error
	descend(el, func(e *etree.Element) bool {
		for i := range e.Attr {
			a := &e.Attr[i]
			if a.Space == "" || a.Space == "xml" || a.Space == "xmlns" {
				continue
			}
			uri := lookupNS(e, a.Space)
			p, ok := attrPrefixes[uri]
			if !ok {
				err = formats.Errorf(formats.ErrInvalidArgument, "insertion_xml",
					"attribute %s:%s is of the namespace %q; insertions may hold attributes of the w, w14, r and mc namespaces only", a.Space, a.Key, uri)
				return false
			}
			a.Space = p
		}
		return true
	})
	if err != nil {
		return err
	}
	descend(el, func(e *etree.Element) bool {
		e.Space = "w"
		return true
	})
	kept := el.Attr[:0]
	for _, a := range el.Attr {
		if a.Space != "xmlns" && !(a.Space == "" && a.Key == "xmlns") {
			kept = append(kept, a)
		}
	}
	el.Attr = kept
	return nil
}

// content is an answer ready to place: inline runs or block paragraphs
// (insertion_xml), or styled text (answer_text with inline tags or
// explicit definitions) to render where it lands.
type content struct {
	runs  []*etree.Element
	paras []*etree.Element

	styled *styledAnswer
}

// styledAnswer is answer text to render with the formatting of where it
// lands plus its styles (render.go).
type styledAnswer struct {
	d     *document
	spans []span
	at    *etree.Element // the paragraph written to: role models nearest to it
	base  *etree.Element // run properties to use instead of the caller's (nil: none) …
	own   bool           // … when set
}

// inline returns the content as runs, paragraphs joined by line breaks.
// Styled text takes base's run properties (a w:rPr, or nil) unless it
// carries properties of its own.
func (c *content) inline(base *etree.Element) []*etree.Element {
	if s := c.styled; s != nil {
		if s.own {
			base = s.base
		}
		return s.d.renderSpans(s.spans, base, s.at)
	}
	if len(c.paras) == 0 {
		return copies(c.runs)
	}
	var out []*etree.Element
	for i, p := range c.paras {
		if i > 0 {
			br := etree.NewElement("w:r")
			br.CreateElement("w:br")
			out = append(out, br)
		}
		for _, r := range p.ChildElements() {
			if !isW(r, "pPr") {
				out = append(out, r.Copy())
			}
		}
	}
	return out
}

func copies(els []*etree.Element) []*etree.Element {
	out := make([]*etree.Element, len(els))
	for i, e := range els {
		out[i] = e.Copy()
	}
	return out
}

// shorten cuts s to at most n runes, marking the cut.
func shorten(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	// Cut at the n-th rune without a rune slice per line of the map;
	// invalid UTF-8 keeps the conversion, which writes U+FFFD for it.
	cut := 0
	for i := 0; i < n; i++ {
		_, w := utf8.DecodeRuneInString(s[cut:])
		cut += w
	}
	if head := s[:cut]; utf8.ValidString(head) {
		return head + "…"
	}
	return string([]rune(s)[:n]) + "…"
}

// declarePrefixes declares on the document's root element the prefixes
// c's attributes use (r, w14, mc) that it does not declare yet: Word's own
// documents declare them all, but a minimal one may not.
func (d *document) declarePrefixes(c *content) {
	root := d.xml.Root()
	if c == nil || root == nil {
		return
	}
	uris := map[string]string{}
	for uri, p := range attrPrefixes {
		uris[p] = uri
	}
	for _, top := range append(append([]*etree.Element(nil), c.runs...), c.paras...) {
		descend(top, func(e *etree.Element) bool {
			for _, a := range e.Attr {
				if uri, ok := uris[a.Space]; ok && root.SelectAttr("xmlns:"+a.Space) == nil {
					root.CreateAttr("xmlns:"+a.Space, uri)
				}
			}
			return true
		})
	}
}
