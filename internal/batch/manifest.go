package batch

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fillinput"
	"github.com/formfill/formfill/internal/safefile"
)

// Entry is one document of a batch manifest.
type Entry struct {
	File    string          `json:"file"`
	Answers json.RawMessage `json:"answers"` // a path to an answers file, or the answers inline
	// Previous is a previously filled document (any format) whose answers
	// are carried over, instead of answers.
	Previous string `json:"previous,omitempty"`
	Output   string `json:"output,omitempty"` // default: OUT_DIR/<file's name>
	Type     string `json:"type,omitempty"`   // word, excel or pdf (default: from the extension)

	// Map is a crosswalk file of question numbers, new to previous (CSV
	// or JSON, as carry-over --map reads), for the carry-over.
	Map string `json:"map,omitempty"`
}

// Item is a manifest entry resolved against the manifest's directory
// and the output directory.
type Item struct {
	N           int    // 1-based position in the manifest
	File        string // document path
	Type        string
	Output      string          // where the filled document goes
	roots       *safefile.Roots // confines Output to --out-dir; nil: --outputs-anywhere
	answersPath string          // answers file, when not inline
	previous    string          // a filled document to carry the answers over from
	crosswalk   string          // its crosswalk file ("": none)
	inline      []formats.Answer
}

// Answers returns the item's answers, reading its answers file if needed.
func (it *Item) Answers() ([]formats.Answer, error) {
	if it.answersPath == "" {
		return it.inline, fillinput.CheckAnswers(fmt.Sprintf("of manifest entry %d", it.N), it.inline)
	}
	return fillinput.LoadAnswers(it.answersPath)
}

// ReadManifest reads a manifest: a JSON array of entries, or JSON lines
// (one entry per line; blank lines and lines starting with # are ignored).
func ReadManifest(path string) ([]Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	return ParseManifest(path, data)
}

// ParseManifest parses the manifest data read from path (named in
// errors).
func ParseManifest(path string, data []byte) ([]Entry, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("manifest %s is empty; expected a JSON array or JSON lines of {file, answers, output}", path)
	}
	var entries []Entry
	if trimmed[0] == '[' {
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&entries); err != nil {
			return nil, fmt.Errorf("manifest %s: %w (expected a JSON array of {file, answers, output, type})", path, err)
		}
	} else {
		sc := bufio.NewScanner(bytes.NewReader(trimmed))
		sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
		for line := 1; sc.Scan(); line++ {
			text := strings.TrimSpace(sc.Text())
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			var e Entry
			dec := json.NewDecoder(strings.NewReader(text))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&e); err != nil {
				return nil, fmt.Errorf("manifest %s line %d: %w (expected {\"file\": …, \"answers\": …})", path, line, err)
			}
			entries = append(entries, e)
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("manifest %s: %w", path, err)
		}
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("manifest %s lists no documents", path)
	}
	return entries, nil
}

// ResolveItems checks every entry and resolves its paths: file and answers
// paths relative to the manifest's directory, outputs relative to outDir.
// Outputs that would collide get the entry's number as a prefix. Unless
// anywhere, an output must lie inside outDir (no absolute path, no ..
// leading out); Confine then makes it written there through
// safefile.Roots, which also refuses a link inside outDir that leads out.
func ResolveItems(manifestPath, outDir string, entries []Entry, anywhere bool) ([]*Item, error) {
	base := filepath.Dir(manifestPath)
	names := map[string]int{}
	for _, e := range entries {
		if e.Output == "" {
			names[filepath.Base(e.File)]++
		}
	}
	items := make([]*Item, 0, len(entries))
	seen := map[string]int{}
	for i, e := range entries {
		it := &Item{N: i + 1, File: e.File, Type: e.Type}
		if e.File == "" {
			return nil, fmt.Errorf("manifest entry %d: \"file\" is missing", it.N)
		}
		if !filepath.IsAbs(it.File) {
			it.File = filepath.Join(base, it.File)
		}
		if err := it.setSource(base, e); err != nil {
			return nil, err
		}
		switch out := e.Output; {
		case out == "" && names[filepath.Base(e.File)] > 1:
			it.Output = filepath.Join(outDir, fmt.Sprintf("%04d-%s", it.N, filepath.Base(e.File)))
		case out == "":
			it.Output = filepath.Join(outDir, filepath.Base(e.File))
		case filepath.IsAbs(out):
			it.Output = out
		default:
			it.Output = filepath.Join(outDir, out)
		}
		if !anywhere && !safefile.Inside(outDir, it.Output) {
			return nil, fmt.Errorf("manifest entry %d: output %q lies outside --out-dir %s; give a path inside it, or pass --outputs-anywhere", it.N, e.Output, outDir)
		}
		if prev, dup := seen[it.Output]; dup {
			return nil, fmt.Errorf("manifest entries %d and %d both write %s; give one of them another \"output\"", prev, it.N, it.Output)
		}
		seen[it.Output] = it.N
		items = append(items, it)
	}
	return items, nil
}

// Confine makes every item's output be written inside outDir, an existing
// directory, checked again with links resolved when it is written.
func Confine(items []*Item, outDir string) error {
	roots, err := safefile.NewRoots([]string{outDir})
	if err != nil {
		return fmt.Errorf("--out-dir: %w", err)
	}
	for _, it := range items {
		it.roots = roots
	}
	return nil
}

// Save writes the item's filled document to its output: inside --out-dir
// (checked again now, links resolved) unless the run allows anywhere.
func (it *Item) Save(data []byte) error {
	if it.roots == nil {
		return safefile.Write(it.Output, data)
	}
	abs, err := filepath.Abs(it.Output)
	if err != nil {
		return fmt.Errorf("output %s: %w", it.Output, err)
	}
	_, err = it.roots.WriteFile("output", abs, data)
	return err
}

// setSource resolves where the entry's answers come from: its answers, or
// the previous document they are carried over from.
func (it *Item) setSource(base string, e Entry) error {
	if e.Map != "" && e.Previous == "" {
		return fmt.Errorf("manifest entry %d (%s): \"map\" goes with \"previous\", the document carried over from", it.N, it.File)
	}
	if it.crosswalk = e.Map; e.Map != "" && !filepath.IsAbs(e.Map) {
		it.crosswalk = filepath.Join(base, e.Map)
	}
	if e.Previous == "" {
		return it.setAnswers(base, e.Answers)
	}
	if raw := bytes.TrimSpace(e.Answers); len(raw) > 0 && string(raw) != "null" {
		return fmt.Errorf("manifest entry %d (%s): give \"answers\" or \"previous\", not both", it.N, it.File)
	}
	it.previous = e.Previous
	if !filepath.IsAbs(it.previous) {
		it.previous = filepath.Join(base, it.previous)
	}
	return nil
}

func (it *Item) setAnswers(base string, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return fmt.Errorf("manifest entry %d (%s): \"answers\" is missing; expected a path or an inline array", it.N, it.File)
	case raw[0] == '"':
		var p string
		if err := json.Unmarshal(raw, &p); err != nil || p == "" {
			return fmt.Errorf("manifest entry %d (%s): \"answers\" must be a non-empty path or an array", it.N, it.File)
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(base, p)
		}
		it.answersPath = p
	case raw[0] == '[':
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&it.inline); err != nil {
			return fmt.Errorf("manifest entry %d (%s): answers: %w", it.N, it.File, err)
		}
	default:
		return fmt.Errorf("manifest entry %d (%s): \"answers\" must be a path or an array of {pair_id, answer_text}", it.N, it.File)
	}
	return nil
}
