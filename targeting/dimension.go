package targeting

// Dimension is a target dimension code. The constants are the codes the
// reference lists (technology target values, strategy dimension targeting,
// location and contextual codes, and the attachments list's example); a
// code the server sends beyond them is kept as is.
//
//adama:enum
type Dimension string

// Dimension codes.
const (
	DimensionBrowserLanguage  Dimension = "BRLG"    // browser language
	DimensionOSExtended       Dimension = "OSXX"    // operating system (extended)
	DimensionBrowser          Dimension = "BSER"    // browser
	DimensionConnectionSpeed  Dimension = "CSPD"    // connection speed
	DimensionDeviceModel      Dimension = "DVMD"    // device model
	DimensionDevice           Dimension = "DVCE"    // device
	DimensionInventory        Dimension = "INVT"    // inventory (supply source, publisher)
	DimensionISP              Dimension = "ISPX"    // internet service provider
	DimensionVideoAudibility  Dimension = "VAUD"    // video: audibility
	DimensionVideoContext     Dimension = "VCON"    // video: context
	DimensionVideoLinearity   Dimension = "VLIN"    // video: linearity
	DimensionVideoPlacement   Dimension = "VPLC"    // video: placement
	DimensionVideoPlayerSize  Dimension = "VPSZ"    // video: player size
	DimensionVideoSkippable   Dimension = "VSKP"    // video: skippability
	DimensionDMA              Dimension = "DMAX"    // designated market area
	DimensionRegion           Dimension = "REGN"    // region
	DimensionCountry          Dimension = "COUNTRY" // country
	DimensionCity             Dimension = "CITY"    // city
	DimensionPostalCode       Dimension = "USZC"    // postal code
	DimensionContextualSafety Dimension = "SFTY"    // contextual: brand safety
	DimensionIPAddress        Dimension = "IPTA"    // IP address
	DimensionHyperlocal       Dimension = "HYPL"    // hyperlocal
	DimensionDeviceWURF       Dimension = "WURF"    // device (the attachments list's example)
)
