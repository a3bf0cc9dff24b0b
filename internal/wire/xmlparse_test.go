package wire_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/wire"
)

// node is a record type that nests itself, with every kind of field the
// JSON writer tells apart.
type node struct {
	ID       uint64           `json:"id"`
	Name     string           `json:"name"`
	Version  *int             `json:"version"`
	Small    int8             `json:"small"`
	Count    uint16           `json:"count"`
	Ratio    float32          `json:"ratio"`
	On       *bool            `json:"on"`
	When     *adama.Time      `json:"when"`
	Budget   adama.Money      `json:"budget"`
	Raw      json.RawMessage  `json:"raw"`
	Any      any              `json:"any"`
	Parent   *node            `json:"parent"`
	Children []node           `json:"children"`
	Refs     *[]*organization `json:"refs"`
	Tags     []string         `json:"tags"`
	Skipped  string           `json:"-"`
	embedded
}

type embedded struct {
	OrgID int64 `json:"organization_id"`
}

// recordTypes are the types every decoded entity is written for.
var recordTypes = []reflect.Type{nil, reflect.TypeFor[agency](), reflect.TypeFor[*agency](), reflect.TypeFor[node](),
	reflect.TypeFor[organization](), reflect.TypeFor[string](), reflect.TypeFor[map[string]any]()}

// checkSameAsDecode holds the raw-token parser to encoding/xml's Decode
// on b: the same error text or the same tree, and the same JSON bytes for
// every entity of it, for every record type.
func checkSameAsDecode(t *testing.T, b []byte, types ...reflect.Type) {
	t.Helper()
	want, werr := wire.RefDecodeTree(b)
	got, gerr := wire.ParseTree(b)
	if werr != nil || gerr != nil {
		require.Error(t, werr, "Decode fails where the parser does not: %q", b)
		require.Error(t, gerr, "the parser fails where Decode does not: %q", b)
		require.Equal(t, werr.Error(), gerr.Error(), "%q", b)
		return
	}
	require.Equal(t, want, got, "%q", b)
	var ents []*wire.Entity
	if got.Entity != nil {
		ents = append(ents, got.Entity)
	}
	if got.Entities != nil {
		for i := range got.Entities.Entities {
			ents = append(ents, &got.Entities.Entities[i])
		}
	}
	if len(types) == 0 {
		types = recordTypes
	}
	for _, e := range ents {
		for _, rt := range types {
			ref := wire.RefEntityJSON(e, rt)
			require.Equal(t, string(ref), string(wire.EntityJSON(e, rt)), "type %v, %q", rt, b)
			prefix := []byte("[1,")
			assert.Equal(t, string(ref), string(bytes.TrimPrefix(wire.AppendEntityJSON(prefix[:3:3], e, rt), prefix)))
		}
	}
}

func nested(tag string, depth int, inner string) string {
	return strings.Repeat("<"+tag+">", depth) + inner + strings.Repeat("</"+tag+">", depth)
}

