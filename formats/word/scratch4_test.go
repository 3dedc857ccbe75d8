package word

import (
	"os"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestScratch4(t *testing.T) {
	e := realEdits[0]
	src := e.doc(t)
	res, _, err := New().Fill(src, e.answers(t, src), formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/i17/out/spa-all.docx", res.Document, 0o644)
	x := documentXMLOf(t, res.Document)
	i := strings.Index(x, "Real Property Holding")
	t.Log(i)
	if i > 0 {
		t.Log(x[i-1500 : i+300])
	}
}
