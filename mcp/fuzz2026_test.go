package mcp

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Access tokens come from anyone who can reach the HTTP transport: checking
// one never panics, and nothing but a token the issuer signed passes. The
// verifier has keys (a made-up JWKS served by no one) but no token of the
// fuzzer's can carry their signature.
func FuzzAccessToken(f *testing.F) {
	f.Add("eyJhbGciOiJub25lIn0.eyJzdWIiOiJhIn0.")
	f.Add("eyJhbGciOiJFUzI1NiIsImtpZCI6ImVjLTEifQ.eyJzdWIiOiJhbGljZSIsImlzcyI6Imh0dHBzOi8vYXV0aC5leGFtcGxlIn0.c2ln")
	f.Add("a.b.c")
	f.Add("..")
	f.Add("eyJ.eyJ.")
	// Never fetch again (the JWKS URL answers nothing anyway): the fuzzer
	// must not wait on the network.
	defer func(d time.Duration) { jwksMinInterval = d }(jwksMinInterval)
	jwksMinInterval = 1000 * time.Hour
	jwks := "http://127.0.0.1:1/jwks"
	v := &oauthVerifier{cfg: OAuthConfig{Issuer: "https://auth.example", Resource: "https://forms.example/mcp", JWKSURL: jwks},
		log: quietLogger(), client: &http.Client{Timeout: time.Second}, jwksURL: jwks}
	v.fetched, v.tried = time.Now(), time.Now()
	f.Fuzz(func(t *testing.T, token string) {
		p, err := v.verify(context.Background(), token)
		if err == nil {
			t.Fatalf("token %q passed as %+v", token, p)
		}
		if _, ok := err.(*authError); !ok {
			t.Fatalf("token %q: %T %v, want an *authError", token, err, err)
		}
	})
}

// A tokens file is the operator's, but a typo must give a clear error, not
// a panic or a principal nobody meant: every principal parsed has a valid
// name, and no two share a name or a token.
func FuzzTokensFile(f *testing.F) {
	f.Add("alice tok\nbob sha256:" + strings.Repeat("ab", 32) + " read-only\n")
	f.Add("# c\n\n x y z\n")
	f.Add("a b\na c\n")
	f.Add("a sha256:zz\n")
	f.Fuzz(func(t *testing.T, file string) {
		entries, err := parseTokens(strings.NewReader(file))
		if err != nil {
			return
		}
		names := map[string]bool{}
		for _, e := range entries {
			if CheckPrincipalName(e.principal.Name) != nil || names[e.principal.Name] {
				t.Fatalf("%q gave principal %q", file, e.principal.Name)
			}
			names[e.principal.Name] = true
		}
	})
}

// Document URIs come from clients (resources/read, resource_uri): parsing
// one never panics, and the job it names is the one a link would name.
func FuzzDocumentURI(f *testing.F) {
	f.Add("formfill://jobs/i-0f8c/filled.docx")
	f.Add("formfill://jobs/i%2F..%2Fx/a")
	f.Add("formfill://jobs//x")
	f.Add("formfill://jobs/a/b/c")
	f.Fuzz(func(t *testing.T, uri string) {
		id, ok := jobOfURI(uri)
		if !ok {
			return
		}
		if id == "" {
			t.Fatalf("%q names an empty job", uri)
		}
		if again, ok := jobOfURI(documentURI(id, "x.docx")); !ok || again != id {
			t.Fatalf("%q names job %q, whose link names %q", uri, id, again)
		}
	})
}
