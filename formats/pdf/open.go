package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

func init() {
	// pdfcpu would otherwise create and read a config directory under the
	// user's home: the engine must not touch the file system.
	api.DisableConfigDir()
}

// eofWindow is how far from the end the %%EOF marker may sit; writers
// append a little junk or white space after it.
const eofWindow = 2048

// document is one parsed PDF: pdfcpu's model plus formfill's field
// inventory in ID order.
type document struct {
	data   []byte // the original bytes, kept for the incremental save
	ctx    *model.Context
	fields []*field
	byID   map[string]*field
	byName map[string]*field
	stop   *formats.Stopper // nil: the call never stops part-way
	fonts  FontSource       // fallback fonts for new appearances; nil: none
	enc    *encryption      // how the file is encrypted; nil: it is not
	// filled are the fields as a fill left them, read before a flatten
	// removed them (for Fill's verification); flattened counts those.
	filled    []*field
	flattened int
}

// open opens doc for one call of the engine, whose stop ends pdfcpu's
// parse (at its next read of the file) and the walk of the fields.
func (e *Engine) open(doc []byte) (_ *document, err error) {
	stop := e.stopper()
	if err := stop.Check(); err != nil {
		return nil, err
	}
	endOpen := stop.Phase(formats.PhaseOpen)
	defer func() { endOpen(err) }()
	d, err := openStop(doc, stop)
	if err != nil {
		return nil, stopOr(stop, err)
	}
	d.stop = stop
	d.fonts = e.fontSource()
	return d, stop.Check()
}

// stopOr is the stop's error if the call's context has ended, else err: a
// read cut by the stop fails inside pdfcpu, which reports it as it likes
// (or panics, which guard makes an input error).
func stopOr(stop *formats.Stopper, err error) error {
	if s := stop.Check(); s != nil {
		return s
	}
	return err
}

// maxDecodeBytes bounds one decoded stream (pdfcpu's default is 512 MiB).
const maxDecodeBytes = 64 << 20

// newConfig is the pdfcpu configuration for every read: relaxed
// validation, because real forms are rarely fully conforming.
func newConfig() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	conf.Offline = true
	// A decompression bomb in an object stream must fail, not fill memory:
	// no real form has a stream that inflates beyond this.
	conf.Limits.MaxDecodeBytes = maxDecodeBytes
	return conf
}

// guard turns a panic inside pdfcpu (it panics on some malformed input)
// into an ErrInvalidDocument, so a hostile document never takes a worker
// down, and logs it to log. Use as `defer guard(e.logger(), &err)` at
// every exported entry point.
func guard(log *slog.Logger, err *error) {
	if r := recover(); r != nil {
		log.Warn("pdf: recovered from a panic in the PDF library", "panic", r)
		*err = formats.Errorf(formats.ErrInvalidDocument, "file", "the PDF could not be parsed (%v)", r)
	}
}

