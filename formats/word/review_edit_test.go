package word

import (
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// The in-place edit modes (replace_text, delete of a span and of whole
// paragraphs and rows, insert_after and insert_before, inline tags)
// written with track_changes on the agreements of TestRealAgreementEdits:
// LibreOffice accepting every change shows exactly the text of the plain
// write, rejecting every change the original text. Both sides go through
// the same LibreOffice path (load, accept or reject, update the fields),
// so a reference field Writer recomputes after the changes compares with
// the same field recomputed in the plain write.
func TestTrackedEditsAcceptToThePlainWriteRejectToTheOriginal(t *testing.T) {
	for _, e := range append(trackedEdits, realEdits...) {
		t.Run(e.name, func(t *testing.T) {
			src := e.doc(t)
			answers := e.answers(t, src)
			plain, err := New().Write(src, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			tracked, err := New().Write(src, answers, formats.WriteOptions{TrackChanges: true, Author: "Review Bot", Date: reviewDate})
			if err != nil {
				t.Fatal(err)
			}
			for i, ch := range tracked.Changes {
				if ch.After != plain.Changes[i].After {
					t.Errorf("%s: change reads %q tracked, %q plain", ch.PairID, ch.After, plain.Changes[i].After)
				}
			}
			acc := readers.LibreOfficeAcceptAll(t, tracked.Document)
			if want := readers.LibreOfficeAcceptAll(t, plain.Document).Text; acc.Text != want {
				t.Errorf("accepting every change differs from the plain write:\n%s", lineDiff(acc.Text, want))
			}
			if acc.Remaining != 0 || len(acc.Redlines) < len(answers) {
				t.Errorf("%d tracked changes for %d answers, %d left after accepting", len(acc.Redlines), len(answers), acc.Remaining)
			}
			for _, r := range acc.Redlines {
				if r.Author != "Review Bot" {
					t.Errorf("tracked change %+v: want author Review Bot", r)
				}
			}
			rej := readers.LibreOfficeRejectAll(t, tracked.Document)
			if want := readers.LibreOfficeRejectAll(t, src).Text; rej.Text != want {
				t.Errorf("rejecting every change differs from the original:\n%s", lineDiff(rej.Text, want))
			}
		})
	}
}

// trackedEdits are edits of the hand-built agreement that
// TestRealAgreementEdits does not make and track_changes must record: a
// span deleted, a paragraph changed at its end and then followed by a new
// one, two edits of one paragraph, the text of a cell replaced.
var trackedEdits = []realEdit{{
	name: "hand-built agreement: spans deleted, a changed paragraph followed by a new one, a cell",
	doc:  func(t *testing.T) []byte { return agreementDocx(t) },
	answers: func(*testing.T, []byte) []formats.Answer {
		return []formats.Answer{
			{PairID: "P2", Mode: formats.Delete, Find: "[applicable] "},
			{PairID: "P2", Mode: formats.ReplaceText, Find: "Preferred.", AnswerText: "Preferred Stock"},
			{PairID: "P2", Mode: formats.InsertAfter, AnswerText: "The Initial Closing takes place remotely."},
			{PairID: "P5", Mode: formats.Delete, Find: ", the Company shall pay"},
			{PairID: "P9", Mode: formats.ReplaceContent, AnswerText: "Mutual: each party keeps the other's information secret."},
			{PairID: "T1-R2-C2", Mode: formats.ReplaceText, Find: "Officer", AnswerText: "Chief Executive Officer"},
		}
	},
}}

// lineDiff shows the lines where two texts differ (after their shared
// start and end), for failure messages.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	pre := 0
	for pre < len(g) && pre < len(w) && g[pre] == w[pre] {
		pre++
	}
	suf := 0
	for suf < len(g)-pre && suf < len(w)-pre && g[len(g)-1-suf] == w[len(w)-1-suf] {
		suf++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "from line %d:\n", pre+1)
	for _, l := range g[pre : len(g)-suf] {
		b.WriteString(" got  | " + shorten(l, 300) + "\n")
	}
	for _, l := range w[pre : len(w)-suf] {
		b.WriteString(" want | " + shorten(l, 300) + "\n")
	}
	return b.String()
}
