package bench

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
)

// DefaultDocs is the bench corpus: the large Word questionnaire (a ~130 KB
// document.xml with 50+ targets, the size of a real security questionnaire),
// a small Word table form, the vendor assessment workbook and the fillable
// PDF. Documents whose engine is missing are dropped with a note.
var DefaultDocs = []string{
	"word/large_questionnaire.docx",
	"word/two_column.docx",
	"excel/vendor_assessment.xlsx",
	"pdf/form.pdf",
}

// document is one corpus document with everything each job kind needs,
// prepared once in-process so that the measured runs only move and process
// jobs.
type document struct {
	info      DocInfo
	fileType  formats.FileType
	data      []byte
	filled    []byte // data with answers written: what verify jobs check
	answers   []formats.Answer
	expected  []formats.ExpectedAnswer
	locations []formats.Location
	// Blob IDs of data and filled, set when the corpus is uploaded.
	docID, filledID string
}

// loadCorpus reads the named documents and prepares their answers. A
// document that cannot be prepared (engine absent or refusing it) is
// skipped with a note in skipped; no document at all is an error.
func loadCorpus(ctx context.Context, names []string) (docs []*document, skipped []string, err error) {
	for _, name := range names {
		d, err := prepareDoc(ctx, name)
		if err != nil {
			skipped = append(skipped, err.Error())
			continue
		}
		docs = append(docs, d)
	}
	if len(docs) == 0 {
		return nil, skipped, fmt.Errorf("no usable bench document: %s", strings.Join(skipped, "; "))
	}
	return docs, skipped, nil
}

func prepareDoc(ctx context.Context, name string) (*document, error) {
	data, err := readDoc(name)
	if err != nil {
		return nil, err
	}
	ft, err := formats.Detect(path.Base(name), "", data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	d := &document{fileType: ft, data: data, info: DocInfo{Name: displayName(name), Type: string(ft), Bytes: len(data)}}
	res, _, err := execute(ctx, jobs.Payload{Kind: jobs.KindListFields, FileType: ft}, data)
	if err != nil {
		return nil, fmt.Errorf("%s: list fields: %w", name, err)
	}
	for _, f := range res.Fields {
		if f.ReadOnly {
			continue
		}
		d.answers = append(d.answers, formats.Answer{PairID: f.FieldID, AnswerText: answerFor(f)})
		d.locations = append(d.locations, formats.Location{PairID: f.FieldID})
	}
	if len(d.answers) == 0 {
		return nil, fmt.Errorf("%s: no fillable field found", name)
	}
	if err := d.fill(ctx); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	d.info.Answers = len(d.answers)
	return d, nil
}

// builtin holds the default corpus, copies of generated fixtures that the
// binary carries so that formfill bench runs anywhere without linking the
// fixture builders (a test keeps the copies equal to their builders' output).
//
//go:embed builtin
var builtin embed.FS

// readDoc returns the file at name when one exists there, so the bench runs
// on the operator's documents (../shared/forms/…), else the built-in
// document called name.
func readDoc(name string) ([]byte, error) {
	if st, err := os.Stat(name); err == nil && st.Mode().IsRegular() {
		if st.Size() > formats.MaxFileSize {
			return nil, fmt.Errorf("%s: %d bytes, over the %d-byte limit", name, st.Size(), formats.MaxFileSize)
		}
		return os.ReadFile(name)
	}
	data, err := builtin.ReadFile(path.Join("builtin", name))
	if err != nil {
		return nil, fmt.Errorf("%s: no such file, and not a built-in document (%s)", name, strings.Join(DefaultDocs, ", "))
	}
	return data, nil
}

// displayName shortens a file path to its base name; built-in names (such
// as word/two_column.docx) stay as they are.
func displayName(name string) string {
	if filepath.IsAbs(name) || strings.HasPrefix(name, ".") {
		return filepath.Base(name)
	}
	return name
}

// answerFor picks a value the field accepts: an option for choice fields,
// true for checkboxes, text otherwise.
func answerFor(f formats.FormField) string {
	switch {
	case len(f.Options) > 0:
		return f.Options[len(f.Options)-1]
	case f.FieldType == "checkbox":
		return "true"
	default:
		return "Bench answer for " + f.FieldID + ": yes, documented in policy SEC-12."
	}
}

// fill writes the answers once to get the document verify jobs check. When
// the engine refuses the whole set, answers are tried one by one and those
// it refuses are dropped, so a fixture with one odd field still benches.
func (d *document) fill(ctx context.Context) error {
	out, err := d.tryFill(ctx, d.answers)
	if err != nil {
		var kept []formats.Answer
		for _, a := range d.answers {
			if _, err := d.tryFill(ctx, []formats.Answer{a}); err == nil {
				kept = append(kept, a)
			}
		}
		if len(kept) == 0 {
			return fmt.Errorf("the engine refused every answer: %w", err)
		}
		d.answers = kept
		if out, err = d.tryFill(ctx, kept); err != nil {
			return err
		}
	}
	d.filled = out
	d.expected = formats.ExpectedFromAnswers(d.answers)
	return nil
}

func (d *document) tryFill(ctx context.Context, answers []formats.Answer) ([]byte, error) {
	_, out, err := execute(ctx, jobs.Payload{Kind: jobs.KindFill, FileType: d.fileType, Answers: answers}, d.data)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("fill returned no document")
	}
	return out, nil
}

