package enginefigures

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Workbook part names: formats/excel reads the same fixed names.
const (
	workbookPart = "xl/workbook.xml"
	workbookRels = "xl/_rels/workbook.xml.rels"
)

// Sheets are a workbook's sheets and the package entries holding them, in
// the workbook's order: the order element IDs such as S2-R5-C3 number them.
type Sheets struct {
	Names []string // as the workbook names them
	Parts []string // the entry of each, e.g. xl/worksheets/sheet2.xml
}

// ExcelSheets reads doc's sheets from its workbook part and the workbook's
// relationships.
func ExcelSheets(doc []byte) (Sheets, error) {
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		return Sheets{}, fmt.Errorf("open the package: %w", err)
	}
	var book struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"id,attr"` // r:id; no other attribute of <sheet> is called id
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := readXML(zr, workbookPart, &book); err != nil {
		return Sheets{}, err
	}
	if err := readXML(zr, workbookRels, &rels); err != nil {
		return Sheets{}, err
	}
	targets := map[string]string{}
	for _, r := range rels.Rels {
		t := r.Target
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		targets[r.ID] = t
	}
	var s Sheets
	for _, sh := range book.Sheets {
		s.Names = append(s.Names, sh.Name)
		s.Parts = append(s.Parts, targets[sh.RID])
	}
	return s, nil
}

func readXML(zr *zip.Reader, name string, v any) error {
	f, err := zr.Open(name)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	if err := xml.Unmarshal(data, v); err != nil {
		return fmt.Errorf("parse %s: %w", name, err)
	}
	return nil
}

var elementID = regexp.MustCompile(`^[Ss](\d{1,6})-[Rr]\d{1,7}-[Cc]\d{1,5}$`)

// PartOf returns the entry of the sheet a field ID names: an element ID
// (S2-R5-C3), a reference (Sheet1!C5, 'Sheet name'!C5), or a bare cell
// (C5) in a workbook of one sheet.
func (s Sheets) PartOf(id string) (string, bool) {
	id = strings.TrimSpace(id)
	if m := elementID.FindStringSubmatch(id); m != nil {
		n, _ := strconv.Atoi(m[1])
		if n < 1 || n > len(s.Parts) {
			return "", false
		}
		return s.Parts[n-1], true
	}
	i := strings.LastIndexByte(id, '!')
	if i < 0 {
		if len(s.Parts) == 1 {
			return s.Parts[0], true
		}
		return "", false
	}
	name := id[:i]
	if len(name) >= 2 && name[0] == '\'' && name[len(name)-1] == '\'' {
		name = strings.ReplaceAll(name[1:len(name)-1], "''", "'")
	}
	for j, n := range s.Names {
		if strings.EqualFold(n, name) {
			return s.Parts[j], true
		}
	}
	return "", false
}

// IsSheet reports whether an entry holds one of the sheets.
func (s Sheets) IsSheet(name string) bool {
	for _, p := range s.Parts {
		if p == name {
			return true
		}
	}
	return false
}

// PartsOf returns the entries of the sheets answers write to; an answer
// whose ID names no sheet is left out (the fill refuses it).
func (s Sheets) PartsOf(answers []formats.Answer) map[string]bool {
	parts := map[string]bool{}
	for _, a := range answers {
		if p, ok := s.PartOf(a.PairID); ok {
			parts[p] = true
		}
	}
	return parts
}
