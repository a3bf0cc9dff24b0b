package dmp_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/dmp"
)

func newClient(t *testing.T) (*dmp.Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := srv.NewClient(adama.WithRetry(adama.RetryPolicy{MaxRetries: 3, MinWait: time.Millisecond, MaxWait: 5 * time.Millisecond}))
	require.NoError(t, err)
	return dmp.New(c), srv
}

func dec(s string) *adama.Decimal { d := adama.MustDecimal(s); return &d }

func i64(n int64) *int64 { return &n }

// sample is a small permissioned taxonomy with a non-Latin segment name.
func sample() *dmp.Taxonomy {
	return &dmp.Taxonomy{
		Permissions: &dmp.Permissions{Organizations: []int64{100048}, Agencies: []int64{114842, 108108}},
		VendorID:    1234,
		Taxonomy: &dmp.Node{Name: "VENDOR - (Private) – Acme", Children: []*dmp.Node{
			{Name: "US / Canada", Children: []*dmp.Node{
				{Name: "Entertainment", Code: "1013003", Uniques: i64(3944066), RetailCPM: dec("0.85"), Buyable: true},
				{Name: "Путешествия", Code: "1013004", Uniques: i64(25000), RetailCPM: dec("1.20"), Buyable: true},
			}},
			{Name: "Acme Segment 2", Code: "1234568", Uniques: i64(25000), RetailCPM: dec("0"), Buyable: true},
		}},
	}
}
