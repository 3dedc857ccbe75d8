package excel

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/xuri/efp"
)

// TEXT(value, format) is computed by excelize's number formatting, the
// one the scan's reading uses (formatbook.go), and excelize renders some
// format codes otherwise than Excel: a TEXT left to it with one of them
// is dropped and reported, never cached (excelizeMiscomputes). Checked
// against LibreOffice (TestTextFormatsExcelizeRendersWrong): the classes
// below, and the features it renders as Excel does (colors, text
// sections with @, scaling commas, elapsed [h]:mm, AM/PM, month and day
// names under a locale [$-409], currency [$€-407] and [$€-x-euro2],
// exponents 0.00E+00) pass. formfill does not format numbers itself:
// what excelize renders wrong is reported, not rendered again.

// textFormatBrackets finds the bracketed parts of a section ([Red],
// [$-409], [<100]), quoted text and escapes first so that a bracket
// inside them is passed over.
var textFormatBrackets = regexp.MustCompile(`"[^"]*"|\\.|\[[^\]]*\]`)

// formatColors are the color names a section may begin with.
var formatColors = map[string]bool{"black": true, "blue": true, "cyan": true, "green": true,
	"magenta": true, "red": true, "white": true, "yellow": true}

// elapsedTime is an elapsed-time bracket: [h], [mm], [ss].
var elapsedTime = regexp.MustCompile(`^(?i)(h+|m+|s+)$`)

// textFormatMisrendered is why excelize renders the format code of a
// TEXT call otherwise than Excel, "" when it renders it as Excel does.
func textFormatMisrendered(code string) string {
	if code == "" {
		return "an empty format, which Excel gives as empty text and excelize as the number"
	}
	secs := codeSections(code)
	if len(secs) >= 3 && secs[2] != secs[0] {
		// hidesZero's formats ("0;;;@") among them: nfp drops the empty
		// section, as the scan found.
		return "a zero section (" + strconv.Quote(secs[2]) + "), which excelize does not use for 0"
	}
	for k, sec := range secs {
		if why := bracketMisrendered(sec); why != "" {
			return why
		}
		if k > 0 && sec != strings.TrimSpace(sec) {
			return "a space at the end of a section after the first, which excelize drops"
		}
		if why := placeholdersMisrendered(sec); why != "" {
			return why
		}
	}
	return ""
}

// bracketMisrendered is why excelize renders a bracket of section sec
// otherwise than Excel, "" when it renders all as Excel does.
func bracketMisrendered(sec string) string {
	for _, m := range textFormatBrackets.FindAllString(sec, -1) {
		if !strings.HasPrefix(m, "[") {
			continue
		}
		b := strings.ToLower(m[1 : len(m)-1])
		switch {
		case formatColors[b] || strings.HasPrefix(b, "color") || elapsedTime.MatchString(b):
		case strings.HasPrefix(b, "<") || strings.HasPrefix(b, ">") || strings.HasPrefix(b, "="):
			return "a condition (" + m + "), which excelize does not apply"
		case strings.HasPrefix(b, "$"):
			if why := localeMisrendered(m, b); why != "" {
				return why
			}
		default:
			return "the bracket " + m + ", which excelize ignores"
		}
	}
	return ""
}

// localeMisrendered is why excelize renders the currency and locale
// bracket m (b, lower case) otherwise than Excel: the Windows system
// formats [$-F800] (long date) and [$-F400] (time), which it gives as
// empty text, or a locale it does not know.
func localeMisrendered(m, b string) string {
	dash := strings.IndexByte(b, '-')
	if dash < 0 {
		return "" // a currency symbol alone
	}
	locale := b[dash+1:]
	if strings.HasPrefix(locale, "x-euro") {
		return ""
	}
	id, err := strconv.ParseUint(locale, 16, 32)
	switch {
	case err != nil || id > 0xFFFF:
		return "the locale " + m + ", which excelize does not render as Excel"
	case id == 0xF800 || id == 0xF400:
		return "the system format " + m + " (Windows' long date or time, as the reader's settings give it), which excelize does not know"
	}
	return ""
}

// placeholdersMisrendered is why excelize renders the digit placeholders
// of section sec otherwise than Excel, "" when it renders them as Excel
// does.
func placeholdersMisrendered(sec string) string {
	plain := strings.ToLower(quoted.ReplaceAllString(sec, ""))
	isDate := strings.ContainsAny(plain, "dmyhs") || strings.Contains(plain, "am/pm") || strings.Contains(plain, "a/p")
	switch {
	case strings.Contains(plain, "general"):
		return "General, which excelize writes in exponent form from 8 digits on (1.23456789e+07)"
	case strings.Contains(plain, "?"):
		return "the placeholder ?, which excelize renders otherwise (# ?/? gives 0 3/8 for 0.375, where Excel gives  3/8)"
	case isDate:
		return ""
	case strings.Contains(plain, "/"):
		return "a fraction, which excelize renders otherwise (0/8 gives 0/8 for 0.375, where Excel gives 3/8)"
	case (strings.Contains(plain, "e+") || strings.Contains(plain, "e-")) && strings.Contains(plain, "#"):
		return "an exponent with # in its number (##0.0E+0), which excelize does not group"
	}
	if !strings.ContainsAny(plain, "#0") {
		return ""
	}
	whole, _, _ := strings.Cut(plain, ".")
	if !strings.Contains(whole, "0") {
		return "no 0 before the decimal point (#.## or #), where Excel writes no leading 0 (.38) and excelize does (0.38)"
	}
	return ""
}

