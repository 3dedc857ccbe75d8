package mcp

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/formfill/formfill/internal/safefile"
)

// Roots are one disk for every principal of a server, unless the server
// gives each its own: with RootPerPrincipal, a principal's file_path,
// answers_file_path and output_file_path resolve inside <root>/<principal>
// of each root (created, mode 0700, at the principal's first call), so that
// principals who share a server share no files either.

// RootPerPrincipal confines each principal to a directory of its own in
// each root.
func RootPerPrincipal() Option { return func(c *config) { c.rootPerPrincipal = true } }

// principalRoots caches each principal's roots.
type principalRoots struct {
	mu   sync.Mutex
	sets map[string]*safefile.Roots
}

// rootsFor returns the roots principal's paths resolve in.
func (s *Server) rootsFor(principal string) (*safefile.Roots, error) {
	if !s.cfg.rootPerPrincipal {
		return s.roots, nil
	}
	s.proots.mu.Lock()
	defer s.proots.mu.Unlock()
	if set, ok := s.proots.sets[principal]; ok {
		return set, nil
	}
	if principal == "" {
		return nil, fmt.Errorf("mcp: a call without a principal has no roots")
	}
	var dirs []string
	for _, root := range s.roots.Dirs() {
		dir := filepath.Join(root, principalDir(principal))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("mcp: the directory of principal %q: %w", principal, err)
		}
		dirs = append(dirs, dir)
	}
	set, err := safefile.NewRoots(dirs)
	if err != nil {
		return nil, err
	}
	if s.proots.sets == nil {
		s.proots.sets = map[string]*safefile.Roots{}
	}
	s.proots.sets[principal] = set
	return set, nil
}

// principalDir names a principal's directory: its name when that is a name
// a tokens file allows, else (OAuth subjects, random stdio principals) a
// digest of it, so that no name can climb out of the root.
func principalDir(name string) string {
	if CheckPrincipalName(name) == nil {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	return "principal-" + hex.EncodeToString(sum[:12])
}
