package entityfake

import "net/http"

// parseForm parses the request's form body, answering 400 when it is
// malformed; the fields are then in r.PostForm.
func parseForm(w http.ResponseWriter, r *http.Request) bool {
	if err := r.ParseForm(); err != nil {
		badRequest(w, r, "", "malformed form body")
		return false
	}
	return true
}

// pathID reads the positive id in the path value name, answering 400
// (field id) when it is not one.
func pathID(w http.ResponseWriter, r *http.Request, name string) (int64, bool) {
	id, ok := parseID(r.PathValue(name))
	if !ok {
		badRequest(w, r, "id", "id must be a positive integer")
	}
	return id, ok
}

// pathForm reads the positive id in the path value name and parses the
// form body (pathID, then parseForm).
func pathForm(w http.ResponseWriter, r *http.Request, name string) (int64, bool) {
	id, ok := pathID(w, r, name)
	return id, ok && parseForm(w, r)
}

// formItems reads the items prefix.<n>.<field> of the form body (indexed),
// answering 400 naming each other key, or with required when there are
// none.
func formItems(w http.ResponseWriter, r *http.Request, prefix, required string, fields ...string) ([]map[string]string, bool) {
	items, bad := indexed(r.PostForm, prefix, fields...)
	if refuse(w, r, unknownKeys(r.PostForm, inIndexed(prefix, bad))) {
		return nil, false
	}
	if len(items) == 0 {
		badRequest(w, r, prefix, required)
		return nil, false
	}
	return items, true
}
