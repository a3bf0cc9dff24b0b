package reporting_test

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/adamasdk/adama-go/internal/media"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

// The tests of this file cover how the platform answers beyond the spec:
// access fields from each report's metadata, the ?vN version flag,
// If-Modified-Since with 304, 410 for a gone report, dates with a time of
// day. All run over real HTTP against adamatest.

func strategyOnly(r reporting.Report) *reporting.Query {
	q := baseQuery()
	q.Report = r
	q.Filter = []reporting.Predicate{reporting.Eq("strategy_id", 7)}
	return q
}

func TestAccessFieldsFromMetadata(t *testing.T) {
	perfMeta := readMeta(t, "performance_meta.json", reporting.ReportPerformance)
	tests := []struct {
		name      string
		opts      []reporting.Option
		q         *reporting.Query
		metaCalls int    // metadata requests made
		dataCalls int    // data requests made
		violation string // rule of the expected ValidationError on filter
		status    int    // status of the expected server error
	}{
		{"default access field: no metadata request", nil, baseQuery(), 0, 1, "", 0},
		{"strategy_id where the metadata marks it", nil, strategyOnly(reporting.ReportPerformance), 1, 1, "", 0},
		{"strategy_id where it is not an access field", nil, strategyOnly(reporting.ReportGeo), 1, 0, "(advertiser_id, agency_id, campaign_id, organization_id)", 0},
		{"metadata given up front", []reporting.Option{reporting.WithMeta(perfMeta)}, strategyOnly(reporting.ReportPerformance), 0, 1, "", 0},
		{"deals with its metadata given: checked before sending", []reporting.Option{reporting.WithMeta(readMeta(t, "deals_meta.json", reporting.ReportDeals))}, func() *reporting.Query {
			q := baseQuery()
			q.Report = reporting.ReportDeals
			q.Filter = []reporting.Predicate{reporting.Eq("campaign_id", 7)}
			return q
		}(), 0, 0, "(organization_id)", 0},
		{"deals without metadata: the server enforces its own access fields", nil, func() *reporting.Query {
			q := baseQuery()
			q.Report = reporting.ReportDeals
			q.Filter = []reporting.Predicate{reporting.Eq("campaign_id", 7)}
			return q
		}(), 0, 1, "", http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := adamatest.NewServer(adamatest.WithT(t))
			c, err := srv.NewClient()
			require.NoError(t, err)
			svc := reporting.New(c, tt.opts...)
			dataPath := "GET " + reporting.PathPrefix + "/" + string(tt.q.Report)
			for range 2 { // the second call reuses the cached metadata
				rows, err := svc.Stream(context.Background(), tt.q)
				switch {
				case tt.violation != "":
					var ve *adama.ValidationError
					require.ErrorAs(t, err, &ve)
					assert.True(t, ve.Has("filter", tt.violation), err)
				case tt.status != 0:
					var ae *adama.Error
					require.ErrorAs(t, err, &ae)
					assert.Equal(t, tt.status, ae.StatusCode)
					assert.Contains(t, ae.Message, "organization_id")
				default:
					require.NoError(t, err)
					n := 0
					for rows.Next() {
						n++
					}
					require.NoError(t, rows.Err())
					assert.Positive(t, n)
				}
			}
			assert.Equal(t, tt.metaCalls, srv.Count(dataPath+"/meta"))
			assert.Equal(t, 2*tt.dataCalls, srv.Count(dataPath))
		})
	}
}

func TestAccessMetadataFetchedOnceConcurrently(t *testing.T) {
	svc, srv := newService(t)
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				errs[i] = svc.Validate(context.Background(), strategyOnly(reporting.ReportPerformance))
				return
			}
			rows, err := svc.Stream(context.Background(), strategyOnly(reporting.ReportPerformance))
			if err == nil {
				for rows.Next() {
				}
				err = rows.Err()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		assert.NoError(t, err)
	}
	assert.Equal(t, 1, srv.Count("GET /reporting/v1/std/performance/meta"))
}

