package word

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Template-engine markers. Templates meant for a generator (docxtpl and
// Jinja, docxtemplater, mail merge, LINQ Reporting, double-bracket block
// engines) carry two kinds of tags: fill-in fields, which stand where a
// value goes ({{ company_name }}, {name}, «Name», <<Name>>, [[name]]), and
// structural tags, which steer the generator ({% for %}, {%tr endfor %},
// {#items}, {/items}, «TableStart:Orders», <<foreach …>>, [[BLOCK:intro]],
// {{p include_docx_template(…) }}). A fill-in field is an answer place a
// person completing the document by hand writes over; a structural tag is
// never one, and filling it breaks the template.

// maxMarkerRunes bounds what a marker holds: an expression, not a page.
const maxMarkerRunes = 200

// templateMarker is one template tag found in a text.
type templateMarker struct {
	start, end int    // byte offsets of the whole tag in the text
	expr       string // what the tag holds, without its delimiters
	structural bool
}

// markerOpeners are the characters a template tag can start with; text
// without any of them has no tag (hasOpener, the cheap test templateRow
// puts each cell through; scanMarkers uses mayHoldMarker). asciiOpeners
// are those but «, which hasOpener tests apart.
const (
	asciiOpeners  = "{[<$"
	markerOpeners = asciiOpeners + "«"
)

// hasOpener reports text holding one of markerOpeners. ContainsAny with a
// non-ASCII character in its set looks every rune up, so « is tested on
// its own.
func hasOpener(text string) bool {
	return strings.ContainsAny(text, asciiOpeners) || strings.Contains(text, "«")
}

// markerDelims are the tag syntaxes, longest opener first so that "{{"
// is read before "{".
var markerDelims = []struct {
	open, close string
	kind        func(inner string) (expr string, structural, ok bool)
}{
	{"{{", "}}", jinjaExpression},
	{"{%", "%}", func(s string) (string, bool, bool) { return s, true, true }},
	{"{#", "#}", func(s string) (string, bool, bool) { return s, true, true }},
	{"[[", "]]", doubleBracket},
	{"<<", ">>", reportingTag},
	{"«", "»", mergeField},
	{"${", "}", braceField},
	{"{", "}", braceField},
}

// scanMarkers lists the template tags of text in order.
func scanMarkers(text string) []templateMarker {
	if !mayHoldMarker(text) {
		return nil
	}
	var out []templateMarker
	for i := 0; i < len(text); {
		j := strings.IndexAny(text[i:], markerOpeners)
		if j < 0 {
			break
		}
		i += j
		m, ok := markerAt(text, i)
		if !ok {
			_, w := utf8.DecodeRuneInString(text[i:])
			i += w
			continue
		}
		out = append(out, m)
		i = m.end
	}
	return out
}

// mayHoldMarker is the cheap test: text without a tag's opening ("{",
// "«", "[[", "<<") holds none. Agreements are full of single brackets.
func mayHoldMarker(text string) bool {
	return strings.Contains(text, "{") || strings.Contains(text, "«") || strings.Contains(text, "[[") || strings.Contains(text, "<<")
}

// markerAt reads the tag starting at byte i of text, if one does.
func markerAt(text string, i int) (templateMarker, bool) {
	if !strings.ContainsRune(markerOpeners, rune(text[i])) && !strings.HasPrefix(text[i:], "«") {
		return templateMarker{}, false
	}
	for _, d := range markerDelims {
		if !strings.HasPrefix(text[i:], d.open) {
			continue
		}
		from := i + len(d.open)
		j := strings.Index(text[from:], d.close)
		if j < 0 {
			continue // a shorter opener may still close ({#items} is no {# … #})
		}
		inner := text[from : from+j]
		if strings.ContainsAny(inner, "\n{}") && d.open != "{%" || utf8.RuneCountInString(inner) > maxMarkerRunes {
			return templateMarker{}, false
		}
		expr, structural, ok := d.kind(strings.TrimSpace(inner))
		if !ok {
			return templateMarker{}, false
		}
		structural = structural || imageSlot(expr)
		return templateMarker{start: i, end: from + j + len(d.close), expr: expr, structural: structural}, true
	}
	return templateMarker{}, false
}

// jinjaExpression reads a docxtpl / Jinja {{ … }} tag: a value, unless it
// pulls in another document (include_docx_template, a subdoc), which is
// the template's structure. docxtpl's p, r, tr and tc prefixes say where
// the value goes and are not part of it.
func jinjaExpression(inner string) (string, bool, bool) {
	for _, prefix := range []string{"p ", "r ", "tr ", "tc "} {
		if strings.HasPrefix(inner, prefix) {
			inner = strings.TrimSpace(inner[len(prefix):])
			break
		}
	}
	if inner == "" {
		return "", false, false
	}
	l := strings.ToLower(inner)
	structural := strings.Contains(l, "include_") || strings.Contains(l, "subdoc")
	return inner, structural, true
}

// doubleBracket reads a [[…]] tag: block and section markers name their
// kind before a colon ([[BLOCK:intro]], [[END:intro]]) or open and close
// with # and / ([[#items]], [[/items]]); any other is a field
// ([[first_name]]).
func doubleBracket(inner string) (string, bool, bool) {
	if inner == "" || !strings.ContainsFunc(inner, unicode.IsLetter) {
		return "", false, false
	}
	if strings.HasPrefix(inner, "#") || strings.HasPrefix(inner, "/") {
		return inner, true, true
	}
	if k, _, ok := strings.Cut(inner, ":"); ok && isKeyword(k) {
		return inner, true, true
	}
	return inner, false, true
}

// reportingTag reads a <<…>> tag (LINQ Reporting, merge templates):
// <<foreach …>>, <</foreach>>, <<if …>>, <<else>>, <<var …>> steer;
// <<[expr]>> and <<Name>> are values.
func reportingTag(inner string) (string, bool, bool) {
	if inner == "" || !strings.ContainsFunc(inner, unicode.IsLetter) {
		return "", false, false
	}
	l := strings.ToLower(inner)
	for _, k := range []string{"/", "foreach", "if ", "if[", "else", "var ", "restartnum", "doc ", "link ", "bookmark", "next", "endif", "end"} {
		if strings.HasPrefix(l, k) {
			return inner, true, true
		}
	}
	return strings.Trim(inner, "[] "), false, true
}

// mergeField reads a «…» merge field as Word shows it: region and group
// markers («TableStart:Orders», «EndGroup») steer, others are fields.
func mergeField(inner string) (string, bool, bool) {
	if inner == "" || !strings.ContainsFunc(inner, unicode.IsLetter) {
		return "", false, false
	}
	l := strings.ToLower(inner)
	for _, k := range []string{"tablestart:", "tableend:", "begingroup", "endgroup", "groupstart", "groupend", "next", "if ", "foreach", "/"} {
		if strings.HasPrefix(l, k) {
			return inner, true, true
		}
	}
	return inner, false, true
}

// braceField reads a single-brace tag: docxtemplater's loops, sections
// and raw inserts ({#items}, {/items}, {^empty}, {@raw}) steer; a name or
// a short prompt ({name}, {Insert Date}) is a field. Braces around
// anything else (code, JSON, sets) are not a tag.
func braceField(inner string) (string, bool, bool) {
	if inner == "" {
		return "", false, false
	}
	switch inner[0] {
	case '#', '/', '^', '@', '-', '%', '>':
		return inner, true, strings.ContainsFunc(inner, unicode.IsLetter)
	}
	if strings.ContainsAny(inner, "\"=;:<>") || !strings.ContainsFunc(inner, unicode.IsLetter) {
		return "", false, false
	}
	first, _ := utf8.DecodeRuneInString(inner)
	if !unicode.IsLetter(first) && first != '_' {
		return "", false, false
	}
	return inner, false, true
}

// imageSlot reports a field an image fills ({agency logo}, {{ photo }}):
// no text answer goes there.
func imageSlot(expr string) bool {
	l := strings.ToLower(expr)
	for _, w := range []string{"logo", "image", "picture", "photo", "seal"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// isKeyword reports an upper-case word naming a marker's kind (BLOCK,
// SECTION, END_IF).
func isKeyword(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 24 {
		return false
	}
	for _, r := range s {
		if !(unicode.IsUpper(r) || r == '_' || r == '-' || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// hasFillInMarker reports a template field in text: a place a value goes.
func hasFillInMarker(text string) bool {
	for _, m := range scanMarkers(text) {
		if !m.structural {
			return true
		}
	}
	return false
}

// structuralOnly reports text made of structural template tags alone
// ("{%p endif %}", "[[BLOCK:intro]]", "{{p include_docx_template('x') }}"):
// the template's skeleton, never an answer place.
func structuralOnly(text string) bool {
	ms := scanMarkers(text)
	if len(ms) == 0 {
		return false
	}
	at := 0
	for _, m := range ms {
		if !m.structural || strings.TrimSpace(text[at:m.start]) != "" {
			return false
		}
		at = m.end
	}
	return strings.TrimSpace(text[at:]) == ""
}

// markerText removes the template tags from text, for reading the label
// written around them.
func markerText(text string) string {
	ms := scanMarkers(text)
	if len(ms) == 0 {
		return text
	}
	var b strings.Builder
	at := 0
	for _, m := range ms {
		b.WriteString(text[at:m.start])
		b.WriteByte(' ')
		at = m.end
	}
	b.WriteString(text[at:])
	return b.String()
}

// firstPlaceholder is the span of the first blank of text the writer
// fills: a placeholder ([…], ___, ☐, Word's prompts) outside template
// tags, a template fill-in field, or a long bracketed prompt.
func firstPlaceholder(text string) []int {
	ms := scanMarkers(text)
	var at, raw []int
	for _, loc := range placeholderScan.spans(text) {
		if insideMarker(ms, loc[0]) {
			continue
		}
		if raw == nil {
			raw = loc
		}
		if text[loc[0]] != '[' || bracketBlank(text, loc) {
			at = loc // a bracket detection reads as a blank, not a note or a citation before it
			break
		}
	}
	if at == nil {
		at = raw
	}
	if other := otherPlaceholder(text); other != nil && (at == nil || other[0] < at[0]) {
		at = other
	}
	return at
}

// otherPlaceholder is the span of the first blank placeholderPattern does
// not read: a template fill-in field or a bracketed prompt too long for
// it. nil when text has neither.
func otherPlaceholder(text string) []int {
	var at []int
	for _, m := range scanMarkers(text) {
		if !m.structural {
			at = []int{m.start, m.end}
			break
		}
	}
	if loc := longPromptSpan(text); loc != nil && (at == nil || loc[0] < at[0]) {
		at = loc
	}
	return at
}

// templateRow reports a table row that steers a template: one of its
// cells holds structural tags alone ("{%tr for r in risks %}", "{%tr
// endfor %}"). The generator removes such rows; their cells take no
// answer.
func (f *finder) templateRow(cell *node) bool {
	if cell.row == nil {
		return false
	}
	if is, ok := f.templateRows[cell.row]; ok {
		return is // every cell of the row asks: read its cells once
	}
	is := false
	for _, c := range cell.row.cells {
		if t := f.d.textOf(c.el); hasOpener(t) && structuralOnly(t) {
			is = true
			break
		}
	}
	f.templateRows[cell.row] = is
	return is
}
