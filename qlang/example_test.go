package qlang_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
)

func Example() {
	q := qlang.Where("status", qlang.Eq, 1).
		Like("name", "*acme*").
		Ge("start_date", "2026-01-01T00:00:00+0000").
		IDs(1, 2, 3).
		Search("foo bar")
	fmt.Println(q.String())

	enc, err := q.Encode()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(enc)
	// Output:
	// status==1&name=:*acme*&start_date>=2026-01-01T00:00:00+0000&(1,2,3)&<foo bar>
	// status%3D%3D1%26name%3D%3A%2Aacme%2A%26start_date%3E%3D2026-01-01T00%3A00%3A00%2B0000%26%281%2C2%2C3%29%26%3Cfoo+bar%3E
}

func ExampleQuery_Validate() {
	q := qlang.Where("name", qlang.Eq, "").IDs(0)
	err := q.Validate()
	fmt.Println(errors.Is(err, adama.ErrValidation))
	var ve *adama.ValidationError
	if errors.As(err, &ve) {
		for _, v := range ve.Violations {
			fmt.Println(v)
		}
	}
	// Output:
	// true
	// q.terms[0].value: value of name required
	// q.terms[1].ids[0]: id 0 must be between 1 and 2147483647 (got 0)
}

func ExampleParse() {
	q, err := qlang.Parse("price<=9.5&name=:acme*&(7,8)&<blue>")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range q.Terms {
		switch t := t.(type) {
		case qlang.Predicate:
			fmt.Printf("predicate %s %s %q\n", t.Field, t.Op, t.Value)
		case qlang.IDList:
			fmt.Println("ids", []int64(t))
		case qlang.TextSearch:
			fmt.Printf("search %q\n", string(t))
		}
	}

	_, err = qlang.Parse("status=1&(0)")
	fmt.Println(err)
	// Output:
	// predicate price <= "9.5"
	// predicate name =: "acme*"
	// ids [7 8]
	// search "blue"
	// adama: invalid request: q: term 0 at offset 6: unknown operator after field status: want one of ==, !=, =:, <, <=, >, >=, :null, :!null (got status=1); q: term 1 at offset 10: id 0 must be between 1 and 2147483647 (got (0))
}

func ExampleQuery_IsNull() {
	q := qlang.Where("name", qlang.Eq, "Smith & Sons").IsNull("end_date").NotNull("budget")
	fmt.Println(q.String())
	// Output:
	// name==Smith %26 Sons&end_date:null&budget:!null
}

// Clone branches two queries from a common base; a time value is written
// in TimeLayout.
func ExampleQuery_Clone() {
	base := qlang.Where("status", qlang.Eq, true)
	running := base.Clone().Le("start_date", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	named := base.Clone().Like("name", "*acme*")
	fmt.Println(base)
	fmt.Println(running)
	fmt.Println(named)
	// Output:
	// status==1
	// status==1&start_date<=2026-01-01T00:00:00+0000
	// status==1&name=:*acme*
}
