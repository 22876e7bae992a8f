package embedding

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// OpenAIConfig configures an OpenAI-compatible embedding endpoint. The same
// wire protocol is spoken by OpenAI, Ollama (/v1), LM Studio, vLLM, the
// llama.cpp server and TEI, so one client covers hosted and local models.
type OpenAIConfig struct {
	// BaseURL is the API root including its version prefix, e.g.
	// http://127.0.0.1:11434/v1 for Ollama; "" means OpenAI's own API.
	BaseURL string
	// APIKey is sent as a bearer token; local servers usually need none.
	APIKey string
	// Model is the embedding model name (required), e.g. nomic-embed-text
	// or text-embedding-3-small.
	Model string
	// Dimensions asks models that support shortened embeddings for vectors
	// of this length; 0 keeps the server's default.
	Dimensions int
	// BatchSize is the number of texts per request; 0 means 64. Batching
	// amortises request overhead without hitting per-request input limits.
	BatchSize int
	// Concurrency is the number of requests in flight; 0 means 4. It is
	// bounded so a local server is not swamped and rate limits are rarer.
	Concurrency int
	// MaxRetries is how often one request is retried after a rate limit,
	// server error or transient network error; 0 means 5, negative means
	// never retry.
	MaxRetries int
	// HTTPClient overrides the HTTP client, e.g. for proxies or custom TLS;
	// nil uses a client with a generous timeout for slow CPU-bound servers.
	HTTPClient *http.Client

	// Test hooks: the first backoff delay, the backoff cap and the sleep
	// function, so tests can exercise retries without waiting.
	backoffBase time.Duration
	maxBackoff  time.Duration
	sleep       func(ctx context.Context, d time.Duration) error
}

const (
	defaultOpenAIBaseURL     = "https://api.openai.com/v1"
	defaultOpenAIBatchSize   = 64
	defaultOpenAIConcurrency = 4
	defaultOpenAIMaxRetries  = 5
	defaultBackoffBase       = 500 * time.Millisecond
	defaultMaxBackoff        = 30 * time.Second
	// maxRetryAfter bounds how long a server's Retry-After can stall us, so
	// a misconfigured proxy cannot hang indexing for hours.
	maxRetryAfter = 2 * time.Minute
	// defaultHTTPTimeout is generous because a CPU-only local server can
	// take a long time for a full batch, and the first request may also
	// load the model.
	defaultHTTPTimeout = 5 * time.Minute
	// probeText is embedded once at start-up to learn the vector length.
	probeText = "codeseek dimension probe"
)

// OpenAIEmbedder is an Embedder backed by an OpenAI-compatible /embeddings
// endpoint. It batches texts, runs a bounded number of requests in
// parallel, retries transient failures with backoff, and returns
// L2-normalised vectors so that scores are comparable with the built-in
// embedders. It is safe for concurrent use.
type OpenAIEmbedder struct {
	client      *openai.Client
	model       string
	dims        int // requested dimensions, 0 = server default
	baseURL     string
	batchSize   int
	concurrency int
	maxRetries  int
	backoffBase time.Duration
	maxBackoff  time.Duration
	sleep       func(ctx context.Context, d time.Duration) error

	dim int // actual vector length, learnt by the probe
}

var _ Embedder = (*OpenAIEmbedder)(nil)

// NewOpenAI validates cfg and probes the endpoint by embedding one short
// text, so that a wrong URL, model or key fails at start-up with an
// actionable message rather than midway through indexing, and so that
// Dimension is known before the first document is embedded.
func NewOpenAI(ctx context.Context, cfg OpenAIConfig) (*OpenAIEmbedder, error) {
	e, err := newOpenAI(cfg)
	if err != nil {
		return nil, err
	}
	vecs, err := e.embedBatch(ctx, []string{probeText}, true)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, e.probeError(err)
	}
	e.dim = len(vecs[0])
	if e.dims > 0 && e.dim != e.dims {
		return nil, fmt.Errorf("embedding model %q at %s returned %d-dimensional vectors but %d dimensions were requested; the model or server may not support the dimensions parameter",
			e.model, e.baseURL, e.dim, e.dims)
	}
	return e, nil
}

