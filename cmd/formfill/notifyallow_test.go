package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"testing"

	"github.com/formfill/formfill/jobs"
)

// TestNotifyAllowFlagIsParsedOnceForServerAndWorker checks the allowlist a
// command with --notify-allow checks URLs with is the one its embedded
// worker delivers under, and how the flag and $FORMFILL_NOTIFY_ALLOW
// combine: a flag given wins, even empty, and empty means public only.
func TestNotifyAllowFlagIsParsedOnceForServerAndWorker(t *testing.T) {
	const loopback = "http://127.0.0.1:9/hook"
	for _, tt := range []struct {
		name          string
		envAllow      string
		args          []string
		allowLoopback bool
	}{
		{"neither set: public only", "", nil, false},
		{"variable only", "127.0.0.1", nil, true},
		{"flag only", "", []string{"--notify-allow=127.0.0.0/8"}, true},
		{"flag wins over the variable", "127.0.0.1", []string{"--notify-allow=10.0.0.0/8"}, false},
		{"explicitly empty flag is public only despite the variable", "127.0.0.1", []string{"--notify-allow="}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := &env{stdout: io.Discard, stderr: io.Discard, getenv: func(k string) string {
				if k == jobs.EnvNotifyAllow {
					return tt.envAllow
				}
				return ""
			}}
			fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
			f := addNotifyAllowFlag(fs, e)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			policy, err := f.policy()
			if err != nil {
				t.Fatal(err)
			}
			worker, err := backendOptions{notifyPolicy: policy}.embeddedNotifyPolicy(e)
			if err != nil {
				t.Fatal(err)
			}
			if worker != policy {
				t.Errorf("the embedded worker got allowlist %q, not the command's %q", worker, policy)
			}
			for who, p := range map[string]*jobs.NotifyPolicy{"command": policy, "worker": worker} {
				err := p.Check(context.Background(), loopback)
				if got := err == nil; got != tt.allowLoopback {
					t.Errorf("%s allows %s = %v (%v), want %v", who, loopback, got, err, tt.allowLoopback)
				}
				if err != nil && !errors.Is(err, jobs.ErrNotifyRefused) {
					t.Errorf("%s refused with %v, want ErrNotifyRefused", who, err)
				}
			}
		})
	}
}

// TestEmbeddedWorkerWithoutAFlagReadsTheVariable: a command with no
// --notify-allow (fill, batch) starts its embedded worker on
// $FORMFILL_NOTIFY_ALLOW, and a malformed one is a usage error.
func TestEmbeddedWorkerWithoutAFlagReadsTheVariable(t *testing.T) {
	for _, tt := range []struct {
		name, envAllow string
		allowLoopback  bool
		usage          bool
	}{
		{"unset", "", false, false},
		{"loopback allowed", "127.0.0.1", true, false},
		{"malformed", "10.0.0.0/40", false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := &env{getenv: func(k string) string {
				if k == jobs.EnvNotifyAllow {
					return tt.envAllow
				}
				return ""
			}}
			p, err := backendOptions{}.embeddedNotifyPolicy(e)
			var ue *usageError
			if tt.usage {
				if !errors.As(err, &ue) {
					t.Fatalf("err = %v, want a usage error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Check(context.Background(), "http://127.0.0.1:9/h") == nil; got != tt.allowLoopback {
				t.Errorf("loopback allowed = %v, want %v", got, tt.allowLoopback)
			}
		})
	}
}
