package word

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/beevik/etree"
)

// Role models are how a document itself formats text that plays a role:
// run-in headers (a short bold or underlined "Initial Closing." opening a
// clause) and defined terms (“Affiliate” in bold quotes). Edits render the
// <header> and <definition> tags, and explicit definitions written in
// plain text, the way the document already does (render.go).
//
// The in-package API, which the document view reuses:
//
//   - detectRunInHeader(pt, cs) finds the run-in header of one paragraph
//     read with readPara, judging runs with the document's character styles
//     (d.charStyles()); (d *document).runInHeader(p) does both steps.
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

// Limits of a run-in header: short, a few words.
const (
	maxHeaderBytes = 120
	maxHeaderWords = 12
)

// headerPunct ends a run-in header.
const headerPunct = ".:-–—"

// enumerator matches typed clause numbers before a header: "1.", "2.3",
// "(a)", "b)", "(iv)".
var enumerator = regexp.MustCompile(`^(?:\(?[0-9]{1,3}(?:\.[0-9]{1,3})*[.)]?|\(?[A-Za-z]{1,2}[.)]|\([ivxlcdmIVXLCDM]{1,6}\))\s+`)

// runInHeader finds the run-in header of paragraph p.
func (d *document) runInHeader(p *etree.Element) (runInHeader, bool) {
	return detectRunInHeader(readPara(p), d.charStyles())
}

// detectRunInHeader finds a paragraph's run-in header: after leading space
// and an optional typed clause number, a span of runs sharing bold, italic
// or underline, at most maxHeaderWords words, ending in . : - – or — (or
// followed at once by . or :), and followed by body text that lacks that
// formatting. A paragraph wholly emphasised is a heading, not a run-in
// header; a quoted term (“Affiliate” means) is a definition.
func detectRunInHeader(pt *paraText, cs charStyles) (runInHeader, bool) {
	s := len(pt.text) - len(strings.TrimLeft(pt.text, " \t"))
	if h, ok := headerFrom(pt, cs, s); ok {
		if m := enumerator.FindString(h.Text); m != "" && len(m) < len(h.Text) {
			h.Text, h.Start = h.Text[len(m):], h.Start+len(m)
			h.Name = strings.TrimSpace(strings.TrimSuffix(h.Text, h.Punct))
		}
		return h, true
	}
	if m := enumerator.FindString(pt.text[s:]); m != "" {
		return headerFrom(pt, cs, s+len(m))
	}
	return runInHeader{}, false
}

// headerFrom tries a run-in header starting at byte h0.
func headerFrom(pt *paraText, cs charStyles, h0 int) (runInHeader, bool) {
	var e emphasis
	started, end, rstyle, oneStyle := false, h0, "", true
	for _, pc := range pt.pieces {
		if pc.end <= h0 {
			continue
		}
		if pc.start < h0 && !started {
			return runInHeader{}, false // the header would start inside a run
		}
		if strings.TrimSpace(pt.text[pc.start:pc.end]) == "" {
			if started {
				end = pc.end
			}
			continue
		}
		next := cs.runEmphasis(pc.r)
		if started {
			next = e.common(next)
		}
		if !next.any() {
			break
		}
		if !started {
			rstyle = runStyle(pc.r)
		}
		oneStyle = oneStyle && runStyle(pc.r) == rstyle
		e, started, end = next, true, pc.end
	}
	if !started {
		return runInHeader{}, false
	}
	h := runInHeader{Start: h0, Format: e}
	if oneStyle {
		h.RStyle = rstyle
	}
	text := strings.TrimRight(pt.text[h0:end], " \t")
	hEnd := h0 + len(text)
	if r := lastRune(text); r != 0 && strings.ContainsRune(headerPunct, r) {
		h.Punct, h.PunctStyled = string(r), true
	} else if hEnd < len(pt.text) && (pt.text[hEnd] == '.' || pt.text[hEnd] == ':') {
		h.Punct = pt.text[hEnd : hEnd+1]
		hEnd++
		text = pt.text[h0:hEnd]
	}
	h.Text, h.End = text, hEnd
	h.Name = strings.TrimSpace(strings.TrimSuffix(text, h.Punct))
	if h.Punct == "" || !plausibleHeader(h.Name) || !bodyFollows(pt, cs, hEnd, e) {
		return runInHeader{}, false
	}
	return h, true
}

// plausibleHeader reports whether name can be a run-in header's name: a
// few words with a letter, not a quoted term.
func plausibleHeader(name string) bool {
	if name == "" || len(name) > maxHeaderBytes || len(strings.Fields(name)) > maxHeaderWords {
		return false
	}
	if strings.ContainsAny(name[:1], `"'`) || strings.HasPrefix(name, "“") || strings.HasPrefix(name, "‘") {
		return false
	}
	return strings.IndexFunc(name, unicode.IsLetter) >= 0
}

// bodyFollows reports whether text after byte from has letters or digits
// in a run that lacks some of the header's emphasis e.
func bodyFollows(pt *paraText, cs charStyles, from int, e emphasis) bool {
	for _, pc := range pt.pieces {
		if pc.end <= from {
			continue
		}
		seg := pt.text[max(pc.start, from):pc.end]
		if strings.IndexFunc(seg, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 &&
			!cs.runEmphasis(pc.r).covers(e) {
			return true
		}
	}
	return false
}

func lastRune(s string) rune {
	r := []rune(s)
	if len(r) == 0 {
		return 0
	}
	return r[len(r)-1]
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
