package firehose_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/firehose"
)

// client starts a fake platform and returns the group G client (the fake
// hands out the client-credentials token the client asks for).
func client() (*firehose.Client, *adamatest.Server) {
	srv := adamatest.NewServer()
	c, err := srv.NewClient()
	if err != nil {
		panic(err)
	}
	return firehose.New(c), srv
}

func ExampleConsumerService_Names() {
	fc, srv := client()
	defer srv.Close()
	names, err := fc.Consumers.Names(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(names)
	// Output: [example-consumer example-consumer-2 example-consumer-3]
}

func ExampleConsumerService_Modify() {
	fc, srv := client()
	defer srv.Close()
	ctx := context.Background()
	c, err := fc.Consumers.Modify(ctx, "example-consumer", func(s *firehose.ConsumerSettings) error {
		s.Filters.AddChannelTypes(firehose.ChannelTypeMobileVideoInApp)
		s.SampleSettings.SampleRate = 5
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.SampleSettings.SampleRate, len(c.Filters.ChannelTypes()))

	// RoleARN cannot be changed: refused before anything is sent.
	_, err = fc.Consumers.Modify(ctx, "example-consumer-2", func(s *firehose.ConsumerSettings) error {
		s.Cloud1Settings.RoleARN = "arn:aws:iam::1:role/other"
		return nil
	})
	fmt.Println(errors.Is(err, adama.ErrValidation))
	fmt.Println(err)
	// Output:
	// 5 9
	// true
	// adama: invalid request: Cloud1Settings.RoleARN: read-only: cannot be changed (got arn:aws:iam::1:role/other)
}

func ExampleFilterService_Update() {
	fc, srv := client()
	defer srv.Close()
	ctx := context.Background()
	f := &firehose.Filter{Consumer: "example-consumer", Key: firehose.FilterKeyExchangeID, Values: []string{"15", "42"}}
	if _, err := fc.Filters.Update(ctx, f); err != nil {
		fmt.Println(err)
		return
	}
	got, _ := fc.Filters.Get(ctx, "example-consumer", firehose.FilterKeyExchangeID)
	fmt.Println(got.Values)

	// An exchange outside the caller's permissions: the platform refuses.
	got.Values = []string{"999"}
	_, err := fc.Filters.Update(ctx, got)
	fmt.Println(errors.Is(err, adama.ErrForbidden))
	// Output:
	// [15 42]
	// true
}

func ExamplePermissions_Check() {
	fc, srv := client()
	defer srv.Close()
	ctx := context.Background()
	perms, _ := fc.Permissions.Get(ctx)
	before, _ := fc.Consumers.Get(ctx, "example-consumer")
	after := before.Clone()
	after.Filters.Set(firehose.FilterKeyExchangeID, "15", "42", "7")
	after.SampleSettings.SampleRate = 2
	fmt.Println(perms.Check(before, after))
	// Output: adama: invalid request: Filters.X-Svc-Exch-Id: value needs support: not in EDIT.Filters.X-Svc-Exch-Id (got 7)
}

func ExampleSampleService_Update() {
	fc, srv := client()
	defer srv.Close()
	ctx := context.Background()
	_, err := fc.SampleSettings.Update(ctx, &firehose.SampleSettings{Consumer: "example-consumer", SampleRate: 120})
	fmt.Println(err)
	_, _ = fc.SampleSettings.Update(ctx, &firehose.SampleSettings{Consumer: "example-consumer", SampleRate: 1})
	s, _ := fc.SampleSettings.Get(ctx, "example-consumer")
	fmt.Println(s.SampleRate, s.Disabled)
	// Output:
	// adama: invalid request: SampleRate: must be between 0 and 100 (got 120)
	// 1 false
}

func ExampleWebService_Update() {
	fc, srv := client()
	defer srv.Close()
	ctx := context.Background()
	w, _ := fc.WebSettings.Get(ctx, "example-consumer")
	w.Endpoints["sjc"] = "https://ingest.example/sjc"
	if _, err := fc.WebSettings.Update(ctx, w); err != nil {
		fmt.Println(err)
		return
	}
	w, _ = fc.WebSettings.Get(ctx, "example-consumer")
	fmt.Println(len(w.Endpoints), w.Endpoints["sjc"])
	// Output: 4 https://ingest.example/sjc
}

func ExampleCloud1Service_Update() {
	fc, srv := client()
	defer srv.Close()
	ctx := context.Background()
	s, _ := fc.Cloud1Settings.Get(ctx, "example-consumer-2")
	s.PartitionMacro = "%yyyy%/%mm%/%dd%/%hh%/batch.jsonl.gz"
	_, err := fc.Cloud1Settings.Update(ctx, s)
	fmt.Println(err != nil)
	s.PartitionMacro = "%yyyy%/%mm%/%dd%/%hh%/%appuuid%_%nano%.jsonl.gz"
	_, err = fc.Cloud1Settings.Update(ctx, s)
	fmt.Println(err)
	// Output:
	// true
	// <nil>
}

func ExampleCloud2Service_Get() {
	fc, srv := client()
	defer srv.Close()
	s, err := fc.Cloud2Settings.Get(context.Background(), "example-consumer-3")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Buckets["ewr"], s.PartitionMacro)
	// Output: example-bucket-2 %yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.json.gz
}

func ExampleMacro_Expand() {
	m, err := firehose.ParseMacro("%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.jsonl.lzop")
	if err != nil {
		fmt.Println(err)
		return
	}
	at := time.Date(2026, 4, 2, 14, 58, 45, 137647046, time.UTC)
	fmt.Println(m.Expand(at, firehose.MacroValues{AppUUID: "b63aeb5b-9afa-4a42-9d33-b024fd96743f"}))
	fmt.Println(m.Prefixes(at, at.Add(2*time.Hour)))
	// Output:
	// 20260402/14/b63aeb5b-9afa-4a42-9d33-b024fd96743f_1775141925137647046.jsonl.lzop
	// [20260402/14/ 20260402/15/ 20260402/16/]
}

func ExampleNewReader() {
	batch := `{"id":"r1","imp":[{"id":"1","banner":{"w":300,"h":250}}],"site":{"domain":"news.example"}}
{"id":"r2","imp":[{"id":"1","video":{"w":640,"h":480}}],"app":{"bundle":"com.example"}}
`
	r, err := firehose.NewReader(strings.NewReader(batch), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	for op, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(op.Line, op.Request.ID, len(op.Request.Imp))
	}
	// Output:
	// 1 r1 1
	// 2 r2 1
}

func ExampleNewReceiver() {
	n := 0
	h := firehose.NewReceiver(func(_ context.Context, op *firehose.Opportunity) error {
		n++
		return nil
	}, &firehose.ReceiverOptions{ReadTimeout: time.Minute})
	// Serve it with timeouts: the receiver reads the body as it arrives.
	ts := httptest.NewUnstartedServer(h)
	ts.Config.ReadHeaderTimeout = 10 * time.Second
	ts.Config.ReadTimeout = 2 * time.Minute
	ts.Start()
	defer ts.Close()
	resp, err := http.Post(ts.URL, "application/json", bytes.NewReader([]byte(`[{"id":"a"},{"id":"b"}]`)))
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode, n)
	// Output: 200 2
}
