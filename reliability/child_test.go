package reliability

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

func readAll(r io.Reader) ([]byte, error) { return io.ReadAll(r) }

// parseChild finds the CHILD-REPORT line a child test printed.
func parseChild(out []byte) (childReport, error) {
	var rep childReport
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if rest, ok := bytes.CutPrefix(sc.Bytes(), []byte("CHILD-REPORT ")); ok {
			return rep, json.Unmarshal(rest, &rep)
		}
	}
	return rep, fmt.Errorf("no CHILD-REPORT line in the child's output")
}

func formatInt(n int) string { return fmt.Sprint(n) }
