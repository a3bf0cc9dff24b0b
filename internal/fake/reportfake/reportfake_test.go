package reportfake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePredicates(t *testing.T) {
	got, err := ParsePredicates(`campaign_id=11111,22222&campaign_name~sell&name="Jack & Jill ""Of All Trades"""&x!:"a,b"&impressions>=500`)
	require.NoError(t, err)
	assert.Equal(t, []Predicate{
		{Field: "campaign_id", Op: "=", Values: []string{"11111", "22222"}},
		{Field: "campaign_name", Op: "~", Values: []string{"sell"}},
		{Field: "name", Op: "=", Values: []string{`Jack & Jill "Of All Trades"`}},
		{Field: "x", Op: "!:", Values: []string{"a,b"}},
		{Field: "impressions", Op: ">=", Values: []string{"500"}},
	}, got)
	for _, bad := range []string{"", "=1", "a", "a=", `a="x`, "a=b=c", "a=1&", `a="x"y`} {
		_, err := ParsePredicates(bad)
		assert.Error(t, err, bad)
	}
}

func TestEval(t *testing.T) {
	assert.True(t, Predicate{Op: "=", Values: []string{"1", "2"}}.Eval("2", false))
	assert.True(t, Predicate{Op: ">", Values: []string{"9"}}.Eval("10", true))
	assert.False(t, Predicate{Op: ">", Values: []string{"9"}}.Eval("10", false))
	assert.True(t, Predicate{Op: "=:", Values: []string{"SELL"}}.Eval("best seller", false))
	assert.True(t, Predicate{Op: "!~", Values: []string{"SELL"}}.Eval("best seller", false))
	assert.False(t, Predicate{Op: "!:", Values: []string{"SELL"}}.Eval("best seller", false))
	assert.Equal(t, "1.23", fixed(1234567, 6, 2))
	assert.Equal(t, "0", fixed(12, 6, 0))
}
