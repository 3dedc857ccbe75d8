package pdf

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// A filled form is saved as an incremental update: the original bytes
// stay as they are and the objects the fill changed or created are
// appended with a new cross-reference section, as Acrobat saves forms.
// Untouched parts of the document stay byte-identical, and the output does
// not depend on how pdfcpu would re-serialise the rest.

type fingerprints map[int][sha256.Size]byte

// objectBytes serialises an object as it would appear between "obj" and
// "endobj"; ok is false for objects that cannot be written that way.
func objectBytes(o types.Object) ([]byte, bool) {
	switch v := o.(type) {
	case nil:
		return nil, false
	case types.LazyObjectStreamObject:
		return nil, false // never loaded, so never changed
	case types.StreamDict:
		if v.Raw == nil && v.Content != nil {
			if err := v.Encode(); err != nil {
				return nil, false
			}
		}
		d := v.Dict.Clone().(types.Dict)
		d["Length"] = types.Integer(len(v.Raw))
		var b bytes.Buffer
		b.WriteString(d.PDFString())
		b.WriteString("\nstream\n")
		b.Write(v.Raw)
		b.WriteString("\nendstream")
		return b.Bytes(), true
	}
	return []byte(o.PDFString()), true
}

// snapshot fingerprints every loaded object of ctx, stepping stop once per
// object.
func snapshot(ctx *model.Context, stop *formats.Stopper) (fingerprints, error) {
	fp := fingerprints{}
	for nr, e := range ctx.Table {
		if err := stop.Step(); err != nil {
			return nil, err
		}
		if e == nil || e.Free || nr == 0 {
			continue
		}
		if b, ok := objectBytes(e.Object); ok {
			fp[nr] = sha256.Sum256(b)
		}
	}
	return fp, nil
}

var (
	startxrefRE = regexp.MustCompile(`startxref\s+(\d+)`)
	xrefStartRE = regexp.MustCompile(`^\s*(xref|\d+\s+\d+\s+obj)`)
)

// xrefAt reports whether a cross-reference table or stream starts at off:
// appending to a file whose chain is broken would only chain the breakage.
func xrefAt(b []byte, off int) bool {
	return off >= 0 && off < len(b) && xrefStartRE.Match(b[off:min(len(b), off+64)])
}

// increment appends to orig every object of ctx whose bytes differ from
// the snapshot taken before the fill, with an xref table and a trailer
// chained to the original one by /Prev. It steps stop once per object.
func increment(orig []byte, ctx *model.Context, before fingerprints, stop *formats.Stopper) ([]byte, error) {
	m := startxrefRE.FindAllSubmatch(orig[max(0, len(orig)-eofWindow):], -1)
	if len(m) == 0 {
		return nil, errors.New("no startxref in the original file")
	}
	prev, _ := strconv.Atoi(string(m[len(m)-1][1]))
	if !xrefAt(orig, prev) {
		return nil, fmt.Errorf("startxref %d does not point at a cross-reference section", prev)
	}
	enc := encryptionOf(ctx)
	var nrs []int
	changed := map[int][]byte{} // each changed object's bytes: a stream may take long to encode
	size := 0
	for nr, e := range ctx.Table {
		if err := stop.Step(); err != nil {
			return nil, err
		}
		size = max(size, nr+1)
		if e == nil || e.Free || nr == 0 {
			continue
		}
		b, ok := objectBytes(e.Object)
		if !ok {
			if _, lazy := e.Object.(types.LazyObjectStreamObject); !lazy && e.Object != nil {
				return nil, fmt.Errorf("object %d cannot be serialised", nr)
			}
			continue
		}
		if sha256.Sum256(b) != before[nr] {
			nrs = append(nrs, nr)
			changed[nr] = b
		}
	}
	sort.Ints(nrs)
	if stabiliseSubsetTags(ctx, nrs, before) {
		return increment(orig, ctx, before, stop) // tags changed bytes: collect again
	}
	out := bytes.NewBuffer(append([]byte(nil), orig...))
	if !bytes.HasSuffix(orig, []byte("\n")) {
		out.WriteByte('\n')
	}
	offsets := map[int]int{}
	for _, nr := range nrs {
		e := ctx.Table[nr]
		gen := 0
		if e.Generation != nil {
			gen = *e.Generation
		}
		if err := stop.Check(); err != nil {
			return nil, err
		}
		b := changed[nr]
		if enc != nil {
			var err error
			if b, err = sealedBytes(enc, nr, gen, e.Object); err != nil {
				return nil, fmt.Errorf("object %d: encrypting: %w", nr, err)
			}
		}
		offsets[nr] = out.Len()
		fmt.Fprintf(out, "%d %d obj\n", nr, gen)
		out.Write(b)
		out.WriteString("\nendobj\n")
	}
	xref := out.Len()
	writeXref(out, ctx, nrs, offsets)
	fmt.Fprintf(out, "trailer\n%s\nstartxref\n%d\n%%%%EOF\n", trailer(ctx, size, prev).PDFString(), xref)
	return out.Bytes(), nil
}

