package entityfake

import "encoding/json"

// JSON returns the record under id of collection as the JSON object the
// store holds (no view applied), and whether there is one.
func (s *Store) JSON(collection string, id int64) ([]byte, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	c := s.cols[collection]
	if c == nil || c.get(id) == nil {
		return nil, false
	}
	b, err := json.Marshal(c.get(id))
	return b, err == nil
}

// Delete removes the record under id of collection, reporting whether
// there was one.
func (s *Store) Delete(collection string, id int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.cols[collection]
	if c == nil || c.get(id) == nil {
		return false
	}
	c.del(id)
	return true
}

// IDs returns the ids of collection in ascending order.
func (s *Store) IDs(collection string) []int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if c := s.cols[collection]; c != nil {
		return c.ids()
	}
	return nil
}

// Has reports whether the store serves collection.
func (s *Store) Has(collection string) bool { return s.cols[collection] != nil }
