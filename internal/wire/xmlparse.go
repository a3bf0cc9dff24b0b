package wire

import (
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
)

// parseResult reads one <result> document from r into a Result.
//
// It accepts and rejects exactly what xml.Decoder.Decode into a Result
// does, and builds the same tree, without the reflection Decode pays for
// on every element and attribute: it reads raw tokens from the same
// tokenizer and does itself the two things Token adds to them for this
// tree (end elements must match their start, and the input must not end
// inside an element; name space prefixes only matter for the root's
// XMLName). Elements are matched on their local name, attributes too, a
// repeated single element decodes again into the same value, a repeated
// list element appends, and unknown elements are skipped, all as Decode
// does. TestParseMatchesDecode and FuzzParseMatchesDecode hold it to that.
func parseResult(r io.Reader, res *Result) error {
	p := xmlParser{d: xml.NewDecoder(r)}
	// Decode skips everything before the first start element.
	var start xml.StartElement
	for {
		tok, err := p.next()
		if err != nil {
			return err
		}
		if t, ok := tok.(xml.StartElement); ok {
			start = t
			break
		}
	}
	return p.result(res, &start)
}

// maxDepth is encoding/xml's limit on the depth of elements it decodes
// into a value (skipped elements are not counted).
const maxDepth = 10000

var errDepth = errors.New("exceeded max depth")

type xmlParser struct {
	d *xml.Decoder
	// open holds the raw names of the open elements.
	open []xml.Name
	// text collects a status element's character data.
	text []byte
	// amounts and times are chunks the props' amounts and local times are
	// carved from, a few allocations per page instead of one per prop.
	// Each prop's slice is capped at its length, so appending to it never
	// writes into a neighbour's.
	amounts []Amount
	times   []LocalTime
}

const chunk = 64

// next returns the next raw token, checked the way xml.Decoder.Token
// checks it.
func (p *xmlParser) next() (xml.Token, error) {
	tok, err := p.d.RawToken()
	if tok == nil {
		if err == nil {
			err = io.EOF
		}
		if err == io.EOF && len(p.open) > 0 {
			return nil, p.syntaxError("unexpected EOF")
		}
		return nil, err
	}
	switch t := tok.(type) {
	case xml.StartElement:
		p.open = append(p.open, t.Name)
	case xml.EndElement:
		if len(p.open) == 0 {
			return nil, p.syntaxError("unexpected end element </" + t.Name.Local + ">")
		}
		s := p.open[len(p.open)-1]
		p.open = p.open[:len(p.open)-1]
		switch {
		case s.Local != t.Name.Local:
			return nil, p.syntaxError("element <" + s.Local + "> closed by </" + t.Name.Local + ">")
		case s.Space != t.Name.Space:
			ns := t.Name.Space
			if ns == "" {
				ns = `""`
			}
			return nil, p.syntaxError("element <" + s.Local + "> in space " + s.Space +
				" closed by </" + t.Name.Local + "> in space " + ns)
		}
	}
	return tok, nil
}

func (p *xmlParser) syntaxError(msg string) error {
	line, _ := p.d.InputPos()
	return &xml.SyntaxError{Msg: msg, Line: line}
}

// enter is called for an element about to be decoded into a value.
func (p *xmlParser) enter() error {
	if len(p.open) > maxDepth {
		return errDepth
	}
	return nil
}

// skip consumes the rest of the element just opened.
func (p *xmlParser) skip() error {
	depth := 0
	for {
		tok, err := p.next()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth == 0 {
				return nil
			}
			depth--
		}
	}
}

// children calls child for every child element of the element just
// opened (which returns whether it consumed the element), skips the
// others, and returns at the element's end. text, if not nil, receives
// the element's own character data.
func (p *xmlParser) children(child func(xml.StartElement) (bool, error), text *[]byte) error {
	for {
		tok, err := p.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			done := false
			if child != nil {
				if done, err = child(t); err != nil {
					return err
				}
			}
			if !done {
				if err := p.skip(); err != nil {
					return err
				}
			}
		case xml.EndElement:
			return nil
		case xml.CharData:
			if text != nil {
				*text = append(*text, t...)
			}
		}
	}
}

func (p *xmlParser) result(res *Result, start *xml.StartElement) error {
	if start.Name.Local != "result" {
		return xml.UnmarshalError("expected element type <result> but have <" + start.Name.Local + ">")
	}
	res.XMLName = rootName(start)
	for _, a := range start.Attr {
		if a.Name.Local == "called_on" {
			res.CalledOn = a.Value
		}
	}
	return p.children(func(t xml.StartElement) (bool, error) {
		switch t.Name.Local {
		case "status":
			if err := p.enter(); err != nil {
				return true, err
			}
			if res.Status == nil {
				res.Status = &Status{}
			}
			return true, p.status(res.Status, &t)
		case "entity":
			if err := p.enter(); err != nil {
				return true, err
			}
			if res.Entity == nil {
				res.Entity = &Entity{}
			}
			return true, p.entity(res.Entity, &t)
		case "entities":
			if err := p.enter(); err != nil {
				return true, err
			}
			if res.Entities == nil {
				res.Entities = &Entities{}
			}
			return true, p.entities(res.Entities, &t)
		case "errors":
			if err := p.enter(); err != nil {
				return true, err
			}
			if res.Errors == nil {
				res.Errors = &FieldErrors{}
			}
			return true, p.fieldErrors(res.Errors)
		case "session":
			return true, p.session(&res.Session, &t)
		}
		return false, nil
	}, nil)
}