// newOpenAI validates cfg and builds the embedder without any network I/O.
func newOpenAI(cfg OpenAIConfig) (*OpenAIEmbedder, error) {
	model := strings.TrimSpace(cfg.Model)
	if model == "" {
		return nil, errors.New("the OpenAI-compatible embedder needs a model name: set --embed-model (e.g. nomic-embed-text or text-embedding-3-small)")
	}
	if cfg.Dimensions < 0 {
		return nil, fmt.Errorf("embedding dimensions must not be negative, got %d", cfg.Dimensions)
	}
	if cfg.BatchSize < 0 {
		return nil, fmt.Errorf("embedding batch size must not be negative, got %d", cfg.BatchSize)
	}
	if cfg.Concurrency < 0 {
		return nil, fmt.Errorf("embedding concurrency must not be negative, got %d", cfg.Concurrency)
	}
	baseURL := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if baseURL == "" {
		if cfg.APIKey == "" {
			return nil, errors.New("OpenAI's embedding API needs an API key: set OPENAI_API_KEY, or point --embed-url at a local OpenAI-compatible server (e.g. http://127.0.0.1:11434/v1 for Ollama)")
		}
		baseURL = defaultOpenAIBaseURL
	}
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("invalid --embed-url %q: want an http(s) URL such as http://127.0.0.1:11434/v1", cfg.BaseURL)
	}

	e := &OpenAIEmbedder{
		model:       model,
		dims:        cfg.Dimensions,
		baseURL:     baseURL,
		batchSize:   orDefault(cfg.BatchSize, defaultOpenAIBatchSize),
		concurrency: orDefault(cfg.Concurrency, defaultOpenAIConcurrency),
		maxRetries:  cfg.MaxRetries,
		backoffBase: cfg.backoffBase,
		maxBackoff:  cfg.maxBackoff,
		sleep:       cfg.sleep,
	}
	switch {
	case e.maxRetries == 0:
		e.maxRetries = defaultOpenAIMaxRetries
	case e.maxRetries < 0:
		e.maxRetries = 0
	}
	if e.backoffBase <= 0 {
		e.backoffBase = defaultBackoffBase
	}
	if e.maxBackoff <= 0 {
		e.maxBackoff = defaultMaxBackoff
	}
	if e.sleep == nil {
		e.sleep = sleepCtx
	}

	httpClient := cfg.HTTPClient
	if httpClient == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		// Keep one idle connection per worker so parallel batches reuse
		// connections instead of reconnecting (the default keeps 2).
		tr.MaxIdleConnsPerHost = e.concurrency
		httpClient = &http.Client{Timeout: defaultHTTPTimeout, Transport: tr}
	}
	oc := openai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = baseURL
	oc.HTTPClient = retryAfterDoer{next: httpClient}
	e.client = openai.NewClientWithConfig(oc)
	return e, nil
}

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// Dimension implements Embedder; it is the length the server returned for
// the start-up probe.
func (e *OpenAIEmbedder) Dimension() int { return e.dim }

// ModelID implements Embedder. It names the model and any requested
// dimensions (shortened vectors are not comparable with full ones), but not
// the URL, so the same model served locally or remotely shares an index.
func (e *OpenAIEmbedder) ModelID() string {
	if e.dims > 0 {
		return "openai:" + e.model + ":" + strconv.Itoa(e.dims)
	}
	return "openai:" + e.model
}

// EmbedQuery implements Embedder by embedding the query as a document;
// OpenAI-compatible endpoints expose a single encoder.
func (e *OpenAIEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	vecs, err := e.EmbedDocuments(ctx, []string{text})
	if err != nil {
		return nil, err
	}
	return vecs[0], nil
}

// EmbedDocuments implements Embedder. Texts are sent in batches of
// BatchSize with at most Concurrency requests in flight; the result is in
// input order. The first failing batch cancels the others.
func (e *OpenAIEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	if len(texts) == 0 {
		return out, nil
	}
	inputs := make([]string, len(texts))
	for i, t := range texts {
		if t == "" {
			t = " " // some servers reject empty input
		}
		inputs[i] = t
	}

	nBatches := (len(inputs) + e.batchSize - 1) / e.batchSize
	if nBatches == 1 {
		return e.embedBatch(ctx, inputs, false)
	}

	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		errOnce  sync.Once
		firstErr error
	)
	jobs := make(chan int)
	for range min(e.concurrency, nBatches) {
		wg.Go(func() {
			for start := range jobs {
				if wctx.Err() != nil {
					continue // another batch failed or the caller gave up
				}
				end := min(start+e.batchSize, len(inputs))
				vecs, err := e.embedBatch(wctx, inputs[start:end], false)
				if err != nil {
					errOnce.Do(func() { firstErr = err; cancel() })
					continue // drain so the feeder never blocks
				}
				copy(out[start:end], vecs)
			}
		})
	}
