package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ServeStdio serves one client on in/out (newline-delimited JSON-RPC) until
// in ends or ctx is done, in either protocol era. Task methods are answered
// from the job store; every other line is handed to mcp-go's stdio server
// through a pipe. The process serves one principal: the StdioPrincipal
// option's, or a random one of its own, so that another server on the same
// Redis (another user's, say) never sees its jobs.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	principal := newStdioPrincipal()
	if s.cfg.stdioPrincipal != nil {
		principal = *s.cfg.stdioPrincipal
	}
	w := &lockedWriter{w: out}
	ctx, cancel := context.WithCancel(withNotifier(withPrincipal(ctx, principal), w.writeJSON))
	defer cancel()
	pr, pw := io.Pipe()
	stdio := server.NewStdioServer(s.mcp)
	stdio.SetErrorLogger(log.New(slogWriter{s}, "", 0))
	done := make(chan error, 1)
	go func() { done <- stdio.Listen(ctx, pr, w) }()

	var wg sync.WaitGroup
	err := s.pumpStdio(ctx, in, pw, w, &wg)
	// Input is over, but calls already read may still be running: answer
	// them before stopping (a piped client closes stdin straight after
	// its last request).
	w.waitAnswered(ctx, s.cfg.stdioDrain)
	pw.CloseWithError(err)
	cancel() // release task calls still waiting on jobs, as mcp-go does
	wg.Wait()
	lerr := <-done
	if err == nil && lerr != nil && !errors.Is(lerr, context.Canceled) && !errors.Is(lerr, io.EOF) {
		err = lerr
	}
	return err
}

// pumpStdio reads messages from in, answering the intercepted ones itself
// (each on its own goroutine: tasks/result blocks until the job is done)
// and passing the rest on to mcp-go.
func (s *Server) pumpStdio(ctx context.Context, in io.Reader, pass io.Writer, out *lockedWriter, wg *sync.WaitGroup) error {
	r := bufio.NewReaderSize(in, 1<<20)
	for {
		line, err := readLine(r, s.cfg.maxBody)
		if errors.Is(err, errTooLong) {
			// The client can go on after a refused message: answer and resync at the next line.
			out.writeJSON(mcpgo.NewJSONRPCError(mcpgo.NewRequestId(nil), mcpgo.INVALID_REQUEST,
				fmt.Sprintf("message longer than %d bytes; send large documents by file_path", s.cfg.maxBody), nil))
			continue
		}
		if len(bytes.TrimSpace(line)) > 0 {
			if intercepted(line) {
				msg := append([]byte(nil), line...)
				wg.Add(1)
				go func() {
					defer wg.Done()
					if resp, ok := s.intercept(ctx, msg, out.writeJSON); ok {
						out.writeJSON(resp)
						return
					}
					// mcp-go answers it after all (an ordinary call
					// of a modern client, say).
					out.expect(msg)
					if _, werr := pass.Write(append(msg, '\n')); werr != nil {
						s.log.Warn("mcp: message not passed on", "err", werr)
					}
				}()
			} else {
				out.expect(line)
				if _, werr := pass.Write(append(line, '\n')); werr != nil {
					return werr
				}
			}
		}
		if err == io.EOF || ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

var errTooLong = errors.New("mcp: stdio message too long")

// readLine reads one newline-terminated message. A message longer than
// limit is skipped up to its newline and reported as errTooLong, so a
// runaway client cannot exhaust memory.
func readLine(r *bufio.Reader, limit int64) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if int64(len(buf)) > limit {
			for err == bufio.ErrBufferFull {
				_, err = r.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, errTooLong
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), err
	}
}

// lockedWriter serialises whole-message writes from mcp-go and from the
// task interceptor onto one stream. mcp-go writes each message with one
// Write call, so a mutex per Write keeps lines intact. It also counts the
// requests handed to mcp-go that have no response yet.
type lockedWriter struct {
	mu      sync.Mutex
	w       io.Writer
	pending map[string]int
	idle    chan struct{} // closed and replaced when pending drops to zero
}

// rpcEnvelope is the part of a JSON-RPC message that tells a request (id
// and method) from a response (id, no method).
type rpcEnvelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func (l *lockedWriter) expect(line []byte) {
	var m rpcEnvelope
	if json.Unmarshal(line, &m) != nil || len(m.ID) == 0 || string(m.ID) == "null" || m.Method == "" {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.pending == nil {
		l.pending = map[string]int{}
	}
	l.pending[string(m.ID)]++
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.w.Write(p)
	var m rpcEnvelope
	if len(l.pending) > 0 && json.Unmarshal(p, &m) == nil && m.Method == "" && len(m.ID) > 0 {
		if l.pending[string(m.ID)]--; l.pending[string(m.ID)] <= 0 {
			delete(l.pending, string(m.ID))
		}
		if len(l.pending) == 0 && l.idle != nil {
			close(l.idle)
			l.idle = nil
		}
	}
	return n, err
}

// waitAnswered blocks until every request handed to mcp-go has had its
// response written, ctx is done, or limit passes.
func (l *lockedWriter) waitAnswered(ctx context.Context, limit time.Duration) {
	l.mu.Lock()
	if len(l.pending) == 0 {
		l.mu.Unlock()
		return
	}
	if l.idle == nil {
		l.idle = make(chan struct{})
	}
	idle := l.idle
	l.mu.Unlock()
	select {
	case <-idle:
	case <-ctx.Done():
	case <-time.After(limit):
	}
}

func (l *lockedWriter) writeJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	l.Write(append(b, '\n'))
}

type slogWriter struct{ s *Server }

func (w slogWriter) Write(p []byte) (int, error) {
	w.s.log.Warn("mcp-go stdio", "msg", string(bytes.TrimSpace(p)))
	return len(p), nil
}
