package formats

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
)

// TargetMarker is in every compact-map line whose element is an answer
// target: "← answer target", or "← answer to S1-R7-C2 \"question\"".
const TargetMarker = "← answer"

// compactElement is one element of a compact map: an ID with a line of its
// own, the part of the map that belongs to it, and its full text.
type compactElement struct {
	id     string
	full   string // the element's text, not cut short
	at     mark   // where its part of the map begins
	target bool   // its line carries TargetMarker
}

// mark is a position in a map being built: in the text, the id_to_xpath
// keys and the complex elements.
type mark struct{ text, keys, complex int }

// alias is an ID inside an element that has a line of its own (a cell's
// paragraph), for ids and search.
type alias struct {
	id, full string
	elem     int
}

// compactIndex is what a CompactStructure built by a CompactBuilder knows
// of its elements, so that it can be paged, searched and read by ID. It
// never leaves the process: pages are cut where the map is made.
type compactIndex struct {
	elems   []compactElement
	keys    []string // id_to_xpath keys, in the order they were added
	aliases []alias
}

// CompactBuilder builds a CompactStructure element by element. An engine
// appends each element's line to Text and calls Begin with the element's
// ID; what it writes, maps or notes after that belongs to the element,
// until the next Begin. Hold says that what follows belongs to the next
// element instead: a heading above it, or IDs without a line of their own
// (table rows). Pages of the map are then cut at element boundaries.
type CompactBuilder struct {
	// Text is the map being built: engines append lines to it directly.
	Text []byte
	cs   CompactStructure
	ix   compactIndex
	held *mark
}

// NewCompactBuilder starts a map expecting about sizeHint bytes of text.
func NewCompactBuilder(sizeHint int) *CompactBuilder {
	return &CompactBuilder{
		Text: make([]byte, 0, sizeHint),
		cs:   CompactStructure{IDToXPath: map[string]string{}, ComplexElements: []string{}},
	}
}

// Reserve makes room for about n elements, each mapping an ID: a long
// document's map grew its ID map and element lists entry by entry,
// rehashing and copying them at each doubling.
func (b *CompactBuilder) Reserve(n int) {
	b.ix.elems = slices.Grow(b.ix.elems, n)
	b.ix.keys = slices.Grow(b.ix.keys, n)
	if len(b.cs.IDToXPath) == 0 {
		b.cs.IDToXPath = make(map[string]string, n) // a map cannot grow ahead in place
	}
}

func (b *CompactBuilder) here() mark {
	return mark{text: len(b.Text), keys: len(b.ix.keys), complex: len(b.cs.ComplexElements)}
}

// Hold marks the current end of the map as the start of the next element.
// Holding again before that element begins changes nothing.
func (b *CompactBuilder) Hold() {
	if b.held == nil {
		m := b.here()
		b.held = &m
	}
}

// Begin starts element id, whose line was written to Text since from (the
// length of Text before the line) — or since Hold, when held. full is the
// element's text, not cut short: what ids and search_document read.
func (b *CompactBuilder) Begin(id, full string, from int) {
	at := b.here()
	at.text = from
	if b.held != nil {
		at, b.held = *b.held, nil
	}
	b.ix.elems = append(b.ix.elems, compactElement{id: id, full: full, at: at,
		target: bytes.Contains(b.Text[from:], []byte(TargetMarker))})
}

// Alias records an ID inside the current element that has a line of its
// own (a cell's paragraph), for ids and search.
func (b *CompactBuilder) Alias(id, full string) {
	b.ix.aliases = append(b.ix.aliases, alias{id: id, full: full, elem: len(b.ix.elems) - 1})
}

// XPath maps id to its XPath (or native reference) in id_to_xpath.
func (b *CompactBuilder) XPath(id, xpath string) {
	if _, dup := b.cs.IDToXPath[id]; !dup {
		b.ix.keys = append(b.ix.keys, id)
	}
	b.cs.IDToXPath[id] = xpath
}

// Complex adds an entry to complex_elements.
func (b *CompactBuilder) Complex(entry string) {
	b.cs.ComplexElements = append(b.cs.ComplexElements, entry)
}

// Structure returns what the engine has added to the map besides Text,
// for engines that fill fields of their own (targets).
func (b *CompactBuilder) Structure() *CompactStructure { return &b.cs }

