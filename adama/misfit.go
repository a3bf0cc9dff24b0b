package adama

import (
	"encoding/json"
	"errors"
	"strings"
)

// Misfit is a property of a record whose value fits none of the forms the
// property is documented to take (an object where a number belongs, a word
// that is not a date). The record still decodes: the field is left at its
// zero value, and the raw value is kept and sent back unchanged when the
// record is written, unless the caller has set the field since. Every
// record has a Misfits method listing them; WithStrictDecoding turns a
// record with a misfit into an error instead.
type Misfit struct {
	// Field is the property's name as the platform writes it, with the
	// path from the record for a property of a nested record
	// ("flights[2].amount").
	Field string
	// Raw is the value as it came.
	Raw json.RawMessage
}

// String names the field and its raw value.
func (m Misfit) String() string {
	return m.Field + ": " + truncate(strings.ToValidUTF8(string(m.Raw), "\uFFFD"), 120) + " fits no documented form"
}

// ErrMisfit matches (with errors.Is) the error a call returns under
// WithStrictDecoding when a record in the answer has a Misfit.
var ErrMisfit = errors.New("adama: a value fits no documented form")

// CodeMisfit is the Error.Code of a call failed by WithStrictDecoding.
const CodeMisfit = "misfit"

// MisfitError lists the misfits of an answer decoded under
// WithStrictDecoding. It is the Err of the *Error the call returns.
type MisfitError struct {
	// Misfits are the answer's misfits, each record's in order.
	Misfits []Misfit
}

// Error names every misfit.
func (e *MisfitError) Error() string {
	parts := make([]string, len(e.Misfits))
	for i, m := range e.Misfits {
		parts[i] = m.String()
	}
	return "field " + strings.Join(parts, "; field ")
}

// Is reports ErrMisfit.
func (e *MisfitError) Is(target error) bool { return target == ErrMisfit }

// WithStrictDecoding makes every call whose answer holds a record with a
// Misfit fail with an *Error of code CodeMisfit (errors.Is ErrMisfit) that
// names each field and its raw value (errors.As gives the *MisfitError
// listing them), instead of returning the record with
// the misfit reported. For callers who would rather stop than go on with a
// zero where the platform sent a value.
func WithStrictDecoding() Option {
	return func(c *config) error { c.strictDecoding = true; return nil }
}

// StrictDecoding reports whether the client was made WithStrictDecoding.
// Code that decodes the answers of Client.Do itself reads it to apply the
// same choice: fail on a record with a Misfit, or keep the record.
func (c *Client) StrictDecoding() bool { return c.cfg.strictDecoding }
