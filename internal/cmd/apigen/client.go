package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// clientOut is the name of the generated Client file in the package
// directory.
const clientOut = "client_gen.go"

// clientEnvelopes maps info.x-adama-envelope to the call.Envelope New
// gives the group.
var clientEnvelopes = map[string]string{
	"data-meta":     "call.DataMeta",
	"std-data-meta": "call.StdDataMeta",
	"bare":          "call.Bare",
}

var (
	clientHostRE   = regexp.MustCompile(`^Host[A-Z][A-Za-z0-9]*$`)
	clientAuthRE   = regexp.MustCompile(`^Auth[A-Z][A-Za-z0-9]*$`)
	clientPrefixRE = regexp.MustCompile(`^\{[a-z_]+\}(/[A-Za-z0-9._-]+)+$`)
	clientInitRE   = regexp.MustCompile(`^[a-z][A-Za-z0-9]*: [A-Za-z_][A-Za-z0-9_.]*$`)
)

// clientField is one service of the generated Client.
type clientField struct {
	name, typ, doc string
	init           string // extra service state: "chunk: DefaultBulkChunk"
}

// client is what info.x-go-client describes.
type client struct {
	pkg, source, deprecated string
	doc                     string
	newDoc                  string // more of New's doc (new-doc)
	prefix                  string // the default path prefix, from servers[0].url
	host, auth, envelope    string // Go expressions
	rootOnEmpty             bool   // WithPrefix("") means no prefix (empty-prefix: root)
	fields                  []clientField
	// The parts of clientextra.go: no prefix (with-prefix: false), the
	// config's own fields, Option's doc, and the state of a Client that
	// serves the operations itself.
	noPrefix  bool
	optionDoc string
	config    []configField
	self      bool
	state     []stateField
}

// buildClient reads info.x-go-client of doc; nil when the document has
// none (the group's Client stays hand-written).
func buildClient(doc *openapi3.T, source string) (*client, error) {
	raw, ok := doc.Info.Extensions["x-go-client"]
	if !ok {
		return nil, nil
	}
	obj, ok := raw.(map[string]any)
	if !ok {
		return nil, errors.New("info.x-go-client: not an object")
	}
	c := &client{source: source, doc: "Client holds one service per resource of the group. It is safe for concurrent use."}
	c.pkg, _ = doc.Info.Extensions["x-go-package"].(string)
	if c.pkg == "" {
		return nil, errors.New("info.x-go-client: info.x-go-package is missing")
	}
	c.deprecated, _ = doc.Info.Extensions["x-adama-deprecated"].(string)
	str := func(key string) string { s, _ := obj[key].(string); return strings.TrimSpace(s) }
	if s := str("doc"); s != "" {
		c.doc = s
	}
	c.newDoc = str("new-doc")
	switch str("empty-prefix") {
	case "", "keep":
	case "root":
		c.rootOnEmpty = true
	default:
		return nil, fmt.Errorf("info.x-go-client: empty-prefix %q is not keep or root", str("empty-prefix"))
	}
	host, auth := str("host"), str("auth")
	if !clientHostRE.MatchString(host) {
		return nil, fmt.Errorf("info.x-go-client: host %q is not an adama.Host constant (HostBase)", host)
	}
	if !clientAuthRE.MatchString(auth) {
		return nil, fmt.Errorf("info.x-go-client: auth %q is not an adama.AuthMode constant (AuthSession)", auth)
	}
	c.host, c.auth = "adama."+host, "adama."+auth
	env, _ := doc.Info.Extensions["x-adama-envelope"].(string)
	if c.envelope = clientEnvelopes[env]; c.envelope == "" {
		return nil, fmt.Errorf("info.x-go-client: info.x-adama-envelope %q is not one of data-meta, std-data-meta, bare", env)
	}
	if err := c.readExtra(obj, doc); err != nil {
		return nil, err
	}
	if !c.noPrefix {
		if len(doc.Servers) == 0 || !clientPrefixRE.MatchString(doc.Servers[0].URL) {
			return nil, errors.New("info.x-go-client: servers[0].url must be {variable}/the/default/prefix")
		}
		c.prefix = doc.Servers[0].URL[strings.Index(doc.Servers[0].URL, "}")+1:]
	}
	types, _ := doc.Info.Extensions["x-go-services"].(map[string]any)
	if c.self {
		return c, nil
	}
	list, ok := obj["fields"].([]any)
	if !ok || len(list) == 0 {
		return nil, errors.New("info.x-go-client: fields must list the Client's services")
	}
	seen := map[string]bool{}
	for i, item := range list {
		f, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("info.x-go-client: fields[%d] is not an object", i)
		}
		name, _ := f["name"].(string)
		doc, _ := f["doc"].(string)
		init, _ := f["init"].(string)
		typ, _ := types[name].(string)
		switch {
		case typ == "":
			return nil, fmt.Errorf("info.x-go-client: fields[%d]: %q is not in info.x-go-services", i, name)
		case seen[name]:
			return nil, fmt.Errorf("info.x-go-client: fields[%d]: %s is listed twice", i, name)
		case strings.TrimSpace(doc) == "":
			return nil, fmt.Errorf("info.x-go-client: fields[%d]: %s has no doc", i, name)
		case init != "" && !clientInitRE.MatchString(init):
			return nil, fmt.Errorf("info.x-go-client: fields[%d]: init %q is not \"field: Value\"", i, init)
		}
		seen[name] = true
		c.fields = append(c.fields, clientField{name: name, typ: typ, doc: strings.TrimSpace(doc), init: init})
	}
	if len(seen) != len(types) {
		return nil, errors.New("info.x-go-client: fields must list every service of info.x-go-services")
	}
	return c, nil
}