feed:
	for start := 0; start < len(inputs); start += e.batchSize {
		select {
		case jobs <- start:
		case <-wctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()

	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return out, nil
}

// embedBatch sends one request, retrying transient failures. With probe
// set, connection failures are not retried: at start-up an unreachable
// server is almost always a configuration mistake, and the user should
// hear about it at once.
func (e *OpenAIEmbedder) embedBatch(ctx context.Context, texts []string, probe bool) ([][]float32, error) {
	req := openai.EmbeddingRequest{
		Input:      texts,
		Model:      openai.EmbeddingModel(e.model),
		Dimensions: e.dims,
	}
	for attempt := 0; ; attempt++ {
		hint := &retryHint{}
		resp, err := e.client.CreateEmbeddings(context.WithValue(ctx, retryHintKey{}, hint), req)
		if err == nil {
			return e.decode(resp, len(texts))
		}
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr
		}
		if attempt >= e.maxRetries || !retryable(err, probe) {
			return nil, e.describe(err, attempt)
		}
		wait := e.backoff(attempt)
		if hint.ok {
			wait = min(hint.after, maxRetryAfter)
		}
		if err := e.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// backoff is exponential with "equal jitter": half the delay is fixed, half
// random, so parallel workers hitting the same rate limit spread out while
// each still waits a meaningful minimum.
func (e *OpenAIEmbedder) backoff(attempt int) time.Duration {
	d := e.maxBackoff
	if attempt < 32 {
		d = min(e.backoffBase<<attempt, e.maxBackoff)
	}
	half := d / 2
	return half + rand.N(d-half+1)
}

// decode checks the response shape and returns normalised vectors in input
// order. Servers that fill in "index" may reorder results; servers that
// leave it zero are taken in response order.
func (e *OpenAIEmbedder) decode(resp openai.EmbeddingResponse, n int) ([][]float32, error) {
	if len(resp.Data) != n {
		return nil, fmt.Errorf("embedding server at %s returned %d embeddings for %d inputs (model %q)", e.baseURL, len(resp.Data), n, e.model)
	}
	out := make([][]float32, n)
	byIndex := true
	for _, d := range resp.Data {
		if d.Index < 0 || d.Index >= n || out[d.Index] != nil {
			byIndex = false
			break
		}
		out[d.Index] = d.Embedding
	}
	if !byIndex {
		for i, d := range resp.Data {
			out[i] = d.Embedding
		}
	}
	want := e.dim
	if want == 0 { // probing: all vectors must agree with the first
		want = len(out[0])
		if want == 0 {
			return nil, fmt.Errorf("embedding server at %s returned an empty vector (model %q)", e.baseURL, e.model)
		}
	}
	for i, v := range out {
		if len(v) != want {
			return nil, fmt.Errorf("embedding server at %s returned a %d-dimensional vector, want %d (model %q, input %d of the batch)", e.baseURL, len(v), want, e.model, i)
		}
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, fmt.Errorf("embedding server at %s returned a non-finite value (model %q, input %d of the batch)", e.baseURL, e.model, i)
			}
		}
		Normalize(v)
	}
	return out, nil
}

// statusOf returns the HTTP status carried by a go-openai error, or 0 when
// the request failed before a response arrived.
func statusOf(err error) int {
	var apiErr *openai.APIError
	if errors.As(err, &apiErr) {
		return apiErr.HTTPStatusCode
	}
	var reqErr *openai.RequestError
	if errors.As(err, &reqErr) {
		return reqErr.HTTPStatusCode
	}
	return 0
}

