package excel

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
)

// A formula excelize fails to compute is named in a warning with why. Its
// error may be a bare Go one ("strconv.ParseFloat: parsing \"1,500\":
// invalid syntax"), which tells a reader of the warning nothing: it is
// said in words, with what was expected.

// parseFloatError is strconv's message for text that is not a number,
// as excelize passes it on, unwrapped.
var parseFloatError = regexp.MustCompile(`strconv\.Parse(?:Float|Int): parsing ("(?:[^"\\]|\\.)*"): (invalid syntax|value out of range)`)

// calcFailure is why excelize could not compute a formula, from its
// error err, in words.
func calcFailure(err error) string {
	text, problem := "", ""
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		text, problem = strconv.Quote(ne.Num), ne.Err.Error()
	} else if m := parseFloatError.FindStringSubmatch(err.Error()); m != nil {
		text, problem = m[1], m[2]
	}
	switch {
	case text == "":
		return fmt.Sprintf("formfill could not compute it (%v)", err)
	case problem == strconv.ErrRange.Error():
		return fmt.Sprintf("it reads %s as a number, which is too large for one", text)
	}
	return fmt.Sprintf("it reads the text %s as a number, and formfill's calculation takes only a plain number there (such as 1500 or -2.5, without thousands separators or a currency sign)", text)
}
