package pdf

import (
	"strings"

	"github.com/formfill/formfill/formats"
)

// run is one piece of text shown on a page: glyphs that follow each other
// on one baseline, with spaces where the gaps between them are a word's.
// Positions are in page user space (the space of the fields' /Rect), x and
// y the start of the baseline, end the x of its end.
type run struct {
	x, y, end, size float64
	text            string
	// dir is the baseline's direction in quarter turns counter-clockwise
	// from +x: 0 for text read left to right on an unrotated page, 1 for
	// text running up (as on a page with /Rotate 90).
	dir int
	// endY is the y of the baseline's end (y itself when dir is 0).
	endY float64
}

type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func decodeText(b []byte) string {
	var sb strings.Builder
	for _, c := range b {
		if r := winAnsiRune(c); r != 0 {
			sb.WriteRune(r)
		} else if c == '\t' {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

// ExtractText implements extract_text: the text of every page, in reading
// order, pages separated by form feeds. It walks the page tree once and
// reads each font once, so its cost grows with the document, not with
// its pages squared.
func (e *Engine) ExtractText(doc []byte) (text string, err error) {
	defer guard(e.logger(), &err)
	stop := e.stopper()
	if err := stop.Check(); err != nil {
		return "", err
	}
	ctx, err := readContext(doc, stop)
	if err != nil {
		return "", stopOr(stop, err)
	}
	pages, err := pageList(ctx, stop)
	if err != nil {
		return "", err
	}
	tl := newTextLayer(ctx, stop.Logger())
	var b strings.Builder
	total := 0
	for i, p := range pages {
		if err := stop.Check(); err != nil {
			return "", err
		}
		runs := tl.pageText(p.dict, pageResources(ctx, p.dict))
		total += len(runs)
		if i > 0 {
			b.WriteString("\n\f")
		}
		b.WriteString(strings.Join(readingLines(runs, pageRotation(ctx, p.dict)), "\n"))
	}
	if total == 0 {
		return "", formats.Errorf(formats.ErrUnsupported, "file", "no text could be extracted from the PDF's %d page(s): it may be scanned images or use fonts whose text cannot be decoded", ctx.PageCount)
	}
	return b.String(), nil
}
