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
	"strconv"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/excel"
	"github.com/formfill/formfill/internal/realdocs"
)

func main() { realdocs.RunSnapshot("excelsnapshot", ".xlsx", snapshot) }

// snapshot writes the outputs of one workbook.
func snapshot(doc []byte, s realdocs.Saver) error {
	e := excel.New()
	if err := reads(s, e, doc, ""); err != nil {
		return err
	}
	full, err := e.ExtractCompactFull(doc)
	if err := s.JSON("full.json", full, err); err != nil {
		return err
	}
	if full == nil {
		return nil
	}
	answers := answersFor(full)
	if _, err := write(s, e, doc, "commented", realdocs.HalfUnsure(answers), formats.WriteOptions{CommentUncertain: true, Author: "snapshot", Date: "2025-01-02T03:04:05Z"}); err != nil {
		return err
	}
	written, err := write(s, e, doc, "write", answers, formats.WriteOptions{})
	if err != nil || written == nil {
		return err
	}
	rep, err := e.Verify(written, formats.ExpectedFromAnswers(answers))
	if err := s.JSON("verify.json", rep, err); err != nil {
		return err
	}
	return reads(s, e, written, "written.")
}

// write saves doc written with answers under name, and the write's
// result; it returns the written workbook, nil when the write failed.
func write(s realdocs.Saver, e *excel.Engine, doc []byte, name string, answers []formats.Answer, opts formats.WriteOptions) ([]byte, error) {
	res, err := e.Write(doc, answers, opts)
	var written []byte
	if err == nil {
		written = res.Document
		res.Document = nil
	}
	if err := s.JSON(name+".json", res, err); err != nil {
		return nil, err
	}
	return written, s.Save(name+".xlsx", written, err)
}

// reads saves the read outputs of doc, each name prefixed by pre.
func reads(s realdocs.Saver, e *excel.Engine, doc []byte, pre string) error {
	cs, err := e.ExtractCompact(doc)
	if err := s.JSON(pre+"extract.json", cs, err); err != nil {
		return err
	}
	if cs != nil {
		tv, err := cs.TargetsView(formats.Page{})
		if err := s.JSON(pre+"targets.json", tv, err); err != nil {
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
		if err := s.JSON(pre+"view."+f, v, err); err != nil {
			return err
		}
	}
	fields, err := e.ListFields(doc)
	if err := s.JSON(pre+"fields.json", fields, err); err != nil {
		return err
	}
	text, err := e.ExtractText(doc)
	return s.Save(pre+"text.txt", []byte(text), err)
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
