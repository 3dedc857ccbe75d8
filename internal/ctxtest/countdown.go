// Package ctxtest provides contexts for testing code that stops part-way:
// they end at a chosen point of the work rather than at a time, so tests of
// cancellation are deterministic.
package ctxtest

import (
	"context"
	"sync/atomic"
)

// Countdown is a context whose Err reports context.Canceled from its
// (n+1)th call on: it ends after the code under test has looked at it n
// times. Done never closes; code that stops part-way polls Err.
type Countdown struct {
	context.Context
	left  atomic.Int64
	asked atomic.Int64
}

// NewCountdown returns a Countdown that lets n checks pass.
func NewCountdown(n int) *Countdown {
	c := &Countdown{Context: context.Background()}
	c.left.Store(int64(n))
	return c
}

// Err implements context.Context.
func (c *Countdown) Err() error {
	c.asked.Add(1)
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// Asked reports how many times Err was called.
func (c *Countdown) Asked() int { return int(c.asked.Load()) }
