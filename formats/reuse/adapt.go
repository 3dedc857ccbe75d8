package reuse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
)

// Yes/no words and codes, as answers and as options.
var (
	yesWords = map[string]bool{"yes": true, "y": true, "true": true, "x": true, "✓": true, "✔": true, "☒": true, "☑": true, "1": true, "checked": true, "on": true}
	noWords  = map[string]bool{"no": true, "n": true, "false": true, "0": true, "2": true, "☐": true, "unchecked": true, "off": true}
	naWords  = map[string]bool{"na": true, "n/a": true, "n a": true, "not applicable": true}
)

// adapt turns a previous answer into one target t accepts: an option of
// its list, a tick, text within its length. It returns the answer, its
// confidence and note, or ok false with the reason it was left out.
func adapt(t formats.Target, answer string, conf formats.Confidence, note string) (string, formats.Confidence, string, bool) {
	answer = strings.TrimSpace(answer)
	if answer == "" {
		return "", conf, "the previous answer is empty", false
	}
	switch t.Kind {
	case formats.TargetCheckbox:
		switch yesNo(answer) {
		case "yes":
			return "yes", conf, note, true
		case "no":
			return "no", conf, note, true
		}
		return "", conf, fmt.Sprintf("the previous answer %q is not yes or no, which a check box needs", clip(answer)), false
	case formats.TargetList, formats.TargetDropdown:
		if len(t.Options) > 0 {
			return toOption(t.Options, answer, conf, note)
		}
	case formats.TargetNumber:
		if _, err := strconv.ParseFloat(strings.ReplaceAll(answer, ",", ""), 64); err != nil {
			return answer, formats.Uncertain, note + fmt.Sprintf("; the target takes a number, the answer is %q", clip(answer)), true
		}
	case formats.TargetDate:
		if !dateLike(answer) {
			return answer, formats.Uncertain, note + fmt.Sprintf("; the target takes a date (%s)", t.Format), true
		}
	}
	if t.MaxChars > 0 && utf8.RuneCountInString(answer) > t.MaxChars {
		return answer, formats.Uncertain, note + fmt.Sprintf("; the answer has %d characters, the target takes %d: shorten it", utf8.RuneCountInString(answer), t.MaxChars), true
	}
	return answer, conf, note, true
}

// yesNo reads an answer as "yes", "no", "na", or "" when it is none of
// them; a longer answer counts by its first word ("Yes, annually").
func yesNo(s string) string {
	l := strings.ToLower(strings.TrimSpace(s))
	switch {
	case yesWords[l]:
		return "yes"
	case noWords[l]:
		return "no"
	case naWords[l]:
		return "na"
	}
	first := strings.ToLower(strings.Trim(strings.SplitN(strings.TrimSpace(s), " ", 2)[0], ".,;:-"))
	switch first {
	case "yes":
		return "yes"
	case "no":
		return "no"
	}
	return ""
}

// toOption maps an answer onto one of a list's options: the same option,
// or the option meaning the same yes, no or n/a.
func toOption(options []string, answer string, conf formats.Confidence, note string) (string, formats.Confidence, string, bool) {
	for _, o := range options {
		if strings.EqualFold(strings.TrimSpace(o), answer) {
			return o, conf, note, true
		}
	}
	bare := unnumbered(answer)
	for _, o := range options {
		if strings.EqualFold(unnumbered(o), bare) {
			// "6) GCP" in a list numbered its options, "GCP" in one that
			// does not: the same choice.
			return o, conf, note + fmt.Sprintf("; %q is the option %q", clip(answer), o), true
		}
	}
	want := yesNo(answer)
	if want != "" {
		for _, o := range options {
			if yesNo(o) == want || want == "na" && naWords[strings.ToLower(strings.TrimSpace(o))] {
				if !strings.EqualFold(answer, o) && utf8.RuneCountInString(answer) > 4 {
					// A longer answer loses its explanation: a person checks it.
					return o, formats.Uncertain, note + fmt.Sprintf("; %q mapped to the option %q", clip(answer), o), true
				}
				return o, conf, note, true
			}
		}
	}
	return "", conf, fmt.Sprintf("the previous answer %q is none of the options %s", clip(answer), strings.Join(options, "|")), false
}

// optionNumber is an option's own enumerator: "6) ", "b. ", "(3) ".
var optionNumber = regexp.MustCompile(`^\(?[0-9]{1,2}[.)]\)?\s+|^\(?[a-zA-Z][.)]\s+`)

// unnumbered is an option label without its enumerator.
func unnumbered(s string) string {
	s = strings.TrimSpace(s)
	return strings.TrimSpace(optionNumber.ReplaceAllString(s, ""))
}

// dateLayouts are the dates an answer may carry.
var dateLayouts = []string{"2006-01-02", "02/01/2006", "01/02/2006", "2 January 2006", "January 2, 2006", "2 Jan 2006", "Jan 2, 2006", "1/2/2006"}

func dateLike(s string) bool {
	for _, l := range dateLayouts {
		if _, err := time.Parse(l, s); err == nil {
			return true
		}
	}
	return false
}
