package pdf

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// A PDF form has no tracked changes; comment_uncertain flags each uncertain
// answer with a text annotation (a "sticky note", PDF 32000-1 12.5.6.4)
// beside the field's widget: its contents give the confidence and the
// answer's note, /T the author, /M the date. The note is for the reviewer
// on screen: its flags leave out Print (bit 3), so a printed or flattened
// form shows only the answers. It is added to the page's /Annots in the
// same incremental update as the values.

// Annotation flags (PDF 32000-1, table 165) of a review note: it keeps its
// size and upright position whatever the zoom and rotation, as viewers
// draw note icons, and does not print.
const (
	annotNoZoom   = 1 << 3
	annotNoRotate = 1 << 4
	noteFlags     = annotNoZoom | annotNoRotate
)

// noteSize is the side of a note's icon, in points: the size viewers draw
// a note's icon at (poppler's are 24 points square, and draw outside a
// smaller /Rect); noteGap its distance from the widget.
const (
	noteSize = 24.0
	noteGap  = 2.0
)

// notePrefix starts the /NM of a review note, followed by the field's
// name: verify finds the notes by it.
const notePrefix = "formfill-review:"

// fieldNote is the review note of one field.
type fieldNote struct {
	f    *field
	text string
}

// reviewNotes collects the notes a write adds: one per field, joining the
// texts of several uncertain answers to it.
func reviewNotes(plan []*assignment, opts formats.WriteOptions) []fieldNote {
	var out []fieldNote
	for _, as := range plan {
		var texts []string
		for _, a := range as.answers {
			if opts.NeedsComment(a) {
				texts = append(texts, formats.CommentText(a.Confidence, a.Note))
			}
		}
		if len(texts) > 0 {
			out = append(out, fieldNote{f: as.f, text: strings.Join(texts, "\n\n")})
		}
	}
	return out
}

// annotate adds the review notes and returns, by field, where each went;
// a field no reader sees (no visible widget on a page) gets a warning
// instead.
func (d *document) annotate(notes []fieldNote, st formats.Stamp) (map[*field]string, []string, error) {
	placed := map[*field]string{}
	var warnings []string
	for _, n := range notes {
		wd := visibleWidget(n.f)
		if wd == nil {
			warnings = append(warnings, fmt.Sprintf("%s: no visible widget on a page to put the review note beside; see the review list", fieldRef(n.f)))
			continue
		}
		if err := d.addNote(n, wd, st); err != nil {
			return nil, nil, formats.Wrap(formats.ErrInvalidDocument, fieldRef(n.f), err, "the review note could not be added")
		}
		placed[n.f] = notePlace(n.f, wd.page)
	}
	return placed, warnings, nil
}

func notePlace(f *field, page int) string {
	return formats.CommentPlace("PDF text annotation", "", fmt.Sprintf("page %d beside %s", page, f.ID))
}

// visibleWidget is the field's first widget a reader sees on a page.
func visibleWidget(f *field) *widget {
	for _, wd := range f.widgets {
		if wd.dict != nil && wd.page > 0 && !wd.hidden {
			return wd
		}
	}
	return nil
}

// addNote adds the text annotation of note n beside widget wd.
func (d *document) addNote(n fieldNote, wd *widget, st formats.Stamp) error {
	pd, pageRef, inh, err := d.ctx.PageDict(wd.page, false)
	if err != nil {
		return fmt.Errorf("page %d cannot be read: %w", wd.page, err)
	}
	if pd == nil || pageRef == nil {
		return fmt.Errorf("page %d cannot be read: it has no page dictionary", wd.page)
	}
	contents, err := pdfText(n.text)
	if err != nil {
		return err
	}
	author, err := pdfText(st.Author)
	if err != nil {
		return err
	}
	name, err := pdfText(notePrefix + n.f.Name)
	if err != nil {
		return err
	}
	annot := types.Dict{
		"Type": types.Name("Annot"), "Subtype": types.Name("Text"), "Name": types.Name("Comment"),
		"Rect": noteRect(wd.rect, pageBox(inh), n.f.Kind == kindCheckbox || n.f.Kind == kindRadio), "Contents": contents, "T": author,
		"M": types.StringLiteral("D:" + st.Date.Format("20060102150405") + "Z"), "F": types.Integer(noteFlags),
		"NM": name, "Subj": types.StringLiteral("Review"),
		"C": types.NewNumberArray(1, 0.82, 0.1), "Open": types.Boolean(false), "P": *pageRef,
	}
	ref, err := d.ctx.IndRefForNewObject(annot)
	if err != nil {
		return err
	}
	return d.appendAnnot(pd, *ref)
}

