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
