package word

import (
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Write implements write_answers.
func (e *Engine) Write(data []byte, answers []formats.Answer, opts formats.WriteOptions) (*formats.WriteResult, error) {
	if err := formats.CheckAnswers(answers); err != nil {
		return nil, err
	}
	d, err := open(data, nil, e.stopper())
	if err != nil {
		return nil, err
	}
	return d.writeAll(answers, opts)
}

// Fill writes answers and verifies the result on the same parsed tree.
func (e *Engine) Fill(data []byte, answers []formats.Answer, opts formats.WriteOptions) (*formats.WriteResult, *formats.VerificationReport, error) {
	if err := formats.CheckAnswers(answers); err != nil {
		return nil, nil, err
	}
	d, err := open(data, nil, e.stopper())
	if err != nil {
		return nil, nil, err
	}
	res, err := d.writeAll(answers, opts)
	if err != nil {
		return nil, nil, err
	}
	if opts.DryRun {
		return res, nil, nil
	}
	if d.ix, err = buildIndex(d.body, d.stop); err != nil {
		return nil, nil, err
	}
	rep, err := d.verify(formats.ExpectedFromAnswers(answers))
	if err != nil {
		return nil, nil, err
	}
	return res, rep, nil
}

// writeAll resolves every target first (IDs name the document as it was
// given), applies the answers in order and serialises unless dry-running.
func (d *document) writeAll(answers []formats.Answer, opts formats.WriteOptions) (*formats.WriteResult, error) {
	targets := make([]target, len(answers))
	for i, a := range answers {
		if err := d.stop.Check(); err != nil {
			return nil, err
		}
		t, err := d.resolve(a.PairID, a.XPath)
		if err != nil {
			return nil, fmt.Errorf("answers[%d]: %w", i, err)
		}
		targets[i] = t
	}
	res := &formats.WriteResult{Changes: []formats.Change{}, DryRun: opts.DryRun}
	for i, a := range answers {
		if err := d.stop.Check(); err != nil {
			return nil, err
		}
		t := targets[i]
		if a.InsertionXML == "" && strings.TrimSpace(a.AnswerText) == formats.Skip {
			res.Skipped = append(res.Skipped, t.id)
			continue
		}
		if rootBody(t.el) == nil {
			return nil, fmt.Errorf("answers[%d]: %w", i, formats.Errorf(formats.ErrInvalidArgument, t.id,
				"the target was removed by an earlier answer in this call (a replace_content of its cell or paragraph)"))
		}
		before := textOf(t.el)
		mode, err := d.apply(t, a)
		if err != nil {
			return nil, fmt.Errorf("answers[%d]: %w", i, err)
		}
		tidy(t.el)
		res.Changes = append(res.Changes, formats.Change{PairID: t.id, XPath: t.xpath, Mode: mode, Before: before, After: textOf(t.el)})
	}
	if opts.DryRun {
		return res, nil
	}
	if err := d.stop.Check(); err != nil {
		return nil, err
	}
	out, err := d.serialize()
	if err != nil {
		return nil, fmt.Errorf("serialise document: %w", err)
	}
	res.Document = out
	return res, nil
}

// apply places one answer at its target and returns the mode used.
func (d *document) apply(t target, a formats.Answer) (formats.Mode, error) {
	var c *content
	if a.InsertionXML != "" {
		var err error
		if c, err = parseInsertion(a.InsertionXML); err != nil {
			return "", formats.Wrap(formats.ErrInvalidArgument, t.id, err, "insertion_xml refused")
		}
	}
	if isW(t.el, "tbl") || isW(t.el, "tr") {
		return "", formats.Errorf(formats.ErrInvalidArgument, t.id, "a table or row cannot take an answer; address one of its cells (…-C<n>)")
	}
	if c == nil {
		if done, err := fillCheckbox(t, a.AnswerText); done || err != nil {
			return formats.ReplaceContent, err
		}
	}
	if a.Mode != formats.Append {
		if done, err := fillControl(t, a.AnswerText, c); done || err != nil {
			return formats.ReplaceContent, err
		}
		if done, err := fillLegacyText(t, a.AnswerText, c); done || err != nil {
			return formats.ReplaceContent, err
		}
	}
	mode := a.Mode
	if mode == "" {
		mode = defaultMode(t.el)
	}
	var err error
	switch mode {
	case formats.ReplacePlaceholder:
		err = replacePlaceholderIn(t, a.AnswerText, c)
	case formats.ReplaceContent:
		err = replaceContent(t, a.AnswerText, c)
	default:
		err = appendTo(t, a.AnswerText, c)
	}
	return mode, err
}
