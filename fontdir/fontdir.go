// Package fontdir finds fonts in font directories for the PDF engine:
// the fonts it embeds (as subsets) when a form's own font cannot show a
// filled value, such as Japanese, Arabic or Devanagari text in a form
// whose fields use Helvetica.
//
// A Source searches the directories it is given (the --font-dir flags,
// FORMFILL_FONT_DIRS), then the system's font directories, one directory
// after the other. In each it prefers, for a character, the Noto font
// made for the character's script (NotoSans-Regular.ttf for Latin, Greek
// and Cyrillic, NotoSansHebrew-Regular.ttf, NotoSansCJK-Regular.ttc, …:
// Debian's fonts-noto-core and fonts-noto-cjk), then any font that
// covers it.
//
// Font files are read and parsed at most once per process, whichever
// Source asks for them, and only when a character needs them: a 20 MB
// CJK collection is read the first time a form gets CJK text, not per
// job.
package fontdir

import (
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/formfill/formfill/formats/pdf/sfnt"
)

// EnvDirs names the environment variable listing extra font
// directories, separated like PATH.
const EnvDirs = "FORMFILL_FONT_DIRS"

// maxFontFile bounds a font file read from disk (the Noto CJK
// collections are 20–30 MB).
const maxFontFile = 64 << 20

// Options tune a Source.
type Options struct {
	// NoSystem leaves the system's font directories out: only the given
	// directories are searched (reproducible output, tests).
	NoSystem bool
	// Logger receives what the source notices: the files it found, and a
	// font file it could not use. Nil means slog.Default().
	Logger *slog.Logger
}

// Source finds fonts in directories. It implements the PDF engine's
// FontSource and is safe for concurrent use.
type Source struct {
	dirs []string
	log  *slog.Logger

	scanOnce sync.Once
	groups   []dirFiles // one per directory, in search order

	mu     sync.Mutex
	byRune map[runeKey]*sfnt.Font
}

// dirFiles are the font files found under one directory.
type dirFiles struct {
	files  []string          // sorted
	byBase map[string]string // file name → path
}

type runeKey struct {
	r    rune
	bold bool
}

// New returns a Source over dirs, then (unless opts.NoSystem) the
// system's font directories. Directories that do not exist are skipped.
func New(dirs []string, opts Options) *Source {
	all := append([]string(nil), dirs...)
	if !opts.NoSystem {
		all = append(all, SystemDirs()...)
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Source{dirs: all, log: log, byRune: map[runeKey]*sfnt.Font{}}
}

// Dirs returns the directories the source searches, in order.
func (s *Source) Dirs() []string { return append([]string(nil), s.dirs...) }

// FromEnv splits the value of FORMFILL_FONT_DIRS into directories.
func FromEnv(value string) []string {
	var out []string
	for _, d := range filepath.SplitList(value) {
		if d = strings.TrimSpace(d); d != "" {
			out = append(out, d)
		}
	}
	return out
}

// SystemDirs are the usual font directories of the operating system.
func SystemDirs() []string {
	home, _ := os.UserHomeDir()
	switch runtime.GOOS {
	case "darwin":
		return []string{"/Library/Fonts", "/System/Library/Fonts", filepath.Join(home, "Library/Fonts")}
	case "windows":
		return []string{filepath.Join(os.Getenv("WINDIR"), "Fonts")}
	}
	dirs := []string{"/usr/share/fonts", "/usr/local/share/fonts"}
	if home != "" {
		dirs = append(dirs, filepath.Join(home, ".local/share/fonts"), filepath.Join(home, ".fonts"))
	}
	return dirs
}

// FontFor implements the PDF engine's FontSource: a font covering r
// from the first directory that has one (there, the preferred font of
// r's script first, a bold one when bold is set), else nil.
func (s *Source) FontFor(r rune, bold bool) *sfnt.Font {
	k := runeKey{r, bold}
	s.mu.Lock()
	f, ok := s.byRune[k]
	s.mu.Unlock()
	if ok {
		return f
	}
	s.scanOnce.Do(s.scan)
	f = s.find(r, bold)
	s.mu.Lock()
	s.byRune[k] = f
	s.mu.Unlock()
	return f
}

func (s *Source) find(r rune, bold bool) *sfnt.Font {
	for _, g := range s.groups {
		if f := g.find(r, bold, s.log); f != nil {
			return f
		}
	}
	return nil
}

// find looks for r in one directory: the preferred files of its script
// first, then any font, one of the wanted weight and upright first.
func (g dirFiles) find(r rune, bold bool, log *slog.Logger) *sfnt.Font {
	for _, name := range preferredFiles(r, bold) {
		if path, ok := g.byBase[name]; ok {
			for _, f := range load(path, log) {
				if f.Covers(r) {
					return f
				}
			}
		}
	}
	for pass := 0; pass < 3; pass++ {
		for _, path := range g.files {
			for _, f := range load(path, log) {
				if !f.Covers(r) {
					continue
				}
				if pass == 2 || (pass == 1 && !f.Italic) || (f.Bold == bold && !f.Italic) {
					return f
				}
			}
		}
	}
	return nil
}

// scan lists the font files of every directory, recursively.
func (s *Source) scan() {
	total := 0
	for _, dir := range s.dirs {
		g := dirFiles{byBase: map[string]string{}}
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable parts are skipped
			}
			if !d.IsDir() && isFontFile(path) {
				g.files = append(g.files, path)
			}
			return nil
		})
		sort.Strings(g.files)
		for _, p := range g.files {
			if _, dup := g.byBase[filepath.Base(p)]; !dup {
				g.byBase[filepath.Base(p)] = p
			}
		}
		total += len(g.files)
		s.groups = append(s.groups, g)
	}
	s.log.Debug("fontdir: font files found", "count", total, "dirs", s.dirs)
}

func isFontFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".ttf", ".otf", ".ttc", ".otc":
		return true
	}
	return false
}

// preferredFiles names the Noto files made for r's script.
func preferredFiles(r rune, bold bool) []string {
	weight := "Regular"
	if bold {
		weight = "Bold"
	}
	var family []string
	switch {
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef):
		return []string{"NotoSansCJK-" + weight + ".ttc", "NotoSansCJK-Regular.ttc", "NotoSerifCJK-" + weight + ".ttc"}
	case unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Common, unicode.Inherited):
		family = []string{"NotoSans"}
	default:
		for name, table := range unicode.Scripts {
			if unicode.Is(table, r) {
				family = []string{"NotoSans" + name, "NotoSerif" + name}
				if name == "Arabic" {
					family = append(family, "NotoNaskhArabic")
				}
				break
			}
		}
	}
	var out []string
	for _, fam := range family {
		out = append(out, fam+"-"+weight+".ttf", fam+"-"+weight+".otf")
		if bold {
			out = append(out, fam+"-Regular.ttf", fam+"-Regular.otf")
		}
	}
	return out
}

// files is the process-wide cache of parsed font files.
var files sync.Map // path → *fileEntry

type fileEntry struct {
	once  sync.Once
	fonts []*sfnt.Font
}

// load returns the fonts of the file at path, reading and parsing it the
// first time any Source asks. A file that cannot be read or parsed has
// no fonts (and is logged once).
func load(path string, log *slog.Logger) []*sfnt.Font {
	v, _ := files.LoadOrStore(path, &fileEntry{})
	e := v.(*fileEntry)
	e.once.Do(func() {
		st, err := os.Stat(path)
		if err != nil || st.Size() > maxFontFile {
			log.Debug("fontdir: font file skipped", "path", path, "err", err)
			return
		}
		data, err := os.ReadFile(path)
		if err != nil {
			log.Debug("fontdir: font file unreadable", "path", path, "err", err)
			return
		}
		fonts, err := sfnt.Parse(data)
		if err != nil {
			log.Info("fontdir: not a usable font file", "path", path, "err", err)
			return
		}
		e.fonts = fonts
	})
	return e.fonts
}
