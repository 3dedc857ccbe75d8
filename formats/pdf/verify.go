package pdf

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// verifyFields compares expected answers with the fields' current values.
// Checkboxes compare as booleans, radios and dropdowns as options; text
// uses formats.Compare. A value that matched is then checked as a reader
// sees it: the text its appearance streams draw (checkShown), the state
// a button shows. It also flags filled fields that viewers may not draw
// because no widget has an appearance stream.
func verifyFields(ctx *model.Context, fields []*field, expected []formats.ExpectedAnswer, log *slog.Logger) *formats.VerificationReport {
	byID, byName := map[string]*field{}, map[string]*field{}
	for _, f := range fields {
		byID[f.ID] = f
		byName[f.Name] = f
	}
	var results []formats.ContentResult
	var structural []string
	of := map[formats.ExpectedAnswer]*field{}
	for _, e := range expected {
		key := e.PairID
		if key == "" {
			key = e.XPath
		}
		f := byName[key]
		if id := strings.ToUpper(key); isFieldID(key) && byID[id] != nil {
			f = byID[id]
		}
		of[e] = f
		if f == nil {
			results = append(results, formats.ContentResult{PairID: key, Status: formats.ContentMissing, Expected: e.ExpectedText})
			msg := fmt.Sprintf("%s: no form field with this ID or name", key)
			if !fillable(fields) {
				// A flattened form's answers are page content, no fields.
				msg += "; the PDF has no fillable form fields (a flattened form's answers are page content: fill --flatten verifies them before flattening)"
			}
			structural = append(structural, msg)
			continue
		}
		res := formats.ContentResult{PairID: key, Status: compareField(f, e.ExpectedText), Expected: e.ExpectedText, Actual: f.Value}
		if res.Status == formats.ContentMatched && hasAppearance(f) {
			switch f.Kind {
			case kindText, kindDropdown:
				checkShown(ctx, f, &res)
			case kindCheckbox, kindRadio:
				checkButtonShown(ctx, f, &res)
			}
		}
		results = append(results, res)
		if f.Value != "" && !hasAppearance(f) {
			structural = append(structural, fmt.Sprintf("%s: the field has a value but no appearance stream; some viewers will show it empty", fieldRef(f)))
		}
	}
	rep := formats.Report(structural, results, expected)
	rep.Review = formats.ReviewList(expected, reviewPlaces(ctx, of, log))
	return rep
}

func compareField(f *field, expected string) formats.ContentStatus {
	switch f.Kind {
	case kindCheckbox:
		want, err := checkboxAnswer(f, expected)
		if err != nil {
			return formats.ContentMismatched
		}
		got := f.Value == checkedValue
		switch {
		case want == got:
			return formats.ContentMatched
		case want:
			return formats.ContentMissing
		}
		return formats.ContentMismatched
	case kindListbox:
		want, err := resolveList(f, expected)
		if err != nil {
			return formats.ContentMismatched
		}
		if f.Value == "" {
			return formats.ContentMissing
		}
		if strings.Join(want, ", ") == f.Value {
			return formats.ContentMatched
		}
		return formats.ContentMismatched
	case kindRadio, kindDropdown:
		if f.Value == "" {
			return formats.ContentMissing
		}
		if i, ok := matchOption(f.Options, f.states, expected); ok && f.Options[i] == f.Value {
			return formats.ContentMatched
		}
		if formats.Normalize(expected) == formats.Normalize(f.Value) {
			return formats.ContentMatched
		}
		return formats.ContentMismatched
	}
	return formats.Compare(expected, f.Value)
}

func hasAppearance(f *field) bool {
	for _, w := range f.widgets {
		if w.dict == nil {
			continue
		}
		if ap, ok := w.dict.Find("AP"); ok && ap != nil {
			return true
		}
	}
	return false
}

// checkButtonShown compares a button's value with the state its widgets
// draw: a reader draws each widget's /AS, not the field's /V. A checked
// box or chosen radio no widget shows (/AS is Off, or names a state its
// appearance dictionary does not have) is not_visible; a box whose value
// is Off while a widget draws its on-state is an appearance_mismatch,
// shown "checked" (a reader sees the tick the value denies).
func checkButtonShown(ctx *model.Context, f *field, res *formats.ContentResult) {
	drawn := false
	for _, w := range f.widgets {
		if drawsOn(ctx, w) {
			drawn = true
			break
		}
	}
	switch {
	case f.Value != "" && !drawn:
		res.Status = formats.ContentNotVisible
		res.Detail = "no widget has an appearance for the state selected: viewers show the button empty"
	case f.Value == "" && drawn && f.Kind == kindCheckbox:
		res.Status = formats.ContentAppearanceMismatch
		res.Shown = checkedValue
		res.Detail = "the box's value is Off but its widget's appearance state (/AS) draws it ticked: viewers show a tick"
	}
}

// drawsOn reports whether a widget draws an "on" state: its /AS names a
// state other than Off that its normal appearance dictionary has.
func drawsOn(ctx *model.Context, w *widget) bool {
	as := textOf(ctx, entry(ctx, w.dict, "AS"))
	if as == "" || as == "Off" {
		return false
	}
	n := dictOf(ctx, entry(ctx, dictOf(ctx, entry(ctx, w.dict, "AP")), "N"))
	for k := range n {
		if s, err := types.DecodeName(k); err == nil && s == as {
			return true
		}
	}
	return false
}

// fillable reports whether any field is one an answer fills: a flatten
// leaves signature fields alone.
func fillable(fields []*field) bool {
	for _, f := range fields {
		if f.Kind != kindSignature {
			return true
		}
	}
	return false
}
