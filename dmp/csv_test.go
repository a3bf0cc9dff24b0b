package dmp_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/dmp"
)

func TestCSVRoundTrip(t *testing.T) {
	in, err := os.ReadFile("testdata/taxonomy.csv")
	require.NoError(t, err)
	root, err := dmp.ReadCSV(bytes.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, "P1 Audiences - Test", root.Name)
	assert.Equal(t, 5, root.Count())
	ru := root.Find("Путешествия")
	require.NotNil(t, ru)
	assert.Equal(t, "1013004", ru.Code)
	assert.Equal(t, int64(25000), *ru.Uniques)
	assert.Equal(t, "0.6", ru.WholesaleCPM.String())
	assert.Equal(t, "1.2", ru.RetailCPM.String())
	assert.True(t, ru.Buyable)
	assert.False(t, root.Find("US / Canada").Buyable)
	assert.Nil(t, root.Find("US / Canada").RetailCPM, "a non-buyable row needs only full_path")

	var out bytes.Buffer
	require.NoError(t, dmp.WriteCSV(&out, root))
	assert.Equal(t, string(in), out.String(), "CSV -> tree -> CSV is byte-exact for a canonical file")

	again, err := dmp.ReadCSV(&out)
	require.NoError(t, err)
	assert.Equal(t, root, again, "tree -> CSV -> tree")
}

func TestCSVMalformedRows(t *testing.T) {
	in := "full_path,code,uniques,wholesale_cpm,retail_cpm,buyable\n" +
		"|Root,,,,,0\n" + // 2 ok
		"Root|A,1,1,0.10,0.20,1\n" + // 3 no leading pipe
		"|Root|B,x,1,0.10,0.20,1\n" + // 4 code not an integer
		"|Root|C,2,1,0.123,0.20,1\n" + // 5 three decimals
		"|Root|D,3,,0.10,0.20,1\n" + // 6 buyable without uniques
		"|Root|E,4,1,0.10,0.20,2\n" + // 7 buyable not 1/0
		"|Root||F,5,1,0.10,0.20,1\n" + // 8 empty name
		"|Other|G,6,1,0.10,0.20,1\n" + // 9 another root
		"|Root|H,7,1,0.10,0.20,1\n" + // 10 ok
		"|Root|I,7,1,0.10,0.20,1\n" + // 11 duplicate code
		"|Root|H,8,1,0.10,0.20,1\n" + // 12 repeated path
		"|Root|J,9,1,-1,0.20,1\n" // 13 negative
	_, err := dmp.ReadCSV(strings.NewReader(in))
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	for _, want := range []string{"line 3: full_path", "line 4: code", "line 5: wholesale_cpm", "line 6: uniques", "line 7: buyable",
		"line 8: full_path", "line 9: full_path", "line 11: code", "line 12: full_path", "line 13: wholesale_cpm"} {
		assert.True(t, ve.Has(want, ""), "%s missing from %v", want, ve)
	}
	assert.False(t, ve.Has("line 2: full_path", ""))
	assert.False(t, ve.Has("line 10: code", ""))

	t.Run("the row reader goes on after a bad row", func(t *testing.T) {
		rd, err := dmp.NewCSVReader(strings.NewReader(in))
		require.NoError(t, err)
		var good, bad int
		for {
			_, err := rd.Next()
			if err == io.EOF {
				break
			}
			if errors.As(err, &ve) {
				bad++
				continue
			}
			require.NoError(t, err)
			good++
		}
		assert.Equal(t, 7, bad, "rows 3-8 and 13 fail on their own; 9, 11 and 12 only in the tree")
		assert.Equal(t, 5, good)
	})
	t.Run("header", func(t *testing.T) {
		_, err := dmp.NewCSVReader(strings.NewReader("code,uniques\n1,2\n"))
		assert.ErrorIs(t, err, adama.ErrValidation)
		_, err = dmp.NewCSVReader(strings.NewReader(""))
		assert.ErrorIs(t, err, adama.ErrValidation)
		root, err := dmp.ReadCSV(strings.NewReader("\ufeffbuyable,full_path\n0,|R\n0,|R|x\n"))
		require.NoError(t, err, "columns by name, in any order, BOM ignored")
		assert.Equal(t, 2, root.Count())
	})
	t.Run("implied ancestors", func(t *testing.T) {
		root, err := dmp.ReadCSV(strings.NewReader("full_path,code,uniques,wholesale_cpm,retail_cpm,buyable\n|R|a|b,1,1,0.1,0.2,1\n"))
		require.NoError(t, err)
		assert.Equal(t, 3, root.Count())
		assert.False(t, root.Find("a").Buyable)
	})
}

func TestWriteCSVRefusesLoss(t *testing.T) {
	root := &dmp.Node{Name: "R", Children: []*dmp.Node{
		{Name: "a|b"},
		{Name: "c", Code: "segment_id", Buyable: true, RetailCPM: dec("0.855")},
	}}
	var buf bytes.Buffer
	err := dmp.WriteCSV(&buf, root)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("|R|a|b", "pipes"))
	assert.True(t, ve.Has("|R|c", "integer"))
	assert.True(t, ve.Has("|R|c", "2 decimals"))
	assert.Zero(t, buf.Len(), "nothing written")
}

// bigTaxonomy writes a canonical CSV of n nodes: a root, branches of 100
// segments each.
func bigTaxonomy(w io.Writer, n int) {
	fmt.Fprintln(w, "full_path,code,uniques,wholesale_cpm,retail_cpm,buyable")
	fmt.Fprintln(w, "|Big,,,,,0")
	made := 1
	for b := 0; made < n; b++ {
		fmt.Fprintf(w, "|Big|Branch %d,,,,,0\n", b)
		made++
		for s := 0; s < 99 && made < n; s++ {
			fmt.Fprintf(w, "|Big|Branch %d|Segment %d-%d,%d,%d,0.%02d,1.%02d,1\n", b, b, s, made, made*10, s, s)
			made++
		}
	}
}

func TestCSV50000Nodes(t *testing.T) {
	var in bytes.Buffer
	bigTaxonomy(&in, 50000)
	src := in.Bytes()
	root, err := dmp.ReadCSV(bytes.NewReader(src))
	require.NoError(t, err)
	assert.Equal(t, 50000, root.Count())
	var out bytes.Buffer
	require.NoError(t, dmp.WriteCSV(&out, root))
	assert.Equal(t, string(src), out.String(), "50,000-node round trip")
}

// TestCSVReaderConstantMemory reads 50,000 and 500,000 rows through the
// row reader: the live heap after reading does not grow with the input.
func TestCSVReaderConstantMemory(t *testing.T) {
	heapAfter := func(n int) uint64 {
		pr, pw := io.Pipe()
		go func() { bigTaxonomy(pw, n); pw.Close() }()
		rd, err := dmp.NewCSVReader(pr)
		require.NoError(t, err)
		rows := 0
		var peak uint64
		var ms runtime.MemStats
		for {
			_, err := rd.Next()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			rows++
			if rows%10000 == 0 {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
		require.Equal(t, n, rows+0)
		return peak
	}
	small := heapAfter(50000)
	large := heapAfter(500000)
	t.Logf("live heap while reading: %d KiB at 50,000 rows, %d KiB at 500,000 rows", small>>10, large>>10)
	assert.Less(t, large, small+4<<20, "the live heap stays flat while ten times more rows stream through")
}
