package excel

import (
	"fmt"

	"github.com/formfill/formfill/formats"
)

// Write implements write_answers. Every answer is checked and applied in
// memory first; any bad answer fails the whole call, so nothing is
// half-written.
func (e *Engine) Write(doc []byte, answers []formats.Answer, opts formats.WriteOptions) (*formats.WriteResult, error) {
	res, _, err := e.write(doc, answers, opts)
	return res, err
}

// Fill implements formats.Filler: write, then verify on the same parsed
// workbook, without parsing the output again.
func (e *Engine) Fill(doc []byte, answers []formats.Answer, opts formats.WriteOptions) (res *formats.WriteResult, rep *formats.VerificationReport, err error) {
	res, wb, err := e.write(doc, answers, opts)
	if err != nil || opts.DryRun {
		return res, nil, err
	}
	defer guard(wb.stop, &err)
	rep, err = wb.verify(formats.ExpectedFromAnswers(answers))
	if err != nil {
		return nil, nil, err
	}
	return res, rep, nil
}

func (e *Engine) write(doc []byte, answers []formats.Answer, opts formats.WriteOptions) (res *formats.WriteResult, wb *workbook, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	if _, err := formats.CheckWrite(answers, opts, formats.Excel); err != nil {
		return nil, nil, err
	}
	if opts.CommentUncertain {
		return nil, nil, formats.Errorf(formats.ErrUnsupported, "comment_uncertain",
			"Excel cell notes for uncertain answers are not implemented yet; write without comment_uncertain and use the review list of verify_output")
	}
	if wb, err = e.open(doc, stop); err != nil {
		return nil, nil, err
	}
	w := newWriter(wb)
	res = &formats.WriteResult{Changes: []formats.Change{}, DryRun: opts.DryRun}
	for i, a := range answers {
		if err := wb.stop.Check(); err != nil {
			return nil, nil, err
		}
		name := a.PairID
		if name == "" {
			name = fmt.Sprintf("answers[%d]", i)
		}
		value := a.AnswerText
		if a.InsertionXML != "" {
			value = a.InsertionXML
		}
		if value == formats.Skip {
			res.Skipped = append(res.Skipped, name)
			continue
		}
		c, err := wb.resolve(a)
		if err != nil {
			return nil, nil, formats.Wrap(formats.ErrInvalidArgument, name, err, "unknown target")
		}
		ch, warn, err := w.put(name, c, value, a)
		if err != nil {
			return nil, nil, err
		}
		res.Changes = append(res.Changes, ch)
		res.Warnings = append(res.Warnings, warn...)
	}
	if opts.DryRun {
		return res, wb, nil
	}
	if err := wb.stop.Check(); err != nil {
		return nil, nil, err
	}
	if res.Document, err = wb.save(w.sheets); err != nil {
		return nil, nil, err
	}
	return res, wb, nil
}

// resolve finds an answer's cell: pair_id when it is an element ID or a
// reference, else xpath.
func (wb *workbook) resolve(a formats.Answer) (cell, error) {
	c, err := wb.parseRef(a.PairID)
	if err == nil {
		return c, nil
	}
	if a.XPath == "" {
		if a.PairID == "" {
			return cell{}, fmt.Errorf("no target: %w", errNoMatch)
		}
		return cell{}, err
	}
	return wb.parseRef(a.XPath)
}
