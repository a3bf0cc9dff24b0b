package main

import (
	"strings"
	"unicode"
)

// initialisms are the words Go writes in capitals (the usual Go list and
// the platform's own abbreviations).
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "CSV": true, "DNS": true,
	"EOF": true, "GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IDS": true,
	"IP": true, "JSON": true, "QPS": true, "RAM": true, "RPC": true, "SLA": true, "SMTP": true,
	"SQL": true, "SSH": true, "SSL": true, "TCP": true, "TLS": true, "TTL": true, "UDP": true,
	"UI": true, "UID": true, "UUID": true, "URI": true, "URL": true, "UTF8": true, "XML": true,
	"CPM": true, "CPA": true, "CPC": true, "CPE": true, "CPCV": true, "CTR": true, "ROI": true,
	"VCPM": true, "VCR": true, "IAB": true, "RTB": true, "DSP": true, "SSP": true, "DMP": true,
	"VAST": true, "ISO": true, "OS": true,
}

// words splits a wire name into words: at every character that is not a
// letter or digit, and at a lower-to-upper change ("useHash").
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range s {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)) && len(cur) > 0:
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}

// goName turns a wire name into an exported Go name: each word
// capitalised, initialisms in capitals ("retail_cpm" -> "RetailCPM",
// "taxonomy_id" -> "TaxonomyID", "GLOBAL" -> "Global"). It returns ""
// when no Go name can be made (no letter to start with).
func goName(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		up := strings.ToUpper(w)
		if initialisms[up] {
			if up == "IDS" {
				up = "IDs"
			}
			b.WriteString(up)
			continue
		}
		lw := []rune(strings.ToLower(w))
		lw[0] = unicode.ToUpper(lw[0])
		b.WriteString(string(lw))
	}
	n := b.String()
	if n == "" || !unicode.IsLetter([]rune(n)[0]) || !isASCIIIdent(n) {
		return ""
	}
	return n
}

// enumConst is the name of an enum's constant: the type's name, then the
// value's Go name ("GoalType", "cpa" -> "GoalTypeCPA").
func enumConst(typ, value string) string {
	v := goName(value)
	if v == "" {
		// A value starting with a digit ("7d") still names a constant
		// after the type.
		v = goName("x" + value)
		if len(v) < 2 {
			return ""
		}
		v = v[1:]
	}
	return typ + v
}

// lowerFirst returns s with its first letter in lower case, keeping a
// leading initialism whole ("ID" -> "id", "CPMRate" -> "cpmRate").
func lowerFirst(s string) string {
	r := []rune(s)
	i := 0
	for i < len(r) && unicode.IsUpper(r[i]) {
		i++
	}
	switch {
	case i == 0:
		return s
	case i == 1 || i == len(r):
		i = min(i, len(r))
	default:
		i-- // "CPMRate": the last capital starts the next word
	}
	return strings.ToLower(string(r[:i])) + string(r[i:])
}

func isASCIIIdent(s string) bool {
	for i, r := range s {
		if r > unicode.MaxASCII || !(unicode.IsLetter(r) || r == '_' || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}
