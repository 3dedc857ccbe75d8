package word

import (
	"regexp"
	"strings"
)

// Role models are how a document itself formats text that plays a role:
// run-in headers (a short bold or underlined "Initial Closing." opening a
// clause) and defined terms (“Affiliate” in bold quotes). Edits render the
// <header> and <definition> tags, and explicit definitions written in
// plain text, the way the document already does (render.go).
//
// The in-package API, which the document view reuses:
//
//   - detectRunInHeader(pt, cs) (runin.go) finds the run-in header of one
//     paragraph read with readPara, judging runs with the document's
//     character styles (d.charStyles()); (d *document).runInHeader(p) does
//     both steps. The view uses the same rule (findRunIn).
//   - findDefinitions(text) finds explicit definitions in any text:
//     “Term” means / shall mean / has the meaning / refers to …, and
//     parenthetical ones such as (the “Company”).
//   - (d *document).roleModels() gives the document-wide models: the
//     definition style most of its definitions share, and its run-in
//     headers in document order; headerNear(p) is the header style to
//     follow at paragraph p (the nearest one).
//   - (d *document).bodyRun(el) is a run carrying the formatting of most of
//     el's text outside run-in headers: what new body text takes.

// runInHeader is a paragraph's run-in header.
type runInHeader struct {
	Text        string // as shown, with its punctuation: "Initial Closing."
	Name        string // without the trailing punctuation: "Initial Closing"
	Punct       string // the trailing punctuation: ".", ":", "-", "–" or "—"
	PunctStyled bool   // the punctuation carries the header's formatting
	Start, End  int    // byte span of Text in the paragraph's visible text
	Format      emphasis
	RStyle      string // the character style the header's runs share, if any
}

// defMatch is an explicit definition found in text: the byte offsets of
// its opening quote, its term and its closing quote.
type defMatch struct {
	open, termStart, termEnd, close int
}

// Explicit definitions: a quoted term followed by a defining verb, or a
// quoted term alone in parentheses, after at most a few words.
var (
	explicitDefinition = regexp.MustCompile(`([“"])([^“”"\n]{1,80}?)([”"])\s*,?\s*(?i:means|shall mean|shall have the meaning|has the meaning|have the meaning|refers to|shall refer to|is defined as)\b`)
	parenDefinition    = regexp.MustCompile(`\((?:[^()“”"\n]{0,40}?\s)?([“"])([^“”"\n]{1,80}?)([”"])\)`)
)

// findDefinitions finds the explicit definitions in text, in order.
func findDefinitions(text string) []defMatch {
	if !strings.ContainsAny(text, `"“`) {
		return nil // most text quotes nothing: no regexp to run
	}
	var out []defMatch
	for _, re := range []*regexp.Regexp{explicitDefinition, parenDefinition} {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			out = append(out, defMatch{open: m[2], termStart: m[4], termEnd: m[5], close: m[6]})
		}
	}
	for i := 1; i < len(out); i++ { // insertion sort: a handful of matches
		for j := i; j > 0 && out[j].open < out[j-1].open; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// definitionStyle is how a document formats its defined terms.
type definitionStyle struct {
	Format       emphasis
	RStyle       string // the character style of the terms, if they share one
	QuotesStyled bool   // the quotes carry the term's formatting
	Open, Close  string // the quote characters
	Seen         int    // how many definitions show this style
}

// defaultDefinitionStyle renders <definition> in a document with no
// definitions to learn from: bold, in curly quotes.
var defaultDefinitionStyle = definitionStyle{Format: emphasis{Bold: true}, Open: "“", Close: "”"}

// definitionOf reads the style of one definition found in pt.
func definitionOf(pt *paraText, cs charStyles, m defMatch) definitionStyle {
	ds := definitionStyle{Open: pt.text[m.open:m.termStart], Close: pt.text[m.termEnd : m.termEnd+len(closeQuoteAt(pt.text, m.termEnd))]}
	started, oneStyle, rstyle := false, true, ""
	var quote *emphasis
	for _, pc := range pt.pieces {
		if pc.start <= m.open && m.open < pc.end {
			q := cs.runEmphasis(pc.r)
			quote = &q
		}
		if pc.end <= m.termStart || pc.start >= m.termEnd || strings.TrimSpace(pt.text[max(pc.start, m.termStart):min(pc.end, m.termEnd)]) == "" {
			continue
		}
		e := cs.runEmphasis(pc.r)
		if !started {
			ds.Format, rstyle, started = e, runStyle(pc.r), true
			continue
		}
		ds.Format = ds.Format.common(e)
		oneStyle = oneStyle && runStyle(pc.r) == rstyle
	}
	if oneStyle {
		ds.RStyle = rstyle
	}
	ds.QuotesStyled = quote != nil && ds.Format.any() && quote.covers(ds.Format)
	return ds
}

// closeQuoteAt returns the quote character at byte i of s.
func closeQuoteAt(s string, i int) string {
	for _, q := range []string{"”", `"`} {
		if strings.HasPrefix(s[i:], q) {
			return q
		}
	}
	return ""
}
