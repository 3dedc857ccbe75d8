package realdocs

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/formfill/formfill/formats"
)

// SnapshotFunc writes what an engine makes of one document through s.
type SnapshotFunc func(doc []byte, s Saver) error

// RunSnapshot is the whole of a snapshot command (wordsnapshot,
// excelsnapshot): it reads its flags, runs snap on every real document
// with extension ext (".docx") under -dir and on the files named as
// arguments, and writes the outputs under -out, one file per document and
// output, so that two runs, before and after a change meant to keep
// behaviour, can be compared with diff -r. It exits the process on an
// error, naming the document.
func RunSnapshot(tool, ext string, snap SnapshotFunc) {
	dir := flag.String("dir", Dir(), "folder of real documents: every *"+ext+" one level below it is read")
	out := flag.String("out", "", "folder to write the outputs into (made if missing); required")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: %s -out DIR [-dir DIR] [FILE%s...]\n\nRun it before and after a change, then compare the two -out folders with diff -r.\n\n", tool, ext)
		flag.PrintDefaults()
	}
	flag.Parse()
	fail := func(code int, format string, args ...any) {
		fmt.Fprintf(os.Stderr, tool+": "+format+"\n", args...)
		os.Exit(code)
	}
	if *out == "" {
		fail(2, "-out is required (the folder the outputs are written into)")
	}
	docs, err := filepath.Glob(filepath.Join(*dir, "*", "*"+ext))
	if err != nil {
		fail(1, "%v", err)
	}
	docs = append(docs, flag.Args()...)
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(1, "%v", err)
	}
	for _, p := range docs {
		doc, err := os.ReadFile(p)
		if err == nil {
			err = snap(doc, Saver{base: filepath.Join(*out, strings.TrimSuffix(filepath.Base(p), ext))})
		}
		if err != nil {
			fail(1, "%s: %v", p, err)
		}
	}
	fmt.Printf("%d documents\n", len(docs))
}

// Saver writes one document's outputs, named base.SUFFIX. An engine error
// is written as the output, since it too must stay the same.
type Saver struct{ base string }

// Save writes data as the output suffix, or err's text when err is not nil.
// A written package (suffix ending .docx or .xlsx) is saved in the
// canonical form of CanonicalZip, as base.SUFFIX.entries, so snapshots
// compare what the package holds and not how it was compressed; bytes that
// are not a zip are saved as they are, under base.SUFFIX, so the
// difference shows.
func (s Saver) Save(suffix string, data []byte, err error) error {
	if err != nil {
		data = []byte("error: " + err.Error() + "\n")
	} else if zipOutput(suffix) {
		if canon, cerr := CanonicalZip(data); cerr == nil {
			data, suffix = canon, suffix+CanonicalSuffix
		}
	}
	return os.WriteFile(s.base+"."+suffix, data, 0o644)
}

// JSON writes v, indented, as the output suffix, or err's text when err is
// not nil.
func (s Saver) JSON(suffix string, v any, err error) error {
	var data []byte
	if err == nil {
		data, err = json.MarshalIndent(v, "", " ")
	}
	return s.Save(suffix, data, err)
}

// HalfUnsure is answers with every other one uncertain, so that a write
// with comments on the uncertain answers anchors them on half.
func HalfUnsure(answers []formats.Answer) []formats.Answer {
	out := make([]formats.Answer, len(answers))
	for i, a := range answers {
		if i%2 == 1 {
			a.Confidence = formats.Uncertain
		}
		out[i] = a
	}
	return out
}
