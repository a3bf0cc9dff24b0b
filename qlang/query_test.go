package qlang_test

import (
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
)

type stringer struct{}

func (stringer) String() string { return "str" }

func TestOps(t *testing.T) {
	ops := qlang.Ops()
	require.Len(t, ops, 9)
	for _, o := range ops {
		assert.True(t, o.Valid(), o)
		assert.Equal(t, string(o), o.String())
	}
	for _, o := range []qlang.Op{"", "=", "=>", "~", "<>", "==="} {
		assert.False(t, o.Valid(), o)
	}
}

func TestBuildString(t *testing.T) {
	ts := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		q    *qlang.Query
		want string
	}{
		{"where", qlang.Where("status", qlang.Eq, "1"), "status==1"},
		{"spec example", qlang.Where("status", qlang.Eq, 1).Like("name", "*acme*").IDs(1, 2, 3).Search("foo"),
			"status==1&name=:*acme*&(1,2,3)&<foo>"},
		{"every op", qlang.Where("a", qlang.Eq, 1).Ne("b", 2).Like("c", "x*").Lt("d", 4).Le("e", 5).Gt("f", 6).Ge("g", 7),
			"a==1&b!=2&c=:x*&d<4&e<=5&f>6&g>=7"},
		{"and", qlang.IDs(7).And("x.y_z", qlang.Ne, "v"), "(7)&x.y_z!=v"},
		{"search first", qlang.Search("acme corp").Eq("status", true), "<acme corp>&status==1"},
		{"false", qlang.Where("active", qlang.Eq, false), "active==0"},
		{"int kinds", qlang.Where("a", qlang.Eq, int8(-1)).Eq("b", uint64(18446744073709551615)).Eq("c", int64(9007199254740993)),
			"a==-1&b==18446744073709551615&c==9007199254740993"},
		{"floats", qlang.Where("a", qlang.Gt, 1.5).Lt("b", float32(0.1)).Eq("c", 1e21), "a>1.5&b<0.1&c==1000000000000000000000"},
		{"time", qlang.Where("start_date", qlang.Ge, ts), "start_date>=2026-01-01T00:00:00+0000"},
		{"time in TimeLayout", qlang.Where("d", qlang.Lt, ts.In(time.FixedZone("", 3600))).Gt("e", adama.NewTime(ts)),
			"d<" + ts.In(time.FixedZone("", 3600)).Format(qlang.TimeLayout) + "&e>" + ts.Format(qlang.TimeLayout)},
		{"stringer", qlang.Where("a", qlang.Eq, stringer{}), "a==str"},
		{"other", qlang.Where("a", qlang.Eq, []int{1, 2}), "a==[1 2]"},
		{"nil value", qlang.Where("a", qlang.Eq, nil), "a=="},
		{"new", qlang.New(qlang.Predicate{Field: "a", Op: qlang.Lt, Value: "b"}, qlang.TextSearch("t")), "a<b&<t>"},
		{"nil receiver", (*qlang.Query)(nil).Eq("a", 1), "a==1"},
		{"nil query", nil, ""},
		{"nil term", qlang.New(nil, qlang.IDList{1}), "&(1)"},
		{"special chars kept raw", qlang.Where("n", qlang.Like, "*a b(c)<d>=é*"), "n=:*a b(c)<d>=é*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.q.String())
		})
	}
}

func TestBuilderChainsAndClone(t *testing.T) {
	base := qlang.Where("a", qlang.Eq, 1)
	same := base.Eq("b", 2)
	assert.Same(t, base, same)

	c := base.Clone()
	c.IDs(5)
	assert.Equal(t, "a==1&b==2", base.String())
	assert.Equal(t, "a==1&b==2&(5)", c.String())

	ids := []int64{1, 2}
	q := qlang.IDs(ids...)
	ids[0] = 9
	assert.Equal(t, "(1,2)", q.String(), "IDs copies its argument")
	d := q.Clone()
	d.Terms[0].(qlang.IDList)[0] = 3
	assert.Equal(t, "(1,2)", q.String(), "Clone copies id lists")
	assert.Nil(t, (*qlang.Query)(nil).Clone())
}

