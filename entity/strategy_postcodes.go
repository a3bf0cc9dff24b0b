package entity

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/upload"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/wire"
)

// MaxPostcodeUpload bounds the file of a strategy's postal codes the SDK
// sends.
const MaxPostcodeUpload = 8 << 20

// PostcodeUpload is a file of postal codes for a strategy, streamed from
// Content (Size bytes; never held in memory whole).
type PostcodeUpload struct {
	// FileName is the file's name ("postcodes.csv" when empty).
	FileName string
	// ContentType is the file's media type (text/csv when empty).
	ContentType string
	Content     io.Reader
	Size        int64
	// Progress, when set, is called as the file is sent with the bytes
	// sent so far and Size. A retry starts again from zero. It runs on
	// the goroutine that sends the body and must return quickly.
	Progress func(sent, total int64)
}

// UploadAck is the platform's acknowledgement of an upload that answers
// no record: its status and, when it carries one, its payload as sent.
type UploadAck struct {
	// Status is the answer's status (meta.status in JSON, <status code>
	// in XML): "success" or "ok".
	Status   string
	CalledOn string
	// Data is the JSON answer's data, when it has one.
	Data json.RawMessage
}

// UploadStrategyPostcodes replaces the postal codes strategy strategyID
// targets with the codes of a file (POST strategies/{id}/target_postcodes,
// multipart, the file in part "file"). Sending the same file again
// replaces it, so a failed attempt is retried, from the start, when
// Content is an io.Seeker; otherwise it is sent once.
func (ec *Client) UploadStrategyPostcodes(ctx context.Context, strategyID int64, u *PostcodeUpload, ropt ...adama.RequestOption) (*UploadAck, error) {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	if u == nil {
		u = &PostcodeUpload{}
	}
	v.Check(u.Content != nil, "file", "required", nil)
	v.Check(u.Size > 0, "file", "must not be empty", u.Size)
	v.Check(u.Size <= MaxPostcodeUpload, "file", "at most 8 MiB", u.Size)
	if err := v.Err(); err != nil {
		return nil, err
	}
	name, ct := u.FileName, u.ContentType
	if name == "" {
		name = "postcodes.csv"
	}
	if ct == "" {
		ct = "text/csv"
	}
	body := upload.New(u.Content, u.Size, u.Progress)
	resp, err := ec.g.Send(ctx, &call.Call{
		Method: http.MethodPost, Path: strategyPath(strategyID, "target_postcodes"), ReadOnly: true,
		Multipart: &call.Multipart{Files: []call.File{{Field: "file", FileName: name, ContentType: ct, Open: body.Open, Size: u.Size}}},
	}, body.Options(ropt)...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return readAck(resp)
}

// readAnswer reads the body of an answer decoded by hand, whole: the
// client bounds every body (WithMaxResponseBytes), and a longer one fails
// with an *adama.Error matching adama.ErrTooLarge, never cut short.
func readAnswer(resp *http.Response) ([]byte, error) {
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		var ae *adama.Error
		if errors.As(err, &ae) {
			return nil, err
		}
		return nil, &adama.Error{Code: adama.CodeTransport, Message: "reading the answer: " + err.Error(), Method: resp.Request.Method, Path: resp.Request.URL.Path, Err: err}
	}
	return b, nil
}

// unfit reports an answer b that does not read as what was expected:
// what was being decoded (doing) and why.
func unfit(resp *http.Response, b []byte, doing string, err error) error {
	return &adama.Error{StatusCode: resp.StatusCode, Code: adama.CodeUnexpectedContent, Message: doing + err.Error(),
		Method: resp.Request.Method, Path: resp.Request.URL.Path, Body: string(b), Err: err}
}

// readAck reads an acknowledgement: group A's XML result or its JSON
// envelope; an error document sent with a 2xx status is an *adama.Error.
func readAck(resp *http.Response) (*UploadAck, error) {
	b, err := readAnswer(resp)
	if err != nil {
		return nil, err
	}
	if media.IsXML(resp.Header.Get("Content-Type")) {
		res, err := wire.DecodeXML(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		ack := &UploadAck{Status: "ok", CalledOn: res.CalledOn}
		if res.Status != nil && res.Status.Code != "" {
			ack.Status = res.Status.Code
		}
		return ack, nil
	}
	var env struct {
		Meta struct {
			Status   string `json:"status"`
			CalledOn string `json:"called_on"`
		} `json:"meta"`
		Data   json.RawMessage `json:"data"`
		Errors json.RawMessage `json:"errors"`
	}
	if len(b) == 0 {
		return &UploadAck{Status: "ok"}, nil
	}
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, unfit(resp, b, "decoding the acknowledgement: ", err)
	}
	switch env.Meta.Status {
	case "", "ok", "success":
	default:
		return nil, wire.ErrorFromBody(resp.StatusCode, resp.Header, resp.Request.Method, resp.Request.URL.Path, b)
	}
	return &UploadAck{Status: env.Meta.Status, CalledOn: env.Meta.CalledOn, Data: env.Data}, nil
}
