package wordxml

import "github.com/formfill/formfill/formats/internal/xmllex"

// The lazy write's check of one tag of unbuilt content: whether Write
// would give it as it stands, in which case content copies it unchanged.

// writtenAsIs reports whether the tag at b[i] is written as it stands
// (kept) and where it ends: "</x>", or "<x a="1" b="2">" or "/>" with one
// space before each attribute, double quotes and values Write leaves as
// they are, no name twice. A start tag whose end tag follows at once is
// written "<x .../>": kept, with next the negated index of its '>'.
//
// Every tag of an unbuilt paragraph comes through here, so repeated names
// are looked for by a hash of each name made while it is scanned, in an
// array without pointers; a tag with two equal hashes or more attributes
// than fastAttrs is decided by writtenAsIsExact.
func writtenAsIs(b []byte, i int) (next int, kept bool) {
	j := i + 1
	if j >= len(b) {
		return 0, false
	}
	switch b[j] {
	case '/':
		start := j + 1
		j = xmllex.Span(b, start, &nameBytes)
		if j == start || j >= len(b) {
			return 0, false
		}
		return j + 1, b[j] == '>'
	case '?', '!':
		return 0, false
	}
	j = xmllex.Span(b, j, &nameBytes)
	if j == i+1 || j >= len(b) {
		return 0, false
	}
	var hashes [fastAttrs]uint64
	n := 0
	for j < len(b) && b[j] == ' ' {
		k := j + 1
		h := uint64(0)
		for k < len(b) && nameBytes[b[k]] {
			h = h*31 + uint64(b[k])
			k++
		}
		if k == j+1 || k+1 >= len(b) || b[k] != '=' || b[k+1] != '"' {
			return 0, false
		}
		if n == len(hashes) {
			return writtenAsIsExact(b, i)
		}
		for _, o := range hashes[:n] {
			if o == h {
				return writtenAsIsExact(b, i) // the same name, or a rare clash
			}
		}
		hashes[n], n = h, n+1
		if j = plainQuoted(b, k+2); j < 0 {
			return 0, false
		}
	}
	return tagEnd(b, j)
}

// fastAttrs is how many attributes writtenAsIs checks for repeats by
// hash; Word's tags rarely have more than six.
const fastAttrs = 8

// tagEnd is writtenAsIs's answer once the attributes before b[j] are
// read: where the tag ends, or the negated index of its '>' when its end
// tag follows at once.
func tagEnd(b []byte, j int) (next int, kept bool) {
	switch {
	case j >= len(b):
		return 0, false
	case b[j] == '/':
		return j + 2, true
	case b[j] != '>':
		return 0, false
	case j+2 < len(b) && b[j+1] == '<' && b[j+2] == '/':
		return -j, true
	}
	return j + 1, true
}

// writtenAsIsExact is writtenAsIs comparing attribute names byte by byte,
// for tags whose names the hashes do not tell apart.
func writtenAsIsExact(b []byte, i int) (next int, kept bool) {
	j := i + 1
	end := b[j] == '/'
	if end || b[j] == '?' || b[j] == '!' {
		j++
	}
	start := j
	j = xmllex.Span(b, j, &nameBytes)
	if j == start || j >= len(b) || b[i+1] == '?' || b[i+1] == '!' {
		return 0, false
	}
	if end {
		return j + 1, b[j] == '>'
	}
	var names [maxTranscribedAttrs][]byte
	n := 0
	for j < len(b) && b[j] == ' ' {
		k := j + 1
		k = xmllex.Span(b, k, &nameBytes)
		if k == j+1 || k+1 >= len(b) || b[k] != '=' || b[k+1] != '"' || n == len(names) {
			return 0, false
		}
		key := b[j+1 : k]
		for _, o := range names[:n] {
			if string(o) == string(key) {
				return 0, false
			}
		}
		names[n], n = key, n+1
		if j = plainQuoted(b, k+2); j < 0 {
			return 0, false
		}
	}
	return tagEnd(b, j)
}

// plainQuoted is the index after the closing '"' of the value starting at
// b[i], or -1 when Write would write the value otherwise.
func plainQuoted(b []byte, i int) int {
	for ; i < len(b); i++ {
		c := b[i]
		if !valueStops[c] {
			continue
		}
		switch {
		case c == '"':
			return i + 1
		case c == '&' && predefined(b[i:]):
		default:
			return -1
		}
	}
	return -1
}