func violations(t *testing.T, err error) []adama.Violation {
	t.Helper()
	require.Error(t, err)
	var ve *adama.ValidationError
	require.True(t, errors.As(err, &ve), "error %T is not *adama.ValidationError", err)
	assert.ErrorIs(t, err, adama.ErrValidation)
	return ve.Violations
}

func TestValidate(t *testing.T) {
	type v struct{ field, rule string }
	tests := []struct {
		name string
		q    *qlang.Query
		want []v // field and a substring of the rule, in order
	}{
		{"nil query", nil, []v{{"q", "at least one term"}}},
		{"no terms", &qlang.Query{}, []v{{"q", "at least one term"}}},
		{"nil term", qlang.New(nil), []v{{"q.terms[0]", "nil"}}},
		{"empty field", qlang.Where("", qlang.Eq, 1), []v{{"q.terms[0].field", "field name required"}}},
		{"bad field chars", qlang.Where("a-b", qlang.Eq, 1), []v{{"q.terms[0].field", "A-Z, a-z, 0-9, _ and ."}}},
		{"field with space", qlang.Where("a b", qlang.Eq, 1), []v{{"q.terms[0].field", "may only hold"}}},
		{"unknown op", qlang.Where("a", "=", 1), []v{{"q.terms[0].op", "one of: ==, !=, =:, <, <=, >, >="}}},
		{"empty op", qlang.Where("a", "", 1), []v{{"q.terms[0].op", "operator"}}},
		{"empty value", qlang.Where("a", qlang.Eq, ""), []v{{"q.terms[0].value", "value of a required"}}},
		{"null with a value", qlang.Where("a", qlang.IsNull, "x"), []v{{"q.terms[0].value", ":null takes no value"}}},
		{"not null with a value", qlang.Where("a", qlang.NotNull, 1), []v{{"q.terms[0].value", ":!null takes no value"}}},
		{"null with a bad field", new(qlang.Query).IsNull("a b"), []v{{"q.terms[0].field", "may only hold"}}},
		{"bad utf8 value", qlang.Where("a", qlang.Eq, "\xff"), []v{{"q.terms[0].value", "UTF-8"}}},
		{"lt value starting with =", qlang.Where("a", qlang.Lt, "=1"), []v{{"q.terms[0].value", "would read as <="}}},
		{"gt value starting with =", qlang.Where("a", qlang.Gt, "=1"), []v{{"q.terms[0].value", "would read as >="}}},
		{"empty id list", qlang.IDs(), []v{{"q.terms[0].ids", "at least one id"}}},
		{"nil id list", qlang.New(qlang.IDList(nil)), []v{{"q.terms[0].ids", "at least one id"}}},
		{"id zero", qlang.IDs(1, 0), []v{{"q.terms[0].ids[1]", "id 0 must be between 1 and 2147483647"}}},
		{"id negative", qlang.IDs(-5), []v{{"q.terms[0].ids[0]", "id -5 must be between"}}},
		{"id too large", qlang.IDs(2147483648), []v{{"q.terms[0].ids[0]", "id 2147483648"}}},
		{"empty search", qlang.Search(""), []v{{"q.terms[0].text", "search text required"}}},
		{"search with &", qlang.Search("a&b"), []v{{"q.terms[0].text", "must not contain & (the q grammar has no escape"}}},
		{"search with <", qlang.Search("a<b"), []v{{"q.terms[0].text", "must not contain < or >"}}},
		{"search with >", qlang.Search("a>b"), []v{{"q.terms[0].text", "must not contain < or >"}}},
		{"bad utf8 search", qlang.Search("\xc3"), []v{{"q.terms[0].text", "UTF-8"}}},
		{"several at once",
			qlang.Where("", "~", "").Eq("ok", 1).IDs(0, 5, 3000000000).Search("<&>").And("a$", qlang.Gt, "=&"),
			[]v{
				{"q.terms[0].field", "required"},
				{"q.terms[0].op", "operator"},
				{"q.terms[0].value", "required"},
				{"q.terms[2].ids[0]", "id 0"},
				{"q.terms[2].ids[2]", "id 3000000000"},
				{"q.terms[3].text", "&"},
				{"q.terms[3].text", "< or >"},
				{"q.terms[4].field", "may only hold"},
				{"q.terms[4].value", "would read as >="},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := violations(t, tt.q.Validate())
			require.Len(t, got, len(tt.want), "%v", got)
			for i, w := range tt.want {
				assert.Equal(t, w.field, got[i].Field, "violation %d", i)
				assert.Contains(t, got[i].Rule, w.rule, "violation %d", i)
			}
			_, err := tt.q.Encode()
			assert.Error(t, err)
			vals, err := tt.q.Values()
			assert.Error(t, err)
			assert.Nil(t, vals)
		})
	}
}

