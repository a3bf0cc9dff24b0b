package firehose_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/firehose"
)

func seedFiles(f *testing.F, pattern string) {
	files, err := filepath.Glob(pattern)
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// FuzzConsumerSettings: any body decodes without panic, and what decodes
// writes back to a form that decodes to the same bytes again.
func FuzzConsumerSettings(f *testing.F) {
	seedFiles(f, "testdata/reference/*.json")
	seedFiles(f, "testdata/consumer_misfit.json")
	f.Add([]byte(`{"DropZeroUID":"true","SampleSettings":{"SampleRate":"15"},"Filters":{"X-Svc-Geo":60231},"X":1}`))
	f.Add([]byte(`{"DropBody":{},"Cloud1Settings":{"Buckets":7},"WebSettings":{"Endpoints":[]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var c firehose.ConsumerSettings
		if json.Unmarshal(b, &c) != nil {
			return
		}
		_ = c.Validate()
		out, err := json.Marshal(&c)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var again firehose.ConsumerSettings
		if err := json.Unmarshal(out, &again); err != nil {
			t.Fatalf("re-decode %s: %v", out, err)
		}
		out2, err := json.Marshal(&again)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("round trip differs:\n%s\n%s", out, out2)
		}
		if len(c.Misfits()) != len(again.Misfits()) {
			t.Fatalf("misfits differ after a round trip: %v %v", c.Misfits(), again.Misfits())
		}
	})
}

// FuzzPermissions: any body decodes without panic and Check never panics.
func FuzzPermissions(f *testing.F) {
	seedFiles(f, "testdata/reference/get_permissions.json")
	seedFiles(f, "testdata/permissions_misfit.json")
	f.Add([]byte(`{"EDIT.DropBody":"ALLOWED","EDIT.Filters.X-Svc-Exch-Id":[15,"42"],"x":{}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p firehose.Permissions
		if json.Unmarshal(b, &p) != nil {
			return
		}
		after := &firehose.ConsumerSettings{DropBody: true, Filters: firehose.Filters{firehose.FilterKeyExchangeID: {"42"}}}
		_ = p.Check(nil, after)
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var again firehose.Permissions
		if err := json.Unmarshal(out, &again); err != nil {
			t.Fatalf("the record does not read back: %v\n%s", err, out)
		}
		if len(p.Misfits()) != len(again.Misfits()) {
			t.Fatalf("misfits differ after a round trip: %v %v", p.Misfits(), again.Misfits())
		}
		if out2, _ := json.Marshal(again); !bytes.Equal(out, out2) {
			t.Fatalf("not written back as it came:\n%s\n%s", out, out2)
		}
	})
}

// FuzzReader: any batch reads without panic, every record handed out is
// a JSON object, and a fatal error is a *RecordError or a setup error.
func FuzzReader(f *testing.F) {
	seedFiles(f, "testdata/batch.*")
	f.Add([]byte("{\"id\":\"a\"}\n{bad}\n"))
	f.Add([]byte(`[{"id":"a"},7,{"id":"b"}]`))
	// Elements over MaxRecord (1<<16 here), plain and compressed, a
	// deep nesting, and brackets that do not pair.
	long := `[{"id":"a","p":"` + strings.Repeat("x", 70000) + `"},{"id":"b","q":["]}\""]}]`
	f.Add([]byte(long))
	f.Add(gzipOf([]byte(long)))
	f.Add([]byte(`[` + strings.Repeat(`[`, 70000) + `]`))
	f.Add([]byte(`[{"id":"a","x":[}],{"id":"b"}]`))
	f.Add([]byte(`[{"id":"a"},]`))
	// Runs of malformed lines, more than the reader keeps.
	f.Add(bytes.Repeat([]byte("x\n{\"id\":}\n"), 120))
	f.Add(gzipOf(bytes.Repeat([]byte("{\"id\":1,}\n"), 500)))
	f.Add(lzopStall())
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, skip := range []bool{false, true} {
			r, err := firehose.NewReader(bytes.NewReader(b), &firehose.ReaderOptions{SkipMalformed: skip, MaxRecord: 1 << 16})
			if err != nil {
				continue
			}
			n := 0
			for r.Next() {
				op := r.Opportunity()
				if len(op.Raw) == 0 || op.Raw[0] != '{' || !json.Valid(op.Raw) {
					t.Fatalf("record %d is not a JSON object: %q", op.Index, op.Raw)
				}
				if len(op.Raw) > 1<<16 {
					t.Fatalf("record %d of %d bytes, over MaxRecord", op.Index, len(op.Raw))
				}
				n++
				if n > len(b) {
					t.Fatal("more records than bytes")
				}
			}
			_ = r.Err()
			_ = r.Close()
		}
	})
}

// FuzzParseMacro: any text parses or fails with a *MacroError; a macro
// that parses expands to a name that keeps its literal parts, within
// MaxObjectName bytes, and its prefixes are prefixes of some expansion.
func FuzzParseMacro(f *testing.F) {
	f.Add(firehose.DefaultPartitionMacro)
	f.Add("%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.jsonl.lzop")
	f.Add("a/%hex%/../b")
	f.Add("%%")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := firehose.ParseMacro(s)
		if err != nil {
			if _, ok := err.(*firehose.MacroError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		at := time.Date(2026, 12, 31, 23, 59, 59, 999999999, time.UTC)
		name := m.Expand(at, firehose.MacroValues{AppUUID: "01234567-89ab-cdef-0123-456789abcdef", Hex: 15})
		if len(name) > firehose.MaxObjectName {
			t.Fatalf("name of %d bytes", len(name))
		}
		for _, p := range m.Parts() {
			if p.Literal != "" && !strings.Contains(name, p.Literal) {
				t.Fatalf("literal %q lost in %q", p.Literal, name)
			}
		}
		// Every prefix of the hour is the start of a name delivered in it
		// (for one of the 16 %hex% digits).
		hour := at.Truncate(time.Hour)
		for _, p := range m.Prefixes(hour, hour.Add(30*time.Minute)) {
			found := false
			for h := 0; h < 16 && !found; h++ {
				found = strings.HasPrefix(m.Expand(at, firehose.MacroValues{AppUUID: "u", Hex: h}), p)
			}
			if !found {
				t.Fatalf("prefix %q starts no name of %q", p, s)
			}
		}
		_ = firehose.CheckMacro(s, false)
	})
}

// FuzzLZOPReader: any bytes read without panic; an error is an
// *LZOPError with its place.
func FuzzLZOPReader(f *testing.F) {
	seedFiles(f, "testdata/*.lzo")
	// A header announcing a 64 MiB block, then 1 KiB of it.
	f.Add(lzopStall())
	f.Fuzz(func(t *testing.T, b []byte) {
		z, err := firehose.NewLZOPReader(bytes.NewReader(b))
		if err == nil {
			_, err = io.Copy(io.Discard, io.LimitReader(z, 1<<26))
		}
		if err != nil {
			var le *firehose.LZOPError
			if !errors.As(err, &le) {
				t.Fatalf("error of type %T: %v", err, err)
			}
		}
	})
}