// xmlCases are documents at the edges of what encoding/xml accepts and of
// how it fills the tree.
func xmlCases() map[string]string {
	manyProps := strings.Builder{}
	manyRels := strings.Builder{}
	for i := range 70 {
		manyProps.WriteString(`<prop name="p` + strconv.Itoa(i%45) + `" value="` + strconv.Itoa(i) + `"/>`)
		manyRels.WriteString(`<entity rel="r` + strconv.Itoa(i%40) + `" id="` + strconv.Itoa(i) + `"/>`)
	}
	return map[string]string{
		"sample":                 sampleXML,
		"page":                   string(xmlPage(3)),
		"empty":                  ``,
		"blank":                  " \n\t",
		"prolog only":            `<?xml version="1.0"?>`,
		"comment first":          `<!-- c --><?pi x?><!DOCTYPE result><result called_on="x"/>`,
		"charset":                `<?xml version="1.0" encoding="ISO-8859-1"?><result/>`,
		"utf8 upper":             `<?xml version="1.0" encoding="UTF-8"?><result/>`,
		"wrong root":             `<results><entity id="1"/></results>`,
		"end before root":        `</result><result/>`,
		"text before root":       `junk<result/>`,
		"mismatched":             `<result><entity></entiti></result>`,
		"prefix mismatch":        `<a:result xmlns:a="u"></b:result>`,
		"prefix end":             `<result><x:entity id="1"></entity></result>`,
		"namespaced root":        `<a:result xmlns:a="urn:a" xmlns="urn:d" called_on="c"><a:entity a:id="4"/></a:result>`,
		"default ns root":        `<result xmlns="urn:d" xmlns="urn:e"/>`,
		"unknown prefix":         `<z:result/>`,
		"xml prefix":             `<xml:result/>`,
		"xmlns root":             `<xmlns:result/>`,
		"eof in element":         `<result><entities count="1"><entity id="1">`,
		"eof in attr":            `<result><entity id="1`,
		"trailing junk":          `<result><status code="ok"/></result><<<&&&`,
		"two roots":              `<result><entity id="1"/></result><result><entity id="2"/></result>`,
		"repeated single":        `<result><status code="bad" reason="r">one</status><status code="ok"/><entity id="1" name="a"><prop name="x" value="1"/></entity><entity name="b"><prop name="y" value="2"/><session sessionid="s"/><session expires="e"/></entity></result>`,
		"repeated lists":         `<result><entities count="1" start="0"><entity id="1"/></entities><entities total_count="9"><entity id="2"/></entities><errors><field-error name="a" error="b"/></errors><errors><field-error name="c"/></errors></result>`,
		"status text":            `<result><status code="invalid">a<![CDATA[<b>]]><!--c--><x>skipped</x>&amp;d<?pi?></status></result>`,
		"status empty":           `<result><status code="x">t</status><status/></result>`,
		"count blank":            `<result><entities count="" start=""></entities></result>`,
		"count spaces":           `<result><entities count=" 5 " start="	2"></entities></result>`,
		"count bad":              `<result><entities count="x"></entities></result>`,
		"count huge":             `<result><entities count="99999999999999999999"></entities></result>`,
		"count negative":         `<result><entities count="-3" start="+4"></entities></result>`,
		"count bad then ok":      `<result><entities count="x" count="1"></entities></result>`,
		"start bad":              `<result><entities start="1.5"><entity id="1"/></entities></result>`,
		"prefixed attrs":         `<result><entity x:id="1" xmlns:name="n" id="2"><prop y:name="a" value="v"/></entity></result>`,
		"duplicate attrs":        `<result><entity id="1" id="2"><prop name="a" name="b" value="1"/></entity></result>`,
		"entities refs":          `<result><entity name="A &amp; B &#x41;&#66; &lt;&gt;&quot;&apos;"/></result>`,
		"bad entity ref":         `<result><entity name="&foo;"/></result>`,
		"invalid utf8":           "<result><entity name=\"\xff\xfe\"/></result>",
		"invalid utf8 text":      "<result><status code=\"x\">\xff</status></result>",
		"control char":           "<result><entity name=\"a\x01b\"/></result>",
		"unquoted attr":          `<result><entity id=1/></result>`,
		"no attr value":          `<result><entity id/></result>`,
		"bad name":               `<result><1entity/></result>`,
		"two colons":             `<result><a:b:c/></result>`,
		"unknown children":       `<result><foo><entity id="9"/></foo><entities><bar/><entity id="1"><baz><prop name="x"/></baz><prop name="p" value="v"><local_time value="l" zone_name="z"><deep/></local_time><local_time zone_name="y"/><amount currency_code="USD" value="1"><x/></amount><other/></prop></entity></entities></result>`,
		"entities without count": `<result><entities><entity id="1" type="strategy_day_part"/><entity id="2"/><entity id="3"/></entities><status code="ok"/></result>`,
		"entities count twice":   `<result><entities count="4"/><entities count=""><entity id="1"/></entities></result>`,
		"money attrs":            `<result><entity id="1"><prop name="budget" currency_code="USD" value="1.5"/><prop name="max_bid" currency_code="EUR" value="2"><amount currency_code="GBP" value="3"/></prop><prop name="ratio" currency_code="" value="0.5"/></entity></result>`,
		"field errors":           `<?xml version="1.0"?><result><status code="invalid">Validation errors</status><errors><field-error name="deal_ids" error="Invalid deal id(s)"/><field-error name="name" error="too long"><x/></field-error><other/></errors></result>`,
		"session":                `<result><entity id="1" name="u" type="user"><session sessionid="abc" expires="2026-01-01T00:00:00+0000"/></entity><status code="ok"/></result>`,
		"int edge values":        `<result><entity id="00" version="+5"><prop name="ratio" value="1e3"/><prop name="live" value="maybe"/><prop name="organization_id" value=""/><prop name="count" value="-1"/><prop name="small" value="300"/><prop name="on" value="yes"/><prop name="ratio" value="2"/></entity></result>`,
		"json hostile":           "<result><entity name=\"&lt;script&gt; &amp; \u2028\u2029 &#9;&#10;&#13; \\ &quot;\"><prop name=\"k&quot;\\\" value=\"\u00e9\U0001F600\"/></entity></result>",
		"rel by type":            `<result><entity id="1"><entity type="organization" id="2"/><entity type="organization" id="3"/><entity rel="flights" id="4"/><entity id="5"/><entity rel="name" id="6"/><entity rel="session"/><session sessionid="s"/></entity></result>`,
		"rel one in slice":       `<result><entity><entity rel="children" id="1"><entity rel="children" id="2"><entity rel="parent" id="3"/></entity></entity><entity rel="refs" id="7"/><entity rel="tags" id="8"/></entity></result>`,
		"many props":             `<result><entity id="1">` + manyProps.String() + manyRels.String() + `</entity></result>`,
		"empty names":            `<result><entity id="" name="" type="" version=""><prop name="" value="a"/><prop value="b"/><entity rel="" type=""/></entity></result>`,
		"depth ok":               `<result>` + nested("entity", 9999, "") + `</result>`,
		"mismatched lines":       "<result>\n<entity id=\"1\">\n\n</x>\n</result>",
		"eof on line 3":          "<result>\n<status code=\"ok\">\ntext",
		"depth over":             `<result>` + nested("entity", 10000, "") + `</result>`,
		"depth over in prop":     `<result>` + nested("entity", 9998, `<prop name="a"><amount/></prop>`) + `</result>`,
		"deep skipped":           `<result><x>` + nested("y", 12000, "") + `</x></result>`,
		"deep unclosed":          `<result>` + strings.Repeat("<entity>", 50),
	}
}

