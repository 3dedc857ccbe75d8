package word

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// A paragraph's style fingerprint is its effective formatting, written so
// that paragraphs that look alike share it:
//
//	Heading2|L1|both|ind720/-360|b|
//
// the paragraph style, the list level (L- when not numbered), the
// alignment, the left and first-line indents in twentieths of a point, the
// emphasis of most of the body text (b, i, u, c for capitals) and the role
// ("def" for a definition). Only these properties are read, so the
// attributes that change on every save (w:rsid*, w14:paraId, revision IDs
// and dates) cannot change a fingerprint.

// definitionText matches a paragraph that defines a term: “Affiliate”
// means …, "Code" shall mean …, “Fund” has the meaning….
var definitionText = regexp.MustCompile(`^(?:“[^”]{1,80}”|"[^"]{1,80}"|‘[^’]{1,80}’)\s*(?:\([^)]{0,40}\)\s*)?(?:means|shall mean|has the meaning|shall have the meaning|refers to|is defined)`)

// fingerprint is the style fingerprint of a paragraph; body is the text
// after any run-in header, text the paragraph's text.
func (vb *viewBuilder) fingerprint(pPr *etree.Element, paraStyle string, np *paraNumber, body []viewPiece, text string) string {
	chain := vb.x.paraChain(pPr, np)
	level := "L-"
	if np != nil {
		level = "L" + strconv.Itoa(np.Ilvl)
	}
	jc := firstAttr(chain, "jc", "val")
	if jc == "" {
		jc = "left"
	}
	left := twips(firstAttr(chain, "ind", "left", "start"))
	first := twips(firstAttr(chain, "ind", "firstLine"))
	if h := firstAttr(chain, "ind", "hanging"); h != "" {
		first = -twips(h)
	}
	role := ""
	if definitionText.MatchString(text) {
		role = "def"
	}
	return paraStyle + "|" + level + "|" + jc + "|ind" + strconv.Itoa(left) + "/" + strconv.Itoa(first) +
		"|" + dominantEmphasis(body) + "|" + role
}

// twips reads a measure in twentieths of a point; 0 when absent or odd.
func twips(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil {
			return 0
		}
		n = int(f)
	}
	return n
}

// dominantEmphasis is the emphasis of more than half of the text's
// characters: "b", "bi", "u"… or "-" for plain.
func dominantEmphasis(parts []viewPiece) string {
	var total, bold, italic, underline, caps int
	for _, p := range parts {
		n := len(strings.TrimSpace(p.text))
		total += n
		if p.bold {
			bold += n
		}
		if p.italic {
			italic += n
		}
		if p.underline {
			underline += n
		}
		if p.caps {
			caps += n
		}
	}
	var b strings.Builder
	for _, f := range []struct {
		n    int
		mark string
	}{{bold, "b"}, {italic, "i"}, {underline, "u"}, {caps, "c"}} {
		if total > 0 && 2*f.n > total {
			b.WriteString(f.mark)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// styleNamer turns fingerprints into readable style IDs: the paragraph
// style's name in lower case ("heading_2"; Normal is "body"), "definition"
// for definitions, "cell_…" for table cells, numbered in order of first
// appearance ("body_1", "body_2") when one name covers several
// fingerprints.
type styleNamer struct {
	ss *styleSheet
}

func newStyleNamer(ss *styleSheet) *styleNamer { return &styleNamer{ss: ss} }

// name sets Style on every row from its fingerprint.
func (sn *styleNamer) name(rows []formats.ViewNode) {
	base := map[string]string{}       // fingerprint → base name
	variants := map[string][]string{} // base name → fingerprints, in order
	for _, r := range rows {
		fp := r.StyleFingerprint
		if r.Style != "" || fp == "" {
			continue
		}
		if _, seen := base[fp]; seen {
			continue
		}
		b := sn.baseName(fp)
		base[fp] = b
		variants[b] = append(variants[b], fp)
	}
	for i := range rows {
		r := &rows[i]
		if r.Style != "" || r.StyleFingerprint == "" {
			continue
		}
		b := base[r.StyleFingerprint]
		r.Style = b
		if vs := variants[b]; len(vs) > 1 {
			for j, fp := range vs {
				if fp == r.StyleFingerprint {
					r.Style = b + "_" + strconv.Itoa(j+1)
				}
			}
		}
	}
}

// baseName is the readable part of a fingerprint's style ID.
func (sn *styleNamer) baseName(fp string) string {
	prefix := ""
	if rest, ok := strings.CutPrefix(fp, "cell|"); ok {
		prefix, fp = "cell_", rest
	}
	if strings.HasSuffix(fp, "|def") {
		return prefix + "definition"
	}
	styleID, _, _ := strings.Cut(fp, "|")
	return prefix + styleSlug(sn.ss.StyleName(styleID))
}

// slug writes a style name as an identifier: lower case, words joined by
// "_"; Normal and unnamed styles are "body".
func styleSlug(name string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			under = false
			continue
		}
		under = true
	}
	switch s := b.String(); s {
	case "", "normal", "default_paragraph_font":
		return "body"
	default:
		return s
	}
}
