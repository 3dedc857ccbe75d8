package excel

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/formfill/formfill/formats"
)

// workbook is one parsed document: the guarded archive and what
// formfill's readers found in it. No call opens it in excelize: every
// part a call reads, formfill's own readers read.
type workbook struct {
	arch *formats.Archive
	// mu guards the caches below that a sheet worked in a lane reaches
	// (see eachSheet).
	mu     sync.Mutex
	sheets []string  // sheet names in workbook order; index+1 is the S of an ID
	book   *bookInfo // what the workbook part says (see readBook)
	// partMap maps sheet names to worksheet part names, read on demand.
	partMap map[string]string
	// pass is what the XML guard's pass collected: the worksheets' scans
	// by part name, the shared strings' (see sstscan.go).
	pass partScans
	// scanned holds every sheet's scan by sheet name once scanSheets ran.
	scanned map[string]sheetScanned
	stop    *formats.Stopper // nil: the call never stops part-way
	// sst is the shared strings' text, read by rows when first needed,
	// under mu; formats is, by style index, what the style's number format
	// does (see numFormat), worked out once whatever the lanes that ask
	// (see eachSheet).
	sst         []string
	formats     []numFormat
	cellFormats []*cellFormat // by style index (see readStyles)
	stylesRaw   *stylesDoc    // the styles part as read, nil when it could not be
	formatsOnce sync.Once
	rowCache    map[string]*sheetRows     // rows by sheet name, under mu
	bookTexts   map[cellFormatting]string // the format book's texts by what they depend on, under mu (rows.go)
	// recalced is what a write's recalculation found (see recalc).
	recalced *recalcResult
	// tables are the workbook's tables, read when a formula first names
	// one (tableread.go).
	tables tableCache
}

// open opens doc for one call of the engine, whose stop ends the XML
// guard's pass and every later parse of a large part part-way.
func (e *Engine) open(doc []byte, stop *formats.Stopper) (*workbook, error) {
	if err := stop.Check(); err != nil {
		return nil, err
	}
	return openStop(doc, stop)
}

// oleMagic starts encrypted xlsx files and legacy .xls files alike.
var oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

// guard turns a panic (excelize's, in the number formatting and the
// recalculation that still use it, or a reader's) into a typed input
// error, so a hostile document never takes a worker down. A call whose
// context ended (stop, if not nil) reports the stop instead, whatever it
// returned: a reader cut part-way may have dropped its error, so its
// results are not to be trusted once a read may have failed. Use as `defer guard(stop, &err)`
// at every exported entry point.
func guard(stop *formats.Stopper, err *error) {
	switch r := recover(); {
	case r == errAbandoned:
		*err = formats.ErrStopped // the stop's own error follows
	case r != nil:
		stop.Logger().Warn("excel: recovered from a panic", "panic", r)
		*err = formats.Errorf(formats.ErrInvalidDocument, "file", "the workbook could not be parsed (%v)", r)
	}
	if s := stop.Check(); s != nil {
		*err = s
	}
}

// guardPackage checks data against the archive guard and the XML guard
// and returns the archive and what the XML guard's pass found.
func guardPackage(data []byte, stop *formats.Stopper) (*formats.Archive, partScans, error) {
	if bytes.HasPrefix(data, oleMagic) {
		return nil, partScans{}, formats.Errorf(formats.ErrUnsupported, "file", "the file is an OLE compound document: an encrypted workbook or a legacy .xls; save it as an unprotected .xlsx")
	}
	if err := formats.CheckMagic(formats.Excel, data); err != nil {
		return nil, partScans{}, err
	}
	arch, err := formats.OpenArchive(data, stop.ArchiveLimits())
	if err != nil {
		return nil, partScans{}, err
	}
	arch.StopWith(stop)
	if arch.File("xl/workbook.xml") == nil {
		return nil, partScans{}, formats.Errorf(formats.ErrInvalidDocument, "file", "not an xlsx workbook: the zip has no xl/workbook.xml%s", zipHint(arch))
	}
	scans, err := checkXMLParts(arch, stop)
	return arch, scans, err
}

// open is openStop for a call that never stops.
func open(data []byte) (*workbook, error) { return openStop(data, nil) }

// openStop checks data against the archive guard and the XML guard
// (checkXMLParts) and reads the workbook part. stop, if not nil, ends it
// part-way.
func openStop(data []byte, stop *formats.Stopper) (wb *workbook, err error) {
	endOpen := func(error) {}
	defer func() { endOpen(err) }() // after guard below has made a panic an error
	defer guard(nil, &err)
	endGuard := stop.Phase(formats.PhaseGuard)
	arch, scans, err := guardPackage(data, stop)
	endGuard(err)
	if err != nil {
		return nil, err
	}
	endOpen = stop.Phase(formats.PhaseOpen)
	wb = &workbook{arch: arch, pass: scans, stop: stop}
	if err := wb.readBook(); err != nil {
		return nil, err
	}
	if len(wb.sheets) == 0 {
		return nil, formats.Errorf(formats.ErrInvalidDocument, "file", "the workbook has no worksheets")
	}
	// The sheets' parts are found now, so that a stop ends the call here;
	// another error the tools meet where they ask.
	if _, err := wb.parts(); errors.Is(err, formats.ErrStopped) {
		return nil, err
	}
	return wb, nil
}

// zipHint names the kind of zip when it is recognisably another format.
func zipHint(a *formats.Archive) string {
	switch {
	case a.File("word/document.xml") != nil:
		return " (it is a Word document: use file_type word)"
	case a.File("ppt/presentation.xml") != nil:
		return " (it is a PowerPoint presentation)"
	}
	return ""
}

// sheetIndex returns the 1-based index of sheet name; Excel sheet names are
// unique ignoring case, so a case-insensitive match is accepted too.
func (wb *workbook) sheetIndex(name string) (int, error) {
	for i, s := range wb.sheets {
		if s == name {
			return i + 1, nil
		}
	}
	for i, s := range wb.sheets {
		if strings.EqualFold(s, name) {
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("no sheet %q; the sheets are %s", name, quoteList(wb.sheets))
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
