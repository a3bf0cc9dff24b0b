package qmatch_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/qlang"
)

func TestMatch(t *testing.T) {
	r := qmatch.MapRecord{RecordID: 42, Fields: map[string]string{
		"status":     "1",
		"price":      "10.50",
		"big":        "9007199254740993",
		"active":     "true",
		"off":        "false",
		"name":       "Acme Corp",
		"code":       "ABC",
		"start_date": "2026-03-01T00:00:00+0000",
		"empty":      "",
		"neg":        "-3",
	}}
	tests := []struct {
		q    string
		want bool
	}{
		// ==
		{"status==1", true},
		{"status==1.0", true},
		{"status==01", true},
		{"status==+1e0", true},
		{"status==2", false},
		{"price==10.5", true},
		{"big==9007199254740993", true},
		{"big==9007199254740992", false}, // exact integer compare, no float rounding
		{"code==ABC", true},
		{"code==abc", false}, // case-sensitive identity
		{"name==Acme Corp", true},
		{"active==1", true},
		{"active==true", true},
		{"active==0", false},
		{"off==0", true},
		{"off==false", true},
		{"status==true", true},
		{"missing==1", false},
		// !=
		{"status!=1", false},
		{"status!=2", true},
		{"status!=1.00", false},
		{"code!=abc", true},
		{"active!=1", false},
		{"missing!=1", true},
		// =:
		{"name=:acme corp", true},
		{"name=:acme", false}, // anchored without *
		{"name=:acme*", true},
		{"name=:*corp", true},
		{"name=:*ME C*", true},
		{"name=:*acme*", true},
		{"name=:corp*", false},
		{"name=:*acme", false},
		{"name=:a*e*p", true},
		{"name=:a*x*p", false},
		{"name=:*", true},
		{"name=:**", true},
		{"code=:ab*c", true},
		{"code=:abc*c", false},
		{"empty=:*", true},
		{"missing=:*", false},
		// < <= > >=
		{"status<2", true},
		{"status<1", false},
		{"status<=1", true},
		{"status>0.5", true},
		{"status>=1", true},
		{"status>1", false},
		{"price>9", true},   // numeric, though "10.50" < "9" as strings
		{"price<100", true}, // numeric
		{"neg<-2", true},
		{"neg>=-2", false},
		{"big>9007199254740992", true},
		{"start_date>=2026-01-01T00:00:00+0000", true},
		{"start_date<2026-03-01T00:00:00+0000", false},
		{"start_date<=2026-03-01T00:00:00+0000", true},
		{"start_date>2026-12-31", false},
		{"code>ABB", true},
		{"code<abc", true}, // byte order: upper case sorts first
		{"missing<1", false},
		{"missing>=1", false},
		// ids
		{"(42)", true},
		{"(1,42,7)", true},
		{"(1,2)", false},
		// search
		{"<acme>", true},
		{"<ME CO>", true},
		{"<2026-03>", true},
		{"<nothing>", false},
		// AND
		{"status==1&name=:*acme*&(42)&<corp>", true},
		{"status==1&name=:*acme*&(43)", false},
		{"status==1&code==abc", false},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			q, err := qlang.Parse(tt.q)
			if !assert.NoError(t, err) {
				return
			}
			assert.Equal(t, tt.want, qmatch.Match(q, r))
		})
	}
}

func TestMatchEdges(t *testing.T) {
	r := qmatch.MapRecord{RecordID: 1, Fields: map[string]string{"a": "x", "inf": "1e999", "nan": "NaN"}}
	assert.True(t, qmatch.Match((*qlang.Query)(nil), r), "nil query matches all")
	assert.True(t, qmatch.Match((&qlang.Query{}), r), "empty query matches all")
	assert.True(t, qmatch.Match((&qlang.Query{}), nil))
	assert.False(t, qmatch.Match(qlang.Where("a", qlang.Eq, "x"), nil), "nil record")
	assert.False(t, qmatch.Match(qlang.New(nil), r), "nil term")
	assert.False(t, qmatch.Match(qlang.Where("a", "~", "x"), r), "unknown op")
	assert.False(t, qmatch.Match(qlang.IDs(), r), "empty id list")
	assert.True(t, qmatch.Match(qlang.Search(""), r), "empty search text is in every string")
	assert.True(t, qmatch.Match(qlang.Where("inf", qlang.Gt, "1e308"), r), "overflow reads as +Inf")
	assert.True(t, qmatch.Match(qlang.Where("nan", qlang.Eq, "NaN"), r), "NaN is not a number here: string identity")
	assert.False(t, qmatch.Match(qlang.Where("nan", qlang.Lt, "1"), r), "NaN compares as a string")
	assert.True(t, qmatch.Match(qlang.Where("a", qlang.Like, "X"), r))
}

func TestNullMatch(t *testing.T) {
	r := qmatch.MapRecord{RecordID: 1, Fields: map[string]string{"name": "x", "empty": ""}}
	tests := []struct {
		q    string
		want bool
	}{
		{"missing:null", true},
		{"missing:!null", false},
		{"name:null", false},
		{"name:!null", true},
		{"empty:!null", true},
		{"name:!null&missing:null", true},
	}
	for _, tt := range tests {
		q, err := qlang.Parse(tt.q)
		require.NoError(t, err)
		assert.Equal(t, tt.want, qmatch.Match(q, r), tt.q)
	}
}
