package formats

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// DefaultAuthor signs tracked changes and review comments when the caller
// names no author.
const DefaultAuthor = "formfill"

// maxAuthor bounds an author name: Word keeps at most 255 characters.
const maxAuthor = 255

// maxNote bounds an answer's note, which becomes the text of a comment.
const maxNote = 4000

// Unsure reports whether an answer of confidence c is one a reviewer must
// check: uncertain or unknown. An answer without a confidence is known.
func Unsure(c Confidence) bool { return c == Uncertain || c == Unknown }

// Stamp is who made the review marks of one write and when.
type Stamp struct {
	Author string
	Date   time.Time // UTC, whole seconds
}

// Initials are the author's initials, as Word shows them on comments.
func (s Stamp) Initials() string {
	var b strings.Builder
	for _, w := range strings.Fields(s.Author) {
		r, _ := utf8.DecodeRuneInString(w)
		b.WriteRune(unicode.ToUpper(r))
	}
	if b.Len() == 0 {
		return "FF"
	}
	return b.String()
}

// DateString is the date as OOXML's w:date and xlsx's dates write it.
func (s Stamp) DateString() string { return s.Date.Format("2006-01-02T15:04:05Z") }

// Stamp checks the review options and returns the author and date the
// review marks carry: DefaultAuthor and now when they are not given.
func (o WriteOptions) Stamp() (Stamp, error) {
	st := Stamp{Author: strings.TrimSpace(o.Author), Date: time.Now().UTC().Truncate(time.Second)}
	if st.Author == "" {
		st.Author = DefaultAuthor
	}
	if n := utf8.RuneCountInString(st.Author); n > maxAuthor {
		return Stamp{}, Errorf(ErrInvalidArgument, "author", "the name has %d characters; at most %d", n, maxAuthor)
	}
	for _, r := range st.Author {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return Stamp{}, Errorf(ErrInvalidArgument, "author", "the name holds the control character %U; give a plain name such as \"Jane Doe\"", r)
		}
	}
	if o.Date != "" {
		t, err := time.Parse(time.RFC3339, o.Date)
		if err != nil {
			return Stamp{}, Errorf(ErrInvalidArgument, "date", "%q is not an RFC 3339 date-time; expected e.g. 2025-03-01T09:30:00Z", o.Date)
		}
		if t.Year() < 1900 || t.Year() > 9999 {
			return Stamp{}, Errorf(ErrInvalidArgument, "date", "%q lies outside the years 1900 to 9999 that Word and Excel accept", o.Date)
		}
		st.Date = t.UTC().Truncate(time.Second)
	}
	return st, nil
}

// Reviewing reports whether the options ask for any review mark.
func (o WriteOptions) Reviewing() bool { return o.TrackChanges || o.CommentUncertain }

// NeedsComment reports whether answer a gets a review comment under o.
func (o WriteOptions) NeedsComment(a Answer) bool {
	return o.CommentUncertain && Unsure(a.Confidence) && strings.TrimSpace(a.AnswerText) != Skip
}

// CheckTrackChanges refuses track_changes for a format that has no tracked
// changes (Excel, PDF): the document would reach the reviewer without the
// revisions they were promised.
func CheckTrackChanges(o WriteOptions, t FileType) error {
	if o.TrackChanges && t != Word {
		return Errorf(ErrUnsupported, "track_changes",
			"%s; write without track_changes (comment_uncertain still flags uncertain answers with %s)", noTracking(t), commentKind(t))
	}
	return nil
}

// noTracking says why a format gets no tracked changes.
func noTracking(t FileType) string {
	switch t {
	case Excel:
		return "Excel keeps tracked changes only in legacy shared workbooks (a revision log formfill does not write), not in the cells of an .xlsx"
	case PDF:
		return "a PDF form has no tracked changes: a field holds one value"
	}
	return fmt.Sprintf("%s documents have no tracked changes", t)
}

func commentKind(t FileType) string {
	switch t {
	case Excel:
		return "cell notes"
	case PDF:
		return "text annotations"
	}
	return "comments"
}

// CommentText is the text of an answer's review comment: its confidence and
// its note.
func CommentText(c Confidence, note string) string {
	if c == "" {
		c = Known
	}
	s := "formfill: confidence " + string(c) + ", review this answer."
	if note = strings.TrimSpace(note); note != "" {
		s += "\nNote: " + note
	}
	return s
}

// checkNote refuses a note too long to be a comment.
func checkNote(name, note string) error {
	if n := utf8.RuneCountInString(note); n > maxNote {
		return Errorf(ErrInvalidArgument, name, "note has %d characters; at most %d (it becomes a comment)", n, maxNote)
	}
	return nil
}

// ReviewPlace is what an engine knows about where an answer sits: the
// question it answers and the review comment the document shows there.
type ReviewPlace struct {
	QuestionID, Question, Comment string
}

// ReviewList lists the expected answers a person must check (confidence not
// known), in order, completed by place.
func ReviewList(expected []ExpectedAnswer, place func(ExpectedAnswer) ReviewPlace) []ReviewItem {
	out := []ReviewItem{}
	for _, e := range expected {
		if !Unsure(e.Confidence) {
			continue
		}
		id := e.PairID
		if id == "" {
			id = e.XPath
		}
		it := ReviewItem{PairID: id, Answer: e.ExpectedText, Confidence: e.Confidence, Note: e.Note}
		if place != nil {
			p := place(e)
			it.QuestionID, it.Question, it.Comment = p.QuestionID, p.Question, p.Comment
		}
		out = append(out, it)
	}
	return out
}

// CommentPlace describes where a comment was put, for Change.Comment and
// ReviewItem.Comment: "Word comment 7 on T1-R2-C2".
func CommentPlace(kind, id, at string) string {
	if id == "" {
		return fmt.Sprintf("%s on %s", kind, at)
	}
	return fmt.Sprintf("%s %s on %s", kind, id, at)
}
