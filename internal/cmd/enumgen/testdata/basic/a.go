// Package basic is enumgen's golden input.
package basic

// Color is a color.
//
//adama:enum
type Color string

// The Color values.
const (
	ColorRed   Color = "red"
	ColorGreen Color = "green"
	// ColorVert is another spelling of ColorGreen; it is not listed twice.
	ColorVert Color = "green"
	_         Color = "ignored"
)

// Old is an old setting.
//
// It has two paragraphs.
//
// Deprecated: use Color.
//
//adama:enum
type Old string

// Plain is a string type without the directive: no methods.
type Plain string

// PlainA is not an enum value.
const PlainA Plain = "a"

// Untyped constants are not values.
const untyped = "x"

type (
	// Shape is declared in a group.
	//
	//adama:enum
	Shape string
	// Size is not marked.
	Size int
)

// ShapeSquare is a Shape declared alone.
const ShapeSquare Shape = `square`