// retryable reports whether err is worth another attempt: rate limits,
// request timeouts, server errors and transient network failures. Other
// client errors (bad model, bad key, input too long) will fail again.
func retryable(err error, probe bool) bool {
	if code := statusOf(err); code != 0 {
		return code == http.StatusTooManyRequests || code == http.StatusRequestTimeout ||
			(code >= 500 && code != http.StatusNotImplemented)
	}
	if isConnectError(err) {
		return !probe
	}
	// Every http.Client error is a net.Error (*url.Error), so only its
	// Timeout bit is meaningful; TLS and protocol errors are permanent.
	var netErr net.Error
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		isConnReset(err) || (errors.As(err, &netErr) && netErr.Timeout())
}

// isConnectError reports failures to reach the server at all: refused
// connections, unknown hosts, failed dials.
func isConnectError(err error) bool {
	if errors.Is(err, syscall.ECONNREFUSED) {
		return true
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return true
	}
	var opErr *net.OpError
	return errors.As(err, &opErr) && opErr.Op == "dial"
}

// embedError is a readable message over the underlying go-openai or network
// error, which stays reachable through errors.As.
type embedError struct {
	msg    string
	status int
	err    error
}

func (e *embedError) Error() string { return e.msg }
func (e *embedError) Unwrap() error { return e.err }

// describe turns err into a message naming the server, the HTTP status and
// the server's own explanation.
func (e *OpenAIEmbedder) describe(err error, retries int) error {
	status := statusOf(err)
	var msg string
	if status != 0 {
		msg = fmt.Sprintf("embedding request to %s (model %q) failed: HTTP %d %s: %s",
			e.baseURL, e.model, status, http.StatusText(status), serverMessage(err))
	} else {
		msg = fmt.Sprintf("embedding request to %s (model %q) failed: %v", e.baseURL, e.model, err)
	}
	if retries > 0 {
		msg += fmt.Sprintf(" (after %d retries)", retries)
	}
	return &embedError{msg: msg, status: status, err: err}
}

// serverMessage extracts what the server said: the OpenAI-style error
// message when there is one, else the start of the raw body.
func serverMessage(err error) string {
	var apiErr *openai.APIError
	if errors.As(err, &apiErr) && apiErr.Message != "" {
		return apiErr.Message
	}
	var reqErr *openai.RequestError
	if errors.As(err, &reqErr) {
		if body := strings.TrimSpace(string(reqErr.Body)); body != "" {
			return truncateUTF8(body, 500)
		}
		if reqErr.Err != nil {
			return reqErr.Err.Error()
		}
	}
	return "no message"
}

// probeError adds the likely fix to a start-up failure.
func (e *OpenAIEmbedder) probeError(err error) error {
	var ee *embedError
	if !errors.As(err, &ee) {
		return err // a malformed response, already descriptive
	}
	var hint string
	switch {
	case ee.status == 0:
		return &embedError{
			msg: fmt.Sprintf("cannot reach the embedding server at %s: %v; check --embed-url and that the server is running",
				e.baseURL, ee.err),
			err: ee.err,
		}
	case ee.status == http.StatusUnauthorized || ee.status == http.StatusForbidden:
		hint = "check the API key (OPENAI_API_KEY)"
	case ee.status == http.StatusNotFound:
		hint = "check --embed-model (is the model available on the server?) and that --embed-url includes the API prefix, e.g. /v1"
	default:
		hint = "check --embed-url and --embed-model"
	}
	return &embedError{msg: ee.msg + "; " + hint, status: ee.status, err: ee.err}
}

// retryHint carries the Retry-After of one attempt's response from the
// HTTP layer, which go-openai hides on errors, back to the retry loop.
type retryHint struct {
	after time.Duration
	ok    bool
}

type retryHintKey struct{}

// retryAfterDoer wraps the HTTP client handed to go-openai. go-openai turns
// error responses into errors without their headers, so the doer records
// Retry-After into the per-attempt hint found in the request's context.
type retryAfterDoer struct {
	next *http.Client
}

func (d retryAfterDoer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.next.Do(req)
	if resp != nil {
		if hint, ok := req.Context().Value(retryHintKey{}).(*retryHint); ok {
			hint.after, hint.ok = parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		}
	}
	return resp, err
}

// parseRetryAfter reads a Retry-After value in either form RFC 9110
// allows: delay seconds or an HTTP date. Dates in the past mean "now".
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(maxRetryAfter/time.Second) {
			return maxRetryAfter, true
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// sleepCtx waits for d or until ctx is done, whichever is first.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
