package mcp

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

// DashboardHandler, the dashboard on an address of its own, authenticates
// as the HTTP transport does and admits only the principals named.
func TestDashboardHandlerAuthenticatesLikeTheTransport(t *testing.T) {
	if _, err := DashboardHandler(http.NotFoundHandler(), []string{"alice"}); !errors.Is(err, ErrNoToken) {
		t.Fatalf("no credentials: %v, want ErrNoToken", err)
	}
	if _, err := DashboardHandler(http.NotFoundHandler(), []string{"alice"}, TokensFile("/nonexistent/tokens")); err == nil {
		t.Fatal("an unreadable tokens file was accepted")
	}
	dash := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("asynqmon " + r.URL.Path)) })
	h, err := DashboardHandler(dash, []string{"alice"}, TokensFile(tokensFile(t, "alice alice-token", "bob bob-token")), Token("single"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, method, path, auth string
		want                     int
	}{
		{"no credentials", "GET", "/dashboard/", "", http.StatusUnauthorized},
		{"unknown token", "GET", "/dashboard/", "Bearer nobody", http.StatusUnauthorized},
		{"principal not on the list", "GET", "/dashboard/", "Bearer bob-token", http.StatusForbidden},
		{"single token's principal not on the list", "GET", "/dashboard/", "Bearer single", http.StatusForbidden},
		{"principal on the list", "GET", "/dashboard/api/queues", "Bearer alice-token", http.StatusOK},
		{"read-only", "POST", "/dashboard/api/queues/x:pause", "Bearer alice-token", http.StatusMethodNotAllowed},
		{"foreign origin", "GET", "/dashboard/", "Bearer alice-token", http.StatusForbidden},
		{"no MCP endpoint", "POST", EndpointPath, "Bearer alice-token", http.StatusNotFound},
		{"health", "GET", "/healthz", "", http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.path, nil)
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			if tc.name == "foreign origin" {
				req.Header.Set("Origin", "https://evil.example")
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.want {
				t.Fatalf("%s %s: %d %q, want %d", tc.method, tc.path, rec.Code, rec.Body.String(), tc.want)
			}
		})
	}
}
