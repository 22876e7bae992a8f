// Package server implements a tiny key-value HTTP server.
package server

import (
	"encoding/json"
	"net/http"
	"sync"
)

// DefaultAddr is where the server listens when no address is given.
const DefaultAddr = ":8080"

const (
	maxKeyLen   = 256
	maxValueLen = 1 << 20
)

// Store is a concurrency-safe map of keys to values.
type Store struct {
	mu   sync.RWMutex
	data map[string]string
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{data: make(map[string]string)}
}

// Get returns the value stored under key and whether it exists.
func (s *Store) Get(key string) (string, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.data[key]
	return v, ok
}

// Put stores value under key, replacing any previous value.
func (s *Store) Put(key, value string) error {
	if len(key) > maxKeyLen || len(value) > maxValueLen {
		return errTooLarge
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data[key] = value
	return nil
}

var errTooLarge = &httpError{code: http.StatusRequestEntityTooLarge, msg: "key or value too large"}

type httpError struct {
	code int
	msg  string
}

func (e *httpError) Error() string { return e.msg }

// Handler serves GET and PUT requests for /kv/{key}. GET answers with the
// value as JSON, PUT reads the request body as the new value. Every other
// method is rejected with 405 so that clients notice typos early.
func Handler(s *Store) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.Path[len("/kv/"):]
		if key == "" {
			http.Error(w, "missing key", http.StatusBadRequest)
			return
		}
		switch r.Method {
		case http.MethodGet:
			v, ok := s.Get(key)
			if !ok {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			if err := json.NewEncoder(w).Encode(map[string]string{"key": key, "value": v}); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
			}
		case http.MethodPut:
			var body struct {
				Value string `json:"value"`
			}
			if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
				http.Error(w, "bad json: "+err.Error(), http.StatusBadRequest)
				return
			}
			if err := s.Put(key, body.Value); err != nil {
				var he *httpError
				if e, ok := err.(*httpError); ok {
					he = e
					http.Error(w, he.msg, he.code)
					return
				}
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.WriteHeader(http.StatusNoContent)
		case http.MethodDelete:
			s.mu.Lock()
			delete(s.data, key)
			s.mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
		default:
			w.Header().Set("Allow", "GET, PUT, DELETE")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		}
	})
}
