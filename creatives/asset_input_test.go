package creatives

import (
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAssetInputRules(t *testing.T) {
	tests := []struct {
		name        string
		in          AssetInput
		field, rule string
	}{
		{"empty", AssetInput{}, "assets[0]", "exactly one"},
		{"two kinds", AssetInput{AssetID: 3, AssetValue: "x", ComponentID: 1}, "assets[0]", "exactly one"},
		{"text needs component", AssetInput{AssetValue: "x"}, "assets[0].component_id", "between"},
		{"image needs name", AssetInput{EncodedImageFile: "eA=="}, "assets[0].image_filename", "required"},
		{"subtitle needs data", AssetInput{SubtitleFilename: "a.srt"}, "assets[0].encoded_subtitle_file", "required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v valid.Validator
			tt.in.check(&v, "assets[0].")
			var ve *adama.ValidationError
			require.ErrorAs(t, v.Err(), &ve)
			assert.True(t, ve.Has(tt.field, tt.rule), ve.Error())
		})
	}
	var v valid.Validator
	for _, ok := range []AssetInput{KeepAsset(5), TextAsset(6, "x"), ImageAsset("a.png", []byte("x")), SubtitleAsset("a.srt", []byte("y"))} {
		ok.check(&v, "a.")
	}
	assert.NoError(t, v.Err())
}