// textMisrendered is why excelize renders the TEXT call whose start token
// is toks[i] otherwise than Excel, "" when it renders it as Excel does: a
// format it renders wrong, or one not written in the formula, which
// cannot be judged.
func textMisrendered(toks []efp.Token, i int) string {
	args := callArgs(toks, i)
	if len(args) != 2 {
		return ""
	}
	f := args[1]
	// A number is a format too: Watkins FFIEC CAT's page links call
	// TEXT(page,0).
	if len(f) != 1 || f[0].TType != efp.TokenTypeOperand || f[0].TSubType != efp.TokenSubTypeText && f[0].TSubType != efp.TokenSubTypeNumber {
		return "it calls TEXT with a format not written in the formula, which formfill cannot tell excelize renders as Excel"
	}
	if why := textFormatMisrendered(f[0].TValue); why != "" {
		return "it calls TEXT with " + why
	}
	return ""
}

// callArgs is the tokens of each argument of the call whose start token
// is toks[i], spaces left out.
func callArgs(toks []efp.Token, i int) [][]efp.Token {
	var args [][]efp.Token
	var arg []efp.Token
	depth := 0
	for _, t := range toks[i+1:] {
		switch {
		case t.TType == efp.TokenTypeWhitespace:
			continue
		case depth == 0 && t.TType == efp.TokenTypeArgument:
			args, arg = append(args, arg), nil
			continue
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop,
			t.TType == efp.TokenTypeSubexpression && t.TSubType == efp.TokenSubTypeStop:
			if depth == 0 {
				return append(args, arg)
			}
			depth--
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart,
			t.TType == efp.TokenTypeSubexpression && t.TSubType == efp.TokenSubTypeStart:
			depth++
		}
		arg = append(arg, t)
	}
	return append(args, arg)
}

// textValueMisread is why excelize computes a call of formula text
// wrong for the value it reads, "" when it does not: TEXT of a reference
// to an empty cell, which excelize gives as empty text where Excel
// formats 0 (TEXT(B2,"0.00") is 0.00, TEXT(B2,"mm/dd/yyyy") 01/00/1900),
// or TEXT, DATEVALUE, TIMEVALUE or VALUE of text Excel reads as a number
// (a date, 1,234, 45%, $5, " 12") that excelize leaves as it is or
// refuses (TEXT("3/5/2024","yyyy") gave 3/5/2024, DATEVALUE of "March 5,
// 2024" #VALUE!). cellValue is the value of a reference to one cell, ok
// false for any other reference.
func textValueMisread(text string, cellValue func(ref string) (v calcValue, ok bool)) string {
	if !readsTextAsNumber.MatchString(text) {
		return ""
	}
	p := efp.ExcelParser()
	toks := p.Parse(text)
	for i, t := range toks {
		name := strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn."))
		if t.TType != efp.TokenTypeFunction || t.TSubType != efp.TokenSubTypeStart || !textReaders[name] {
			continue
		}
		args, want := callArgs(toks, i), 1
		if name == "TEXT" {
			want = 2 // TEXT(value, format)
		}
		if len(args) != want || len(args[0]) != 1 || args[0][0].TType != efp.TokenTypeOperand {
			continue
		}
		misread := func(s string) bool {
			return numberTextMisread(s) && (name == "TEXT" || !isSlashDate(s)) // excelize's DATEVALUE reads 3/5/2024
		}
		switch v := args[0][0]; v.TSubType {
		case efp.TokenSubTypeText:
			if misread(v.TValue) {
				return fmt.Sprintf("it calls %s of text Excel reads as a number, which excelize leaves as it is", name)
			}
		case efp.TokenSubTypeRange:
			c, ok := cellValue(v.TValue)
			switch {
			case !ok || c.formula:
			case c.kind == calcEmpty && name == "TEXT":
				return "it calls TEXT of an empty cell, which excelize gives as empty text where Excel formats 0"
			case c.kind == calcString && misread(c.text):
				return fmt.Sprintf("it calls %s of a cell holding text Excel reads as a number (a date, a percentage, a currency), which excelize leaves as it is or refuses", name)
			}
		}
	}
	return ""
}

// textReaders are the functions reading text as a number or date that
// textValueMisread judges; readsTextAsNumber finds a call of one.
var (
	textReaders       = map[string]bool{"TEXT": true, "DATEVALUE": true, "TIMEVALUE": true, "VALUE": true}
	readsTextAsNumber = regexp.MustCompile(`(?i)(?:TEXT|VALUE)\(`)
)

// numberTextMisread reports text that Excel reads as a number and
// excelize does not, or reads otherwise: text asNumber does not take as a
// plain number though it may be one (mayBeNumber), spaces about a number,
// or a form only Go reads (0x10, Inf).
func numberTextMisread(s string) bool {
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return strings.ContainsAny(s, "xXpPnN_")
	}
	return mayBeNumber(strings.TrimSpace(s))
}

// singleCellValue is the stored value of ref, read from a formula on
// sheet from, when it names one cell.
func (b *calcBook) singleCellValue(from int, ref string) (calcValue, bool) {
	r, ok := b.wb.refRect(from, ref, b.src.names())
	if !ok || r.r1 != r.r2 || r.c1 != r.c2 {
		return calcValue{}, false
	}
	return b.src.value(r.sheet, r.r1, r.c1), true
}
