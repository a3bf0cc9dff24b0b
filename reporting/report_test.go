package reporting_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

func newService(t testing.TB, opts ...adamatest.Option) (*reporting.Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(append([]adamatest.Option{adamatest.WithT(t)}, opts...)...)
	c, err := srv.NewClient()
	require.NoError(t, err)
	return reporting.New(c), srv
}

func baseQuery() *reporting.Query {
	return &reporting.Query{
		Report:     reporting.ReportPerformance,
		Dimensions: []string{"campaign_id", "campaign_name"},
		Metrics:    []string{"impressions", "clicks", "total_spend", "ctr"},
		Filter:     []reporting.Predicate{reporting.Eq("organization_id", 100001)},
		TimeWindow: reporting.TimeWindowLast7Days,
		TimeRollup: reporting.TimeRollupByDay,
	}
}

func lastQuery(srv *adamatest.Server, suffix string) adamatest.Request {
	reqs := srv.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if strings.HasPrefix(reqs[i].Path, reporting.PathPrefix) && strings.HasSuffix(reqs[i].Path, suffix) {
			return reqs[i]
		}
	}
	return adamatest.Request{}
}

func TestStreamDatesShape(t *testing.T) {
	svc, srv := newService(t)
	rows, err := svc.Stream(context.Background(), baseQuery())
	require.NoError(t, err)
	defer rows.Close()
	assert.Equal(t, reporting.ShapeDates, rows.Shape())
	assert.Equal(t, []string{"start_date", "end_date", "campaign_id", "campaign_name", "impressions", "clicks", "total_spend", "ctr"}, rows.Header())
	n := 0
	for rows.Next() {
		r := rows.Row()
		start, err := r.Start()
		require.NoError(t, err)
		end, err := r.End()
		require.NoError(t, err)
		assert.Equal(t, start, end)
		assert.True(t, !start.Before(time.Date(2026, 1, 8, 0, 0, 0, 0, time.UTC)) && start.Before(time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC)), start)
		imps, err := r.Int("impressions")
		require.NoError(t, err)
		assert.Positive(t, imps)
		spend, err := r.Money("total_spend")
		require.NoError(t, err)
		assert.NotEmpty(t, spend.String())
		_, err = r.Percent("ctr")
		require.NoError(t, err)
		_, err = r.Int("nope")
		assert.Error(t, err)
		n++
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, 21, n) // 7 days x 3 groups
	assert.EqualValues(t, 21, rows.Count())
	req := lastQuery(srv, "/performance")
	assert.Equal(t, "organization_id=100001", req.Query.Get("filter"))
	assert.Equal(t, "campaign_id,campaign_name", req.Query.Get("dimensions"))
	assert.Equal(t, "text/csv", req.Header.Get("Accept"))
}

func TestStreamIntervalShape(t *testing.T) {
	svc, _ := newService(t)
	for _, tc := range []struct {
		name   string
		report reporting.Report
		window reporting.TimeWindow
		want   string
	}{
		{"interval report", reporting.ReportReachFrequency, reporting.TimeWindowLast7Days, "7"},
		{"special window", reporting.ReportPerformance, reporting.TimeWindowCampaignToDate, "CTD"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := baseQuery()
			q.Report, q.TimeWindow, q.TimeRollup = tc.report, tc.window, reporting.TimeRollupAll
			rows, err := svc.Stream(context.Background(), q)
			require.NoError(t, err)
			assert.Equal(t, reporting.ShapeInterval, rows.Shape())
			assert.Equal(t, "interval", rows.Header()[0])
			n := 0
			for row, err := range rows.All() {
				require.NoError(t, err)
				assert.Equal(t, tc.want, row.Interval())
				n++
			}
			assert.Equal(t, 3, n)
		})
	}
}

type perfRow struct {
	Start       time.Time      `csv:"start_date"`
	End         adama.Time     `csv:"end_date"`
	CampaignID  int64          `csv:"campaign_id"`
	Name        string         `csv:"campaign_name"`
	Impressions int            `csv:"impressions"`
	Clicks      *int64         `csv:"clicks"`
	Spend       adama.Decimal  `csv:"total_spend"`
	CTR         float64        `csv:"ctr"`
	Ignored     string         `csv:"-"`
	Missing     string         `csv:"not_in_result"`
	Untagged    *adama.Decimal // matches nothing
}

