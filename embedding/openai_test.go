package embedding

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeEmbedServer speaks the OpenAI /embeddings protocol on loopback. The
// vector for "doc-N" is (1, N, 0, ...), so after normalisation v[1]/v[0]
// recovers N and proves the order; results are sent in reverse with their
// index set, as a server may legitimately do.
type fakeEmbedServer struct {
	t   *testing.T
	dim int
	// fail, when set, may answer request number n (1-based, the probe is
	// 1) itself and return true.
	fail func(n int, w http.ResponseWriter) bool

	requests atomic.Int32
	mu       sync.Mutex
	batches  [][]string
	dims     []int
	srv      *httptest.Server
}

func newFakeEmbedServer(t *testing.T, dim int, fail func(n int, w http.ResponseWriter) bool) *fakeEmbedServer {
	t.Helper()
	f := &fakeEmbedServer{t: t, dim: dim, fail: fail}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeEmbedServer) url() string { return f.srv.URL + "/v1" }

func (f *fakeEmbedServer) serve(w http.ResponseWriter, r *http.Request) {
	n := int(f.requests.Add(1))
	if r.URL.Path != "/v1/embeddings" || r.Method != http.MethodPost {
		http.Error(w, `{"error":{"message":"not found","type":"invalid_request_error"}}`, http.StatusNotFound)
		return
	}
	if f.fail != nil && f.fail(n, w) {
		return
	}
	var req struct {
		Input      []string `json:"input"`
		Model      string   `json:"model"`
		Dimensions int      `json:"dimensions"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.batches = append(f.batches, req.Input)
	f.dims = append(f.dims, req.Dimensions)
	f.mu.Unlock()
	dim := f.dim
	if req.Dimensions > 0 {
		dim = req.Dimensions
	}
	type item struct {
		Object    string    `json:"object"`
		Embedding []float32 `json:"embedding"`
		Index     int       `json:"index"`
	}
	data := make([]item, 0, len(req.Input))
	for i := len(req.Input) - 1; i >= 0; i-- {
		if req.Input[i] == "" {
			http.Error(w, `{"error":{"message":"empty input"}}`, http.StatusBadRequest)
			return
		}
		v := make([]float32, dim)
		v[0] = 1
		if num, ok := strings.CutPrefix(req.Input[i], "doc-"); ok {
			x, _ := strconv.Atoi(num)
			v[1] = float32(x)
		}
		data = append(data, item{Object: "embedding", Embedding: v, Index: i})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": req.Model})
}

// embedBatchesAfterProbe returns the batches of successful requests other
// than the start-up probe.
func (f *fakeEmbedServer) embedBatchesAfterProbe() [][]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.batches[1:])
}

// recordSleeps replaces real waiting so retry tests run instantly while
// still observing the delays chosen.
type recordSleeps struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (r *recordSleeps) sleep(ctx context.Context, d time.Duration) error {
	r.mu.Lock()
	r.waits = append(r.waits, d)
	r.mu.Unlock()
	return ctx.Err()
}

func (r *recordSleeps) get() []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.waits)
}

func docs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("doc-%d", i)
	}
	return out
}

// checkOrder asserts vecs[i] is the unit vector of "doc-i".
func checkOrder(t *testing.T, vecs [][]float32, n, dim int) {
	t.Helper()
	if len(vecs) != n {
		t.Fatalf("got %d vectors, want %d", len(vecs), n)
	}
	for i, v := range vecs {
		if len(v) != dim {
			t.Fatalf("vector %d has length %d, want %d", i, len(v), dim)
		}
		var norm float64
		for _, x := range v {
			norm += float64(x) * float64(x)
		}
		if math.Abs(norm-1) > 1e-4 {
			t.Fatalf("vector %d not unit length: |v|^2 = %v", i, norm)
		}
		if got := math.Round(float64(v[1] / v[0])); got != float64(i) {
			t.Fatalf("vector %d belongs to doc-%v: order not preserved", i, got)
		}
	}
}

func jsonError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"error":{"message":%q,"type":"test_error"}}`, msg)
}

func TestOpenAIRetriesOn429WithRetryAfter(t *testing.T) {
	f := newFakeEmbedServer(t, 4, func(n int, w http.ResponseWriter) bool {
		if n == 2 || n == 3 { // the first two requests after the probe
			w.Header().Set("Retry-After", "0")
			jsonError(w, http.StatusTooManyRequests, "slow down")
			return true
		}
		return false
	})
	rec := &recordSleeps{}
	e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url(), Model: "m", sleep: rec.sleep})
	if err != nil {
		t.Fatal(err)
	}
	vecs, err := e.EmbedDocuments(t.Context(), docs(10))
	if err != nil {
		t.Fatal(err)
	}
	checkOrder(t, vecs, 10, 4)
	if got := f.requests.Load(); got != 4 {
		t.Errorf("server saw %d requests, want 4 (probe, two 429s, success)", got)
	}
	if got := rec.get(); !slices.Equal(got, []time.Duration{0, 0}) {
		t.Errorf("waits = %v, want Retry-After's [0 0]", got)
	}
}