// Append adds to b what part built, as if part's calls had been made on b:
// an engine builds the parts of a map (a workbook's sheets) on goroutines
// of their own and appends them in order. part is not to be used again.
func (b *CompactBuilder) Append(part *CompactBuilder) {
	base := b.here()
	// A key part repeats from b keeps its first place, as XPath keeps it.
	kept := make([]int, len(part.ix.keys)+1)
	for k, id := range part.ix.keys {
		kept[k+1] = kept[k]
		if _, dup := b.cs.IDToXPath[id]; !dup {
			kept[k+1]++
			b.ix.keys = append(b.ix.keys, id)
		}
	}
	moved := func(m mark) mark {
		return mark{text: base.text + m.text, keys: base.keys + kept[m.keys], complex: base.complex + m.complex}
	}
	for id, xpath := range part.cs.IDToXPath {
		b.cs.IDToXPath[id] = xpath
	}
	first := len(b.ix.elems)
	for i, e := range part.ix.elems {
		e.at = moved(e.at)
		if i == 0 && b.held != nil {
			e.at, b.held = *b.held, nil // what b held belongs to part's first element
		}
		b.ix.elems = append(b.ix.elems, e)
	}
	for _, a := range part.ix.aliases {
		a.elem += first
		b.ix.aliases = append(b.ix.aliases, a)
	}
	if part.held != nil && (b.held == nil || len(part.ix.elems) > 0) {
		m := moved(*part.held)
		b.held = &m
	}
	b.Text = append(b.Text, part.Text...)
	b.cs.ComplexElements = append(b.cs.ComplexElements, part.cs.ComplexElements...)
	b.cs.Targets = append(b.cs.Targets, part.cs.Targets...)
}

// AppendAll appends parts in order, as Append appends each, having made
// room for all of them at once: a large workbook's map is tens of sheets'
// parts, and growing it part by part was a step after the sheets' lanes
// that no lane could share.
func (b *CompactBuilder) AppendAll(parts ...*CompactBuilder) {
	var text, elems, keys, aliases, complexes, targets, ids int
	for _, p := range parts {
		text += len(p.Text)
		elems += len(p.ix.elems)
		keys += len(p.ix.keys)
		aliases += len(p.ix.aliases)
		complexes += len(p.cs.ComplexElements)
		targets += len(p.cs.Targets)
		ids += len(p.cs.IDToXPath)
	}
	b.Text = slices.Grow(b.Text, text)
	b.ix.elems = slices.Grow(b.ix.elems, elems)
	b.ix.keys = slices.Grow(b.ix.keys, keys)
	b.ix.aliases = slices.Grow(b.ix.aliases, aliases)
	b.cs.ComplexElements = slices.Grow(b.cs.ComplexElements, complexes)
	b.cs.Targets = slices.Grow(b.cs.Targets, targets)
	if len(b.cs.IDToXPath) == 0 {
		b.cs.IDToXPath = make(map[string]string, ids) // a map cannot grow ahead in place
	}
	for _, p := range parts {
		b.Append(p)
	}
}

// Finish returns the whole map. Whatever was held for an element that
// never began belongs to the last element.
func (b *CompactBuilder) Finish() *CompactStructure {
	b.held = nil
	return b.snapshot()
}

// span is the part of the map elements [i, j) hold.
func (cs *CompactStructure) span(i, j int) (text string, keys, complex []string) {
	ix := cs.index
	from := ix.elems[i].at
	if i == 0 {
		from = mark{} // anything written before the first element
	}
	to := mark{text: len(cs.CompactText), keys: len(ix.keys), complex: len(cs.ComplexElements)}
	if j < len(ix.elems) {
		to = ix.elems[j].at
	}
	return cs.CompactText[from.text:to.text], ix.keys[from.keys:to.keys], cs.ComplexElements[from.complex:to.complex]
}

// elementSize is about how many bytes element i adds to a response: its
// lines, its id_to_xpath entries and its complex elements, as JSON; in a
// structured answer (p.Structured) its lines both as text and as JSON,
// each string as encoding/json escapes it, and its targets, whose JSON
// size by ID targetSize gives.
func (cs *CompactStructure) elementSize(i int, p Page, targetSize func(id string) int) int {
	text, keys, complex := cs.span(i, i+1)
	str := func(s string) int { return len(s) + 2 } // a JSON string, quoted
	if p.Structured {
		str = func(s string) int { return jsonLen(s) }
	}
	n := p.charge(text, 0)
	for _, k := range keys {
		n += str(k) + str(cs.IDToXPath[k]) + 2
		if targetSize != nil {
			n += targetSize(k)
		}
	}
	for _, c := range complex {
		n += str(c) + 1
	}
	return n
}

// Paged returns the page p of the map: the lines, id_to_xpath entries,
// complex elements and targets of the elements in the window, with the
// total, the next offset and a note saying how to get the rest. A map
// that was not built element by element (decoded from JSON) cannot be
// paged: it comes back whole unless p asks for a bound.
func (cs *CompactStructure) Paged(p Page) (*CompactStructure, error) {
	if cs.lazy != nil {
		return cs.lazy.paged(cs.ctx, p)
	}
	if cs.index == nil || len(cs.index.elems) == 0 {
		if p.Offset > 0 {
			return nil, Errorf(ErrInvalidArgument, "offset", "%d is past the end: this map has no elements to page", p.Offset)
		}
		return cs, p.Check()
	}
	total := len(cs.index.elems)
	start, end, err := p.Window(total, cs.sizer(p))
	if err != nil {
		return nil, err
	}
	if start == 0 && end == total {
		return cs, nil
	}
	return cs.page(start, end, total), nil
}