func TestDecodeStructsHeaderOrder(t *testing.T) {
	svc, _ := newService(t, adamatest.WithReportReversedColumns())
	rows, err := svc.Stream(context.Background(), baseQuery())
	require.NoError(t, err)
	assert.Equal(t, "ctr", rows.Header()[2], "fake reverses the columns")
	var got []perfRow
	for v, err := range reporting.DecodeAll[perfRow](rows) {
		require.NoError(t, err)
		got = append(got, v)
	}
	require.Len(t, got, 21)
	r := got[0]
	assert.Equal(t, "2026-01-08", r.Start.Format("2006-01-02"))
	assert.Equal(t, "2026-01-08", r.End.Format("2006-01-02"))
	assert.NotZero(t, r.CampaignID)
	assert.Equal(t, "Campaign Name 1", r.Name)
	assert.NotZero(t, r.Impressions)
	require.NotNil(t, r.Clicks)
	assert.NotZero(t, *r.Clicks)
	assert.NotEqual(t, "0", r.Spend.String())
	assert.Positive(t, r.CTR)
	assert.Empty(t, r.Missing)
	assert.Nil(t, r.Untagged)
}

func TestDecodeErrors(t *testing.T) {
	rows, err := reporting.NewRows(strings.NewReader("start_date,end_date,n\n2026-01-01,2026-01-01,x\n"))
	require.NoError(t, err)
	require.True(t, rows.Next())
	var v struct {
		N int `csv:"n"`
	}
	assert.ErrorContains(t, rows.Decode(&v), `"x" is not an integer`)
	assert.Error(t, rows.Decode(v))
	var bad struct {
		N chan int `csv:"n"`
	}
	assert.ErrorContains(t, rows.Decode(&bad), "unsupported type")
}

func TestXMLErrorBeforeBody(t *testing.T) {
	t.Run("400", func(t *testing.T) {
		svc, _ := newService(t)
		q := baseQuery()
		q.Dimensions = []string{"no_such_dimension"}
		_, err := svc.Stream(context.Background(), q)
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
		assert.Equal(t, "bad_request", ae.Code)
		assert.Equal(t, "unknown_field", ae.Reason)
		assert.ErrorIs(t, err, adama.ErrBadRequest)
	})
	t.Run("200 with XML", func(t *testing.T) {
		svc, _ := newService(t, adamatest.WithReportXMLError200())
		_, err := svc.Stream(context.Background(), baseQuery())
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, "bad_request", ae.Code)
		assert.Equal(t, "incorrect_predicates", ae.Reason)
		assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
		_, err = svc.Download(context.Background(), baseQuery(), nil)
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, "incorrect_predicates", ae.Reason)
	})
	t.Run("unknown report", func(t *testing.T) {
		svc, _ := newService(t)
		q := baseQuery()
		q.Report = "no_such_report"
		_, err := svc.Stream(context.Background(), q)
		assert.ErrorIs(t, err, adama.ErrNotFound)
	})
}

func TestCutInTheMiddle(t *testing.T) {
	svc, _ := newService(t, adamatest.WithReportRows(5000), adamatest.WithReportCutAfter(2500), adamatest.WithReportFlushRows(100))
	q := baseQuery()
	rows, err := svc.Stream(context.Background(), q)
	require.NoError(t, err)
	n := 0
	for rows.Next() {
		n++
	}
	err = rows.Err()
	require.Error(t, err)
	assert.NotErrorIs(t, err, io.EOF)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, reporting.CodeTruncated, ae.Code)
	assert.True(t, reporting.IsTruncated(err))
	assert.Error(t, errors.Unwrap(err), "the read error that cut the stream is kept")
	assert.LessOrEqual(t, n, 2500)

	// The raw body fails the copy too.
	body, err := svc.Download(context.Background(), q, nil)
	require.NoError(t, err)
	defer body.Close()
	_, err = io.Copy(io.Discard, body)
	assert.True(t, reporting.IsTruncated(err), "%v", err)
}

