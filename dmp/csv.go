package dmp

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// CSVColumns returns the columns of the taxonomy CSV, in the order
// WriteCSV writes them (specification §2.11).
//
// Deprecated: the taxonomy CSV feeds the v2.0 taxonomy writes, which the
// v3.0 interface does not have; nothing replaces it.
func CSVColumns() []string { return append([]string(nil), csvColumns[:]...) }

const nColumns = 6

// csvColumns is indexed by column: 0 full_path ... 5 buyable.
var csvColumns = [nColumns]string{"full_path", "code", "uniques", "wholesale_cpm", "retail_cpm", "buyable"}

// maxLineErrors bounds the malformed rows ReadCSV lists (the count of the
// rest is reported).
const maxLineErrors = 1000

// Row is one row of the taxonomy CSV.
//
// Deprecated: the taxonomy CSV feeds the v2.0 taxonomy writes, which the
// v3.0 interface does not have; nothing replaces it.
type Row struct {
	// Line is the row's line number in the file (the header is line 1).
	Line int
	// Path holds the node's names from the root (full_path without the
	// pipes).
	Path []string
	// Code is the provider's segment id (an integer).
	Code string
	// Uniques is the audience size.
	Uniques *int64
	// WholesaleCPM and RetailCPM are USD CPMs with at most 2 decimals.
	WholesaleCPM, RetailCPM *adama.Decimal
	// Buyable marks a segment; a non-buyable row needs only full_path.
	Buyable bool
}

// CSVReader reads the taxonomy CSV one row at a time in constant memory.
//
// Deprecated: the taxonomy CSV feeds the v2.0 taxonomy writes, which the
// v3.0 interface does not have; nothing replaces it.
type CSVReader struct {
	cr  *csv.Reader
	col [nColumns]int
}

// NewCSVReader reads the header row of r. The columns are found by name;
// full_path is required, the others may be missing (empty).
//
// Deprecated: the taxonomy CSV feeds the v2.0 taxonomy writes, which the
// v3.0 interface does not have; nothing replaces it.
func NewCSVReader(r io.Reader) (*CSVReader, error) {
	cr := csv.NewReader(bufio.NewReaderSize(r, 64<<10))
	cr.ReuseRecord = true
	cr.FieldsPerRecord = -1
	h, err := cr.Read()
	if err == io.EOF {
		return nil, lineError(1, "header", "the CSV has no header row", nil)
	}
	if err != nil {
		return nil, lineError(1, "header", err.Error(), nil)
	}
	rd := &CSVReader{cr: cr}
	for i := range rd.col {
		rd.col[i] = -1
	}
	for i, name := range h {
		name = strings.TrimSpace(strings.TrimPrefix(name, "\ufeff"))
		for j, c := range csvColumns {
			if strings.EqualFold(name, c) && rd.col[j] < 0 {
				rd.col[j] = i
			}
		}
	}
	if rd.col[0] < 0 {
		return nil, lineError(1, "header", "no full_path column", strings.Join(h, ","))
	}
	return rd, nil
}

func lineError(line int, col, rule string, value any) *adama.ValidationError {
	return &adama.ValidationError{Violations: []adama.Violation{{Field: "line " + strconv.Itoa(line) + ": " + col, Rule: rule, Value: value}}}
}

