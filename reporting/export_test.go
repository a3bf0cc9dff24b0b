package reporting

// Names the external tests of this package use; they are not part of the
// package's API.
const PathPrefix = pathPrefix

var (
	EncodePredicates = encodePredicates
	QuoteValue       = quoteValue
)
