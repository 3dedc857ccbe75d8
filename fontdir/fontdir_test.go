package fontdir

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/formfill/formfill/internal/fonttest"
)

func TestFontForPrefersTheNotoFontOfEachScript(t *testing.T) {
	fonttest.Require(t)
	src := New(nil, Options{})
	tests := []struct {
		r    rune
		bold bool
		want string // PostScript name
	}{
		{'A', false, "NotoSans-Regular"},
		{'A', true, "NotoSans-Bold"},
		{'ř', false, "NotoSans-Regular"},
		{'Ж', false, "NotoSans-Regular"},
		{'Π', true, "NotoSans-Bold"},
		{'ש', false, "NotoSansHebrew-Regular"},
		{'م', false, "NotoSansArabic-Regular"},
		{'न', false, "NotoSansDevanagari-Regular"},
		{'ส', false, "NotoSansThai-Regular"},
		{'山', false, "NotoSansCJKjp-Regular"},
		{'す', true, "NotoSansCJKjp-Bold"},
		{'김', false, "NotoSansCJKjp-Regular"},
	}
	for _, tt := range tests {
		f := src.FontFor(tt.r, tt.bold)
		if f == nil {
			t.Errorf("%q bold=%v: no font", tt.r, tt.bold)
			continue
		}
		if f.PostScriptName != tt.want || !f.Covers(tt.r) {
			t.Errorf("%q bold=%v: %s, want %s", tt.r, tt.bold, f.PostScriptName, tt.want)
		}
	}
	if f := src.FontFor('\U0010FFFD', false); f != nil {
		t.Errorf("a private-use character of plane 16 got %s", f.PostScriptName)
	}
}

// copyFont copies a system font file into dir under name.
func copyFont(t *testing.T, file, dir, name string) {
	t.Helper()
	data, err := os.ReadFile(fonttest.Path(t, file))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestConfiguredDirectoriesComeBeforeTheSystems(t *testing.T) {
	fonttest.Require(t)
	dir := t.TempDir()
	copyFont(t, "DejaVuSans.ttf", dir, "Mine.ttf")
	src := New([]string{dir}, Options{})
	if f := src.FontFor('Ж', false); f == nil || f.PostScriptName != "DejaVuSans" {
		t.Errorf("Ж: %v, want the configured DejaVuSans", f)
	}
	if f := src.FontFor('山', false); f == nil || f.PostScriptName != "NotoSansCJKjp-Regular" {
		t.Errorf("山 (not in the configured directory): %v, want the system's Noto CJK", f)
	}
	if got := src.Dirs(); len(got) < 2 || got[0] != dir {
		t.Errorf("dirs %v: the configured one must come first, then the system's", got)
	}
}

func TestWithoutSystemFontsOnlyTheGivenDirectoriesCount(t *testing.T) {
	fonttest.Require(t)
	empty, broken := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "junk.ttf"), []byte("not a font at all, just text"), 0o600); err != nil {
		t.Fatal(err)
	}
	copyFont(t, "NotoSansHebrew-Regular.ttf", broken, "hebrew.ttf")
	tests := []struct {
		scenario string
		dirs     []string
		r        rune
		want     string // "" for none
	}{
		{"empty directory", []string{empty}, 'A', ""},
		{"directory that does not exist", []string{filepath.Join(empty, "nope")}, 'A', ""},
		{"a broken file is skipped", []string{broken}, 'ש', "NotoSansHebrew-Regular"},
		{"what the directory lacks is not found", []string{broken}, '山', ""},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			f := New(tt.dirs, Options{NoSystem: true}).FontFor(tt.r, false)
			got := ""
			if f != nil {
				got = f.PostScriptName
			}
			if got != tt.want {
				t.Errorf("%q: %q, want %q", tt.r, got, tt.want)
			}
		})
	}
}

// Two sources, and many goroutines, over the same files share one parse
// of each file: the same *sfnt.Font comes back.
func TestFontFilesAreParsedOncePerProcess(t *testing.T) {
	fonttest.Require(t)
	dir := t.TempDir()
	copyFont(t, "NotoSansThai-Regular.ttf", dir, "thai.ttf")
	a, b := New([]string{dir}, Options{NoSystem: true}), New([]string{dir}, Options{NoSystem: true})
	first := a.FontFor('ส', false)
	if first == nil {
		t.Fatal("no font for ส")
	}
	var wg sync.WaitGroup
	got := make([]any, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = b.FontFor('ด', i%2 == 0)
		}()
	}
	wg.Wait()
	for i, f := range got {
		if f != any(first) {
			t.Errorf("goroutine %d got a different font object: the file was parsed again", i)
		}
	}
}

func TestFromEnvSplitsLikePATH(t *testing.T) {
	got := FromEnv(" /a/fonts" + string(os.PathListSeparator) + string(os.PathListSeparator) + "/b ")
	if want := []string{"/a/fonts", "/b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("FromEnv = %q, want %q", got, want)
	}
}

// TestNoticesGoToTheSourcesLogger: a font file that cannot be used is
// reported to the logger the source was given, not to slog's default
// (issue 37 item 8: libraries take their logger).
func TestNoticesGoToTheSourcesLogger(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "junk-"+t.Name()+".ttf"), []byte("not a font at all"), 0o600); err != nil {
		t.Fatal(err)
	}
	var mine, global bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&global, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(prev) })
	log := slog.New(slog.NewTextHandler(&mine, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if f := New([]string{dir}, Options{NoSystem: true, Logger: log}).FontFor('A', false); f != nil {
		t.Fatalf("a directory holding only junk gave a font: %s", f.PostScriptName)
	}
	if !strings.Contains(mine.String(), "not a usable font file") || !strings.Contains(mine.String(), "font files found") {
		t.Errorf("the source's logger got %q, want the scan and the unusable file", mine.String())
	}
	if global.Len() != 0 {
		t.Errorf("slog's default logger got %q, want nothing", global.String())
	}
}
