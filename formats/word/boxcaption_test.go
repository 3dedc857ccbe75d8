package word

import (
	"testing"
)

// TestCheckboxCaptionWithItsOwnField reads the question of a check box
// drawn alone in a cell from the caption right of it, even when the
// caption holds a field of its own, as PCI DSS attestations lay out their
// "Select one" statuses ("☐ | Non-Compliant: … (Merchant Company Name) …").
// A cell with a field and no box beside it is still no caption.
func TestCheckboxCaptionWithItsOwnField(t *testing.T) {
	box := `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Check1"/><w:enabled/><w:checkBox><w:sizeAuto/><w:default w:val="0"/></w:checkBox></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	text := `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Text1"/><w:enabled/><w:textInput/></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText xml:space="preserve"> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>(Company Name)</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	caption := func(words string) string {
		return `<w:tc><w:p><w:r><w:t xml:space="preserve">` + words + ` </w:t></w:r>` + text + `<w:r><w:t xml:space="preserve"> has not demonstrated compliance.</w:t></w:r></w:p></w:tc>`
	}
	body := `<w:p><w:r><w:t>Select one:</w:t></w:r></w:p><w:tbl>` +
		`<w:tr><w:tc><w:p>` + box + `</w:p></w:tc>` + caption("Compliant: all sections are complete, and") + `</w:tr>` +
		`<w:tr><w:tc><w:p>` + box + `</w:p></w:tc>` + caption("Non-Compliant: not all sections are complete, and") + `</w:tr>` +
		`</w:tbl><w:p/>`
	cs, err := New().ExtractCompact(bodyDocx(t, body))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"T1-R1-C1": "Compliant: all sections are complete, and (Company Name) has not demonstrated compliance.",
		"T1-R2-C1": "Non-Compliant: not all sections are complete, and (Company Name) has not demonstrated compliance.",
	}
	for _, tg := range cs.Targets {
		if q, ok := want[tg.ID]; ok {
			if tg.Question != q {
				t.Errorf("%s: question %q, want %q", tg.ID, tg.Question, q)
			}
			delete(want, tg.ID)
		}
	}
	for id := range want {
		t.Errorf("%s is not a target; targets: %v", id, targetIDsOf(cs.Targets))
	}
}
