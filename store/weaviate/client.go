// Package weaviate keeps indexed chunks in a Weaviate cluster instead of the
// embedded store, for indexes that outgrow one machine or are shared by
// many agents. It speaks Weaviate's REST and GraphQL API with net/http: the
// few endpoints it needs are not worth the official client's dependencies.
//
// Layout: one collection for chunks (our own vectors, no vectorizer) and one
// for commit records, both multi-tenant with one tenant per repository.
// Every chunk records the generation that wrote it and the one that retired
// it; a search sees only chunks alive at the repository's committed
// generation, so an interrupted index run is never visible (see Txn).
package weaviate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Config says where the cluster is and how to use it.
type Config struct {
	// URL is one node's HTTP address, such as "http://10.213.0.11:8080".
	URL string
	// APIKey is sent as a bearer token when set.
	APIKey string
	// Prefix names the collections: Prefix+"Chunk" and Prefix+"Commit".
	// Empty means "Codeseek". It must start with an upper-case letter.
	Prefix string
	// Replication is how many nodes hold each repository (0 means 1). It
	// applies when the collections are created; an existing collection
	// keeps the factor it was created with.
	Replication int
	// Attempts bounds the tries of one request on transient errors
	// (0 means 5); BaseDelay is the first back-off (0 means 100 ms), doubled
	// after each try.
	Attempts  int
	BaseDelay time.Duration
	// HTTPClient is used for every request (nil: one with a 60 s timeout).
	HTTPClient *http.Client
}

// Client talks to one Weaviate node; any node of a cluster serves every
// request.
type Client struct {
	base      *url.URL
	apiKey    string
	chunks    string // collection names
	commits   string
	repl      int
	attempts  int
	baseDelay time.Duration
	hc        *http.Client

	mu   sync.Mutex
	info classInfo // of the chunk collection
}

// New checks cfg and returns a client. It does not contact the server.
func New(cfg Config) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(cfg.URL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("weaviate URL %q: want http://HOST:PORT or https://HOST:PORT", cfg.URL)
	}
	prefix := cfg.Prefix
	if prefix == "" {
		prefix = "Codeseek"
	}
	if !validClassName(prefix) {
		return nil, fmt.Errorf("weaviate collection prefix %q: want a letter A-Z followed by letters, digits or _", prefix)
	}
	c := &Client{base: u, apiKey: cfg.APIKey, chunks: prefix + "Chunk", commits: prefix + "Commit",
		repl: max(cfg.Replication, 1), attempts: cfg.Attempts, baseDelay: cfg.BaseDelay, hc: cfg.HTTPClient}
	if c.attempts <= 0 {
		c.attempts = 5
	}
	if c.baseDelay <= 0 {
		c.baseDelay = 100 * time.Millisecond
	}
	if c.hc == nil {
		c.hc = &http.Client{Timeout: 60 * time.Second}
	}
	return c, nil
}

// URL is the node this client talks to.
func (c *Client) URL() string { return c.base.String() }

func validClassName(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// ErrUnreachable is wrapped by every error of a request that found no
// server listening (after the retries).
var ErrUnreachable = errors.New("no Weaviate server answers")

// StatusError is a response Weaviate refused, with its status and message.
type StatusError struct {
	Method, URL string
	Status      int
	Message     string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("weaviate %s %s: HTTP %d: %s", e.Method, e.URL, e.Status, e.Message)
}

// do sends body (JSON-encoded unless nil) and decodes a 2xx answer into out
// (unless nil). Transient failures (connection errors, 429, 5xx) are
// retried with exponential back-off and jitter; every request we send is
// idempotent, so a retry after a lost answer is harmless.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, body, out any) error {
	u := *c.base
	u.Path += path
	u.RawQuery = query.Encode()
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("weaviate %s %s: encode: %w", method, path, err)
		}
	}
	delay := c.baseDelay
	for attempt := 1; ; attempt++ {
		retry, err := c.once(ctx, method, u.String(), payload, out)
		if err == nil || !retry || attempt >= c.attempts {
			if err != nil && retry {
				err = fmt.Errorf("%w (after %d attempts)", err, attempt)
			}
			return err
		}
		if serr := sleep(ctx, delay/2+rand.N(delay/2+1)); serr != nil {
			return fmt.Errorf("weaviate %s %s: %w (last error: %v)", method, u.String(), serr, err)
		}
		delay *= 2
	}
}

// once makes one request and says whether a failure is worth retrying.
func (c *Client) once(ctx context.Context, method, u string, payload []byte, out any) (retry bool, err error) {
	var rd io.Reader
	if payload != nil {
		rd = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return false, fmt.Errorf("weaviate %s %s: %w", method, u, err)
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return false, fmt.Errorf("weaviate %s %s: %w", method, u, ctx.Err())
		}
		if isConnError(err) {
			return true, fmt.Errorf("%w at %s (%v): start one (scripts/weaviate-cluster up 1) or fix the URL", ErrUnreachable, c.base, err)
		}
		return true, fmt.Errorf("weaviate %s %s: %w", method, u, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return true, fmt.Errorf("weaviate %s %s: read answer: %w", method, u, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		se := &StatusError{Method: method, URL: u, Status: resp.StatusCode, Message: errorMessage(data)}
		transient := resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
		return transient, se
	}
	if out == nil || len(data) == 0 {
		return false, nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return false, fmt.Errorf("weaviate %s %s: decode answer: %w", method, u, err)
	}
	return false, nil
}

// isConnError tells a server that is not there (refused, unroutable, no
// such host) from one that answered badly.
func isConnError(err error) bool {
	var op *net.OpError
	var dns *net.DNSError
	return errors.As(err, &op) && op.Op == "dial" || errors.As(err, &dns)
}

// errorMessage extracts Weaviate's {"error":[{"message":...}]} text, or the
// start of whatever else it sent.
func errorMessage(data []byte) string {
	var e errorResponse
	if json.Unmarshal(data, &e) == nil && len(e.Error) > 0 {
		return e.String()
	}
	s := strings.TrimSpace(string(data))
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	if s == "" {
		s = "(empty answer)"
	}
	return s
}

// errorResponse is Weaviate's error shape, also used per object in batches.
type errorResponse struct {
	Error []struct {
		Message string `json:"message"`
	} `json:"error"`
}

func (e errorResponse) String() string {
	msgs := make([]string, len(e.Error))
	for i, m := range e.Error {
		msgs[i] = m.Message
	}
	return strings.Join(msgs, "; ")
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
