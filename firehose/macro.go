package firehose

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/valid"
)

// DefaultPartitionMacro is the platform's partition macro when a consumer
// sets none (spec §4.G).
const DefaultPartitionMacro = "%hex%/%yyyy%-%mm%-%dd%/%hh%/%appuuid%_%yyyy%-%mm%-%dd%-%hh%-%mm%opportunities%unixms%.jsonl.lzo"

// MaxObjectName is the longest object name the storage accepts, in bytes.
const MaxObjectName = 1024

// maxLen is the longest expansion of t.
func (t MacroToken) maxLen() int {
	switch t {
	case MacroTokenYear:
		return 4
	case MacroTokenHex:
		return 1
	case MacroTokenUnix:
		return 11
	case MacroTokenUnixMS:
		return 14
	case MacroTokenNano:
		return 20
	case MacroTokenAppUUID:
		return 36
	}
	return 2
}

// hourly reports whether t is fixed within one hour of one location.
func (t MacroToken) hourly() bool {
	switch t {
	case MacroTokenYear, MacroTokenMonth, MacroTokenDay, MacroTokenHour:
		return true
	}
	return false
}

// MacroPart is a literal text or one macro.
type MacroPart struct {
	// Literal is the text of a literal part.
	Literal string
	// Token is the macro of a macro part (empty for literals).
	Token MacroToken
}

// Macro is a parsed partition macro.
type Macro struct {
	raw   string
	parts []MacroPart
}

// MacroError is a partition macro that does not parse: the byte offset
// and what is wrong there.
type MacroError struct {
	Offset int
	Reason string
}

// Error describes the macro problem and its offset.
func (e *MacroError) Error() string {
	return fmt.Sprintf("partition macro: offset %d: %s", e.Offset, e.Reason)
}

// unsafeChars are characters object storage rejects or mangles in names.
const unsafeChars = "\\{}^`[]\"<>~#|"

// ParseMacro parses a partition macro: literal text and the macros of
// MacroToken. An unknown macro, an unterminated %, a character the
// storage rejects, an empty path segment, a "." or ".." segment, a
// leading or trailing "/", or a name that can exceed MaxObjectName bytes
// is a *MacroError.
func ParseMacro(s string) (*Macro, error) {
	if s == "" {
		return nil, &MacroError{0, "empty"}
	}
	if !utf8.ValidString(s) {
		return nil, &MacroError{0, "not valid UTF-8"}
	}
	m := &Macro{raw: s}
	var lit strings.Builder
	maxLen := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '%':
			end := strings.IndexByte(s[i+1:], '%')
			if end < 0 {
				return nil, &MacroError{i, "unterminated %"}
			}
			tok := MacroToken(s[i : i+end+2])
			if !tok.Valid() {
				return nil, &MacroError{i, fmt.Sprintf("unknown macro %q", string(tok))}
			}
			if lit.Len() > 0 {
				m.parts = append(m.parts, MacroPart{Literal: lit.String()})
				lit.Reset()
			}
			m.parts = append(m.parts, MacroPart{Token: tok})
			maxLen += tok.maxLen()
			i += end + 2
			continue
		case c < 0x20 || c == 0x7f:
			return nil, &MacroError{i, "control character"}
		case strings.IndexByte(unsafeChars, c) >= 0:
			return nil, &MacroError{i, fmt.Sprintf("character %q is not valid in an object name", c)}
		}
		lit.WriteByte(c)
		maxLen++
		i++
	}
	if lit.Len() > 0 {
		m.parts = append(m.parts, MacroPart{Literal: lit.String()})
	}
	if maxLen > MaxObjectName {
		return nil, &MacroError{0, fmt.Sprintf("names can reach %d bytes, more than %d", maxLen, MaxObjectName)}
	}
	// Path segments: check on a rendering where every macro is "x".
	var shape strings.Builder
	for _, p := range m.parts {
		if p.Token != "" {
			shape.WriteByte('x')
		} else {
			shape.WriteString(p.Literal)
		}
	}
	sh := shape.String()
	switch {
	case strings.HasPrefix(sh, "/"):
		return nil, &MacroError{0, "leading /"}
	case strings.HasSuffix(sh, "/"):
		return nil, &MacroError{len(s) - 1, "trailing / (names a folder, not an object)"}
	}
	for _, seg := range strings.Split(sh, "/") {
		switch seg {
		case "":
			return nil, &MacroError{strings.Index(s, "//"), "empty path segment"}
		case ".", "..":
			return nil, &MacroError{strings.Index(s, "/"+seg), "path segment " + seg}
		}
	}
	return m, nil
}

// String returns the macro as parsed.
func (m *Macro) String() string { return m.raw }

// Parts returns the macro's parts in order.
func (m *Macro) Parts() []MacroPart { return append([]MacroPart(nil), m.parts...) }

// Has reports whether the macro uses t.
func (m *Macro) Has(t MacroToken) bool {
	for _, p := range m.parts {
		if p.Token == t {
			return true
		}
	}
	return false
}

// Unique reports whether names are unique per delivering server and
// instant: the macro holds %appuuid% and %nano%. Without them files of
// different servers overwrite each other and the data is lost, though
// delivery is charged.
func (m *Macro) Unique() bool { return m.Has(MacroTokenAppUUID) && m.Has(MacroTokenNano) }

