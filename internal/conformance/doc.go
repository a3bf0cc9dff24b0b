// Package conformance holds the tests that keep every group package to the
// one convention of CONTRIBUTING.md: the method set of a resource and the
// vocabulary of values. It has no code of its own.
package conformance
