package word

import "github.com/formfill/formfill/formats"

// A lazy write (Write's common case): document.xml is read with every
// paragraph left unbuilt, checked as strictly as a whole parse; the
// answers' targets are built before they are written, and serialising
// copies the paragraphs still unbuilt from the part's bytes
// (wordxml.WriteLazyStop). Building the whole tree of a long agreement
// was most of a write that changes a few dozen paragraphs of it. What
// reads beyond a target builds the rest first: the role models
// (roleModels) and the check for cross-references a forced answer left
// dangling (buildForDangling). TestLazyWriteMatchesWholeTree holds the
// output to the whole tree's, byte for byte.

// openForWrite opens data as writing answers with opts needs it: lazily
// when every answer writes inside its target, whole otherwise. The caller
// must call d.release once done.
func openForWrite(data []byte, answers []formats.Answer, opts formats.WriteOptions, stop *formats.Stopper) (*document, error) {
	if !lazyWritable(answers, opts) {
		return open(data, nil, stop)
	}
	return openDeferred(data, nil, "", stop, tableProperties...)
}

// tableProperties are the table, row and cell properties a lazy write
// leaves unbuilt beside the paragraphs: a questionnaire's tables are
// mostly these. A write reads them only in the cells it writes, which
// Build builds whole; the index and the in-target modes never look at
// those of other cells.
var tableProperties = []string{"w:tcPr", "w:trPr", "w:tblPr", "w:tblGrid"}

// lazyWritable reports whether a write of answers with opts stays inside
// its targets. Review marks (tracked changes, comments) number and watch
// across the body, and the edit modes insert, delete and search beside or
// across their targets: those open the document whole.
func lazyWritable(answers []formats.Answer, opts formats.WriteOptions) bool {
	if opts.TrackChanges || opts.CommentUncertain {
		return false
	}
	for _, a := range answers {
		switch a.Mode {
		case "", formats.ReplaceContent, formats.Append, formats.ReplacePlaceholder:
		default:
			return false
		}
	}
	return true
}

// buildAll builds whatever a lazy document left unbuilt, for a reader
// of the whole body that cannot return an error; a failure (only a
// stopped call, or a bug) is kept for save to report.
func (d *document) buildAll() {
	if err := d.lazy.BuildAll(); err != nil && d.lazyErr == nil {
		d.lazyErr = err
	}
}

// buildForDangling builds a lazy document whole when an answer removed
// anchors on purpose: danglingAfter then reads the whole body.
func (d *document) buildForDangling(done []*applied) error {
	for _, ap := range done {
		if len(ap.forced) > 0 {
			return d.lazy.BuildAll()
		}
	}
	return nil
}
