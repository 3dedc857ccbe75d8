package mcp

// The document tools' names, as the tests call them; the server takes them
// from jobs.Operations (TestToolsFollowTheOperationTable checks they agree).
const (
	ToolExtractCompact = "extract_structure_compact"
	ToolExtractRaw     = "extract_structure"
	ToolExtractText    = "extract_text"
	ToolValidate       = "validate_locations"
	ToolBuildInsertion = "build_insertion_xml"
	ToolWrite          = "write_answers"
	ToolListFields     = "list_form_fields"
	ToolVerify         = "verify_output"
	ToolSearch         = "search_document"
	ToolReadDocument   = "read_document"
)
