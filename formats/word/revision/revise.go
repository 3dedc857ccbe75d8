package revision

import (
	"errors"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// Review marks — tracked changes and comments — are added by comparing, for
// each answer, the part of the document the answer may change before and
// after the write mode ran, so every mode gets them without code of its
// own: the Reviser watches the target (Watch), the mode edits the tree as
// it does without review marks, and Finish turns the difference into
// tracked changes (runs the mode added wrapped in w:ins, runs it removed put
// back in w:del, paragraph marks recorded as inserted or deleted) and
// anchors the answer's comment on what changed. Accepting every change
// therefore gives exactly the plain write, and rejecting every change the
// document as it was.
//
// A mode may change the watched block (the paragraph, cell, row, table or
// block-level control holding the target) as it likes and add or remove
// siblings of that block; it must leave the rest of the document alone.

// Reviser adds the review marks of one write.
type Reviser struct {
	arc    *formats.Archive
	eng    Engine
	opts   formats.WriteOptions
	st     formats.Stamp
	nextID int
	// ours are the IDs of the w:ins and w:del elements this write made: an
	// answer may rework what an earlier one wrote, and those insertions are
	// then dropped rather than marked deleted.
	ours     map[string]bool
	comments []Comment
}

// New prepares the review marks of a write with options opts to the
// document of arc whose body is body; nil when the options ask for none.
func New(arc *formats.Archive, body *etree.Element, opts formats.WriteOptions, st formats.Stamp, eng Engine) (*Reviser, error) {
	if !opts.Reviewing() {
		return nil, nil
	}
	rv := &Reviser{arc: arc, eng: eng, opts: opts, st: st, ours: map[string]bool{}, nextID: maxAnnotationID(body)}
	if opts.CommentUncertain {
		top, err := maxCommentID(arc)
		if err != nil {
			return nil, err
		}
		rv.nextID = max(rv.nextID, top)
	}
	return rv, nil
}

// Watch is the document around one answer before the answer is applied.
type Watch struct {
	rv      *Reviser
	t       target
	comment string         // the comment text, "" when the answer gets none
	scope   *etree.Element // the element whose children the answer may add or remove
	before  []*etree.Element
	block   *etree.Element // scope's child holding the target
	old     *etree.Element // a copy of block as it was
	liveOf  map[*etree.Element]*etree.Element
	touched []*etree.Element        // what the answer changed, in document order
	fresh   map[*etree.Element]bool // the w:ins and w:del made for this answer
	// gap is where the first block the answer removed without tracked
	// changes was, and gone the text of every such block.
	gap  *gap
	gone []string
}

// gap is a place between blocks: the start of at, or its end.
type gap struct {
	at     *etree.Element
	before bool
}

// Watch starts watching el, the target with element ID id, for answer a;
// nil when the answer needs no review mark (and for a nil rv, a write
// without review marks).
func (rv *Reviser) Watch(el *etree.Element, id string, a formats.Answer) (*Watch, error) {
	if rv == nil {
		return nil, nil
	}
	w := &Watch{rv: rv, t: target{el: el, id: id}, fresh: map[*etree.Element]bool{}}
	if rv.opts.NeedsComment(a) {
		w.comment = formats.CommentText(a.Confidence, a.Note)
	}
	if !rv.opts.TrackChanges && w.comment == "" {
		return nil, nil
	}
	w.block = blockOf(el)
	w.scope = w.block.Parent()
	if w.scope == nil {
		return nil, formats.Errorf(formats.ErrInvalidArgument, id, "review marks need a target inside the document body")
	}
	w.before = w.scope.ChildElements()
	w.old = w.block.Copy()
	w.liveOf = map[*etree.Element]*etree.Element{}
	pairUp(w.old, w.block, w.liveOf)
	return w, nil
}

// blockOf is the block-level element holding el: the paragraph el sits in,
// or el itself when it is a block; a control or customXml wrapper holding
// nothing else counts as the block, since a mode removing the block may
// remove its wrapper too.
func blockOf(el *etree.Element) *etree.Element {
	b := el
	if p := wordxml.AncestorW(el, nil, "p"); p != nil && !wordxml.IsW(el, "p") {
		b = p
	}
	for p := b.Parent(); p != nil && (wordxml.IsW(p, "sdtContent") || wordxml.IsW(p, "customXml")) && len(p.ChildElements()) == 1; p = b.Parent() {
		b = p
		if wordxml.IsW(p, "sdtContent") && p.Parent() != nil {
			b = p.Parent()
		}
	}
	return b
}

// pairUp maps each element of a copy to the element it was copied from.
func pairUp(cp, live *etree.Element, liveOf map[*etree.Element]*etree.Element) {
	liveOf[cp] = live
	ck, lk := cp.ChildElements(), live.ChildElements()
	for i := range ck {
		pairUp(ck[i], lk[i], liveOf)
	}
}

// Finish turns what the answer changed into tracked changes (with
// track_changes) and anchors its comment (with one). It returns where the
// comment went, "" for none.
func (w *Watch) Finish() (string, error) {
	if w == nil {
		return "", nil
	}
	olds := make([]pair, len(w.before))
	for i, e := range w.before {
		olds[i] = pair{live: e, old: e}
		if e == w.block {
			olds[i].old = w.old
		}
	}
	if err := w.container(w.scope, olds, w.scope.ChildElements()); err != nil {
		return "", err
	}
	if w.comment == "" {
		return "", nil
	}
	if len(w.touched) == 0 && w.gap != nil {
		return w.rv.addPointComment(w.t, w.comment+"\nRemoved here: "+w.rv.eng.Shorten(strings.Join(w.gone, " / "), maxRemovedQuote), *w.gap), nil
	}
	return w.rv.addComment(w.t, w.comment, w.touched), nil
}

// maxRemovedQuote bounds the removed text a point comment quotes.
const maxRemovedQuote = 300

// track reports whether changes are recorded, not only noticed.
func (w *Watch) track() bool { return w.rv.opts.TrackChanges }

// touch notes an element the answer changed.
func (w *Watch) touch(el *etree.Element) { w.touched = append(w.touched, el) }

// pair is a child element before the write: live is the element in the
// tree (still there, or removed), old its state before the write.
type pair struct{ live, old *etree.Element }

// state is what became of a child element.
type state int

const (
	kept     state = iota // there before and after (perhaps changed inside)
	inserted              // new
	deleted               // removed
)

// item is one child element after the write, in order: a kept or inserted
// element of the tree, or a removed one (old holds its content).
type item struct {
	el  *etree.Element // the live element (kept, inserted) or the old content (deleted)
	old *etree.Element // kept: its state before
	st  state
}

// merge lines up the children before (olds) and after (now) a write. Modes
// never reorder: the elements found in both keep their order, so removed
// and added ones fall between them. A removed element comes before one
// added at the same place.
func merge(olds []pair, now []*etree.Element) ([]item, error) {
	pre := 0
	for pre < len(olds) && pre < len(now) && olds[pre].live == now[pre] {
		pre++
	}
	suf := 0
	for suf < len(olds)-pre && suf < len(now)-pre && olds[len(olds)-1-suf].live == now[len(now)-1-suf] {
		suf++
	}
	out := make([]item, 0, len(now)+len(olds)-pre-suf)
	for _, p := range olds[:pre] {
		out = append(out, item{el: p.live, old: p.old})
	}
	mo, mn := olds[pre:len(olds)-suf], now[pre:len(now)-suf]
	inNow := make(map[*etree.Element]bool, len(mn))
	for _, e := range mn {
		inNow[e] = true
	}
	inOld := make(map[*etree.Element]bool, len(mo))
	for _, p := range mo {
		inOld[p.live] = true
	}
	i, j := 0, 0
	for i < len(mo) || j < len(mn) {
		switch {
		case i < len(mo) && !inNow[mo[i].live]:
			out = append(out, item{el: mo[i].old, st: deleted})
			i++
		case j < len(mn) && !inOld[mn[j]]:
			out = append(out, item{el: mn[j], st: inserted})
			j++
		case i < len(mo) && j < len(mn) && mo[i].live == mn[j]:
			out = append(out, item{el: mn[j], old: mo[i].old})
			i++
			j++
		default:
			return nil, errors.New("the write mode reordered elements, which the review marks cannot follow")
		}
	}
	for _, p := range olds[len(olds)-suf:] {
		out = append(out, item{el: p.live, old: p.old})
	}
	return out, nil
}

// oldPairs lists the children of an old copy with the live elements they
// were copied from.
func (w *Watch) oldPairs(old *etree.Element, skip func(*etree.Element) bool) []pair {
	var out []pair
	for _, c := range old.ChildElements() {
		if skip != nil && skip(c) {
			continue
		}
		out = append(out, pair{live: w.liveOf[c], old: c})
	}
	return out
}

// untrackable is the refusal of a change no tracked change can record.
func untrackable(id, what string) error {
	return formats.Errorf(formats.ErrInvalidArgument, id,
		"track_changes cannot record %s; write this answer in a call without track_changes", what)
}
