package formats

import "context"

// archiveLimitsKey carries a call's ArchiveLimits in its context.
type archiveLimitsKey struct{}

// WithArchiveLimits returns ctx carrying l: an engine bound to the context
// (WithContext) opens archives under l instead of DefaultArchiveLimits. A
// worker running several jobs at once gives each a share of what it may
// inflate in all (see JobArchiveLimits).
func WithArchiveLimits(ctx context.Context, l ArchiveLimits) context.Context {
	return context.WithValue(ctx, archiveLimitsKey{}, l)
}

// ArchiveLimits are the limits archives opened under s obey: those of its
// context (WithArchiveLimits), else DefaultArchiveLimits.
func (s *Stopper) ArchiveLimits() ArchiveLimits {
	if s != nil && s.ctx != nil {
		if l, ok := s.ctx.Value(archiveLimitsKey{}).(ArchiveLimits); ok {
			return l
		}
	}
	return DefaultArchiveLimits
}

// JobArchiveLimits are the limits of one of concurrency jobs that together
// may inflate at most budget bytes: DefaultArchiveLimits with the total
// (and so each entry) capped at budget/concurrency. A worker of 4 slots and
// a 2 GiB budget keeps the default 512 MB per job; one of 16 slots gives
// each job 128 MB, so 16 documents at their limit cannot hold more than
// the budget at once.
func JobArchiveLimits(budget int64, concurrency int) ArchiveLimits {
	l := DefaultArchiveLimits
	if budget <= 0 || concurrency <= 0 {
		return l
	}
	share := budget / int64(concurrency)
	l.MaxTotalSize = min(l.MaxTotalSize, share)
	l.MaxEntrySize = min(l.MaxEntrySize, l.MaxTotalSize)
	return l
}
