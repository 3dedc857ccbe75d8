package formats

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Compare gives verify_output's verdict on expected text against the text
// found at the target: matched when the normalised expected text is a
// substring of the normalised actual text, missing when the target is empty,
// mismatched otherwise.
func Compare(expected, actual string) ContentStatus {
	if literalMatch(expected, actual) {
		return ContentMatched
	}
	// Both normalised into one pooled buffer: the texts are compared, not
	// kept, and a verify compares every target's.
	b := normalBuffers.Get().(*bytes.Buffer)
	defer putNormalBuffer(b)
	b.Reset()
	appendNormal(b, actual)
	n := b.Len()
	appendNormal(b, expected)
	a, e := b.Bytes()[:n], b.Bytes()[n:]
	switch {
	case bytes.Contains(a, e) && (len(a) > 0 || len(e) == 0):
		return ContentMatched
	case len(a) == 0:
		return ContentMissing
	}
	return ContentMismatched
}

// BoolWords names the checkbox words ParseBool reads, as its error names
// them: an engine that accepts more (a PDF box's own option) says what it
// accepts from this one phrase rather than restating ParseBool's message.
const BoolWords = "true/false, yes/no, on/off or checked/unchecked"

// literalMatch reports whether expected is found in actual as it stands,
// which is most of a verify's comparisons (the answers just written):
// then the normalised texts match too, and normalising a long target's
// text was most of Compare's cost. Normalising maps rune by rune, lower
// case and quotes without context, and collapses runs of white space; a
// substring of valid UTF-8 starts and ends on rune boundaries, its inner
// runs of white space are whole runs of actual, and the white space
// trimmed from its ends changes nothing inside it, so its normal form
// lies within actual's (and is empty only if it was empty, the match
// Compare gives an empty expectation). Invalid UTF-8 decodes differently
// cut out of its context, so it takes the normalising path.
func literalMatch(expected, actual string) bool {
	return strings.Contains(actual, expected) && utf8.ValidString(expected) && utf8.ValidString(actual)
}

// ParseBool reads a checkbox answer. It accepts true/false, yes/no, on/off,
// checked/unchecked, x, 1/0 and the ballot-box glyphs, in any case.
func ParseBool(s string) (bool, error) {
	if on, ok := BoolValue(s); ok {
		return on, nil
	}
	return false, Errorf(ErrInvalidArgument, "answer_text", "%q is not a checkbox value; expected "+BoolWords, s)
}

// BoolValue is ParseBool without the error: whether s is a checkbox value,
// and which. Verify asks it of every expectation, most of them text, for
// which making ParseBool's error showed in its profile.
func BoolValue(s string) (on, ok bool) {
	s = strings.TrimSpace(s)
	// No value is longer than "unchecked", and lower-casing shrinks a
	// rune by at most four bytes to one: longer text (most answers) is no
	// value, without lower-casing a copy of it.
	if len(s) > 4*len("unchecked") {
		return false, false
	}
	switch strings.ToLower(s) {
	case "true", "yes", "y", "on", "checked", "check", "x", "1", "☒", "☑", "✓", "✔":
		return true, true
	case "false", "no", "n", "off", "unchecked", "uncheck", "", "0", "☐":
		return false, true
	}
	return false, false
}

// ExpectedFromAnswers turns the answers of a write into the expectations of
// a verify, leaving out skipped answers and answers given only as XML.
//
// Deletions and insertions are left out too: a deletion leaves no text to
// look for, and paragraphs inserted or removed shift the element IDs after
// them, so the IDs of the answers no longer name the same elements in the
// written document. Engines that fill on one parse (formats.Filler) check
// those answers against the elements they wrote instead.
func ExpectedFromAnswers(answers []Answer) []ExpectedAnswer {
	out := make([]ExpectedAnswer, 0, len(answers))
	for _, a := range answers {
		if a.AnswerText == "" || a.AnswerText == Skip || a.Mode == Delete || a.Mode.Inserts() {
			continue
		}
		out = append(out, ExpectedAnswer{PairID: a.PairID, XPath: a.XPath, ExpectedText: a.AnswerText, Confidence: a.Confidence, Note: a.Note})
	}
	return out
}

// Summarize counts results into a VerificationSummary, including the
// confidence counts of the expectations.
func Summarize(results []ContentResult, structuralIssues int, expected []ExpectedAnswer) VerificationSummary {
	s := VerificationSummary{Total: len(results), StructuralIssues: structuralIssues}
	for _, r := range results {
		switch r.Status {
		case ContentMatched:
			s.Matched++
		case ContentMismatched:
			s.Mismatched++
		case ContentMissing:
			s.Missing++
		case ContentNotVisible:
			s.NotVisible++
		case ContentAppearanceMismatch:
			s.AppearanceMismatch++
		case ContentOverflow:
			s.Overflow++
		}
	}
	for _, e := range expected {
		switch e.Confidence {
		case Uncertain:
			s.ConfidenceUncertain++
		case Unknown:
			s.ConfidenceUnknown++
		default:
			s.ConfidenceKnown++
		}
	}
	if n := s.ConfidenceUncertain + s.ConfidenceUnknown; n > 0 {
		s.ConfidenceNote = fmt.Sprintf("%d of %d answers are not known for certain: review them before sending", n, len(expected))
	}
	return s
}