func TestErrorDocumentInStream(t *testing.T) {
	svc, _ := newService(t, adamatest.WithReportErrorAfter(10))
	rows, err := svc.Stream(context.Background(), baseQuery())
	require.NoError(t, err)
	n := 0
	for rows.Next() {
		n++
	}
	assert.Equal(t, 10, n)
	var ae *adama.Error
	require.ErrorAs(t, rows.Err(), &ae)
	assert.Equal(t, "error", ae.Code)
	assert.Equal(t, "request_timeout", ae.Reason)
	assert.ErrorIs(t, rows.Err(), adama.ErrServer)

	body, err := svc.Download(context.Background(), baseQuery(), nil)
	require.NoError(t, err)
	data, err := io.ReadAll(body)
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "request_timeout", ae.Reason)
	assert.NotContains(t, string(data), "<result")
	assert.Equal(t, 11, strings.Count(string(data), "\n"))
}

func TestTruncatedFinalLine(t *testing.T) {
	for _, body := range []string{
		"start_date,end_date,clicks\n2026-01-01,2026-01-01,5\n2026-01-02,2026-01-0",
		"start_date,end_date,clicks\n2026-01-01,2026-01-01,5",
		"start_date,end_date,clicks\n2026-01-01,2026-01-01,\"5",
		"",
	} {
		rows, err := reporting.NewRows(strings.NewReader(body))
		if err == nil {
			for rows.Next() {
			}
			err = rows.Err()
		}
		var ae *adama.Error
		require.ErrorAs(t, err, &ae, "%q", body)
	}
	rows, err := reporting.NewRows(strings.NewReader("start_date,end_date,clicks\n{\"errors\":[{\"code\":\"invalid\",\"message\":\"boom\"}],\"meta\":{\"status\":\"error\"}}\n"))
	require.NoError(t, err)
	assert.False(t, rows.Next())
	var ae *adama.Error
	require.ErrorAs(t, rows.Err(), &ae)
	assert.Equal(t, "invalid", ae.Code)
	assert.Equal(t, "boom (error document after 0 rows)", ae.Message)
}

func TestDownloadProgress(t *testing.T) {
	svc, _ := newService(t, adamatest.WithReportRows(20000))
	var events []reporting.Progress
	body, err := svc.Download(context.Background(), baseQuery(), func(p reporting.Progress) { events = append(events, p) })
	require.NoError(t, err)
	f := filepath.Join(t.TempDir(), "r.csv")
	out, err := os.Create(f)
	require.NoError(t, err)
	n, err := io.Copy(out, body)
	require.NoError(t, err)
	require.NoError(t, out.Close())
	require.NoError(t, body.Close())
	require.NotEmpty(t, events)
	last := events[len(events)-1]
	assert.True(t, last.Done)
	assert.Equal(t, n, last.Bytes)
	assert.EqualValues(t, 20000, last.Rows)
	assert.Greater(t, len(events), 2)
	for i := 1; i < len(events); i++ {
		assert.GreaterOrEqual(t, events[i].Bytes, events[i-1].Bytes)
		assert.GreaterOrEqual(t, events[i].Rows, events[i-1].Rows)
	}
	// The saved file reads back as the same rows.
	fh, err := os.Open(f)
	require.NoError(t, err)
	rows, err := reporting.NewRows(fh)
	require.NoError(t, err)
	var rp []reporting.Progress
	rows.OnProgress(func(p reporting.Progress) { rp = append(rp, p) })
	for rows.Next() {
	}
	require.NoError(t, rows.Err())
	assert.EqualValues(t, 20000, rows.Count())
	require.NotEmpty(t, rp)
	assert.Equal(t, reporting.Progress{Bytes: n, Rows: 20000, Done: true}, rp[len(rp)-1])
}

func TestValidateEndpoint(t *testing.T) {
	svc, srv := newService(t)
	require.NoError(t, svc.Validate(context.Background(), baseQuery()))
	assert.Equal(t, 1, srv.Count("GET /reporting/v1/std/performance/validate"))
	q := baseQuery()
	q.TimeWindow = "last_week_maybe"
	err := svc.Validate(context.Background(), q)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "invalid_time_window", ae.Reason)
	_, err2 := svc.Stream(context.Background(), q)
	var ae2 *adama.Error
	require.ErrorAs(t, err2, &ae2)
	assert.Equal(t, ae.StatusCode, ae2.StatusCode)
	assert.Equal(t, ae.Code, ae2.Code)
	assert.Equal(t, ae.Reason, ae2.Reason)
	assert.Equal(t, ae.Message, ae2.Message)
	// Local validation comes first and sends nothing.
	q.Filter = nil
	err = svc.Validate(context.Background(), q)
	assert.ErrorIs(t, err, adama.ErrValidation)
}

