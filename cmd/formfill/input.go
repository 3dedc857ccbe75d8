package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/safefile"
)

// readDocument reads a document from path, refusing files over the size
// limit before reading them, and decides its type from the extension (or
// typ) confirmed by its magic bytes.
func readDocument(path, typ string) ([]byte, formats.FileType, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, "", fmt.Errorf("document %s: %w", path, err)
	}
	if fi.IsDir() {
		return nil, "", fmt.Errorf("document %s: is a directory, expected a .docx, .xlsx or .pdf file", path)
	}
	if err := formats.CheckSize(int(min(fi.Size(), int64(formats.MaxFileSize)+1))); err != nil {
		return nil, "", fmt.Errorf("document %s: %w", path, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("document %s: %w", path, err)
	}
	ft, err := formats.Detect(path, typ, data)
	if err != nil {
		return nil, "", fmt.Errorf("document %s: %w", path, err)
	}
	return data, ft, nil
}

// readJSONFile reads a JSON file of at most maxSize bytes into v, with
// unknown fields refused so a typo in a field name is caught.
func readJSONFile(what, path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s file: %w", what, err)
	}
	return decodeJSON(what, path, data, v)
}

func decodeJSON(what, path string, data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return fmt.Errorf("%s file %s is empty; expected a JSON array", what, path)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s file %s: %w (expected a JSON array of objects)", what, path, err)
	}
	return nil
}

// loadAnswers reads write_answers' answers: a JSON array of
// {pair_id, answer_text | insertion_xml, mode, confidence, xpath}.
func loadAnswers(path string) ([]formats.Answer, error) {
	var answers []formats.Answer
	if err := readJSONFile("answers", path, &answers); err != nil {
		return nil, err
	}
	if err := checkAnswers(path, answers); err != nil {
		return nil, err
	}
	return answers, nil
}

// checkAnswers checks an answers file's or manifest entry's answers
// (formats.RequireAnswers), naming where they came from.
func checkAnswers(src string, answers []formats.Answer) error {
	switch err := formats.RequireAnswers(answers); {
	case errors.Is(err, formats.ErrNoAnswers):
		return fmt.Errorf("answers %s: the list is empty; expected at least one {pair_id, answer_text}", src)
	case err != nil:
		return fmt.Errorf("answers %s: %w", src, err)
	}
	return nil
}

// expectation is an entry of an expected-answers file, which may also be an
// answers file (answer_text instead of expected_text).
type expectation struct {
	PairID       string             `json:"pair_id"`
	XPath        string             `json:"xpath,omitempty"`
	ExpectedText *string            `json:"expected_text,omitempty"`
	AnswerText   string             `json:"answer_text,omitempty"`
	InsertionXML string             `json:"insertion_xml,omitempty"`
	Mode         formats.Mode       `json:"mode,omitempty"`
	Confidence   formats.Confidence `json:"confidence,omitempty"`
	Note         string             `json:"note,omitempty"`
	// The in-place edit fields of an answers file: read so that such a
	// file is refused with a reason, not for an unknown field.
	Find       string          `json:"find,omitempty"`
	Occurrence json.RawMessage `json:"occurrence,omitempty"`
	Force      bool            `json:"force,omitempty"`
}

// loadExpected reads verify_output's expected answers, or an answers file
// whose answer_text become the expectations.
func loadExpected(path string) ([]formats.ExpectedAnswer, error) {
	var entries []expectation
	if err := readJSONFile("expected answers", path, &entries); err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("expected answers %s: the list is empty; expected at least one {pair_id, expected_text}", path)
	}
	out := make([]formats.ExpectedAnswer, 0, len(entries))
	for i, x := range entries {
		if x.PairID == "" && x.XPath == "" {
			return nil, fmt.Errorf("expected answers %s: entry %d has neither pair_id nor xpath", path, i+1)
		}
		switch {
		case x.ExpectedText == nil && (x.Mode == formats.ReplaceText || x.Mode == formats.Delete || x.Mode.Inserts()):
			return nil, fmt.Errorf("expected answers %s: entry %d is a %s edit, whose answer is not its element's whole text (and inserts and deletes shift later IDs): "+
				"verify edits with formfill fill, which checks each one where it wrote it, or give expected_text", path, i+1, x.Mode)
		case x.ExpectedText != nil:
			out = append(out, formats.ExpectedAnswer{PairID: x.PairID, XPath: x.XPath, ExpectedText: *x.ExpectedText, Confidence: x.Confidence, Note: x.Note})
		default:
			out = append(out, formats.ExpectedFromAnswers([]formats.Answer{{PairID: x.PairID, XPath: x.XPath, AnswerText: x.AnswerText, Confidence: x.Confidence, Note: x.Note}})...)
		}
	}
	return out, formats.CheckCount("expected", len(out))
}

// loadLocations reads validate_locations' input: a JSON file of
// [{pair_id, snippet}], or a comma-separated list of element IDs.
func loadLocations(arg string) ([]formats.Location, error) {
	if strings.HasSuffix(strings.ToLower(arg), ".json") || fileExists(arg) {
		var locs []formats.Location
		if err := readJSONFile("locations", arg, &locs); err != nil {
			return nil, err
		}
		if len(locs) == 0 {
			return nil, fmt.Errorf("locations %s: the list is empty; expected [{pair_id, snippet}]", arg)
		}
		return locs, formats.CheckCount("locations", len(locs))
	}
	var locs []formats.Location
	for _, id := range strings.Split(arg, ",") {
		if id = strings.TrimSpace(id); id != "" {
			locs = append(locs, formats.Location{PairID: id})
		}
	}
	if len(locs) == 0 {
		return nil, fmt.Errorf("--locations %q names no element ID; expected a JSON file or IDs such as T1-R2-C2,T1-R3-C2", arg)
	}
	return locs, formats.CheckCount("locations", len(locs))
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

// writeOutput writes a produced document to path atomically, through a
// temporary file of a random name (safefile.Write): an interrupted write
// never leaves half a document under the name, and no other file is
// touched, whatever links are planted beside it.
func writeOutput(path string, data []byte) error { return safefile.Write(path, data) }
