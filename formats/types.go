package formats

import (
	"context"
	"encoding/json"
)

// FileType names a document format.
type FileType string

// The formats formfill fills.
const (
	Word  FileType = "word"
	Excel FileType = "excel"
	PDF   FileType = "pdf"
)

// Mode says how write_answers places an answer at its target.
type Mode string

// Write modes: how an answer meets what is already at its target.
const (
	ReplaceContent     Mode = "replace_content"
	Append             Mode = "append"
	ReplacePlaceholder Mode = "replace_placeholder"
)

// In-place edit modes, for legal templates as much as questionnaires.
const (
	// ReplaceText replaces the Find span of the target's visible text (its
	// Occurrence-th match) and keeps everything around it as it was.
	ReplaceText Mode = "replace_text"
	// Delete removes the Find span, or without Find the whole target
	// (a Word paragraph or table row; an Excel cell or PDF field is
	// cleared).
	Delete Mode = "delete"
	// InsertAfter adds the answer as new paragraphs after the target,
	// formatted like it (Word only).
	InsertAfter Mode = "insert_after"
	// InsertBefore adds the answer as new paragraphs before the target
	// (Word only).
	InsertBefore Mode = "insert_before"
)

// Modes lists every write mode, in the order the documentation gives them.
var Modes = []Mode{ReplaceContent, Append, ReplacePlaceholder, ReplaceText, Delete, InsertAfter, InsertBefore}

// Inserts reports whether m adds new paragraphs next to its target.
func (m Mode) Inserts() bool { return m == InsertAfter || m == InsertBefore }

// Confidence is the agent's own confidence in an answer; verify_output counts
// answers by it so a reviewer knows what to check first.
type Confidence string

// Confidence levels.
const (
	Known     Confidence = "known"
	Uncertain Confidence = "uncertain"
	Unknown   Confidence = "unknown"
)

// AnswerType selects how build_insertion_xml treats its input.
type AnswerType string

// Answer types.
const (
	PlainText  AnswerType = "plain_text"
	Structured AnswerType = "structured"
)

// Skip is the answer text that leaves a target unwritten on purpose.
const Skip = "SKIP"

// CompactStructure is the result of extract_structure_compact: a compact,
// human-readable map of the form with stable element IDs.
type CompactStructure struct {
	CompactText     string            `json:"compact_text"`
	IDToXPath       map[string]string `json:"id_to_xpath"`
	ComplexElements []string          `json:"complex_elements"`
	// Targets are the places answers go, in document order: the elements
	// the map marks "← answer target".
	// The key is always written, [] when there are none, so a program
	// reading result["targets"] never fails (MarshalJSON writes nil as []).
	Targets []Target `json:"targets"`
	// Total is the number of elements in the whole map (lines with an ID of
	// their own); a page holds some of them.
	Total int `json:"total"`
	// NextOffset is the offset of the next page; absent on the last page.
	NextOffset int `json:"next_offset,omitempty"`
	// More says which part of the map a page holds and how to get the
	// rest; absent when the answer holds the whole map.
	More string `json:"more,omitempty"`
	// Warnings list the document's active content (ActiveContent): what it
	// runs or fetches when a person opens it.
	Warnings []string `json:"warnings,omitempty"`

	index *compactIndex // the elements, for paging; see CompactBuilder
	lazy  *lazyMap      // the parts, for a map built as pages need them; see LazyCompact
	ctx   context.Context
}

// MarshalJSON writes the structure with its targets key always present:
// nil targets are written as [].
func (cs CompactStructure) MarshalJSON() ([]byte, error) {
	type plain CompactStructure // no methods: no recursion
	p := plain(cs)
	if p.Targets == nil {
		p.Targets = []Target{}
	}
	return json.Marshal(p)
}

// TargetKind says what an answer target accepts.
type TargetKind string

// Kinds of answer target.
const (
	TargetText      TargetKind = "text"
	TargetCheckbox  TargetKind = "checkbox"
	TargetDropdown  TargetKind = "dropdown" // a content control's or PDF field's fixed choices
	TargetList      TargetKind = "list"     // a spreadsheet data-validation list
	TargetDate      TargetKind = "date"
	TargetNumber    TargetKind = "number"
	TargetSignature TargetKind = "signature"
)

