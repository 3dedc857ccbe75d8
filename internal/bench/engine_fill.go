package bench

import (
	"context"
	"errors"
	"runtime"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/enginefigures"
)

// measureFill fills cfg.Answers answers spread over the document's first
// writable fields (enginefigures.SpreadAnswers, as BenchmarkFillHECVAT600
// writes them, with a number where a cell refuses text, as a number-validated one does: FitAnswers) repeat times, each from a collected heap, and keeps the
// largest heap peak; one untimed fill first gives the output whose changed
// parts the XML figures count.
func measureFill(ctx context.Context, e formats.Engine, t formats.FileType, doc []byte, cfg EngineConfig) (*FillFigures, error) {
	fields, err := e.ListFields(doc)
	if err != nil {
		return nil, err
	}
	answers, err := enginefigures.FitAnswers(fields, cfg.Answers, func(a []formats.Answer) error {
		_, err := e.Write(doc, a, formats.WriteOptions{DryRun: true})
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(answers) == 0 {
		return nil, errors.New("the document has no writable field")
	}
	fill := func() ([]byte, error) {
		res, _, err := formats.Fill(e, doc, answers, formats.WriteOptions{})
		if err != nil {
			return nil, err
		}
		return res.Document, nil
	}
	out, err := fill()
	if err != nil {
		return nil, err
	}
	f := &FillFigures{Answers: len(answers)}
	for range cfg.Repeat {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		runtime.GC() // each peak starts from the live heap alone
		var ferr error
		p := enginefigures.HeapPeak(func() { _, ferr = fill() })
		if ferr != nil {
			return nil, ferr
		}
		f.PeakBytes = max(f.PeakBytes, p)
	}
	if err := xmlFigures(t, doc, out, answers, f); err != nil {
		return nil, err
	}
	return f, nil
}

// xmlFigures sets the XML sizes the peak is set against, by format: a
// workbook's answers name their sheets, so both figures apply, and only
// sheets count as rewritten (as BenchmarkFillHECVAT600 counts them); a Word
// field's ID does not name its part, so only the rewritten XML (any XML
// part) applies; a PDF has no XML parts.
func xmlFigures(t formats.FileType, doc, out []byte, answers []formats.Answer, f *FillFigures) error {
	var keep func(string) bool
	switch t {
	case formats.Excel:
		sheets, err := enginefigures.ExcelSheets(doc)
		if err != nil {
			return err
		}
		answered, _, err := enginefigures.EntrySizes(doc, sheets.PartsOf(answers))
		if err != nil {
			return err
		}
		f.AnswerXML = &answered
		keep = sheets.IsSheet
	case formats.Word:
		keep = enginefigures.IsXMLPart
	default:
		return nil
	}
	names, size, err := enginefigures.RewrittenParts(doc, out, keep)
	if err != nil {
		return err
	}
	f.RewrittenParts, f.RewrittenXML = names, &size
	if f.AnswerXML != nil {
		f.PeakPerAnswer = ratio(float64(f.PeakBytes), float64(*f.AnswerXML))
	}
	f.PeakPerWritten = ratio(float64(f.PeakBytes), float64(size))
	return nil
}
