package mcp

import (
	"bufio"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"
)

// A tokens file names the principals of the HTTP transport, one a line:
//
//	# name   token                 scopes (optional)
//	alice    6f1c…a long secret
//	ci       sha256:9e3f…64 hex     read-only
//
// The token is the bearer token itself or, better, "sha256:" and the hex
// SHA-256 of it (`printf %s "$TOKEN" | sha256sum`), so the file holds
// nothing a reader could present. Blank lines and lines starting with '#'
// are skipped. Names follow CheckPrincipalName and appear once; no two
// names share a token. The only scope is "read-only". The file must be a
// regular file that neither its group nor other users can read or write:
// formfill refuses to start on one they can. It is read again when it
// changes, so a token is added or revoked without a restart; a change that
// does not parse is logged and the tokens read before stay in force.

// tokenEntry is one principal of a tokens file, with the SHA-256 of its
// token.
type tokenEntry struct {
	principal Principal
	sum       [sha256.Size]byte
}

// parseTokens reads a tokens file's lines. Errors name the line and say
// what was expected.
func parseTokens(r io.Reader) ([]tokenEntry, error) {
	var out []tokenEntry
	names := map[string]int{}
	sums := map[[sha256.Size]byte]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<10)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := parseTokenLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if first, dup := names[e.principal.Name]; dup {
			return nil, fmt.Errorf("line %d: principal %q is named again (first on line %d); give each principal one line", n, e.principal.Name, first)
		}
		if first, dup := sums[e.sum]; dup {
			return nil, fmt.Errorf("line %d: the token of %q is also the token of line %d; every principal needs its own token", n, e.principal.Name, first)
		}
		names[e.principal.Name], sums[e.sum] = n, n
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no principals: want lines of NAME TOKEN or NAME sha256:HEX, optionally followed by %s", ScopeReadOnly)
	}
	return out, nil
}

func parseTokenLine(line string) (tokenEntry, error) {
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return tokenEntry{}, fmt.Errorf("want NAME TOKEN (or NAME sha256:HEX) and optional scopes, got %d field(s)", len(fields))
	}
	e := tokenEntry{principal: Principal{Name: fields[0]}}
	if err := CheckPrincipalName(fields[0]); err != nil {
		return tokenEntry{}, err
	}
	if hexSum, ok := strings.CutPrefix(fields[1], "sha256:"); ok {
		b, err := hex.DecodeString(hexSum)
		if err != nil || len(b) != sha256.Size {
			return tokenEntry{}, fmt.Errorf("principal %q: sha256: must be followed by 64 hex digits (the SHA-256 of the token)", fields[0])
		}
		copy(e.sum[:], b)
	} else {
		e.sum = sha256.Sum256([]byte(fields[1]))
	}
	for _, scope := range fields[2:] {
		switch scope {
		case ScopeReadOnly:
			e.principal.ReadOnly = true
		default:
			return tokenEntry{}, fmt.Errorf("principal %q: unknown scope %q; the only scope is %s", fields[0], scope, ScopeReadOnly)
		}
	}
	return e, nil
}

// readTokensFile reads and checks a tokens file.
func readTokensFile(path string) ([]tokenEntry, os.FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("tokens file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("tokens file %s is not a regular file", path)
	}
	if perm := fi.Mode().Perm(); perm&0o066 != 0 {
		return nil, nil, fmt.Errorf("tokens file %s has mode %04o: its group or other users can read or change it; chmod 600 it", path, perm)
	}
	entries, err := parseTokens(f)
	if err != nil {
		return nil, nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	return entries, fi, nil
}

// tokenSet holds the static principals: the single --token as "default"
// and those of a tokens file, which it reads again when the file changes.
type tokenSet struct {
	path string
	log  *slog.Logger

	mu      sync.Mutex
	fixed   []tokenEntry // the single --token
	file    []tokenEntry
	stamp   fileStamp
	checked time.Time
}

// fileStamp tells whether a file changed since it was read.
type fileStamp struct {
	mod  time.Time
	size int64
}

// tokensRecheck is how often the tokens file is looked at for a change.
const tokensRecheck = 2 * time.Second

// newTokenSet builds the static principals; it fails when the tokens file
// cannot be read or is not safe.
func newTokenSet(token, path string, log *slog.Logger) (*tokenSet, error) {
	ts := &tokenSet{path: path, log: log}
	if token != "" {
		ts.fixed = []tokenEntry{{principal: Principal{Name: DefaultPrincipal}, sum: sha256.Sum256([]byte(token))}}
	}
	if path == "" {
		return ts, nil
	}
	entries, fi, err := readTokensFile(path)
	if err != nil {
		return nil, err
	}
	if err := ts.checkClash(entries); err != nil {
		return nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	ts.file, ts.stamp, ts.checked = entries, fileStamp{fi.ModTime(), fi.Size()}, time.Now()
	return ts, nil
}

// checkClash refuses a file that names the single token's principal or
// reuses its token.
func (ts *tokenSet) checkClash(entries []tokenEntry) error {
	for _, f := range ts.fixed {
		for _, e := range entries {
			if e.principal.Name == f.principal.Name {
				return fmt.Errorf("principal %q is also the single --token's; rename it or drop --token", e.principal.Name)
			}
			if e.sum == f.sum {
				return fmt.Errorf("the token of %q is also the single --token", e.principal.Name)
			}
		}
	}
	return nil
}

// empty reports whether no static principal is configured.
func (ts *tokenSet) empty() bool { return len(ts.fixed) == 0 && ts.path == "" }

// lookup returns the principal of token, comparing its SHA-256 with every
// entry's in constant time.
func (ts *tokenSet) lookup(token string) (Principal, bool) {
	ts.reload()
	sum := sha256.Sum256([]byte(token))
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var found Principal
	ok := 0
	for _, list := range [][]tokenEntry{ts.fixed, ts.file} {
		for _, e := range list {
			if subtle.ConstantTimeCompare(sum[:], e.sum[:]) == 1 {
				found, ok = e.principal, 1
			}
		}
	}
	return found, ok == 1
}

// reload reads the tokens file again when it changed, at most every
// tokensRecheck. A file that became unsafe or does not parse leaves the
// tokens read before in force, and says why in the log.
func (ts *tokenSet) reload() {
	if ts.path == "" {
		return
	}
	ts.mu.Lock()
	if time.Since(ts.checked) < tokensRecheck {
		ts.mu.Unlock()
		return
	}
	ts.checked = time.Now()
	stamp := ts.stamp
	ts.mu.Unlock()
	fi, err := os.Stat(ts.path)
	if err != nil {
		ts.log.Error("mcp: tokens file not read again; the tokens read before stay in force", "path", ts.path, "err", err)
		return
	}
	if (fileStamp{fi.ModTime(), fi.Size()}) == stamp {
		return
	}
	entries, fi, err := readTokensFile(ts.path)
	if err == nil {
		err = ts.checkClash(entries)
	}
	if err != nil {
		ts.log.Error("mcp: tokens file changed but is refused; the tokens read before stay in force", "path", ts.path, "err", err)
		return
	}
	ts.mu.Lock()
	ts.file, ts.stamp = entries, fileStamp{fi.ModTime(), fi.Size()}
	ts.mu.Unlock()
	ts.log.Info("mcp: tokens file read again", "path", ts.path, "principals", len(entries))
}

// HashToken returns the "sha256:HEX" form of a token for a tokens file.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return "sha256:" + hex.EncodeToString(sum[:])
}
