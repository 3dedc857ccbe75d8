package word

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Questions from template fields: a field's name says what goes there,
// written for a program ("matters[i].org.name.text", "sign_off_date");
// these functions read it as words a person asks ("org name", "sign off
// date").

// markerGeneric are name parts that say how a value is read, not what it
// is (org.name.text, dpo.name.full()).
var markerGeneric = map[string]bool{"text": true, "full": true, "value": true, "values": true, "true_values": true,
	"get": true, "strip": true, "upper": true, "lower": true, "title": false, "format": true, "join": true, "i": true}

// markerRoots are loop variables and containers that name no value.
var markerRoots = map[string]bool{"matters": true, "matter": true, "self": true, "data": true, "item": true, "items": true,
	"row": true, "obj": true, "doc": true, "context": true, "ctx": true, "model": true}

// markerNouns are names that read better with their owner ("org name",
// "dpo name") than alone.
var markerNouns = map[string]bool{"name": true, "date": true, "address": true, "email": true, "phone": true, "number": true,
	"id": true, "type": true, "code": true, "title": true, "amount": true, "signature": true, "ref": true}

// markerQuestion makes a question from a field's expression:
// "company_name" → "company name", "matters[i].org.name.text" → "org
// name", "'Yes' if a.dpia.dpo_advice_given else 'No'" → "dpo advice
// given", "today()" → "date". "" when the expression names nothing.
func markerQuestion(expr string) string {
	if strings.Contains(expr, " ") && !strings.ContainsAny(expr, ".()[]|'\"=") {
		return strings.Join(strings.Fields(expr), " ") // a prompt in words: {Insert CSP name}
	}
	path := firstPath(expr)
	for len(path) > 0 && markerGeneric[path[len(path)-1]] {
		path = path[:len(path)-1]
	}
	if len(path) == 0 {
		if strings.HasPrefix(strings.TrimSpace(expr), "Insert ") || strings.ContainsFunc(expr, unicode.IsLetter) && !strings.ContainsAny(expr, "()[].'\"") {
			return humanName(expr)
		}
		return ""
	}
	last := path[len(path)-1]
	if last == "today" || last == "now" {
		return "date"
	}
	words := humanName(last)
	if markerNouns[last] && len(path) > 1 {
		if owner := path[len(path)-2]; utf8.RuneCountInString(owner) > 1 && !markerRoots[owner] {
			words = humanName(owner) + " " + words
		}
	}
	return words
}

// firstPath is the first dotted name of an expression, without string
// literals, subscripts and call parentheses: "a.dpia.notes | x" → [a dpia
// notes].
func firstPath(expr string) []string {
	var path []string
	var cur strings.Builder
	inQuote := rune(0)
	depth := 0
	flush := func() {
		if cur.Len() > 0 {
			path = append(path, cur.String())
			cur.Reset()
		}
	}
	for _, r := range expr {
		switch {
		case inQuote != 0:
			if r == inQuote {
				inQuote = 0
			}
		case r == '[' || r == '(':
			depth++
		case r == ']' || r == ')':
			depth--
		case depth > 0:
		case r == '\'' || r == '"':
			if len(path) > 0 || cur.Len() > 0 {
				flush()
				return path
			}
			inQuote = r
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			cur.WriteRune(r)
		case r == '.':
			flush()
		default:
			flush()
			if len(path) > 0 && !isKeywordWord(path[len(path)-1]) {
				return path
			}
			path = path[:0]
		}
	}
	flush()
	if len(path) > 0 && isKeywordWord(path[0]) {
		return nil
	}
	return path
}

// isKeywordWord reports a Jinja keyword, which starts no name.
func isKeywordWord(s string) bool {
	switch s {
	case "if", "else", "not", "and", "or", "in", "is", "for", "none", "None", "True", "False":
		return true
	}
	return false
}

// humanName turns an identifier into words: snake_case and camelCase
// split, lower case ("companyName" → "company name").
func humanName(s string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || r == '.':
			r = ' '
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
		prev = r
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
