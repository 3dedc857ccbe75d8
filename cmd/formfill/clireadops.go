package main

// The read-only commands whose operations speak to agents (search,
// read_document, harvest_answers): their help is worded for a person at a
// shell, with command lines as examples, instead of the MCP tool's text.

var searchCommand = cliCommand{
	summary:  "find the elements whose text holds a word, a phrase or a regular expression",
	noNotify: true,
	desc: `Prints the IDs of the elements (paragraphs, table cells, sheet cells, PDF
fields) whose text holds PATTERN, in document order, each with its first
match in context (…before>>>match<<<after…) and how many it holds. Letter
case is ignored; --regex reads PATTERN as a regular expression (RE2). Read
a whole element with extract --ids.`,
	examples: []string{
		`formfill search agreement.docx "Effective Date"`,
		`formfill search agreement.docx 'Section \d+\.\d+' --regex`,
		`formfill search questionnaire.xlsx encryption --json`,
	},
}

var readCommand = cliCommand{
	summary:  "print a document as rows: clause numbers, run-in headers and styles beside the text",
	noNotify: true,
	desc: `Prints the document as rows, one per Word paragraph or table cell (the
compact map's IDs), Excel worksheet row or PDF field. A Word row shows the
clause number Word displays (1.1, (a), Article II), a run-in header moved
out of the text, and a readable name of the paragraph's style. --format json
adds the formatting behind them. Long documents come a page at a time:
--limit or --max-tokens, then --offset from the page's next offset.`,
	examples: []string{
		"formfill read agreement.docx",
		"formfill read agreement.docx --offset 180",
		"formfill read agreement.docx --format json --json",
	},
}

var harvestCommand = cliCommand{
	summary:  "print the answers a filled document holds, question by question",
	noNotify: true,
	desc: `Reads back the answers a filled Word, Excel or PDF document holds, one per
answered place: its ID, the question (and its number), the answer (a
ticked box as Yes, a choice as its label) and the section or sheet it is
in; targets still blank are listed as unanswered. Use it to see what last
year's questionnaire said, or before carry-over.`,
	examples: []string{
		"formfill harvest last-year.filled.xlsx",
		"formfill harvest last-year.filled.docx --json",
	},
}