func TestAccessMetadataFailureIsNotCached(t *testing.T) {
	svc, srv := newService(t)
	srv.FailNext("/reporting/v1/std/performance/meta", 1, http.StatusForbidden, "")
	err := svc.Validate(context.Background(), strategyOnly(reporting.ReportPerformance))
	assert.ErrorIs(t, err, adama.ErrForbidden)
	require.NoError(t, svc.Validate(context.Background(), strategyOnly(reporting.ReportPerformance)))
	assert.Equal(t, 2, srv.Count("GET /reporting/v1/std/performance/meta"))
}

func TestVersionFlag(t *testing.T) {
	svc, srv := newService(t)
	ctx := context.Background()

	def, err := svc.Meta(ctx, reporting.ReportDeviceTechnology)
	require.NoError(t, err)
	assert.Equal(t, 2, def.Version)
	assert.Nil(t, def.Transition)
	assert.Contains(t, def.Structure.Dimensions, "browser")

	v1, err := svc.MetaVersion(ctx, reporting.ReportDeviceTechnology, 1)
	require.NoError(t, err)
	assert.Equal(t, 1, v1.Version)
	require.NotNil(t, v1.Transition)
	assert.Equal(t, 2, v1.Transition.NextVersion)
	assert.Contains(t, v1.Structure.Dimensions, "browser_name")
	assert.Equal(t, "v1=", lastQuery(srv, "/meta").Query.Encode())

	tests := []struct {
		name    string
		version int
		dim     string
		want    error
	}{
		{"server default", 0, "browser", nil},
		{"v2", 2, "browser", nil},
		{"retired v1 answers 304", 1, "browser_name", reporting.ErrNotModified},
		{"unknown version", 3, "browser", adama.ErrBadRequest},
		{"negative version", -1, "browser", adama.ErrValidation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := baseQuery()
			q.Report = reporting.ReportDeviceTechnology
			q.Dimensions = []string{"campaign_id", tt.dim}
			q.Version = tt.version
			rows, err := svc.Stream(ctx, q)
			if tt.want != nil {
				assert.ErrorIs(t, err, tt.want)
				return
			}
			require.NoError(t, err)
			defer rows.Close()
			assert.GreaterOrEqual(t, rows.Index(tt.dim), 0)
			_, flagged := lastQuery(srv, "/device_technology").Query["v2"]
			assert.Equal(t, tt.version == 2, flagged)
		})
	}
	_, err = svc.MetaVersion(ctx, reporting.ReportGeo, 2)
	assert.ErrorIs(t, err, adama.ErrBadRequest)
}

func TestIfModifiedSince(t *testing.T) {
	lm := time.Date(2026, 1, 15, 6, 0, 0, 0, time.UTC)
	svc, srv := newService(t, adamatest.WithReportLastModified(lm))
	ctx := context.Background()

	rows, err := svc.Stream(ctx, baseQuery())
	require.NoError(t, err)
	assert.Equal(t, lm, rows.LastModified().UTC())
	require.NoError(t, rows.Close())

	tests := []struct {
		name  string
		since time.Time
		want  error
	}{
		{"unchanged since", lm, reporting.ErrNotModified},
		{"unchanged since, other zone", lm.In(time.FixedZone("X", 3*3600)).Add(time.Hour), reporting.ErrNotModified},
		{"changed since", lm.Add(-time.Second), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := baseQuery()
			q.IfModifiedSince = tt.since
			check := func(err error) {
				if tt.want == nil {
					require.NoError(t, err)
					return
				}
				assert.ErrorIs(t, err, tt.want)
				var ae *adama.Error
				require.ErrorAs(t, err, &ae)
				assert.Equal(t, http.StatusNotModified, ae.StatusCode)
				assert.Equal(t, reporting.CodeNotModified, ae.Code)
				assert.False(t, errors.Is(err, adama.ErrNotFound))
			}
			rows, err := svc.Stream(ctx, q)
			check(err)
			if err == nil {
				assert.Equal(t, lm, rows.LastModified().UTC())
				require.NoError(t, rows.Close())
			}
			assert.Equal(t, tt.since.UTC().Format(http.TimeFormat), lastQuery(srv, "/performance").Header.Get("If-Modified-Since"))

			body, err := svc.Download(ctx, q, nil)
			check(err)
			if err == nil {
				assert.Equal(t, lm, body.LastModified().UTC())
				_, err = io.Copy(io.Discard, body)
				require.NoError(t, err)
				require.NoError(t, body.Close())
			}
			check(svc.Validate(ctx, q))
		})
	}
}

