package excel

import "testing"

// structuredTables are two tables of 'Data Tab': Scores (B2:F6, a header
// row and a totals row) and Bare (H3:I5, neither).
func structuredTables() (map[string]*tableDef, []string) {
	return map[string]*tableDef{
		"SCORES": {name: "Scores", sheet: 2, ref: rect{2, 2, 6, 6}, headers: 1, totals: 1,
			cols: []string{"Item", "Value", "Y, Y(C), N", "Rate #1 [x]", "Doubled"}},
		"BARE": {name: "Bare", sheet: 2, ref: rect{3, 8, 5, 9}, cols: []string{"A", "B"}},
	}, []string{"START HERE", "Data Tab", "Report"}
}

func TestRewriteStructuredResolvesEachForm(t *testing.T) {
	tables, sheets := structuredTables()
	report := cell{sheet: 3, row: 4, col: 2}  // Report!B4: row 4 is one of Scores' data rows
	inTable := cell{sheet: 2, row: 5, col: 6} // 'Data Tab'!F5
	for _, tc := range []struct {
		name    string
		at      cell
		formula string
		want    string
	}{
		{"column", report, "SUM(Scores[Value])", "SUM('Data Tab'!$C$3:$C$5)"},
		{"names case-insensitively", report, "SUM(scores[VALUE])", "SUM('Data Tab'!$C$3:$C$5)"},
		{"whole table's data", report, "SUM(Scores[])", "SUM('Data Tab'!$B$3:$F$5)"},
		{"all", report, "ROWS(Scores[#All])", "ROWS('Data Tab'!$B$2:$F$6)"},
		{"data", report, "SUM(Scores[#Data])", "SUM('Data Tab'!$B$3:$F$5)"},
		{"headers", report, "Scores[#Headers]", "'Data Tab'!$B$2:$F$2"},
		{"totals", report, "Scores[#Totals]", "'Data Tab'!$B$6:$F$6"},
		{"special items case-insensitively", report, "Scores[[#all]]", "'Data Tab'!$B$2:$F$6"},
		{"this row", report, "Scores[[#This Row],[Value]]", "'Data Tab'!$C$4"},
		{"this row, a column with commas and parentheses", report, `Scores[[#This Row],[Y, Y(C), N]]="Y"`, `'Data Tab'!$D$4="Y"`},
		{"escaped column", report, "Scores[[#This Row],[Rate '#1 '[x']]]", "'Data Tab'!$E$4"},
		{"escaped column alone", report, "Scores[Rate '#1 '[x']]", "'Data Tab'!$E$3:$E$5"},
		{"spaces between items", report, "Scores[[#This Row], [Value]]", "'Data Tab'!$C$4"},
		{"column span", report, "SUM(Scores[[Value]:[Doubled]])", "SUM('Data Tab'!$C$3:$F$5)"},
		{"column span backwards", report, "SUM(Scores[[Doubled]:[Value]])", "SUM('Data Tab'!$C$3:$F$5)"},
		{"headers and data of a column", report, "Scores[[#Headers],[#Data],[Value]]", "'Data Tab'!$C$2:$C$5"},
		{"data and totals of a column", report, "Scores[[#Data],[#Totals],[Doubled]]", "'Data Tab'!$F$3:$F$6"},
		{"all of a column", report, "Scores[[#All],[Item]]", "'Data Tab'!$B$2:$B$6"},
		{"at column", inTable, "[@Value]*2", "'Data Tab'!$C$5*2"},
		{"at bracketed column", inTable, "[@[Rate '#1 '[x']]]", "'Data Tab'!$E$5"},
		{"at span", inTable, "SUM([@[Value]:[Doubled]])", "SUM('Data Tab'!$C$5:$F$5)"},
		{"at whole row", inTable, "COUNTA([@])", "COUNTA('Data Tab'!$B$5:$F$5)"},
		{"table at column", report, "Scores[@Value]", "'Data Tab'!$C$4"},
		{"column of the formula's table", inTable, "SUM([Value])", "SUM('Data Tab'!$C$3:$C$5)"},
		{"two references", report, "Scores[@Value]&Bare[B]", "'Data Tab'!$C$4&'Data Tab'!$I$3:$I$5"},
		{"table without headers", report, "SUM(Bare[])", "SUM('Data Tab'!$H$3:$I$5)"},
		// Left as written: the formula cannot be traced.
		{"unknown table", report, "SUM(Nope[Value])", "SUM(Nope[Value])"},
		{"unknown column", report, "SUM(Scores[Nope])", "SUM(Scores[Nope])"},
		{"this row off the data rows", cell{sheet: 3, row: 6, col: 2}, "Scores[[#This Row],[Value]]", "Scores[[#This Row],[Value]]"},
		{"headers of a table without", report, "Bare[#Headers]", "Bare[#Headers]"},
		{"totals of a table without", report, "Bare[#Totals]", "Bare[#Totals]"},
		{"this row with another item", report, "Scores[[#This Row],[#Data],[Value]]", "Scores[[#This Row],[#Data],[Value]]"},
		{"two columns", report, "Scores[[Value],[Item]]", "Scores[[Value],[Item]]"},
		{"unknown special item", report, "Scores[#Everything]", "Scores[#Everything]"},
		{"unescaped bracket", report, "Scores[[a]b]]", "Scores[[a]b]]"},
		{"no table holds the formula", report, "[@Value]", "[@Value]"},
		{"unclosed", report, "Scores[Value", "Scores[Value"},
		{"another workbook's sheet", report, "[1]Data!A1+Scores[Value]", "[1]Data!A1+'Data Tab'!$C$3:$C$5"},
		{"another workbook's quoted sheet", report, "'[1]Data Tab'!A1", "'[1]Data Tab'!A1"},
		{"another workbook's table", report, "[1]!Scores[Value]", "[1]!Scores[Value]"},
		{"a book-named table", report, "Book.xlsx!Scores[Value]", "Book.xlsx!Scores[Value]"},
		{"inside a string", report, `"Scores[Value]"&Scores[@Item]`, `"Scores[Value]"&'Data Tab'!$B$4`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rewriteStructured(tc.formula, tc.at, tables, sheets); got != tc.want {
				t.Errorf("rewriteStructured(%q) = %q, want %q", tc.formula, got, tc.want)
			}
		})
	}
}

