// Package all registers every format engine with formats.Lookup. Import it
// for its side effect where documents of any type are handled (the worker,
// in-process runs, tests):
//
//	import _ "github.com/formfill/formfill/formats/all"
package all

import (
	_ "github.com/formfill/formfill/formats/excel" // registers formats.Excel
	_ "github.com/formfill/formfill/formats/pdf"   // registers formats.PDF
	_ "github.com/formfill/formfill/formats/word"  // registers formats.Word
)
