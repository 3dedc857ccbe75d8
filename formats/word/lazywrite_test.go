package word

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestLazyWriteMatchesWholeTree: a write that builds only its targets and
// copies the other paragraphs from the part gives the bytes, changes and
// warnings (or the error) of the write on the whole tree, on every
// fixture, shared form and real agreement (lazyVerifyDocs; real ones are
// skipped with a log line when absent), for the answers of the listed
// fields, the map's text targets in each in-target mode, tagged answers
// and definitions (which read the document's role models), and single
// answers spread over the indexed elements (tables and rows refused alike).
func TestLazyWriteMatchesWholeTree(t *testing.T) {
	for _, pd := range lazyVerifyDocs(t) {
		t.Run(pd.name, func(t *testing.T) {
			c, _, fieldAnswers := answersForDoc(t, pd.data)
			checkLazyWrite(t, pd.data, "listed fields", fieldAnswers, true)
			for _, mode := range []formats.Mode{"", formats.ReplaceContent, formats.Append, formats.ReplacePlaceholder} {
				var answers []formats.Answer
				for i, tg := range c.Targets {
					if tg.Kind != formats.TargetText || len(answers) == 40 {
						continue
					}
					text := fmt.Sprintf("Answer %d: documented, reviewed yearly", i)
					if i%3 == 1 {
						text = fmt.Sprintf(`<b>Answer %d</b> "Closing Cash" means cash`, i)
					}
					answers = append(answers, formats.Answer{PairID: tg.ID, AnswerText: text, Mode: mode})
				}
				checkLazyWrite(t, pd.data, "map targets, mode "+string(mode), answers, mode == "")
			}
			whole, err := open(pd.data, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			stride := max(1, len(whole.ix.nodes)/25)
			for i := 0; i < len(whole.ix.nodes); i += stride {
				n := whole.ix.nodes[i]
				a := formats.Answer{PairID: n.id, AnswerText: "Single answer", Mode: []formats.Mode{formats.ReplaceContent, formats.Append}[i%2]}
				checkLazyWrite(t, pd.data, "single "+n.id, []formats.Answer{a}, false)
			}
		})
	}
}

// checkLazyWrite writes answers into data on the whole tree and lazily
// and compares the results; must says the write has to succeed, so that
// the comparison is of documents, not only of errors.
func checkLazyWrite(t *testing.T, data []byte, label string, answers []formats.Answer, must bool) {
	t.Helper()
	if len(answers) == 0 || !lazyWritable(answers, formats.WriteOptions{}) {
		t.Fatalf("%s: no answers a lazy write takes", label)
	}
	st, err := formats.CheckWrite(answers, formats.WriteOptions{}, formats.Word)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := open(data, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _, errW := whole.writeAll(answers, formats.WriteOptions{}, st)
	lazy, err := openForWrite(data, answers, formats.WriteOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lazy.lazy == nil {
		t.Fatalf("%s: the write opened the document whole", label)
	}
	got, _, errL := lazy.writeAll(answers, formats.WriteOptions{}, st)
	lazy.release()
	if fmt.Sprint(errW) != fmt.Sprint(errL) {
		t.Fatalf("%s: whole tree: %v; lazy: %v", label, errW, errL)
	}
	if errW != nil {
		if must {
			t.Fatalf("%s: the write fails: %v", label, errW)
		}
		return
	}
	if !bytes.Equal(got.Document, want.Document) {
		t.Errorf("%s: the lazy write's document differs", label)
	}
	got.Document, want.Document = nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: lazy write\n got %+v\nwant %+v", label, got, want)
	}
}

// TestLazyWritable: only writes that stay inside their targets are lazy.
func TestLazyWritable(t *testing.T) {
	for name, tc := range map[string]struct {
		answers []formats.Answer
		opts    formats.WriteOptions
		want    bool
	}{
		"default and in-target modes": {[]formats.Answer{{Mode: ""}, {Mode: formats.Append}, {Mode: formats.ReplacePlaceholder}, {Mode: formats.ReplaceContent}}, formats.WriteOptions{}, true},
		"tracked changes":             {[]formats.Answer{{}}, formats.WriteOptions{TrackChanges: true}, false},
		"comments":                    {[]formats.Answer{{}}, formats.WriteOptions{CommentUncertain: true}, false},
		"an insert among them":        {[]formats.Answer{{}, {Mode: formats.InsertAfter}}, formats.WriteOptions{}, false},
		"a delete":                    {[]formats.Answer{{Mode: formats.Delete}}, formats.WriteOptions{}, false},
		"a text replacement":          {[]formats.Answer{{Mode: formats.ReplaceText}}, formats.WriteOptions{}, false},
	} {
		if got := lazyWritable(tc.answers, tc.opts); got != tc.want {
			t.Errorf("%s: lazyWritable = %v, want %v", name, got, tc.want)
		}
	}
}
