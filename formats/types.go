package formats

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
	Targets []Target `json:"targets,omitempty"`
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
type Answer struct {
	PairID       string     `json:"pair_id"`
	XPath        string     `json:"xpath,omitempty"`
	AnswerText   string     `json:"answer_text,omitempty"`
	InsertionXML string     `json:"insertion_xml,omitempty"`
	Mode         Mode       `json:"mode,omitempty"`
	Confidence   Confidence `json:"confidence,omitempty"`
}

// WriteOptions tune write_answers.
type WriteOptions struct {
	// DryRun reports what would change without producing a document.
	DryRun bool `json:"dry_run,omitempty"`
}

// Change records one answer write_answers applied (or would apply, in a dry
// run).
type Change struct {
	PairID string `json:"pair_id"`
	XPath  string `json:"xpath,omitempty"`
	Mode   Mode   `json:"mode,omitempty"`
	Before string `json:"before"`
	After  string `json:"after"`
}

// WriteResult is the output of write_answers. Document is nil in a dry run.
type WriteResult struct {
	Document []byte   `json:"-"`
	Changes  []Change `json:"changes"`
	Skipped  []string `json:"skipped,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	DryRun   bool     `json:"dry_run,omitempty"`
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
}

// ContentStatus is verify_output's verdict on one answer.
type ContentStatus string

// Content verdicts.
const (
	ContentMatched    ContentStatus = "matched"
	ContentMismatched ContentStatus = "mismatched"
	ContentMissing    ContentStatus = "missing"
)

// ContentResult is verify_output's finding for one expected answer.
type ContentResult struct {
	PairID   string        `json:"pair_id"`
	Status   ContentStatus `json:"status"`
	Expected string        `json:"expected"`
	Actual   string        `json:"actual"`
}

// VerificationSummary counts verify_output's findings.
type VerificationSummary struct {
	Total               int    `json:"total"`
	Matched             int    `json:"matched"`
	Mismatched          int    `json:"mismatched"`
	Missing             int    `json:"missing"`
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
}

// OK reports whether every expected answer matched and the document has no
// structural issue.
func (r *VerificationReport) OK() bool {
	return r.Summary.Mismatched == 0 && r.Summary.Missing == 0 && r.Summary.StructuralIssues == 0
}
