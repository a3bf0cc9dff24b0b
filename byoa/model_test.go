package byoa_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"github.com/adamasdk/adama-go/byoa"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sampleSubmodels = `[{"Beta":[-0.69,0.0017,0.96],"Boundaries":null,"Features":[{"__const":0.5,"week_part^0":1.5}],"GoalType":"CTR","Predictions":null}]`

func TestUploadValidation(t *testing.T) {
	tests := []struct {
		name  string
		u     *byoa.Upload
		field string
		rule  string
	}{
		{"valid", &byoa.Upload{Data: "DAAA", BrainTypeID: 1000}, "", ""},
		{"valid high", &byoa.Upload{Data: "DAAA", BrainTypeID: 1004}, "", ""},
		{"nil", nil, "data", "required"},
		{"no data", &byoa.Upload{BrainTypeID: 1003}, "data", "required"},
		{"no brain type", &byoa.Upload{Data: "x"}, "brain_type_id", "required"},
		{"brain type low", &byoa.Upload{Data: "x", BrainTypeID: 999}, "brain_type_id", "between 1000 and 1004"},
		{"brain type high", &byoa.Upload{Data: "x", BrainTypeID: 1005}, "brain_type_id", "between 1000 and 1004"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.u.Validate()
			if tt.field == "" {
				require.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, tt.rule), "%v", err)
		})
	}
	var ve *adama.ValidationError
	require.ErrorAs(t, (&byoa.StreamUpload{Size: -1}).Validate(), &ve)
	assert.True(t, ve.Has("data", "required"))
	assert.True(t, ve.Has("size", "negative"))
	assert.True(t, ve.Has("brain_type_id", "required"))
}

