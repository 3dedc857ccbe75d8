// Package pdf is formfill's engine for fillable PDF forms (AcroForm).
//
// Fields are found by walking /AcroForm /Fields over pdfcpu's object model
// (pdfcpu's own field reader and filler reject many real forms) and get
// IDs F1, F2 … in page order, then top-to-bottom, left-to-right. The fully
// qualified field name is shown next to every ID and accepted wherever an
// ID is. Every answer is validated before anything is written (unknown
// field, read-only field, option not offered, MaxLen), then values are set
// field by field. The result is saved as an incremental update: the
// original bytes are kept unchanged and the changed objects are appended
// (a file whose cross-reference chain is broken is rewritten whole
// instead). Usage-rights signatures (/Perms) and the XFA of hybrid forms
// are removed when filling, since both would be stale afterwards, and the
// result says so in its warnings. Pure XFA and encrypted PDFs are refused
// with formats.ErrUnsupported.
//
// # One appearance, every viewer
//
// formfill draws every widget it fills itself (appearance.go) and removes
// /NeedAppearances, so poppler, pdf.js, MuPDF and Acrobat all show its
// drawing instead of redrawing fields with their own fonts. Text is drawn
// with the field's own font when formfill can rely on it (a standard font
// or a whole embedded one whose encoding covers the text), else with
// fallback fonts from a FontSource, shaped with go-text's HarfBuzz port
// (Arabic joining, Indic clusters, Thai marks) and ordered by the bidi
// algorithm. Each fallback font is embedded once per document as a subset
// (package sfnt) with a ToUnicode map from glyphs back to their
// characters, so text extraction gives the logical string. Characters no
// font covers are left out of the drawing and named in a warning.
//
// Verify reads those appearance streams back (apread.go) and reports a
// value whose drawing differs from it: not_visible, appearance_mismatch,
// overflow.
//
// The engine never touches the file system: fonts come from the
// FontSource it is given (WithFonts, SetDefaultFonts; package fontdir
// reads font directories).
package pdf