func TestOpenAIHonoursRetryAfter(t *testing.T) {
	date := time.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)
	for _, tc := range []struct {
		header   string
		min, max time.Duration
	}{
		{"7", 7 * time.Second, 7 * time.Second},
		{date, 85 * time.Second, 90 * time.Second},
		{"86400", maxRetryAfter, maxRetryAfter},
	} {
		t.Run(tc.header, func(t *testing.T) {
			f := newFakeEmbedServer(t, 4, func(n int, w http.ResponseWriter) bool {
				if n == 2 {
					w.Header().Set("Retry-After", tc.header)
					jsonError(w, http.StatusServiceUnavailable, "busy")
					return true
				}
				return false
			})
			rec := &recordSleeps{}
			e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url(), Model: "m", sleep: rec.sleep})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.EmbedQuery(t.Context(), "doc-3"); err != nil {
				t.Fatal(err)
			}
			got := rec.get()
			if len(got) != 1 || got[0] < tc.min || got[0] > tc.max {
				t.Fatalf("waits = %v, want one in [%v, %v]", got, tc.min, tc.max)
			}
		})
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"0", 0, true},
		{" 3 ", 3 * time.Second, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{now.Add(10 * time.Second).Format(http.TimeFormat), 10 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
	} {
		got, ok := parseRetryAfter(tc.in, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestOpenAIRetriesOn500WithBackoff(t *testing.T) {
	f := newFakeEmbedServer(t, 4, func(n int, w http.ResponseWriter) bool {
		if n == 2 {
			http.Error(w, "internal oops", http.StatusInternalServerError) // not JSON
			return true
		}
		return false
	})
	rec := &recordSleeps{}
	e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url(), Model: "m", sleep: rec.sleep, backoffBase: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	vecs, err := e.EmbedDocuments(t.Context(), docs(5))
	if err != nil {
		t.Fatal(err)
	}
	checkOrder(t, vecs, 5, 4)
	if got := f.requests.Load(); got != 3 {
		t.Errorf("server saw %d requests, want 3", got)
	}
	// Equal jitter: between half and all of the base delay.
	if got := rec.get(); len(got) != 1 || got[0] < 50*time.Millisecond || got[0] > 100*time.Millisecond {
		t.Errorf("waits = %v, want one in [50ms, 100ms]", got)
	}
}

func TestOpenAIGivesUpAfterMaxRetries(t *testing.T) {
	f := newFakeEmbedServer(t, 4, func(n int, w http.ResponseWriter) bool {
		if n > 1 {
			jsonError(w, http.StatusBadGateway, "upstream down")
			return true
		}
		return false
	})
	rec := &recordSleeps{}
	e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url(), Model: "m", MaxRetries: 2, sleep: rec.sleep, backoffBase: time.Second, maxBackoff: 1500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.EmbedDocuments(t.Context(), docs(3))
	if err == nil {
		t.Fatal("want error")
	}
	for _, want := range []string{"502", "upstream down", "after 2 retries"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if got := f.requests.Load(); got != 4 {
		t.Errorf("server saw %d requests, want 4 (probe + 1 + 2 retries)", got)
	}
	// Second wait is capped at maxBackoff (1.5s), not 2s.
	got := rec.get()
	if len(got) != 2 || got[1] > 1500*time.Millisecond || got[1] < 750*time.Millisecond {
		t.Errorf("waits = %v, want 2 with the second within the cap", got)
	}
}

func TestOpenAIDoesNotRetry400(t *testing.T) {
	f := newFakeEmbedServer(t, 4, func(n int, w http.ResponseWriter) bool {
		if n > 1 {
			jsonError(w, http.StatusBadRequest, "input is too long for this model")
			return true
		}
		return false
	})
	rec := &recordSleeps{}
	e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url(), Model: "m", sleep: rec.sleep})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.EmbedDocuments(t.Context(), docs(3))
	if err == nil {
		t.Fatal("want error")
	}
	for _, want := range []string{"400", "input is too long for this model", f.url()} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if got := f.requests.Load(); got != 2 {
		t.Errorf("server saw %d requests, want 2 (no retry)", got)
	}
	if len(rec.get()) != 0 {
		t.Errorf("slept %v, want no retry", rec.get())
	}
}

func TestOpenAIBatchingPreservesOrder(t *testing.T) {
	f := newFakeEmbedServer(t, 8, nil)
	e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url(), Model: "m", BatchSize: 64, Concurrency: 3})
	if err != nil {
		t.Fatal(err)
	}
	in := docs(150)
	in[70] = "" // must be sent as " "
	vecs, err := e.EmbedDocuments(t.Context(), in)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != 150 {
		t.Fatalf("got %d vectors", len(vecs))
	}
	// The empty text got the fake's plain (1, 0, ...) vector; substitute
	// doc-70's so checkOrder can verify the rest.
	if vecs[70][0] != 1 || vecs[70][1] != 0 {
		t.Errorf("empty text: got %v", vecs[70])
	}
	vecs[70] = make([]float32, 8)
	vecs[70][0], vecs[70][1] = 1, 70
	Normalize(vecs[70])
	checkOrder(t, vecs, 150, 8)

	batches := f.embedBatchesAfterProbe()
	var sizes []int
	for _, b := range batches {
		sizes = append(sizes, len(b))
		if slices.Contains(b, "") {
			t.Error("empty string sent to the server")
		}
	}
	slices.Sort(sizes)
	if !slices.Equal(sizes, []int{22, 64, 64}) {
		t.Errorf("batch sizes = %v, want [22 64 64]", sizes)
	}
}

