// Package targeteval measures formfill's answer-target detection against
// labels made by hand: for each real document, a person read it and listed
// where its answers go. The labels live in testdata/targets (one JSON file
// per document); the documents do not (their licences forbid it), so tests
// find them outside the repository and skip when they are absent.
package targeteval

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// Labels is one labels file: where a person filling the document puts its
// answers.
type Labels struct {
	Document  string `json:"document"`
	Source    Source `json:"source"`
	Publisher string `json:"publisher"`
	Layout    string `json:"layout"`
	Notes     string `json:"notes"`
	// Targets are Excel cells as "Sheet name!C7", Word element IDs as
	// extract_structure_compact names them, PDF fields by their full
	// native name.
	Targets []string `json:"targets"`
	// Expect holds, for some targets (by the same keys as Targets), what a
	// person reads on the rendered page: the question and the printed
	// label of each option. Optional; see Expect.
	Expect map[string]Expect `json:"expect,omitempty"`
}

// Expect is what the page prints for one target, labelled by hand.
type Expect struct {
	// Question is the printed label that names the target.
	Question string `json:"question,omitempty"`
	// Also lists other printed texts that name it as well (a label to the
	// left where the caption below is the Question).
	Also []string `json:"also,omitempty"`
	// Options maps each export value of a radio group or checkbox group to
	// the label printed beside its widget.
	Options map[string]string `json:"options,omitempty"`
}

// Source says where a labelled document came from.
type Source = realdocs.Source

// CheckSum reports whether data is the labelled document (see
// realdocs.Source.Check).
func (l Labels) CheckSum(data []byte) error {
	if err := l.Source.Check(l.Document, data); err != nil {
		return fmt.Errorf("the labels do not apply: %w", err)
	}
	return nil
}

// Allowance records a document measured below the goal, with the figures
// and the reason; a test holds the document to these figures instead.
type Allowance struct {
	Document  string  `json:"document"`
	Recall    float64 `json:"recall"`
	Precision float64 `json:"precision"`
	Reason    string  `json:"reason"`
}

// LoadLabels reads every labels file (*.json except allowances.json) of dir,
// sorted by document name.
func LoadLabels(dir string) ([]Labels, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var out []Labels
	for _, p := range paths {
		if filepath.Base(p) == AllowancesFile {
			continue
		}
		var l Labels
		if err := readJSON(p, &l); err != nil {
			return nil, err
		}
		if l.Document == "" || len(l.Targets) == 0 {
			return nil, fmt.Errorf("%s: a labels file needs a document and at least one target", p)
		}
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Document < out[j].Document })
	return out, nil
}

// AllowancesFile is the name of the allowance list in the labels directory.
const AllowancesFile = "allowances.json"

// LoadAllowances reads dir's allowance list by document; a missing file
// allows nothing.
func LoadAllowances(dir string) (map[string]Allowance, error) {
	var list []Allowance
	if err := readJSON(filepath.Join(dir, AllowancesFile), &list); err != nil {
		if os.IsNotExist(err) {
			return map[string]Allowance{}, nil
		}
		return nil, err
	}
	out := make(map[string]Allowance, len(list))
	for _, a := range list {
		if a.Reason == "" {
			return nil, fmt.Errorf("%s: the allowance for %s gives no reason", AllowancesFile, a.Document)
		}
		out[a.Document] = a
	}
	return out, nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Find returns the first dir holding name, or "" when none does.
func Find(name string, dirs []string) string {
	for _, d := range dirs {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// TypeOf is the format of a document by its file name.
func TypeOf(name string) (formats.FileType, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".docx":
		return formats.Word, nil
	case ".xlsx":
		return formats.Excel, nil
	case ".pdf":
		return formats.PDF, nil
	}
	return "", fmt.Errorf("%s: no engine for this extension", name)
}

// Keys turns the targets of a compact map into label keys: Word IDs as
// they are, Excel cells as "Sheet name!C7", PDF fields by native name.
func Keys(ft formats.FileType, cs *formats.CompactStructure) []string {
	out := make([]string, 0, len(cs.Targets))
	for _, t := range cs.Targets {
		out = append(out, Key(ft, t.ID, cs.IDToXPath[t.ID]))
	}
	return out
}

// Key is the label key of one target: its ID for Word, its XPath (the cell
// reference, sheet name unquoted; the field name) for Excel and PDF.
func Key(ft formats.FileType, id, xpath string) string {
	switch ft {
	case formats.Excel:
		return NormalizeCell(xpath)
	case formats.PDF:
		return xpath
	}
	return id
}

// NormalizeCell writes an Excel reference as "Sheet name!C7": sheet name
// unquoted, column letters upper-case, no $ markers.
func NormalizeCell(ref string) string {
	i := strings.LastIndex(ref, "!")
	if i < 0 {
		return strings.ToUpper(strings.ReplaceAll(ref, "$", ""))
	}
	sheet, cell := ref[:i], ref[i+1:]
	if len(sheet) >= 2 && sheet[0] == '\'' && sheet[len(sheet)-1] == '\'' {
		sheet = strings.ReplaceAll(sheet[1:len(sheet)-1], "''", "'")
	}
	return sheet + "!" + strings.ToUpper(strings.ReplaceAll(cell, "$", ""))
}

// Score compares the targets found with the ones labelled.
type Score struct {
	Labelled, Found, Hits int
	Missed, Extra         []string // labelled not found; found not labelled
}

// Recall is the share of labelled targets found (1 when none is labelled).
func (s Score) Recall() float64 { return ratio(s.Hits, s.Labelled) }

// Precision is the share of found targets that are labelled (1 when none
// is found).
func (s Score) Precision() float64 { return ratio(s.Hits, s.Found) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// Compare scores found against labelled; keys are compared as given, each
// counted once.
func Compare(labelled, found []string) Score {
	want := set(labelled)
	got := set(found)
	s := Score{Labelled: len(want), Found: len(got)}
	for k := range got {
		if want[k] {
			s.Hits++
		} else {
			s.Extra = append(s.Extra, k)
		}
	}
	for k := range want {
		if !got[k] {
			s.Missed = append(s.Missed, k)
		}
	}
	sort.Strings(s.Missed)
	sort.Strings(s.Extra)
	return s
}

func set(keys []string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}
