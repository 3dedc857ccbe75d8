package reuse

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Crosswalk says which question numbers of a previous version answer
// which of the new one, as a questionnaire's publisher or a team's own
// mapping has it. A pair may name single questions ("A&A-02.1" ←
// "AAC-02.1": the answer is known) or whole controls ("CEK-01" ←
// "EKM-03": the new control's questions take the nearest in wording of
// the old control's, uncertain, since the mapping does not say which
// question answers which).
type Crosswalk struct {
	// Name is what the notes of the answers it gives cite (the file's
	// name).
	Name  string `json:"name,omitempty"`
	Pairs []Pair `json:"pairs"`
}

// Pair is one line of a crosswalk: the new version's question or
// control, and the previous version's that answers it.
type Pair struct {
	New string `json:"new"`
	Old string `json:"old"`
}

// MaxCrosswalkPairs bounds a crosswalk, which travels in the job's
// payload: a questionnaire of a thousand questions or controls, each
// mapped to a few.
const MaxCrosswalkPairs = 5000

// ParseCrosswalk reads a crosswalk named name from data, in any of these
// forms:
//
//   - CSV: new,old a line (a header line naming neither number is
//     skipped; further columns are ignored);
//   - JSON: {"pairs": [{"new": "…", "old": "…"}]}, [{"new": "…", "old":
//     "…"}], or {"NEW": "OLD"} / {"NEW": ["OLD", …]};
//   - CSA's published CCM mapping JSON: [{"mappings": [{"control_id":
//     "A&A-02", "references": ["AAC-02"]}]}].
func ParseCrosswalk(name string, data []byte) (*Crosswalk, error) {
	data = bytes.TrimPrefix(bytes.TrimSpace(data), []byte("\xef\xbb\xbf"))
	var (
		pairs []Pair
		err   error
	)
	if len(data) > 0 && (data[0] == '{' || data[0] == '[') {
		pairs, err = jsonPairs(data)
	} else {
		pairs, err = csvPairs(data)
	}
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidArgument, "map", err, "crosswalk %s", name)
	}
	if len(pairs) > MaxCrosswalkPairs {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "map", "crosswalk %s: %d pairs, at most %d", name, len(pairs), MaxCrosswalkPairs)
	}
	return &Crosswalk{Name: name, Pairs: pairs}, nil
}

// csvPairs reads new,old lines.
func csvPairs(data []byte) ([]Pair, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord, r.TrimLeadingSpace, r.Comment = -1, true, '#'
	var out []Pair
	for line := 1; ; line++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if len(rec) < 2 {
			return nil, fmt.Errorf("line %d: want two columns, new and old question numbers", line)
		}
		if line == 1 && !hasDigit(rec[0]) && !hasDigit(rec[1]) {
			continue // a header
		}
		out = append(out, Pair{New: strings.TrimSpace(rec[0]), Old: strings.TrimSpace(rec[1])})
	}
}

