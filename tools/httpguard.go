package tools

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// DefaultMaxBody is the largest request body the HTTP server accepts. Tool
// calls are a few hundred bytes; 4 MiB leaves room for anything sane.
const DefaultMaxBody = 4 << 20

// HTTPGuard configures the checks in front of the streamable HTTP
// endpoint. mcp-go itself refuses a non-localhost Host header on a loopback
// connection (DNS rebinding); everything else is here.
type HTTPGuard struct {
	// AuthToken, if set, must come as "Authorization: Bearer TOKEN".
	AuthToken string
	// AllowOrigins are browser origins ("https://app.example.com") allowed
	// besides localhost, 127.0.0.1 and [::1] on any port.
	AllowOrigins []string
	// MaxBody is the request body limit in bytes; 0 means DefaultMaxBody.
	MaxBody int64
	// RatePerSecond is how many requests a client (an IP address) may send
	// per second, after a burst of RateBurst; 0 turns the limit off.
	RatePerSecond float64
	RateBurst     int
}

// Handler wraps h with the checks, in the order that spends the least on
// a request that will be refused: rate limit (429), Origin (403), token
// (401), body size (413). It reads the whole body up front (mcp-go would
// too); once the body is read, net/http lifts the server's ReadTimeout, so
// a tool call that takes minutes, or an SSE stream, keeps its context.
func (g HTTPGuard) Handler(h http.Handler) (http.Handler, error) {
	origins := map[string]bool{}
	for _, o := range g.AllowOrigins {
		n, err := normalOrigin(o)
		if err != nil {
			return nil, fmt.Errorf("--allow-origin %q: %w", o, err)
		}
		origins[n] = true
	}
	maxBody := g.MaxBody
	if maxBody <= 0 {
		maxBody = DefaultMaxBody
	}
	var limiter *rateLimiter
	if g.RatePerSecond > 0 {
		limiter = newRateLimiter(g.RatePerSecond, g.RateBurst)
	}
	want := sha256.Sum256([]byte(g.AuthToken))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if limiter != nil {
			if ok, wait := limiter.allow(clientKey(r)); !ok {
				w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(max(wait.Seconds(), 1)))))
				http.Error(w, "too many requests: slow down and retry after the Retry-After seconds", http.StatusTooManyRequests)
				return
			}
		}
		if o := r.Header.Get("Origin"); o != "" && !originAllowed(o, origins) {
			http.Error(w, fmt.Sprintf("forbidden: origin %q is not allowed (the server's user can allow an origin with codeseek serve --allow-origin)", o), http.StatusForbidden)
			return
		}
		if g.AuthToken != "" && !tokenMatches(r, want) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="codeseek"`)
			http.Error(w, "unauthorized: send the server's token as \"Authorization: Bearer TOKEN\" (codeseek serve --auth-token / CODESEEK_AUTH_TOKEN)", http.StatusUnauthorized)
			return
		}
		if !readBody(w, r, maxBody) {
			return
		}
		h.ServeHTTP(w, r)
	}), nil
}

// tokenMatches compares the bearer token with the expected one in constant
// time; hashing both first keeps the token's length secret too.
func tokenMatches(r *http.Request, want [sha256.Size]byte) bool {
	scheme, tok, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	got := sha256.Sum256([]byte(strings.TrimSpace(tok)))
	return subtle.ConstantTimeCompare(got[:], want[:]) == 1
}

// readBody reads the request body into memory, answering 413 when it is
// larger than limit: announced by Content-Length, or found while reading a
// chunked body.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) bool {
	tooLarge := func() bool {
		http.Error(w, fmt.Sprintf("request body too large: the limit is %d bytes", limit), http.StatusRequestEntityTooLarge)
		return false
	}
	if r.ContentLength > limit {
		return tooLarge()
	}
	if r.Body == nil || r.Body == http.NoBody {
		return true
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return tooLarge()
	}
	if err != nil {
		http.Error(w, "cannot read request body: "+err.Error(), http.StatusBadRequest)
		return false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return true
}

// originAllowed accepts loopback origins on any port and the configured
// ones. "null" (sandboxed frames, file://) and anything unparsable are
// foreign.
func originAllowed(origin string, allowed map[string]bool) bool {
	n, err := normalOrigin(origin)
	if err != nil {
		return false
	}
	if allowed[n] {
		return true
	}
	u, _ := url.Parse(n)
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// normalOrigin reduces an origin to lower-case scheme://host[:port].
func normalOrigin(o string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(o))
	if err != nil {
		return "", err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", errors.New("an origin is scheme://host[:port], such as https://app.example.com")
	}
	if strings.Trim(u.Path, "/") != "" || u.RawQuery != "" || u.User != nil {
		return "", errors.New("an origin has no path, query or user: use scheme://host[:port]")
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}
