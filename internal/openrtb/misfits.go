package openrtb

import (
	"strconv"

	"github.com/adamasdk/adama-go/adama"
)

// The helpers of the generated Misfits methods (codec_gen.go). A nested
// object's misfits come with paths from that object; the helpers put the
// member's name (and index) before them, so a record without misfits
// costs no allocation.

// one adds the misfits of the nested object p, the member name.
func one[T any, P interface {
	*T
	Misfits() []adama.Misfit
}](out []adama.Misfit, p P, name string) []adama.Misfit {
	if p == nil {
		return out
	}
	return under(out, p.Misfits(), name)
}

// each adds the misfits of every object of the list s, the member name.
func each[T any, P interface {
	*T
	Misfits() []adama.Misfit
}](out []adama.Misfit, s []T, name string) []adama.Misfit {
	for i := range s {
		if m := P(&s[i]).Misfits(); len(m) > 0 {
			out = under(out, m, name+"["+strconv.Itoa(i)+"]")
		}
	}
	return out
}

func under(out, nested []adama.Misfit, prefix string) []adama.Misfit {
	for _, m := range nested {
		m.Field = prefix + "." + m.Field
		out = append(out, m)
	}
	return out
}
