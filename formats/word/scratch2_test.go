package word

import (
	
	"strconv"
	"os"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestScratch2(t *testing.T) {
	doc, _ := os.ReadFile("/work/realdocs/agreements/nvca-spa.docx")
	ic := idOf(t, doc, "[Initial Closing.]")
	_, err := New().Write(doc, []formats.Answer{{PairID: ic, Mode: formats.ReplaceContent, AnswerText: "Initial Closing. Whatever."}}, formats.WriteOptions{})
	t.Log(err)
	_, err = New().Write(doc, []formats.Answer{{PairID: ic, Mode: formats.ReplaceText, Find: "Closing”). , [Each", AnswerText: "Closing”), [Each"}}, formats.WriteOptions{})
	t.Log(err)
	_, err = New().Write(doc, []formats.Answer{{PairID: ic, Mode: formats.ReplaceText, Find: "Closing”). , [Each", AnswerText: "<b>Closing</b>”). , Each"}}, formats.WriteOptions{})
	t.Log(err)
	rp := idOf(t, doc, "[Real Property Holding Corporation")
	t.Log(rp)
	_, err = New().Write(doc, []formats.Answer{{PairID: rp, Mode: formats.Delete}}, formats.WriteOptions{})
	t.Log(err)
	res, rep, err := New().Fill(doc, []formats.Answer{{PairID: rp, Mode: formats.Delete, Force: true}, {PairID: "P" + strconv.Itoa(atoi(rp[1:])+1), Mode: formats.Delete, Force: true}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.Warnings, res.Changes)
	t.Logf("%+v", rep)
	os.WriteFile("/tmp/i17/out/spa3.docx", res.Document, 0o644)
	rep2, err := New().VerifyAgainst(doc, res.Document, nil)
	t.Logf("%+v %v", rep2, err)
}

func atoi(s string) int  { n, _ := strconv.Atoi(s); return n }
