package main

import (
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// cliPages returns res with the notes of its pages (compact map, targets,
// read, search) in the command line's words: the flag to type (--offset
// N), not the tools' "call again with offset N". The job stores the
// tools' words, since the same result answers an MCP call; res is left as
// it is (the in-process backend may share it) and a copy is changed.
func cliPages(res *jobs.Result) *jobs.Result {
	if res == nil || (res.Compact == nil && res.View == nil && res.Search == nil) {
		return res
	}
	out := *res
	if c := res.Compact; c != nil && c.More != "" {
		page := *c
		page.More = formats.SurfaceCLI.Reword(c.More, c.NextOffset)
		out.Compact = &page
	}
	if v := res.View; v != nil && v.More != "" {
		view := *v
		view.More = formats.SurfaceCLI.Reword(v.More, v.NextOffset)
		out.View = &view
	}
	if s := res.Search; s != nil && s.More != "" {
		found := *s
		found.More = formats.SurfaceCLI.Reword(s.More, s.NextOffset)
		out.Search = &found
	}
	return &out
}
