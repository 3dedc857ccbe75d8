package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fillinput"
	"github.com/formfill/formfill/internal/safefile"
)

// The inputs of a fill on disk, read as batch runs read them
// (internal/fillinput).
var (
	readDocument = fillinput.ReadDocument
	readJSONFile = fillinput.ReadJSONFile
	loadAnswers  = fillinput.LoadAnswers
	fileExists   = fillinput.Exists
)

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

// writeOutput writes a produced document to path atomically, through a
// temporary file of a random name (safefile.Write): an interrupted write
// never leaves half a document under the name, and no other file is
// touched, whatever links are planted beside it.
func writeOutput(path string, data []byte) error { return safefile.Write(path, data) }
