// Package pdf is formfill's engine for fillable PDF forms (AcroForm).
//
// Fields are found by walking /AcroForm /Fields over pdfcpu's object model
// (pdfcpu's own field reader and filler reject many real forms) and get
// IDs F1, F2 … in page order, then top-to-bottom, left-to-right. The fully
// qualified field name is shown next to every ID and accepted wherever an
// ID is. Every answer is validated before anything is written (unknown
// field, read-only field, option not offered, a checkbox answer that is
// neither a yes/no word nor the box's option, MaxLen), then values are set
// field by field. The result is saved as an incremental update: the
// original bytes are kept unchanged and the changed objects are appended
// (a file whose cross-reference chain is broken is rewritten whole
// instead). Usage-rights signatures (/Perms) and the XFA of hybrid forms
// are removed when filling, since both would be stale afterwards, and the
// result says so in its warnings. Pure XFA forms and PDFs that need a
// password to open are refused with formats.ErrUnsupported.
//
// # Encrypted forms
//
// A form encrypted with an owner password only (an empty user password,
// as US government forms are published), RC4 or AES, is read as any
// viewer reads it, and filled when its permissions allow filling in form
// fields. The output keeps the encryption: the objects a fill appends
// are encrypted with the form's own key and method under its original
// encryption dictionary, so it opens as the original did, with the
// publisher's permissions (encrypt.go). WriteResult.Encryption says so.
// A write the permissions forbid (filling, annotating for review notes,
// modifying contents for a flatten) is refused naming the permission.
//
// # One appearance, every viewer
//
// formfill draws every widget it fills itself (appearance.go) and removes
// /NeedAppearances, so poppler, pdf.js, MuPDF and Acrobat all show its
// drawing instead of redrawing fields with their own fonts. Text is drawn
// with the field's own font when formfill can rely on it (a standard font
// or a whole embedded one, read through its WinAnsi, Standard or MacRoman
// encoding and /Differences), run by run: only the characters it cannot
// encode switch to fallback fonts from a FontSource (glyphruns.go),
// shaped with go-text's HarfBuzz port (Arabic joining, Indic clusters,
// Thai marks; text in such scripts is shaped whole) and ordered by the
// bidi algorithm. Each fallback font is embedded once per document as a subset
// (package sfnt) with a ToUnicode map from glyphs back to their
// characters, so text extraction gives the logical string. Characters no
// font covers are left out of the drawing and named in a warning.
//
// Verify reads those appearance streams back (apread.go) and reports a
// value whose drawing differs from it: not_visible, appearance_mismatch,
// overflow.
//
// # Flatten
//
// WriteOptions.Flatten burns the filled form into its pages (flatten.go):
// every widget's appearance becomes page content and the form is
// removed; signature fields stay fields unless FlattenSignatures.
//
// # Active content
//
// ActiveContent lists the JavaScript, launch, submit and import actions a
// viewer would run (active.go): the document's open action, /AA and
// /Names JavaScript, then each page's annotations, then the field tree;
// the triggers of one /AA in the order of their names, since pdfcpu holds
// a dictionary as a Go map and the file's order is gone. The list is the
// same on every call, and so are the warnings made from it.
// StripActiveContent deletes the entries holding them in an incremental
// update, as a fill is saved.
//
// The engine never touches the file system: fonts come from the
// FontSource it is given (WithFonts, SetDefaultFonts; package fontdir
// reads font directories).
package pdf
