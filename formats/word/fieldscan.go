package word

import (
	"bytes"
	"html"
	"sort"

	"github.com/formfill/formfill/formats"
)

// Field instructions are found by looking only at the tags that make them:
// w:fldChar, w:instrText (w:delInstrText) and w:fldSimple, matched by local
// name whatever their prefix, so a part is scanned at the speed of
// bytes.Index rather than tokenized whole (the scan runs on every map, write
// and verify). Matching local names ignores which namespace a prefix names:
// it may report a field a foreign namespace fakes, never miss one a prefix
// other than w: hides.

// fieldTag is one tag of a field in a part: its kind, where it starts and
// whether it closes an element.
type fieldTag struct {
	kind  string // "fldChar", "instrText", "fldSimple"
	start int    // index of its '<'
	end   bool   // a closing tag (</…>)
}

// fieldTagNames are the local names walkFields looks for; delInstrText is
// an instruction inside a deletion, and reads as instrText.
var fieldTagNames = map[string]string{"fldChar": "fldChar", "instrText": "instrText", "delInstrText": "instrText", "fldSimple": "fldSimple"}

// findFieldTags lists the field tags of raw in document order.
func findFieldTags(raw []byte, stop *formats.Stopper) ([]fieldTag, error) {
	var tags []fieldTag
	for name, kind := range fieldTagNames {
		for i := 0; ; {
			j := bytes.Index(raw[i:], []byte(name))
			if j < 0 {
				break
			}
			at := i + j
			i = at + len(name)
			if err := stop.Step(); err != nil {
				return nil, err
			}
			if start, end, ok := tagStartBefore(raw, at); ok && nameEndsAt(raw, i) {
				tags = append(tags, fieldTag{kind: kind, start: start, end: end})
			}
		}
	}
	sort.Slice(tags, func(a, b int) bool { return tags[a].start < tags[b].start })
	return tags, nil
}

// tagStartBefore reports whether the name at index at is a tag's name:
// preceded by '<' or '</', and an optional prefix and ':'.
func tagStartBefore(raw []byte, at int) (start int, end bool, ok bool) {
	k := at
	if k > 0 && raw[k-1] == ':' {
		k--
		prefixEnd := k
		for k > 0 && isNameByte(raw[k-1]) {
			k--
		}
		if k == prefixEnd {
			return 0, false, false // an empty prefix: not a name
		}
	}
	switch {
	case k >= 1 && raw[k-1] == '<':
		return k - 1, false, true
	case k >= 2 && raw[k-1] == '/' && raw[k-2] == '<':
		return k - 2, true, true
	}
	return 0, false, false
}

// nameEndsAt reports whether a tag name ends at i (so "fldChar" does not
// match "fldCharX").
func nameEndsAt(raw []byte, i int) bool {
	return i < len(raw) && (raw[i] == '>' || raw[i] == '/' || raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r')
}

func isNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// tagEnd is the index just past the '>' of the tag starting at start,
// skipping '>' inside quoted attribute values, or -1.
func tagEnd(raw []byte, start int) int {
	var quote byte
	for i := start + 1; i < len(raw); i++ {
		switch c := raw[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i + 1
		}
	}
	return -1
}

// tagAttr is the value of the attribute of local name local in tag (the
// bytes of one tag, '<' to '>'), unescaped, or "".
func tagAttr(tag []byte, local string) string {
	for i := 0; i < len(tag); {
		j := bytes.Index(tag[i:], []byte(local+"="))
		if j < 0 {
			return ""
		}
		at := i + j
		i = at + len(local) + 1
		if at > 0 && isNameByte(tag[at-1]) && tag[at-1] != ':' {
			continue // a longer name ending in local
		}
		if inQuotes(tag[:at]) || i >= len(tag) || tag[i] != '"' && tag[i] != '\'' {
			continue
		}
		q := tag[i]
		end := bytes.IndexByte(tag[i+1:], q)
		if end < 0 {
			return ""
		}
		return unescape(tag[i+1 : i+1+end])
	}
	return ""
}

// unescape is XML character data as a parser returns it: line ends
// normalised to "\n" (before references, so a &#13; stays), then entity and
// character references replaced.
func unescape(b []byte) string {
	if bytes.IndexByte(b, '\r') >= 0 {
		b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
		b = bytes.ReplaceAll(b, []byte("\r"), []byte("\n"))
	}
	return html.UnescapeString(string(b))
}

// inQuotes reports whether the end of b lies inside a quoted value.
func inQuotes(b []byte) bool {
	var quote byte
	for _, c := range b {
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		}
	}
	return quote != 0
}

