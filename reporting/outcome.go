package reporting

import (
	"errors"
	"net/http"

	"github.com/adamasdk/adama-go/adama"
)

// Sentinels of the two answers of reporting v1 that are outcomes rather
// than failures. Each reaches the caller as an *adama.Error (status, path,
// body excerpt) that errors.Is matches against the sentinel.
//
// Deprecated: reporting v1 is removed in July 2026.
var (
	// ErrNotModified matches a 304 Not Modified: the report's data did not
	// change since Query.IfModifiedSince. The platform also answers 304 to
	// a query of a retired report version (device_technology with ?v1).
	ErrNotModified = errors.New("reporting: not modified")
	// ErrGone matches a 410 Gone: the report is past its deprecation date
	// (Meta.Deprecation) and every endpoint of it answers 410. A gone
	// report is also not found: errors.Is(err, adama.ErrNotFound) holds
	// too, so code that treats a missing report generically keeps working,
	// while code that cares tells the two apart with ErrGone.
	ErrGone error = goneError{}
)

type goneError struct{}

func (goneError) Error() string { return "reporting: report gone" }

// Is makes ErrGone match adama.ErrNotFound as well.
func (goneError) Is(target error) bool { return target == adama.ErrNotFound }

// Error codes of the outcomes, set on the *adama.Error when the server's
// body carried no code of its own.
//
// Deprecated: reporting v1 is removed in July 2026.
const (
	CodeNotModified = "not_modified"
	CodeGone        = "gone"
)

// outcome marks a 304 or 410 *adama.Error with its sentinel.
func outcome(err error) error {
	var ae *adama.Error
	if !errors.As(err, &ae) {
		return err
	}
	var sentinel error
	var code string
	switch ae.StatusCode {
	case http.StatusNotModified:
		sentinel, code = ErrNotModified, CodeNotModified
	case http.StatusGone:
		sentinel, code = ErrGone, CodeGone
	default:
		return err
	}
	if ae.Code == "" {
		ae.Code = code
	}
	if ae.Message == "" {
		ae.Message = http.StatusText(ae.StatusCode)
	}
	if ae.Err == nil {
		ae.Err = sentinel
	} else if !errors.Is(ae.Err, sentinel) {
		ae.Err = errors.Join(sentinel, ae.Err)
	}
	return err
}
