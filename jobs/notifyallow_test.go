package jobs

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// The allowlist decides by address for names it does not list: the default
// keeps webhooks off loopback, private, link-local and reserved addresses,
// and every refusal names the URL and what is allowed.
func TestNotifyPolicyCheck(t *testing.T) {
	tests := []struct {
		name, allow, url string
		wantErr          string // "" accepted; else a substring of the error
	}{
		{"default public IP", "", "https://93.184.215.14/hook", ""},
		{"default loopback", "", "http://127.0.0.1:8080/x", "loopback"},
		{"default loopback v6", "", "http://[::1]/x", "loopback"},
		{"default localhost name", "", "http://localhost:9/x", "loopback"},
		{"default metadata service", "", "http://169.254.169.254/latest/meta-data/", "link-local"},
		{"default private 10/8", "", "http://10.0.0.5/x", "private"},
		{"default private 192.168", "", "http://192.168.1.1/x", "private"},
		{"default CGNAT", "", "http://100.64.0.1/x", "reserved"},
		{"default unspecified", "", "http://0.0.0.0:6379/", "unspecified"},
		{"default v4-mapped loopback", "", "http://[::ffff:127.0.0.1]/x", "loopback"},
		{"default NAT64 of a private", "", "http://[64:ff9b::a00:1]/x", "reserved"},
		{"not http", "", "file:///etc/passwd", "absolute http"},
		{"CIDR allows inside", "10.1.0.0/16", "http://10.1.2.3/x", ""},
		{"CIDR list refuses public", "10.1.0.0/16", "https://93.184.215.14/x", "a public address"},
		{"CIDR plus public", "public,10.1.0.0/16", "https://93.184.215.14/x", ""},
		{"CIDR refuses outside", "public,10.1.0.0/16", "http://10.2.0.1/x", "private"},
		{"bare IP", "127.0.0.1", "http://127.0.0.1:9000/x", ""},
		{"name listed", "localhost", "http://localhost:9000/x", ""},
		{"wildcard name", "*.hooks.internal", "http://a.b.hooks.internal/x", ""},
		{"wildcard excludes apex", "*.hooks.internal", "http://hooks.internal/x", "does not resolve"},
		{"star allows all", "*", "http://127.0.0.1/x", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseNotifyAllow(tt.allow)
			if err != nil {
				t.Fatal(err)
			}
			err = p.Check(context.Background(), tt.url)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.url) {
				t.Errorf("error %q does not name the URL", err)
			}
			if strings.Contains(tt.wantErr, "absolute") {
				return
			}
			if !errors.Is(err, ErrNotifyRefused) || !strings.Contains(err.Error(), "allowed: "+p.String()) {
				t.Errorf("error %q does not say what is allowed (%s)", err, p)
			}
		})
	}
}

// A CIDR that does not parse keeps netip's own error as its cause.
func TestParseNotifyAllowWrapsTheParseError(t *testing.T) {
	_, err := ParseNotifyAllow("10.0.0.0/33")
	_, cause := netip.ParsePrefix("10.0.0.0/33")
	w, ok := err.(interface{ Unwrap() []error })
	if !errors.Is(err, ErrInvalidConfig) || !ok || len(w.Unwrap()) != 2 || w.Unwrap()[1].Error() != cause.Error() {
		t.Fatalf("err = %v, want ErrInvalidConfig wrapping netip's parse error %q", err, cause)
	}
}

func TestParseNotifyAllowRefusesNonsense(t *testing.T) {
	for _, spec := range []string{"10.0.0.0/33", "hooks.example.com:8080", "http://x", "a*b"} {
		if _, err := ParseNotifyAllow(spec); err == nil || !strings.Contains(err.Error(), EnvNotifyAllow) {
			t.Errorf("%q: %v, want an error naming %s", spec, err, EnvNotifyAllow)
		}
	}
}

// The delivery client checks the address it dials, not only the URL
// checked before: a name allowed by address when a caller gave it and
// resolving to loopback when delivered is refused at the connection.
func TestNotifyPolicyClientChecksTheDialedAddress(t *testing.T) {
	hit := false
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hit = true }))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	def, _ := ParseNotifyAllow("")
	// localhost is not listed by name: the dial resolves it and refuses.
	_, err := def.HTTPClient(5*time.Second).Post("http://localhost:"+port+"/", "application/json", nil)
	if !errors.Is(err, ErrNotifyRefused) || hit {
		t.Fatalf("default client to localhost: %v (reached: %v), want ErrNotifyRefused", err, hit)
	}
	ok, _ := ParseNotifyAllow("127.0.0.0/8,::1")
	resp, err := ok.HTTPClient(5*time.Second).Post("http://localhost:"+port+"/", "application/json", nil)
	if err != nil || !hit {
		t.Fatalf("allowed client: %v (reached: %v)", err, hit)
	}
	resp.Body.Close()
}