// Report builds a VerificationReport from its parts.
func Report(structural []string, results []ContentResult, expected []ExpectedAnswer) *VerificationReport {
	if structural == nil {
		structural = []string{}
	}
	if results == nil {
		results = []ContentResult{}
	}
	return &VerificationReport{StructuralIssues: structural, ContentResults: results, Summary: Summarize(results, len(structural), expected),
		Review: ReviewList(expected, nil)}
}

// CheckAnswers validates the parts of answers every engine treats alike:
// the count limit, a target on each, a known mode and what it needs, a
// known confidence, and the note's bounds.
func CheckAnswers(answers []Answer) error {
	if err := CheckCount("answers", len(answers)); err != nil {
		return err
	}
	for i, a := range answers {
		name := a.PairID
		if name == "" {
			name = fmt.Sprintf("answers[%d]", i)
		}
		if a.PairID == "" && a.XPath == "" {
			return Errorf(ErrInvalidArgument, name+".pair_id", "no target: give pair_id (an element ID) or xpath")
		}
		if err := checkMode(name, a); err != nil {
			return err
		}
		switch a.Confidence {
		case "", Known, Uncertain, Unknown:
		default:
			return Errorf(ErrInvalidArgument, name, "confidence %q is not one of known, uncertain, unknown", a.Confidence)
		}
		if err := checkNote(name, a.Note); err != nil {
			return err
		}
	}
	return nil
}

// ErrNoAnswers is RequireAnswers' error for an empty list. An interface
// that tells its user how to give answers (answers_file_path over MCP, a
// file on the command line) tests for it with errors.Is and says so in
// its own words, rather than counting the answers a second time.
var ErrNoAnswers error = &InputError{Kind: ErrInvalidArgument, Field: "answers",
	Msg: `required: a non-empty array such as [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}]`}

// RequireAnswers is the one check of the answers a write or fill is given
// by a caller (a tool call, a job, the CLI, a manifest): at least one
// (ErrNoAnswers), then CheckAnswers. The engines themselves accept an
// empty list (a write that only flattens or strips active content), so
// the interfaces ask for answers here, not in CheckWrite.
func RequireAnswers(answers []Answer) error {
	if len(answers) == 0 {
		return ErrNoAnswers
	}
	return CheckAnswers(answers)
}

// checkMode checks that an answer carries what its mode needs: content for
// every mode but delete, find for replace_text, and find or occurrence
// only where a mode reads them.
func checkMode(name string, a Answer) error {
	known := false
	for _, m := range Modes {
		known = known || a.Mode == m
	}
	if !known && a.Mode != "" {
		return Errorf(ErrInvalidArgument, name, "mode %q is not one of %s", a.Mode, modeList())
	}
	if a.Mode != Delete && a.AnswerText == "" && a.InsertionXML == "" {
		hint := ""
		if a.Mode == ReplaceText || a.Mode == "" || a.Mode == ReplaceContent {
			hint = "; to remove text or a paragraph use mode delete"
		}
		return Errorf(ErrInvalidArgument, name, "no content: give answer_text (plain text) or insertion_xml%s", hint)
	}
	if a.Mode == Delete && (a.AnswerText != "" && strings.TrimSpace(a.AnswerText) != Skip || a.InsertionXML != "") {
		return Errorf(ErrInvalidArgument, name, "mode delete takes no answer_text or insertion_xml (it removes find, or the whole target); to put other text in its place use replace_text")
	}
	switch {
	case a.Mode == ReplaceText && strings.TrimSpace(a.Find) == "":
		return Errorf(ErrInvalidArgument, name, "mode replace_text needs find: the exact text of the target to replace")
	case a.Find != "" && a.Mode != ReplaceText && a.Mode != Delete:
		return Errorf(ErrInvalidArgument, name, "find is read only by modes replace_text and delete, not %q", modeOrDefault(a.Mode))
	case a.Occurrence != 0 && a.Find == "":
		return Errorf(ErrInvalidArgument, name, "occurrence %s needs find: it says which match of find to edit", a.Occurrence)
	case a.Occurrence < AllOccurrences:
		return Errorf(ErrInvalidArgument, name, "occurrence %d: matches count from 1, or use \"all\"", int(a.Occurrence))
	}
	return nil
}

func modeOrDefault(m Mode) Mode {
	if m == "" {
		return "default mode"
	}
	return m
}

// modeList is the modes for error messages: "replace_content, append, …".
func modeList() string {
	s := make([]string, len(Modes))
	for i, m := range Modes {
		s[i] = string(m)
	}
	return strings.Join(s, ", ")
}

// CheckWrite validates a write's answers (CheckAnswers) and its options
// for a document of type t; it returns the stamp review marks carry.
func CheckWrite(answers []Answer, opts WriteOptions, t FileType) (Stamp, error) {
	if err := CheckAnswers(answers); err != nil {
		return Stamp{}, err
	}
	if err := CheckTrackChanges(opts, t); err != nil {
		return Stamp{}, err
	}
	if (opts.Flatten || opts.FlattenSignatures) && t != PDF {
		return Stamp{}, Errorf(ErrInvalidArgument, "flatten", "flatten burns PDF form fields into the page; a %s document has no form fields to flatten: write without flatten", t)
	}
	return opts.Stamp()
}
