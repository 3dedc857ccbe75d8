package excel

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"sort"
	"strconv"
)

// commentsScan is what commentsWith needs of a comments part: where the
// authors and the comment list end, the authors as written, and where
// each cell's comment text ends.
type commentsScan struct {
	authorsEnd, listEnd   int // where the end tags start; -1 when absent
	authorsSelf, listSelf bool
	authors               [][]byte
	textEnd               map[string]int // cell reference → where its <text> ends
	ref                   string         // the open comment's
	from                  int            // where the open author's text starts
	prefix                string
}

func (s *commentsScan) record(data []byte) recordFunc {
	return func(start bool, el *xml.StartElement, depth int, from, to int64) {
		f, t := int(from), int(to)
		switch name := el.Name.Local; {
		case start && depth == 0:
			s.prefix = prefixOf(el.Name)
		case start && depth == 1 && name == "authors":
			s.authorsSelf = data[t-2] == '/'
		case start && depth == 1 && name == "commentList":
			s.listSelf = data[t-2] == '/'
		case !start && depth == 1 && name == "authors":
			s.authorsEnd = f
		case !start && depth == 1 && name == "commentList":
			s.listEnd = f
		case start && depth == 2 && name == "author":
			s.from = t
		case !start && depth == 2 && name == "author":
			s.authors = append(s.authors, data[s.from:f])
		case start && depth == 2 && name == "comment":
			s.ref, _ = attrOf(el.Attr, "ref")
		case !start && depth == 3 && name == "text":
			s.textEnd[s.ref] = f
		}
	}
}

// commentsWith is the sheet's comments part with the notes added: a cell's
// comment already there gets ours after its text, the others a comment
// each; n.hadNote learns the cells that had one.
func (n *notes) commentsWith(part string, adds []noteAdd) ([]byte, error) {
	data := []byte(xml.Header + `<comments xmlns="` + mainNS + `"><authors></authors><commentList></commentList></comments>`)
	if n.wb.arch.File(part) != nil {
		var err error
		if data, err = n.wb.readXML(part); err != nil {
			return nil, err
		}
	}
	var s commentsScan
	reset := func() { s = commentsScan{authorsEnd: -1, listEnd: -1, textEnd: map[string]int{}} }
	reset()
	if err := checkXML(data, part, recording{record: s.record(data), reset: reset}, n.wb.stop); err != nil {
		return nil, err
	}
	if s.authorsEnd < 0 || s.listEnd < 0 || s.authorsSelf || s.listSelf {
		return nil, fmt.Errorf("the comments part %s lacks its authors or its comment list", part)
	}
	inserts := map[int][]byte{}
	for _, a := range adds {
		ref := a.c.name()
		if at, ok := s.textEnd[ref]; ok {
			n.hadNote[a.c] = true
			inserts[at] = append(append(inserts[at], noteSeparator...), a.runs...)
			continue
		}
		id := s.authorID(a.author, inserts)
		var b bytes.Buffer
		b.WriteString(`<` + s.prefix + `comment ref="` + ref + `" authorId="` + strconv.Itoa(id) + `"><` + s.prefix + `text>`)
		b.Write(a.runs)
		b.WriteString(`</` + s.prefix + `text></` + s.prefix + `comment>`)
		inserts[s.listEnd] = append(inserts[s.listEnd], b.Bytes()...)
	}
	return spliceAt(data, inserts), nil
}

// authorID is the index of author among the part's authors, added (at
// the authors' end) when new.
func (s *commentsScan) authorID(author string, inserts map[int][]byte) int {
	var esc bytes.Buffer
	escapeText(&esc, author)
	for i, a := range s.authors {
		if bytes.Equal(a, esc.Bytes()) {
			return i
		}
	}
	s.authors = append(s.authors, esc.Bytes())
	inserts[s.authorsEnd] = append(inserts[s.authorsEnd], "<"+s.prefix+"author>"+esc.String()+"</"+s.prefix+"author>"...)
	return len(s.authors) - 1
}

// spliceAt is data with each insert put at its offset.
func spliceAt(data []byte, inserts map[int][]byte) []byte {
	at := make([]int, 0, len(inserts))
	extra := 0
	for k, v := range inserts {
		at = append(at, k)
		extra += len(v)
	}
	sort.Ints(at)
	out := make([]byte, 0, len(data)+extra)
	last := 0
	for _, k := range at {
		out = append(append(out, data[last:k]...), inserts[k]...)
		last = k
	}
	return append(out, data[last:]...)
}
