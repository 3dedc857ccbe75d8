package jobs

import (
	"context"
	"log/slog"
)

// loggerKey is the context key of the logger ContextWithLogger sets.
type loggerKey struct{}

// ContextWithLogger returns ctx carrying l, the logger of work that Execute
// leaves running once it has answered: writing the rest of a map whose
// first page it returned. The worker sets its job's logger; without one,
// that work logs nothing. jobs never logs to slog's default logger: the
// program decides where lines go.
func ContextWithLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, l)
}

// loggerFrom is the logger ctx carries, or one that discards.
func loggerFrom(ctx context.Context) *slog.Logger {
	if l := LoggerFrom(ctx); l != nil {
		return l
	}
	return discard
}

var discard = slog.New(slog.DiscardHandler)

// LoggerFrom is the logger ContextWithLogger put on ctx, or nil: the
// worker hands it to the engines (formats.WithLogger), so what an engine
// logs about a job carries that job's ID.
func LoggerFrom(ctx context.Context) *slog.Logger {
	l, _ := ctx.Value(loggerKey{}).(*slog.Logger)
	return l
}
