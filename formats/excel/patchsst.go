package excel

import (
	"archive/zip"
	"fmt"
	"time"
)

// sstPlan is where a patching write's new strings go: the shared strings
// part, whether it is created (and then the workbook's relationships and
// content types with it, where they change), and the appender handing out
// the new items' indexes. A write that adds no string has no appender.
type sstPlan struct {
	part        string
	create      bool
	types, rels []byte
	app         *sstAppender
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
// relationship and content type that make it the workbook's.
func (wb *workbook) planSST(strs bool) (*sstPlan, error) {
	if !strs {
		return &sstPlan{}, nil
	}
	relsData, err := wb.arch.Read(workbookRels)
	if err != nil {
		return nil, err
	}
	rels, err := outline(relsData, workbookRels, wb.stop)
	if err != nil {
		return nil, err
	}
	target, ids := sharedStringsTarget(rels)
	if f := wb.arch.File(target); target != "" && f != nil {
		data, err := wb.arch.ReadFile(f)
		if err != nil {
			return nil, err
		}
		o, err := outline(data, target, wb.stop)
		if err != nil {
			return nil, err
		}
		return &sstPlan{part: target, app: newSSTAppender(countItems(o))}, nil
	}
	plan := &sstPlan{part: target, create: true, app: newSSTAppender(0)}
	if target == "" {
		plan.part = sharedStringsPart
		for n := 2; wb.arch.File(plan.part) != nil; n++ {
			plan.part = fmt.Sprintf("xl/sharedStrings%d.xml", n)
		}
		plan.rels = addSSTRel(relsData, rels, ids, plan.part)
	}
	const typesPart = "[Content_Types].xml"
	typesData, err := wb.arch.Read(typesPart)
	if err != nil {
		return nil, err
	}
	types, err := outline(typesData, typesPart, wb.stop)
	if err != nil {
		return nil, err
	}
	plan.types = addSSTContentType(typesData, types, plan.part)
	return plan, nil
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
		data, err := wb.arch.ReadFile(f)
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
