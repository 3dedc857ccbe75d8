package excel

import (
	"bytes"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// The edge-case workbooks of issue 33 item 5, each read and written by
// formfill and read by openpyxl, the independent reader.

// edgeWrite is one answer written into an edge workbook: the cell it lands
// in ("Edges!B4") and what openpyxl reads there afterwards (its value and
// data type), or the error that refuses it. cached are cells whose
// formula's cached value the write changes, with the value openpyxl's
// data_only reading must then give ("": none); warnHas is in a warning.
type edgeWrite struct {
	name    string
	answer  formats.Answer
	cell    string
	want    string
	typ     string
	errHas  string
	cached  map[string]string
	warnHas string
}

// edgeCase is an edge workbook, the answer targets list_form_fields must
// offer in it, and the writes tried on it, one at a time.
type edgeCase struct {
	fixture string
	targets []string
	writes  []edgeWrite
}

// answer is a replace_content answer addressed by cell reference.
func answer(ref, text string) formats.Answer { return formats.Answer{PairID: ref, AnswerText: text} }

var edgeCases = []edgeCase{
	{fixtures.ExcelEdgeOutsideDimension, []string{"Edges!B2", "Edges!B4"}, []edgeWrite{
		{name: "answer past the dimension", answer: answer("Edges!B4", "Yes, past it"), cell: "Edges!B4", want: "Yes, past it", typ: "s"},
		{name: "answer inside the dimension", answer: answer("Edges!B2", "Acme"), cell: "Edges!B2", want: "Acme", typ: "s"},
		{name: "answer past every cell", answer: answer("Edges!E12", "far"), cell: "Edges!E12", want: "far", typ: "s"},
		{name: "number over a number past the dimension", answer: answer("Edges!D6", "43"), cell: "Edges!D6", want: "43", typ: "n"},
	}},
	{fixtures.ExcelEdgeSharedFormulas, []string{"Edges!B6"}, []edgeWrite{
		{name: "answer below shared formulas", answer: answer("Edges!B6", "Jane"), cell: "Edges!B6", want: "Jane", typ: "s"},
		{name: "number into a shared formula's input", answer: answer("Edges!A3", "5"), cell: "Edges!A3", want: "5", typ: "n",
			cached: map[string]string{"Edges!B3": "10", "Edges!C3": "25"}},
		{name: "number into a cross-sheet input", answer: answer("'My Data'!A3", "40"), cell: "'My Data'!A3", want: "40", typ: "n",
			cached: map[string]string{"Edges!C4": "43"}},
		{name: "shared formula member refused", answer: answer("Edges!B3", "9"), errHas: "holds the formula =A3*2"},
		{name: "cross-sheet member refused", answer: answer("Edges!C4", "9"), errHas: "holds the formula ='My Data'!A3+A4"},
	}},
	{fixtures.ExcelEdgeArrayFormulas, []string{"Edges!B6"}, []edgeWrite{
		{name: "answer below array formulas", answer: answer("Edges!B6", "Sam"), cell: "Edges!B6", want: "Sam", typ: "s"},
		{name: "number into an array formula's input", answer: answer("Edges!A3", "5"), cell: "Edges!A3", want: "5", typ: "n",
			cached:  map[string]string{"Edges!B2": "", "Edges!B3": "", "Edges!B4": "", "Edges!C2": ""},
			warnHas: "Edges!C2: =SUM(A2:A4*2) reads a written cell but it is an array formula, which formfill does not compute"},
		{name: "array formula refused", answer: answer("Edges!B2", "9"), errHas: "holds the formula =A2:A4*10"},
		{name: "cell inside an array formula refused", answer: answer("Edges!B3", "9"), errHas: "array formula"},
	}},
	{fixtures.ExcelEdgeRichText, []string{"Edges!B2", "Edges!B3"}, []edgeWrite{
		{name: "answer beside rich text", answer: answer("Edges!B2", "Both parts"), cell: "Edges!B2", want: "Both parts", typ: "s"},
		{name: "answer beside a phonetic run", answer: answer("Edges!B3", "Kanji"), cell: "Edges!B3", want: "Kanji", typ: "s"},
		// Into the rich text itself: the runs' text is the cell's text, an
		// append follows it and a replacement leaves no run behind.
		{name: "append to rich text", answer: formats.Answer{PairID: "Edges!A2", AnswerText: "Yes", Mode: formats.Append},
			cell: "Edges!A2", want: "Bold part and plain part? Yes", typ: "s"},
		{name: "replace rich text", answer: answer("Edges!A2", "Plain now"), cell: "Edges!A2", want: "Plain now", typ: "s"},
		{name: "append to a phonetic run's text", answer: formats.Answer{PairID: "Edges!A3", AnswerText: "kanji", Mode: formats.Append},
			cell: "Edges!A3", want: "漢字の読み方は? kanji", typ: "s"},
	}},
	{fixtures.ExcelEdgeInlineStrings, []string{"Edges!B2", "Edges!B3"}, []edgeWrite{
		{name: "answer beside an inline string", answer: answer("Edges!B2", "Inline answer"), cell: "Edges!B2", want: "Inline answer", typ: "s"},
		{name: "placeholder in an inline string", answer: formats.Answer{PairID: "Edges!B3", AnswerText: "Jane Doe", Mode: formats.ReplacePlaceholder},
			cell: "Edges!B3", want: "Jane Doe", typ: "s"},
		{name: "append to an inline string", answer: formats.Answer{PairID: "Edges!B3", AnswerText: "Jane", Mode: formats.Append},
			cell: "Edges!B3", want: "[name] Jane", typ: "s"},
	}},
	{fixtures.ExcelEdgeGeneralNumber, nil, []edgeWrite{
		{name: "number over a number in a General cell", answer: answer("Edges!B2", "7"), cell: "Edges!B2", want: "7", typ: "n"},
		{name: "number over a number with no style", answer: answer("Edges!B3", "8.25"), cell: "Edges!B3", want: "8.25", typ: "n"},
		{name: "number over text in a General cell stays text", answer: answer("Edges!B4", "7"), cell: "Edges!B4", want: "7", typ: "s"},
		{name: "number over text in a Text cell stays text", answer: answer("Edges!B5", "7"), cell: "Edges!B5", want: "7", typ: "s"},
		{name: "text over a number in a General cell", answer: answer("Edges!B2", "seven"), cell: "Edges!B2", want: "seven", typ: "s"},
		{name: "leading zero over a number stays text", answer: answer("Edges!B2", "007"), cell: "Edges!B2", want: "007", typ: "s"},
	}},
}

// edgeDoc is the bytes of an edge workbook.
func edgeDoc(tb testing.TB, name string) []byte {
	tb.Helper()
	doc, err := fixtures.Build(name)
	must(tb, err)
	return doc
}

// splitRef splits "Sheet!B4" into its sheet and cell.
func splitRef(ref string) (sheet, cellRef string) {
	i := strings.LastIndexByte(ref, '!')
	return strings.Trim(ref[:i], "'"), ref[i+1:]
}

// TestEdgeWorkbooksReadAsOpenpyxlReads holds every cell text formfill
// reads (extract_structure's rows, the formulas of its map, the current
// values of list_form_fields) to what openpyxl reads from the same file.
func TestEdgeWorkbooksReadAsOpenpyxlReads(t *testing.T) {
	for _, tc := range edgeCases {
		t.Run(tc.fixture, func(t *testing.T) {
			doc := edgeDoc(t, tc.fixture)
			cached, _ := readers.XLSXCached(t, doc)
			rs, err := New().ExtractRaw(doc)
			must(t, err)
			got := map[string]map[string]string{}
			for _, s := range rs.Sheets {
				got[s.Name] = map[string]string{}
				for r, row := range s.Rows {
					for c, v := range row {
						if v != "" {
							ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
							got[s.Name][ref] = v
						}
					}
				}
			}
			if !reflect.DeepEqual(got, cached) {
				t.Errorf("extract_structure reads\n%v\nopenpyxl (cached values)\n%v", got, cached)
			}
			if gotF, wantF := edgeFormulas(t, doc), openpyxlFormulas(t, doc); !reflect.DeepEqual(gotF, wantF) {
				t.Errorf("formulas read\n%v\nopenpyxl\n%v", gotF, wantF)
			}
			fields, err := New().ListFields(doc)
			must(t, err)
			offered := map[string]bool{}
			for _, f := range fields {
				offered[f.XPath] = true
				sheet, ref := splitRef(f.XPath)
				if want := cached[sheet][ref]; f.CurrentValue != want {
					t.Errorf("field %s current value %q, openpyxl %q", f.XPath, f.CurrentValue, want)
				}
			}
			for _, want := range tc.targets {
				if !offered[want] {
					t.Errorf("list_form_fields offers no field at %s: %+v", want, fields)
				}
			}
		})
	}
}

// edgeFormulas is sheet → cell → formula (with its "=") of every formula
// cell formfill's reading finds, as its map shows them.
func edgeFormulas(tb testing.TB, doc []byte) map[string]map[string]string {
	tb.Helper()
	wb, err := openStop(doc, nil)
	must(tb, err)
	out := map[string]map[string]string{}
	for _, sheet := range wb.sheets {
		sc, err := wb.scanSheet(sheet)
		must(tb, err)
		for at := range sc.formulas {
			ref, _ := excelize.CoordinatesToCellName(at[1], at[0])
			if out[sheet] == nil {
				out[sheet] = map[string]string{}
			}
			out[sheet][ref] = "=" + wb.formula(sheet, ref, sc)
		}
	}
	return out
}

// openpyxlFormulas is sheet → cell → formula of every formula cell
// openpyxl reads (shared formulas translated to each cell).
func openpyxlFormulas(tb testing.TB, doc []byte) map[string]map[string]string {
	tb.Helper()
	cells, types := readers.XLSXCells(tb, doc), readers.XLSXTypes(tb, doc)
	out := map[string]map[string]string{}
	for sheet, m := range types {
		for ref, typ := range m {
			if typ == "f" {
				if out[sheet] == nil {
					out[sheet] = map[string]string{}
				}
				out[sheet][ref] = cells[sheet][ref]
			}
		}
	}
	return out
}

// TestEdgeWorkbooksWriteAsOpenpyxlReads writes each answer into its edge
// workbook and reopens the output in openpyxl: the written cell holds the
// answer, with the type a spreadsheet user expects; every other cell
// (formulas, rich text, inline strings) reads as before and keeps its XML
// byte for byte, but for the cached values the write recomputed.
func TestEdgeWorkbooksWriteAsOpenpyxlReads(t *testing.T) {
	for _, tc := range edgeCases {
		doc := edgeDoc(t, tc.fixture)
		for _, w := range tc.writes {
			t.Run(w.name, func(t *testing.T) {
				res, err := New().Write(doc, []formats.Answer{w.answer}, formats.WriteOptions{})
				if w.errHas != "" {
					if err == nil || !strings.Contains(err.Error(), w.errHas) {
						t.Fatalf("Write error %v, want one saying %q", err, w.errHas)
					}
					return
				}
				must(t, err)
				if !strings.Contains(strings.Join(res.Warnings, "\n"), w.warnHas) {
					t.Errorf("warnings %q lack %q", res.Warnings, w.warnHas)
				}
				checkEdgeWrite(t, doc, res.Document, w)
			})
		}
	}
}

// checkEdgeWrite compares openpyxl's readings of the workbook before and
// after write w.
func checkEdgeWrite(t *testing.T, before, after []byte, w edgeWrite) {
	t.Helper()
	sheet, ref := splitRef(w.cell)
	cells, types := readers.XLSXCells(t, after), readers.XLSXTypes(t, after)
	if got, typ := cells[sheet][ref], types[sheet][ref]; got != w.want || typ != w.typ {
		t.Errorf("%s reads %q (type %s) in openpyxl, want %q (type %s)", w.cell, got, typ, w.want, w.typ)
	}
	wantCells, wantTypes := readers.XLSXCells(t, before), readers.XLSXTypes(t, before)
	delete(cells[sheet], ref)
	delete(types[sheet], ref)
	delete(wantCells[sheet], ref)
	delete(wantTypes[sheet], ref)
	for at := range w.cached {
		// An array formula's other cells hold only its cached results.
		if s, r := splitRef(at); wantTypes[s][r] != "f" {
			delete(cells[s], r)
			delete(types[s], r)
			delete(wantCells[s], r)
			delete(wantTypes[s], r)
		}
	}
	if !reflect.DeepEqual(cells, wantCells) || !reflect.DeepEqual(types, wantTypes) {
		t.Errorf("other cells changed:\n%v %v\nbefore\n%v %v", cells, types, wantCells, wantTypes)
	}
	values, _ := readers.XLSXCached(t, after)
	for at, want := range w.cached {
		s, r := splitRef(at)
		if got := values[s][r]; got != want {
			t.Errorf("%s caches %q after the write, want %q", at, got, want)
		}
	}
	sameUntouchedXML(t, before, after, w)
}

// sameUntouchedXML fails unless every cell of the sheets but the written
// one and the recomputed ones keeps its XML, and the shared strings keep
// every item they had (a write appends).
func sameUntouchedXML(t *testing.T, before, after []byte, w edgeWrite) {
	t.Helper()
	wb, err := open(before)
	must(t, err)
	parts, err := wb.parts()
	must(t, err)
	skip := map[[2]string]bool{}
	for _, at := range append(slices.Collect(maps.Keys(w.cached)), w.cell) {
		s, r := splitRef(at)
		skip[[2]string{s, r}] = true
	}
	for sheet, part := range parts {
		old, now := zipEntry(t, before, part), zipEntry(t, after, part)
		for _, ref := range cellRefs(old) {
			if skip[[2]string{sheet, ref}] {
				continue
			}
			at := sheet + "!" + ref
			if a, b := cellXML(t, old, ref), cellXML(t, now, ref); a != b {
				t.Errorf("%s was %s, now %s", at, a, b)
			}
		}
	}
	if sst := zipEntryOr(t, before, "xl/sharedStrings.xml"); sst != nil {
		items := sst[bytes.Index(sst, []byte("<si>")):bytes.LastIndex(sst, []byte("</si>"))]
		if !bytes.Contains(zipEntryOr(t, after, "xl/sharedStrings.xml"), items) {
			t.Errorf("the shared strings lost or changed items they had:\n%s", zipEntryOr(t, after, "xl/sharedStrings.xml"))
		}
	}
}

// cellRefs lists the r attributes of a worksheet's cells.
func cellRefs(sheetXML []byte) []string {
	var refs []string
	for _, chunk := range bytes.Split(sheetXML, []byte(`<c r="`))[1:] {
		if end := bytes.IndexByte(chunk, '"'); end > 0 {
			refs = append(refs, string(chunk[:end]))
		}
	}
	return refs
}

// zipEntryOr is zipEntry, nil when doc has no entry name.
func zipEntryOr(tb testing.TB, doc []byte, name string) []byte {
	tb.Helper()
	for _, p := range unzip(tb, doc) {
		if p.name == name {
			return p.data
		}
	}
	return nil
}

// TestEdgeDimensionIsTheUsedRange holds extract_structure's dimension and
// validate's warning to the range the cells use, as openpyxl computes it,
// where the declared <dimension> leaves cells out; a declared range that
// covers every cell is kept.
func TestEdgeDimensionIsTheUsedRange(t *testing.T) {
	tests := []struct {
		fixture, want string
	}{
		{fixtures.ExcelEdgeOutsideDimension, "A1:D9"},
		{fixtures.ExcelEdgeSharedFormulas, "A1:C6"},
		{fixtures.ExcelEdgeGeneralNumber, "A1:B5"},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			doc := edgeDoc(t, tt.fixture)
			rs, err := New().ExtractRaw(doc)
			must(t, err)
			if got := rs.Sheets[0].Dimension; got != tt.want {
				t.Errorf("dimension %q, want %q", got, tt.want)
			}
			vs, err := New().Validate(doc, []formats.Location{{PairID: "Edges!F20"}})
			must(t, err)
			if len(vs) != 1 || !strings.Contains(vs[0].Warning, "outside the used range "+tt.want) {
				t.Errorf("validate says %+v, want a warning naming %s", vs, tt.want)
			}
		})
	}
}