func TestModelLifecycle(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	data := base64.StdEncoding.EncodeToString([]byte(sampleSubmodels))

	info, err := f.c.Models.Upload(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"}, &byoa.Upload{Data: data, BrainTypeID: 1003})
	require.NoError(t, err)
	assert.Equal(t, int64(len(data)), info.DataSize)
	require.NotNil(t, info.CreatedOn)

	m, err := f.c.Models.Get(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"})
	require.NoError(t, err)
	assert.Equal(t, data, m.Data)
	assert.Equal(t, "100667", m.Namespace)
	assert.Equal(t, "aggregate_2", m.ModelID)
	assert.Equal(t, byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"}, m.Key(), "a read model names its own key")
	assert.Equal(t, byoa.BrainTypeID(1003), m.BrainTypeID)

	d, err := f.c.Models.Decode(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"})
	require.NoError(t, err)
	require.Len(t, d.Data, 1)
	assert.Equal(t, byoa.GoalTypeCTR, d.Data[0].GoalType, "GoalType read in any case")
	assert.Equal(t, 1.5, d.Data[0].Features[0]["week_part^0"])
	sub, ok := d.Submodel("ctr")
	require.True(t, ok)
	assert.Equal(t, []float64{-0.69, 0.0017, 0.96}, sub.Beta)

	_, err = f.c.Models.Upload(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "second"}, &byoa.Upload{Data: "opaque", BrainTypeID: 1000})
	require.NoError(t, err)
	// GET /data/{namespace} answers the model model_id names, as one
	// object, and refuses a request naming none, as the reference shows.
	first, err := f.c.Models.List(ctx, &byoa.ListOptions{Namespace: "100667", ModelID: "aggregate_2"})
	require.NoError(t, err)
	require.Len(t, first.Items, 1)
	assert.Equal(t, 1, first.Count)
	assert.Equal(t, "aggregate_2", first.Items[0].ModelID)
	assert.Equal(t, data, first.Items[0].Data)
	one, err := f.c.Models.List(ctx, &byoa.ListOptions{Namespace: "100667", ModelID: "second"})
	require.NoError(t, err)
	require.Len(t, one.Items, 1, "an answer of one object is read as a page of one")
	assert.Equal(t, "opaque", one.Items[0].Data)
	_, err = f.c.Models.List(ctx, &byoa.ListOptions{Namespace: "100667"})
	var noID *adama.Error
	require.ErrorAs(t, err, &noID)
	assert.ErrorIs(t, err, adama.ErrBadRequest)
	assert.Equal(t, "Invalid_model_id", noID.Code)
	_, err = f.c.Models.List(ctx, &byoa.ListOptions{Namespace: "100667", ModelID: "absent"})
	require.ErrorAs(t, err, &noID)
	assert.Equal(t, "Invalid_model_id", noID.Code)

	_, err = f.c.Models.Decode(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "second"})
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Decode_Error", ae.Code)

	require.NoError(t, f.c.Models.Delete(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"}))
	_, err = f.c.Models.Get(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"})
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Not_Found_ModelData", ae.Code)
	assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
	assert.Equal(t, "ModelData with namespace(100667), model_id(aggregate_2) not found.", ae.Message)
	err = f.c.Models.Delete(ctx, byoa.ModelKey{Namespace: "100667", ModelID: "aggregate_2"})
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Not_Found_ModelData", ae.Code)
}

func TestModelCallsRefusedBeforeSending(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	_, err := f.c.Models.Upload(ctx, byoa.ModelKey{Namespace: "", ModelID: "m"}, &byoa.Upload{Data: "x", BrainTypeID: 1})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("namespace", "required"))
	assert.True(t, ve.Has("brain_type_id", "between"))
	_, err = f.c.Models.Get(ctx, byoa.ModelKey{Namespace: "ns", ModelID: ""})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("model_id", "required"))
	assert.False(t, ve.Has("namespace", "required"))
	_, err = f.c.Models.Decode(ctx, byoa.ModelKey{Namespace: "", ModelID: "m"})
	assert.ErrorIs(t, err, adama.ErrValidation)
	err = f.c.Models.Delete(ctx, byoa.ModelKey{Namespace: "", ModelID: ""})
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("namespace", "required"))
	assert.True(t, ve.Has("model_id", "required"))
	err = f.c.Models.Delete(ctx, byoa.ModelKey{})
	assert.ErrorIs(t, err, adama.ErrValidation)
	_, err = f.c.Models.List(ctx, nil)
	assert.ErrorIs(t, err, adama.ErrValidation)
	_, err = f.c.Models.UploadStream(ctx, byoa.ModelKey{Namespace: "ns", ModelID: "m"}, &byoa.StreamUpload{BrainTypeID: 1003})
	assert.ErrorIs(t, err, adama.ErrValidation)
	assert.Empty(t, f.host.Paths())
}

func TestModelPathsEscaped(t *testing.T) {
	f := newFixture(t)
	_, err := f.c.Models.Upload(context.Background(), byoa.ModelKey{Namespace: "org 1", ModelID: "a/b"}, &byoa.Upload{Data: "x", BrainTypeID: 1001})
	require.NoError(t, err)
	m, ok := f.srv.BYOA().Models().Get(byoa.ModelKey{Namespace: "org 1", ModelID: "a/b"})
	require.True(t, ok)
	assert.Equal(t, byoa.BrainTypeID(1001), m.BrainTypeID)
}

// progress records the calls of an upload's progress function.
type progress struct {
	mu    sync.Mutex
	calls [][2]int64
}

func (p *progress) record(sent, total int64) {
	p.mu.Lock()
	p.calls = append(p.calls, [2]int64{sent, total})
	p.mu.Unlock()
}

func TestPutStream(t *testing.T) {
	big := strings.Repeat("QUJDRA==", 64<<10) // 512 KiB of base64
	tests := []struct {
		name   string
		data   string
		size   int64
		stored string
	}{
		{"sized base64", big, int64(len(big)), big},
		{"unsized escapes", "line1\n\"quoted\"\\", 0, "line1\n\"quoted\"\\"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			var p progress
			opens := 0
			u := &byoa.StreamUpload{BrainTypeID: 1002, Size: tt.size, Progress: p.record,
				Open: func() (io.Reader, error) { opens++; return strings.NewReader(tt.data), nil }}
			info, err := f.c.Models.UploadStream(context.Background(), byoa.ModelKey{Namespace: "ns", ModelID: "big"}, u)
			require.NoError(t, err)
			assert.Equal(t, int64(len(tt.stored)), info.DataSize)
			m, ok := f.srv.BYOA().Models().Get(byoa.ModelKey{Namespace: "ns", ModelID: "big"})
			require.True(t, ok)
			assert.Equal(t, tt.stored, m.Data)
			assert.Equal(t, byoa.BrainTypeID(1002), m.BrainTypeID)
			require.NotEmpty(t, p.calls)
			lastCall := p.calls[len(p.calls)-1]
			assert.Equal(t, int64(len(tt.data)), lastCall[0])
			assert.Equal(t, tt.size, lastCall[1])
			// The transport opens the body once to probe it, then once per
			// attempt.
			assert.Equal(t, 2, opens)
		})
	}
}

func TestPutStreamRetriesFromTheStart(t *testing.T) {
	f := newFixture(t)
	f.srv.FailNext("/data", 2, http.StatusServiceUnavailable, "")
	opens := 0
	data := strings.Repeat("A", 10000)
	u := &byoa.StreamUpload{BrainTypeID: 1001, Size: int64(len(data)),
		Open: func() (io.Reader, error) { opens++; return strings.NewReader(data), nil }}
	_, err := f.c.Models.UploadStream(context.Background(), byoa.ModelKey{Namespace: "ns", ModelID: "m"}, u)
	require.NoError(t, err)
	assert.Equal(t, 4, opens, "each of the 3 attempts reads the stream from its start (plus the transport's probe)")
	assert.Equal(t, 1, f.srv.BYOA().ModelUploads())
	m, ok := f.srv.BYOA().Models().Get(byoa.ModelKey{Namespace: "ns", ModelID: "m"})
	require.True(t, ok)
	assert.Equal(t, data, m.Data)
}

func TestPutStreamRefusesBadData(t *testing.T) {
	tests := []struct {
		name string
		data string
		size int64
	}{
		{"needs escaping with a size", "a\"b", 3},
		{"longer than size", "abcdef", 3},
		{"shorter than size", "ab", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			u := &byoa.StreamUpload{BrainTypeID: 1001, Size: tt.size,
				Open: func() (io.Reader, error) { return strings.NewReader(tt.data), nil }}
			_, err := f.c.Models.UploadStream(context.Background(), byoa.ModelKey{Namespace: "ns", ModelID: "m"}, u)
			require.Error(t, err)
			assert.Equal(t, 0, f.srv.BYOA().Models().Count())
		})
	}
	f := newFixture(t)
	openErr := errors.New("disk gone")
	_, err := f.c.Models.UploadStream(context.Background(), byoa.ModelKey{Namespace: "ns", ModelID: "m"}, &byoa.StreamUpload{BrainTypeID: 1001,
		Open: func() (io.Reader, error) { return nil, openErr }})
	require.Error(t, err)
}

