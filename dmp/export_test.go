package dmp

// Names the external tests of this package use; they are not part of the
// package's API.
const Prefix = defaultPrefix

var (
	EncodeName = encodeName
	DecodeName = decodeName
)
