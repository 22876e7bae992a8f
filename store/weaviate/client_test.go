package weaviate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func fastClient(t *testing.T, url string) *Client {
	t.Helper()
	c, err := New(Config{URL: url, Attempts: 3, BaseDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestUnreachableErrorNamesURL(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there now
	err = fastClient(t, url).EnsureSchema(context.Background())
	if !errors.Is(err, ErrUnreachable) {
		t.Fatalf("error %v does not wrap ErrUnreachable", err)
	}
	if !strings.Contains(err.Error(), url) || !strings.Contains(err.Error(), "after 3 attempts") {
		t.Fatalf("error %q should name %s and the attempts", err, url)
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	for _, cfg := range []Config{{URL: "localhost:8080"}, {URL: "ftp://x"}, {URL: "http://x", Prefix: "lower"}, {URL: "http://x", Prefix: "A-b"}} {
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v) accepted a bad config", cfg)
		}
	}
}

func TestTransientErrorsAreRetried(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) < 3 {
			http.Error(w, `{"error":[{"message":"busy"}]}`, http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, `{"properties":{"generation":7}}`)
	}))
	defer srv.Close()
	gen, err := fastClient(t, srv.URL).Committed(context.Background(), "repo1")
	if err != nil || gen != 7 {
		t.Fatalf("Committed = %d, %v; want 7 after two 503s", gen, err)
	}
	if calls.Load() != 3 {
		t.Fatalf("%d requests, want 3", calls.Load())
	}
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.WriteHeader(http.StatusUnprocessableEntity)
		io.WriteString(w, `{"error":[{"message":"class CodeseekCommit has multi-tenancy disabled"}]}`)
	}))
	defer srv.Close()
	_, err := fastClient(t, srv.URL).Committed(context.Background(), "repo1")
	var se *StatusError
	if !errors.As(err, &se) || se.Status != 422 || !strings.Contains(err.Error(), "multi-tenancy disabled") {
		t.Fatalf("error %v: want a 422 StatusError carrying Weaviate's message", err)
	}
	if calls.Load() != 1 {
		t.Fatalf("%d requests, want 1", calls.Load())
	}
}

func TestBatchResendsOnlyFailedObjects(t *testing.T) {
	var sent [][]string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Objects []object }
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Error(err)
		}
		var ids []string
		var res []map[string]any
		for _, o := range body.Objects {
			ids = append(ids, o.ID)
			r := map[string]any{"id": o.ID, "result": map[string]any{}}
			if o.ID == "b" && len(sent) == 0 {
				r["result"] = map[string]any{"errors": map[string]any{"error": []map[string]string{{"message": "cannot achieve consistency level QUORUM"}}}}
			}
			res = append(res, r)
		}
		sent = append(sent, ids)
		json.NewEncoder(w).Encode(res)
	}))
	defer srv.Close()
	c := fastClient(t, srv.URL)
	if err := c.put(context.Background(), []object{{ID: "a"}, {ID: "b"}, {ID: "c"}}); err != nil {
		t.Fatal(err)
	}
	if want := [][]string{{"a", "b", "c"}, {"b"}}; !reflect.DeepEqual(sent, want) {
		t.Fatalf("batches sent %v, want %v", sent, want)
	}
}

func TestBatchGivesUpWithTheMessage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `[{"id":"a","result":{"errors":{"error":[{"message":"vector lengths don't match"}]}}}]`)
	}))
	defer srv.Close()
	err := fastClient(t, srv.URL).put(context.Background(), []object{{ID: "a"}})
	if err == nil || !strings.Contains(err.Error(), "vector lengths don't match") || !strings.Contains(err.Error(), srv.URL) {
		t.Fatalf("error %v: want the object's message and the URL", err)
	}
}

func TestChunkPropertiesMatchSchema(t *testing.T) {
	var tags []string
	typ := reflect.TypeFor[chunkProps]()
	for i := range typ.NumField() {
		tags = append(tags, typ.Field(i).Tag.Get("json"))
	}
	var names []string
	for _, p := range chunkProperties {
		names = append(names, p.Name)
	}
	if !reflect.DeepEqual(tags, names) {
		t.Fatalf("chunkProps fields %v differ from the schema's %v", tags, names)
	}
}

func TestObjectIDIsAStableUUID(t *testing.T) {
	a, b := objectID("r", "1", "x.go", "c1"), objectID("r", "2", "x.go", "c1")
	if a != objectID("r", "1", "x.go", "c1") || a == b {
		t.Fatalf("ids %s %s: want stable per input and different per generation", a, b)
	}
	if len(a) != 36 || a[14] != '5' || !strings.ContainsAny(a[19:20], "89ab") {
		t.Fatalf("%s is not a version-5 UUID", a)
	}
}

func TestRepoMustBeATenantName(t *testing.T) {
	for _, bad := range []string{"", "a/b", "a b", strings.Repeat("x", 65)} {
		if checkRepo(bad) == nil {
			t.Errorf("repository id %q accepted", bad)
		}
	}
	if err := checkRepo("0123456789ab"); err != nil {
		t.Fatal(err)
	}
}

func TestWarningNamesBlockMaxWAND(t *testing.T) {
	for _, bmw := range []bool{true, false} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/v1/schema/CodeseekChunk" {
				http.NotFound(w, r)
				return
			}
			fmt.Fprintf(w, `{"class":"CodeseekChunk","replicationConfig":{"factor":3},"invertedIndexConfig":{"usingBlockMaxWAND":%v}}`, bmw)
		}))
		c := fastClient(t, srv.URL)
		got := c.Warning(context.Background())
		if bmw != strings.Contains(got, "USE_INVERTED_SEARCHABLE=false") {
			t.Errorf("usingBlockMaxWAND %v: warning %q", bmw, got)
		}
		if ok, err := c.replicated(context.Background()); !ok || err != nil {
			t.Errorf("replicated = %v, %v; want true from factor 3", ok, err)
		}
		srv.Close()
	}
}
