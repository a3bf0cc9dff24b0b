package basic

// Values of Old and Shape declared in another file keep file order.
const (
	OldOn     Old   = "on"
	OldOff    Old   = "off"
	ShapeRing Shape = "ring"
)

// ColorBlue comes after a.go's colors.
const ColorBlue Color = "blue"