// Next returns the next row. At the end it returns io.EOF. A malformed row
// is an *adama.ValidationError naming its line and every broken rule;
// reading goes on with the next row. Other errors (the stream's) end the
// reading.
//
// Deprecated: the taxonomy CSV feeds the v2.0 taxonomy writes, which the
// v3.0 interface does not have; nothing replaces it.
func (r *CSVReader) Next() (Row, error) {
	rec, err := r.cr.Read()
	if err == io.EOF {
		return Row{}, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) && (errors.Is(pe.Err, csv.ErrQuote) || errors.Is(pe.Err, csv.ErrBareQuote)) {
			return Row{Line: pe.Line}, lineError(pe.Line, "row", pe.Err.Error(), nil)
		}
		return Row{}, err
	}
	line, _ := r.cr.FieldPos(0) // safe: a successful Read has a field
	row := Row{Line: line}
	var v valid.Validator
	var pre string
	prefix := func() string { // built only for a broken rule
		if pre == "" {
			pre = "line " + strconv.Itoa(line) + ": "
		}
		return pre
	}
	get := func(i int) string {
		if c := r.col[i]; c >= 0 && c < len(rec) {
			if i == 0 {
				return rec[c] // names keep their spaces
			}
			return strings.TrimSpace(rec[c])
		}
		return ""
	}
	path := get(0)
	switch {
	case path == "":
		v.Add(prefix()+"full_path", "required", nil)
	case path[0] != '|':
		v.Add(prefix()+"full_path", "must start with a pipe", path)
	default:
		row.Path = strings.Split(path[1:], "|")
		for _, name := range row.Path {
			if name == "" {
				v.Add(prefix()+"full_path", "empty node name", path)
				break
			}
			if !utf8.ValidString(name) || utf8.RuneCountInString(name) > MaxNameLen {
				v.Add(prefix()+"full_path", "node names are valid UTF-8 of at most 255 characters", truncate(name, 40))
				break
			}
		}
	}
	switch b := get(5); b {
	case "1":
		row.Buyable = true
	case "0", "":
	default:
		v.Add(prefix()+"buyable", "1 or 0", b)
	}
	if c := get(1); c != "" {
		if _, err := strconv.ParseInt(c, 10, 64); err != nil {
			v.Add(prefix()+"code", "an integer", c)
		}
		row.Code = c
	} else if row.Buyable {
		v.Add(prefix()+"code", "required for a buyable row", nil)
	}
	if u := get(2); u != "" {
		n, err := strconv.ParseInt(u, 10, 64)
		if err != nil || n < 0 {
			v.Add(prefix()+"uniques", "a non-negative integer", u)
		} else {
			row.Uniques = &n
		}
	} else if row.Buyable {
		v.Add(prefix()+"uniques", "required for a buyable row", nil)
	}
	for _, c := range []struct {
		i   int
		dst **adama.Decimal
	}{{3, &row.WholesaleCPM}, {4, &row.RetailCPM}} {
		s := get(c.i)
		if s == "" {
			if row.Buyable {
				v.Add(prefix()+csvColumns[c.i], "required for a buyable row", nil)
			}
			continue
		}
		d, err := parseCPM(s)
		if err != nil {
			v.Add(prefix()+csvColumns[c.i], err.Error(), s)
			continue
		}
		*c.dst = &d
	}
	if err := v.Err(); err != nil {
		return row, err
	}
	return row, nil
}