// writeXref writes one subsection per run of consecutive object numbers.
func writeXref(out *bytes.Buffer, ctx *model.Context, nrs []int, offsets map[int]int) {
	out.WriteString("xref\n")
	for i := 0; i < len(nrs); {
		j := i
		for j+1 < len(nrs) && nrs[j+1] == nrs[j]+1 {
			j++
		}
		fmt.Fprintf(out, "%d %d\n", nrs[i], j-i+1)
		for _, nr := range nrs[i : j+1] {
			gen := 0
			if g := ctx.Table[nr].Generation; g != nil {
				gen = *g
			}
			fmt.Fprintf(out, "%010d %05d n \n", offsets[nr], gen)
		}
		i = j + 1
	}
}

func trailer(ctx *model.Context, size, prev int) types.Dict {
	t := types.Dict{"Size": types.Integer(size), "Prev": types.Integer(prev)}
	if ctx.Root != nil {
		t["Root"] = *ctx.Root
	}
	if ctx.Info != nil {
		t["Info"] = *ctx.Info
	}
	if len(ctx.ID) > 0 {
		t["ID"] = ctx.ID
	}
	if ctx.Encrypt != nil && ctx.EncKey != nil {
		t["Encrypt"] = *ctx.Encrypt
	}
	return t
}

var subsetTagRE = regexp.MustCompile(`^[A-Z]{6}\+`)

// stabiliseSubsetTags replaces the random six-letter tags pdfcpu gives the
// font subsets it embeds ("MMZRDT+Roboto-Regular") in new objects with
// tags derived from the order they appear in, so the same fill of the
// same document gives the same bytes (jobs are retried). It reports
// whether it changed anything.
func stabiliseSubsetTags(ctx *model.Context, nrs []int, before fingerprints) bool {
	tags := map[string]string{}
	changed := false
	for _, nr := range nrs {
		if _, old := before[nr]; old {
			continue
		}
		var d types.Dict
		switch o := ctx.Table[nr].Object.(type) {
		case types.Dict:
			d = o
		case types.StreamDict:
			d = o.Dict
		default:
			continue
		}
		for _, key := range []string{"BaseFont", "FontName"} {
			n, ok := d[key].(types.Name)
			if !ok || !subsetTagRE.MatchString(string(n)) || strings.HasPrefix(string(n), "FFFF") {
				continue
			}
			tag := string(n)[:6]
			if _, seen := tags[tag]; !seen {
				tags[tag] = stableTag(len(tags))
			}
			d[key] = types.Name(tags[tag] + string(n)[6:])
			changed = true
		}
	}
	return changed
}

// stableTag is the i-th six-letter subset tag: FFFFAA, FFFFAB, …
func stableTag(i int) string {
	return fmt.Sprintf("FFFF%c%c", 'A'+byte(i/26%26), 'A'+byte(i%26))
}
