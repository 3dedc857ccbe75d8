package xmllex

import "unicode/utf8"

// Unescape appends raw, text or an attribute value between its quotes,
// to dst with its references resolved (RefAt, with window), checking each
// character. With lineEnds, "\r\n" and a lone '\r' become '\n', as XML
// 1.0 (2.11) has a parser do and etree does; without, a '\r' is a fault,
// since encoding/xml turns one inside a value into a space, which the
// fast reader does not copy.
//
// On a fault, at is the offset in raw where it lies ('&' for a
// reference) and out is dst with part of raw appended.
func Unescape(dst, raw []byte, lineEnds bool, window int) (out []byte, at int, f Fault) {
	out = dst
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '&':
			r, next, f := RefAt(raw, i, window)
			if f != OK {
				return out, i, f
			}
			out, i = utf8.AppendRune(out, r), next
		case c == '\r':
			if !lineEnds {
				return out, i, CarriageReturn
			}
			out, i = append(out, '\n'), i+1
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
		case c == '<':
			return out, i, LessThan
		case c >= utf8.RuneSelf:
			n := RuneLen(raw, i)
			if n == 0 {
				return out, i, BadChar
			}
			out, i = append(out, raw[i:i+n]...), i+n
		case c < 0x20 && c != '\t' && c != '\n':
			return out, i, BadChar
		default:
			out, i = append(out, c), i+1
		}
	}
	return out, len(raw), OK
}
