package formfill

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/formfill/formfill/fontdir"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
)

// Option tunes a call. An option that does not apply to the call it is
// given to (DryRun to Extract, say) makes the call fail with
// ErrInvalidArgument naming the option, rather than being ignored.
type Option func(*config)

// calls is a set of the functions an option applies to.
type calls uint16

const (
	callExtract calls = 1 << iota
	callExtractText
	callListFields
	callValidate
	callWrite
	callVerify
	callFill
	callReadDocument
	callSearch
	callHarvest
	callCarryOver

	everyCall  = callCarryOver<<1 - 1
	writeCalls = callWrite | callFill
)

// callNames names the functions, in the order of calls' bits.
var callNames = []string{"Extract", "ExtractText", "ListFields", "Validate", "Write", "Verify", "Fill", "ReadDocument", "Search", "Harvest", "CarryOver"}

// String lists the functions of the set.
func (cs calls) String() string {
	var names []string
	for i, n := range callNames {
		if cs&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// given is one option given to a call: its name and where it applies.
type given struct {
	name    string
	applies calls
}

type config struct {
	given    []given
	typ      FileType
	name     string
	dryRun   bool
	source   []byte
	fontDirs []string
	noSystem bool
	write    formats.WriteOptions
	page     formats.Page
	format   string
	regex    bool
	// crosswalk maps CarryOver's question numbers (UseCrosswalk).
	crosswalk *reuse.Crosswalk
}

// option makes an Option called name that applies to the calls in
// applies and sets what set sets.
func option(name string, applies calls, set func(*config)) Option {
	return func(c *config) {
		c.given = append(c.given, given{name, applies})
		set(c)
	}
}

// check refuses an option given to a call it does not apply to.
func (c *config) check(call calls) error {
	for _, g := range c.given {
		if g.applies&call == 0 {
			return formats.Errorf(formats.ErrInvalidArgument, g.name, "the option %s does not apply to %s; it applies to %s", g.name, call, g.applies)
		}
	}
	return nil
}

// Type says what format the document is, when its bytes alone do not tell
// (they always do for well-formed documents).
func Type(t FileType) Option { return option("Type", everyCall, func(c *config) { c.typ = t }) }

// Name gives the document's file name, whose extension then decides its
// type (Type, if also given, wins); the content's first bytes must agree
// (a zip for .docx and .xlsx, %PDF- for .pdf): a check that the file is
// what the caller believes it is.
func Name(name string) Option { return option("Name", everyCall, func(c *config) { c.name = name }) }

// UseCrosswalk gives CarryOver a crosswalk of question numbers, new version to
// previous (a publisher's mapping, or a team's own): a pair of questions
// carries the answer as known, with a note naming the crosswalk; a pair
// of controls carries the nearest in wording of the old control's
// questions, uncertain.
func UseCrosswalk(cw *Crosswalk) Option {
	return option("UseCrosswalk", callCarryOver, func(c *config) { c.crosswalk = cw })
}

// DryRun makes Write and Fill report what they would change without
// producing a document.
func DryRun() Option { return option("DryRun", writeCalls, func(c *config) { c.dryRun = true }) }

// Source gives Verify the document the verified one was written from: it
// then also reports, as structural issues, the fields, footnote references
// and bookmarks the write lost. (Fill knows its source already.)
func Source(original []byte) Option {
	return option("Source", callVerify, func(c *config) { c.source = original })
}

// FontDirs names directories of fonts for PDF text a form's own fonts
// cannot show (Japanese names in a Helvetica field, say), searched before
// the system's font directories. Without it, $FORMFILL_FONT_DIRS and the
// system's directories are searched; Noto fonts (Debian's fonts-noto-core
// and fonts-noto-cjk) cover every script. A character no font has is
// stored but not drawn, and Fill and Verify report it not_visible. It
// applies to Write, Verify and Fill, the calls that draw or check what
// is drawn.
func FontDirs(dirs ...string) Option {
	return option("FontDirs", writeCalls|callVerify, func(c *config) { c.fontDirs = dirs })
}

// NoSystemFonts leaves the system's font directories out of the search
// (see FontDirs).
func NoSystemFonts() Option {
	return option("NoSystemFonts", writeCalls|callVerify, func(c *config) { c.noSystem = true })
}

// fontSources caches one font source per directory list: a source parses
// each font file once, and a CJK collection is 20 MB.
var fontSources sync.Map // string → *fontdir.Source

// fontsFor returns the fallback fonts c asks for.
func fontsFor(c *config) *fontdir.Source {
	dirs := c.fontDirs
	if dirs == nil {
		dirs = fontdir.FromEnv(os.Getenv(fontdir.EnvDirs))
	}
	key := fmt.Sprint(c.noSystem, dirs)
	if s, ok := fontSources.Load(key); ok {
		return s.(*fontdir.Source)
	}
	s, _ := fontSources.LoadOrStore(key, fontdir.New(dirs, fontdir.Options{NoSystem: c.noSystem}))
	return s.(*fontdir.Source)
}

// TrackChanges makes Write and Fill write every answer into a Word
// document as a tracked change by author ("" for formfill), which the
// reviewer accepts or rejects.
func TrackChanges(author string) Option {
	return option("TrackChanges", writeCalls, func(c *config) { c.write.TrackChanges, c.write.Author = true, author })
}

// CommentUncertain makes Write and Fill comment every answer whose
// confidence is uncertain or unknown, giving the confidence and its note:
// a Word comment, an Excel cell note, a PDF text annotation that does not
// print.
func CommentUncertain() Option {
	return option("CommentUncertain", writeCalls, func(c *config) { c.write.CommentUncertain = true })
}

// Flatten makes Write and Fill burn a filled PDF form into its pages:
// each field's appearance becomes page content and the fields and the
// form are removed, so the answers show and print alike in every viewer
// and can no longer be edited as fields. Signature fields stay fields
// (the result warns) unless withSignatures. Fill verifies the fields as
// filled, before they were burnt in. Word and Excel documents refuse it
// with ErrInvalidArgument.
func Flatten(withSignatures bool) Option {
	return option("Flatten", writeCalls, func(c *config) { c.write.Flatten, c.write.FlattenSignatures = true, withSignatures })
}

// StripActiveContent makes Write and Fill remove what the filled document
// would run or fetch when opened (PDF JavaScript and launch actions, Word
// remote templates, altChunks, external links and fields that fetch URLs)
// and list it in the result's Removed. Without it, the result's Warnings
// list it.
func StripActiveContent() Option {
	return option("StripActiveContent", writeCalls, func(c *config) { c.write.StripActiveContent = true })
}

// ReviewDate fixes the date tracked changes and comments carry (default:
// the time of the write), for reproducible output.
func ReviewDate(t time.Time) Option {
	return option("ReviewDate", writeCalls, func(c *config) { c.write.Date = t.UTC().Format(time.RFC3339) })
}

// Page asks ReadDocument and Search for one page of their answer: the
// rows (or matching elements) from offset, at most limit of them (0: no
// limit), within about maxTokens tokens (0: no budget). The answer's
// NextOffset, when not 0, is where the next page starts.
func Page(offset, limit, maxTokens int) Option {
	return option("Page", callReadDocument|callSearch, func(c *config) {
		c.page = formats.Page{Offset: offset, Limit: limit, MaxTokens: maxTokens}
	})
}

// ViewFormat sets ReadDocument's format: "toon" (the default, one line
// per row) or "json" (the rows as objects with their formatting).
func ViewFormat(format string) Option {
	return option("ViewFormat", callReadDocument, func(c *config) { c.format = format })
}

// Regex makes Search's pattern a regular expression (RE2 syntax).
func Regex() Option { return option("Regex", callSearch, func(c *config) { c.regex = true }) }
