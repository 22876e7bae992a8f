// Package servetest runs `codeseek serve --http` for the end-to-end tests
// and the benchmarks: one way to start the real server and talk to it.
package servetest

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"regexp"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

var addrRe = regexp.MustCompile(`http://(\S+)/mcp`)

// StartHTTP runs `bin serve --http 127.0.0.1:0 args...` with env added to
// the environment and returns its endpoint URL once it listens. The
// server is interrupted at cleanup.
func StartHTTP(tb testing.TB, bin string, env []string, args ...string) string {
	tb.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--http", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	lines := bufio.NewScanner(stderr)
	for lines.Scan() {
		if m := addrRe.FindStringSubmatch(lines.Text()); m != nil {
			go io.Copy(io.Discard, stderr)
			return "http://" + m[1] + "/mcp"
		}
	}
	tb.Fatal("server never reported its address")
	return ""
}

// Session opens an initialized MCP session over streamable HTTP, closed
// at cleanup.
func Session(tb testing.TB, url string) *client.Client {
	tb.Helper()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		tb.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "codeseek-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { c.Close() })
	return c
}