// readContext parses data into a pdfcpu context, mapping its failures to
// typed input errors. pdfcpu reads data through stop, if not nil, so a
// stopped call's parse fails at its next read.
func readContext(data []byte, stop *formats.Stopper) (ctx *model.Context, err error) {
	defer guard(stop.Logger(), &err)
	if err := formats.CheckSize(len(data)); err != nil {
		return nil, err
	}
	if err := formats.CheckMagic(formats.PDF, data); err != nil {
		return nil, err
	}
	// pdfcpu repairs a file cut short by rescanning its objects, but a
	// truncated upload silently loses pages and fields: refuse it.
	if !bytes.Contains(data[max(0, len(data)-eofWindow):], []byte("%%EOF")) {
		return nil, formats.Errorf(formats.ErrInvalidDocument, "file", "the PDF is truncated: no %%%%EOF marker at its end (was the upload cut short?)")
	}
	ctx, err = api.ReadContext(stop.ReadSeeker(bytes.NewReader(data)), newConfig())
	if err != nil {
		if errors.Is(err, pdfcpu.ErrWrongPassword) || strings.Contains(err.Error(), "password") {
			return nil, formats.Wrap(formats.ErrUnsupported, "file", err, "the PDF is encrypted with a password needed to open it (a user password); formfill fills encrypted forms that open without one, but not this: remove the password first (qpdf --decrypt --password=…)")
		}
		return nil, formats.Wrap(formats.ErrInvalidDocument, "file", err, "the PDF could not be parsed")
	}
	if ctx.XRefTable == nil || ctx.RootDict == nil {
		return nil, formats.Errorf(formats.ErrInvalidDocument, "file", "the PDF has no document catalog")
	}
	// An encrypted form that opens without a password has been decrypted
	// as it was read (see encrypt.go); one pdfcpu read without a key is
	// encrypted in a way formfill cannot read.
	if (ctx.Encrypt != nil || ctx.E != nil) && ctx.EncKey == nil {
		return nil, formats.Errorf(formats.ErrUnsupported, "file", "the PDF is encrypted by a security handler formfill cannot read (decrypt it first, e.g. qpdf --decrypt)")
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, "file", err, "the PDF's page tree is broken")
	}
	// Every later walk of the pages trusts the tree's /Count: check it
	// against the pages themselves, in one walk bounded by the file.
	if _, err := pageList(ctx, stop); err != nil {
		return nil, err
	}
	return ctx, nil
}

// open is openStop for a call that never stops.
func open(data []byte) (*document, error) { return openStop(data, nil) }

// openStop parses data and collects its form fields. A PDF without an
// AcroForm parses fine and has no fields; a pure XFA form is refused
// because its fields live in XML formfill does not fill. stop, if not nil,
// ends it part-way.
func openStop(data []byte, stop *formats.Stopper) (doc *document, err error) {
	defer guard(stop.Logger(), &err)
	ctx, err := readContext(data, stop)
	if err != nil {
		return nil, err
	}
	fields, err := collectFields(ctx, stop)
	if errors.Is(err, formats.ErrStopped) {
		return nil, err
	}
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, "AcroForm", err, "the form's field tree is broken")
	}
	if len(fields) == 0 && hasXFA(ctx) {
		return nil, formats.Errorf(formats.ErrUnsupported, "XFA", "the PDF is a pure XFA form (its fields exist only in XFA XML, not as AcroForm fields); formfill fills AcroForm fields only — re-save it as a static AcroForm PDF")
	}
	doc = &document{data: data, ctx: ctx, fields: fields, byID: map[string]*field{}, byName: map[string]*field{}, stop: stop, enc: encryptionOf(ctx)}
	for _, f := range fields {
		doc.byID[f.ID] = f
		if _, dup := doc.byName[f.Name]; !dup {
			doc.byName[f.Name] = f
		}
	}
	return doc, nil
}

// acroForm returns the catalog's /AcroForm dictionary, or nil.
func acroForm(ctx *model.Context) types.Dict {
	o, ok := ctx.RootDict.Find("AcroForm")
	if !ok {
		return nil
	}
	d, err := ctx.DereferenceDict(o)
	if err != nil {
		return nil
	}
	return d
}

func hasXFA(ctx *model.Context) bool {
	af := acroForm(ctx)
	if af == nil {
		return false
	}
	_, ok := af.Find("XFA")
	return ok
}

// lookup finds the field an answer or location names: an ID (F3) or the
// field's fully qualified name.
func (d *document) lookup(key string) (*field, error) {
	key = strings.TrimSpace(key)
	if f, ok := d.byID[strings.ToUpper(key)]; ok && isFieldID(key) {
		return f, nil
	}
	if f, ok := d.byName[key]; ok {
		return f, nil
	}
	return nil, formats.Errorf(formats.ErrInvalidArgument, key, "no form field with this ID or name; the form has %d fields (%s)", len(d.fields), fieldHint(d.fields))
}

func isFieldID(s string) bool {
	if len(s) < 2 || (s[0] != 'F' && s[0] != 'f') {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func fieldHint(fs []*field) string {
	switch len(fs) {
	case 0:
		return "none"
	case 1:
		return "F1"
	}
	return fmt.Sprintf("F1…F%d; see list_form_fields", len(fs))
}
