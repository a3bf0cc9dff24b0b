package beamio

import (
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/firehose"
)

// namePattern reads the delivery time back from an object name written
// by a partition macro.
type namePattern struct {
	re     *regexp.Regexp
	tokens []firehose.MacroToken // the macro of each capture group
	loc    *time.Location
}

// tokenExpr is what each macro expands to in a name.
func tokenExpr(t firehose.MacroToken) string {
	switch t {
	case firehose.MacroTokenYear:
		return `(\d{4})`
	case firehose.MacroTokenHex:
		return `([0-9A-Fa-f])`
	case firehose.MacroTokenUnix:
		return `(\d{1,11})`
	case firehose.MacroTokenUnixMS:
		return `(\d{1,14})`
	case firehose.MacroTokenNano:
		return `(\d{1,20})`
	case firehose.MacroTokenAppUUID:
		return `([^/]+?)`
	}
	return `(\d{2})`
}

// compileNames builds the pattern of macro m, whose date fields are
// written in loc. A name matches when it ends with the macro's expansion
// after a "/" (a bucket and prefix may come before it) or is the
// expansion.
func compileNames(m *firehose.Macro, loc *time.Location) *namePattern {
	var b strings.Builder
	b.WriteString(`(?:^|/)`)
	p := &namePattern{loc: loc}
	for _, part := range m.Parts() {
		if part.Token == "" {
			b.WriteString(regexp.QuoteMeta(part.Literal))
			continue
		}
		b.WriteString(tokenExpr(part.Token))
		p.tokens = append(p.tokens, part.Token)
	}
	b.WriteString(`$`)
	p.re = regexp.MustCompile(b.String()) // built of quoted literals and fixed groups
	return p
}

// Time returns the delivery time name announces and whether it announces
// one: the date and hour of the first %yyyy%, %mm%, %dd% and %hh% (hour 0
// when the macro has no %hh%; a later
// %mm%, as in the platform's default macro where deliveries write the
// minute there, is matched but not read), in the pattern's location; else
// the first epoch field (%nano%, %unixms%, %unix%). A name that does not
// follow the macro, or whose fields are no valid date, announces none.
func (p *namePattern) Time(name string) (time.Time, bool) {
	if p == nil {
		return time.Time{}, false
	}
	name = strings.ReplaceAll(name, `\`, "/")
	if i := strings.Index(name, "://"); i >= 0 {
		name = name[i+2:] // the bucket becomes a leading segment
	}
	name = path.Clean("/" + name)
	sub := p.re.FindStringSubmatch(name)
	if sub == nil {
		return time.Time{}, false
	}
	date := map[firehose.MacroToken]int{}
	var epoch struct {
		tok firehose.MacroToken
		v   int64
	}
	for i, tok := range p.tokens {
		v, err := strconv.ParseInt(sub[i+1], 10, 64)
		switch tok {
		case firehose.MacroTokenYear, firehose.MacroTokenMonth, firehose.MacroTokenDay, firehose.MacroTokenHour:
			if _, seen := date[tok]; !seen && err == nil {
				date[tok] = int(v)
			}
		case firehose.MacroTokenNano, firehose.MacroTokenUnixMS, firehose.MacroTokenUnix:
			if epoch.tok == "" && err == nil {
				epoch.tok, epoch.v = tok, v
			}
		}
	}
	_, hasY := date[firehose.MacroTokenYear]
	_, hasM := date[firehose.MacroTokenMonth]
	_, hasD := date[firehose.MacroTokenDay]
	if hasY && hasM && hasD {
		y, mo, d, h := date[firehose.MacroTokenYear], date[firehose.MacroTokenMonth], date[firehose.MacroTokenDay], date[firehose.MacroTokenHour]
		t := time.Date(y, time.Month(mo), d, h, 0, 0, 0, p.loc)
		if mo < 1 || mo > 12 || d < 1 || d != t.Day() || h > 23 {
			return time.Time{}, false
		}
		return t.UTC(), true
	}
	switch epoch.tok {
	case firehose.MacroTokenNano:
		return time.Unix(0, epoch.v).UTC(), true
	case firehose.MacroTokenUnixMS:
		return time.UnixMilli(epoch.v).UTC(), true
	case firehose.MacroTokenUnix:
		return time.Unix(epoch.v, 0).UTC(), true
	}
	return time.Time{}, false
}
