package word

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// Run-in header detection, the one rule the document view and the edits
// share: findRunIn judges a paragraph's text and its runs, read either
// with readPara (edits: detectRunInHeader) or run by run (the view:
// viewBuilder.paragraphRow), with the emphasis the runs carry themselves
// (direct formatting and character style, charStyles.runEmphasis), so
// that a header the view shows is the header an edit keeps and renders
// like, and the other way round. What each caller does with the header
// differs: edits need its byte span, character style and direct
// formatting, the view shows its name and the formatting a reader sees.

// viewPiece is the text of one run in the document view, with its
// effective emphasis (paragraph style included): what a reader sees.
type viewPiece struct {
	text string
	runLook
}

// Limits of a run-in header's name: a caption such as "Closing
// Deliverables" or "Limitation of Liability", not a sentence.
const (
	maxCaptionRunes = 80
	maxHeaderWords  = 12
	// maxHeaderBytes bounds where mayStartWithHeader looks for the mark.
	maxHeaderBytes = 4 * maxCaptionRunes // UTF-8: up to four bytes a rune
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

// detectRunInHeader finds the run-in header of a paragraph read with
// readPara.
func detectRunInHeader(pt *paraText, cs charStyles) (runInHeader, bool) {
	return findRunIn(pt.text, pt.pieces, cs)
}

// findRunIn finds a run-in header in text, made of pieces (byte spans of
// text, each in run r): after leading space and an optional typed clause
// number, a span of runs sharing bold, italic or underline, ending in
// . : - – or — (or followed at once by . or :), every run of it carrying
// all of its first run's emphasis, whose name is a caption
// (headerLike), followed by body text that lacks that formatting:
// "Closing Deliverables.  At each Closing, …". A paragraph wholly
// emphasised is a heading, not a run-in header; a quoted term (“Affiliate”
// means) is a definition, while a quoted caption closed inside its quotes
// (“Security Incidents:”) is a header. Start and End exclude the typed
// number; the view shows it with the header.
func findRunIn(text string, pieces []piece, cs charStyles) (runInHeader, bool) {
	s := len(text) - len(strings.TrimLeft(text, " \t"))
	if h, ok := headerFrom(text, pieces, cs, s); ok {
		if m := enumerator.FindString(h.Text); m != "" && len(m) < len(h.Text) {
			h.Text, h.Start = h.Text[len(m):], h.Start+len(m)
			h.Name = headerName(h.Text, h.Punct)
		}
		return h, true
	}
	if m := enumerator.FindString(text[s:]); m != "" {
		return headerFrom(text, pieces, cs, s+len(m))
	}
	return runInHeader{}, false
}

// headerFrom tries a run-in header starting at byte h0.
func headerFrom(text string, pieces []piece, cs charStyles, h0 int) (runInHeader, bool) {
	var e emphasis
	started, end, rstyle, oneStyle := false, h0, "", true
	for _, pc := range pieces {
		if pc.end <= h0 {
			continue
		}
		if pc.start < h0 && !started {
			return runInHeader{}, false // the header would start inside a run
		}
		if strings.TrimSpace(text[pc.start:pc.end]) == "" {
			if started {
				end = pc.end
			}
			continue
		}
		next := cs.runEmphasis(pc.r)
		if !next.any() || started && !next.covers(e) {
			break // "Note:" bold italic, then italic body: the header ends
		}
		if started {
			next = e.common(next)
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
	span := strings.TrimRight(text[h0:end], " \t")
	hEnd := h0 + len(span)
	if r := closingMark(span); r != 0 {
		h.Punct, h.PunctStyled = string(r), true
	} else if hEnd < len(text) && (text[hEnd] == '.' || text[hEnd] == ':') {
		h.Punct = text[hEnd : hEnd+1]
		hEnd++
		span = text[h0:hEnd]
	}
	h.Text, h.End = span, hEnd
	h.Name = headerName(span, h.Punct)
	if h.Punct == "" || !headerLike(h.Name) || !bodyFollows(text, pieces, cs, hEnd, e) {
		return runInHeader{}, false
	}
	return h, true
}

// closingMark is the header mark that ends span, inside closing quotes
// (“Security Incidents:”) or not, or 0.
func closingMark(span string) rune {
	for _, s := range []string{span, unquote(span)} {
		if r := lastRune(s); r != 0 && strings.ContainsRune(headerPunct, r) {
			return r
		}
	}
	return 0
}

// headerName is a header's name: span without its mark and without quotes
// around it. A name that only starts with a quote (“Affiliate” means)
// stays quoted, and headerLike refuses it.
func headerName(span, punct string) string {
	inner := unquote(span)
	if inner != span && strings.HasSuffix(inner, punct) {
		return strings.TrimSpace(strings.TrimSuffix(inner, punct))
	}
	return unquote(strings.TrimSpace(strings.TrimSuffix(span, punct)))
}

// headerLike reports whether name reads as a caption: at most
// maxCaptionRunes and maxHeaderWords, starting with a letter or digit (or
// an opening bracket), holding a letter, not ending in punctuation.
func headerLike(name string) bool {
	if name == "" || utf8.RuneCountInString(name) > maxCaptionRunes || len(strings.Fields(name)) > maxHeaderWords {
		return false
	}
	first, _ := utf8.DecodeRuneInString(name)
	last, _ := utf8.DecodeLastRuneInString(name)
	return (unicode.IsLetter(first) || unicode.IsDigit(first) || first == '[' || first == '(') &&
		!strings.ContainsRune(headerPunct+",;", last) && strings.IndexFunc(name, unicode.IsLetter) >= 0
}

// bodyFollows reports whether text after byte from has letters or digits
// in a run that lacks some of the header's emphasis e.
func bodyFollows(text string, pieces []piece, cs charStyles, from int, e emphasis) bool {
	for _, pc := range pieces {
		if pc.end <= from {
			continue
		}
		seg := text[max(pc.start, from):pc.end]
		if strings.IndexFunc(seg, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 &&
			!cs.runEmphasis(pc.r).covers(e) {
			return true
		}
	}
	return false
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	if r == utf8.RuneError {
		return 0
	}
	return r
}

// cutPunct removes a header's closing mark.
func cutPunct(s string) (string, bool) {
	last, size := utf8.DecodeLastRuneInString(s)
	if !strings.ContainsRune(headerPunct, last) {
		return s, false
	}
	return strings.TrimSpace(s[:len(s)-size]), true
}

// unquote removes quotation marks around the whole of s.
func unquote(s string) string {
	for _, q := range [][2]string{{"“", "”"}, {`"`, `"`}, {"‘", "’"}, {"'", "'"}} {
		if len(s) > len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			return strings.TrimSpace(s[len(q[0]) : len(s)-len(q[1])])
		}
	}
	return s
}
