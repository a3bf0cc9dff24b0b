package entity

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/upload"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Batch uploads of creatives and of creative assets, as real clients call
// them: a first call sends a file (multipart, part "file") and answers a
// pending batch listing what the file holds; a second call approves the
// batch for an advertiser and answers it again with each item's created
// id. The references show no body for either call: the batch's shape
// (batch_id, status, entities of index, id, name, file_name, status) is
// the SDK's choice, described in entity.uploads.yaml and
// testdata/platform/README.md.

// MaxBatchUpload bounds the file of a batch upload the SDK sends.
const MaxBatchUpload = 64 << 20

// BatchFile is the file of a batch upload, streamed from Content (Size
// bytes; never held in memory whole).
type BatchFile struct {
	// FileName is the file's name; required for creative assets (sent
	// as the form's filename), "creatives.zip" for creatives when empty.
	FileName string
	// Name names an asset batch (the form's name; creative assets only).
	Name string
	// ContentType is the file's media type (application/octet-stream when
	// empty).
	ContentType string
	Content     io.Reader
	Size        int64
	// Progress, when set, is called as the file is sent with the bytes
	// sent so far and Size. A retry starts again from zero. It runs on
	// the goroutine that sends the body and must return quickly.
	Progress func(sent, total int64)
}

// BatchApproval confirms a pending batch.
type BatchApproval struct {
	// AdvertiserID owns what the batch creates (required).
	AdvertiserID int64
	// Indexes picks the batch's items to create, by their Index; empty
	// means all of them.
	Indexes []int
}

// BatchStatus is the state of a batch or of one of its items. Values
// the SDK does not know are kept as sent.
type BatchStatus string

// The batch statuses.
const (
	BatchStatusPending  BatchStatus = "pending"
	BatchStatusCreated  BatchStatus = "created"
	BatchStatusRejected BatchStatus = "rejected"
)

// Known reports whether s is a status the SDK knows.
func (s BatchStatus) Known() bool {
	return s == BatchStatusPending || s == BatchStatusCreated || s == BatchStatusRejected
}

// UploadBatch is the answer of a batch upload or approval.
type UploadBatch struct {
	ID       string
	Status   BatchStatus
	Items    []BatchItem
	CalledOn string
	// Unknown keeps the batch's properties the SDK does not know, as sent
	// (XML attributes as JSON strings).
	Unknown map[string]json.RawMessage
}

// BatchItem is one creative or asset of a batch.
type BatchItem struct {
	// Index is the item's place in the file, from 1.
	Index int
	// ID is the created creative's or asset's id; 0 while pending.
	ID       int64
	Name     string
	FileName string
	Status   BatchStatus
	// Reason says why an item was rejected.
	Reason  string
	Unknown map[string]json.RawMessage
}

// UploadCreatives sends a third-party ad server's export file of
// creatives (POST creatives/upload, multipart) and answers the pending
// batch it holds; ApproveCreativeUpload creates them. A failed attempt
// is retried, from the start, when Content is an io.Seeker; otherwise
// it is sent once.
func (ec *Client) UploadCreatives(ctx context.Context, f *BatchFile, ropt ...adama.RequestOption) (*UploadBatch, error) {
	return ec.batchUpload(ctx, "/creatives/upload", f, false, ropt)
}

// UploadCreativeAssets sends a file of creative assets (POST
// creative_assets/upload, multipart: filename, name, file) and answers
// the pending batch; ApproveCreativeAssets creates them.
func (ec *Client) UploadCreativeAssets(ctx context.Context, f *BatchFile, ropt ...adama.RequestOption) (*UploadBatch, error) {
	return ec.batchUpload(ctx, "/creative_assets/upload", f, true, ropt)
}

// ApproveCreativeUpload confirms the batch batchID of UploadCreatives
// (POST creatives/upload/{batch_id}, a form of advertiser_id and
// indexes) and answers it with the created creatives' ids.
func (ec *Client) ApproveCreativeUpload(ctx context.Context, batchID string, a *BatchApproval, ropt ...adama.RequestOption) (*UploadBatch, error) {
	return ec.batchApprove(ctx, "/creatives/upload/"+url.PathEscape(batchID), batchID, false, a, ropt)
}

