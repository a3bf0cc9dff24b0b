package beamio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/graph/mtime"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/adamasdk/adama-go/firehose"

	// The filesystems Read matches on: local paths, gs:// and s3://.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
)

// ReadOptions configure Read. The zero value reads names of the platform's
// default partition macro, dated in UTC, and detects each batch's
// compression and format from its bytes.
type ReadOptions struct {
	// Macro is the partition macro the consumer's objects are named by
	// (firehose.DefaultPartitionMacro when empty): the event time of each
	// record is the delivery hour it puts in the name.
	Macro string
	// Location is the IANA time zone the macro's date and hour fields are
	// written in ("UTC" when empty; "America/New_York" for names dated in
	// US Eastern time). Epoch fields (%unix%, %unixms%, %nano%) do not
	// depend on it.
	Location string
	// Compression forces a compression; empty detects it from the bytes.
	Compression firehose.Compression
	// Format forces a format; empty detects it from the first byte.
	Format firehose.Format
	// MaxRecord bounds one record's size in bytes
	// (firehose.DefaultMaxRecord when 0); a longer record is Malformed.
	MaxRecord int
	// NoReshuffle keeps the match and the read in one fused stage. By
	// default Read reshuffles the matched files so that the runner spreads
	// them over its workers instead of reading them where they were
	// listed.
	NoReshuffle bool
}

// Opportunity is one delivered record with where it came from.
type Opportunity struct {
	// File is the batch's path as matched ("gs://bucket/0/2026-05-01/13/…").
	File string
	// Index is the record's number in the batch, from 1.
	Index int
	// Line is the record's line in a JSONL batch, from 1 (0 in a JSON
	// array).
	Line int
	// Offset is the record's byte offset in the decompressed batch.
	Offset int64
	// Time is the element's event time: the delivery hour the object name
	// announces (see TimeFromName), else the file's modification time.
	Time time.Time
	// TimeFromName is false when the name does not follow the macro and
	// Time is the file's modification time.
	TimeFromName bool
	// Request is the typed view of the bid request.
	Request firehose.BidRequest
	// Raw is the record's JSON as delivered (owned by the element).
	Raw json.RawMessage
	// ViewErr says which field did not fit the typed view ("" when all
	// fit); Raw holds everything.
	ViewErr string
}

// Malformed is a record that could not be read, or a batch that could not
// be read to its end: the second output of Read.
type Malformed struct {
	// File is the batch's path as matched.
	File string
	// Index is the record's number, from 1 (0 when the batch is broken
	// before its first record).
	Index int
	// Line is the record's line in a JSONL batch (0 in a JSON array).
	Line int
	// Offset is the byte offset in the decompressed batch.
	Offset int64
	// Err says what is wrong.
	Err string
	// Fatal is true when the rest of the batch could not be read (a batch
	// cut short, a broken container or JSON array, a file that does not
	// open): the records before it were read.
	Fatal bool
}

// String describes the malformed record and where it sits.
func (m Malformed) String() string {
	switch {
	case m.Line > 0:
		return fmt.Sprintf("%s: record %d (line %d, offset %d): %s", m.File, m.Index, m.Line, m.Offset, m.Err)
	case m.Index > 0:
		return fmt.Sprintf("%s: record %d (offset %d): %s", m.File, m.Index, m.Offset, m.Err)
	}
	return fmt.Sprintf("%s: offset %d: %s", m.File, m.Offset, m.Err)
}

// Read matches pattern (a glob on any Beam filesystem: a local path,
// gs://bucket/…, s3://bucket/…) and reads every matched batch with the
// SDK's reader, one file per element. It returns the opportunities
// (PCollection<Opportunity>, timestamped with their delivery hour) and the
// malformed records and broken batches (PCollection<Malformed>). opts may
// be nil. A macro that does not parse, a time zone that is not known or a
// filesystem that is not registered is an error before anything is added
// to the pipeline.
func Read(s beam.Scope, pattern string, opts *ReadOptions) (ops, malformed beam.PCollection, err error) {
	fn, err := newReadFn(opts)
	if err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	if err := checkScheme(pattern); err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	s = s.Scope("beamio.Read")
	files := fileio.MatchFiles(s, pattern)
	if opts == nil || !opts.NoReshuffle {
		files = beam.Reshuffle(s, files)
	}
	readable := fileio.ReadMatches(s, files, fileio.ReadUncompressed(), fileio.ReadDirectorySkip())
	ops, malformed = beam.ParDo2(s, fn, readable)
	return ops, malformed, nil
}

// checkScheme reports a pattern whose filesystem is not registered (Beam's
// own check panics).
func checkScheme(pattern string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("beamio: pattern %q: %v", pattern, r)
		}
	}()
	filesystem.ValidateScheme(pattern)
	return nil
}

// readFn decodes one batch per element. Its exported fields are what Beam
// serialises to the workers.
type readFn struct {
	Macro       string
	Location    string
	Compression string
	Format      string
	MaxRecord   int

	names                  *namePattern
	files, records, broken beam.Counter
}

func newReadFn(opts *ReadOptions) (*readFn, error) {
	var o ReadOptions
	if opts != nil {
		o = *opts
	}
	fn := &readFn{Macro: o.Macro, Location: o.Location, Compression: string(o.Compression), Format: string(o.Format), MaxRecord: o.MaxRecord}
	if o.Compression != "" && !o.Compression.Valid() {
		return nil, fmt.Errorf("beamio: unknown compression %q", o.Compression)
	}
	if o.Format != "" && !o.Format.Valid() {
		return nil, fmt.Errorf("beamio: unknown format %q", o.Format)
	}
	if err := fn.Setup(); err != nil {
		return nil, err
	}
	return fn, nil
}

