// Command excelsnapshot writes what the Excel engine makes of every real
// .xlsx under a folder (the compact map, whole and with no line cap, its
// targets view, the document view in TOON and JSON, the text, the form
// fields, the workbook written with an answer in every target, plain and
// with notes on half of them, and the verification report and reads of
// the plain one) into one folder, one file per workbook and output, so
// that two runs, before and after a change meant to keep behaviour (a new
// reader), can be compared with diff -r.
//
//	go run ./internal/realdocs/excelsnapshot -dir /work/realdocs -out /tmp/before [FILE.xlsx...]
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
	"github.com/formfill/formfill/formats/excel"
	"github.com/formfill/formfill/internal/realdocs"
)

func main() {
	dir := flag.String("dir", realdocs.Dir(), "folder of real documents: every .xlsx below it is read")
	out := flag.String("out", "", "folder to write the outputs into (made if missing)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "excelsnapshot: -out is required")
		os.Exit(2)
	}
	docs, err := filepath.Glob(filepath.Join(*dir, "*", "*.xlsx"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "excelsnapshot:", err)
		os.Exit(1)
	}
	docs = append(docs, flag.Args()...)
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "excelsnapshot:", err)
		os.Exit(1)
	}
	for _, p := range docs {
		if err := snapshot(p, *out); err != nil {
			fmt.Fprintf(os.Stderr, "excelsnapshot: %s: %v\n", p, err)
			os.Exit(1)
		}
	}
	fmt.Printf("%d workbooks\n", len(docs))
}

// saver writes one workbook's outputs, named base.SUFFIX; an engine error
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

// snapshot writes the outputs of one workbook.
func snapshot(path, out string) error {
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := saver{filepath.Join(out, strings.TrimSuffix(filepath.Base(path), ".xlsx"))}
	e := excel.New()
	if err := reads(s, e, doc, ""); err != nil {
		return err
	}
	full, err := e.ExtractCompactFull(doc)
	if err := s.json("full.json", full, err); err != nil {
		return err
	}
	if full == nil {
		return nil
	}
	answers := answersFor(full)
	if _, err := write(s, e, doc, "commented", halfUnsure(answers), formats.WriteOptions{CommentUncertain: true, Author: "snapshot", Date: "2025-01-02T03:04:05Z"}); err != nil {
		return err
	}
	written, err := write(s, e, doc, "write", answers, formats.WriteOptions{})
	if err != nil || written == nil {
		return err
	}
	rep, err := e.Verify(written, formats.ExpectedFromAnswers(answers))
	if err := s.json("verify.json", rep, err); err != nil {
		return err
	}
	return reads(s, e, written, "written.")
}

// write saves doc written with answers under name, and the write's
// result; it returns the written workbook, nil when the write failed.
func write(s saver, e *excel.Engine, doc []byte, name string, answers []formats.Answer, opts formats.WriteOptions) ([]byte, error) {
	res, err := e.Write(doc, answers, opts)
	var written []byte
	if err == nil {
		written = res.Document
		res.Document = nil
	}
	if err := s.json(name+".json", res, err); err != nil {
		return nil, err
	}
	return written, s.save(name+".xlsx", written, err)
}

// halfUnsure is answers with every other one uncertain, so that the
// commented write puts notes on half of them.
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

// reads saves the read outputs of doc, each name prefixed by pre.
func reads(s saver, e *excel.Engine, doc []byte, pre string) error {
	cs, err := e.ExtractCompact(doc)
	if err := s.json(pre+"extract.json", cs, err); err != nil {
		return err
	}
	if cs != nil {
		tv, err := cs.TargetsView(formats.Page{})
		if err := s.json(pre+"targets.json", tv, err); err != nil {
			return err
		}
	}
	rows, verr := e.ReadDocument(doc)
	for _, f := range []string{formats.ViewTOON, formats.ViewJSON} {
		var v *formats.DocumentView
		err := verr
		if err == nil {
			v, err = formats.NewDocumentView(rows, f, formats.Page{})
		}
		if err := s.json(pre+"view."+f, v, err); err != nil {
			return err
		}
	}
	fields, err := e.ListFields(doc)
	if err := s.json(pre+"fields.json", fields, err); err != nil {
		return err
	}
	text, err := e.ExtractText(doc)
	return s.save(pre+"text.txt", []byte(text), err)
}

// answersFor answers every target of the map: a choice target with its
// first option, a number or date target with a number or a date, every
// other one with a numbered text, so that text, list, numeric and date
// writes are all made.
func answersFor(cs *formats.CompactStructure) []formats.Answer {
	var answers []formats.Answer
	for _, t := range cs.Targets {
		text := "Answer " + strconv.Itoa(len(answers)+1) + ": documented, reviewed yearly"
		switch {
		case len(t.Options) > 0:
			text = t.Options[0]
		case t.Kind == formats.TargetNumber:
			text = strconv.Itoa(len(answers) + 1)
		case t.Kind == formats.TargetDate:
			text = "2025-01-02"
		}
		answers = append(answers, formats.Answer{PairID: t.ID, AnswerText: text, Mode: t.Mode})
	}
	return answers
}