func TestPutRetriedAfterDrop(t *testing.T) {
	f := newFixture(t)
	f.srv.DropNext("/data", 1)
	_, err := f.c.Models.Upload(context.Background(), byoa.ModelKey{Namespace: "ns", ModelID: "m"}, &byoa.Upload{Data: "x", BrainTypeID: 1000})
	require.NoError(t, err, "a PUT of the same model is safe to retry")
	assert.Equal(t, 1, f.srv.BYOA().ModelUploads())
}

func TestSeededModelDecode(t *testing.T) {
	f := newFixture(t)
	require.True(t, f.srv.BYOA().Models().Put(&byoa.Model{Namespace: "mm", ModelID: "x", BrainTypeID: 3, Data: "DAAA..."}))
	require.True(t, f.srv.BYOA().SetDecoded(byoa.ModelKey{Namespace: "mm", ModelID: "x"}, []byte(sampleSubmodels)))
	d, err := f.c.Models.Decode(context.Background(), byoa.ModelKey{Namespace: "mm", ModelID: "x"})
	require.NoError(t, err)
	assert.Equal(t, byoa.BrainTypeID(3), d.BrainTypeID, "brain types outside the upload range are read")
	require.Len(t, d.Data, 1)
	assert.Equal(t, "null", trimmed(d.Data[0].Boundaries))
}

func trimmed(b []byte) string {
	return string(bytes.TrimSpace(b))
}

func TestFakeSafeForConcurrentUse(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 20 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, err := f.c.Models.Upload(ctx, byoa.ModelKey{Namespace: "ns", ModelID: "m" + strconv.Itoa(i)}, &byoa.Upload{Data: "x", BrainTypeID: 1000})
			errs <- err
		}()
		go func() {
			defer wg.Done()
			_, err := f.c.CampaignSettings.Update(ctx, owned(int64(i)+1, 0, tenPercent()))
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	assert.Equal(t, 20, f.srv.BYOA().Models().Count())
	for i := range 20 {
		got, err := f.c.Models.List(ctx, &byoa.ListOptions{Namespace: "ns", ModelID: "m" + strconv.Itoa(i)})
		require.NoError(t, err)
		require.Len(t, got.Items, 1)
		assert.Equal(t, "m"+strconv.Itoa(i), got.Items[0].ModelID)
	}
}

func TestPutOutcomeUnknown(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	up := &byoa.Upload{Data: "DAAA", BrainTypeID: 1003}

	// The upload takes effect but its answer is lost: the PUT is replayed.
	f.srv.LoseAnswerNext("/data", 1)
	_, err := f.c.Models.Upload(ctx, byoa.ModelKey{Namespace: "ns", ModelID: "m"}, up)
	require.NoError(t, err)
	assert.Equal(t, 2, f.srv.BYOA().ModelUploads(), "the same PUT twice is harmless")
	assert.Equal(t, 1, f.srv.BYOA().Models().Count())

	// Every answer lost (the {byoa_url} proxy in front of the fake turns
	// the lost answers into a gateway's 502): the outcome is unknown, and
	// Get tells whether the upload took effect.
	f.srv.LoseAnswerNext("/data", 2)
	_, err = f.c.Models.Upload(ctx, byoa.ModelKey{Namespace: "ns", ModelID: "m2"}, up, adama.WithCallRetries(1))
	assert.ErrorIs(t, err, adama.ErrServer)
	m, err := f.c.Models.Get(ctx, byoa.ModelKey{Namespace: "ns", ModelID: "m2"})
	require.NoError(t, err)
	assert.Equal(t, "DAAA", m.Data)

	// Straight to the fake, a lost answer is no answer at all: a transport
	// failure (the PUT is idempotent, so it was retried, not left
	// outcome-unknown).
	direct, err := f.srv.NewClient()
	require.NoError(t, err)
	f.srv.LoseAnswerNext("/data", 2)
	_, err = byoa.New(direct).Models.Upload(ctx, byoa.ModelKey{Namespace: "ns", ModelID: "m3"}, up, adama.WithCallRetries(1))
	assert.ErrorIs(t, err, adama.ErrTransport)
	assert.NotErrorIs(t, err, adama.ErrOutcomeUnknown)
	_, err = f.c.Models.Get(ctx, byoa.ModelKey{Namespace: "ns", ModelID: "m3"})
	assert.NoError(t, err, "the upload took effect")
}
