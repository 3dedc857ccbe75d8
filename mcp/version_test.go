package mcp

import (
	"runtime/debug"
	"testing"
)

func TestVersionOfNamesTheBuild(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i+1 < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	tests := []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"module version", debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{"pseudo-version stamped by go build", debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261124070000-0123456789ab+dirty"}}, "v0.0.0-20261124070000-0123456789ab+dirty"},
		{"VCS revision", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", "0123456789abcdef0123", "vcs.modified", "false")}, "0123456789ab"},
		{"modified tree", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", "0123456789abcdef0123", "vcs.modified", "true")}, "0123456789ab+dirty"},
		{"nothing known", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := versionOf(&tc.info); got != tc.want {
				t.Fatalf("versionOf = %q, want %q", got, tc.want)
			}
		})
	}
}
