// Package httpguard is the one front every codeseek HTTP endpoint sits
// behind (the MCP endpoint and the web UI): a request refused here never
// reaches a tool, and both endpoints refuse the same requests for the same
// reasons.
package httpguard

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// DefaultMaxBody is the largest request body the HTTP server accepts. Tool
// calls are a few hundred bytes; 4 MiB leaves room for anything sane.
const DefaultMaxBody = 4 << 20

// Guard configures the checks in front of the HTTP endpoints. mcp-go
// itself refuses a non-localhost Host header on a loopback connection (DNS
// rebinding) for the MCP endpoint; the web UI checks Host with HostAllowed.
type Guard struct {
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
	// Browser, if set, picks the requests for the web UI. Those may carry
	// the token in the session cookie instead of the Authorization header
	// (a browser cannot add a header to a page load, so the UI logs in once
	// with ?token=TOKEN and the guard answers with the cookie), and on a
	// loopback connection their Host must be a loopback name (DNS
	// rebinding; mcp-go checks the same for its endpoint). The MCP
	// endpoint is left out, so its clients see exactly what they saw.
	Browser func(*http.Request) bool
}

// CookieName is the session cookie holding the token for the web UI.
const CookieName = "codeseek_token"

// Handler wraps h with the checks, in the order that spends the least on
// a request that will be refused: rate limit (429), Origin (403), token
// (401), body size (413). It reads the whole body up front (mcp-go would
// too); once the body is read, net/http lifts the server's ReadTimeout, so
// a tool call that takes minutes, or an SSE stream, keeps its context.
func (g Guard) Handler(h http.Handler) (http.Handler, error) {
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
		browser := g.Browser != nil && g.Browser(r)
		if browser && reboundHost(r) {
			http.Error(w, fmt.Sprintf("forbidden: Host %q on a loopback connection (open the page at http://127.0.0.1 or http://localhost)", r.Host), http.StatusForbidden)
			return
		}
		if browser && g.AuthToken != "" && login(w, r, want) {
			return
		}
		if g.AuthToken != "" && !tokenMatches(r, want) && !(browser && cookieMatches(r, want)) {
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

// cookieMatches compares the session cookie with the token, like
// tokenMatches.
func cookieMatches(r *http.Request, want [sha256.Size]byte) bool {
	c, err := r.Cookie(CookieName)
	if err != nil {
		return false
	}
	got := sha256.Sum256([]byte(c.Value))
	return subtle.ConstantTimeCompare(got[:], want[:]) == 1
}

// login answers a GET carrying the right ?token= with the session cookie
// and a redirect to the same URL without the token, so the token leaves
// the address bar and the history; it reports whether it answered. A
// wrong token falls through to the 401.
func login(w http.ResponseWriter, r *http.Request, want [sha256.Size]byte) bool {
	q := r.URL.Query()
	tok := q.Get("token")
	if r.Method != http.MethodGet || tok == "" {
		return false
	}
	got := sha256.Sum256([]byte(tok))
	if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
		return false
	}
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: tok, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	q.Del("token")
	u := *r.URL
	u.RawQuery = q.Encode()
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
	return true
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

// reboundHost reports a request that came over a loopback connection with
// a Host that is not a loopback name: a page whose domain was rebound to
// 127.0.0.1, reading the local server as its own origin.
func reboundHost(r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	return ok && local != nil && isLoopback(local.String()) && !isLoopback(r.Host)
}

// isLoopback reports whether host[:port] names a loopback address.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = strings.Trim(addr, "[]")
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
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
