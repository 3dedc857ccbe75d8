package wordxml

import (
	"strconv"
	"strings"
)

// ListCounter computes the labels Word and LibreOffice show in front of
// numbered paragraphs, fed the paragraphs in document order.
//
// Counters belong to the list definition (the abstract numbering), not to
// the w:num: two nums over one definition continue each other's count, as
// ILPA's definition lists do (item (a) names num 48, items (b)–(d) take num
// 46 from their style, and LibreOffice prints (a)…(d)). A num's
// startOverride restarts its level the first time the num uses that
// level: how templates restart "1." under every heading.
type ListCounter struct {
	n       *Numbering
	counts  map[*abstractNum]*levelCounts
	used    map[*numInstance]*[maxLevels]bool
	orphans map[*numInstance]*abstractNum
}

// levelCounts is one list definition's counters.
type levelCounts struct {
	value [maxLevels]int
	set   [maxLevels]bool // the level has counted since it last restarted
}

// NewListCounter counts the lists of n from their start.
func NewListCounter(n *Numbering) *ListCounter {
	return &ListCounter{n: n, counts: map[*abstractNum]*levelCounts{}, used: map[*numInstance]*[maxLevels]bool{},
		orphans: map[*numInstance]*abstractNum{}}
}

// Next counts a paragraph at level np.Ilvl of list np.NumID and returns
// its label ("1.1", "(a)", "Article II"); "" when the level shows nothing.
func (c *ListCounter) Next(np NumPr) string {
	num := c.n.nums[np.NumID]
	def := c.n.definition(num)
	lvl := c.n.level(num, def, np.Ilvl)
	if lvl == nil {
		return ""
	}
	key := def
	if key == nil {
		// A num without a definition (levels only from its overrides)
		// counts on its own.
		if c.orphans[num] == nil {
			c.orphans[num] = &abstractNum{}
		}
		key = c.orphans[num]
	}
	st := c.counts[key]
	if st == nil {
		st = &levelCounts{}
		c.counts[key] = st
	}
	used := c.used[num]
	if used == nil {
		used = &[maxLevels]bool{}
		c.used[num] = used
	}
	i := np.Ilvl
	o := num.overrides[i]
	switch {
	case o != nil && o.hasStart && !used[i], !st.set[i]:
		st.value[i], st.set[i] = c.n.startOf(num, def, i), true
	default:
		st.value[i]++
	}
	used[i] = true
	for d := i + 1; d < maxLevels; d++ {
		if l := c.n.level(num, def, d); l == nil || restartsAfter(l, i) {
			st.set[d] = false
		}
	}
	return c.render(num, def, lvl, st)
}

// restartsAfter reports whether level l starts again after a paragraph at
// the higher level used (0-based): by default after any higher level,
// with w:lvlRestart only after the levels up to its value, never with 0.
func restartsAfter(l *NumLevel, used int) bool {
	return l.restart < 0 || used < l.restart
}

// render fills lvl's text: each %k becomes level k's counter in that
// level's format (decimal throughout for a legal level).
func (c *ListCounter) render(num *numInstance, def *abstractNum, lvl *NumLevel, st *levelCounts) string {
	if lvl.format == "none" && !strings.Contains(lvl.text, "%") {
		return strings.TrimSpace(lvl.text)
	}
	if lvl.format == "bullet" {
		return bulletLabel(lvl.text)
	}
	var b strings.Builder
	t := lvl.text
	for i := 0; i < len(t); i++ {
		if t[i] != '%' || i+1 >= len(t) || t[i+1] < '1' || t[i+1] > '9' {
			b.WriteByte(t[i])
			continue
		}
		k := int(t[i+1] - '1')
		i++
		v := st.value[k]
		if !st.set[k] {
			v = c.n.startOf(num, def, k)
		}
		format := "decimal"
		if l := c.n.level(num, def, k); l != nil {
			format = l.format
		}
		if lvl.legal && format != "none" {
			format = "decimal"
		}
		b.WriteString(formatNumber(v, format))
	}
	return strings.TrimSpace(b.String())
}

