// Command wordsnapshot writes what the Word engine makes of every real .docx
// under a folder (the compact map, the document view in TOON and JSON, the
// text, the document written with an answer in every text target, plain, as
// tracked changes and with comments, and the verification report of that
// document) into one folder, one file per document and output, so that two
// runs, before and after a change meant to keep behaviour (a speed-up), can be
// compared with diff -r.
//
//	go run ./internal/realdocs/wordsnapshot -dir /work/realdocs -out /tmp/before [FILE.docx...]
package main

import (
	"strconv"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word"
	"github.com/formfill/formfill/internal/realdocs"
)

func main() { realdocs.RunSnapshot("wordsnapshot", ".docx", snapshot) }

// snapshot writes the outputs of one document.
func snapshot(doc []byte, s realdocs.Saver) error {
	e := word.New()
	cs, err := e.ExtractCompact(doc)
	if err := s.JSON("extract.json", cs, err); err != nil {
		return err
	}
	rows, verr := e.ReadDocument(doc)
	for _, f := range []string{formats.ViewTOON, formats.ViewJSON} {
		var v *formats.DocumentView
		err := verr
		if err == nil {
			v, err = formats.NewDocumentView(rows, f, formats.Page{})
		}
		if err := s.JSON("view."+f, v, err); err != nil {
			return err
		}
	}
	text, err := e.ExtractText(doc)
	if err := s.Save("text.txt", []byte(text), err); err != nil {
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
func writes(s realdocs.Saver, e *word.Engine, doc []byte, answers []formats.Answer) error {
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
			as = realdocs.HalfUnsure(answers)
		}
		res, err := e.Write(doc, as, c.opts)
		var written []byte
		if err == nil {
			written = res.Document
			res.Document = nil
		}
		if err := s.JSON(c.name+".json", res, err); err != nil {
			return err
		}
		if err := s.Save(c.name+".docx", written, err); err != nil {
			return err
		}
		if err == nil && c.name == "write" {
			rep, err := e.Verify(written, formats.ExpectedFromAnswers(answers))
			if err := s.JSON("verify.json", rep, err); err != nil {
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