// parseCPM reads a non-negative decimal with at most 2 decimals.
func parseCPM(s string) (adama.Decimal, error) {
	if strings.ContainsAny(s, "eE") {
		return adama.Decimal{}, errors.New("a decimal with at most 2 places")
	}
	d, err := adama.ParseDecimal(s)
	if err != nil {
		return d, errors.New("a decimal with at most 2 places")
	}
	if _, frac, ok := strings.Cut(d.String(), "."); ok && len(frac) > 2 {
		return d, errors.New("a decimal with at most 2 places")
	}
	if d.Cmp(adama.Decimal{}) < 0 {
		return d, errors.New("must be >= 0")
	}
	return d, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// ReadCSV reads a taxonomy CSV into its tree: the first name of every
// full_path is the root; rows come in any order, and a node whose own row
// is missing is made non-buyable. Every malformed row is reported, by line
// number, in one *adama.ValidationError (codes must also be unique and
// full paths not repeated); nothing is returned then.
//
// Deprecated: the taxonomy CSV feeds the v2.0 taxonomy writes, which the
// v3.0 interface does not have; nothing replaces it.
func ReadCSV(r io.Reader) (*Node, error) {
	rd, err := NewCSVReader(r)
	if err != nil {
		return nil, err
	}
	var (
		root    *Node
		bad     valid.Validator
		extra   int
		byPath  = map[string]*Node{}
		hasRow  = map[*Node]bool{}
		codes   = map[string]int{}
		addViol = func(ve *adama.ValidationError) {
			for _, x := range ve.Violations {
				if bad.Len() >= maxLineErrors {
					extra++
					continue
				}
				bad.Add(x.Field, x.Rule, x.Value)
			}
		}
	)
	for {
		row, err := rd.Next()
		if err == io.EOF {
			break
		}
		var ve *adama.ValidationError
		if errors.As(err, &ve) {
			addViol(ve)
			continue
		}
		if err != nil {
			return nil, err
		}
		if root == nil {
			root = &Node{Name: row.Path[0]}
			byPath[row.Path[0]] = root
		} else if row.Path[0] != root.Name {
			addViol(lineError(row.Line, "full_path", "every path starts at the root "+strconv.Quote(root.Name), "|"+strings.Join(row.Path, "|")))
			continue
		}
		if row.Code != "" {
			if first, dup := codes[row.Code]; dup {
				addViol(lineError(row.Line, "code", fmt.Sprintf("must be unique (also on line %d)", first), row.Code))
				continue
			}
			codes[row.Code] = row.Line
		}
		n := root
		key := row.Path[0]
		for _, name := range row.Path[1:] {
			key += "|" + name
			c := byPath[key]
			if c == nil {
				c = &Node{Name: name}
				byPath[key] = c
				n.Children = append(n.Children, c)
			}
			n = c
		}
		if hasRow[n] {
			addViol(lineError(row.Line, "full_path", "repeated", "|"+key))
			continue
		}
		hasRow[n] = true
		n.Code, n.Uniques, n.WholesaleCPM, n.RetailCPM, n.Buyable = row.Code, row.Uniques, row.WholesaleCPM, row.RetailCPM, row.Buyable
	}
	if extra > 0 {
		bad.Add("csv", fmt.Sprintf("and %d more malformed rows", extra), nil)
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	if root == nil {
		return nil, lineError(2, "full_path", "the CSV has no rows", nil)
	}
	return root, nil
}

// WriteCSV writes the tree under root as a taxonomy CSV, one row per node
// depth first (root included): full_path from the root, starting with a
// pipe; CPMs with 2 decimals; buyable 1 or 0; empty cells for what a node
// does not have. A tree the CSV cannot hold exactly (a name with a pipe or
// none, a code that is not an integer, a CPM with more than 2 decimals) is
// refused, every problem named in one *adama.ValidationError, before
// anything is written.
//
// Deprecated: the taxonomy CSV feeds the v2.0 taxonomy writes, which the
// v3.0 interface does not have; nothing replaces it.
func WriteCSV(w io.Writer, root *Node) error {
	if root == nil {
		var v valid.Validator
		v.Require("taxonomy", false)
		return v.Err()
	}
	var v valid.Validator
	root.Walk(func(path []string, n *Node) bool {
		f := "|" + strings.Join(path, "|")
		if n.Name == "" || strings.ContainsAny(n.Name, "|\r\n") {
			v.Add(f, "a node name must be non-empty, without pipes or line breaks", n.Name)
		}
		if n.Code != "" {
			if _, err := strconv.ParseInt(n.Code, 10, 64); err != nil {
				v.Add(f, "the CSV code is an integer", n.Code)
			}
		}
		for _, d := range []*adama.Decimal{n.WholesaleCPM, n.RetailCPM} {
			if d != nil {
				if _, err := parseCPM(d.String()); err != nil {
					v.Add(f, "CPMs in the CSV are non-negative with at most 2 decimals", d.String())
				}
			}
		}
		return v.Len() < maxLineErrors
	})
	if err := v.Err(); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := csv.NewWriter(bw)
	if err := cw.Write(csvColumns[:]); err != nil {
		return err
	}
	rec := make([]string, nColumns)
	var werr error
	root.Walk(func(path []string, n *Node) bool {
		rec[0] = "|" + strings.Join(path, "|")
		rec[1] = n.Code
		rec[2] = ""
		if n.Uniques != nil {
			rec[2] = strconv.FormatInt(*n.Uniques, 10)
		}
		rec[3], rec[4] = fixed2(n.WholesaleCPM), fixed2(n.RetailCPM)
		rec[5] = "0"
		if n.Buyable {
			rec[5] = "1"
		}
		werr = cw.Write(rec)
		return werr == nil
	})
	if werr != nil {
		return werr
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

func fixed2(d *adama.Decimal) string {
	if d == nil {
		return ""
	}
	return d.StringFixed(2)
}
