package wordxml

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Read parses raw into an etree document, as etree's ReadFromBytes does
// with its default settings, several times faster: encoding/xml's tokenizer
// dominated every call on real questionnaires. It accepts only what OOXML
// parts contain (elements, attributes, text, CDATA, comments, processing
// instructions; the five predefined entities and character references), so
// anything stranger — DTDs, undefined entities, broken nesting, illegal
// characters — is an error. FuzzReadXML checks it against etree.
//
// Elements whose full name is in skip (such as "w:rPr") are checked as
// strictly as the rest but left out of the tree with all they contain:
// read-only operations that never look at formatting build half the tree.
// stop, if not nil, is stepped once per markup token.
func Read(raw []byte, maxDepth int, skip map[string]bool, stop *formats.Stopper) (*etree.Document, error) {
	return read(raw, maxDepth, skip, stop, nil)
}

// bom is UTF-8's byte-order mark, which Read ignores.
var bom = []byte("\xef\xbb\xbf")

// read is Read deferring what lz names (see ParseLazy), when lz is not nil.
func read(raw []byte, maxDepth int, skip map[string]bool, stop *formats.Stopper, lz *lazyRead) (*etree.Document, error) {
	raw = bytes.TrimPrefix(raw, bom)
	if !utf8.Valid(raw) {
		return nil, errors.New("the XML is not valid UTF-8")
	}
	r := newReader(len(raw))
	r.b, r.doc, r.max, r.skip, r.stop, r.lz = raw, etree.NewDocument(), maxDepth, skip, canStop(stop), lz
	r.stack = append(r.stack, &r.doc.Element)
	clear(r.seen[:])
	clear(r.recentSkip[:])
	if lz != nil {
		lz.out.read, r.entries = r.entries, nil
	}
	if err := r.run(); err != nil {
		return nil, fmt.Errorf("at byte %d: %w", r.i, err)
	}
	if lz != nil {
		lz.out.rd, lz.out.max = r, maxDepth
	}
	return r.doc, nil
}

// recentSlots is the size of the reader's cache of names (recent).
const recentSlots = 64

type xmlReader struct {
	b      []byte
	i      int
	doc    *etree.Document
	stack  []*etree.Element
	skip   map[string]bool // names of elements left out of the tree
	stop   *formats.Stopper
	held   [][]byte  // names of the open elements being left out, innermost last, as in b
	lz     *lazyRead // what a ParseLazy defers, or nil
	opened int       // where the content of the last start tag heldStart read begins
	keys   attrKeys  // the attribute names of the tag asIsStart reads
	seen   seenTags  // start tags asIsStart took in this part (asIsSeen)
	frag   bool      // reading deferred content (Lazy.build): no root of its own
	max    int
	roots  int
	names  map[string]string   // interned element and attribute names
	recent [recentSlots]string // cache of names, see name
	// recentSkip is skip's answer for the name in the same slot of recent
	// (skips), for this read: skip is the call's.
	recentSkip [recentSlots]uint8
	values     []string         // interned short attribute values (valueSlot)
	buf        []byte           // the storage of every unescaped value in turn
	els        []etree.Element  // slab the elements are cut from
	attrs      []etree.Attr     // slab the attribute slices are cut from
	kids       []etree.Token    // slab the first children of elements go in
	texts      []etree.CharData // slab the text tokens are cut from
	slab       int              // elements per slab (slabFor)
	// cut and spare list the slabs this reader made or took from a
	// recycled tree (xmlrecycle.go); entries and spans are a recycled
	// Lazy's list and map, for the next lazy read.
	cut, spare slabList
	long       longLists // child lists past maxKidsGrown (w:body's)
	entries    []lazyEntry
	spans      map[*etree.Element]lazySpan
}

// canStop is stop when it may ever stop the call, else nil: the reader
// and the writer step it once per token or element, and a call not bound
// to a context (most of them) then skips the call to Step, which is not
// inlined.
func canStop(stop *formats.Stopper) *formats.Stopper {
	if !stop.CanStop() {
		return nil
	}
	return stop
}

// step steps the read's stop, if any.
func (r *xmlReader) step() error {
	if r.stop == nil {
		return nil
	}
	return r.stop.Step()
}

func (r *xmlReader) top() *etree.Element { return r.stack[len(r.stack)-1] }

// outsideRoot reports whether the reader is at document level, outside every
// element, whether built or left out.
func (r *xmlReader) outsideRoot() bool { return !r.frag && len(r.stack) == 1 && len(r.held) == 0 }

