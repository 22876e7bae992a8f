package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/tools"
)

func newServeCmd(g *globalFlags) *cobra.Command {
	var addr string
	var watch bool
	c := &cobra.Command{
		Use:   "serve [--watch PATH...]",
		Short: "Serve the MCP tools over stdio (default) or streamable HTTP (--http)",
		Args:  serveArgs(&watch),
		RunE: func(c *cobra.Command, a []string) error {
			svc, err := g.service(c.Context())
			if err != nil {
				return err
			}
			srv := tools.NewMCPServer(svc)
			logger := log.New(os.Stderr, "codeseek: ", log.LstdFlags)
			if watch {
				defer startServeWatch(c.Context(), svc, a, logger)()
			}
			if addr == "" {
				return serveStdio(c.Context(), srv, logger)
			}
			return serveHTTP(c.Context(), srv, addr, logger)
		},
	}
	c.Flags().BoolVar(&watch, "watch", false, "index the PATH arguments in the background and keep them fresh while serving")
	c.Flags().StringVar(&addr, "http", "", "serve streamable HTTP at ADDR (e.g. 127.0.0.1:8765), endpoint /mcp")
	return c
}

func serveStdio(ctx context.Context, srv *server.MCPServer, logger *log.Logger) error {
	stdio := server.NewStdioServer(srv)
	stdio.SetErrorLogger(logger)
	err := stdio.Listen(ctx, os.Stdin, os.Stdout)
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

func serveHTTP(ctx context.Context, srv *server.MCPServer, addr string, logger *log.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usagef("--http %s: %v", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", server.NewStreamableHTTPServer(srv))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	logger.Printf("serving MCP over streamable HTTP at http://%s/mcp", ln.Addr())
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shutdown)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve %s: %w", addr, err)
	}
	return nil
}
