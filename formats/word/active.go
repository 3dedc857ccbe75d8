package word

import (
	"bytes"
	"encoding/xml"
	"errors"
	"path"
	"regexp"
	"strings"

	"github.com/formfill/formfill/formats"
)

// ActiveContent lists what the document fetches or imports when Word opens
// it (formats.ActiveScanner): remote templates, altChunks, external
// relationships other than hyperlinks, fields that fetch a URL, a share or
// a program, and a VBA project. It reads the relationship parts and the
// fields of the story parts; nothing is fetched.
func (e *Engine) ActiveContent(doc []byte) ([]formats.ActiveContent, error) {
	stop := e.stopper()
	arc, err := openActive(doc, stop)
	if err != nil {
		return nil, err
	}
	var items []formats.ActiveContent
	for _, f := range arc.Zip.File {
		switch {
		case isRelsPart(f.Name):
			raw, err := arc.ReadFile(f)
			if err != nil {
				return nil, err
			}
			rels, err := parseRels(f.Name, raw)
			if err != nil {
				return nil, err
			}
			for _, r := range rels {
				if a, ok := r.active(f.Name); ok {
					items = append(items, a)
				}
			}
		case isStoryPart(f.Name):
			raw, err := arc.ReadFile(f)
			if err != nil {
				return nil, err
			}
			fields, err := fetchingFields(f.Name, raw, stop)
			if err != nil {
				return nil, err
			}
			items = append(items, fields...)
		case strings.HasSuffix(strings.ToLower(f.Name), "vbaproject.bin"):
			items = append(items, formats.NewActive(formats.ActiveMacros, f.Name, "a VBA project (Word runs none from a .docx, but a copy saved as .docm would)"))
		}
	}
	return items, nil
}

// openActive opens doc's archive for the active-content scan and strip.
func openActive(doc []byte, stop *formats.Stopper) (*formats.Archive, error) {
	if err := formats.CheckMagic(formats.Word, doc); err != nil {
		return nil, err
	}
	arc, err := formats.OpenArchive(doc, stop.ArchiveLimits())
	if err != nil {
		return nil, err
	}
	arc.StopWith(stop)
	return arc, nil
}

// isRelsPart reports whether name is a relationships part.
func isRelsPart(name string) bool {
	return strings.HasSuffix(name, ".rels") && path.Base(path.Dir(name)) == "_rels"
}

// isStoryPart reports whether name is a Word part that can hold fields:
// the body, headers, footers, notes and comments, of the document itself
// (word/) or of its glossary (word/glossary/: building blocks and
// AutoText, whose fields come into the body when a block is inserted).
func isStoryPart(name string) bool {
	rest, ok := strings.CutPrefix(name, "word/")
	if !ok || !strings.HasSuffix(rest, ".xml") {
		return false
	}
	if g, ok := strings.CutPrefix(rest, "glossary/"); ok {
		rest = g
	}
	if strings.Contains(rest, "/") {
		return false
	}
	base := strings.TrimSuffix(rest, ".xml")
	for _, p := range []string{"document", "header", "footer", "footnotes", "endnotes", "comments", "glossary"} {
		if strings.HasPrefix(base, p) {
			return true
		}
	}
	return false
}

// rel is one relationship of a .rels part.
type rel struct {
	ID     string `xml:"Id,attr"`
	Type   string `xml:"Type,attr"`
	Target string `xml:"Target,attr"`
	Mode   string `xml:"TargetMode,attr"`
}

// parseRels reads a .rels part.
func parseRels(name string, raw []byte) ([]rel, error) {
	var doc struct {
		Rels []rel `xml:"Relationship"`
	}
	if err := xml.Unmarshal(raw, &doc); err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, name, err, "the relationships part is not well-formed XML")
	}
	return doc.Rels, nil
}

// kind is the last segment of a relationship type URI ("image").
func (r rel) kind() string { return r.Type[strings.LastIndex(r.Type, "/")+1:] }

// active says whether r, of the .rels part relsName, is active content.
// Hyperlinks are not: Word follows them only when a person clicks.
func (r rel) active(relsName string) (formats.ActiveContent, bool) {
	external := strings.EqualFold(r.Mode, "External")
	switch k := r.kind(); {
	case k == "hyperlink":
		return formats.ActiveContent{}, false
	case k == "attachedTemplate" && external:
		return formats.NewActive(formats.ActiveRemoteTemplate, relsName+" "+r.ID, r.Target), true
	case k == "aFChunk":
		return formats.NewActive(formats.ActiveAltChunk, relsName+" "+r.ID, "imports "+r.Target+" when Word opens the file"), true
	case external:
		return formats.NewActive(formats.ActiveExternalLink, relsName+" "+r.ID, k+" "+r.Target), true
	}
	return formats.ActiveContent{}, false
}

// fetchingInstr matches a field instruction that fetches something when
// Word updates the field: INCLUDEPICTURE, INCLUDETEXT, LINK or IMPORT of a
// URL or a network share, and DDE, which starts a program.
var (
	fetchingInstr = regexp.MustCompile(`(?i)^\s*(INCLUDEPICTURE|INCLUDETEXT|LINK|IMPORT)\b.*(https?://|ftps?://|file:|\\\\\\\\|//)`)
	ddeInstr      = regexp.MustCompile(`(?i)^\s*DDE(AUTO)?\b`)
)

// isFetching reports whether a field instruction fetches or runs something.
func isFetching(instr string) bool {
	return fetchingInstr.MatchString(instr) || ddeInstr.MatchString(instr)
}

// fetchingFields lists the fields of a story part whose instruction
// fetches or runs something: complex fields (w:fldChar, w:instrText; the
// instruction may span runs) and simple ones (w:fldSimple). A part without
// the bytes "instr" has no field instruction (element and attribute names
// cannot be escaped), and is not tokenized.
func fetchingFields(name string, raw []byte, stop *formats.Stopper) ([]formats.ActiveContent, error) {
	if !bytes.Contains(raw, []byte("instr")) {
		return nil, nil
	}
	var items []formats.ActiveContent
	err := walkFields(raw, stop, func(instr string) {
		if isFetching(instr) {
			items = append(items, formats.NewActive(formats.ActiveFetchingField, name, instr))
		}
	})
	if errors.Is(err, formats.ErrStopped) {
		return nil, err
	}
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, name, err, "the part is not well-formed XML")
	}
	return items, nil
}
