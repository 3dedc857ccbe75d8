package wordxml

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Lazy is what ParseLazy left unbuilt: for each deferred element, where
// its attributes and content lie in the part. They were checked as
// strictly as the rest when the part was read, so building them later can
// fail only when the call is stopped. A Lazy holds on to the part's bytes
// until Close.
type Lazy struct {
	raw []byte
	max int
	// spans maps the deferred elements still unbuilt to their spans. The
	// read lists them in read (cheaper than a map growing entry by entry,
	// which showed in every lazy parse); the map is made from the list,
	// at its size, on first use (spanMap).
	spans   map[*etree.Element]lazySpan
	read    []lazyEntry
	flagged []*etree.Element
	// rd is the reader of the part, kept to build the deferred content:
	// its names, values and slabs serve every build, which cost more than
	// the content itself when each build started afresh. max is the
	// part's depth bound, lowered for each build by the content's depth.
	rd *xmlReader
}

// lazySpan is what a deferred element left unbuilt: its attributes, from
// raw[attrs:] up to the end of its start tag, and its content,
// raw[start:end], read at depth (the open elements around it, the
// document's included). asIs says the content and the end tag are in the
// form Write gives them (transcribe copies them whole): no text or tag
// the read left to the general reader (a reference, a comment, CDATA, a
// processing instruction), no quote, '>' or CR in text, every start tag
// one asIsStart takes (the rule the write copies tags by), every end tag
// "</x>", and no "<x></x>".
type lazySpan struct {
	attrs, start, end int
	depth             int32 // bounded by the parts' size limit; int32 keeps asIs in 32 bytes
	asIs              bool
}

// lazyEntry is a deferred element and its span, as the read lists them.
type lazyEntry struct {
	el   *etree.Element
	span lazySpan
}

// lazyRead is the state of a ParseLazy while it reads: the name it
// defers, the name it flags and the deferred element open now, if any.
type lazyRead struct {
	out   *Lazy
	names []string
	flag  string
	el    *etree.Element // the deferred element being read, or nil
	span  lazySpan
	found bool // the open deferred element holds a flag
}

// ParseLazy is Parse leaving every element called deferName (such as
// "w:p") bare, its attributes and children to be built on demand by
// Lazy.Build: an operation that reads only a few elements then skips
// building the rest, most of a document.xml. Deferred elements whose
// content holds an element called flag (such as "w:tc", a table in a text
// box) are listed by Lazy.Flagged. Elements called by one of alsoDefer
// (such as "w:tcPr") are deferred too, unflagged. raw must stay unchanged
// until the Lazy is closed.
func ParseLazy(raw []byte, field string, skip map[string]bool, deferName, flag string, stop *formats.Stopper, alsoDefer ...string) (*etree.Document, *Lazy, error) {
	lr := newLazyRead(deferName, flag, alsoDefer...)
	x, err := parse(raw, field, skip, stop, lr)
	if err != nil {
		return nil, nil, err
	}
	return x, lr.done(raw), nil
}

// newLazyRead starts a read deferring the elements called name or one
// of more.
func newLazyRead(name, flag string, more ...string) *lazyRead {
	return &lazyRead{out: &Lazy{}, names: append([]string{name}, more...), flag: flag}
}

// done is what the read of raw left unbuilt.
func (l *lazyRead) done(raw []byte) *Lazy {
	// read trims a byte-order mark, so spans count from after it.
	l.out.raw = bytes.TrimPrefix(raw, bom)
	return l.out
}

// defers reports whether the element called name, about to be built, is
// to be deferred.
func (l *lazyRead) defers(name string) bool {
	if l == nil {
		return false
	}
	for _, n := range l.names {
		if name == n {
			return true
		}
	}
	return false
}

// open starts the deferred element el, whose attributes start at attrs.
func (l *lazyRead) open(el *etree.Element, attrs, depth int) {
	l.el, l.span, l.found = el, lazySpan{attrs: attrs, depth: int32(depth), asIs: true}, false
}

// notAsIs notes that the open deferred element, if any, is not in the form
// Write gives it (see lazySpan).
func (l *lazyRead) notAsIs() {
	if l != nil {
		l.span.asIs = false
	}
}

// content starts the content of the open deferred element at start.
func (l *lazyRead) content(start int) { l.span.start = start }