// sizer returns what element i of the map adds to page p's response.
func (cs *CompactStructure) sizer(p Page) func(i int) int {
	var targetSize func(id string) int
	if p.Structured {
		// Only the targets of the elements the window looks at are
		// measured, not every target of the document.
		byID := make(map[string][]int, len(cs.Targets))
		for j, t := range cs.Targets {
			byID[t.ID] = append(byID[t.ID], j)
		}
		targetSize = func(id string) int {
			n := 0
			for _, j := range byID[id] {
				n += jsonLen(cs.Targets[j]) + 1
			}
			return n
		}
	}
	return func(i int) int { return cs.elementSize(i, p, targetSize) }
}

// page is the map's elements [start, end) of total as a map of their own,
// sharing nothing with cs that cs may change.
func (cs *CompactStructure) page(start, end, total int) *CompactStructure {
	text, keys, complex := cs.span(start, end)
	out := &CompactStructure{CompactText: text, IDToXPath: make(map[string]string, len(keys)),
		ComplexElements: append([]string{}, complex...), Total: total, NextOffset: NextOffset(end, total),
		More: MoreNote("elements", start, end, total)}
	for _, k := range keys {
		out.IDToXPath[k] = cs.IDToXPath[k]
	}
	for _, t := range cs.Targets {
		if _, ok := out.IDToXPath[t.ID]; ok {
			out.Targets = append(out.Targets, t)
		}
	}
	return out
}

// CompactElementText is one element's ID and full text.
type CompactElementText struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// Elements lists the map's elements and the IDs inside them (cell
// paragraphs) with their full text, in document order; nil for a lazy map
// that could not be made whole (see Whole for why).
func (cs *CompactStructure) Elements() []CompactElementText {
	if cs.lazy != nil {
		whole, err := cs.Whole()
		if err != nil {
			return nil
		}
		return whole.Elements()
	}
	if cs.index == nil {
		return nil
	}
	out := make([]CompactElementText, 0, len(cs.index.elems)+len(cs.index.aliases))
	a := 0
	for i, e := range cs.index.elems {
		out = append(out, CompactElementText{e.id, e.full})
		for ; a < len(cs.index.aliases) && cs.index.aliases[a].elem <= i; a++ {
			out = append(out, CompactElementText{cs.index.aliases[a].id, cs.index.aliases[a].full})
		}
	}
	return out
}

// Select returns the elements named by ids, in the order asked, each as a
// line with its full text ("P9: \"…\""), with their id_to_xpath entries
// and targets; an element without a line of its own (an empty paragraph)
// comes with empty text. An ID the document does not have is an error
// naming it.
func (cs *CompactStructure) Select(ids []string) (*CompactStructure, error) {
	if cs.lazy != nil {
		whole, err := cs.Whole()
		if err != nil {
			return nil, err
		}
		return whole.Select(ids)
	}
	if err := CheckCount("ids", len(ids)); err != nil {
		return nil, err
	}
	full := map[string]string{}
	for _, e := range cs.Elements() {
		full[e.ID] = e.Text
	}
	out := &CompactStructure{IDToXPath: map[string]string{}, ComplexElements: []string{}, Total: len(ids)}
	var b strings.Builder
	for i, raw := range ids {
		id := strings.ToUpper(strings.TrimSpace(raw))
		text, ok := full[id]
		if !ok {
			// An element the map shows no line for (an empty paragraph)
			// is still one: it has its place in id_to_xpath.
			_, ok = cs.IDToXPath[id]
		}
		if !ok {
			return nil, Errorf(ErrInvalidArgument, "ids["+strconv.Itoa(i)+"]", "no element %q in this document's map; use the IDs extract_structure_compact lists (P9, T2-R3-C2, S1-R4-C3, F2)", raw)
		}
		b.WriteString(id)
		b.WriteString(": ")
		b.WriteString(strconv.Quote(text))
		b.WriteByte('\n')
		if xp, ok := cs.IDToXPath[id]; ok {
			out.IDToXPath[id] = xp
		}
		for _, c := range cs.ComplexElements {
			if strings.HasPrefix(c, id+" ") || strings.HasPrefix(c, id+":") || strings.Contains(c, " "+id+" ") {
				out.ComplexElements = append(out.ComplexElements, c)
			}
		}
		for _, t := range cs.Targets {
			if t.ID == id {
				out.Targets = append(out.Targets, t)
			}
		}
	}
	out.CompactText = b.String()
	return out, nil
}
