package word

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// The engine reports its phases, in order, with their outcome, to the
// watcher on the context it is bound to: what the worker makes spans of.
func TestEngineReportsItsPhases(t *testing.T) {
	doc := fixtures.TwoColumn()
	answers := []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "yes"}}
	tests := []struct {
		name string
		call func(e formats.Engine) error
		want []string
	}{
		{"fill", func(e formats.Engine) error {
			_, _, err := e.(formats.Filler).Fill(doc, answers, formats.WriteOptions{})
			return err
		}, []string{"guard ok", "open ok", "write ok", "save ok", "verify ok"}},
		{"dry-run write saves nothing", func(e formats.Engine) error {
			_, err := e.Write(doc, answers, formats.WriteOptions{DryRun: true})
			return err
		}, []string{"guard ok", "open ok", "write ok"}},
		{"refused answer ends write with its error", func(e formats.Engine) error {
			_, err := e.Write(doc, []formats.Answer{{PairID: "T9-R9-C9", AnswerText: "x"}}, formats.WriteOptions{})
			return err
		}, []string{"guard ok", "open ok", "write failed"}},
		{"verify", func(e formats.Engine) error {
			_, err := e.Verify(doc, []formats.ExpectedAnswer{{PairID: "T1-R2-C2", ExpectedText: "x"}})
			return err
		}, []string{"guard ok", "open ok", "verify ok"}},
		{"compact map", func(e formats.Engine) error {
			_, err := e.ExtractCompact(doc)
			return err
		}, []string{"guard ok", "open ok", "extract ok"}},
		{"text", func(e formats.Engine) error {
			_, err := e.ExtractText(doc)
			return err
		}, []string{"guard ok", "open ok", "extract ok"}},
		{"not a zip fails in the guard", func(e formats.Engine) error {
			_, err := e.ExtractText([]byte("not a document"))
			return err
		}, []string{"guard failed"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			ctx := formats.WithPhases(context.Background(), func(_ context.Context, phase string) func(error) {
				return func(err error) {
					got = append(got, fmt.Sprint(phase, map[bool]string{true: " ok", false: " failed"}[err == nil]))
				}
			})
			tc.call(formats.WithContext(ctx, New()))
			if !slices.Equal(got, tc.want) {
				t.Errorf("phases %v, want %v", got, tc.want)
			}
		})
	}
}

// Without a watcher, and unbound, reporting a phase does nothing.
func TestPhasesWithoutAWatcher(t *testing.T) {
	formats.StartPhase(nil, formats.PhaseOpen)(nil)
	formats.StartPhase(context.Background(), formats.PhaseOpen)(nil)
	var s *formats.Stopper
	s.Phase(formats.PhaseSave)(fmt.Errorf("ignored"))
	if _, err := New().Write(fixtures.TwoColumn(), []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "yes"}}, formats.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
}
