package httpguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Server timeouts. There is no WriteTimeout: a streamable HTTP response
// may be an SSE stream that stays open for a whole session (MCP, or the
// UI's index progress), and a tool call may take minutes
// (index_repository). The read timeout covers headers and body only:
// net/http lifts it once the body is read (TestGuardLiftsReadDeadline
// holds the guard to that).
const (
	ReadHeaderTimeout = 10 * time.Second
	ReadTimeout       = 60 * time.Second
	IdleTimeout       = 2 * time.Minute
)

// Listen opens addr for serving, refusing an address reachable from other
// machines unless a token guards it: an open server would index and read
// files for anyone on the network. flag names the option addr came from,
// for the error. Every error is the caller's to fix (a usage error).
func Listen(flag, addr, token string) (net.Listener, error) {
	refuse := func(where string) error {
		return fmt.Errorf("%s %s listens beyond this machine (%s) without authentication: pass --auth-token TOKEN (or set CODESEEK_AUTH_TOKEN), or listen on 127.0.0.1", flag, addr, where)
	}
	if host, _, err := net.SplitHostPort(addr); err == nil && token == "" {
		if ip := net.ParseIP(host); host == "" || ip != nil && !ip.IsLoopback() {
			return nil, refuse("every interface or a network address") // refused before binding it
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v", flag, addr, err)
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() && token == "" {
		ln.Close() // a host name that resolved beyond loopback
		return nil, refuse(ln.Addr().String())
	}
	return ln, nil
}

// Serve serves h (already guarded) on ln with the timeouts above until
// ctx is done, then shuts down, giving running requests 5 seconds.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	hs := &http.Server{Handler: h, ReadHeaderTimeout: ReadHeaderTimeout, ReadTimeout: ReadTimeout, IdleTimeout: IdleTimeout}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shutdown)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve %s: %w", ln.Addr(), err)
	}
	return nil
}
