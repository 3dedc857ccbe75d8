package pdf

import (
	"math"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// maxContext bounds the nearby text quoted for one field.
const maxContext = 80

// pageRunsOf extracts the text runs of page pageNr; a page whose content
// cannot be read has none.
func pageRunsOf(ctx *model.Context, pageNr int) []run {
	pd, _, _, err := ctx.PageDict(pageNr, false)
	if err != nil || pd == nil {
		return nil
	}
	content, err := ctx.PageContent(pd, pageNr)
	if err != nil {
		return nil
	}
	return pageRuns(content)
}

// addContext fills each field's Context with the page text closest to it:
// on its row to the left (a label), else just above it.
func addContext(d *document) {
	runs := map[int][]run{}
	for _, f := range d.fields {
		if f.Page == 0 {
			continue
		}
		rs, ok := runs[f.Page]
		if !ok {
			rs = pageRunsOf(d.ctx, f.Page)
			runs[f.Page] = rs
		}
		f.Context = nearText(rs, f.rect)
	}
}

func nearText(rs []run, r [4]float64) string {
	best, bestDist := -1, math.MaxFloat64
	for i, t := range rs {
		if t.y >= r[1]-2 && t.y <= r[3]+2 && t.end <= r[0]+4 {
			if dist := r[0] - t.end; dist < bestDist && dist < 300 {
				best, bestDist = i, dist
			}
		}
	}
	if best < 0 {
		for i, t := range rs {
			above := t.y - r[3]
			if above >= -2 && above < 24 && t.x < r[2] && t.end > r[0]-20 {
				if above < bestDist {
					best, bestDist = i, above
				}
			}
		}
	}
	if best < 0 {
		return ""
	}
	s := strings.Join(strings.Fields(rs[best].text), " ")
	if r := []rune(s); len(r) > maxContext {
		s = string(r[:maxContext]) + "…"
	}
	return s
}