// appendAnnot adds ref to the page's /Annots, wherever the array is kept.
func (d *document) appendAnnot(pd types.Dict, ref types.IndirectRef) error {
	o, ok := pd["Annots"]
	if !ok || o == nil {
		pd["Annots"] = types.Array{ref}
		return nil
	}
	if ir, isRef := o.(types.IndirectRef); isRef {
		e, found := d.ctx.FindTableEntryForIndRef(&ir)
		if !found || e == nil {
			return fmt.Errorf("the page's /Annots %s cannot be found", ir)
		}
		arr, isArr := e.Object.(types.Array)
		if !isArr {
			return fmt.Errorf("the page's /Annots %s is not an array", ir)
		}
		e.Object = append(arr, ref)
		return nil
	}
	arr, isArr := o.(types.Array)
	if !isArr {
		return fmt.Errorf("the page's /Annots is a %T, not an array", o)
	}
	pd["Annots"] = append(arr, ref)
	return nil
}

// pageBox is the visible area of a page: its crop box, else its media box;
// nil when neither is known.
func pageBox(inh *model.InheritedPageAttrs) *types.Rectangle {
	switch {
	case inh == nil:
		return nil
	case inh.CropBox != nil:
		return inh.CropBox
	}
	return inh.MediaBox
}

// noteRect places a note's icon beside the widget with rectangle r, top
// edges aligned: right of it, or for a check box or radio button (whose
// label sits on its right) left of it; on the other side when that leaves
// the page; over the widget's top-right corner when neither side has
// room.
func noteRect(r [4]float64, box *types.Rectangle, button bool) types.Array {
	right, left := r[2]+noteGap, r[0]-noteGap-noteSize
	x, alt := right, left
	if button {
		x, alt = left, right
	}
	y := r[3] - noteSize
	if box != nil {
		fits := func(x float64) bool { return x >= box.LL.X && x+noteSize <= box.UR.X }
		switch {
		case fits(x):
		case fits(alt):
			x = alt
		default:
			x = r[2] - noteSize
		}
		y = max(box.LL.Y, min(y, box.UR.Y-noteSize))
	}
	return types.NewNumberArray(x, y, x+noteSize, y+noteSize)
}

// reviewPlaces returns the review-list lookup: the question a field
// answers, as the form words it, and the review note beside it.
func reviewPlaces(ctx *model.Context, of map[formats.ExpectedAnswer]*field, log *slog.Logger) func(formats.ExpectedAnswer) formats.ReviewPlace {
	var notes map[string]int
	var unsure []*field
	for e, f := range of {
		if f != nil && formats.Unsure(e.Confidence) {
			unsure = append(unsure, f)
		}
	}
	if len(unsure) > 0 {
		addContextTo(ctx, unsure, log)
		notes = reviewNotesIn(ctx)
	}
	return func(e formats.ExpectedAnswer) formats.ReviewPlace {
		f := of[e]
		if f == nil {
			return formats.ReviewPlace{}
		}
		p := formats.ReviewPlace{Question: fieldQuestion(f)}
		if page, ok := notes[f.Name]; ok {
			p.Comment = notePlace(f, page)
		}
		return p
	}
}

// fieldQuestion is what the form asks of a field: its tooltip (/TU), the
// author's description of it, else the page text labelling it, else its
// name.
func fieldQuestion(f *field) string {
	switch {
	case f.Label != "" && f.Label != f.Partial:
		return f.Label
	case f.Context != "":
		return f.Context
	}
	return f.Partial
}

// reviewNotesIn finds formfill's review notes on the pages: field name →
// page.
func reviewNotesIn(ctx *model.Context) map[string]int {
	out := map[string]int{}
	eachPage(ctx, func(i int, pd types.Dict, _ *types.IndirectRef) {
		for _, a := range arrayOf(ctx, entry(ctx, pd, "Annots")) {
			ad := dictOf(ctx, a)
			if ad == nil || textOf(ctx, entry(ctx, ad, "Subtype")) != "Text" {
				continue
			}
			nm := textOf(ctx, entry(ctx, ad, "NM"))
			name, ok := strings.CutPrefix(nm, notePrefix)
			if _, seen := out[name]; ok && !seen {
				out[name] = i
			}
		}
	})
	return out
}