func TestGoneReport(t *testing.T) {
	svc, srv := newService(t, adamatest.WithReportGone(string(reporting.ReportWatermark)))
	ctx := context.Background()
	list, err := svc.Reports(ctx)
	require.NoError(t, err)
	for _, r := range list {
		assert.NotEqual(t, reporting.ReportWatermark, r.Report)
	}
	q := baseQuery()
	q.Report = reporting.ReportWatermark
	streamErr := func() error { _, err := svc.Stream(ctx, q); return err }
	downloadErr := func() error { _, err := svc.Download(ctx, q, nil); return err }
	metaErr := func() error { _, err := svc.Meta(ctx, reporting.ReportWatermark); return err }
	strategyErr := func() error { _, err := svc.Stream(ctx, strategyOnly(reporting.ReportWatermark)); return err }
	for name, call := range map[string]func() error{
		"stream": streamErr, "download": downloadErr, "meta": metaErr,
		"validate":               func() error { return svc.Validate(ctx, q) },
		"metadata for the check": strategyErr,
	} {
		t.Run(name, func(t *testing.T) {
			err := call()
			assert.ErrorIs(t, err, reporting.ErrGone)
			assert.ErrorIs(t, err, adama.ErrNotFound)
			assert.NotErrorIs(t, err, reporting.ErrNotModified)
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			assert.Equal(t, http.StatusGone, ae.StatusCode)
			assert.Equal(t, "gone", ae.Code)
		})
	}
	assert.Zero(t, srv.Count("GET /reporting/v1/std/performance"))
}

func TestDatesWithTimeOfDay(t *testing.T) {
	day := func(h, m int) time.Time { return time.Date(2026, 1, 12, h, m, 0, 0, time.UTC) }
	tests := []struct {
		name       string
		q          reporting.Query
		start, end string
		violation  string
		firstRow   string // start_date of the first row
		rows       int
	}{
		{"hours widened to the hour", reporting.Query{Report: reporting.ReportByHour, Start: day(1, 30), End: day(2, 30), TimeRollup: reporting.TimeRollupByHour},
			"2026-01-12T01:30:00", "2026-01-12T02:30:00", "", "2026-01-12 01:00:00", 6},
		{"a midnight end is the whole day", reporting.Query{Report: reporting.ReportByHour, Start: day(22, 0), End: day(0, 0), TimeRollup: reporting.TimeRollupByHour},
			"2026-01-12T22:00:00", "2026-01-12", "", "2026-01-12 22:00:00", 6},
		{"TimeOfDay keeps midnight as an hour", reporting.Query{Report: reporting.ReportByHour, Start: day(0, 0), End: day(0, 0), TimeRollup: reporting.TimeRollupByHour, TimeOfDay: true},
			"2026-01-12T00:00:00", "2026-01-12T00:00:00", "", "2026-01-12 00:00:00", 3},
		{"TimeOfDay end before start", reporting.Query{Report: reporting.ReportByHour, Start: day(10, 0), End: day(0, 0), TimeRollup: reporting.TimeRollupByHour, TimeOfDay: true},
			"2026-01-12T10:00:00", "2026-01-12T00:00:00", "end_date", "", 0},
		{"daily report widens to days", reporting.Query{Report: reporting.ReportPerformance, Start: day(1, 30), End: day(2, 30), TimeRollup: reporting.TimeRollupByDay},
			"2026-01-12T01:30:00", "2026-01-12T02:30:00", "", "2026-01-12", 3},
	}
	svc, srv := newService(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := tt.q
			q.Dimensions = []string{"campaign_id"}
			q.Filter = []reporting.Predicate{reporting.Eq("organization_id", 100001)}
			v := q.Values()
			assert.Equal(t, tt.start, v.Get("start_date"))
			assert.Equal(t, tt.end, v.Get("end_date"))
			rows, err := svc.Stream(context.Background(), &q)
			if tt.violation != "" {
				var ve *adama.ValidationError
				require.ErrorAs(t, err, &ve)
				assert.True(t, ve.Has(tt.violation, ""), err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.start, lastQuery(srv, "/"+string(q.Report)).Query.Get("start_date"))
			var starts []string
			for rows.Next() {
				starts = append(starts, rows.Row().String(reporting.ColStartDate))
			}
			require.NoError(t, rows.Err())
			require.Len(t, starts, tt.rows)
			assert.Equal(t, tt.firstRow, starts[0])
		})
	}
}

