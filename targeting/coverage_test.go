package targeting_test

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/apispec"
)

// v3Template turns "GET /a/{a_id}/b" into "GET /a/{}/b": the reference and
// the description may name a path's parameters differently.
var v3Template = regexp.MustCompile(`\{[^}]+\}`)

// readOperations reads a testdata list of "METHOD /path" lines (anything
// after a tab is a note), in templated form.
func readOperations(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "\t")
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, v3Template.ReplaceAllString(line, "{}"))
	}
	require.NoError(t, sc.Err())
	return out
}

// TestV3ReferenceCoverage holds group B's description to the Campaigns API
// reference (v3.0.1807): every one of its 197 operations is described (and
// so has a generated or hand-written method, which apigen requires of every
// described operation), or is listed in testdata/v3_not_yet_described.txt;
// a listed operation that gets described must leave the list; every
// described operation is one of the reference's, unless it carries
// x-adama-observed-only (the platform answers it, the reference does not
// document it).
func TestV3ReferenceCoverage(t *testing.T) {
	ref := readOperations(t, "v3_reference_operations.txt")
	require.Len(t, ref, 197, "the reference documents 197 operations")
	notYet := readOperations(t, "v3_not_yet_described.txt")

	doc, err := apispec.Load("targeting")
	require.NoError(t, err)
	described := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			key := method + " " + v3Template.ReplaceAllString(path, "{}")
			described[key] = true
			if _, observed := op.Extensions["x-adama-observed-only"]; !observed {
				assert.Contains(t, ref, key, "%s (%s) is not an operation of the reference; mark it x-adama-observed-only if the platform answers it anyway", key, op.OperationID)
			}
		}
	}
	covered := 0
	for _, op := range ref {
		switch {
		case described[op]:
			covered++
			assert.NotContains(t, notYet, op, "%s is described now: take it out of testdata/v3_not_yet_described.txt", op)
		default:
			assert.Contains(t, notYet, op, "%s is neither described nor listed as not yet described", op)
		}
	}
	for _, op := range notYet {
		assert.True(t, slices.Contains(ref, op), "%s in testdata/v3_not_yet_described.txt is not an operation of the reference", op)
	}
	t.Logf("v3.0 reference operations described: %d of %d", covered, len(ref))
}
