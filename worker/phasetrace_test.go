package worker

import (
	"context"
	"slices"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/jobs"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// Every engine's phases become spans under the caller's (formfill.execute
// on a worker), in the order they ran; a phase that fails is marked so.
func TestEnginePhasesAreSpansOfEveryEngine(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(tp)
	t.Cleanup(func() { otel.SetTracerProvider(prev); tp.Shutdown(context.Background()) })

	fill := func(ft formats.FileType, id string) jobs.Payload {
		return jobs.Payload{Kind: jobs.KindFill, FileType: ft, Answers: []formats.Answer{{PairID: id, AnswerText: "Ada Lovelace"}}}
	}
	tests := []struct {
		name   string
		p      jobs.Payload
		doc    []byte
		want   []string
		failed string // the phase whose span has an error status
	}{
		{"word fill", fill(formats.Word, "T1-R2-C2"), fixtures.TwoColumn(),
			[]string{"formfill.guard", "formfill.open", "formfill.write", "formfill.save", "formfill.verify"}, ""},
		{"excel fill", fill(formats.Excel, "S1-R3-C4"), fixtures.ExcelVendorAssessment(),
			[]string{"formfill.guard", "formfill.open", "formfill.write", "formfill.save", "formfill.verify"}, ""},
		// The PDF write holds the save; the last open is the scan of the
		// output for active content (JavaScript), which reopens it.
		{"pdf fill", fill(formats.PDF, "F1"), fixtures.PDFForm(),
			[]string{"formfill.open", "formfill.write", "formfill.verify", "formfill.open"}, ""},
		{"word compact map", jobs.Payload{Kind: jobs.KindExtractCompact, FileType: formats.Word}, fixtures.TwoColumn(),
			[]string{"formfill.guard", "formfill.open", "formfill.extract"}, ""},
		{"word fill of an unknown element", fill(formats.Word, "T9-R9-C9"), fixtures.TwoColumn(),
			[]string{"formfill.guard", "formfill.open", "formfill.write"}, "formfill.write"},
		{"excel fill of a corrupt workbook", fill(formats.Excel, "S1-R3-C4"), []byte("PK\x03\x04 not really a zip"),
			[]string{"formfill.guard"}, "formfill.guard"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			exp.Reset()
			ctx, parent := tp.Tracer("test").Start(context.Background(), "formfill.execute")
			Execute(ctx, tc.p, tc.doc)
			parent.End()
			var got []string
			for _, s := range exp.GetSpans() {
				if s.Parent.SpanID() == parent.SpanContext().SpanID() {
					got = append(got, s.Name)
					if (s.Status.Code == codes.Error) != (s.Name == tc.failed) {
						t.Errorf("span %s: status %v, want an error only on %q", s.Name, s.Status.Code, tc.failed)
					}
				}
			}
			// Spans are exported as they end; phases do not overlap, so
			// the end order is the start order.
			if !slices.Equal(got, tc.want) {
				t.Errorf("phases %v, want %v", got, tc.want)
			}
		})
	}
}