func TestOpenAICancelDuringBackoff(t *testing.T) {
	f := newFakeEmbedServer(t, 4, func(n int, w http.ResponseWriter) bool {
		if n > 1 {
			jsonError(w, http.StatusServiceUnavailable, "loading")
			return true
		}
		return false
	})
	// Real sleeping with a 10s base: only cancellation can end it quickly.
	e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url(), Model: "m", backoffBase: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err = e.EmbedDocuments(ctx, docs(200)) // several batches in flight
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v to honour cancellation", d)
	}
}

func TestOpenAIConfigErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deadURL := "http://" + ln.Addr().String() + "/v1"
	ln.Close() // nothing listens there now

	f := newFakeEmbedServer(t, 4, nil)
	for _, tc := range []struct {
		name string
		cfg  OpenAIConfig
		want []string
	}{
		{"no model", OpenAIConfig{BaseURL: f.url()}, []string{"--embed-model"}},
		{"blank model", OpenAIConfig{BaseURL: f.url(), Model: "  "}, []string{"--embed-model"}},
		{"negative dims", OpenAIConfig{BaseURL: f.url(), Model: "m", Dimensions: -1}, []string{"dimensions"}},
		{"negative batch", OpenAIConfig{BaseURL: f.url(), Model: "m", BatchSize: -1}, []string{"batch size"}},
		{"bad url", OpenAIConfig{BaseURL: "localhost:11434", Model: "m"}, []string{"--embed-url", "localhost:11434"}},
		{"openai without key", OpenAIConfig{Model: "text-embedding-3-small"}, []string{"OPENAI_API_KEY", "--embed-url"}},
		{"unreachable", OpenAIConfig{BaseURL: deadURL, Model: "m"}, []string{deadURL, "--embed-url", "running"}},
		{"missing /v1", OpenAIConfig{BaseURL: f.srv.URL, Model: "m"}, []string{"404", "/v1", "--embed-model"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			e, err := NewOpenAI(t.Context(), tc.cfg)
			if err == nil {
				t.Fatalf("got embedder %+v, want error", e)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v; config errors should fail fast", d)
			}
		})
	}
}

func TestOpenAIModelIDAndDimensions(t *testing.T) {
	f := newFakeEmbedServer(t, 16, nil)
	e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url() + "/", Model: "nomic-embed-text"})
	if err != nil {
		t.Fatal(err)
	}
	if e.ModelID() != "openai:nomic-embed-text" || e.Dimension() != 16 {
		t.Errorf("ModelID %q Dimension %d", e.ModelID(), e.Dimension())
	}
	e, err = NewOpenAI(t.Context(), OpenAIConfig{BaseURL: f.url(), Model: "text-embedding-3-small", Dimensions: 8})
	if err != nil {
		t.Fatal(err)
	}
	if e.ModelID() != "openai:text-embedding-3-small:8" || e.Dimension() != 8 {
		t.Errorf("ModelID %q Dimension %d", e.ModelID(), e.Dimension())
	}
	if _, err := e.EmbedDocuments(t.Context(), docs(2)); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.dims[len(f.dims)-1] != 8 {
		t.Errorf("dimensions sent = %v, want 8", f.dims)
	}
}

func TestOpenAIResponseShapeChecked(t *testing.T) {
	var mode atomic.Int32 // 0 ok, 1 too few, 2 wrong dimension
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Input []string }
		_ = json.NewDecoder(r.Body).Decode(&req)
		n, dim := len(req.Input), 4
		switch mode.Load() {
		case 1:
			n--
		case 2:
			dim = 3
		}
		data := make([]map[string]any, n)
		for i := range data {
			v := make([]float32, dim)
			v[0] = 1
			data[i] = map[string]any{"embedding": v, "index": 0} // index unset, as some servers do
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"data": data})
	}))
	t.Cleanup(srv.Close)
	e, err := NewOpenAI(t.Context(), OpenAIConfig{BaseURL: srv.URL, Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if vecs, err := e.EmbedDocuments(t.Context(), []string{"a", "b"}); err != nil || len(vecs) != 2 {
		t.Fatalf("positional fallback: %v, %v", vecs, err)
	}
	mode.Store(1)
	if _, err := e.EmbedDocuments(t.Context(), []string{"a", "b"}); err == nil || !strings.Contains(err.Error(), "1 embeddings for 2 inputs") {
		t.Errorf("count mismatch: err = %v", err)
	}
	mode.Store(2)
	if _, err := e.EmbedDocuments(t.Context(), []string{"a", "b"}); err == nil || !strings.Contains(err.Error(), "3-dimensional vector, want 4") {
		t.Errorf("dimension mismatch: err = %v", err)
	}
}
