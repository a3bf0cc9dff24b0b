package beamio

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// coderVersion is the first byte of an encoded Opportunity.
const coderVersion = 1

// encodeOpportunity is the Beam coder of Opportunity: its place, time and
// raw JSON. The typed view is not written: decodeOpportunity reads it
// again from the raw JSON, as the reader did.
func encodeOpportunity(o Opportunity) []byte {
	b := make([]byte, 0, 64+len(o.File)+len(o.ViewErr)+len(o.Raw))
	b = append(b, coderVersion)
	b = binary.AppendUvarint(b, uint64(len(o.File)))
	b = append(b, o.File...)
	b = binary.AppendVarint(b, int64(o.Index))
	b = binary.AppendVarint(b, int64(o.Line))
	b = binary.AppendVarint(b, o.Offset)
	var sec, nsec int64
	if !o.Time.IsZero() {
		sec, nsec = o.Time.Unix(), int64(o.Time.Nanosecond())
	}
	b = binary.AppendVarint(b, sec)
	b = binary.AppendVarint(b, nsec)
	flag := byte(0)
	if o.TimeFromName {
		flag = 1
	}
	b = append(b, flag)
	b = binary.AppendUvarint(b, uint64(len(o.ViewErr)))
	b = append(b, o.ViewErr...)
	return append(b, o.Raw...)
}

// errCoder is an encoded Opportunity that does not decode.
var errCoder = errors.New("beamio: encoded opportunity is malformed")

// decodeOpportunity reads what encodeOpportunity wrote.
func decodeOpportunity(b []byte) (Opportunity, error) {
	var o Opportunity
	if len(b) == 0 || b[0] != coderVersion {
		return o, errCoder
	}
	b = b[1:]
	str := func() (string, bool) {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)-k) {
			return "", false
		}
		s := string(b[k : k+int(n)])
		b = b[k+int(n):]
		return s, true
	}
	num := func() (int64, bool) {
		v, k := binary.Varint(b)
		if k <= 0 {
			return 0, false
		}
		b = b[k:]
		return v, true
	}
	var ok bool
	if o.File, ok = str(); !ok {
		return o, errCoder
	}
	var v [5]int64
	for i := range v {
		if v[i], ok = num(); !ok {
			return o, errCoder
		}
	}
	o.Index, o.Line, o.Offset = int(v[0]), int(v[1]), v[2]
	if v[3] != 0 || v[4] != 0 {
		if v[4] < 0 || v[4] >= int64(time.Second) {
			return o, errCoder
		}
		o.Time = time.Unix(v[3], v[4]).UTC()
	}
	if len(b) == 0 || b[0] > 1 {
		return o, errCoder
	}
	o.TimeFromName = b[0] == 1
	b = b[1:]
	if o.ViewErr, ok = str(); !ok {
		return o, errCoder
	}
	if len(b) == 0 {
		return o, nil
	}
	o.Raw = append(json.RawMessage(nil), b...)
	if err := json.Unmarshal(o.Raw, &o.Request); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return o, fmt.Errorf("%w: %v", errCoder, err)
		}
	}
	return o, nil
}
