package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/httpguard"
	"github.com/codeseek/codeseek/tools"
	"github.com/codeseek/codeseek/webui"
)

// sessionIdleTTL is how long an idle MCP session's state is kept. The
// server's timeouts are httpguard's.
const sessionIdleTTL = 30 * time.Minute

// Rate limit defaults: an agent sends a handful of requests per second;
// a burst of 100 covers many sessions starting at once from one host.
const (
	defaultRatePerSecond = 50
	rateBurstFactor      = 2
)

// serveFlags are the flags of `codeseek serve`.
type serveFlags struct {
	addr         string
	watch        bool
	roots        []string
	allowOrigins []string
	authToken    string
	rateLimit    float64
	maxSearches  int
}

func newServeCmd(g *globalFlags) *cobra.Command {
	var f serveFlags
	var wait indexWaitFlag
	c := &cobra.Command{
		Use:   "serve [--watch PATH...]",
		Short: "Serve the MCP tools over stdio (default) or streamable HTTP (--http), and the web UI at / with --http",
		Args:  serveArgs(&f.watch),
		RunE: func(c *cobra.Command, a []string) error {
			return runServe(c, g, &f, &wait, a, nil)
		},
	}
	wait.register(c)
	f.register(c, "")
	return c
}

// register adds the serve flags; ui passes its default address.
func (f *serveFlags) register(c *cobra.Command, defaultAddr string) {
	fl := c.Flags()
	fl.BoolVar(&f.watch, "watch", false, "index the PATH arguments in the background and keep them fresh while serving (each PATH is also a --root)")
	if defaultAddr == "" {
		fl.StringVar(&f.addr, "http", "", "serve streamable HTTP at ADDR (e.g. 127.0.0.1:8765), MCP endpoint /mcp, web UI at /; a non-loopback ADDR needs --auth-token")
	} else {
		fl.StringVar(&f.addr, "http", defaultAddr, "serve the web UI (and MCP at /mcp) at ADDR; a non-loopback ADDR needs --auth-token")
	}
	fl.StringArrayVar(&f.roots, "root", nil, "directory MCP clients may index and search under (repeatable; env CODESEEK_ROOTS, a path list like PATH; default: the directory serve starts in; / allows everything)")
	fl.StringArrayVar(&f.allowOrigins, "allow-origin", nil, "browser Origin allowed besides localhost, such as https://app.example.com (repeatable; HTTP only)")
	// The env value is read at run time, not made the flag's default,
	// so that --help never prints the token.
	fl.StringVar(&f.authToken, "auth-token", "", "require \"Authorization: Bearer TOKEN\" on every HTTP request (env CODESEEK_AUTH_TOKEN, which keeps it out of ps)")
	fl.Float64Var(&f.rateLimit, "rate-limit", defaultRatePerSecond, "HTTP requests per second allowed per client IP, after a burst of twice as many; 0 turns the limit off")
	fl.IntVar(&f.maxSearches, "max-searches", 0, "searches run at once; more wait their turn (default: one per CPU)")
}

// runServe is serve and ui: the service over stdio, or over HTTP with the
// web UI. listening, if set, is told the UI's address once it is open.
func runServe(c *cobra.Command, g *globalFlags, f *serveFlags, wait *indexWaitFlag, a []string, listening func(url string)) error {
	if f.authToken == "" {
		f.authToken = os.Getenv("CODESEEK_AUTH_TOKEN")
	}
	roots, err := f.serveRoots(a)
	if err != nil {
		return err
	}
	var ln net.Listener
	if f.addr != "" { // refuse an open address before doing any work
		if ln, err = listenHTTP(*f); err != nil {
			return err
		}
		defer ln.Close()
	}
	svc, err := g.service(c.Context(), func(cfg *tools.Config) {
		cfg.Roots, cfg.MaxSearches = roots, f.maxSearches
	})
	if err != nil {
		return err
	}
	if err := wait.apply(svc); err != nil {
		return err
	}
	srv := tools.NewMCPServer(svc)
	logger := log.New(os.Stderr, "codeseek: ", log.LstdFlags)
	if f.watch {
		defer startServeWatch(c.Context(), svc, a, logger)()
	}
	if ln == nil {
		return serveStdio(c.Context(), srv, logger)
	}
	return serveHTTP(c.Context(), svc, srv, ln, *f, logger, listening)
}

