package main

import (
	"context"
	"fmt"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// startTracing installs an OTLP/HTTP trace exporter when the standard
// variables ask for one (OTEL_TRACES_EXPORTER=otlp, or an
// OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT; the exporter reads the rest:
// headers, protocol details, OTEL_SERVICE_NAME through the resource), and
// none otherwise: no spans leave, at no cost. stop flushes what is
// buffered.
func startTracing(ctx context.Context, e *env) (stop func(), err error) {
	wanted := e.getenv("OTEL_TRACES_EXPORTER")
	endpoint := e.getenv("OTEL_EXPORTER_OTLP_ENDPOINT") + e.getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
	if wanted == "none" || (wanted != "otlp" && endpoint == "") {
		return func() {}, nil
	}
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("OTLP trace exporter (OTEL_* variables): %w", err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp))
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		tp.Shutdown(sctx)
	}, nil
}
