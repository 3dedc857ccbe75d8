package formats

import (
	"archive/zip"
	"strings"
)

// checkNames refuses entry names readers would disagree on, and names that
// would escape a folder the archive is unpacked into:
//
//   - two entries of one name (or of names that differ only in case, or in
//     '\' for '/': OOXML part names are case-insensitive, and excelize reads
//     xl\sharedStrings.xml as xl/sharedStrings.xml). formfill reads the
//     first and Word or Excel may read the last, so the map an agent sees
//     and the page a person sees could differ;
//   - absolute names (/tmp/x, C:\x, \\host\x) and names with a ".."
//     segment (../../x). A rewrite copies entries it does not change, so
//     such a name would otherwise reach the output untouched.
//
// Both are refused, never normalised: no real Office package has them.
func checkNames(files []*zip.File) error {
	seen := make(map[string]string, len(files))
	for _, f := range files {
		if err := checkName(f.Name); err != nil {
			return err
		}
		key := strings.ToLower(strings.ReplaceAll(f.Name, `\`, "/"))
		if first, dup := seen[key]; dup {
			return Errorf(ErrInvalidDocument, f.Name,
				"the archive has two entries named %q and %q; readers disagree on which one counts (expected one entry per name)", first, f.Name)
		}
		seen[key] = f.Name
	}
	return nil
}

// checkName refuses an absolute entry name or one with a ".." segment.
func checkName(name string) error {
	slashed := strings.ReplaceAll(name, `\`, "/")
	switch {
	case name == "":
		return Errorf(ErrInvalidDocument, "file", "the archive has an entry with an empty name (expected a part name such as word/document.xml)")
	case strings.HasPrefix(slashed, "/") || len(slashed) >= 2 && slashed[1] == ':':
		return Errorf(ErrInvalidDocument, name, "the entry name is absolute (expected a relative part name such as word/document.xml)")
	}
	for _, seg := range strings.Split(slashed, "/") {
		if seg == ".." {
			return Errorf(ErrInvalidDocument, name, "the entry name climbs out of the package with \"..\" (expected a relative part name such as word/document.xml)")
		}
	}
	return nil
}