func (r *xmlReader) run() error {
	for r.i < len(r.b) {
		if len(r.held) > 0 {
			if err := r.skipHeld(); err != nil {
				return err
			}
			if r.i >= len(r.b) {
				break
			}
		}
		if r.b[r.i] != '<' {
			if err := r.text(); err != nil {
				return err
			}
			continue
		}
		if err := r.step(); err != nil {
			return err
		}
		rest := r.b[r.i:]
		var next byte
		if len(rest) > 1 {
			next = rest[1]
		}
		var err error
		switch {
		case next == '?':
			err = r.procInst()
		case next == '/':
			err = r.endTag()
		case next != '!':
			err = r.startTag()
		case bytes.HasPrefix(rest, []byte("<!--")):
			err = r.comment()
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			err = r.cdata()
		default:
			err = errors.New("markup declarations are not allowed")
		}
		if err != nil {
			return err
		}
	}
	if n := len(r.held); n > 0 {
		return fmt.Errorf("element <%s> is not closed", r.held[n-1])
	}
	if len(r.stack) != 1 {
		return fmt.Errorf("element <%s> is not closed", r.top().FullTag())
	}
	if !r.frag && r.roots != 1 {
		return errors.New("expected exactly one root element")
	}
	return nil
}

// text reads character data up to the next '<'.
func (r *xmlReader) text() error {
	if len(r.held) == 0 && !r.outsideRoot() {
		// Inside an element built: most text is plain (see plainText),
		// kept as it stands, read in one pass.
		if n, ok, asIs := plainText(r.b[r.i:]); ok && asIs {
			r.addText(r.top(), string(r.b[r.i:r.i+n]))
			r.i += n
			return nil
		}
	}
	end := bytes.IndexByte(r.b[r.i:], '<')
	if end < 0 {
		end = len(r.b) - r.i
	}
	raw := r.b[r.i : r.i+end]
	if bytes.Contains(raw, []byte("]]>")) {
		return errors.New(`"]]>" in text`)
	}
	if len(r.held) > 0 {
		// Inside an element left out: checked, never kept.
		if err := r.check(raw); err != nil {
			return err
		}
		r.i += end
		return nil
	}
	s, err := r.decode(raw)
	if err != nil {
		return err
	}
	r.i += end
	if r.outsideRoot() && strings.TrimLeft(s, " \t\r\n") != "" {
		return errors.New("text outside the root element")
	}
	r.addText(r.top(), s)
	return nil
}

// check reports what decode would of raw, without making the string when
// raw holds no reference: text and attributes of elements left out of the
// tree are read only to be checked.
func (r *xmlReader) check(raw []byte) error {
	if bytes.IndexByte(raw, '&') < 0 {
		return checkChars(raw)
	}
	_, err := r.decode(raw)
	return err
}

func (r *xmlReader) endTag() error {
	at := r.i
	r.i += 2
	name := r.name()
	r.space()
	if name == "" || r.i >= len(r.b) || r.b[r.i] != '>' {
		return errors.New("malformed end tag")
	}
	r.i++
	if n := len(r.held); n > 0 {
		if string(r.held[n-1]) != name {
			return fmt.Errorf("end tag </%s> does not match the open element", name)
		}
		r.held = r.held[:n-1]
		if n == 1 {
			r.lz.close(at)
		}
		return nil
	}
	if len(r.stack) == 1 || !isNamed(r.top(), name) {
		return fmt.Errorf("end tag </%s> does not match the open element", name)
	}
	r.stack = r.stack[:len(r.stack)-1]
	return nil
}

func (r *xmlReader) startTag() error {
	r.i++
	start := r.i
	name := r.name()
	raw := r.b[start:r.i] // name as in b, what r.held keeps
	if name == "" {
		return errors.New("malformed start tag")
	}
	if r.outsideRoot() {
		if r.roots++; r.roots > 1 {
			return errors.New("more than one root element")
		}
	}
	if len(r.stack)+len(r.held) > r.max {
		return etree.ErrMaxDepth
	}
	hold := len(r.held) > 0 || r.skips(name)
	lazy := !hold && r.lz.defers(name)
	var el, into *etree.Element // into: the element the attributes go in
	switch {
	case hold:
		r.lz.held(raw)
	case lazy:
		// Built bare: its attributes, checked now, are added with its
		// content (Lazy.Build).
		el = r.element(r.top(), name, 0)
		r.lz.open(el, r.i, len(r.stack))
	default:
		el = r.element(r.top(), name, r.attrCount())
		into = el
	}
	for {
		sp := r.space()
		if r.i >= len(r.b) {
			return errors.New("unterminated start tag")
		}
		switch r.b[r.i] {
		case '>':
			r.i++
			switch {
			case hold:
				r.held = append(r.held, raw)
			case lazy:
				r.held = append(r.held, raw)
				r.lz.content(r.i)
			default:
				r.stack = append(r.stack, el)
			}
			return nil
		case '/':
			if r.i+1 >= len(r.b) || r.b[r.i+1] != '>' {
				return errors.New("malformed empty-element tag")
			}
			r.i += 2
			if lazy {
				r.lz.content(r.i)
				r.lz.close(r.i)
			}
			return nil
		}
		if !sp {
			return errors.New("attributes must be separated by white space")
		}
		if err := r.startAttr(into); err != nil {
			return err
		}
	}
}

// isNamed reports whether el's full name (FullTag) is name, without
// making the full name: an end tag of the tree is matched against it.
func isNamed(el *etree.Element, name string) bool {
	if el.Space == "" {
		return el.Tag == name
	}
	n := len(el.Space)
	return len(name) == n+1+len(el.Tag) && name[n] == ':' && name[:n] == el.Space && name[n+1:] == el.Tag
}
