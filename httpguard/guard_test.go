package httpguard

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRateLimiterBucket(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newRateLimiter(2, 4) // 2/s after a burst of 4
	l.now = func() time.Time { return now }
	for i := range 4 {
		if ok, _ := l.allow("a"); !ok {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	ok, wait := l.allow("a")
	if ok || wait <= 0 || wait > 500*time.Millisecond {
		t.Fatalf("fifth request: ok=%v wait=%v, want refused with a wait of at most 0.5s", ok, wait)
	}
	if ok, _ := l.allow("b"); !ok {
		t.Error("another client was limited by the first one's burst")
	}
	now = now.Add(500 * time.Millisecond) // one token back
	if ok, _ := l.allow("a"); !ok {
		t.Error("refilled token refused")
	}
	if ok, _ := l.allow("a"); ok {
		t.Error("more tokens than the rate refilled")
	}
}

func TestRateLimiterForgetsQuietClients(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newRateLimiter(1, 1)
	l.now = func() time.Time { return now }
	for i := range maxRateClients {
		l.allow(string(rune(i)) + "-client")
	}
	now = now.Add(time.Minute)
	l.allow("newcomer")
	if n := len(l.clients); n != 1 {
		t.Errorf("%d buckets kept after every old client went quiet, want 1", n)
	}
}

func TestClientKey(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:5000":            "127.0.0.1",
		"[2001:db8:1:2:3::4]:80":    "2001:db8:1:2::",
		"[2001:db8:1:2:ffff::1]:81": "2001:db8:1:2::",
	} {
		if got := clientKey(&http.Request{RemoteAddr: addr}); got != want {
			t.Errorf("clientKey(%s) = %s, want %s", addr, got, want)
		}
	}
}

func TestOriginAllowed(t *testing.T) {
	extra := map[string]bool{"https://app.example.com": true}
	for origin, want := range map[string]bool{
		"http://localhost":          true,
		"http://LOCALHOST:3000":     true,
		"https://127.0.0.1:8443":    true,
		"http://[::1]:9000":         true,
		"http://127.5.6.7":          true,
		"https://app.example.com":   true,
		"https://app.example.com/":  true,
		"http://app.example.com":    false,
		"http://evil.example":       false,
		"http://localhost.evil.com": false,
		"null":                      false,
		"file://":                   false,
		"http://[::1":               false,
	} {
		if got := originAllowed(origin, extra); got != want {
			t.Errorf("originAllowed(%q) = %v, want %v", origin, got, want)
		}
	}
	if _, err := (Guard{AllowOrigins: []string{"app.example.com"}}).Handler(http.NotFoundHandler()); err == nil {
		t.Error("an origin without a scheme was accepted for --allow-origin")
	}
}

func TestGuardBodyLimitAndToken(t *testing.T) {
	var got string
	h, err := Guard{AuthToken: "tok", MaxBody: 10}.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = string(b)
	}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	send := func(auth string, body io.Reader) int {
		req, _ := http.NewRequest(http.MethodPost, srv.URL, body)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, c := range []struct {
		auth string
		body io.Reader
		want int
	}{
		{"", strings.NewReader("hi"), http.StatusUnauthorized},
		{"Bearer tokX", strings.NewReader("hi"), http.StatusUnauthorized},
		{"Bearer to", strings.NewReader("hi"), http.StatusUnauthorized},
		{"bearer tok", strings.NewReader("0123456789"), http.StatusOK},
		{"Bearer tok", strings.NewReader("0123456789A"), http.StatusRequestEntityTooLarge},
		{"Bearer tok", io.MultiReader(strings.NewReader("0123456789A")), http.StatusRequestEntityTooLarge}, // chunked
	} {
		if code := send(c.auth, c.body); code != c.want {
			t.Errorf("Authorization %q: status %d, want %d", c.auth, code, c.want)
		}
	}
	if got != "0123456789" {
		t.Errorf("handler read body %q, want the whole body", got)
	}
}

// TestGuardLiftsReadDeadline checks that a handler outliving the server's
// ReadTimeout keeps its context. A read deadline passing while a handler
// runs cancels its context, which would kill a long index_repository call
// or an SSE stream; net/http clears the deadline once the body is read,
// and the guard must keep it that way.
func TestGuardLiftsReadDeadline(t *testing.T) {
	const readTimeout = 100 * time.Millisecond
	var ctxErr error
	h, _ := Guard{}.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * readTimeout):
		}
		ctxErr = r.Context().Err()
	}))
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ReadTimeout = readTimeout
	srv.Start()
	defer srv.Close()
	resp, err := http.Post(srv.URL, "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ctxErr != nil {
		t.Errorf("request context ended while the handler ran: %v", ctxErr)
	}
}

// TestBrowserLogin checks the web UI's way in: ?token= on a GET gives the
// session cookie and a redirect without the token; the cookie then stands
// for the header on browser paths only, so the MCP endpoint still wants
// the header.
func TestBrowserLogin(t *testing.T) {
	h, err := Guard{AuthToken: "tok", Browser: func(r *http.Request) bool { return !strings.HasPrefix(r.URL.Path, "/mcp") }}.
		Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path string, cookie *http.Cookie) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		if cookie != nil {
			req.AddCookie(cookie)
		}
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := get("/?q=x&token=nope", nil); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("wrong ?token=: status %d, want 401", resp.StatusCode)
	}
	resp := get("/?q=x&token=tok", nil)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/?q=x" {
		t.Fatalf("right ?token=: status %d, Location %q; want 303 to /?q=x", resp.StatusCode, resp.Header.Get("Location"))
	}
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == CookieName {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode {
		t.Fatalf("login cookie %+v, want an HttpOnly SameSite=Strict %s", cookie, CookieName)
	}
	if resp := get("/api/repos", cookie); resp.StatusCode != http.StatusOK {
		t.Errorf("UI path with the cookie: status %d, want 200", resp.StatusCode)
	}
	if resp := get("/mcp", cookie); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("MCP path with only the cookie: status %d, want 401", resp.StatusCode)
	}
	if resp := get("/mcp?token=tok", nil); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("MCP path with ?token=: status %d, want 401 (the query is no way in for MCP)", resp.StatusCode)
	}
}

// TestBrowserReboundHost checks the DNS-rebinding refusal on browser
// paths: over loopback, a Host other than a loopback name is a page
// whose domain now points at this machine.
func TestBrowserReboundHost(t *testing.T) {
	h, _ := Guard{Browser: func(*http.Request) bool { return true }}.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	for host, want := range map[string]int{"evil.example:80": http.StatusForbidden, "localhost:1": http.StatusOK, "127.0.0.1": http.StatusOK, "[::1]:9": http.StatusOK} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %q: status %d, want %d", host, resp.StatusCode, want)
		}
	}
}
