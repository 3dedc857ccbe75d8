package formats

// The words questionnaires name their columns with, shared by the engines'
// target detection: a table reads the same in a workbook and a document.
// Each is a Pattern: text holding none of its words is ruled out before the
// expression runs.
var (
	// AnswerColumn names a column respondents write in.
	AnswerColumn = MustPattern(`(?i)\b(answers?|responses?|respond|repl(y|ies)|comments?|notes?|remarks?|explanations?|explain|justifications?|justify|evidence|descriptions?|implementation|additional (info|information|details|comments)|details|status|results?|findings?|observations?|yes\s*[/-]\s*no|y\s*/\s*n)\b`)
	// ReviewerColumn names a column kept for whoever reviews the answers.
	ReviewerColumn = MustPattern(`(?i)\b(analysts?|reviewers?|evaluators?|overrides?|scor(e|es|ing)|weights?|weighting|(internal|office|official) use)\b`)
	// QuestionColumn names the column holding the questions.
	QuestionColumn = MustPattern(`(?i)\b(questions?|requirements?|controls?|criteri(a|on)|items?|checklist|topics?|queries|query)\b`)
)
