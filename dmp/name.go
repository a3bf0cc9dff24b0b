package dmp

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf8"
)

// encodeName returns a node name as the platform takes it: ASCII text in
// which every non-ASCII character is an HTML numeric entity ("&#1055;")
// and "&" is "&amp;", so that decodeName gives the name back exactly.
func encodeName(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] == '&' {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		default:
			b.WriteString("&#")
			b.WriteString(strconv.Itoa(int(r)))
			b.WriteByte(';')
		}
	}
	return b.String()
}

// maxEntity bounds the length of one entity decodeName looks at.
const maxEntity = 32

// decodeName reads a node name the platform sends: numeric entities
// ("&#1055;", "&#x41F;") are decoded exactly, named ones ("&amp;",
// "&eacute;") as HTML defines them, and a "&" that starts no entity is
// kept as is.
func decodeName(s string) string {
	i := strings.IndexByte(s, '&')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i:]
		end := strings.IndexByte(s[:min(len(s), maxEntity)], ';')
		if end < 0 {
			b.WriteByte('&')
			s = s[1:]
		} else if r, ok := numericEntity(s[1:end]); ok {
			b.WriteRune(r)
			s = s[end+1:]
		} else if u := html.UnescapeString(s[:end+1]); u != s[:end+1] {
			b.WriteString(u)
			s = s[end+1:]
		} else {
			b.WriteByte('&')
			s = s[1:]
		}
		i = strings.IndexByte(s, '&')
	}
	b.WriteString(s)
	return b.String()
}

// numericEntity reads "#1055" or "#x41F" as a rune.
func numericEntity(e string) (rune, bool) {
	if len(e) < 2 || e[0] != '#' {
		return 0, false
	}
	base, digits := 10, e[1:]
	if digits[0] == 'x' || digits[0] == 'X' {
		base, digits = 16, digits[1:]
	}
	if digits == "" || digits[0] == '+' || digits[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseUint(digits, base, 32)
	if err != nil || n > utf8.MaxRune || !utf8.ValidRune(rune(n)) {
		return 0, false
	}
	return rune(n), true
}
