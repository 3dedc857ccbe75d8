package jobs

import (
	"context"
	"fmt"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
)

// The operations that reuse answers already given: harvest reads them
// back from a filled document, carry_over maps them onto a new one.
var (
	harvestOperation = Operation{
		Kind: KindHarvest, Tool: "harvest_answers", Command: "harvest",
		Title: "Harvest answers", Document: true, ReadOnly: true,
		Description: "Reads back the answers a filled document holds, one per answered place: id, question_id, number, question, answer " +
			"(a ticked box as Yes, a choice as its label), kind, and the section and sheet it sits in; targets still blank are listed under unanswered. " +
			"Works on Word, Excel and PDF alike. Use it to see what a previous questionnaire said, or before carry_over_answers. " +
			`Example: {"file_path": "last-year.filled.xlsx"}`,
		Run: func(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			h, err := harvestOf(ctx, e, p, doc)
			return &Result{Kind: KindHarvest, Harvest: h}, nil, err
		},
		Body: func(r *Result) any { return r.Harvest },
	}
	carryOverOperation = Operation{
		Kind: KindCarryOver, Tool: "carry_over_answers", Command: "carry-over",
		Title: "Carry answers over", Document: true, ReadOnly: true,
		Description: "Carries the answers of a previously filled document (any format: last year's .docx into this year's .xlsx) " +
			"onto this document's answer targets. Questions match by their number when the wording agrees, then by normalised text, " +
			"then by similarity of rarity-weighted word stems (≥ 0.4, uncertain). Returns answers ready for write_answers (each with from, score, confidence known or uncertain, " +
			"and a note saying why), the targets left unmatched with the reason, and counts. Options are mapped (Yes/No ↔ check box ↔ " +
			"list value), over-long answers flagged. Review the uncertain ones, then write with comment_uncertain. " +
			`Example: {"file_path": "2026.xlsx", "previous_file_path": "2025.filled.docx"}`,
		Params: []Param{
			{Name: "previous_file_path", Schema: stringType, Local: true, Description: "the previously filled document (inside the roots), any format"},
			{Name: "previous_doc_id", Schema: stringType, Description: "instead of previous_file_path: the doc_id of the previously filled document from an earlier call (e.g. output_doc_id of a fill)"},
			{Name: "map", Schema: crosswalkSchema, Description: "a crosswalk of question numbers, new version to previous, as its publisher or your team maps them: " +
				`{"name": "ccm-v3-v4", "pairs": [{"new": "A&A-02.1", "old": "AAC-02.1"}, {"new": "CEK-01", "old": "EKM-03"}]}. ` +
				"A pair of questions carries the answer as known, its note naming the crosswalk; a pair of controls carries the nearest in wording of the old control's questions, uncertain"},
			{Name: "map_file_path", Schema: stringType, Local: true, Description: "instead of map: a crosswalk file (inside the roots): CSV of new,old lines, or JSON (pairs, an object NEW: OLD, or CSA's published CCM mapping)"},
		},
		Check: checkCarryOver,
		Run: func(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			res, err := carryOver(ctx, e, p, doc)
			return &Result{Kind: KindCarryOver, CarryOver: res}, nil, err
		},
		Body: func(r *Result) any { return r.CarryOver },
	}
)

// crosswalkSchema is the JSON Schema of carry_over's map.
var crosswalkSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"name": map[string]any{"type": "string", "description": "what the carried answers' notes cite"},
		"pairs": arrayOf(map[string]any{"type": "object", "required": []string{"new", "old"}, "properties": map[string]any{
			"new": map[string]any{"type": "string", "description": "a question or control number of this document"},
			"old": map[string]any{"type": "string", "description": "the previous document's question or control number that answers it"},
		}}),
	},
	"required": []string{"pairs"},
}

// checkCarryOver checks that a carry_over names the previous document.
func checkCarryOver(p *Payload) error {
	if a := p.carryOverArgs(); a.PreviousDocID == "" && a.Previous == nil {
		return formats.Errorf(formats.ErrInvalidArgument, "previous_file_path", "required: the previously filled document, as previous_file_path or previous_doc_id")
	}
	return nil
}

// harvestOf reads back the answers of the filled document doc.
func harvestOf(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*formats.HarvestResult, error) {
	c, err := harvestCompactOf(ctx, e, p, doc)
	if err != nil {
		return nil, err
	}
	return formats.HarvestWith(e, doc, c, func() ([]formats.ViewNode, error) {
		return cached("view", p, func() ([]formats.ViewNode, error) { return e.ReadDocument(doc) })
	})
}

// harvestCompactOf is the compact map harvest reads (formats.HarvestCompact):
// for an engine whose normal map is capped, the full map, cached apart.
func harvestCompactOf(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*formats.CompactStructure, error) {
	if _, ok := e.(formats.FullCompactor); !ok {
		return compactOf(ctx, e, p, doc)
	}
	c, err := cached("compact-full", p, func() (*formats.CompactStructure, error) { return formats.HarvestCompact(e, doc) })
	if err != nil {
		return nil, err
	}
	return c.WithContext(ctx), nil
}

func carryOver(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*reuse.Result, error) {
	if err := checkCarryOver(p); err != nil {
		return nil, err
	}
	a := p.carryOverArgs()
	ft, err := formats.Detect("", "", a.Previous)
	if err != nil && p.FileType != "" {
		// A zip whose parts do not say what it is: read it as this
		// document's type, as the caller's file_type asks for this one.
		if same, serr := formats.Detect("", string(p.FileType), a.Previous); serr == nil {
			ft, err = same, nil
		}
	}
	if err != nil {
		// Keep the cause's kind: a previous document too large is
		// too_large, not a wrong argument.
		return nil, fmt.Errorf("the previous document (previous_doc_id): %w", err)
	}
	pe, err := formats.Lookup(ft)
	if err != nil {
		return nil, err
	}
	prev, err := harvestOf(ctx, pe, &Payload{DocID: a.PreviousDocID, FileType: ft}, a.Previous)
	if err != nil {
		return nil, err
	}
	c, err := compactOf(ctx, e, p, doc)
	if err != nil {
		return nil, err
	}
	return reuse.Into(prev, c, a.Map)
}