func TestParseMatchesDecode(t *testing.T) {
	for name, doc := range xmlCases() {
		t.Run(name, func(t *testing.T) { checkSameAsDecode(t, []byte(doc)) })
	}
}

// TestParseMatchesDecodeOnCorpus runs the differential check over the
// fuzz corpora kept in testdata (regression seeds such as the "00"
// integer).
func TestParseMatchesDecodeOnCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/fuzz/*/*")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(string(raw), "\n") {
			q, ok := strings.CutPrefix(line, "[]byte(")
			if !ok {
				continue
			}
			s, err := strconv.Unquote(strings.TrimSuffix(q, ")"))
			require.NoError(t, err, f)
			t.Run(filepath.Base(f), func(t *testing.T) { checkSameAsDecode(t, []byte(s)) })
		}
	}
}

// TestDecodeXMLKeepsBehaviour checks what DecodeXML builds on the new
// parser: totals, money in both forms, field errors, status errors.
func TestDecodeXMLKeepsBehaviour(t *testing.T) {
	res, err := wire.DecodeXML(strings.NewReader(`<result><entities count="40" start="20"><entity id="1"><prop name="budget" currency_code="USD" value="1.5"/></entity></entities></result>`))
	require.NoError(t, err)
	m := res.MetaOf()
	assert.Equal(t, wire.Meta{Status: "ok", Count: 1, Offset: 20, TotalCount: 40, HasTotal: true}, m, "count is the total when total_count is absent")

	assert.Equal(t, `{"id":"1","budget":[{"currency_code":"USD","value":"1.5"}]}`, string(wire.EntityJSON(&res.Entities.Entities[0], nil)))

	for name, doc := range map[string]string{
		"no attributes": `<result><entities><entity id="1"/><entity id="2"/><entity id="3"/></entities></result>`,
		"empty count":   `<result><entities count="" start="0"><entity id="1"/></entities></result>`,
	} {
		r, err := wire.DecodeXML(strings.NewReader(doc))
		require.NoError(t, err, name)
		m := r.MetaOf()
		assert.False(t, m.HasTotal, "%s: no count, no known total", name)
		assert.Zero(t, m.TotalCount, name)
		assert.Equal(t, len(r.Entities.Entities), m.Count, name)
		checkSameAsDecode(t, []byte(doc))
	}
	r, err := wire.DecodeXML(strings.NewReader(`<result><entities total_count="7"><entity id="1"/></entities></result>`))
	require.NoError(t, err)
	assert.Equal(t, wire.Meta{Status: "ok", Count: 1, TotalCount: 7, HasTotal: true}, r.MetaOf(), "total_count alone tells the total")

	res, err = wire.DecodeXML(strings.NewReader(`<result><status code="invalid">Validation errors</status><errors><field-error name="name" error="too long"/></errors></result>`))
	require.NotNil(t, res)
	require.Len(t, res.Errors.Items, 1)
	assert.Equal(t, wire.FieldError{Name: "name", Error: "too long"}, res.Errors.Items[0])
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.ErrorIs(t, err, adama.ErrBadRequest)

	_, err = wire.DecodeXML(strings.NewReader(`<result><entities count="x"/></result>`))
	assert.ErrorContains(t, err, `adama: decoding XML response: strconv.ParseInt: parsing "x": invalid syntax`)
	_, err = wire.DecodeXML(strings.NewReader(`<result><entity>`))
	assert.ErrorContains(t, err, "unexpected EOF")
}

// TestAppendEntityJSONAllocatesNothing: writing a page's entities into a
// buffer with room left costs no allocation once the type's plan is built
// (the previous writer allocated a buffer, a map of seen keys and one
// encoding per string).
func TestAppendEntityJSONAllocatesNothing(t *testing.T) {
	res, err := wire.DecodeXML(bytes.NewReader(xmlPage(10)))
	require.NoError(t, err)
	rt := reflect.TypeFor[agency]()
	buf := make([]byte, 0, 1<<16)
	allocs := testing.AllocsPerRun(20, func() {
		buf = buf[:0]
		for i := range res.Entities.Entities {
			buf = wire.AppendEntityJSON(buf, &res.Entities.Entities[i], rt)
		}
	})
	assert.Zero(t, allocs)
	assert.True(t, json.Valid(buf[:len(wire.EntityJSON(&res.Entities.Entities[0], rt))]))
}

// FuzzParseMatchesDecode is the differential fuzz test of the raw-token
// parser and the JSON writer against encoding/xml's Decode and the writer
// they replaced.
func FuzzParseMatchesDecode(f *testing.F) {
	for _, doc := range xmlCases() {
		if len(doc) < 4096 {
			f.Add([]byte(doc))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkSameAsDecode(t, b, nil, reflect.TypeFor[agency](), reflect.TypeFor[node]())
	})
}

// The platform's session answer puts <session> beside the user's <entity>;
// an older form nests it. The parser reads both, as encoding/xml does.
func TestSessionPlacements(t *testing.T) {
	for _, tc := range []struct {
		name, doc       string
		sibling, nested bool
	}{
		{"sibling", `<result><entity name="user" id="1" type="user"/><session current_time="2015-08-19T15:05:10" expires="2015-08-20T15:05:10" sessionid="s1"/><status code="ok"/></result>`, true, false},
		{"nested", `<result><entity name="user" id="1" type="user"><session expires="2015-08-20T15:05:10" sessionid="s1"/></entity><status code="ok"/></result>`, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := wire.DecodeXML(strings.NewReader(tc.doc))
			require.NoError(t, err)
			require.NotNil(t, res.Entity)
			s := res.Session
			if tc.nested {
				assert.Nil(t, res.Session)
				s = res.Entity.Session
			} else {
				assert.Nil(t, res.Entity.Session)
			}
			require.NotNil(t, s)
			assert.Equal(t, "s1", s.SessionID)
			assert.Equal(t, "2015-08-20T15:05:10", s.Expires)
		})
	}
}
