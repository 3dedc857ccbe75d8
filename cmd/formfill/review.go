package main

import (
	"encoding/json"

	"github.com/formfill/formfill/formats"

	"github.com/formfill/formfill/jobs"
)

// reviewFlags are the review and output options of write, fill and
// batch: the write_answers parameters track_changes, comment_uncertain,
// author, date, flatten and flatten_signatures.
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

func addReviewFlags(fs flagAdder) reviewFlags {
	return reviewFlags{
		track:        fs.Bool("track-changes", false, "Word: write every answer as a tracked change the reviewer accepts or rejects"),
		comment:      fs.Bool("comment-uncertain", false, "comment every answer of confidence uncertain or unknown with its note"),
		author:       fs.String("author", "", "who the tracked changes and comments are by (default formfill)"),
		date:         fs.String("date", "", "RFC 3339 date-time the tracked changes and comments carry (default now)"),
		flatten:      fs.Bool("flatten", false, "PDF: burn the filled fields into the pages (no fields left to edit); signature fields stay unless --flatten-signatures"),
		flattenSigns: fs.Bool("flatten-signatures", false, "PDF, with --flatten: burn signature fields in too"),
		strip:        fs.Bool("strip-active-content", false, "remove what the output would run or fetch when opened (PDF JavaScript and launch\nactions; Word remote templates, altChunks, external links, fields fetching URLs) and list what was removed"),
	}
}

// apply sets the review options on a write or fill payload.
func (r reviewFlags) apply(p *jobs.Payload) {
	o := p.WriteOptions()
	o.TrackChanges, o.CommentUncertain, o.Author, o.Date = *r.track, *r.comment, *r.author, *r.date
	o.Flatten, o.FlattenSignatures = *r.flatten, *r.flattenSigns
	o.StripActiveContent = *r.strip
	if o != (formats.WriteOptions{}) {
		p.Write = &o
	}
}

// reviewKey is what the review options add to a batch document's work
// key: nothing without them, so keys of earlier runs stay valid.
func reviewKey(p *jobs.Payload) []byte {
	o := p.WriteOptions()
	if !o.TrackChanges && !o.CommentUncertain && o.Author == "" && o.Date == "" && !o.Flatten && !o.FlattenSignatures && !o.StripActiveContent {
		return nil
	}
	b, _ := json.Marshal(o)
	return b
}
