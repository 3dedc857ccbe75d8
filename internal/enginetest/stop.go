// Package enginetest holds checks every formats.Engine must pass, for the
// format packages' tests.
package enginetest

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/ctxtest"
)

// calls returns every document operation of an engine on doc, with answers
// for up to three of its fields.
func calls(t *testing.T, e formats.Engine, doc []byte) map[string]func(formats.Engine) error {
	t.Helper()
	fields, err := e.ListFields(doc)
	if err != nil || len(fields) == 0 {
		t.Fatalf("list fields: %v (%d fields)", err, len(fields))
	}
	answers := answersFor(fields[:min(3, len(fields))])
	expected := formats.ExpectedFromAnswers(answers)
	locations := []formats.Location{{PairID: fields[0].FieldID}}
	return map[string]func(formats.Engine) error{
		"extract_compact": func(e formats.Engine) error { _, err := e.ExtractCompact(doc); return err },
		"extract_raw":     func(e formats.Engine) error { _, err := e.ExtractRaw(doc); return err },
		"extract_text":    func(e formats.Engine) error { _, err := e.ExtractText(doc); return err },
		"list_fields":     func(e formats.Engine) error { _, err := e.ListFields(doc); return err },
		"validate":        func(e formats.Engine) error { _, err := e.Validate(doc, locations); return err },
		"write":           func(e formats.Engine) error { _, err := e.Write(doc, answers, formats.WriteOptions{}); return err },
		"verify":          func(e formats.Engine) error { _, err := e.Verify(doc, expected); return err },
		"fill": func(e formats.Engine) error {
			_, _, err := formats.Fill(e, doc, answers, formats.WriteOptions{})
			return err
		},
	}
}

// answersFor answers each field with a value it accepts: its first option
// when it has a list, else text naming the field.
func answersFor(fields []formats.FormField) []formats.Answer {
	var answers []formats.Answer
	for _, f := range fields {
		if f.ReadOnly {
			continue
		}
		text := "Answered " + f.FieldID
		if len(f.Options) > 0 {
			text = f.Options[0]
		}
		answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: text})
	}
	return answers
}

// StopsWhenTheContextHasEnded checks that every call of e bound to an ended
// context fails with an error wrapping formats.ErrStopped and the context's
// error, and not as bad input (which would never be retried).
func StopsWhenTheContextHasEnded(t *testing.T, e formats.Engine, doc []byte) {
	t.Helper()
	if _, ok := e.(formats.ContextBinder); !ok {
		t.Fatalf("%T does not implement formats.ContextBinder", e)
	}
	for name, call := range calls(t, e, doc) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			err := call(formats.WithContext(ctx, e))
			if !errors.Is(err, formats.ErrStopped) || !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want one wrapping formats.ErrStopped and context.Canceled", err)
			}
			if formats.IsInputError(err) {
				t.Fatalf("a stop is reported as bad input: %v", err)
			}
		})
	}
}

// SameResultsWhenTheContextIsLive checks that a fill by e bound to a live
// context equals the unbound engine's, and that the bound engine looked at
// its context at least minChecks times (or binding did nothing).
func SameResultsWhenTheContextIsLive(t *testing.T, e formats.Engine, doc []byte, minChecks int) {
	t.Helper()
	fields, err := e.ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	answers := answersFor(fields)
	free, freeRep, err := formats.Fill(e, doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxtest.NewCountdown(1 << 30)
	bound, boundRep, err := formats.Fill(formats.WithContext(ctx, e), doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(free.Changes, bound.Changes) || !reflect.DeepEqual(freeRep, boundRep) {
		t.Fatal("a bound engine with a live context filled differently from the unbound one")
	}
	if ctx.Asked() < minChecks {
		t.Fatalf("the context was asked %d times for %d answers, want at least %d", ctx.Asked(), len(answers), minChecks)
	}
}
