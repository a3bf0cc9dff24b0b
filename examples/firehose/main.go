// Command firehose reads and changes an opportunity-stream consumer, then
// reads a delivered batch:
//
//	go run ./examples/firehose                       # against an in-process fake
//	go run ./examples/firehose -file batch.jsonl.lzo # a batch you downloaded
//	ADAMA_BASE_URL=... go run ./examples/firehose -live -consumer my-consumer
//
// It reads the consumer, checks the planned change against the caller's
// permissions, adds a channel type and lowers the sample rate in one
// read-change-write, checks the storage partition macro and lists the
// prefixes of the last hours, then reads a batch (gzip, lzop or plain;
// JSON array or JSONL) and prints counts by channel type, estimated from
// each bid request's fields. A generated batch is then delivered to a
// receiver (firehose.NewReceiver) on a server with its timeouts set.
//
// One client holds both grants: group G calls send the client-credentials
// token, the entity call the authorization-code one. With -live it reads
// the ADAMA_* environment variables (adama.WithEnv); group G takes the
// client-credentials grant (ADAMA_CLIENT_ID, ADAMA_CLIENT_SECRET,
// ADAMA_AUDIENCE).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"sort"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/firehose"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "firehose:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("firehose", flag.ContinueOnError)
	fs.SetOutput(stderr)
	live := fs.Bool("live", false, "use the platform named by ADAMA_* instead of an in-process fake")
	name := fs.String("consumer", "example-consumer", "consumer to change")
	storage := fs.String("storage-consumer", "example-consumer-2", "consumer whose partition macro is checked")
	file := fs.String("file", "", "delivered batch to read (default: one the fake generates)")
	records := fs.Int("records", 20000, "records in the generated batch")
	if err := fs.Parse(args); err != nil {
		return err
	}

	var (
		client *adama.Client
		srv    *adamatest.Server
		err    error
	)
	if *live {
		client, err = adama.NewClient(adama.WithEnv())
	} else {
		srv = adamatest.NewServer()
		defer srv.Close()
		// One client, both grants: client credentials for group G (from
		// the fake's options) and a token of the authorization-code grant
		// for the session-based groups.
		client, err = srv.NewClient(adama.WithToken(srv.IssueToken()))
	}
	if err != nil {
		return err
	}
	if page, err := entity.New(client).Organizations.List(ctx, nil); err == nil {
		fmt.Fprintf(stdout, "entity API (authorization code): %d organizations\n", page.TotalCount)
	} else {
		fmt.Fprintf(stdout, "entity API: %v\n", err)
	}
	fc := firehose.New(client)

	if err := change(ctx, stdout, fc, firehose.ConsumerName(*name)); err != nil {
		return err
	}
	if err := checkMacro(ctx, stdout, fc, firehose.ConsumerName(*storage)); err != nil {
		return err
	}

	var batch io.Reader
	switch {
	case *file != "":
		f, err := os.Open(*file)
		if err != nil {
			return err
		}
		defer f.Close()
		batch = f
		fmt.Fprintf(stdout, "\nbatch %s\n", *file)
	case srv != nil:
		at := time.Date(2026, 5, 1, 13, 7, 0, 0, time.UTC)
		b, _, err := srv.Firehose().DeliveredFile(*storage, at, "b63aeb5b-9afa-4a42-9d33-b024fd96743f", *records, "JSONL", "LZOP", 42)
		if err != nil {
			return err
		}
		batch = bytes.NewReader(b.Data)
		fmt.Fprintf(stdout, "\nbatch %s (%d bytes)\n", b.Name, len(b.Data))
		if err := countChannels(stdout, batch); err != nil {
			return err
		}
		return receive(ctx, stdout, b.Data)
	default:
		return nil
	}
	return countChannels(stdout, batch)
}

