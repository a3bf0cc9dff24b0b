package openrtb

import (
	"strconv"

	"github.com/adamasdk/adama-go/adama"
)

// The helpers of the generated Misfits methods (codec_gen.go).

type misfitter interface {
	misfits(at string) []adama.Misfit
}

// one adds the misfits of the nested object p, the member name of v.
func one[T any, P interface {
	*T
	misfitter
}](out []adama.Misfit, p P, at, name string) []adama.Misfit {
	if p == nil {
		return out
	}
	return append(out, p.misfits(join(at, name))...)
}

// each adds the misfits of every object of the list s, the member name.
func each[T any, P interface {
	*T
	misfitter
}](out []adama.Misfit, s []T, at, name string) []adama.Misfit {
	for i := range s {
		out = append(out, P(&s[i]).misfits(join(at, name)+"["+strconv.Itoa(i)+"]")...)
	}
	return out
}

func join(at, name string) string {
	if at == "" {
		return name
	}
	return at + "." + name
}
