package jobs

import (
	"context"
	"fmt"
	"syscall"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
)

// questionnaireOf builds a security questionnaire workbook of n
// questions: ID | Question | Answer (a Yes/No/N/A list) | Comments, one
// question a row, in sections of 50 on sheets of 650, its wording made of
// subject, control and scope words so that questions share words the
// way a real questionnaire's do.
func questionnaireOf(tb testing.TB, n int) []byte {
	tb.Helper()
	subjects := []string{"customer data", "backups", "encryption keys", "audit logs", "privileged accounts", "source code",
		"endpoints", "network traffic", "vendors", "incidents", "mobile devices", "cloud workloads", "passwords"}
	controls := []string{"encrypt", "review", "monitor", "test", "document", "restrict access to", "retain", "inventory",
		"approve changes to", "train staff on", "scan", "segregate"}
	scopes := []string{"at least annually", "in production", "across all regions", "for every tenant", "before release",
		"with automated tools", "under a written policy"}
	owners := []string{"as the provider", "through a subprocessor"} // 12·13·7 = 1,092 wordings each
	f := excelize.NewFile()
	defer f.Close()
	sheet := ""
	row := 0
	for i := 0; i < n; i++ {
		if i%650 == 0 {
			sheet = fmt.Sprintf("Part %d", i/650+1)
			if i == 0 {
				if err := f.SetSheetName("Sheet1", sheet); err != nil {
					tb.Fatal(err)
				}
			} else if _, err := f.NewSheet(sheet); err != nil {
				tb.Fatal(err)
			}
			must(tb, f.SetSheetRow(sheet, "A1", &[]any{"Question ID", "Question", "Answer", "Comments"}))
			row = 1
		}
		if i%50 == 0 {
			row++
			must(tb, f.SetCellStr(sheet, fmt.Sprintf("A%d", row), fmt.Sprintf("Section %d", i/50+1)))
		}
		row++
		q := fmt.Sprintf("Do you %s %s %s %s?", controls[i%len(controls)], subjects[(i/len(controls))%len(subjects)],
			scopes[(i/(len(controls)*len(subjects)))%len(scopes)], owners[i/1092%len(owners)])
		must(tb, f.SetSheetRow(sheet, fmt.Sprintf("A%d", row), &[]any{fmt.Sprintf("Q%d.%d", i/50+1, i%50+1), q}))
		dv := excelize.NewDataValidation(true)
		dv.Sqref = fmt.Sprintf("C%d", row)
		must(tb, dv.SetDropList([]string{"Yes", "No", "N/A"}))
		must(tb, f.AddDataValidation(sheet, dv))
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// cpuTime is the CPU time the process has used so far, user and
// system, in nanoseconds.
func cpuTime(tb testing.TB) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func must(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkCarryOver1300Questions carries a filled 1,300-question
// workbook into its blank self: harvest of the full map, the new
// document's targets, matching and adaptation, the speed goal
// (≤ 1 s). cpu-ns/op is the process's CPU time (user and system, every
// goroutine) per carry-over: on a loaded machine wall time counts the
// waits for a core, CPU time does not.
func BenchmarkCarryOver1300Questions(b *testing.B) {
	doc := questionnaireOf(b, 1300)
	filled := fillLikeARespondent(&testing.T{}, formats.Excel, doc)
	e, _ := formats.Lookup(formats.Excel)
	start := cpuTime(b)
	defer func() { b.ReportMetric(float64(cpuTime(b)-start)/float64(b.N), "cpu-ns/op") }()
	for b.Loop() {
		p := &Payload{Kind: KindCarryOver, FileType: formats.Excel, CarryOver: &CarryOverArgs{Previous: filled}}
		r, _, err := Execute(context.Background(), e, p, doc)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.CarryOver.Summary.Carried), "carried")
	}
}

// TestCarryOverLargeQuestionnaire checks what the benchmark measures: a
// filled 1,300-question workbook carried into its blank self gives every
// question its own answer back, known, from its own cell.
func TestCarryOverLargeQuestionnaire(t *testing.T) {
	doc := questionnaireOf(t, 1300)
	filled := fillLikeARespondent(t, formats.Excel, doc)
	res, _ := execute(t, &Payload{Kind: KindCarryOver, FileType: formats.Excel, CarryOver: &CarryOverArgs{Previous: filled}}, doc)
	s := res.CarryOver.Summary
	t.Logf("summary %+v", s)
	if s.Targets < 1300 || s.Known != s.Targets || s.Uncertain != 0 {
		t.Errorf("summary %+v: want every one of ≥ 1,300 questions' targets carried, known", s)
	}
	for _, a := range res.CarryOver.Answers {
		if a.From == nil || a.From.ID != a.PairID {
			t.Errorf("%s carried from %+v, want from the same cell of the filled copy", a.PairID, a.From)
		}
	}
}
