// Package pdf is formfill's engine for fillable PDF forms (AcroForm).
//
// Fields are found by walking /AcroForm /Fields over pdfcpu's object model
// (pdfcpu's own field reader and filler reject many real forms) and get
// IDs F1, F2 … in page order, then top-to-bottom, left-to-right. The fully
// qualified field name is shown next to every ID and accepted wherever an
// ID is. Every answer is validated before anything is written (unknown
// field, read-only field, option not offered, MaxLen), then values are set
// field by field and each widget is redrawn with pdfcpu's appearance
// builders, so the values show in every viewer; /NeedAppearances is set as
// well. The result is saved as an incremental update: the original bytes
// are kept unchanged and the changed objects are appended (a file whose
// cross-reference chain is broken is rewritten whole instead). Usage-rights signatures (/Perms) and the XFA of hybrid forms are
// removed when filling, since both would be stale afterwards, and the
// result says so in its warnings. Pure XFA and encrypted PDFs are refused
// with formats.ErrUnsupported.
//
// The engine is bytes in, bytes out, with one exception: pdfcpu draws
// values outside Latin-1 with a bundled Unicode font it only loads from
// disk, so the first fill of a process installs it under the temp
// directory (see ensureFonts).
package pdf
