package formats

import "regexp"

// The words questionnaires name their columns with, shared by the engines'
// target detection: a table reads the same in a workbook and a document.
var (
	// AnswerColumn names a column respondents write in.
	AnswerColumn = regexp.MustCompile(`(?i)\b(answers?|responses?|respond|repl(y|ies)|comments?|notes?|remarks?|explanations?|explain|justifications?|justify|evidence|descriptions?|implementation|additional (info|information|details|comments)|details|status|results?|findings?|observations?|yes\s*[/-]\s*no|y\s*/\s*n)\b`)
	// ReviewerColumn names a column kept for whoever reviews the answers.
	ReviewerColumn = regexp.MustCompile(`(?i)\b(analysts?|reviewers?|evaluators?|overrides?|scor(e|es|ing)|weights?|weighting|(internal|office|official) use)\b`)
	// QuestionColumn names the column holding the questions.
	QuestionColumn = regexp.MustCompile(`(?i)\b(questions?|requirements?|controls?|criteri(a|on)|items?|checklist|topics?|queries|query)\b`)
)
