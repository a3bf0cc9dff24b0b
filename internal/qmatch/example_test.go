package qmatch_test

import (
	"fmt"

	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/qlang"
)

// record is a stored entity as the fake server keeps it.
type record struct {
	id     int64
	fields map[string]string
}

func (r record) Field(name string) (string, bool) { v, ok := r.fields[name]; return v, ok }
func (r record) ID() int64                        { return r.id }
func (r record) Strings() []string {
	return []string{r.fields["name"]}
}

func ExampleMatch() {
	records := []record{
		{1, map[string]string{"name": "Acme Corp", "status": "1", "budget": "1500"}},
		{2, map[string]string{"name": "Acme Labs", "status": "0", "budget": "900"}},
		{3, map[string]string{"name": "Globex", "status": "1", "budget": "20000"}},
	}
	q, _ := qlang.Parse("name=:acme*&budget>=1000")
	for _, r := range records {
		if qmatch.Match(q, r) {
			fmt.Println(r.id, r.fields["name"])
		}
	}
	// Output:
	// 1 Acme Corp
}