// renderClient writes the Go source of c, gofmt'd.
func renderClient(c *client) ([]byte, error) {
	dep := ""
	if c.deprecated != "" {
		dep = "//\n// Deprecated: " + c.deprecated + "\n"
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by apigen from %s. DO NOT EDIT.\n", c.source)
	b.WriteString("// Regenerate with `go generate ./...`; see internal/cmd/apigen.\n\n")
	fmt.Fprintf(&b, "package %s\n\n", c.pkg)
	if c.noPrefix {
		b.WriteString("import (\n\"github.com/adamasdk/adama-go/adama\"\n\"github.com/adamasdk/adama-go/internal/call\"\n)\n\n")
	} else {
		b.WriteString("import (\n\"strings\"\n\n\"github.com/adamasdk/adama-go/adama\"\n\"github.com/adamasdk/adama-go/internal/call\"\n)\n\n")
		b.WriteString("// defaultPrefix is the group's path prefix under its host.\n")
		fmt.Fprintf(&b, "const defaultPrefix = %q\n\n", c.prefix)
	}
	b.WriteString(wrap(c.doc) + dep + "type Client struct {\n")
	if c.self {
		c.renderState(&b)
	}
	for _, f := range c.fields {
		fmt.Fprintf(&b, "%s%s *%s\n", wrap(f.name+" "+f.doc), f.name, f.typ)
	}
	optionDoc := "Option configures New."
	if c.optionDoc != "" {
		optionDoc = c.optionDoc
	}
	b.WriteString("}\n\n" + wrap(optionDoc) + dep + "type Option func(*config)\n\n")
	if c.noPrefix || len(c.config) > 0 {
		c.renderConfig(&b)
	} else {
		b.WriteString("type config struct{ prefix string }\n\n")
	}
	withPrefix := "WithPrefix replaces the path prefix (default " + c.prefix + "), for a deployment that serves the group elsewhere. A missing leading \"/\" is added and a trailing one dropped; "
	switch {
	case c.noPrefix:
	case c.rootOnEmpty:
		b.WriteString(wrap(withPrefix+"an empty p (or \"/\") means no prefix.") + dep)
		b.WriteString("func WithPrefix(p string) Option {\nreturn func(c *config) {\nc.prefix = \"/\" + strings.Trim(p, \"/\")\nif c.prefix == \"/\" {\nc.prefix = \"\"\n}\n}\n}\n\n")
	default:
		b.WriteString(wrap(withPrefix+"an empty p keeps the default.") + dep)
		b.WriteString("func WithPrefix(p string) Option {\nreturn func(c *config) {\nif p != \"\" {\nc.prefix = \"/\" + strings.Trim(p, \"/\")\n}\n}\n}\n\n")
	}
	b.WriteString(wrap(strings.TrimSpace("New returns the group's client on c. "+c.newDoc)) + dep)
	fmt.Fprintf(&b, "func New(c *adama.Client, opts ...Option) *Client {\ncfg := config{%s}\n", c.configInit())
	b.WriteString("for _, o := range opts {\nif o != nil {\no(&cfg)\n}\n}\n")
	prefix := ""
	if !c.noPrefix {
		prefix = " Prefix: cfg.prefix,"
	}
	fmt.Fprintf(&b, "g := &call.Group{Client: c, Host: %s,%s Auth: %s, Envelope: %s}\n", c.host, prefix, c.auth, c.envelope)
	b.WriteString("return &Client{\n")
	if c.self {
		b.WriteString("g: g,\n")
		for _, f := range c.state {
			fmt.Fprintf(&b, "%s: %s,\n", f.name, f.init)
		}
	}
	for _, f := range c.fields {
		init := ""
		if f.init != "" {
			init = ", " + f.init
		}
		fmt.Fprintf(&b, "%s: &%s{g: g%s},\n", f.name, f.typ, init)
	}
	b.WriteString("}\n}\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the generated client: %w\n%s", err, b.Bytes())
	}
	return out, nil
}

// generateClient returns the Go source of the Client of doc, or nil when
// the document does not describe it.
func generateClient(doc *openapi3.T, source string) ([]byte, error) {
	c, err := buildClient(doc, source)
	if err != nil || c == nil {
		return nil, err
	}
	return renderClient(c)
}

// writeClient writes the group's Client file into dir (see writeOptional).
func writeClient(group, dir string) error {
	return writeOptional(group, filepath.Join(dir, clientOut), generateClient)
}