// serveRoots are the --root directories, else CODESEEK_ROOTS, else the
// working directory; --watch paths are added, since the user named them.
func (f *serveFlags) serveRoots(watchPaths []string) (*tools.Roots, error) {
	dirs, from := f.roots, "--root"
	if len(dirs) == 0 {
		dirs, from = filepath.SplitList(os.Getenv("CODESEEK_ROOTS")), "CODESEEK_ROOTS"
	}
	if len(dirs) == 0 {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("default root (the working directory): %w; pass --root DIR", err)
		}
		dirs, from = []string{wd}, "the working directory"
	}
	roots, err := tools.NewRoots(append(dirs, watchPaths...))
	if err != nil {
		return nil, usagef("%s: %v", from, err)
	}
	return roots, nil
}

func serveStdio(ctx context.Context, srv *server.MCPServer, logger *log.Logger) error {
	stdio := server.NewStdioServer(srv)
	stdio.SetErrorLogger(logger)
	in, restore := pollableInput(int(syscall.Stdin))
	defer restore()
	err := stdio.Listen(ctx, in, os.Stdout)
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// listenHTTP opens the --http address, refusing one reachable from other
// machines unless a token guards it.
func listenHTTP(f serveFlags) (net.Listener, error) {
	if f.rateLimit < 0 {
		return nil, usagef("--rate-limit must be 0 (off) or positive, got %v", f.rateLimit)
	}
	ln, err := httpguard.Listen("--http", f.addr, f.authToken)
	if err != nil {
		return nil, usageError{err}
	}
	return ln, nil
}

// guard is the front of every HTTP endpoint, from the flags.
func (f serveFlags) guard() httpguard.Guard {
	return httpguard.Guard{
		AuthToken: f.authToken, AllowOrigins: f.allowOrigins,
		RatePerSecond: f.rateLimit, RateBurst: int(f.rateLimit * rateBurstFactor),
	}
}

// serveHTTP serves the guarded MCP endpoint and web UI on ln until ctx
// is done.
func serveHTTP(ctx context.Context, svc *tools.Service, srv *server.MCPServer, ln net.Listener, f serveFlags, logger *log.Logger, listening func(string)) error {
	mux := http.NewServeMux()
	mux.Handle("/mcp", server.NewStreamableHTTPServer(srv, server.WithSessionIdleTTL(sessionIdleTTL)))
	mux.Handle("/", webui.Handler(svc))
	guard := f.guard()
	guard.Browser = webui.IsUI
	h, err := guard.Handler(mux)
	if err != nil {
		return usageError{err}
	}
	logger.Printf("serving MCP over streamable HTTP at http://%s/mcp", ln.Addr())
	logger.Printf("serving the web UI at %s", uiURL(ln.Addr(), ""))
	if listening != nil {
		listening(uiURL(ln.Addr(), f.authToken))
	}
	return httpguard.Serve(ctx, ln, h)
}

// uiURL is the address a browser opens: an unspecified listen address
// (0.0.0.0, ::) is reached at 127.0.0.1; a token, if any, logs the browser
// in on the first load.
func uiURL(addr net.Addr, token string) string {
	host, port := "127.0.0.1", ""
	if tcp, ok := addr.(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port)
		if !tcp.IP.IsUnspecified() {
			host = tcp.IP.String()
		}
	}
	u := "http://" + net.JoinHostPort(host, port) + "/"
	if token != "" {
		u += "?token=" + url.QueryEscape(token)
	}
	return u
}
