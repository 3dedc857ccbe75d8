package word

import "strings"

// blank reports text that is empty or only white space.
func blank(s string) bool { return strings.TrimSpace(s) == "" }
