// Enumgen writes the methods of a package's typed enums, so that each enum
// is declared once (its type and its values) and no method body is copied
// from one enum to the next.
//
// # Declaring an enum in a group package
//
// Mark a string type with the //adama:enum directive (last line of its doc
// comment), declare its values as typed string constants, and add one
// go:generate line per package (for example in doc.go):
//
//	// GoalType is a strategy's goal (goal_type).
//	//
//	//adama:enum
//	type GoalType string
//
//	// The GoalType values.
//	const (
//		GoalTypeReach GoalType = "reach"
//		GoalTypeCPC   GoalType = "cpc"
//	)
//
//	//go:generate go run ../internal/cmd/enumgen
//
// The go:generate path is relative to the package directory (a package two
// levels down writes ../../internal/cmd/enumgen). Then run `go generate ./...` from the module root and commit the file it
// writes, enums_gen.go, beside the declarations. For every marked type T it
// holds:
//
//	func (T) Values() []T // every value, in declaration order, in a new slice
//	func (v T) Valid() bool // whether v is one of those values
//
// Validation calls Valid (entity's checkEnum also lists Values in the
// error), so a value set by the caller that is not known is refused before
// any request. Nothing is generated for
// decoding: the type is a plain string, so a value the server sends that is
// not known decodes without error and is kept as is. Do not write
// UnmarshalJSON or UnmarshalText methods that reject values.
//
// # Rules
//
//   - The type must be declared `type T string` (not an alias, not another
//     underlying type).
//   - A value is a package-level constant whose declared type is T and whose
//     value is a string literal: `X T = "x"`. Constants of every non-test .go
//     file of the package count, in file-name order, then source order. A
//     second constant with a value already listed (an alias spelling) is
//     accepted and left out of Values.
//   - If the type's doc comment has a "Deprecated:" paragraph, the generated
//     methods carry it too.
//   - A //adama:enum directive anywhere but on a type, a marked type with no
//     constants, or a constant written as a conversion (T("x")) is an error,
//     and nothing is written.
//   - A package with no marked type gets no file (a stale one is removed).
//
// # Staleness
//
// CI (.ci/run) re-runs `go generate ./...` and fails when that changes the
// tree; the tests of this command also regenerate every package of the
// module that declares an enum and compare with the committed file.
//
// Usage:
//
//	enumgen [-out enums_gen.go] [dir]
//
// dir defaults to the current directory, which is the package directory when
// run by go generate.
package main
