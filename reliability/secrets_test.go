package reliability

import (
	"bytes"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/fixtures"
)

// jobIDRe matches the ID formfill submit prints for an interactive job.
var jobIDRe = regexp.MustCompile(`(?m)^i-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// specialPassword holds the characters a URL must escape: a careless
// redaction that cuts at the first '@' or ':' would print part of it.
const specialPassword = "p@ss:w/rd%7e?#x"

// TestSpecialPasswordNeverInProcessOutput runs `formfill submit`, `queues`
// and `mcp` (HTTP) with a password full of URL metacharacters, escaped as
// a URL needs it, with a wrong one, and written unescaped (a malformed
// URL): neither the password nor its escaped form may appear in anything
// they print.
func TestSpecialPasswordNeverInProcessOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("starts several formfill processes: skipped with -short")
	}
	bin := formfillBinary(t)
	rs := startRedis(t, specialPassword)
	doc := filepath.Join(t.TempDir(), "form.docx")
	if err := os.WriteFile(doc, fixtures.TwoColumn(), 0o600); err != nil {
		t.Fatal(err)
	}
	escaped := url.QueryEscape(specialPassword)
	good := "redis://:" + escaped + "@" + rs.addr() + "/0"
	wrong := "redis://:" + url.QueryEscape("w@rong:"+specialPassword) + "@" + rs.addr() + "/0"
	raw := "redis://:" + specialPassword + "@" + rs.addr() + "/0"

	var out bytes.Buffer
	run := func(redisURL string, timeout time.Duration, args ...string) {
		cmd := exec.Command(bin, append(args, "--redis", redisURL)...)
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(timeout):
			cmd.Process.Kill()
			<-done
		}
	}
	run(good, 20*time.Second, "submit", "extract_compact", doc)
	submitted := jobIDRe.MatchString(out.String())
	for _, u := range []string{wrong, raw} {
		run(u, 20*time.Second, "submit", "extract_compact", doc)
		run(u, 20*time.Second, "queues")
		run(u, 3*time.Second, "mcp", "--http", "127.0.0.1:"+itoa(freePort(t)), "--token", "t0ken")
	}
	run(good, 3*time.Second, "mcp", "--http", "127.0.0.1:"+itoa(freePort(t)), "--token", "t0ken")

	all := out.String()
	t.Logf("checked %d bytes of output:\n%s", len(all), head(all, 1200))
	if !submitted {
		t.Errorf("the submit with the right password printed no job ID: the test did not reach Redis")
	}
	for _, secret := range []string{specialPassword, escaped, "p@ss", "w/rd", "rd%7e"} {
		if i := strings.Index(all, secret); i >= 0 {
			t.Errorf("%q leaked: …%s…", secret, all[max(0, i-150):min(len(all), i+80)])
		}
	}
}
