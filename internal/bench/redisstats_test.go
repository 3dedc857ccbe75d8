package bench

import "testing"

func TestParseCommandsProcessed(t *testing.T) {
	info := "# Stats\r\ntotal_connections_received:12\r\ntotal_commands_processed:98765\r\ninstantaneous_ops_per_sec:3\r\n"
	if n, err := parseCommandsProcessed(info); err != nil || n != 98765 {
		t.Errorf("parse = %d, %v; want 98765", n, err)
	}
	if _, err := parseCommandsProcessed("# Stats\r\n"); err == nil {
		t.Error("missing field accepted")
	}
	if _, err := parseCommandsProcessed("total_commands_processed:many\r\n"); err == nil {
		t.Error("non-numeric field accepted")
	}
}
