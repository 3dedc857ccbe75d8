package word

import (
	"os"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func idOf(t *testing.T, doc []byte, contains string) string {
	d, err := open(doc, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range d.ix.nodes {
		if n.kind == kindPara && strings.Contains(textOf(n.el), contains) {
			return n.id
		}
	}
	t.Fatalf("no paragraph with %q", contains)
	return ""
}

func paraXML(t *testing.T, doc []byte, id string) string {
	d, _ := open(doc, nil, nil)
	n, _ := d.ix.lookup(id)
	return elementXML(n.el)
}

func TestScratch(t *testing.T) {
	doc, _ := os.ReadFile("/work/realdocs/agreements/nvca-spa.docx")
	ic := idOf(t, doc, "[Initial Closing.]")
	app := idOf(t, doc, "at the [applicable] Closing (as defined below) that number")
	aff := idOf(t, doc, "means, with respect to any specified Person")
	t.Log(ic, app, aff)
	ans := []formats.Answer{
		{PairID: ic, Mode: formats.ReplaceText, Find: "[Initial Closing.]", AnswerText: "Initial Closing."},
		{PairID: app, Mode: formats.ReplaceText, Find: "[applicable]", AnswerText: "initial"},
		{PairID: app, Mode: formats.ReplaceText, Find: "[___]", Occurrence: 2, AnswerText: "A"},
		{PairID: aff, Mode: formats.ReplaceContent, AnswerText: "“Affiliate” means, with respect to any Person, any other Person controlling it."},
		{PairID: aff, Mode: formats.InsertBefore, AnswerText: "<definition>Closing Cash</definition> means cash at the Closing.\n\n<RunInHeader>Closing Mechanics</RunInHeader> The parties shall <b>close</b> remotely."},
	}
	res, rep, err := New().Fill(doc, ans, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Changes {
		t.Logf("%s %s\n  %q", c.PairID, c.Mode, shorten(c.After, 200))
	}
	t.Logf("%+v", rep.Summary)
	os.WriteFile("/tmp/i17/out/spa2.docx", res.Document, 0o644)
	for _, id := range []string{ic, app, aff} {
		x := paraXML(t, res.Document, id)
		t.Log(shorten(x, 1500))
	}
}
