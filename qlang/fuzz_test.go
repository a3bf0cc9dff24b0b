package qlang_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/qlang"
)

// sanitizeField keeps only field characters.
func sanitizeField(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '.':
			return r
		}
		return -1
	}, s)
}

func FuzzRoundTrip(f *testing.F) {
	f.Add("name", byte(2), "*acme*", int64(1), int64(2), "foo", byte(0))
	f.Add("status", byte(0), "1", int64(1), int64(3), "foo bar", byte(3))
	f.Add("start_date", byte(6), "2026-01-01T00:00:00+0000", int64(2147483647), int64(7), "acme", byte(7))
	f.Add("a", byte(4), "=1", int64(0), int64(-1), "<x>", byte(1))
	f.Add("x.y", byte(3), "=:", int64(5), int64(6), "é 東京", byte(2))
	f.Add("b-c", byte(9), "a&b", int64(9), int64(9), "", byte(15))
	f.Add("end_date", byte(7), "", int64(1), int64(2), "x", byte(4))
	f.Add("end_date", byte(8), "", int64(1), int64(2), "", byte(5))
	f.Add("name", byte(0), "Smith & Sons 50%", int64(1), int64(2), "%26", byte(4))
	f.Fuzz(func(t *testing.T, field string, opb byte, value string, id1, id2 int64, text string, shape byte) {
		ops := qlang.Ops()
		op := ops[int(opb)%len(ops)]
		f := sanitizeField(field)
		q := qlang.Where(f, op, value)
		if shape&1 != 0 {
			q.IDs(id1, id2)
		}
		if shape&2 != 0 {
			q.Search(text)
		}
		if shape&4 != 0 {
			q.And(f+"x", ops[int(opb>>4)%len(ops)], text)
		}
		if shape&8 != 0 {
			q = qlang.New(append([]qlang.Term{qlang.TextSearch(value)}, q.Terms...)...)
		}
		if q.Validate() != nil {
			return
		}
		s := q.String()
		back, err := qlang.Parse(s)
		require.NoError(t, err, "%q", s)
		require.Equal(t, q, back, "%q", s)

		enc, err := q.Encode()
		require.NoError(t, err)
		dec, err := url.QueryUnescape(enc)
		require.NoError(t, err)
		require.Equal(t, s, dec)
		vals, err := q.Values()
		require.NoError(t, err)
		parsed, err := url.ParseQuery(vals.Encode())
		require.NoError(t, err)
		require.Equal(t, s, parsed.Get("q"))
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"name=:*acme*&status==1",
		"(1,2,3)",
		"<foo bar>",
		"start_date>=2026-01-01T00:00:00+0000",
		"a<==1&b===:x&c=:=y",
		"(0,-1,99999999999999999999)&<>&<a>b>&&",
		"status~1&é==1&a==\xff",
		"end_date:null&name:!null",
		"a:null1&b:!null=&:null",
		"name==Smith %26 Sons&pct==50%25&x==%zz&y==%ff",
	} {
		f.Add(s)
	}
	r := qmatch.MapRecord{RecordID: 3, Fields: map[string]string{"name": "Acme", "status": "1", "start_date": "2026-02-01"}}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := qlang.Parse(s)
		if err != nil {
			require.Nil(t, q)
			require.NotEmpty(t, err.Error())
			return
		}
		require.NoError(t, q.Validate(), "%q", s)
		again, err := qlang.Parse(q.String())
		require.NoError(t, err, "%q", q.String())
		require.Equal(t, q, again)
		_ = qmatch.Match(q, r)
	})
}