// Target is one answer target: where an answer goes, the question it
// answers, and what it accepts.
type Target struct {
	ID         string     `json:"id"`
	QuestionID string     `json:"question_id,omitempty"` // the element holding the question
	Question   string     `json:"question,omitempty"`
	Kind       TargetKind `json:"kind"`
	Options    []string   `json:"options,omitempty"`
	Format     string     `json:"format,omitempty"` // a date's format, e.g. MM/dd/yyyy
	MaxChars   int        `json:"max_chars,omitempty"`
	// Mode is the write mode a plain answer_text needs here when the
	// default would not do (replace_content over a prompt the writer does
	// not read as a placeholder; append beside a placeholder that crosses
	// a field). Empty: the default mode.
	Mode Mode `json:"mode,omitempty"`
	// Hint is what the document itself says of the blank: a Word form
	// field's name, help and status text.
	Hint string `json:"hint,omitempty"`
	// Grid names the entry grid (Excel: its header row, Sheet!B2:Z2) whose
	// first empty row the target belongs to; more items go in the rows
	// below, same columns.
	Grid string `json:"grid,omitempty"`
	// Hidden says the target's row is hidden (by a filter or by hand):
	// still an answer place, but the person filling the sheet does not
	// see it until the rows are shown.
	Hidden bool `json:"hidden,omitempty"`
}

// RawStructure is the result of extract_structure. Exactly one field is set:
// BodyXML for Word, Sheets for Excel, Fields for PDF.
type RawStructure struct {
	BodyXML string      `json:"body_xml,omitempty"`
	Sheets  []SheetInfo `json:"sheets_json,omitempty"`
	Fields  []FormField `json:"fields,omitempty"`
}

// SheetInfo describes one worksheet in extract_structure's Excel output.
type SheetInfo struct {
	Name            string           `json:"name"`
	Index           int              `json:"index"`
	Hidden          bool             `json:"hidden,omitempty"`
	Dimension       string           `json:"dimension"`
	MaxRow          int              `json:"max_row"`
	MaxColumn       int              `json:"max_column"`
	MergedRanges    []string         `json:"merged_ranges,omitempty"`
	Rows            [][]string       `json:"rows"`
	DataValidations []DataValidation `json:"data_validations,omitempty"`
	Truncated       bool             `json:"truncated,omitempty"`
}

// DataValidation is a cell-range validation rule of a worksheet.
type DataValidation struct {
	Range   string   `json:"range"`
	Type    string   `json:"type"`
	Options []string `json:"options,omitempty"`
}

// Location is one target an agent wants checked by validate_locations:
// an element ID (fast path) or a snippet of the document's own markup
// (Word OOXML, an Excel cell reference, a PDF field name).
type Location struct {
	PairID  string `json:"pair_id"`
	Snippet string `json:"snippet"`
}

// LocationStatus is the outcome of validating one Location.
type LocationStatus string

// Location outcomes.
const (
	LocationMatched   LocationStatus = "matched"
	LocationNotFound  LocationStatus = "not_found"
	LocationAmbiguous LocationStatus = "ambiguous"
)

// ValidatedLocation is validate_locations' answer for one Location.
type ValidatedLocation struct {
	PairID  string         `json:"pair_id"`
	Status  LocationStatus `json:"status"`
	XPath   string         `json:"xpath,omitempty"`
	Context string         `json:"context,omitempty"`
	Warning string         `json:"warning,omitempty"`
}

// BuildInsertionRequest is the input of build_insertion_xml.
type BuildInsertionRequest struct {
	AnswerText       string     `json:"answer_text"`
	TargetContextXML string     `json:"target_context_xml"`
	AnswerType       AnswerType `json:"answer_type"`
}

// BuildInsertionResult is the output of build_insertion_xml.
type BuildInsertionResult struct {
	InsertionXML string `json:"insertion_xml"`
	Valid        bool   `json:"valid"`
	Error        string `json:"error,omitempty"`
}

// Answer is one answer for write_answers. The target is PairID (an element
// ID, or for PDF a native field name) or XPath (Word XPath, Excel
// "Sheet!A1"); the content is AnswerText (formatting inherited from the
// target) or InsertionXML (wins when both are given).
//
// Find and Occurrence name a span of the target's visible text for the
// replace_text and delete modes. Force lets a write remove fields, footnote
// references, bookmarks, comment anchors or content controls, which is
// otherwise refused.
type Answer struct {
	PairID       string     `json:"pair_id"`
	XPath        string     `json:"xpath,omitempty"`
	AnswerText   string     `json:"answer_text,omitempty"`
	InsertionXML string     `json:"insertion_xml,omitempty"`
	Mode         Mode       `json:"mode,omitempty"`
	Confidence   Confidence `json:"confidence,omitempty"`
	Find         string     `json:"find,omitempty"`
	Occurrence   Occurrence `json:"occurrence,omitempty"`
	Force        bool       `json:"force,omitempty"`
	// Note is the agent's reason for the answer or its source, free text:
	// the review comment of an uncertain answer shows it.
	Note string `json:"note,omitempty"`
	// From and Score say where a carried answer came from (carry_over):
	// the question it answered in the previous document and how close
	// that question is to this one. Writing ignores them.
	From  *AnswerSource `json:"from,omitempty"`
	Score float64       `json:"score,omitempty"`
}