// refServer serves the reference's example bodies (testdata) under /ref
// beside the fake platform, which answers everything else there (session
// included), so the SDK reads them over real HTTP.
func refServer(t *testing.T) (*adama.Client, *adamatest.Server) {
	t.Helper()
	files := map[string]string{
		"/reporting/v1/std/meta":             "reports_list.json",
		"/reporting/v1/std/performance/meta": "performance_meta.json",
		"/reporting/v1/std/deals/meta":       "deals_meta.json",
		"/reporting/v1/std/performance":      "data_dates.csv",
		"/reporting/v1/std/reach_frequency":  "data_interval.csv",
	}
	var srv *adamatest.Server
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(r.URL.Path, "/ref")
		name, ok := files[p]
		if !ok {
			r2 := r.Clone(r.Context())
			r2.URL.Path, r2.URL.RawPath, r2.RequestURI = p, "", ""
			srv.ServeHTTP(w, r2)
			return
		}
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		ct := "application/json; charset=UTF-8"
		if strings.HasSuffix(name, ".csv") {
			ct = "text/csv; charset=UTF-8"
		}
		w.Header().Set("Content-Type", ct)
		_, _ = w.Write(data)
	})
	srv = adamatest.NewServer(adamatest.WithT(t), adamatest.WithRoute("GET /ref/", adamatest.Public, h))
	opts := append(srv.ClientOptions(), adama.WithBaseURL(srv.URL+"/ref"))
	c, err := adama.NewClient(opts...)
	require.NoError(t, err)
	return c, srv
}

func readMeta(t *testing.T, file string, r reporting.Report) *reporting.Meta {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	require.NoError(t, err)
	var m reporting.Meta
	require.NoError(t, json.Unmarshal(data, &m))
	m.Report = r
	return &m
}

func TestReferenceBodies(t *testing.T) {
	c, srv := refServer(t)
	svc := reporting.New(c)
	ctx := context.Background()

	list, err := svc.Reports(ctx)
	require.NoError(t, err)
	require.Len(t, list, 18)
	versions := map[reporting.Report]int{}
	for _, r := range list {
		assert.True(t, r.Report.Valid(), r.Report)
		assert.True(t, strings.HasSuffix(r.URIMeta, "/"+string(r.Report)+"/meta"), r.URIMeta)
		versions[r.Report] = r.Version
	}
	assert.Equal(t, 1, versions[reporting.ReportPerformance])
	assert.Equal(t, 2, versions[reporting.ReportGeo])

	perf, err := svc.Meta(ctx, reporting.ReportPerformance)
	require.NoError(t, err)
	assert.Equal(t, []string{"advertiser_id", "agency_id", "campaign_id", "organization_id", "strategy_id"}, perf.AccessFields())
	deals, err := svc.Meta(ctx, reporting.ReportDeals)
	require.NoError(t, err)
	assert.Equal(t, []string{"organization_id"}, deals.AccessFields())

	// A strategy_id-only query is accepted on the metadata's word.
	rows, err := svc.Stream(ctx, strategyOnly(reporting.ReportPerformance))
	require.NoError(t, err)
	assert.Equal(t, reporting.ShapeDates, rows.Shape())
	var spend []string
	for rows.Next() {
		d, err := rows.Row().Money("total_spend")
		require.NoError(t, err)
		spend = append(spend, d.String())
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{"45266.65", "7566.57", "6360.86", "61644.34"}, spend)
	assert.Equal(t, 2, srv.Count("GET /ref/reporting/v1/std/performance/meta")) // Meta above, then the check's own fetch

	q := baseQuery()
	q.Report, q.TimeWindow, q.TimeRollup = reporting.ReportReachFrequency, reporting.TimeWindowCampaignToDate, reporting.TimeRollupAll
	rows, err = svc.Stream(ctx, q)
	require.NoError(t, err)
	assert.Equal(t, reporting.ShapeInterval, rows.Shape())
	for rows.Next() {
		assert.Equal(t, "7", rows.Row().Interval())
		imps, err := rows.Row().Int("impressions")
		require.NoError(t, err)
		assert.Positive(t, imps)
	}
	require.NoError(t, rows.Err())
	assert.EqualValues(t, 4, rows.Count())
}