// session reads a <session sessionid expires/> element, beside the user's
// <entity> or inside it, into *dst.
func (p *xmlParser) session(dst **SessionElem, start *xml.StartElement) error {
	if err := p.enter(); err != nil {
		return err
	}
	if *dst == nil {
		*dst = &SessionElem{}
	}
	for _, a := range start.Attr {
		switch a.Name.Local {
		case "sessionid":
			(*dst).SessionID = a.Value
		case "expires":
			(*dst).Expires = a.Value
		}
	}
	return p.children(nil, nil)
}

// rootName is the root element's name as Token reports it: its prefix
// translated through the root's own name space declarations.
func rootName(start *xml.StartElement) xml.Name {
	n := start.Name
	switch {
	case n.Space == "xmlns":
		return n
	case n.Space == "xml":
		n.Space = "http://www.w3.org/XML/1998/namespace"
	case n.Space == "" && n.Local == "xmlns":
		return n
	}
	found := false
	url := ""
	for _, a := range start.Attr {
		if (a.Name.Space == "xmlns" && a.Name.Local == n.Space) ||
			(n.Space == "" && a.Name.Space == "" && a.Name.Local == "xmlns") {
			found, url = true, a.Value
		}
	}
	if found {
		n.Space = url
	}
	return n
}

func (p *xmlParser) status(s *Status, start *xml.StartElement) error {
	for _, a := range start.Attr {
		switch a.Name.Local {
		case "code":
			s.Code = a.Value
		case "reason":
			s.Reason = a.Value
		}
	}
	p.text = p.text[:0]
	if err := p.children(nil, &p.text); err != nil {
		return err
	}
	s.Text = string(p.text)
	return nil
}

func (p *xmlParser) entities(es *Entities, start *xml.StartElement) error {
	for _, a := range start.Attr {
		var err error
		switch a.Name.Local {
		case "count":
			es.Count, err = attrInt(a.Value)
			es.CountSet = strings.TrimSpace(a.Value) != ""
		case "start":
			es.Start, err = attrInt(a.Value)
		case "total_count":
			es.Total = a.Value
		case "target_op":
			es.TargetOp = a.Value
		}
		if err != nil {
			return err
		}
	}
	return p.children(func(t xml.StartElement) (bool, error) {
		if t.Name.Local != "entity" {
			return false, nil
		}
		if err := p.enter(); err != nil {
			return true, err
		}
		es.Entities = append(es.Entities, Entity{})
		return true, p.entity(&es.Entities[len(es.Entities)-1], &t)
	}, nil)
}

// attrInt reads an int attribute as encoding/xml does.
func attrInt(v string) (int, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, strconv.IntSize)
	return int(n), err
}

func (p *xmlParser) entity(e *Entity, start *xml.StartElement) error {
	for _, a := range start.Attr {
		switch a.Name.Local {
		case "name":
			e.Name = a.Value
		case "id":
			e.ID = a.Value
		case "type":
			e.Type = a.Value
		case "version":
			e.Version = a.Value
		case "rel":
			e.Rel = a.Value
		}
	}
	return p.children(func(t xml.StartElement) (bool, error) {
		switch t.Name.Local {
		case "prop":
			if err := p.enter(); err != nil {
				return true, err
			}
			if e.Props == nil {
				e.Props = make([]Prop, 0, 16)
			}
			e.Props = append(e.Props, Prop{})
			return true, p.prop(&e.Props[len(e.Props)-1], &t)
		case "entity":
			if err := p.enter(); err != nil {
				return true, err
			}
			e.Related = append(e.Related, Entity{})
			return true, p.entity(&e.Related[len(e.Related)-1], &t)
		case "session":
			return true, p.session(&e.Session, &t)
		}
		return false, nil
	}, nil)
}

func (p *xmlParser) prop(pr *Prop, start *xml.StartElement) error {
	for _, a := range start.Attr {
		switch a.Name.Local {
		case "name":
			pr.Name = a.Value
		case "value":
			pr.Value = a.Value
		case "currency_code":
			pr.CurrencyCode = a.Value
		}
	}
	return p.children(func(t xml.StartElement) (bool, error) {
		switch t.Name.Local {
		case "local_time":
			if err := p.enter(); err != nil {
				return true, err
			}
			if pr.LocalTime == nil {
				if len(p.times) == cap(p.times) {
					p.times = make([]LocalTime, 0, chunk)
				}
				p.times = p.times[:len(p.times)+1]
				pr.LocalTime = &p.times[len(p.times)-1]
			}
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "value":
					pr.LocalTime.Value = a.Value
				case "zone_name":
					pr.LocalTime.ZoneName = a.Value
				}
			}
			return true, p.children(nil, nil)
		case "amount":
			if err := p.enter(); err != nil {
				return true, err
			}
			var am Amount
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "currency_code":
					am.CurrencyCode = a.Value
				case "value":
					am.Value = a.Value
				}
			}
			if pr.Amounts == nil {
				if len(p.amounts) == cap(p.amounts) {
					p.amounts = make([]Amount, 0, chunk)
				}
				n := len(p.amounts)
				p.amounts = append(p.amounts, am)
				pr.Amounts = p.amounts[n : n+1 : n+1]
			} else {
				pr.Amounts = append(pr.Amounts, am)
			}
			return true, p.children(nil, nil)
		}
		return false, nil
	}, nil)
}

func (p *xmlParser) fieldErrors(fe *FieldErrors) error {
	return p.children(func(t xml.StartElement) (bool, error) {
		if t.Name.Local != "field-error" {
			return false, nil
		}
		if err := p.enter(); err != nil {
			return true, err
		}
		var f FieldError
		for _, a := range t.Attr {
			switch a.Name.Local {
			case "name":
				f.Name = a.Value
			case "error":
				f.Error = a.Value
			}
		}
		fe.Items = append(fe.Items, f)
		return true, p.children(nil, nil)
	}, nil)
}