// AnswerSource is the place in a previous document a carried answer was
// read from.
type AnswerSource struct {
	ID       string `json:"id"`
	Question string `json:"question"`
}

// WriteOptions tune write_answers.
type WriteOptions struct {
	// DryRun reports what would change without producing a document.
	DryRun bool `json:"dry_run,omitempty"`
	// TrackChanges writes every answer into a Word document as a tracked
	// change (w:ins, and w:del for the text it replaces) by Author at Date,
	// so a reviewer can accept or reject each one. Word only.
	TrackChanges bool `json:"track_changes,omitempty"`
	// CommentUncertain puts a comment on every answer whose confidence is
	// uncertain or unknown, giving the confidence and the answer's note: a
	// Word comment, an Excel cell note, a PDF text annotation.
	CommentUncertain bool `json:"comment_uncertain,omitempty"`
	// Author names who made the tracked changes and comments; default
	// DefaultAuthor.
	Author string `json:"author,omitempty"`
	// Date stamps the tracked changes and comments, RFC 3339
	// ("2025-03-01T09:30:00Z"); default the time of the write. A fixed date
	// makes the output reproducible.
	Date string `json:"date,omitempty"`
	// Flatten burns a PDF form's fields into its pages once they are
	// filled: each widget's appearance becomes page content, and the
	// fields and the AcroForm are removed, so the answers print and show
	// alike everywhere and can no longer be edited as fields. Signature
	// fields stay fields (with a warning) unless FlattenSignatures. PDF
	// only: Word and Excel refuse it as an invalid argument.
	Flatten bool `json:"flatten,omitempty"`
	// FlattenSignatures makes Flatten burn signature fields in too (a
	// signed one's signature then no longer verifies).
	FlattenSignatures bool `json:"flatten_signatures,omitempty"`
	// StripActiveContent removes the written document's active content
	// (PDF JavaScript and launch actions, Word remote templates, altChunks,
	// external links and fields that fetch URLs) and lists what it removed
	// in the result's Removed. Without it the result's warnings list it.
	StripActiveContent bool `json:"strip_active_content,omitempty"`
}

// Change records one answer write_answers applied (or would apply, in a dry
// run).
type Change struct {
	PairID string `json:"pair_id"`
	XPath  string `json:"xpath,omitempty"`
	Mode   Mode   `json:"mode,omitempty"`
	Before string `json:"before"`
	After  string `json:"after"`
	// Comment says where the answer's review comment was put, when it got
	// one (comment_uncertain).
	Comment string `json:"comment,omitempty"`
}