// payload returns the job of the given kind on d, and the document bytes the
// in-process baseline passes to worker.Execute. Queued jobs reference the
// uploaded blobs instead.
func (d *document) payload(kind jobs.Kind) (jobs.Payload, []byte) {
	p := jobs.Payload{Kind: kind, FileType: d.fileType, DocID: d.docID}
	doc := d.data
	switch kind {
	case jobs.KindFill, jobs.KindWrite:
		p.Answers = d.answers
	case jobs.KindValidate:
		p.Validate = &jobs.ValidateArgs{Locations: d.locations}
	case jobs.KindVerify:
		p.DocID, doc = d.filledID, d.filled
		p.Verify = &jobs.VerifyArgs{Expected: d.expected}
	}
	return p, doc
}

// execute runs one payload in-process and turns a job-level error (bad
// input reported in the result) into an error.
func execute(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
	res, out, err := worker.Execute(ctx, p, doc)
	if err != nil {
		return nil, nil, err
	}
	if res == nil {
		return nil, nil, fmt.Errorf("%s: no result", p.Kind)
	}
	if res.Error != nil {
		return nil, nil, fmt.Errorf("%s: %s (%s)", p.Kind, res.Error.Message, res.Error.Field)
	}
	return res, out, nil
}

// plan is the ordered list of jobs of one run: kind i runs on document
// i mod len(docs), so every kind meets every document.
type plan struct {
	kinds []jobs.Kind
	docs  []*document
}

func newPlan(m Mix, n int, docs []*document) (*plan, error) {
	seq := m.Sequence(n)
	p := &plan{kinds: make([]jobs.Kind, n), docs: docs}
	for i, k := range seq {
		kind, err := jobs.ParseKind(k)
		if err != nil {
			return nil, err
		}
		p.kinds[i] = kind
	}
	return p, nil
}

func (p *plan) job(i int) (jobs.Payload, []byte) {
	return p.docs[i%len(p.docs)].payload(p.kinds[i])
}

// units splits the plan's job indices into tasks: runs of up to group
// consecutive fills go as one fill_group task, every other job alone.
func (p *plan) units(group int) [][]int {
	var units [][]int
	for i, k := range p.kinds {
		last := len(units) - 1
		if k == jobs.KindFill && group > 1 && last >= 0 && len(units[last]) < group && p.kinds[units[last][0]] == jobs.KindFill {
			units[last] = append(units[last], i)
			continue
		}
		units = append(units, []int{i})
	}
	return units
}

// prefix returns the plan of its first n jobs (all when n is larger).
func (p *plan) prefix(n int) *plan {
	return &plan{kinds: p.kinds[:min(n, len(p.kinds))], docs: p.docs}
}
