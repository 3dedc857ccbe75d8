package word

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// documentPart is the zip entry holding the main document.
const documentPart = "word/document.xml"

// maxDepth bounds XML nesting, as for every OOXML part (xmllex.MaxDepth).
const maxDepth = xmllex.MaxDepth

// nsW is the WordprocessingML main namespace.
const nsW = wordxml.NamespaceW

// document is one parsed .docx: the archive it came from, the parsed
// document.xml and the index of element IDs.
type document struct {
	arc  *formats.Archive
	xml  *etree.Document
	body *etree.Element
	ix   *index
	stop *formats.Stopper // nil: the call never stops part-way

	cstyles charStyles  // character styles, read on first use (emphasis.go)
	roles   *roleModels // the document's role models, found on first use (roles.go)
	// comments are the texts of the document's comments by ID, read on
	// demand (commentText); a write that adds comments extends them.
	comments map[string]string
	// found caches the answer targets (answerTargets) of this parse.
	found []*answerTarget
	// texts caches textOf of paragraphs and cells while targets are found
	// and the map is built (cacheTexts), when the tree does not change;
	// nil otherwise.
	texts map[*etree.Element]string
	// snips indexes the body for matching snippets (snippets), made on
	// first use; a write that changes the body never matches snippets.
	snips *snippetIndex
	// lazy holds the content openLazy left unbuilt, read from lazyRaw
	// (document.xml); both nil for a document opened whole.
	lazy    *wordxml.Lazy
	lazyRaw []byte
	// lazyErr is why building the unbuilt content failed where the caller
	// could not return it (buildAll); save reports it.
	lazyErr error
}

// formatting names the elements that only format text (run, paragraph,
// cell, row, table and section properties). Operations that read text and
// structure (verify_output, extract_text) parse without them: they are half
// of a typical document.xml. w:sdtPr stays, for checkbox state.
var formatting = map[string]bool{
	"w:rPr": true, "w:pPr": true, "w:tcPr": true, "w:trPr": true, "w:tblPr": true,
	"w:tblPrEx": true, "w:tblGrid": true, "w:sectPr": true, "w:sdtEndPr": true,
}

// open parses data as a .docx behind the archive guard. Elements named in
// skip are left out of the parsed tree; such a document is for reading only.
// stop, if not nil, ends the parse and the work on the document early.
func open(data []byte, skip map[string]bool, stop *formats.Stopper) (*document, error) {
	return openWith(data, stop, func(raw []byte) (*etree.Document, error) {
		x, err := parseXML(raw, documentPart, skip, stop)
		// The reader copies every string it keeps, so raw is dead once parsed.
		putBuffer(raw)
		return x, err
	})
}

// openLazy is open without formatting, leaving the content of every
// paragraph unbuilt until d.lazy builds it: an operation that reads a
// few elements (verify_output) then builds a fraction of the tree, which
// was most of its time. Tables in text boxes, inside paragraphs, are
// listed by d.lazy.Flagged. The caller must call d.release once done.
func openLazy(data []byte, stop *formats.Stopper) (*document, error) {
	return openDeferred(data, formatting, "w:tc", stop)
}

// openDeferred opens data leaving the content of every paragraph unbuilt,
// and the elements named in skip out of the tree; paragraphs holding an
// element called flag are listed by d.lazy.Flagged. The caller must call
// d.release once done.
func openDeferred(data []byte, skip map[string]bool, flag string, stop *formats.Stopper, alsoDefer ...string) (*document, error) {
	return openDeferring(data, skip, "w:p", flag, stop, alsoDefer...)
}

// openRecyclable is open(data, nil, stop) for a caller that gives the
// document back (d.recycle) once done, leaving the elements called by one
// of unread bare until d.lazy builds them: a read deferring no paragraph
// (no element is called "") makes the tree Parse makes, less those
// elements' content, and a Lazy that can give that tree's storage to the
// next read. The caller must call d.recycle or d.release once done.
func openRecyclable(data []byte, stop *formats.Stopper, unread ...string) (*document, error) {
	return openDeferring(data, nil, "", "", stop, unread...)
}