func TestRewriteStructuredQuotesSheetNames(t *testing.T) {
	tables := map[string]*tableDef{"T": {name: "T", sheet: 1, ref: rect{1, 1, 3, 1}, headers: 1, cols: []string{"A"}}}
	for _, tc := range []struct{ sheet, want string }{
		{"Plain", "'Plain'!$A$2:$A$3"},
		{"Org's Summary", "'Org''s Summary'!$A$2:$A$3"},
	} {
		if got := rewriteStructured("T[A]", cell{sheet: 1, row: 1, col: 5}, tables, []string{tc.sheet}); got != tc.want {
			t.Errorf("on sheet %q: %q, want %q", tc.sheet, got, tc.want)
		}
	}
}

// TestParseFormulaTracesStructuredReferences shows the graph reading a
// table's cells through a structured reference, which it did not.
func TestParseFormulaTracesStructuredReferences(t *testing.T) {
	doc := tableBook(t, map[string]string{"B7": "SUM(Scores[Value])", "B8": "Scores[[#This Row],[Value]]"}, nil)
	w := answeredWriter(t, doc, nil)
	for _, tc := range []struct {
		name    string
		at      cell
		formula string
		want    sheetRect
	}{
		{"column", cell{3, 7, 2}, "SUM(Scores[Value])", sheetRect{2, rect{3, 3, 5, 3}}},
		{"this row", cell{3, 4, 2}, "Scores[[#This Row],[Value]]", sheetRect{2, rect{4, 3, 4, 3}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, refs := w.wb.parseFormula(tc.at, tc.formula, nil, nil)
			if n.external || len(refs) != 1 || refs[0] != tc.want {
				t.Errorf("parseFormula(%q) reads %v (external %v), want %v", tc.formula, refs, n.external, tc.want)
			}
		})
	}
}

// FuzzRewriteStructured feeds rewriteStructured arbitrary formulas: it
// does not panic, and what it gives back holds nothing more to rewrite.
func FuzzRewriteStructured(f *testing.F) {
	for _, s := range []string{"SUM(Scores[Value])", "Scores[[#This Row],[Rate '#1 '[x']]]", "[@[Value]:[Doubled]]", `"a[b]"&'[1]x'!A1`, "Scores[[#Data],[#Totals],[Doubled]]", "Bare[#Headers]"} {
		f.Add(s, 4)
	}
	tables, sheets := structuredTables()
	f.Fuzz(func(t *testing.T, formula string, row int) {
		at := cell{sheet: 2, row: row, col: 6}
		once := rewriteStructured(formula, at, tables, sheets)
		if twice := rewriteStructured(once, at, tables, sheets); twice != once {
			t.Errorf("rewriteStructured(%q) = %q, then %q", formula, once, twice)
		}
	})
}
