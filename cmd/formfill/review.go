package main

import (
	"github.com/formfill/formfill/formats"
)

// reviewFlags are batch's review and output options: the write_answers
// parameters track_changes, comment_uncertain, author, date, flatten,
// flatten_signatures and strip_active_content. write and fill get the
// same flags from their operations' parameters, with these usages
// (reviewFlagsOf).
type reviewFlags struct {
	track, comment        *bool
	author, date          *string
	flatten, flattenSigns *bool
	strip                 *bool // strip_active_content
}

// flagAdder is the part of a flag set reviewFlags needs.
type flagAdder interface {
	Bool(name string, value bool, usage string) *bool
	String(name string, value string, usage string) *string
}

// reviewUsages are the review flags' usages, by write_answers parameter:
// shorter than the parameters' descriptions, which speak to an agent.
var reviewUsages = map[string]string{
	"track_changes":        "Word: write every answer as a tracked change the reviewer accepts or rejects",
	"comment_uncertain":    "comment every answer of confidence uncertain or unknown with its note",
	"author":               "who the tracked changes and comments are by (default formfill)",
	"date":                 "RFC 3339 date-time the tracked changes and comments carry (default now)",
	"flatten":              "PDF: burn the filled fields into the pages (no fields left to edit); signature fields stay unless --flatten-signatures",
	"flatten_signatures":   "PDF, with --flatten: burn signature fields in too",
	"strip_active_content": "remove what the output would run or fetch when opened (PDF JavaScript and launch\nactions; Word remote templates, altChunks, external links, fields fetching URLs) and list what was removed",
}

func addReviewFlags(fs flagAdder) reviewFlags {
	return reviewFlags{
		track:        fs.Bool("track-changes", false, reviewUsages["track_changes"]),
		comment:      fs.Bool("comment-uncertain", false, reviewUsages["comment_uncertain"]),
		author:       fs.String("author", "", reviewUsages["author"]),
		date:         fs.String("date", "", reviewUsages["date"]),
		flatten:      fs.Bool("flatten", false, reviewUsages["flatten"]),
		flattenSigns: fs.Bool("flatten-signatures", false, reviewUsages["flatten_signatures"]),
		strip:        fs.Bool("strip-active-content", false, reviewUsages["strip_active_content"]),
	}
}

// options are the review options given, as write options.
func (r reviewFlags) options() formats.WriteOptions {
	return formats.WriteOptions{TrackChanges: *r.track, CommentUncertain: *r.comment, Author: *r.author, Date: *r.date,
		Flatten: *r.flatten, FlattenSignatures: *r.flattenSigns, StripActiveContent: *r.strip}
}