// elementText is the text of the element whose start tag ends at from and
// whose end tag starts at to: character data unescaped and CDATA sections'
// contents, comments left out.
func elementText(raw []byte, from, to int) string {
	if from < 0 || to < from {
		return ""
	}
	seg := raw[from:to]
	var b bytes.Buffer
	for len(seg) > 0 {
		i := bytes.IndexByte(seg, '<')
		if i < 0 {
			b.WriteString(unescape(seg))
			break
		}
		b.WriteString(unescape(seg[:i]))
		seg = seg[i:]
		switch {
		case bytes.HasPrefix(seg, []byte("<![CDATA[")):
			end := bytes.Index(seg, []byte("]]>"))
			if end < 0 {
				return b.String()
			}
			b.WriteString(unescapeEOL(seg[len("<![CDATA["):end]))
			seg = seg[end+3:]
		case bytes.HasPrefix(seg, []byte("<!--")):
			end := bytes.Index(seg, []byte("-->"))
			if end < 0 {
				return b.String()
			}
			seg = seg[end+3:]
		default:
			end := tagEnd(seg, 0)
			if end < 0 {
				return b.String()
			}
			seg = seg[end:]
		}
	}
	return b.String()
}

// walkFields calls fn with every field instruction of a part, outer fields
// before the fields nested in their instruction. stop is stepped once per
// tag found.
func walkFields(raw []byte, stop *formats.Stopper, fn func(instr string)) error {
	tags, err := findFieldTags(raw, stop)
	if err != nil {
		return err
	}
	var open []*bytes.Buffer // instructions of the fields begun, innermost last; nil once separated
	instrFrom := -1          // where the text of an open instrText starts
	flush := func(to int) {  // the instruction text up to a tag at to
		if n := len(open); instrFrom >= 0 && n > 0 && open[n-1] != nil && open[n-1].Len() < 4096 {
			open[n-1].WriteString(elementText(raw, instrFrom, to))
		}
	}
	for _, t := range tags {
		if t.end {
			if t.kind == "instrText" && instrFrom >= 0 {
				flush(t.start)
				instrFrom = -1
			}
			continue
		}
		end := tagEnd(raw, t.start)
		if end < 0 {
			break
		}
		tag := raw[t.start:end]
		selfClosing := bytes.HasSuffix(tag, []byte("/>"))
		if instrFrom >= 0 { // a field tag inside an instruction's text
			flush(t.start)
			instrFrom = end
		}
		switch t.kind {
		case "fldSimple":
			fn(tagAttr(tag, "instr"))
		case "instrText":
			if !selfClosing {
				instrFrom = end
			}
		case "fldChar":
			typ := tagAttr(tag, "fldCharType")
			switch typ {
			case "begin":
				open = append(open, &bytes.Buffer{})
			case "separate", "end":
				n := len(open)
				if n == 0 {
					continue
				}
				if open[n-1] != nil {
					fn(open[n-1].String())
					open[n-1] = nil
				}
				if typ == "end" {
					open = open[:n-1]
				}
			}
		}
	}
	return nil
}

// unescapeEOL normalises line ends only: CDATA has no references.
func unescapeEOL(b []byte) string {
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return string(bytes.ReplaceAll(b, []byte("\r"), []byte("\n")))
}