// held notes an element called name inside content left out of the tree.
func (l *lazyRead) held(name []byte) {
	if l != nil && l.el != nil && string(name) == l.flag {
		l.found = true
	}
}

// close ends the content of the open deferred element, if any, at end
// (where its end tag starts).
func (l *lazyRead) close(end int) {
	if l == nil || l.el == nil {
		return
	}
	l.span.end = end
	l.out.read = append(l.out.read, lazyEntry{l.el, l.span})
	if l.found {
		l.out.flagged = append(l.out.flagged, l.el)
	}
	l.el = nil
}

// Flagged lists, in document order, the deferred elements whose content
// holds the flag element; built or not.
func (l *Lazy) Flagged() []*etree.Element {
	if l == nil {
		return nil
	}
	return l.flagged
}

// Unbuilt reports whether some deferred content is still unbuilt.
func (l *Lazy) Unbuilt() bool { return l != nil && len(l.read)+len(l.spans) > 0 }

// spanMap is spans, made from read on first use.
func (l *Lazy) spanMap() map[*etree.Element]lazySpan {
	if l.spans == nil {
		if l.rd != nil && l.rd.spans != nil { // a recycled Lazy's, cleared
			l.spans, l.rd.spans = l.rd.spans, nil
		} else {
			l.spans = make(map[*etree.Element]lazySpan, len(l.read))
		}
		for _, e := range l.read {
			l.spans[e.el] = e.span
		}
		l.read = l.read[:0] // kept for Recycle
	}
	return l.spans
}

// Build builds the deferred content of el and of every element below it,
// so that el's subtree is whole. Elements above or beside el stay as they
// are.
func (l *Lazy) Build(el *etree.Element) error {
	if !l.Unbuilt() {
		return nil
	}
	var err error
	spans := l.spanMap()
	Descend(el, func(e *etree.Element) bool {
		if err != nil {
			return false
		}
		if sp, ok := spans[e]; ok {
			err = l.build(e, sp)
			return false // built whole: nothing below is deferred
		}
		return true
	})
	return err
}

// BuildAll builds every deferred content: the tree is then the one Parse
// makes.
func (l *Lazy) BuildAll() error {
	if !l.Unbuilt() {
		return nil
	}
	for el, sp := range l.spanMap() {
		if err := l.build(el, sp); err != nil {
			return err
		}
	}
	return nil
}

// errClosed is Build's error after Close: the part's bytes are gone.
var errClosed = errors.New("wordxml: deferred content built after Close")

// build reads sp's attributes and content into el, which has neither
// yet. Offsets stay the part's, so an error names the byte as Parse would.
func (l *Lazy) build(el *etree.Element, sp lazySpan) error {
	if l.raw == nil {
		return errClosed
	}
	r := l.rd
	r.b, r.i, r.max, r.frag, r.lz = l.raw[:sp.end], sp.attrs, l.max-int(sp.depth), true, nil
	r.stack, r.held = append(r.stack[:0], el), r.held[:0]
	// The element was made bare, without room for attributes: appending
	// them one by one reallocated the list at each doubling.
	if len(el.Attr) == 0 {
		el.Attr = r.attrRoom(r.attrCount())
	}
	err := r.attrList(el)
	if err == nil {
		r.i = sp.start
		err = r.run()
	}
	if err != nil {
		if errors.Is(err, formats.ErrStopped) {
			return err
		}
		// Checked when the part was read: only a bug gets here.
		return fmt.Errorf("deferred content at byte %d: %w", r.i, err)
	}
	delete(l.spanMap(), el)
	return nil
}

// attrList reads the attributes of a start tag into el, up to its end.
func (r *xmlReader) attrList(el *etree.Element) error {
	for {
		r.space()
		if r.i >= len(r.b) {
			return errors.New("unterminated start tag")
		}
		if c := r.b[r.i]; c == '>' || c == '/' {
			return nil
		}
		if err := r.attr(el); err != nil {
			return err
		}
	}
}

// Close lets go of the part's bytes, which the caller may then recycle;
// content still unbuilt can no longer be built.
func (l *Lazy) Close() {
	if l != nil {
		l.raw, l.spans, l.read, l.rd = nil, nil, nil, nil
	}
}