// receive delivers a batch to a receiver served the way a web-endpoint
// consumer serves it, and prints what the receiver took.
func receive(ctx context.Context, w io.Writer, batch []byte) error {
	var mu sync.Mutex
	n := 0
	h := firehose.NewReceiver(func(context.Context, *firehose.Opportunity) error {
		mu.Lock()
		defer mu.Unlock()
		n++
		return nil
	}, &firehose.ReceiverOptions{
		MaxBody:     64 << 20,
		Reader:      firehose.ReaderOptions{SkipMalformed: true, MaxRecord: 1 << 20},
		ReadTimeout: 2 * time.Minute,
	})
	// The receiver reads the body as it arrives: the server's timeouts
	// (and the receiver's own ReadTimeout) keep a sender that trickles its
	// headers or its body from holding a connection for good.
	ts := httptest.NewUnstartedServer(h)
	ts.Config.ReadHeaderTimeout = 10 * time.Second
	ts.Config.ReadTimeout = 2 * time.Minute
	ts.Config.WriteTimeout = 3 * time.Minute
	ts.Config.IdleTimeout = 2 * time.Minute
	ts.Start()
	defer ts.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL, bytes.NewReader(batch))
	if err != nil {
		return err
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<10))
	mu.Lock()
	defer mu.Unlock()
	fmt.Fprintf(w, "\nreceiver: %s, %d opportunities\n", resp.Status, n)
	return nil
}

// change reads the consumer, checks the plan against the permissions and
// applies it in one read-change-write.
func change(ctx context.Context, w io.Writer, fc *firehose.Client, name firehose.ConsumerName) error {
	before, err := fc.Consumers.Get(ctx, name)
	if err != nil {
		return err
	}
	rate := 0
	if before.SampleSettings != nil {
		rate = before.SampleSettings.SampleRate
	}
	fmt.Fprintf(w, "consumer %s: sample rate %d%%, %d channel types\n", name, rate, len(before.Filters.ChannelTypes()))

	plan := func(s *firehose.ConsumerSettings) error {
		if s.Filters == nil {
			s.Filters = firehose.Filters{}
		}
		s.Filters.AddChannelTypes(firehose.ChannelTypeMobileVideoInApp)
		if s.SampleSettings == nil {
			s.SampleSettings = &firehose.SampleSettings{}
		}
		s.SampleSettings.SampleRate = max(s.SampleSettings.SampleRate/2, 1)
		return nil
	}
	perms, err := fc.Permissions.Get(ctx)
	if err != nil {
		return err
	}
	after := before.Clone()
	_ = plan(after)
	if err := perms.Check(before, after); err != nil {
		return fmt.Errorf("the change needs support: %w", err)
	}
	if _, err := fc.Consumers.Modify(ctx, name, plan); err != nil {
		return err
	}
	now, err := fc.Consumers.Get(ctx, name)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "changed: sample rate %d%%, %d channel types\n", now.SampleSettings.SampleRate, len(now.Filters.ChannelTypes()))
	return nil
}

// checkMacro checks a storage consumer's partition macro and lists the
// prefixes that hold three hours of deliveries.
func checkMacro(ctx context.Context, w io.Writer, fc *firehose.Client, name firehose.ConsumerName) error {
	s, err := fc.Cloud1Settings.Get(ctx, name)
	if err != nil {
		return err
	}
	macro := s.PartitionMacro
	if macro == "" {
		macro = firehose.DefaultPartitionMacro
	}
	m, err := firehose.ParseMacro(macro)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\npartition macro of %s: %s\n", name, macro)
	if err := firehose.CheckMacro(macro, false); err != nil {
		fmt.Fprintf(w, "warning: %v\n", err)
	}
	from := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	p := m.Prefixes(from, from.Add(3*time.Hour))
	fmt.Fprintf(w, "%d prefixes hold 10:00-13:00, from %s to %s\n", len(p), p[0], p[len(p)-1])
	return nil
}

// countChannels reads a batch and prints the counts by channel type.
func countChannels(w io.Writer, batch io.Reader) error {
	r, err := firehose.NewReader(batch, &firehose.ReaderOptions{SkipMalformed: true})
	if err != nil {
		return err
	}
	defer r.Close()
	counts := map[firehose.ChannelType]int{}
	total := 0
	for op, err := range r.All() {
		if err != nil {
			return err
		}
		counts[firehose.ChannelOf(&op.Request)]++
		total++
	}
	keys := make([]firehose.ChannelType, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return counts[keys[i]] > counts[keys[j]] || (counts[keys[i]] == counts[keys[j]] && keys[i] < keys[j])
	})
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "channel type\topportunities\t")
	for _, k := range keys {
		fmt.Fprintf(tw, "%s\t%d\t\n", k, counts[k])
	}
	fmt.Fprintf(tw, "total\t%d\t\n", total)
	if n := r.SkippedCount(); n > 0 {
		fmt.Fprintf(tw, "skipped (malformed)\t%d\t\n", n)
	}
	return tw.Flush()
}
