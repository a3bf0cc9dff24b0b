package entity

import (
	"io"

	"github.com/adamasdk/adama-go/internal/call"
)

// decodeJSONPage decodes a JSON list body as a list call does.
func decodeJSONPage[T any](r io.Reader) (*Page[T], error) {
	return decodePage[T](r, "application/json")
}

// decodeXMLPage decodes an XML list body as a list call does.
func decodeXMLPage[T any](r io.Reader) (*Page[T], error) { return decodePage[T](r, "application/xml") }

func decodePage[T any](r io.Reader, mt string) (*Page[T], error) {
	var items []*T
	meta, err := call.DataMeta.Decode(r, mt, &items)
	if err != nil {
		return nil, err
	}
	p := call.PageOf(items, meta)
	p.Items = dropNil(p.Items)
	return p, nil
}

func ip(i int) *int      { return &i }
func i64(i int64) *int64 { return &i }
