package main

import (
	"flag"
	"strings"

	"github.com/formfill/formfill/fontdir"
	"github.com/formfill/formfill/formats/pdf"
)

// envSystemFonts set to false (or 0, no) leaves the system's font
// directories out, like --no-system-fonts.
const envSystemFonts = "FORMFILL_SYSTEM_FONTS"

// fontCommands are the commands whose process may run the PDF engine (a
// worker, or a document command's embedded one): they take --font-dir.
var fontCommands = map[string]bool{
	"worker": true, "serve": true, "mcp": true, "batch": true,
	"extract": true, "validate": true, "write": true, "verify": true, "fill": true,
}

// fontFlags are where the PDF engine finds fonts for text a form's own
// fonts cannot show.
type fontFlags struct {
	dirs     stringList
	noSystem bool
}

func (f *fontFlags) register(fs *flag.FlagSet) {
	fs.Var(&f.dirs, "font-dir", "fonts in `DIR` for PDF text the form's own fonts lack, searched before the system's (repeatable; also $"+fontdir.EnvDirs+")")
	fs.BoolVar(&f.noSystem, "no-system-fonts", false, "search only --font-dir and $"+fontdir.EnvDirs+", not the system's font directories (also $"+envSystemFonts+"=false)")
}

// useFonts gives the PDF engine of this process its fallback fonts: the
// --font-dir directories, then $FORMFILL_FONT_DIRS, then the system's.
// Commands call it once their flags are parsed, before any job runs
// here. It only affects jobs this process runs, not a remote worker's.
func useFonts(e *env, g *globals) {
	dirs := append(append([]string(nil), g.fonts.dirs...), fontdir.FromEnv(e.getenv(fontdir.EnvDirs))...)
	switch strings.ToLower(e.getenv(envSystemFonts)) {
	case "false", "0", "no":
		g.fonts.noSystem = true
	}
	pdf.SetDefaultFonts(fontdir.New(dirs, fontdir.Options{NoSystem: g.fonts.noSystem, Logger: serverLogger(e, g)}))
}
