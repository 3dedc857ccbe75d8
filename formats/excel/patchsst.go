package excel

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/formfill/formfill/formats"
)

// sstPlan is where a patching write's new strings go: the shared strings
// part, whether it is created (and then the workbook's relationships and
// content types with it, where they change), and the appender handing out
// the new items' indexes. A write that adds no string has no appender.
type sstPlan struct {
	part   string
	create bool
	rels   []byte
	app    *sstAppender
}

// shared is the appender's index function, nil without one.
func (s *sstPlan) shared() func(string) int {
	if s.app == nil {
		return nil
	}
	return s.app.indexOf
}

// planSST finds the shared strings part the workbook's relationships name
// and counts its items; with none, it names a new part and prepares the
// relationship that makes it the workbook's (see contentTypes for its
// content type).
func (wb *workbook) planSST(strs bool) (*sstPlan, error) {
	if !strs {
		return &sstPlan{}, nil
	}
	relsData, err := wb.readXML(workbookRels)
	if err != nil {
		return nil, err
	}
	rels, err := outline(relsData, workbookRels, wb.stop)
	if err != nil {
		return nil, err
	}
	target := sharedStringsTarget(rels)
	if f := wb.arch.File(target); target != "" && f != nil {
		n, err := wb.sstItems(f)
		if err != nil {
			return nil, err
		}
		return &sstPlan{part: target, app: newSSTAppender(n)}, nil
	}
	plan := &sstPlan{part: target, create: true, app: newSSTAppender(0)}
	if target == "" {
		plan.part = sharedStringsPart
		for n := 2; wb.arch.File(plan.part) != nil; n++ {
			plan.part = fmt.Sprintf("xl/sharedStrings%d.xml", n)
		}
		plan.rels = addSSTRel(relsData, rels, plan.part)
	}
	return plan, nil
}

// sstItems counts the items of the shared strings part f. The guard's
// pass already read every item of the part where it could (one per <si>
// under an unprefixed <sst>, as countItems counts them), so the part is
// inflated again only when that scan is unusable or read another entry:
// writeSST inflates it once more to append, and memory stays one part at
// a time.
func (wb *workbook) sstItems(f *zip.File) (int, error) {
	if items, ok := wb.pass.sharedStrings.strings(); ok && f.Name == wb.pass.sharedStringsName {
		return len(items), nil
	}
	data, err := wb.readXML(f.Name)
	if err != nil {
		return 0, err
	}
	o, err := outline(data, f.Name, wb.stop)
	if err != nil {
		return 0, err
	}
	return countItems(o), nil
}

const typesPart = "[Content_Types].xml"

// contentTypes is [Content_Types].xml with the content types of the parts
// a write adds (a new shared strings table, new notes), nil when it needs
// none.
func (wb *workbook) contentTypes(plan *sstPlan, np *notePatch) ([]byte, error) {
	if !plan.create && len(np.parts) == 0 {
		return nil, nil
	}
	data, err := wb.readXML(typesPart)
	if err != nil {
		return nil, err
	}
	types, err := outline(data, typesPart, wb.stop)
	if err != nil {
		return nil, err
	}
	var add bytes.Buffer
	if plan.create && !hasOverride(types, "/"+plan.part) {
		add.WriteString(`<Override PartName="/` + plan.part + `" ContentType="` + sstContentType + `"/>`)
	}
	for _, t := range np.types {
		add.WriteString(t)
	}
	if len(np.parts) > 0 && !hasDefault(types, "vml") {
		add.WriteString(`<Default Extension="vml" ContentType="` + vmlContentType + `"/>`)
	}
	if add.Len() == 0 {
		return nil, nil
	}
	if p := prefixOf(types.root.Name); p != "" {
		return nil, formats.Errorf(formats.ErrUnsupported, typesPart, "the content types use the prefix %q; formfill adds content types only to the unprefixed form Excel writes", p)
	}
	return types.insertBeforeEnd(data, add.Bytes()), nil
}

// hasOverride reports an override for the part name.
func hasOverride(types *partOutline, name string) bool {
	for _, c := range types.children {
		if p, _ := attrOf(c.Attr, "PartName"); c.Name.Local == "Override" && strings.EqualFold(p, name) {
			return true
		}
	}
	return false
}

// hasDefault reports a default content type for the extension.
func hasDefault(types *partOutline, ext string) bool {
	for _, c := range types.children {
		if e, _ := attrOf(c.Attr, "Extension"); c.Name.Local == "Default" && strings.EqualFold(e, ext) {
			return true
		}
	}
	return false
}

// writeSST writes the shared strings part last: created, or the
// original's items and the new ones after them; removed references to it
// went with rewritten cells.
func (wb *workbook) writeSST(zw *zip.Writer, plan *sstPlan, removed int) error {
	switch f := wb.arch.File(plan.part); {
	case plan.app == nil:
		return nil
	case plan.create:
		return wb.putEntry(zw, plan.part, time.Time{}, plan.app.newSST())
	case len(plan.app.items) == 0 && removed == 0:
		if err := zw.Copy(f); err != nil {
			return fmt.Errorf("copy zip entry %s: %w", f.Name, err)
		}
		return nil
	default:
		data, err := wb.readXML(f.Name)
		if err != nil {
			return err
		}
		o, err := outline(data, f.Name, wb.stop)
		if err != nil {
			return err
		}
		return wb.putEntry(zw, f.Name, f.Modified, plan.app.appendedSST(data, o, removed))
	}
}
