package worker

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/jobs"
)

// FuzzPayload runs task payloads as a worker decodes them from Redis,
// where anything may have written them, against a good document of the
// payload's type: every payload must give a result or a typed input error.
// A panic would fail the job as internal, and an untyped error would be
// retried as if transient, three times for nothing.
func FuzzPayload(f *testing.F) {
	docs := map[formats.FileType][]byte{
		formats.Word:  fixtures.TwoColumn(),
		formats.Excel: fixtures.ExcelVendorAssessment(),
		formats.PDF:   fixtures.PDFForm(),
	}
	for _, s := range []string{
		`{"kind":"fill","file_type":"docx","answers":[{"pair_id":"T1-R2-C2","answer_text":"Acme"}]}`,
		`{"kind":"write","file_type":"xlsx","answers":[{"xpath":"Vendor!D4","answer_text":"=1+1","mode":"append"}],"dry_run":true}`,
		`{"kind":"validate","file_type":"pdf","locations":[{"pair_id":"F1"},{"snippet":"<w:p/>"}]}`,
		`{"kind":"verify","file_type":"docx","expected":[{"pair_id":"T1-R2-C2","expected_text":"x"}]}`,
		`{"kind":"build_insertion","insertion":{"answer_text":"a\nb","target_context_xml":"<w:p/>","answer_type":"replace_content"}}`,
		`{"kind":"extract_compact","file_type":"xlsx"}`,
		`{"kind":"fill_group","group":[{"kind":"fill","doc_id":"x"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p jobs.Payload
		if json.Unmarshal(data, &p) != nil {
			return // the worker fails such a task before it runs
		}
		_, _, err := Execute(context.Background(), p, docs[p.FileType])
		var pe *PanicError
		switch {
		case err == nil:
		case errors.As(err, &pe):
			t.Fatalf("payload %s panicked: %v\n%s", data, pe.Value, pe.Stack)
		case !isPermanent(err):
			t.Fatalf("payload %s: untyped error %v, which the worker would retry as transient", data, err)
		}
	})
}
