package formats

import (
	"fmt"
	"strings"
	"unicode"
)

// Normalize lower-cases s and collapses every run of white space to one
// space, so verification ignores case and layout differences.
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range strings.TrimSpace(s) {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Compare gives verify_output's verdict on expected text against the text
// found at the target: matched when the normalised expected text is a
// substring of the normalised actual text, missing when the target is empty,
// mismatched otherwise.
func Compare(expected, actual string) ContentStatus {
	a := Normalize(actual)
	switch {
	case strings.Contains(a, Normalize(expected)) && (a != "" || Normalize(expected) == ""):
		return ContentMatched
	case a == "":
		return ContentMissing
	}
	return ContentMismatched
}

// ParseBool reads a checkbox answer. It accepts true/false, yes/no, on/off,
// checked/unchecked, x, 1/0 and the ballot-box glyphs, in any case.
func ParseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "y", "on", "checked", "check", "x", "1", "☒", "☑", "✓", "✔":
		return true, nil
	case "false", "no", "n", "off", "unchecked", "uncheck", "", "0", "☐":
		return false, nil
	}
	return false, Errorf(ErrInvalidArgument, "answer_text", "%q is not a checkbox value; expected true/false, yes/no, on/off or checked/unchecked", s)
}

// ExpectedFromAnswers turns the answers of a write into the expectations of
// a verify, leaving out skipped answers and answers given only as XML.
func ExpectedFromAnswers(answers []Answer) []ExpectedAnswer {
	out := make([]ExpectedAnswer, 0, len(answers))
	for _, a := range answers {
		if a.AnswerText == "" || a.AnswerText == Skip {
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
// the count limit, a target on each, content on each, and a known mode.
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
			return Errorf(ErrInvalidArgument, name, "no target: give pair_id (an element ID) or xpath")
		}
		if a.AnswerText == "" && a.InsertionXML == "" {
			return Errorf(ErrInvalidArgument, name, "no content: give answer_text (plain text) or insertion_xml")
		}
		switch a.Mode {
		case "", ReplaceContent, Append, ReplacePlaceholder:
		default:
			return Errorf(ErrInvalidArgument, name, "mode %q is not one of replace_content, append, replace_placeholder", a.Mode)
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

// CheckWrite validates a write's answers (CheckAnswers) and its options
// for a document of type t; it returns the stamp review marks carry.
func CheckWrite(answers []Answer, opts WriteOptions, t FileType) (Stamp, error) {
	if err := CheckAnswers(answers); err != nil {
		return Stamp{}, err
	}
	if err := CheckTrackChanges(opts, t); err != nil {
		return Stamp{}, err
	}
	return opts.Stamp()
}