func TestMetadata(t *testing.T) {
	svc, _ := newService(t)
	ctx := context.Background()
	list, err := svc.Reports(ctx)
	require.NoError(t, err)
	require.Len(t, list, len(reporting.Report("").Values()))
	for _, r := range list {
		assert.True(t, r.Report.Valid(), r.Report)
		assert.NotEmpty(t, r.URIData)
	}
	m, err := svc.Meta(ctx, reporting.ReportPerformance)
	require.NoError(t, err)
	// Each report's metadata marks its own access fields, as the
	// platform's do: performance takes strategy_id too, geo does not.
	assert.Equal(t, []string{"advertiser_id", "agency_id", "campaign_id", "organization_id", "strategy_id"}, m.AccessFields())
	geo, err := svc.Meta(ctx, reporting.ReportGeo)
	require.NoError(t, err)
	assert.Equal(t, []string{"advertiser_id", "agency_id", "campaign_id", "organization_id"}, geo.AccessFields())
	assert.Equal(t, reporting.FieldTypeMoney, m.Structure.Metrics["total_spend"].Type)
	assert.Contains(t, m.TimeRollups, "by_day")
	assert.Equal(t, "last_90_days", m.DataRetention)
	assert.False(t, m.IsInterval())
	require.NoError(t, baseQuery().ValidateWith(m))

	rf, err := svc.Meta(ctx, reporting.ReportReachFrequency)
	require.NoError(t, err)
	assert.True(t, rf.IsInterval())

	_, err = svc.Meta(ctx, "unknown_report")
	assert.ErrorIs(t, err, adama.ErrNotFound)

	// Offline checks against metadata.
	q := baseQuery()
	q.Dimensions = append(q.Dimensions, "impressions", "bogus")
	q.Filter = append(q.Filter, reporting.Gt("campaign_name", 3), reporting.Contains("impressions", "1"), reporting.Eq("strategy_goal_type", "cpx"))
	q.TimeWindow = reporting.LastHours(3)
	q.TimeRollup = reporting.TimeRollupByHour
	err = q.ValidateWith(m)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	for _, want := range [][2]string{
		{"dimensions[2]", "metric field cannot be a grouping"},
		{"dimensions[3]", "not a field"},
		{"filter[1].op", "ordered operators"},
		{"filter[2].field", "dimension fields only"},
		{"filter[2].op", "contains operators"},
		{"filter[3].values", "one of"},
		{"time_window", "one of"},
		{"time_rollup", "one of"},
	} {
		assert.True(t, ve.Has(want[0], want[1]), "missing %v in %v", want, err)
	}
	// last_X_days accepts any X.
	q = baseQuery()
	q.TimeWindow = reporting.LastDays(45)
	assert.NoError(t, q.ValidateWith(m))
}

func TestDatePairAndPaging(t *testing.T) {
	svc, srv := newService(t)
	q := baseQuery()
	q.TimeWindow = ""
	q.Start = time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
	q.End = time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC)
	q.TimeRollup = reporting.TimeRollupByWeek
	q.Order = []reporting.Order{reporting.Desc("impressions"), reporting.Asc("campaign_id")}
	q.PageLimit = 4
	q.PageOffset = 1
	q.Precision = adama.Ptr(0)
	rows, err := svc.Stream(context.Background(), q)
	require.NoError(t, err)
	var starts []string
	for rows.Next() {
		starts = append(starts, rows.Row().String("start_date"))
		assert.NotContains(t, rows.Row().String("total_spend"), ".")
	}
	require.NoError(t, rows.Err())
	assert.Len(t, starts, 4)
	req := lastQuery(srv, "/performance")
	assert.Equal(t, "2025-12-01", req.Query.Get("start_date"))
	assert.Equal(t, "2025-12-31", req.Query.Get("end_date"))
	assert.Equal(t, "-impressions,campaign_id", req.Query.Get("order"))
	assert.Equal(t, "4", req.Query.Get("page_limit"))
	assert.Equal(t, "1", req.Query.Get("page_offset"))
	assert.Equal(t, "0", req.Query.Get("precision"))
	assert.Equal(t, "by_week", req.Query.Get("time_rollup"))
	assert.Empty(t, req.Query.Get("time_window"))
}

