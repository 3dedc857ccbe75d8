// Command wordsnapshot writes what the Word engine makes of every real
// .docx under a folder (the compact map, the document view in TOON and
// JSON, the text, the document written with an answer in every text
// target, plain, as tracked changes and with comments, and the verification report of
// that document) into one folder, one file per document and output, so
// that two runs, before and after a change meant to keep behaviour (a
// speed-up), can be compared with diff -r.
//
//	go run ./internal/realdocs/wordsnapshot -dir /work/realdocs -out /tmp/before [FILE.docx...]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word"
	"github.com/formfill/formfill/internal/realdocs"
)

func main() {
	dir := flag.String("dir", realdocs.Dir(), "folder of real documents: every .docx below it is read")
	out := flag.String("out", "", "folder to write the outputs into (made if missing)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "wordsnapshot: -out is required")
		os.Exit(2)
	}
	docs, err := filepath.Glob(filepath.Join(*dir, "*", "*.docx"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wordsnapshot:", err)
		os.Exit(1)
	}
	docs = append(docs, flag.Args()...)
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "wordsnapshot:", err)
		os.Exit(1)
	}
	for _, p := range docs {
		if err := snapshot(p, *out); err != nil {
			fmt.Fprintf(os.Stderr, "wordsnapshot: %s: %v\n", p, err)
			os.Exit(1)
		}
	}
	fmt.Printf("%d documents\n", len(docs))
}

// saver writes one document's outputs, named base.SUFFIX; an engine error
// is written as the output, since it too must stay the same.
type saver struct{ base string }

func (s saver) save(suffix string, data []byte, err error) error {
	if err != nil {
		data = []byte("error: " + err.Error() + "\n")
	}
	return os.WriteFile(s.base+"."+suffix, data, 0o644)
}

func (s saver) json(suffix string, v any, err error) error {
	var data []byte
	if err == nil {
		data, err = json.MarshalIndent(v, "", " ")
	}
	return s.save(suffix, data, err)
}

// snapshot writes the outputs of one document.
func snapshot(path, out string) error {
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := saver{filepath.Join(out, strings.TrimSuffix(filepath.Base(path), ".docx"))}
	e := word.New()
	cs, err := e.ExtractCompact(doc)
	if err := s.json("extract.json", cs, err); err != nil {
		return err
	}
	rows, verr := e.ReadDocument(doc)
	for _, f := range []string{formats.ViewTOON, formats.ViewJSON} {
		var v *formats.DocumentView
		err := verr
		if err == nil {
			v, err = formats.NewDocumentView(rows, f, formats.Page{})
		}
		if err := s.json("view."+f, v, err); err != nil {
			return err
		}
	}
	text, err := e.ExtractText(doc)
	if err := s.save("text.txt", []byte(text), err); err != nil {
		return err
	}
	if cs == nil {
		return nil
	}
	return writes(s, e, doc, textAnswers(cs))
}

// writes saves the document written with answers, plain, as tracked
// changes and with comments on the unsure answers at a fixed date (so that the output is reproducible), the write
// results, and the verification of the plain one.
func writes(s saver, e *word.Engine, doc []byte, answers []formats.Answer) error {
	const date = "2025-01-02T03:04:05Z"
	for _, c := range []struct {
		name string
		opts formats.WriteOptions
	}{
		{"write", formats.WriteOptions{}},
		{"tracked", formats.WriteOptions{TrackChanges: true, Author: "snapshot", Date: date}},
		{"commented", formats.WriteOptions{TrackChanges: true, CommentUncertain: true, Author: "snapshot", Date: date}},
	} {
		as := answers
		if c.opts.CommentUncertain {
			as = halfUnsure(answers)
		}
		res, err := e.Write(doc, as, c.opts)
		var written []byte
		if err == nil {
			written = res.Document
			res.Document = nil
		}
		if err := s.json(c.name+".json", res, err); err != nil {
			return err
		}
		if err := s.save(c.name+".docx", written, err); err != nil {
			return err
		}
		if err == nil && c.name == "write" {
			rep, err := e.Verify(written, formats.ExpectedFromAnswers(answers))
			if err := s.json("verify.json", rep, err); err != nil {
				return err
			}
		}
	}
	return nil
}

// textAnswers answers every text target of the map.
func textAnswers(cs *formats.CompactStructure) []formats.Answer {
	var answers []formats.Answer
	for _, t := range cs.Targets {
		if t.Kind != formats.TargetText {
			continue
		}
		answers = append(answers, formats.Answer{
			PairID:     t.ID,
			AnswerText: "Answer " + strconv.Itoa(len(answers)+1) + ": documented, reviewed yearly",
			Mode:       t.Mode,
		})
	}
	return answers
}

// halfUnsure is answers with every other one uncertain, so that the
// commented write anchors comments on half of them.
func halfUnsure(answers []formats.Answer) []formats.Answer {
	out := make([]formats.Answer, len(answers))
	for i, a := range answers {
		if i%2 == 1 {
			a.Confidence = formats.Uncertain
		}
		out[i] = a
	}
	return out
}