// openDeferring is openDeferred deferring the elements called deferName
// (and alsoDefer) instead of paragraphs.
func openDeferring(data []byte, skip map[string]bool, deferName, flag string, stop *formats.Stopper, alsoDefer ...string) (*document, error) {
	var lz *wordxml.Lazy
	var kept []byte
	d, err := openWith(data, stop, func(raw []byte) (x *etree.Document, err error) {
		x, lz, err = wordxml.ParseLazy(raw, documentPart, skip, deferName, flag, stop, alsoDefer...)
		if err != nil {
			putBuffer(raw)
			return nil, err
		}
		kept = raw
		return x, nil
	})
	if err != nil {
		if kept != nil { // parsed, then refused (no w:body…)
			putBuffer(kept)
		}
		return nil, err
	}
	d.lazy, d.lazyRaw = lz, kept
	return d, nil
}

// release recycles the bytes of document.xml a lazy document still reads
// from; the document's unbuilt content can no longer be built.
func (d *document) release() {
	if d.lazy != nil {
		d.lazy.Close()
		putBuffer(d.lazyRaw)
		d.lazy, d.lazyRaw = nil, nil
	}
}

// recycle is release, and gives the storage of d's tree (when it was
// read lazily) and of its index to later reads: the collector's work on
// them was a fifth or more of an extract or a write. The caller promises
// that nothing uses the tree, its elements or the index any more; strings
// read from them stay valid.
func (d *document) recycle() {
	d.ix.recycle()
	d.lazy.Recycle()
	d.release()
}

// openWith opens the archive behind its guard, reads document.xml and
// parses it with parse, which owns the bytes it is given.
func openWith(data []byte, stop *formats.Stopper, parse func(raw []byte) (*etree.Document, error)) (d *document, err error) {
	endGuard := stop.Phase(formats.PhaseGuard)
	arc, err := formats.OpenArchive(data, stop.ArchiveLimits())
	endGuard(err)
	if err != nil {
		return nil, err
	}
	endOpen := stop.Phase(formats.PhaseOpen)
	defer func() { endOpen(err) }()
	arc.StopWith(stop)
	if arc.File(documentPart) == nil {
		return nil, formats.Errorf(formats.ErrInvalidDocument, documentPart,
			"the archive has no %s: not a Word document (expected a .docx with a main document part)", documentPart)
	}
	raw, err := arc.ReadInto(documentPart, getBuffer())
	if err != nil {
		return nil, err
	}
	x, err := parse(raw)
	if err != nil {
		return nil, err
	}
	body, err := documentBody(x)
	if err != nil {
		return nil, err
	}
	ix, err := buildIndex(body, stop)
	if err != nil {
		return nil, err
	}
	return &document{arc: arc, xml: x, body: body, ix: ix, stop: stop}, nil
}

// documentBody checks the root of document.xml and finds w:body.
func documentBody(x *etree.Document) (*etree.Element, error) {
	root := x.Root()
	if root == nil || root.Tag != "document" {
		return nil, formats.Errorf(formats.ErrInvalidDocument, documentPart, "the root element is not w:document")
	}
	if root.Space != "w" || root.NamespaceURI() != nsW {
		return nil, formats.Errorf(formats.ErrUnsupported, documentPart,
			"the WordprocessingML namespace is not bound to the prefix w (found %q); formfill expects w:", root.Space)
	}
	body := childW(root, "body")
	if body == nil {
		return nil, formats.Errorf(formats.ErrInvalidDocument, documentPart, "w:document has no w:body")
	}
	return body, nil
}

// serialize writes the document.xml back and repacks the archive with only
// that entry replaced, and the parts given (comments and what registers
// them) replaced or added; both stop part-way with the call.
func (d *document) serialize(parts map[string][]byte) ([]byte, error) {
	hint := 0
	if f := d.arc.File(documentPart); f != nil {
		hint = int(min(f.UncompressedSize64, 64<<20))
	}
	// Paragraphs a lazy write left unbuilt are copied from the part.
	out, err := wordxml.WriteLazyStop(getBuffer(), d.xml, hint, d.lazy, d.stop)
	defer putBuffer(out) // deflated into the new archive, then dead
	if err != nil {
		return nil, err
	}
	replaced := map[string][]byte{documentPart: out}
	for name, data := range parts {
		replaced[name] = data
	}
	return d.arc.Rewrite(replaced)
}
