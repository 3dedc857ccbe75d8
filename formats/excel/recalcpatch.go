package excel

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"regexp"
)

// The recomputed values go into the saved package by bytes: a cell's <v>
// and t attribute change, every other byte of the part stays, so sheets
// the write did not touch stay as they were but for those cells.

var (
	refAttr    = regexp.MustCompile(`\sr="([^"]*)"`)
	typeAttr   = regexp.MustCompile(`\st="[^"]*"`)
	valueElem  = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?v(?:\s[^>]*)?(?:/>|>[^<]*</(?:[A-Za-z_][\w.-]*:)?v>)`)
	formulaEnd = regexp.MustCompile(`</(?:[A-Za-z_][\w.-]*:)?f>|<(?:[A-Za-z_][\w.-]*:)?f(?:\s[^>]*)?/>`)
	calcPrTag  = regexp.MustCompile(`<((?:[A-Za-z_][\w.-]*:)?)calcPr[\s/>]`)
	fullCalc   = regexp.MustCompile(`\sfullCalcOnLoad="[^"]*"`)
	rootTag    = regexp.MustCompile(`<((?:[A-Za-z_][\w.-]*:)?)workbook[\s>]`)
	// afterCalcPr are the elements CT_Workbook puts after calcPr.
	afterCalcPr = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?(?:oleSize|customWorkbookViews|pivotCaches|smartTagPr|smartTagTypes|webPublishing|fileRecoveryPr|webPublishObjects|extLst)[\s/>]|</(?:[A-Za-z_][\w.-]*:)?workbook>`)
)

// patchCells sets the cached values of the cells of a worksheet's XML
// named in vals.
func patchCells(data []byte, vals map[string]cachedValue) []byte {
	var out bytes.Buffer
	last := 0
	for _, start := range cellStarts(data) {
		if start < last {
			continue
		}
		tagEnd := bytes.IndexByte(data[start:], '>')
		if tagEnd < 0 {
			break
		}
		tagEnd += start + 1
		tag := data[start:tagEnd]
		if bytes.HasSuffix(tag, []byte("/>")) {
			continue // an empty cell holds no formula
		}
		m := refAttr.FindSubmatch(tag)
		if m == nil {
			continue
		}
		v, ok := vals[string(m[1])]
		if !ok {
			continue
		}
		end := closeCell(data, tagEnd)
		if end < 0 {
			continue
		}
		after := bytes.IndexByte(data[end:], '>')
		if after < 0 {
			continue
		}
		out.Write(data[last:start])
		out.Write(cellWith(tag, data[tagEnd:end], v))
		last = end + after + 1
	}
	if last == 0 {
		return data
	}
	out.Write(data[last:])
	return out.Bytes()
}

// cellStarts are the offsets of the <c> (or <x:c>) start tags of data: a
// byte scan, several times faster than a regular expression on the large
// sheets of questionnaires.
func cellStarts(data []byte) []int {
	var out []int
	for i := 0; i < len(data); {
		j := bytes.IndexByte(data[i:], '<')
		if j < 0 {
			break
		}
		i += j + 1
		k := i
		for k < len(data) && !isNameEnd(data[k]) {
			k++
		}
		if k == len(data) {
			break
		}
		if name := data[i:k]; len(name) > 0 && name[len(name)-1] == 'c' && (len(name) == 1 || name[len(name)-2] == ':') {
			out = append(out, i-1)
		}
	}
	return out
}

// isNameEnd reports a byte that ends an element's name in a tag.
func isNameEnd(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '>' || b == '/'
}

// closeCell is where the content of the cell whose start tag ends at from
// ends: the start of its close tag.
func closeCell(data []byte, from int) int {
	depth := 0
	for i := from; i < len(data); {
		j := bytes.IndexByte(data[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		k := bytes.IndexByte(data[i:], '>')
		if k < 0 {
			return -1
		}
		tag := data[i : i+k+1]
		switch {
		case bytes.HasPrefix(tag, []byte("</")):
			if depth == 0 {
				return i
			}
			depth--
		case !bytes.HasSuffix(tag, []byte("/>")) && !bytes.HasPrefix(tag, []byte("<?")) && !bytes.HasPrefix(tag, []byte("<!")):
			depth++
		}
		i += k + 1
	}
	return -1
}

// cellWith is the cell of start tag tag and content inner, with its cached
// value replaced by v (and its close tag).
func cellWith(tag, inner []byte, v cachedValue) []byte {
	var b bytes.Buffer
	t := typeAttr.ReplaceAll(tag, nil)
	body := t[:len(t)-1]
	b.Write(body)
	if !v.drop && v.t != "" {
		fmt.Fprintf(&b, ` t="%s"`, v.t)
	}
	b.WriteByte('>')
	inner = valueElem.ReplaceAll(inner, nil)
	at := 0
	if loc := formulaEnd.FindIndex(inner); loc != nil {
		at = loc[1]
	}
	b.Write(inner[:at])
	name := tag[1:]
	if i := bytes.IndexAny(name, " \t\r\n>/"); i >= 0 {
		name = name[:i]
	}
	prefix := name[:len(name)-1] // "x:" of x:c: the value takes the cell's namespace
	if !v.drop {
		fmt.Fprintf(&b, "<%sv>", prefix)
		xml.EscapeText(&b, []byte(v.v))
		fmt.Fprintf(&b, "</%sv>", prefix)
	}
	b.Write(inner[at:])
	fmt.Fprintf(&b, "</%s>", name)
	return b.Bytes()
}

// setFullCalcOnLoad marks workbook.xml so Excel and LibreOffice recalculate
// every formula when they open it: calcPr gets fullCalcOnLoad="1", and is
// added where CT_Workbook puts it when the workbook has none.
func setFullCalcOnLoad(data []byte) []byte {
	if loc := calcPrTag.FindSubmatchIndex(data); loc != nil {
		end := bytes.IndexByte(data[loc[0]:], '>')
		if end < 0 {
			return data
		}
		end += loc[0]
		tag := data[loc[0]:end]
		var nt []byte
		if fullCalc.Match(tag) {
			nt = fullCalc.ReplaceAll(tag, []byte(` fullCalcOnLoad="1"`))
		} else {
			name := loc[1] - 1 // the calcPr name ends before the matched delimiter
			nt = append(append(append([]byte{}, data[loc[0]:name]...), ` fullCalcOnLoad="1"`...), data[name:end]...)
		}
		return append(append(append([]byte{}, data[:loc[0]]...), nt...), data[end:]...)
	}
	root := rootTag.FindSubmatch(data)
	at := afterCalcPr.FindIndex(data)
	if root == nil || at == nil {
		return data
	}
	el := fmt.Sprintf(`<%scalcPr fullCalcOnLoad="1"/>`, root[1])
	return append(append(append([]byte{}, data[:at[0]]...), el...), data[at[0]:]...)
}

// patchOutput puts the recomputed values and fullCalcOnLoad into the saved
// package doc.
func (wb *workbook) patchOutput(doc []byte, vals map[string]map[string]cachedValue) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		return nil, fmt.Errorf("re-read the saved workbook: %w", err)
	}
	parts, err := wb.parts()
	if err != nil {
		return nil, err
	}
	want := map[string]func([]byte) []byte{"xl/workbook.xml": setFullCalcOnLoad}
	for sheet, m := range vals {
		if p := parts[sheet]; p != "" && len(m) > 0 {
			want[p] = func(b []byte) []byte { return patchCells(b, m) }
		}
	}
	replaced := map[string][]byte{}
	for _, f := range zr.File {
		fix, ok := want[f.Name]
		if !ok {
			continue
		}
		data, err := wb.readZipFile(f)
		if err != nil {
			return nil, err
		}
		replaced[f.Name] = fix(data)
	}
	return wb.rewrite(zr, replaced, nil)
}