// jsonPairs reads any of the JSON forms ParseCrosswalk takes.
func jsonPairs(data []byte) ([]Pair, error) {
	var cw Crosswalk
	if data[0] == '{' {
		if err := json.Unmarshal(data, &cw); err == nil && cw.Pairs != nil {
			return cw.Pairs, nil
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, err
		}
		var out []Pair
		for k, v := range m {
			olds, err := oneOrMany(v)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", k, err)
			}
			for _, o := range olds {
				out = append(out, Pair{New: k, Old: o})
			}
		}
		sortPairs(out)
		return out, nil
	}
	var list []struct {
		Pair
		Mappings []struct {
			ControlID  string   `json:"control_id"`
			References []string `json:"references"`
		} `json:"mappings"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, err
	}
	var out []Pair
	for _, e := range list {
		if e.New != "" {
			out = append(out, e.Pair)
		}
		for _, m := range e.Mappings {
			for _, r := range m.References {
				out = append(out, Pair{New: m.ControlID, Old: r})
			}
		}
	}
	return out, nil
}

// oneOrMany reads "OLD" or ["OLD", …].
func oneOrMany(v json.RawMessage) ([]string, error) {
	var one string
	if err := json.Unmarshal(v, &one); err == nil {
		return []string{one}, nil
	}
	var many []string
	if err := json.Unmarshal(v, &many); err != nil {
		return nil, fmt.Errorf("want a question number or a list of them")
	}
	return many, nil
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// sortPairs orders pairs read from a JSON object, whose keys come in no
// order: the same file always gives the same crosswalk.
func sortPairs(ps []Pair) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].New != ps[j].New {
			return ps[i].New < ps[j].New
		}
		return ps[i].Old < ps[j].Old
	})
}

// xwalk is a crosswalk ready to look numbers up in.
type xwalk struct {
	name string
	olds map[string][]string // normalised new number → normalised old numbers
	keys map[string]string   // a normalised new number as the crosswalk writes it
}

// newXwalk prepares cw; nil when it maps nothing. A pair whose number
// has no digit ("No Mapping", a publisher's way of saying none) maps
// nothing.
func newXwalk(cw *Crosswalk) *xwalk {
	if cw == nil {
		return nil
	}
	x := &xwalk{name: cw.Name, olds: map[string][]string{}, keys: map[string]string{}}
	if x.name == "" {
		x.name = "crosswalk"
	}
	for _, p := range cw.Pairs {
		n, o := normNumber(p.New), normNumber(p.Old)
		if !hasDigit(n) || !hasDigit(o) || slices.Contains(x.olds[n], o) {
			continue
		}
		x.olds[n] = append(x.olds[n], o)
		x.keys[n] = strings.TrimSpace(p.New)
	}
	if len(x.olds) == 0 {
		return nil
	}
	return x
}

// lookup returns the old numbers the crosswalk maps number n to, and the
// number it found them under: n itself, else the nearest control n
// belongs to ("CEK.1" for "CEK.1.1").
func (x *xwalk) lookup(n string) (olds []string, under string) {
	for key := n; hasDigit(key); {
		if olds := x.olds[key]; olds != nil {
			return olds, key
		}
		i := strings.LastIndexByte(key, '.')
		if i < 0 {
			break
		}
		key = key[:i]
	}
	return nil, ""
}

// CrossFloor is the least similarity of a question of a control the
// crosswalk maps, for it to answer the new question: the crosswalk
// narrows the candidates to a few questions on the subject, so less
// agreement in wording than Threshold picks the right one, but a
// question sharing hardly a rare word is another question of the
// control.
const CrossFloor = 0.2

// withCrosswalk indexes the previous questions by the controls they sit
// under, for the crosswalk x.
func (ix *index) withCrosswalk(x *xwalk) {
	ix.x, ix.byControl = x, map[string][]int{}
	if x == nil {
		return
	}
	for i, q := range ix.qs {
		for key := q.number; ; {
			j := strings.LastIndexByte(key, '.')
			if j < 0 {
				break
			}
			key = key[:j]
			ix.byControl[key] = append(ix.byControl[key], i)
		}
	}
}

// crossCandidates are the previous questions the crosswalk gives q, best
// first; none when it maps q to no question of the previous document,
// and matching goes by the words.
func (ix *index) crossCandidates(q question) []candidate {
	if ix.x == nil || q.number == "" {
		return nil
	}
	olds, under := ix.x.lookup(q.number)
	var out []candidate
	seen := map[int]bool{}
	add := func(i int, kind crossKind) {
		if seen[i] {
			return
		}
		seen[i] = true
		c := candidate{i: i, score: similarity(q, ix.qs[i]), number: ix.qs[i].number == q.number, cross: kind}
		if kind == crossQuestion || c.score >= CrossFloor {
			out = append(out, c)
		}
	}
	for _, o := range olds {
		for _, i := range ix.byNumber[o] {
			if under == q.number {
				add(i, crossQuestion)
			} else {
				add(i, crossControl)
			}
		}
		for _, i := range ix.byControl[o] {
			add(i, crossControl)
		}
	}
	if len(out) == 0 {
		return nil
	}
	for _, i := range ix.byText[q.text] {
		if q.text == "" {
			break
		}
		add(i, crossNone) // the same words still answer it
	}
	ix.sortCandidates(q, out)
	return out
}

// crossDecide sets the confidence and note of m, the crosswalk's best
// candidate for q among cands: known when the crosswalk maps q to this
// one question alone (or the words are the same), else uncertain, the
// nearest in wording of the questions it maps q's control to.
func crossDecide(ix *index, q question, cands []candidate, m *match) {
	top, p := cands[0], ix.qs[cands[0].i]
	direct := 0
	for _, c := range cands {
		if c.cross == crossQuestion {
			direct++
		}
	}
	switch {
	case top.cross == crossQuestion && direct == 1:
		m.confidence, m.note = formats.Known, fmt.Sprintf("%s maps %s → %s (wording %.2f)", ix.x.name, p.shown, q.shown, top.score)
	case top.cross == crossQuestion:
		m.confidence, m.note = formats.Uncertain, fmt.Sprintf("%s maps %d questions to %s; nearest in wording %s (%.2f)", ix.x.name, direct, q.shown, p.shown, top.score)
	case top.score == 1:
		m.confidence, m.note = formats.Known, "same question"
	default:
		_, under := ix.x.lookup(q.number)
		m.confidence, m.note = formats.Uncertain, fmt.Sprintf("%s maps %s to a control holding %s, the nearest in wording of its questions (%.2f)", ix.x.name, ix.x.keys[under], p.shown, top.score)
	}
}
