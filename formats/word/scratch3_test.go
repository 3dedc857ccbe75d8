package word

import (
	"os"
	"testing"
)

func TestScratch3(t *testing.T) {
	for _, f := range []string{"/work/shared/forms/safedocx_letter-of-intent.docx", "/work/shared/forms/safedocx_bonterms-mutual-nda.docx"} {
		doc, _ := os.ReadFile(f)
		c, _ := New().ExtractCompact(doc)
		t.Log(c.CompactText[:min(len(c.CompactText), 6000)])
		d, _ := open(doc, nil, nil)
		rm := d.roleModels()
		t.Logf("def %+v has %v headers %d", rm.def, rm.hasDef, len(rm.headers))
		for _, h := range rm.headers {
			t.Logf("  %d %q %s", h.at, h.h.Text, h.h.Format)
		}
	}
}
