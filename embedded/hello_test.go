package embedded

import (
	"bufio"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHelloNeedsAuthentication speaks RESP to the embedded Redis: HELLO 2
// before authenticating is refused as Redis refuses it (issue 38: miniredis
// described itself to anyone), with a wrong password in HELLO too; after
// AUTH, or with the password in HELLO itself, it is answered.
func TestHelloNeedsAuthentication(t *testing.T) {
	s, err := Start(Concurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tests := []struct {
		name     string
		commands []string
		want     string // start of the reply to the last command
	}{
		{"HELLO 2 first", []string{"HELLO 2"}, "-NOAUTH HELLO must be called"},
		{"HELLO 3 first", []string{"HELLO 3"}, "-NOAUTH HELLO must be called"},
		{"HELLO with a wrong password", []string{"HELLO 2 AUTH default wrong"}, "-NOAUTH HELLO must be called"},
		{"a wrong AUTH, then HELLO", []string{"AUTH wrong", "HELLO 2"}, "-NOAUTH HELLO must be called"},
		{"AUTH, then HELLO", []string{"AUTH " + s.Password(), "HELLO 2"}, "*14"},
		{"HELLO with the password", []string{"HELLO 2 AUTH default " + s.Password()}, "*14"},
		{"GET first", []string{"GET x"}, "-NOAUTH"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.DialTimeout("tcp", s.Addr(), 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(5 * time.Second))
			r := bufio.NewReader(conn)
			var line string
			for _, c := range tc.commands {
				if _, err := conn.Write(resp(c)); err != nil {
					t.Fatal(err)
				}
				if line, err = r.ReadString('\n'); err != nil {
					t.Fatal(err)
				}
			}
			if !strings.HasPrefix(line, tc.want) {
				t.Fatalf("reply %q, want it to start %q", strings.TrimSpace(line), tc.want)
			}
			if strings.HasPrefix(tc.want, "-") && strings.Contains(line, "miniredis") {
				t.Fatalf("the refusal names the server: %q", line)
			}
		})
	}
}

// resp encodes a command line as a RESP array of bulk strings.
func resp(line string) []byte {
	words := strings.Fields(line)
	b := []byte("*" + strconv.Itoa(len(words)) + "\r\n")
	for _, w := range words {
		b = append(b, "$"+strconv.Itoa(len(w))+"\r\n"+w+"\r\n"...)
	}
	return b
}