// ApproveCreativeAssets confirms the batch batchID of
// UploadCreativeAssets (POST creative_assets/approve, a form of batch_id,
// advertiser_id and indexes) and answers it with the created assets' ids.
func (ec *Client) ApproveCreativeAssets(ctx context.Context, batchID string, a *BatchApproval, ropt ...adama.RequestOption) (*UploadBatch, error) {
	return ec.batchApprove(ctx, "/creative_assets/approve", batchID, true, a, ropt)
}

func (ec *Client) batchUpload(ctx context.Context, path string, f *BatchFile, assets bool, ropt []adama.RequestOption) (*UploadBatch, error) {
	var v valid.Validator
	if f == nil {
		f = &BatchFile{}
	}
	v.Check(f.Content != nil, "file", "required", nil)
	v.Check(f.Size > 0, "file", "must not be empty", f.Size)
	v.Check(f.Size <= MaxBatchUpload, "file", "at most 64 MiB", f.Size)
	if assets {
		v.Check(f.FileName != "", "filename", "required", nil)
		v.Check(f.Name != "", "name", "required", nil)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	name, ct := f.FileName, f.ContentType
	if name == "" {
		name = "creatives.zip"
	}
	if ct == "" {
		ct = "application/octet-stream"
	}
	body := upload.New(f.Content, f.Size, f.Progress)
	mp := &call.Multipart{Files: []call.File{{Field: "file", FileName: name, ContentType: ct, Open: body.Open, Size: f.Size}}}
	if assets {
		mp.Fields = []call.Field{{Name: "filename", Value: f.FileName}, {Name: "name", Value: f.Name}}
	}
	resp, err := ec.g.Send(ctx, &call.Call{Method: http.MethodPost, Path: path, ReadOnly: true, Multipart: mp}, body.Options(ropt)...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return readBatch(resp)
}

func (ec *Client) batchApprove(ctx context.Context, path, batchID string, inForm bool, a *BatchApproval, ropt []adama.RequestOption) (*UploadBatch, error) {
	var v valid.Validator
	v.Check(batchID != "", "batch_id", "required", nil)
	if a == nil {
		a = &BatchApproval{}
	}
	v.Check(a.AdvertiserID > 0, "advertiser_id", "must be a positive id", a.AdvertiserID)
	for _, i := range a.Indexes {
		v.Check(i > 0, "indexes", "each at least 1", i)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	form := url.Values{}
	if inForm {
		form.Set("batch_id", batchID)
	}
	form.Set("advertiser_id", strconv.FormatInt(a.AdvertiserID, 10))
	if len(a.Indexes) > 0 {
		s := make([]string, len(a.Indexes))
		for i, n := range a.Indexes {
			s[i] = strconv.Itoa(n)
		}
		form.Set("indexes", strings.Join(s, ","))
	}
	resp, err := ec.g.Send(ctx, &call.Call{Method: http.MethodPost, Path: path, Form: form}, ropt...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return readBatch(resp)
}

// readBatch reads a batch answer, JSON or XML; an error document sent
// with a 2xx status is an *adama.Error, and a value that does not fit
// its field is reported, never zeroed.
func readBatch(resp *http.Response) (*UploadBatch, error) {
	b, err := readAnswer(resp)
	if err != nil {
		return nil, err
	}
	if media.IsXML(resp.Header.Get("Content-Type")) {
		if _, err := wire.DecodeXML(bytes.NewReader(b)); err != nil {
			var ae *adama.Error
			if errors.As(err, &ae) {
				return nil, err
			}
			return nil, unfit(resp, b, "", err)
		}
		out, err := decodeBatchXML(b)
		if err != nil {
			return nil, unfit(resp, b, "decoding the batch: ", err)
		}
		return out, nil
	}
	out, status, err := decodeBatchJSON(b)
	if err != nil {
		return nil, unfit(resp, b, "decoding the batch: ", err)
	}
	switch status {
	case "", "ok", "success":
	default:
		return nil, wire.ErrorFromBody(resp.StatusCode, resp.Header, resp.Request.Method, resp.Request.URL.Path, b)
	}
	return out, nil
}

type batchError struct{ field, msg string }

func (e *batchError) Error() string { return e.field + ": " + e.msg }

// decodeBatchJSON decodes {"data":{batch},"meta":{status,called_on}}.
func decodeBatchJSON(b []byte) (*UploadBatch, string, error) {
	var env struct {
		Meta struct {
			Status   string `json:"status"`
			CalledOn string `json:"called_on"`
		} `json:"meta"`
		Data map[string]json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, "", err
	}
	if env.Meta.Status != "" && env.Meta.Status != "ok" && env.Meta.Status != "success" {
		return nil, env.Meta.Status, nil
	}
	if env.Data == nil {
		return nil, "", &batchError{"data", "missing"}
	}
	out := &UploadBatch{CalledOn: env.Meta.CalledOn}
	for k, raw := range env.Data {
		var err error
		switch k {
		case "batch_id":
			out.ID, err = jsonText(raw)
		case "status":
			var s string
			s, err = jsonText(raw)
			out.Status = BatchStatus(s)
		case "entities":
			var items []map[string]json.RawMessage
			if err = json.Unmarshal(raw, &items); err == nil {
				for _, m := range items {
					it, ierr := batchItemJSON(m)
					if ierr != nil {
						return nil, "", ierr
					}
					out.Items = append(out.Items, it)
				}
			}
		default:
			if out.Unknown == nil {
				out.Unknown = map[string]json.RawMessage{}
			}
			out.Unknown[k] = raw
		}
		if err != nil {
			return nil, "", &batchError{k, err.Error()}
		}
	}
	return out, env.Meta.Status, nil
}

func batchItemJSON(m map[string]json.RawMessage) (BatchItem, error) {
	var it BatchItem
	for k, raw := range m {
		var err error
		var s string
		switch k {
		case "index", "id":
			if string(raw) == "null" {
				continue
			}
			s, err = jsonText(raw)
			if err == nil {
				err = it.setNumber(k, s)
			}
		case "name":
			it.Name, err = jsonText(raw)
		case "file_name":
			it.FileName, err = jsonText(raw)
		case "status":
			s, err = jsonText(raw)
			it.Status = BatchStatus(s)
		case "reason":
			it.Reason, err = jsonText(raw)
		default:
			if it.Unknown == nil {
				it.Unknown = map[string]json.RawMessage{}
			}
			it.Unknown[k] = raw
		}
		var be *batchError
		if errors.As(err, &be) && strings.HasPrefix(be.field, "entities.") {
			return it, err
		}
		if err != nil {
			return it, &batchError{"entities." + k, err.Error()}
		}
	}
	return it, nil
}

func (it *BatchItem) setNumber(k, s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 0 {
		return &batchError{"entities." + k, strconv.Quote(s) + " is not a whole number"}
	}
	if k == "index" {
		if n > 1<<31-1 {
			return &batchError{"entities.index", s + " is out of range"}
		}
		it.Index = int(n)
	} else {
		it.ID = n
	}
	return nil
}

// jsonText reads a JSON string or number as its text.
func jsonText(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return "", &batchError{"value", string(raw) + " is not a string or a number"}
	}
	return n.String(), nil
}

// decodeBatchXML decodes <result><batch id status><entity .../></batch>
// <status code/></result>.
func decodeBatchXML(b []byte) (*UploadBatch, error) {
	var doc struct {
		CalledOn string `xml:"called_on,attr"`
		Batch    *struct {
			Attrs    []xml.Attr `xml:",any,attr"`
			Entities []struct {
				Attrs []xml.Attr `xml:",any,attr"`
			} `xml:"entity"`
		} `xml:"batch"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	if doc.Batch == nil {
		return nil, &batchError{"batch", "missing"}
	}
	out := &UploadBatch{CalledOn: doc.CalledOn}
	for _, a := range doc.Batch.Attrs {
		switch a.Name.Local {
		case "id":
			out.ID = a.Value
		case "status":
			out.Status = BatchStatus(a.Value)
		default:
			if out.Unknown == nil {
				out.Unknown = map[string]json.RawMessage{}
			}
			out.Unknown[a.Name.Local], _ = json.Marshal(a.Value)
		}
	}
	for _, e := range doc.Batch.Entities {
		var it BatchItem
		for _, a := range e.Attrs {
			switch a.Name.Local {
			case "index", "id":
				if a.Value == "" {
					continue
				}
				if err := it.setNumber(a.Name.Local, a.Value); err != nil {
					return nil, err
				}
			case "name":
				it.Name = a.Value
			case "file_name":
				it.FileName = a.Value
			case "status":
				it.Status = BatchStatus(a.Value)
			case "reason":
				it.Reason = a.Value
			default:
				if it.Unknown == nil {
					it.Unknown = map[string]json.RawMessage{}
				}
				it.Unknown[a.Name.Local], _ = json.Marshal(a.Value)
			}
		}
		out.Items = append(out.Items, it)
	}
	return out, nil
}
