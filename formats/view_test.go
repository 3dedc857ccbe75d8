package formats

import (
	"fmt"
	"strings"
	"testing"
)

// TestDocumentViewPageFitsItsBudget renders pages of a long document in
// both formats and checks the text an agent receives stays within
// max_tokens (bytes / BytesPerToken), give or take the page's note.
func TestDocumentViewPageFitsItsBudget(t *testing.T) {
	nodes := make([]ViewNode, 600)
	for i := range nodes {
		nodes[i] = ViewNode{ID: fmt.Sprintf("P%d", i+1), ListLabel: fmt.Sprintf("%d.%d", i/10+1, i%10+1), Style: "body",
			Text: strings.Repeat("The Company shall deliver the Shares. ", 1+i%7), StyleFingerprint: "pPr:body|rPr:", Numbering: &ViewNumbering{NumID: "3", Ilvl: i % 3}}
	}
	const noteRoom = 200 // the "rows a–b of n shown; …" note and the JSON wrapper
	for _, format := range []string{ViewTOON, ViewJSON} {
		for _, tokens := range []int{300, 2000, 12000} {
			t.Run(fmt.Sprintf("%s/%d tokens", format, tokens), func(t *testing.T) {
				p := Page{MaxTokens: tokens}
				seen := 0
				for {
					v, err := NewDocumentView(nodes, format, p)
					if err != nil {
						t.Fatal(err)
					}
					if n := len(v.Text()); n > tokens*BytesPerToken+noteRoom {
						t.Fatalf("page at offset %d is %d bytes, over the budget of %d", p.Offset, n, tokens*BytesPerToken)
					}
					seen++
					if v.NextOffset == 0 {
						break
					}
					p.Offset = v.NextOffset
				}
				if seen < 2 && tokens < 12000 {
					t.Errorf("the document fit one page of %d tokens: the test does not exercise paging", tokens)
				}
			})
		}
	}
}
