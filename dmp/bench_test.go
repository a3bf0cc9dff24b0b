package dmp_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/internal/benchpair"
)

// BenchmarkCSV50000 reads a 50,000-node taxonomy CSV: the row reader
// (checked rows, constant memory), the whole tree (ReadCSV), and a plain
// encoding/csv read of the same bytes as the baseline.
func BenchmarkCSV50000(b *testing.B) {
	var in bytes.Buffer
	bigTaxonomy(&in, 50000)
	src := in.Bytes()
	b.Run("rows", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			rd, err := dmp.NewCSVReader(bytes.NewReader(src))
			if err != nil {
				b.Fatal(err)
			}
			for {
				if _, err := rd.Next(); err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("tree", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, err := dmp.ReadCSV(bytes.NewReader(src)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			cr := csv.NewReader(bytes.NewReader(src))
			cr.ReuseRecord = true
			for {
				if _, err := cr.Read(); err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// plainNode and plainTaxonomy are what a user would write without the
// SDK: a field for every key of the answer, decoded by encoding/json.
type plainNode struct {
	ID           int64        `json:"id"`
	Name         string       `json:"name"`
	Code         string       `json:"code"`
	Description  string       `json:"description"`
	Uniques      *int64       `json:"uniques"`
	RetailCPM    *float64     `json:"retail_cpm"`
	WholesaleCPM *float64     `json:"wholesale_cpm"`
	Buyable      bool         `json:"buyable"`
	Children     []*plainNode `json:"children"`
}

type plainTaxonomy struct {
	TaxonomyID       int64 `json:"taxonomy_id"`
	VendorID         int64 `json:"vendor_id"`
	AudienceVendorID int64 `json:"audience_vendor_id"`
	Permissions      *struct {
		Organizations []int64 `json:"organizations"`
		Agencies      []int64 `json:"agencies"`
		Advertisers   []int64 `json:"advertisers"`
	} `json:"permissions"`
	UseHash         *bool      `json:"use_hash"`
	Taxonomy        *plainNode `json:"taxonomy"`
	RevenueSharePct *float64   `json:"revenue_share_pct"`
	Visibility      string     `json:"visibility"`
	CreatedOn       *string    `json:"created_on"`
	UpdatedOn       *string    `json:"updated_on"`
	CreatedBy       *int64     `json:"created_by"`
	UpdatedBy       *int64     `json:"updated_by"`
}

// taxonomyBody is a platform-shaped taxonomy answer of branches x leaves
// segments (numbers as numbers, ASCII names).
func taxonomyBody(branches, leaves int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"taxonomy_id":100001,"audience_vendor_id":470,"vendor_id":1234,"revenue_share_pct":50,` +
		`"permissions":{"organizations":[100048],"agencies":[114842,108108],"advertisers":[]},"use_hash":false,` +
		`"created_on":"2017-03-22T19:36:05+0000","updated_on":"2018-06-15T14:55:51+0000","created_by":null,"updated_by":14571,` +
		`"taxonomy":{"id":1,"name":"Vendor - (Private) - Acme","children":[`)
	id := 2
	for i := range branches {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"Branch %d","buyable":false,"children":[`, id, i)
		id++
		for j := range leaves {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":%d,"name":"Segment %d.%d","code":"%d","uniques":%d,"retail_cpm":0.85,"wholesale_cpm":0.425,"buyable":true,"children":[]}`,
				id, i, j, 1000000+id, 25000+id)
			id++
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}}`)
	return b.Bytes()
}

// BenchmarkTaxonomyDecode decodes a 1,000-segment taxonomy into the
// generated records (lenient, unknown properties kept, names decoded) and,
// as the baseline, into plain structs with encoding/json. In memory, no
// HTTP.
func BenchmarkTaxonomyDecode(b *testing.B) {
	body := taxonomyBody(10, 100)
	b.Run("sdk", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			var x dmp.Taxonomy
			if err := json.Unmarshal(body, &x); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			var x plainTaxonomy
			if err := json.Unmarshal(body, &x); err != nil {
				b.Fatal(err)
			}
		}
	})
	// paired: both in every round, x-base = sdk / stdlib (median).
	b.Run("paired", func(b *testing.B) {
		benchpair.Run(b, len(body), func() {
			var x dmp.Taxonomy
			if err := json.Unmarshal(body, &x); err != nil {
				b.Fatal(err)
			}
		}, func() {
			var x plainTaxonomy
			if err := json.Unmarshal(body, &x); err != nil {
				b.Fatal(err)
			}
		})
	})
}

func TestTaxonomyBodyDecodes(t *testing.T) {
	var x dmp.Taxonomy
	require.NoError(t, json.Unmarshal(taxonomyBody(10, 100), &x))
	assert.Equal(t, 1011, x.Taxonomy.Count())
	assert.Empty(t, x.Misfits())
	assert.Empty(t, x.Extra)
	var p plainTaxonomy
	require.NoError(t, json.Unmarshal(taxonomyBody(10, 100), &p))
	assert.Len(t, p.Taxonomy.Children[9].Children, 100)
}
