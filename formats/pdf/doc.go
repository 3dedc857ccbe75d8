// Package pdf is formfill's engine for fillable PDF forms (AcroForm).
//
// Fields are found by walking /AcroForm /Fields directly over pdfcpu's
// object model (pdfcpu's own field reader rejects many real forms) and get
// IDs F1, F2 … in page order, then top-to-bottom, left-to-right. The fully
// qualified field name is shown next to every ID and accepted wherever an
// ID is. Values are written through pdfcpu's form filler, which generates
// appearance streams, so the values show in every viewer; /NeedAppearances
// is set as well. Usage-rights signatures (/Perms) and the XFA of hybrid
// forms are removed when filling, since both would be stale afterwards.
// Pure XFA and encrypted PDFs are refused with formats.ErrUnsupported.
package pdf