// WriteResult is the output of write_answers. Document is nil in a dry run.
type WriteResult struct {
	Document []byte   `json:"-"`
	Changes  []Change `json:"changes"`
	Skipped  []string `json:"skipped,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	DryRun   bool     `json:"dry_run,omitempty"`
	// Encryption says, for an encrypted PDF, what became of its
	// encryption in the output ("kept: AES-256 …").
	Encryption string `json:"encryption,omitempty"`
	// Flattened counts the fields a flatten burnt into the pages.
	Flattened int `json:"flattened,omitempty"`
	// Removed lists the active content StripActiveContent removed.
	Removed []ActiveContent `json:"removed_active_content,omitempty"`
}

// FormField is one entry of list_form_fields: something an agent can fill.
type FormField struct {
	FieldID      string   `json:"field_id"`
	Label        string   `json:"label"`
	FieldType    string   `json:"field_type"`
	CurrentValue string   `json:"current_value"`
	Name         string   `json:"name,omitempty"`
	Options      []string `json:"options,omitempty"`
	Page         int      `json:"page,omitempty"`
	ReadOnly     bool     `json:"read_only,omitempty"`
	XPath        string   `json:"xpath,omitempty"`
}

// ExpectedAnswer is one answer verify_output checks for.
type ExpectedAnswer struct {
	PairID       string     `json:"pair_id"`
	XPath        string     `json:"xpath,omitempty"`
	ExpectedText string     `json:"expected_text"`
	Confidence   Confidence `json:"confidence,omitempty"`
	Note         string     `json:"note,omitempty"`
}

// ContentStatus is verify_output's verdict on one answer.
type ContentStatus string

// Content verdicts. The last three are about what a reader sees, where
// the document's drawing of a value can differ from the value stored
// (PDF form fields): the stored value matched, but its appearance does
// not show it whole.
const (
	ContentMatched    ContentStatus = "matched"
	ContentMismatched ContentStatus = "mismatched"
	ContentMissing    ContentStatus = "missing"
	// ContentNotVisible: some characters are drawn with no glyph (no
	// available font has them); MissingCharacters names them.
	ContentNotVisible ContentStatus = "not_visible"
	// ContentAppearanceMismatch: the appearance draws other text than the
	// value (Shown has it).
	ContentAppearanceMismatch ContentStatus = "appearance_mismatch"
	// ContentOverflow: the text does not fit its box at a readable size:
	// part of it is clipped, or it is drawn below 6 pt (FontSize,
	// FitCharacters of TotalCharacters).
	ContentOverflow ContentStatus = "overflow"
)

// ContentResult is verify_output's finding for one expected answer.
type ContentResult struct {
	PairID   string        `json:"pair_id"`
	Status   ContentStatus `json:"status"`
	Expected string        `json:"expected"`
	Actual   string        `json:"actual"`
	// Shown is the text the document draws for the answer, when that is
	// checked separately from the stored value (PDF appearance streams).
	Shown string `json:"shown,omitempty"`
	// MissingCharacters lists the characters drawn without a glyph, for
	// not_visible.
	MissingCharacters string `json:"missing_characters,omitempty"`
	// FontSize is the size the text is drawn at, in points.
	FontSize float64 `json:"font_size,omitempty"`
	// FitCharacters and TotalCharacters say, for overflow, how many of
	// the characters drawn lie wholly inside the box.
	FitCharacters   *int `json:"fit_characters,omitempty"`
	TotalCharacters int  `json:"total_characters,omitempty"`
	// Detail explains a verdict other than matched in a sentence.
	Detail string `json:"detail,omitempty"`
}

// VerificationSummary counts verify_output's findings.
type VerificationSummary struct {
	Total               int    `json:"total"`
	Matched             int    `json:"matched"`
	Mismatched          int    `json:"mismatched"`
	Missing             int    `json:"missing"`
	NotVisible          int    `json:"not_visible,omitempty"`
	AppearanceMismatch  int    `json:"appearance_mismatch,omitempty"`
	Overflow            int    `json:"overflow,omitempty"`
	StructuralIssues    int    `json:"structural_issues"`
	ConfidenceKnown     int    `json:"confidence_known"`
	ConfidenceUncertain int    `json:"confidence_uncertain"`
	ConfidenceUnknown   int    `json:"confidence_unknown"`
	ConfidenceNote      string `json:"confidence_note,omitempty"`
}

// VerificationReport is the output of verify_output.
type VerificationReport struct {
	StructuralIssues []string            `json:"structural_issues"`
	ContentResults   []ContentResult     `json:"content_results"`
	Summary          VerificationSummary `json:"summary"`
	// Review lists the answers a person must check: every answer whose
	// confidence is not known, in the order given.
	Review []ReviewItem `json:"review"`
	// Warnings list what the document holds that a reader should know of
	// but that does not fail the check: its active content.
	Warnings []string `json:"warnings,omitempty"`
}

// ReviewItem is one answer of the review list: what was answered, how
// sure the agent was, why, and where the reviewer finds its comment.
type ReviewItem struct {
	PairID     string     `json:"pair_id"`
	QuestionID string     `json:"question_id,omitempty"` // the element holding the question, when known
	Question   string     `json:"question,omitempty"`
	Answer     string     `json:"answer"`
	Confidence Confidence `json:"confidence"`
	Note       string     `json:"note,omitempty"`
	// Comment says where the document shows the answer's review comment
	// ("Word comment 7 on T1-R2-C2"); "" when it has none.
	Comment string `json:"comment,omitempty"`
}

// OK reports whether every expected answer matched, is shown whole, and
// the document has no structural issue.
func (r *VerificationReport) OK() bool {
	s := r.Summary
	return s.Mismatched == 0 && s.Missing == 0 && s.StructuralIssues == 0 &&
		s.NotVisible == 0 && s.AppearanceMismatch == 0 && s.Overflow == 0
}