// bulletLabel is the bullet a level shows. Symbol-font bullets live in the
// private-use area; they are shown as the bullet they draw.
func bulletLabel(text string) string {
	r := []rune(text)
	if len(r) == 0 {
		return ""
	}
	if r[0] >= 0xF000 && r[0] <= 0xF0FF {
		return "•"
	}
	return strings.TrimSpace(text)
}

// formatNumber writes n in a WordprocessingML number format (w:numFmt).
// Formats formfill does not know are written in decimal, as Word does for
// formats it lacks.
func formatNumber(n int, format string) string {
	switch format {
	case "none":
		return ""
	case "decimalZero":
		if n >= 0 && n < 10 {
			return "0" + strconv.Itoa(n)
		}
	case "lowerLetter":
		return letters(n, 'a')
	case "upperLetter":
		return letters(n, 'A')
	case "lowerRoman":
		return strings.ToLower(roman(n))
	case "upperRoman":
		return roman(n)
	case "ordinal":
		return strconv.Itoa(n) + ordinalSuffix(n)
	case "cardinalText":
		return capitalise(numberWords(n, false))
	case "ordinalText":
		return capitalise(numberWords(n, true))
	case "decimalEnclosedParen":
		return "(" + strconv.Itoa(n) + ")"
	case "decimalEnclosedFullstop":
		return strconv.Itoa(n) + "."
	case "decimalEnclosedCircle":
		if n >= 1 && n <= 20 {
			return string(rune('①' + n - 1))
		}
	case "chicago":
		return chicago(n)
	}
	return strconv.Itoa(n)
}

// letters is Word's alphabetic count: a…z, then aa…zz, aaa…: the letter
// repeated, not a base-26 number.
func letters(n int, first rune) string {
	if n <= 0 {
		return strconv.Itoa(n)
	}
	return strings.Repeat(string(first+rune((n-1)%26)), (n-1)/26+1)
}

func roman(n int) string {
	if n <= 0 || n >= 4000 {
		return strconv.Itoa(n)
	}
	var b strings.Builder
	for _, p := range []struct {
		v int
		s string
	}{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}} {
		for n >= p.v {
			b.WriteString(p.s)
			n -= p.v
		}
	}
	return b.String()
}

// chicago is the Chicago Manual's footnote marks: *, †, ‡, §, then doubled.
func chicago(n int) string {
	if n <= 0 {
		return strconv.Itoa(n)
	}
	marks := []string{"*", "†", "‡", "§"}
	return strings.Repeat(marks[(n-1)%4], (n-1)/4+1)
}

func ordinalSuffix(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return "th"
	}
	switch n % 10 {
	case 1:
		return "st"
	case 2:
		return "nd"
	case 3:
		return "rd"
	}
	return "th"
}

var (
	smallCardinals = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tensCardinals = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	smallOrdinals = []string{"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
		"eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"}
	tensOrdinals = []string{"", "", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth"}
)

// numberWords spells n in English words, as a cardinal ("twenty-one") or
// an ordinal ("twenty-first"), up to 999: lists never count further in
// words.
func numberWords(n int, ordinal bool) string {
	small, tens, hundred := smallCardinals, tensCardinals, " hundred"
	if ordinal {
		small, tens, hundred = smallOrdinals, tensOrdinals, " hundredth"
	}
	switch {
	case n < 0 || n > 999:
		if ordinal {
			return strconv.Itoa(n) + ordinalSuffix(n)
		}
		return strconv.Itoa(n)
	case n < 20:
		return small[n]
	case n < 100:
		if n%10 == 0 {
			return tens[n/10]
		}
		return tensCardinals[n/10] + "-" + small[n%10]
	case n%100 == 0:
		return smallCardinals[n/100] + hundred
	}
	return smallCardinals[n/100] + " hundred " + numberWords(n%100, ordinal)
}

func capitalise(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