// TestFakeAnswersInPlatformForms sends raw requests (the bare ?v1 flag of
// the reference's samples included) and checks the fake's wire answers.
func TestFakeAnswersInPlatformForms(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t), adamatest.WithReportGone("watermark"))
	c, err := srv.NewClient()
	require.NoError(t, err)
	ctx := context.Background()
	data := "dimensions=campaign_id&filter=organization_id%3D1&time_window=yesterday&time_rollup=by_day"
	lm := "Thu, 15 Jan 2026 06:00:00 GMT"
	tests := []struct {
		name   string
		path   string // with raw query
		header http.Header
		status int
		ctype  string
		body   string // a part of the body; "" for an empty one
	}{
		{"bare v1 flag on meta", "/device_technology/meta?v1", nil, 200, "application/json", `"Version":1`},
		{"bare v2 flag on meta", "/device_technology/meta?v2", nil, 200, "application/json", `"Version":2`},
		{"unknown version", "/geo/meta?v2", nil, 400, "text/xml", `reason="invalid_version"`},
		{"retired version of data", "/device_technology?v1&" + data, nil, 304, "", ""},
		{"not modified", "/performance?" + data, http.Header{"If-Modified-Since": {lm}}, 304, "", ""},
		{"modified", "/performance?" + data, http.Header{"If-Modified-Since": {"Wed, 14 Jan 2026 06:00:00 GMT"}}, 200, "text/csv", "start_date,end_date,campaign_id,impressions"},
		{"gone", "/watermark?" + data, nil, 410, "text/xml", `<status code="gone" reason="deprecated">Report Gone</status>`},
		{"gone meta", "/watermark/meta", nil, 410, "text/xml", `code="gone"`},
		{"access fields of the report", "/geo?dimensions=campaign_id&filter=strategy_id%3D1&time_window=yesterday&time_rollup=by_day", nil, 400, "text/xml",
			"(advertiser_id, agency_id, campaign_id, organization_id)"},
		{"strategy_id on performance", "/performance?dimensions=campaign_id&filter=strategy_id%3D1&time_window=yesterday&time_rollup=by_day", nil, 200, "text/csv", "start_date"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp *http.Response
			r, err := c.Do(ctx, &adama.Request{URL: srv.URL + reporting.PathPrefix + tt.path, Auth: adama.AuthSession, Accept: "text/csv", Header: tt.header},
				adama.WithResponse(&resp))
			var body string
			if err == nil {
				b, rerr := io.ReadAll(r.Body)
				require.NoError(t, rerr)
				require.NoError(t, r.Body.Close())
				body = string(b)
			} else {
				var ae *adama.Error
				require.ErrorAs(t, err, &ae)
				body = ae.Body
			}
			require.NotNil(t, resp)
			assert.Equal(t, tt.status, resp.StatusCode)
			assert.Equal(t, tt.ctype, media.MediaType(resp.Header.Get("Content-Type")))
			if tt.body == "" {
				assert.Empty(t, body)
			} else {
				assert.Contains(t, body, tt.body)
			}
			if tt.status == 200 && tt.ctype == "text/csv" {
				assert.Equal(t, lm, resp.Header.Get("Last-Modified"))
			}
		})
	}
}
