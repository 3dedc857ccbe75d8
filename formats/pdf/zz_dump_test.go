package pdf

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestZZDump(t *testing.T) {
	p := os.Getenv("DUMP_PDF")
	if p == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(p)
	d, err := New().open(data)
	if err != nil {
		t.Fatal(err)
	}
	pg, _ := strconv.Atoi(os.Getenv("DUMP_PAGE"))
	for _, r := range phrases(pageRunsOf(d.ctx, pg)) {
		fmt.Printf("x=%.0f-%.0f y=%.0f s=%.1f %q\n", r.x, r.end, r.y, r.size, r.text)
	}
	for _, f := range d.fields {
		if f.Page == pg {
			fmt.Printf("FIELD %s %s rect=%.0f,%.0f,%.0f,%.0f %q\n", f.ID, f.Kind, f.rect[0], f.rect[1], f.rect[2], f.rect[3], f.Name)
		}
	}
}

func TestZZNames(t *testing.T) {
	p := os.Getenv("DUMP_PDF")
	if p == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(p)
	cs, err := New().ExtractCompact(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range cs.Targets {
		n := cs.IDToXPath[tg.ID]
		last := n[strings.LastIndex(n, ".")+1:]
		if tg.Question == last || tg.Question == n {
			fmt.Printf("%s %s %q\n", tg.ID, tg.Kind, n)
		}
	}
}

func TestZZCompact(t *testing.T) {
	p := os.Getenv("DUMP_PDF")
	if p == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(p)
	cs, err := New().ExtractCompact(data)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(cs.CompactText)
}

func TestZZOne(t *testing.T) {
	p := os.Getenv("DUMP_PDF")
	if p == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(p)
	d, _ := New().open(data)
	pt := newPageText(d.ctx)
	boxes := widgetBoxes(d.fields)
	for _, f := range d.fields {
		if f.ID != os.Getenv("DUMP_ID") {
			continue
		}
		rs := pt.of(f.Page)
		b := boxes[f.Page]
		in, row := insideCaption(rs, f.rect, false)
		ab, _ := captionAbove(rs, b, f.rect, 0)
		be, _ := captionBelow(rs, b, f.rect, 0)
		fmt.Printf("inside=%q row=%q left=%q above=%q below=%q right=%d grid=%q final=%q\n", in, row, leftLabel(rs, b, f.rect), ab, be, rightText(rs, b, f.rect, maxRight), gridLabel(rs, b, f.rect, row, 0), findLabel(rs, b, f.rect, f.Kind == kindCheckbox, 0))
	}
}

func TestZZGrid(t *testing.T) {
	p := os.Getenv("DUMP_PDF")
	if p == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(p)
	d, _ := New().open(data)
	pt := newPageText(d.ctx)
	boxes := widgetBoxes(d.fields)
	for _, f := range d.fields {
		if f.ID != os.Getenv("DUMP_ID") {
			continue
		}
		r := f.rect
		for _, tr := range pt.of(f.Page) {
			if dy := tr.y - r[3]; dy >= -rowSlack && dy < maxHeaderUp && tr.x < r[2] && tr.end > r[0] {
				fmt.Printf("%q dy=%.0f blocked=%v owned=%v\n", tr.text, dy, blockedOffColumn(boxes[f.Page], r, tr), ownedByOther(boxes[f.Page], r, tr, dy, true, 0))
			}
		}
	}
}