func TestContextCancelMidStream(t *testing.T) {
	svc, _ := newService(t, adamatest.WithReportRows(200000))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rows, err := svc.Stream(ctx, baseQuery())
	require.NoError(t, err)
	n := 0
	for rows.Next() {
		n++
		if n == 10 {
			cancel()
		}
	}
	assert.True(t, errors.Is(rows.Err(), context.Canceled), "%v", rows.Err())
}

// endlessLine yields prefix, then the byte fill until limit bytes were
// read, then io.EOF: a line far longer than a test could hold, never
// allocated.
type endlessLine struct {
	prefix string
	fill   byte
	limit  int64
	n      int64
}

func (e *endlessLine) Read(p []byte) (int, error) {
	if e.n >= e.limit {
		return 0, io.EOF
	}
	k := 0
	for ; k < len(p) && e.n < e.limit; k++ {
		if e.n < int64(len(e.prefix)) {
			p[k] = e.prefix[e.n]
		} else {
			p[k] = e.fill
		}
		e.n++
	}
	return k, nil
}

func TestStreamLineTooLong(t *testing.T) {
	const limit = 64 << 20
	tests := []struct {
		name     string
		prefix   string
		inHeader bool
	}{
		{"data line", "start_date,end_date,clicks\n2026-01-01,2026-01-01,5\n2026-01-02,2026-01-02,", false},
		{"quoted field", "campaign_name,clicks\n\"", false},
		{"header", "start_date,", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &endlessLine{prefix: tt.prefix, fill: '7', limit: limit}
			rows, err := reporting.NewRows(src)
			if !tt.inHeader {
				require.NoError(t, err)
				for rows.Next() {
				}
				err = rows.Err()
			}
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			assert.Equal(t, reporting.CodeLineTooLong, ae.Code)
			assert.Equal(t, "line_too_long", ae.Code)
			assert.Contains(t, ae.Message, "1048576")
			assert.Less(t, src.n, int64(reporting.DefaultMaxLineBytes)+256<<10, "bytes read before the error")
		})
	}
}

func TestServiceMaxLineBytes(t *testing.T) {
	// The fake's header line of baseQuery is 81 bytes, its rows under 70.
	tests := []struct {
		name       string
		opts       []reporting.Option
		streamErr  string // code of Stream's error (the header is too long)
		rowsErr    string // code of Rows.Err
		downloadOK bool
	}{
		{"default", nil, "", "", true},
		{"bound above every line", []reporting.Option{reporting.WithMaxLineBytes(200)}, "", "", true},
		{"bound between rows and header", []reporting.Option{reporting.WithMaxLineBytes(70)}, reporting.CodeLineTooLong, "", false},
		{"bound under the rows", []reporting.Option{reporting.WithMaxLineBytes(40)}, reporting.CodeLineTooLong, "", false},
		{"no bound", []reporting.Option{reporting.WithMaxLineBytes(-1)}, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := adamatest.NewServer(adamatest.WithT(t))
			c, err := srv.NewClient()
			require.NoError(t, err)
			svc := reporting.New(c, tt.opts...)
			rows, err := svc.Stream(context.Background(), baseQuery())
			if tt.streamErr != "" {
				var ae *adama.Error
				require.ErrorAs(t, err, &ae)
				assert.Equal(t, tt.streamErr, ae.Code)
				assert.Equal(t, "/reporting/v1/std/performance", ae.Path)
			} else {
				require.NoError(t, err)
				for rows.Next() {
				}
				require.NoError(t, rows.Err())
				assert.EqualValues(t, 21, rows.Count())
			}

			body, err := svc.Download(context.Background(), baseQuery(), nil)
			require.NoError(t, err)
			defer body.Close()
			_, err = io.Copy(io.Discard, body)
			if tt.downloadOK {
				require.NoError(t, err)
				return
			}
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			assert.Equal(t, reporting.CodeLineTooLong, ae.Code)
			assert.Contains(t, ae.Message, "WithMaxLineBytes")
		})
	}
	rows, err := reporting.NewRows(strings.NewReader("a,b\n1,"+strings.Repeat("x", 50)+"\n"), reporting.WithMaxLineBytes(20))
	require.NoError(t, err)
	assert.False(t, rows.Next())
	var ae *adama.Error
	require.ErrorAs(t, rows.Err(), &ae)
	assert.Equal(t, reporting.CodeLineTooLong, ae.Code)
}