func TestValidateOK(t *testing.T) {
	for _, q := range []*qlang.Query{
		qlang.Where("status", qlang.Eq, 1),
		qlang.IDs(1, 2147483647),
		qlang.Search("x"),
		qlang.Where("a", qlang.Le, "=1"),  // "<==1" reads back as <= "=1"
		qlang.Where("a", qlang.Eq, "=:x"), // "a===:x" reads back as == "=:x"
		qlang.Where("a", qlang.Like, "=x"),
		qlang.Where("a", qlang.Lt, " =x"),
		qlang.Where("_.9", qlang.Ne, "(1)<2>"),
	} {
		require.NoError(t, q.Validate(), q.String())
		back, err := qlang.Parse(q.String())
		require.NoError(t, err, q.String())
		assert.Equal(t, q, back)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	tests := []*qlang.Query{
		qlang.Where("status", qlang.Eq, 1).Like("name", "*acme*").IDs(1, 2, 3).Search("foo"),
		qlang.Where("start_date", qlang.Ge, "2026-01-01T00:00:00+0000").Lt("end_date", "2026-12-31T23:59:59-0500"),
		qlang.Where("name", qlang.Like, "*Café Zürich 東京 ?#%/+;=*").Search("a b (c) = * ! ' \"").Ne("x", "%20"),
		qlang.Where("a", qlang.Le, "=1").Gt("b", "<>()"),
	}
	for _, q := range tests {
		t.Run(q.String(), func(t *testing.T) {
			enc, err := q.Encode()
			require.NoError(t, err)
			assert.NotContains(t, enc, "&")
			assert.NotContains(t, enc, " ")
			assert.NotContains(t, enc, "=")

			dec, err := url.QueryUnescape(enc)
			require.NoError(t, err)
			assert.Equal(t, q.String(), dec)

			vals, err := q.Values()
			require.NoError(t, err)
			assert.Equal(t, url.Values{"q": {q.String()}}, vals)
			assert.Equal(t, "q="+enc, vals.Encode())

			// Merged into a request URL and read back by a server.
			u, err := url.Parse("https://api.example.com/v1/entities?limit=10")
			require.NoError(t, err)
			merged := u.Query()
			for k, vs := range vals {
				merged[k] = vs
			}
			u.RawQuery = merged.Encode()
			got, err := url.Parse(u.String())
			require.NoError(t, err)
			back, err := qlang.Parse(got.Query().Get("q"))
			require.NoError(t, err)
			assert.Equal(t, q, back)
			assert.Equal(t, "10", got.Query().Get("limit"))
		})
	}
}

func TestParse(t *testing.T) {
	p := func(f string, op qlang.Op, v string) qlang.Predicate {
		return qlang.Predicate{Field: f, Op: op, Value: v}
	}
	tests := []struct {
		in   string
		want []qlang.Term
	}{
		{"status==1", []qlang.Term{p("status", qlang.Eq, "1")}},
		{"status==1&name=:*acme*&(1,2,3)&<foo>", []qlang.Term{
			p("status", qlang.Eq, "1"), p("name", qlang.Like, "*acme*"), qlang.IDList{1, 2, 3}, qlang.TextSearch("foo")}},
		{"a!=b", []qlang.Term{p("a", qlang.Ne, "b")}},
		{"a<1&b<=2&c>3&d>=4", []qlang.Term{p("a", qlang.Lt, "1"), p("b", qlang.Le, "2"), p("c", qlang.Gt, "3"), p("d", qlang.Ge, "4")}},
		{"a<==1", []qlang.Term{p("a", qlang.Le, "=1")}},
		{"a===:x", []qlang.Term{p("a", qlang.Eq, "=:x")}},
		{"a==:x", []qlang.Term{p("a", qlang.Eq, ":x")}},
		{"a=:=x", []qlang.Term{p("a", qlang.Like, "=x")}},
		{"a=:<b>", []qlang.Term{p("a", qlang.Like, "<b>")}},
		{"a==(1)", []qlang.Term{p("a", qlang.Eq, "(1)")}},
		{"start_date>=2026-01-01T00:00:00+0000", []qlang.Term{p("start_date", qlang.Ge, "2026-01-01T00:00:00+0000")}},
		{"x.y==a b ", []qlang.Term{p("x.y", qlang.Eq, "a b ")}},
		{"(2147483647)", []qlang.Term{qlang.IDList{2147483647}}},
		{"(1,1)", []qlang.Term{qlang.IDList{1, 1}}},
		{"(007)", []qlang.Term{qlang.IDList{7}}},
		{"<foo bar>", []qlang.Term{qlang.TextSearch("foo bar")}},
		{"<(1)>", []qlang.Term{qlang.TextSearch("(1)")}},
		{"< >", []qlang.Term{qlang.TextSearch(" ")}},
		{"<é>&n==日本", []qlang.Term{qlang.TextSearch("é"), p("n", qlang.Eq, "日本")}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			q, err := qlang.Parse(tt.in)
			require.NoError(t, err)
			assert.Equal(t, &qlang.Query{Terms: tt.want}, q)
			assert.NoError(t, q.Validate())
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in    string
		rules []string // substrings of each rule, in order
	}{
		{"", []string{"offset 0: empty query"}},
		{"&", []string{"term 0 at offset 0: empty term", "term 1 at offset 1: empty term"}},
		{"a==1&", []string{"term 1 at offset 5: empty term"}},
		{"a==1&&b==2", []string{"term 1 at offset 5: empty term"}},
		{"status", []string{"offset 6: missing operator after field status"}},
		{"status=1", []string{"offset 6: unknown operator after field status"}},
		{"status~1", []string{"unknown operator"}},
		{"a-b==1", []string{"offset 1: unknown operator after field a"}},
		{"==1", []string{"offset 0: term must start with a field name"}},
		{"é==1", []string{`got "é"`}},
		{"\xff==1", []string{`got "\xff"`}},
		{"a==", []string{"offset 3: missing value after a=="}},
		{"a<", []string{"missing value after a<"}},
		{"a==\xff", []string{"offset 3: value must be valid UTF-8"}},
		{"(", []string{"offset 1: id list must end with )"}},
		{"(1,2", []string{"offset 4: id list must end with )"}},
		{"()", []string{"offset 1: empty id list"}},
		{"(1,,2)", []string{"offset 3: empty id"}},
		{"(1,)", []string{"offset 3: empty id"}},
		{"(0)", []string{"offset 1: id 0 must be between 1 and 2147483647"}},
		{"(1,2147483648)", []string{"offset 3: id 2147483648 must be between"}},
		{"(-1)", []string{"id -1 must be between"}},
		{"(99999999999999999999)", []string{"id 99999999999999999999 must be between"}},
		{"(1, 2)", []string{`offset 3: id " 2" is not a decimal integer`}},
		{"(+1)", []string{`id "+1" is not`}},
		{"(-)", []string{`id "-" is not`}},
		{"(a)", []string{`id "a" is not`}},
		{"(0,x,3)", []string{"offset 1: id 0", `offset 3: id "x"`}},
		{"<", []string{"offset 1: search text must end with >"}},
		{"<foo", []string{"search text must end with >"}},
		{"<>", []string{"offset 1: empty search text"}},
		{"<a>b>", []string{"offset 2: search text must not contain >"}},
		{"<<a>", []string{"offset 1: search text must not contain <"}},
		{"<\xff>", []string{"search text must be valid UTF-8"}},
		{"a==1&(0)&<>&b", []string{"term 1 at offset 6: id 0", "term 2 at offset 10: empty search", "term 3 at offset 13: missing operator"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			q, err := qlang.Parse(tt.in)
			assert.Nil(t, q)
			got := violations(t, err)
			require.Len(t, got, len(tt.rules), "%v", got)
			for i, r := range tt.rules {
				assert.Equal(t, "q", got[i].Field)
				assert.Contains(t, got[i].Rule, r)
			}
		})
	}
}
