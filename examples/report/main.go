// Command report downloads a reporting v1 report to a CSV file with a
// progress bar on the terminal, then prints a short summary table read
// back from the file.
//
//	go run ./examples/report
//	go run ./examples/report -rows 200000 -out report.csv
//	ADAMA_BASE_URL=... ADAMA_AUTH_URL=... ADAMA_ACCESS_TOKEN=... go run ./examples/report -org 100001
//	ADAMA_BASE_URL=... ADAMA_AUTH_URL=... ADAMA_ACCESS_TOKEN=... go run ./examples/report -strategy 98765 -out report.csv
//
// With ADAMA_BASE_URL unset (or with -demo) it starts the fake platform
// (adama/adamatest) in process, generating -rows rows; with it set, it
// reads the ADAMA_* variables (adama.WithEnv) and uses that deployment
// (examples/quickstart shows the authorization-code exchange; here an
// access token is given).
//
// The query filters on -strategy when set (an access field of the
// performance report, as its metadata says), else on -org. Without -out
// the report goes to a new file in the temporary directory. A file already
// at -out is only downloaded again when the report's data changed since
// the file's modification time (If-Modified-Since; the file takes the
// report's Last-Modified time).
//
// Reporting v1 is deprecated; its removal is announced for July 2026.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/examples/internal/platform"
	"github.com/adamasdk/adama-go/reporting"
)

func main() { platform.Main("report", run) }

// run parses args, downloads the report and prints the summary to stdout;
// the progress bar goes to stderr. getenv reads the ADAMA_* variables.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := platform.NewFlags("report", stderr)
	rowsN := fs.Int("rows", 100000, "rows the in-process fake generates")
	org := fs.Int64("org", 100001, "organization id (access filter)")
	strategy := fs.Int64("strategy", 0, "strategy id (access filter instead of -org)")
	window := fs.String("window", "last_30_days", "time window")
	out := fs.String("out", "", "output CSV file (default: a new file in the temporary directory)")
	if err := fs.Parse(args); err != nil {
		return err
	}

	client, done, err := fs.Connect(stdout, getenv, adamatest.WithReportRows(*rowsN))
	if err != nil {
		return err
	}
	defer done()
	rc := reporting.New(client)
	q := &reporting.Query{
		Report:     reporting.ReportPerformance,
		Dimensions: []string{"campaign_id", "campaign_name"},
		Metrics:    []string{"impressions", "clicks", "total_spend"},
		Filter:     []reporting.Predicate{reporting.Eq("organization_id", *org)},
		TimeWindow: reporting.TimeWindow(*window),
		TimeRollup: reporting.TimeRollupByDay,
	}
	if *strategy != 0 {
		q.Filter = []reporting.Predicate{reporting.Eq("strategy_id", *strategy)}
	}
	if *out == "" {
		f, err := os.CreateTemp("", "report-*.csv")
		if err != nil {
			return err
		}
		f.Close()
		*out = f.Name()
	} else if fi, err := os.Stat(*out); err == nil {
		q.IfModifiedSince = fi.ModTime()
	}
	if err := rc.Validate(ctx, q); err != nil {
		if errors.Is(err, reporting.ErrNotModified) {
			fmt.Fprintf(stdout, "%s is up to date\n", *out)
			return nil
		}
		return fmt.Errorf("validate: %w", err)
	}

	start := time.Now()
	body, err := rc.Download(ctx, q, progressBar(stderr, start))
	if errors.Is(err, reporting.ErrNotModified) {
		fmt.Fprintf(stdout, "%s is up to date\n", *out)
		return nil
	}
	if err != nil {
		return err
	}
	defer body.Close()
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	n, err := io.Copy(f, body)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintln(stderr)
	if err != nil {
		// Never leave a short file that looks complete.
		_ = os.Remove(*out)
		return err
	}
	if lm := body.LastModified(); !lm.IsZero() {
		if err := os.Chtimes(*out, time.Time{}, lm); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "saved %s: %d rows, %d bytes in %s\n\n", *out, body.Rows(), n, time.Since(start).Round(time.Millisecond))
	return summarize(stdout, *out)
}

// progressBar draws "[=====>    ] 12.3 MB 45,000 rows" on one line.
func progressBar(w io.Writer, start time.Time) reporting.ProgressFunc {
	spin := 0
	return func(p reporting.Progress) {
		const width = 30
		spin = (spin + 1) % width
		bar := strings.Repeat("=", spin) + ">" + strings.Repeat(" ", width-spin)
		if p.Done {
			bar = strings.Repeat("=", width+1)
		}
		mbps := float64(p.Bytes) / (1 << 20) / max(time.Since(start).Seconds(), 1e-3)
		fmt.Fprintf(w, "\r[%s] %7.1f MiB %10d rows %6.1f MiB/s", bar, float64(p.Bytes)/(1<<20), p.Rows, mbps)
	}
}

type total struct {
	name                string
	impressions, clicks int64
	spend               adama.Decimal
}

// summarize reads the saved file back and prints the top campaigns.
func summarize(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := reporting.NewRows(f)
	if err != nil {
		return err
	}
	type rec struct {
		CampaignID  string        `csv:"campaign_id"`
		Name        string        `csv:"campaign_name"`
		Impressions int64         `csv:"impressions"`
		Clicks      int64         `csv:"clicks"`
		Spend       adama.Decimal `csv:"total_spend"`
	}
	totals := map[string]*total{}
	for r, err := range reporting.DecodeAll[rec](rows) {
		if err != nil {
			return err
		}
		t := totals[r.CampaignID]
		if t == nil {
			t = &total{name: r.Name}
			totals[r.CampaignID] = t
		}
		t.impressions += r.Impressions
		t.clicks += r.Clicks
		t.spend = t.spend.Add(r.Spend)
	}
	ids := make([]string, 0, len(totals))
	for id := range totals {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return totals[ids[i]].impressions > totals[ids[j]].impressions })
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "campaign\tname\timpressions\tclicks\tspend\t")
	for i, id := range ids {
		if i == 10 {
			break
		}
		t := totals[id]
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t\n", id, t.name, t.impressions, t.clicks, t.spend)
	}
	fmt.Fprintf(tw, "\t%d campaigns\t\t\t\t\n", len(ids))
	return tw.Flush()
}
