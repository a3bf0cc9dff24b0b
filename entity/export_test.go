package entity

import (
	"io"
	"net/url"
)

// What the tests of package entity_test (those that run against
// adamatest, which imports this package) need of the package's
// internals and of its internal tests' fixtures.

const (
	PathPrefix         = pathPrefix
	BulkStrategiesPath = bulkStrategiesPath
)

var (
	ServiceOperations = serviceOperations
	FormOf            = formOf

	Day1, Day2       = day1, day2
	FullCampaign     = fullCampaign
	FullStrategy     = fullStrategy
	FullOrganization = fullOrganization
	FullUser         = fullUser
)

// CommonOf returns the Common a record embeds.
func CommonOf[T any](rec *T) *Common { return record(rec).common() }

// UpdateForm returns the form s's Update would send for rec.
func UpdateForm[T any](s *Service[T], rec *T) (url.Values, error) { return s.updateForm(rec) }

// RawBytes returns the body rec was decoded from (its update snapshot).
func RawBytes(rec Record) []byte { return rec.common().rawBytes() }

// ClearSnapshot drops c's update snapshot, so that records read twice
// compare equal.
func ClearSnapshot(c *Common) { c.raw = nil }

// DecodeJSONPage and DecodeXMLPage decode a list body as a list call does.
func DecodeJSONPage[T any](r io.Reader) (*Page[T], error) { return decodeJSONPage[T](r) }
func DecodeXMLPage[T any](r io.Reader) (*Page[T], error)  { return decodeXMLPage[T](r) }

// DecodeUploadBatchJSON and DecodeUploadBatchXML expose the batch
// decoders to the fuzz target.
func DecodeUploadBatchJSON(b []byte) (*UploadBatch, error) {
	out, _, err := decodeBatchJSON(b)
	return out, err
}

func DecodeUploadBatchXML(b []byte) (*UploadBatch, error) { return decodeBatchXML(b) }
