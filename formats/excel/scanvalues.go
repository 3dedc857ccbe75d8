package excel

import (
	"bytes"
	"encoding/xml"
	"strings"

	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/xuri/excelize/v2"
)

// The values the guard's pass reads out of a worksheet's XML: attributes,
// character data and cell references, as XML and SpreadsheetML define
// them.

// attr is the value of the attribute local name of t, "" if absent; once
// is false when t has it twice: XML forbids it and readers differ on which
// wins, so the scan leaves such a sheet to readCells (which takes the last).
func attr(t *xml.StartElement, local string) (v string, once bool) {
	v, n := attrCount(t, local)
	return v, n <= 1
}

// attrCount is the value of the attribute local name of t and how many
// times t has it.
func attrCount(t *xml.StartElement, local string) (v string, n int) {
	for _, a := range t.Attr {
		if a.Name.Local == local {
			v, n = a.Value, n+1
		}
	}
	return v, n
}

// unescapeText decodes character data that passed the guard: the
// predefined entities, character references, and line ends as XML
// normalises them; false if it holds markup.
func unescapeText(raw []byte) (string, bool) {
	if bytes.IndexByte(raw, '<') >= 0 {
		return "", false
	}
	if n, ok := smallDecimal(raw); ok {
		return decimals[n], true // most values: a shared string's index, a small number
	}
	hasCR := bytes.IndexByte(raw, '\r') >= 0
	if !hasCR && bytes.IndexByte(raw, '&') < 0 {
		return string(raw), true
	}
	// Formulas are mostly where references are (&quot;, &amp;): the
	// plain runs between them are copied whole, and the builder's string
	// is the text, not a copy of it.
	var out strings.Builder
	out.Grow(len(raw))
	for len(raw) > 0 {
		i := nextRefOrCR(raw, hasCR)
		if i < 0 {
			out.Write(raw)
			break
		}
		out.Write(raw[:i])
		if raw[i] == '\r' {
			out.WriteByte('\n')
			if i++; i < len(raw) && raw[i] == '\n' {
				i++
			}
			raw = raw[i:]
			continue
		}
		semi := bytes.IndexByte(raw[i:], ';')
		if semi < 0 {
			return "", false
		}
		r, ok := xmllex.Entity(raw[i+1 : i+semi])
		if !ok {
			return "", false
		}
		out.WriteRune(r)
		raw = raw[i+semi+1:]
	}
	return out.String(), true
}

// nextRefOrCR is where raw's next reference or carriage return is, -1 if
// none: bytes.IndexByte's, which reads many bytes at once, where raw has
// no carriage return (hasCR false), as nearly every text has none.
func nextRefOrCR(raw []byte, hasCR bool) int {
	if !hasCR {
		return bytes.IndexByte(raw, '&')
	}
	return ampOrCR(raw)
}

// ampOrCR is bytes.IndexAny(raw, "&\r"), without the set IndexAny makes
// at each call: a formula's text has a reference every few bytes (its
// quotes), and unescapeText looks for the next one after each.
func ampOrCR(raw []byte) int {
	for i, c := range raw {
		if c == '&' || c == '\r' {
			return i
		}
	}
	return -1
}

// cellRef reads a cell reference (column letters, either case, then a
// row number) and reports whether it is canonical, as Excel writes one
// (B7: capital letters, a row number without leading zeros). Canonical
// ones, a worksheet's every cell, are read here, fast; the rest by
// excelize's CellNameToCoordinates, which takes the same syntax.
func cellRef(ref string) (col, row int, canonical bool, err error) {
	i := 0
	for i < len(ref) && i < 3 && 'A' <= ref[i] && ref[i] <= 'Z' {
		col = col*26 + int(ref[i]-'A'+1)
		i++
	}
	j := i
	for j < len(ref) && j-i < 7 && '0' <= ref[j] && ref[j] <= '9' {
		row = row*10 + int(ref[j]-'0')
		j++
	}
	if i > 0 && j > i && j == len(ref) && ref[i] != '0' && col <= excelize.MaxColumns && row <= excelize.TotalRows {
		return col, row, true, nil
	}
	col, row, err = excelize.CellNameToCoordinates(ref)
	return col, row, false, err
}
