package embedded

import (
	"crypto/subtle"
	"strings"
	"sync"

	"github.com/alicebob/miniredis/v2/server"
)

// helloGuard makes the embedded Redis answer HELLO as Redis does when it
// requires a password: only to a client that has authenticated, or that
// authenticates in the HELLO itself (HELLO 3 AUTH default <password>, which
// go-redis sends). miniredis answers any HELLO with its server description,
// so anyone who reached the port learnt what listens there without the
// password (issue 38).
type helloGuard struct {
	password string
	mu       sync.Mutex
	authed   map[*server.Peer]bool
}

// noAuthHello is Redis's own refusal.
const noAuthHello = "NOAUTH HELLO must be called with the client already authenticated, otherwise the HELLO <proto> AUTH <user> <pass> option can be used to authenticate the client and select the RESP protocol version at the same time"

// hook runs before every command (server.Hook): it notes connections that
// authenticated and refuses HELLO to the others. It never answers AUTH
// itself: miniredis checks the password again and answers.
func (g *helloGuard) hook(c *server.Peer, cmd string, args ...string) bool {
	switch cmd {
	case "AUTH":
		if len(args) > 0 && g.matches(args[len(args)-1]) {
			g.mark(c)
		}
	case "HELLO":
		if g.isAuthed(c) {
			return false
		}
		for i := 1; i+2 < len(args); i++ { // HELLO protover AUTH user password
			if strings.EqualFold(args[i], "AUTH") && g.matches(args[i+2]) {
				g.mark(c)
				return false
			}
		}
		c.WriteError(noAuthHello)
		return true
	}
	return false
}

func (g *helloGuard) matches(password string) bool {
	return subtle.ConstantTimeCompare([]byte(password), []byte(g.password)) == 1
}

func (g *helloGuard) mark(c *server.Peer) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.authed[c] {
		return
	}
	g.authed[c] = true
	c.OnDisconnect(func() {
		g.mu.Lock()
		delete(g.authed, c)
		g.mu.Unlock()
	})
}

func (g *helloGuard) isAuthed(c *server.Peer) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.authed[c]
}
