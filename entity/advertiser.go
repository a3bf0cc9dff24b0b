package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

// validateBetween checks the advertiser's rule between fields (the
// generated validateAt checks the others and calls it last).
func (a *Advertiser) validateBetween(v *valid.Validator, at string, create bool) {
	checkFrequency(v, at, a.FrequencyType, a.FrequencyInterval, a.FrequencyAmount)
}
