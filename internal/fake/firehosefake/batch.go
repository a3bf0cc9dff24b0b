package firehosefake

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// Batch formats and compressions the generator writes.
const (
	FormatJSONL     = "JSONL"
	FormatJSONArray = "JSON_ARRAY"
	CompressionGZIP = "GZIP"
	CompressionNone = ""
)

// BatchOptions shape a generated delivered batch.
type BatchOptions struct {
	// Records is how many opportunities the batch holds.
	Records int
	// Format is FormatJSONL or FormatJSONArray.
	Format string
	// Compression is CompressionGZIP, CompressionLZOP or CompressionNone.
	Compression string
	// Seed makes the batch reproducible.
	Seed uint64
}

// WriteBatch writes a batch of OpenRTB 2.4 bid requests as the platform
// delivers them.
func WriteBatch(w *bytes.Buffer, o BatchOptions) error {
	var out interface {
		Write([]byte) (int, error)
	} = w
	var zw io.WriteCloser
	switch o.Compression {
	case CompressionGZIP:
		zw = gzip.NewWriter(w)
		out = zw
	case CompressionLZOP:
		zw = newLZOPWriter(w)
		out = zw
	case CompressionNone:
	default:
		return fmt.Errorf("firehosefake: compression %q is not generated", o.Compression)
	}
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	array := o.Format == FormatJSONArray
	if !array && o.Format != FormatJSONL {
		return fmt.Errorf("firehosefake: unknown format %q", o.Format)
	}
	if array {
		_, _ = out.Write([]byte("["))
	}
	for i := range o.Records {
		b, err := json.Marshal(bidRequest(rng, i))
		if err != nil {
			return err
		}
		if array && i > 0 {
			_, _ = out.Write([]byte(","))
		}
		_, _ = out.Write(b)
		if !array {
			_, _ = out.Write([]byte("\n"))
		}
	}
	if array {
		_, _ = out.Write([]byte("]"))
	}
	if zw != nil {
		return zw.Close()
	}
	return nil
}

// bidRequest returns one generated OpenRTB 2.4 bid request.
func bidRequest(rng *rand.Rand, i int) map[string]any {
	imp := map[string]any{"id": "1", "bidfloor": float64(rng.IntN(500)) / 100, "bidfloorcur": "USD"}
	if rng.IntN(4) == 0 {
		imp["video"] = map[string]any{"mimes": []string{"video/mp4"}, "minduration": 5, "maxduration": 30, "w": 640, "h": 480}
	} else {
		sizes := [][2]int{{300, 250}, {728, 90}, {320, 50}, {160, 600}}
		s := sizes[rng.IntN(len(sizes))]
		imp["banner"] = map[string]any{"w": s[0], "h": s[1]}
	}
	req := map[string]any{
		"id":  fmt.Sprintf("req-%08d-%04x", i, rng.IntN(1<<16)),
		"imp": []any{imp},
		"at":  2, "tmax": 120, "cur": []string{"USD"},
		"device": map[string]any{"ua": "Mozilla/5.0", "ip": fmt.Sprintf("203.0.113.%d", rng.IntN(255)),
			"devicetype": 1 + rng.IntN(7), "os": []string{"iOS", "Android", "Windows"}[rng.IntN(3)],
			"geo": map[string]any{"country": []string{"USA", "GBR", "JPN"}[rng.IntN(3)]}},
		"user": map[string]any{"id": fmt.Sprintf("u-%06d", rng.IntN(1_000_000))},
		"regs": map[string]any{"coppa": 0},
		"ext":  map[string]any{"exchange_id": strconv.Itoa([]int{15, 42, 62}[rng.IntN(3)])},
	}
	if rng.IntN(3) == 0 {
		req["app"] = map[string]any{"id": "app-1", "bundle": "com.example.app", "publisher": map[string]any{"id": "p-1"}}
	} else {
		req["site"] = map[string]any{"id": "site-1", "domain": "news.example", "page": "https://news.example/a", "publisher": map[string]any{"id": "p-2"}}
	}
	return req
}

// ExpandMacro expands a partition macro for a delivery at t by server
// appUUID with spreading digit hex, as the platform names objects (date
// fields in t's location).
func ExpandMacro(macro string, t time.Time, appUUID string, hex int) string {
	r := strings.NewReplacer(
		"%yyyy%", fmt.Sprintf("%04d", t.Year()), "%mm%", fmt.Sprintf("%02d", int(t.Month())),
		"%dd%", fmt.Sprintf("%02d", t.Day()), "%hh%", fmt.Sprintf("%02d", t.Hour()),
		"%mi%", fmt.Sprintf("%02d", t.Minute()), "%ss%", fmt.Sprintf("%02d", t.Second()),
		"%hex%", strings.ToUpper(strconv.FormatInt(int64(hex&0xf), 16)),
		"%unixms%", strconv.FormatInt(t.UnixMilli(), 10), "%unix%", strconv.FormatInt(t.Unix(), 10),
		"%nano%", strconv.FormatInt(t.UnixNano(), 10), "%appuuid%", appUUID,
	)
	return r.Replace(macro)
}

// DefaultMacro is the platform's partition macro when a consumer sets
// none.
const DefaultMacro = "%hex%/%yyyy%-%mm%-%dd%/%hh%/%appuuid%_%yyyy%-%mm%-%dd%-%hh%-%mm%opportunities%unixms%.jsonl.lzo"

// DeliveredFile generates a batch for consumer as its storage delivery
// would: named by its Cloud1Settings (else Cloud2Settings) partition
// macro, or the default one. ok is false when the consumer is unknown.
func (s *Store) DeliveredFile(consumer string, t time.Time, appUUID string, o BatchOptions) (name string, data []byte, ok bool, err error) {
	c := s.Consumer(consumer)
	if c == nil {
		return "", nil, false, nil
	}
	macro := DefaultMacro
	for _, k := range []string{"Cloud1Settings", "Cloud2Settings"} {
		if st, _ := c[k].(map[string]any); st != nil {
			if m, _ := st["PartitionMacro"].(string); m != "" {
				macro = m
				break
			}
		}
	}
	var buf bytes.Buffer
	if err := WriteBatch(&buf, o); err != nil {
		return "", nil, true, err
	}
	return ExpandMacro(macro, t, appUUID, int(o.Seed%16)), buf.Bytes(), true, nil
}
