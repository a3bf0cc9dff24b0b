package firehose

import (
	"slices"
	"strconv"
	"strings"
)

// Typed enums of group G, generated from the group's description into
// records_gen.go with their constants, Values() and Valid(). A value the server
// sends that the SDK does not know decodes without error and is kept as
// is; validation refuses an unknown value set by the caller.

// names renders values for a rule text ("one of: A, B").
func names[T ~string](values []T) string {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = string(v)
	}
	return "one of: " + strings.Join(s, ", ")
}

// canonical returns the known key k names without regard to case (the
// reference's paths write keys in lower case), or k itself.
func (k FilterKey) canonical() FilterKey {
	for _, v := range k.Values() {
		if strings.EqualFold(string(v), string(k)) {
			return v
		}
	}
	return k
}

// DataCenterRegion maps the data-center codes that key the Regions,
// Buckets and Endpoints maps in the reference to their Region. A code the
// platform adds later is not in it; RegionOf reports it as unknown.
func DataCenterRegion() map[string]Region {
	return map[string]Region{
		"ewr": RegionUS, "iad": RegionUS, "ord": RegionUS, "pao": RegionUS, "sjc": RegionUS,
		"ams": RegionEMEA, "zrh": RegionEMEA,
		"nrt": RegionAPAC, "hkg": RegionAPAC,
	}
}

// RegionOf returns the Region of a data-center code or a region name
// ("ewr" is US, "EMEA" is EMEA) and whether it is known.
func RegionOf(key string) (Region, bool) {
	if r := Region(strings.ToUpper(key)); r.Valid() {
		return r, true
	}
	r, ok := DataCenterRegion()[strings.ToLower(key)]
	return r, ok
}

// Geo id ranges of the reference list (X-Svc-Geo values).
const (
	GeoMin = 60000
	GeoMax = 60247
)

// GeoExtra are the geo ids of the reference list outside GeoMin..GeoMax.
func GeoExtra() []int { return []int{72279, 72280} }

// ValidGeo reports whether id is a geo id string of the reference list's
// ranges (60000 to 60247, 72279, 72280).
func ValidGeo(id string) bool {
	n, err := strconv.Atoi(id)
	if err != nil || strconv.Itoa(n) != id {
		return false
	}
	return (n >= GeoMin && n <= GeoMax) || slices.Contains(GeoExtra(), n)
}
