package adama

// Page is one page of any list the SDK returns, whatever the group: the
// items and the metadata the server sent with them. Groups that answer
// with bare arrays leave the metadata at zero.
type Page[T any] struct {
	// Items holds the page's records in the server's order.
	Items []T
	// Count is the number of records the server says are on the page
	// (len(Items) when it did not say).
	Count int
	// Offset is the index of the page's first record in the whole list.
	Offset int
	// TotalCount is the number of records in the whole list; 0 when the
	// server did not say (see HasTotal).
	TotalCount int
	// HasTotal reports whether the server sent a total.
	HasTotal bool
	// NextPage and PrevPage are the server's links to the neighbouring
	// pages, when it sends them.
	NextPage, PrevPage string
	// CalledOn is the server's time of the call, as it sent it.
	CalledOn string
}
