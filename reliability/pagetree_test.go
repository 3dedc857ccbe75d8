package reliability

import (
	"errors"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/pdf"
	"github.com/formfill/formfill/internal/ctxtest"
)

// maxPageTreeChecks bounds how often one call on billionPagesPDF may look
// at its context: the PDF engine looks once per read of the file and every
// 256 nodes or objects walked, so refusing the 2 KB file takes a few
// hundred looks at most; walking the billion pages its root claims would
// take millions. The bound is one of work done, not of time, so the test
// does not depend on the machine's speed.
const maxPageTreeChecks = 5_000

// A page tree that repeats its nodes and claims a billion pages is refused
// by every tool as an invalid document, naming the page tree, within a
// fixed amount of work that does not depend on the count it claims.
func TestBillionPageTreeRefusedWithinAFixedBound(t *testing.T) {
	doc := billionPagesPDF()
	if len(doc) > 4096 {
		t.Fatalf("the hostile PDF is %d bytes, want a small one", len(doc))
	}
	for _, tl := range tools {
		t.Run(tl.name, func(t *testing.T) {
			ctx := ctxtest.NewCountdown(maxPageTreeChecks)
			e := pdf.New().WithContext(ctx)
			err := tl.call(e, doc)
			if errors.Is(err, formats.ErrStopped) {
				t.Fatalf("still working after %d looks at its context: the walk depends on the claimed page count", maxPageTreeChecks)
			}
			if !errors.Is(err, formats.ErrInvalidDocument) {
				t.Fatalf("err = %v, want ErrInvalidDocument", err)
			}
			t.Logf("%s: refused after %d looks at its context: %v", tl.name, ctx.Asked(), err)
		})
	}
}
