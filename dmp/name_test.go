package dmp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/adamasdk/adama-go/dmp"
)

func TestNameCodec(t *testing.T) {
	cases := []struct{ name, wire string }{
		{"Acme Segment 1", "Acme Segment 1"},
		{"Путь", "&#1055;&#1091;&#1090;&#1100;"},
		{"VENDOR – Acme", "VENDOR &#8211; Acme"},
		{"Tom & Jerry", "Tom &amp; Jerry"},
		{"&#1055; typed", "&amp;#1055; typed"},
		{"日本 🎯", "&#26085;&#26412; &#127919;"},
		{"\u0080 C1", "&#128; C1"},
		{"", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.wire, dmp.EncodeName(tc.name))
			assert.Equal(t, tc.name, dmp.DecodeName(tc.wire))
		})
	}
	reads := []struct{ wire, name string }{
		{"&#x41F;", "П"},
		{"caf&eacute;", "café"},
		{"A & B", "A & B"},
		{"A &unknown; B", "A &unknown; B"},
		{"&#xD800;", "\uFFFD"}, // as HTML reads it
		{"&#99999999999;", "\uFFFD"},
		{"trailing &", "trailing &"},
		{"&#;", "&#;"},
	}
	for _, tc := range reads {
		assert.Equal(t, tc.name, dmp.DecodeName(tc.wire), tc.wire)
	}
}