// Setup compiles the name pattern on the worker.
func (f *readFn) Setup() error {
	macro := f.Macro
	if macro == "" {
		macro = firehose.DefaultPartitionMacro
	}
	m, err := firehose.ParseMacro(macro)
	if err != nil {
		return fmt.Errorf("beamio: %w", err)
	}
	loc := time.UTC
	if f.Location != "" {
		if loc, err = time.LoadLocation(f.Location); err != nil {
			return fmt.Errorf("beamio: location: %w", err)
		}
	}
	f.names = compileNames(m, loc)
	f.files = beam.NewCounter("beamio", "files")
	f.records = beam.NewCounter("beamio", "records")
	f.broken = beam.NewCounter("beamio", "malformed")
	return nil
}

// ProcessElement reads one batch: every record to ops, every malformed
// record and a batch that ends early to bad. It fails only when the
// context ends.
func (f *readFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(beam.EventTime, Opportunity), bad func(beam.EventTime, Malformed)) error {
	path := file.Metadata.Path
	at, fromName := f.names.Time(path)
	if !fromName {
		at = file.Metadata.LastModified.UTC()
	}
	et := mtime.Normalize(mtime.FromTime(at))
	f.files.Inc(ctx, 1)
	fail := func(m Malformed) {
		m.File = path
		f.broken.Inc(ctx, 1)
		bad(et, m)
	}
	rc, err := file.Open(ctx)
	if err != nil {
		fail(Malformed{Err: "open: " + err.Error(), Fatal: true})
		return ctx.Err()
	}
	defer rc.Close()
	n, err := f.read(ctx, rc, func(op *firehose.Opportunity) {
		o := Opportunity{
			File: path, Index: op.Index, Line: op.Line, Offset: op.Offset,
			Time: at, TimeFromName: fromName,
			Request: op.Request, Raw: append(json.RawMessage(nil), op.Raw...),
		}
		if op.ViewErr != nil {
			o.ViewErr = op.ViewErr.Error()
		}
		emit(et, o)
	}, fail)
	f.records.Inc(ctx, int64(n))
	return err
}

// read decodes a batch from r, calling ok for each record and bad for
// each malformed one and for an early end. It returns how many records
// were read; its error is the context's.
func (f *readFn) read(ctx context.Context, r io.Reader, ok func(*firehose.Opportunity), bad func(Malformed)) (int, error) {
	rd, err := firehose.NewReader(r, &firehose.ReaderOptions{
		Compression:   firehose.Compression(f.Compression),
		Format:        firehose.Format(f.Format),
		SkipMalformed: true,
		MaxRecord:     f.MaxRecord,
	})
	if err != nil {
		bad(malformedOf(err, true))
		return 0, nil
	}
	defer rd.Close()
	sk := skips{bad: bad, next: 1}
	n := 0
	for rd.Next() {
		op := rd.Opportunity()
		if op.Index > sk.next {
			sk.upTo(rd.Skipped(), op.Index)
		}
		ok(op)
		n++
		sk.next = op.Index + 1
		if n%1024 == 0 && ctx.Err() != nil {
			return n, ctx.Err()
		}
	}
	if err := rd.Err(); err != nil {
		var re *firehose.RecordError
		if errors.As(err, &re) && re.Index > sk.next {
			sk.upTo(rd.Skipped(), re.Index)
		}
		bad(malformedOf(err, true))
		return n, nil
	}
	if list := rd.Skipped(); len(list) > 0 && list[len(list)-1].Index >= sk.next {
		sk.upTo(list, list[len(list)-1].Index+1)
	}
	return n, nil
}

// skips turns the records the reader skipped into Malformed elements, in
// order, each once.
type skips struct {
	bad  func(Malformed)
	next int // the first record number not yet accounted for
	seen int // entries of the reader's list already walked
}

// upTo reports the skipped records numbered next to end-1: with their
// detail from list when the reader kept it, else by number.
func (k *skips) upTo(list []*firehose.RecordError, end int) {
	i := k.seen
	if i > len(list) || (i > 0 && list[i-1].Index >= k.next) {
		i = 0 // the list is not the one walked before: walk it anew
	}
	for ; i < len(list) && list[i].Index < end; i++ {
		e := list[i]
		if e.Index < k.next {
			continue
		}
		for ; k.next < e.Index; k.next++ {
			k.bad(Malformed{Index: k.next, Err: "malformed record (the reader kept no detail)"})
		}
		k.bad(malformedOf(e, false))
		k.next = e.Index + 1
	}
	k.seen = i
	for ; k.next < end; k.next++ {
		k.bad(Malformed{Index: k.next, Err: "malformed record (the reader kept no detail)"})
	}
}

// malformedOf turns a reader error into a Malformed (its place when it is
// a *firehose.RecordError).
func malformedOf(err error, fatal bool) Malformed {
	m := Malformed{Err: err.Error(), Fatal: fatal}
	var re *firehose.RecordError
	if errors.As(err, &re) {
		m.Index, m.Line, m.Offset = re.Index, re.Line, re.Offset
		if re.Err != nil {
			m.Err = re.Err.Error()
		}
	}
	return m
}
