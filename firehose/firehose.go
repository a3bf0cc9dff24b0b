package firehose

import (
	"net/url"

	"github.com/adamasdk/adama-go/internal/valid"
)

// ConsumerName is a consumer's name: the platform identifies a consumer,
// and the settings and filters under it, by its name, not by a number.
type ConsumerName string

// consumerPath returns /consumers/{name}{rest}.
func consumerPath(name ConsumerName, rest string) string {
	return "/consumers/" + url.PathEscape(string(name)) + rest
}

// checkName refuses an empty consumer name before sending.
func checkName(name ConsumerName) error {
	var v valid.Validator
	v.Require("name", name != "")
	return v.Err()
}