// Compression returns the compression the name's extension announces
// (.lzo, .lzop: LZOP; .gz, .gzip: GZIP) and whether it announces one.
func (m *Macro) Compression() (Compression, bool) {
	name := strings.ToLower(m.raw)
	switch {
	case strings.HasSuffix(name, ".lzo"), strings.HasSuffix(name, ".lzop"):
		return CompressionLZOP, true
	case strings.HasSuffix(name, ".gz"), strings.HasSuffix(name, ".gzip"):
		return CompressionGZIP, true
	}
	return "", false
}

// Format returns the record format the name's extension announces
// (.jsonl: JSONL; .json: JSON array) and whether it announces one.
func (m *Macro) Format() (Format, bool) {
	name := strings.ToLower(m.raw)
	for _, c := range []string{".lzop", ".lzo", ".gzip", ".gz"} {
		name = strings.TrimSuffix(name, c)
	}
	switch {
	case strings.HasSuffix(name, ".jsonl"):
		return FormatJSONL, true
	case strings.HasSuffix(name, ".json"):
		return FormatJSONArray, true
	}
	return "", false
}

// MacroValues are the parts of a name that do not come from the time.
type MacroValues struct {
	// AppUUID is the delivering server's UUID.
	AppUUID string
	// Hex is the spreading digit, 0 to 15 (written 0 to F).
	Hex int
}

// Expand returns the object name the macro gives for a delivery at t by
// the server v.AppUUID. Date and time fields are written in t's location
// (the platform's own example matches US Eastern time); epoch fields do
// not depend on it.
func (m *Macro) Expand(t time.Time, v MacroValues) string {
	var b strings.Builder
	for _, p := range m.parts {
		if p.Token == "" {
			b.WriteString(p.Literal)
			continue
		}
		b.WriteString(expandToken(p.Token, t, v))
	}
	return b.String()
}

func expandToken(tok MacroToken, t time.Time, v MacroValues) string {
	two := func(n int) string { return fmt.Sprintf("%02d", n) }
	switch tok {
	case MacroTokenYear:
		return fmt.Sprintf("%04d", t.Year())
	case MacroTokenMonth:
		return two(int(t.Month()))
	case MacroTokenDay:
		return two(t.Day())
	case MacroTokenHour:
		return two(t.Hour())
	case MacroTokenMinute:
		return two(t.Minute())
	case MacroTokenSecond:
		return two(t.Second())
	case MacroTokenHex:
		return strings.ToUpper(strconv.FormatInt(int64(v.Hex&0xf), 16))
	case MacroTokenUnix:
		return strconv.FormatInt(t.Unix(), 10)
	case MacroTokenUnixMS:
		return strconv.FormatInt(t.UnixMilli(), 10)
	case MacroTokenNano:
		return strconv.FormatInt(t.UnixNano(), 10)
	case MacroTokenAppUUID:
		return v.AppUUID
	}
	return ""
}

// Prefixes returns the name prefixes that cover deliveries from from up to
// (not including) to, hour by hour, for listing delivered objects: the
// macro up to its first part that changes within an hour or per server
// (%mi%, %ss%, epoch stamps, %appuuid%), expanded for each hour and each
// %hex% digit it contains. Prefixes are distinct and in order. At most
// 10000 are returned.
func (m *Macro) Prefixes(from, to time.Time) []string {
	if !from.Before(to) {
		return nil
	}
	var head []MacroPart
	for _, p := range m.parts {
		if p.Token != "" && !p.Token.hourly() && p.Token != MacroTokenHex {
			break
		}
		head = append(head, p)
	}
	hexes := 1
	for _, p := range head {
		if p.Token == MacroTokenHex {
			hexes = 16
		}
	}
	seen := map[string]bool{}
	var out []string
	const limit = 10000
	for h := from.Truncate(time.Hour); h.Before(to) && len(out) < limit; h = h.Add(time.Hour) {
		for x := 0; x < hexes && len(out) < limit; x++ {
			var b strings.Builder
			for _, p := range head {
				if p.Token == "" {
					b.WriteString(p.Literal)
				} else {
					b.WriteString(expandToken(p.Token, h, MacroValues{Hex: x}))
				}
			}
			if s := b.String(); !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// CheckMacro checks a partition macro before it is sent: it must parse
// (see ParseMacro), and, unless acceptOverwriteRisk, hold %appuuid% and
// %nano% so that servers never overwrite each other's files. The error is
// a *adama.ValidationError.
func CheckMacro(s string, acceptOverwriteRisk bool) error {
	var v valid.Validator
	checkMacro(&v, "PartitionMacro", s, acceptOverwriteRisk)
	return v.Err()
}

// checkMacro records the violations of macro s as field.
func checkMacro(v *valid.Validator, field, s string, acceptOverwriteRisk bool) {
	m, err := ParseMacro(s)
	if err != nil {
		v.Add(field, err.Error(), s)
		return
	}
	if !acceptOverwriteRisk && !m.Unique() {
		v.Add(field, "must hold %appuuid% and %nano%: without them servers overwrite each other's files (data lost, delivery charged); set AcceptOverwriteRisk to send it anyway", s)
	}
}
