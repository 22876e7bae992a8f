package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

func TestLSPFramingRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	w := &lspFramer{w: &buf}
	msgs := []string{`{"jsonrpc":"2.0","id":1,"result":null}`, `{"jsonrpc":"2.0","method":"x","params":{"s":"é\r\n"}}`, `{}`}
	for _, m := range msgs {
		if err := w.writeMessage([]byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.HasPrefix(buf.String(), "Content-Length: 38\r\n\r\n{") {
		t.Fatalf("header: %q", buf.String()[:30])
	}
	r := &lspFramer{r: bufio.NewReader(&buf)}
	for _, want := range msgs {
		got, err := r.readMessage()
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Fatalf("got %q want %q", got, want)
		}
	}
	if _, err := r.readMessage(); err != io.EOF {
		t.Fatalf("after the last message: %v, want EOF", err)
	}
}

func TestLSPFramingHeaders(t *testing.T) {
	in := "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}"
	r := &lspFramer{r: bufio.NewReader(strings.NewReader(in))}
	got, err := r.readMessage()
	if err != nil || string(got) != "{}" {
		t.Fatalf("got %q, %v", got, err)
	}
	for _, bad := range []string{"Content-Type: x\r\n\r\n{}", "Content-Length: x\r\n\r\n", "garbage\r\n\r\n", "Content-Length: 10\r\n\r\n{}"} {
		r := &lspFramer{r: bufio.NewReader(strings.NewReader(bad))}
		if _, err := r.readMessage(); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestLineFraming(t *testing.T) {
	var buf bytes.Buffer
	w := &lineFramer{w: &buf}
	if err := w.writeMessage([]byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := w.writeMessage([]byte("{\n}")); err == nil {
		t.Fatal("a newline inside a message must be refused")
	}
	buf.WriteString("\n\n")
	r := &lineFramer{r: bufio.NewReader(&buf)}
	got, err := r.readMessage()
	if err != nil || strings.TrimSpace(string(got)) != `{"a":1}` {
		t.Fatalf("got %q, %v", got, err)
	}
	if _, err := r.readMessage(); err == nil {
		t.Fatal("blank lines then EOF: want an error")
	}
}

// fakeServer answers requests on the other end of two pipes with the LSP
// framing: it first sends a server->client request, then answers the
// client's calls in reverse order.
func TestRPCConnCallsAndServerRequests(t *testing.T) {
	cr, sw := io.Pipe() // server -> client
	sr, cw := io.Pipe() // client -> server
	client := newRPCConn(&lspFramer{r: bufio.NewReader(cr), w: cw})
	gotConfig := make(chan string, 1)
	client.onRequest = func(method string, params json.RawMessage) (any, error) {
		return []any{map[string]any{"seen": method}}, nil
	}
	notes := make(chan string, 4)
	client.onNotify = func(method string, _ json.RawMessage) { notes <- method }
	client.start()

	server := &lspFramer{r: bufio.NewReader(sr), w: sw}
	go func() {
		_ = server.writeMessage([]byte(`{"jsonrpc":"2.0","id":"cfg-1","method":"workspace/configuration","params":{"items":[{}]}}`))
		_ = server.writeMessage([]byte(`{"jsonrpc":"2.0","method":"window/logMessage","params":{}}`))
		var reqs []rpcMessage
		for len(reqs) < 2 {
			b, err := server.readMessage()
			if err != nil {
				return
			}
			var m rpcMessage
			_ = json.Unmarshal(b, &m)
			if m.Method == "" { // the answer to our configuration request
				gotConfig <- string(m.ID) + " " + string(m.Result)
				continue
			}
			reqs = append(reqs, m)
		}
		for i := len(reqs) - 1; i >= 0; i-- {
			res, _ := json.Marshal(map[string]string{"echo": reqs[i].Method})
			out, _ := json.Marshal(rpcMessage{JSONRPC: "2.0", ID: reqs[i].ID, Result: res})
			_ = server.writeMessage(out)
		}
		b, _ := json.Marshal(rpcMessage{JSONRPC: "2.0", ID: json.RawMessage("99"), Error: &rpcError{Code: 1, Message: "late"}})
		_ = server.writeMessage(b)
	}()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	type res struct {
		Echo string `json:"echo"`
	}
	errs := make(chan error, 2)
	results := make(chan string, 2)
	for _, m := range []string{"first", "second"} {
		go func(m string) {
			var r res
			errs <- client.call(ctx, m, map[string]int{"x": 1}, &r)
			results <- m + "=" + r.Echo
		}(m)
		time.Sleep(20 * time.Millisecond)
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		if r := <-results; r != "first=first" && r != "second=second" {
			t.Fatalf("mismatched response: %s", r)
		}
	}
	if got := <-gotConfig; got != `"cfg-1" [{"seen":"workspace/configuration"}]` {
		t.Fatalf("answer to the server's request: %s", got)
	}
	if n := <-notes; n != "window/logMessage" {
		t.Fatalf("notification: %s", n)
	}
	_ = sw.Close()
	_ = sr.Close()
	<-client.done
	if err := client.call(ctx, "after", nil, nil); err == nil {
		t.Fatal("call on a closed connection: no error")
	}
}

func TestRPCCallTimeout(t *testing.T) {
	cr, _ := io.Pipe()
	_, cw := io.Pipe()
	c := newRPCConn(&lineFramer{r: bufio.NewReader(cr), w: discardWriter{cw}})
	c.start()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := c.call(ctx, "slow", nil, nil); err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("got %v, want a deadline error", err)
	}
}

type discardWriter struct{ io.Writer }

func (discardWriter) Write(p []byte) (int, error) { return len(p), nil }

func TestUTF16Columns(t *testing.T) {
	line := "\ts := \"héllo 😀\" + Foo(x)"
	foo := strings.Index(line, "Foo") + 1 // 1-based byte column
	u := utf16Col(line, foo)
	// bytes before Foo: é is 2 bytes/1 unit, 😀 is 4 bytes/2 units.
	if want := foo - 1 - 1 - 2; u != want {
		t.Fatalf("utf16Col = %d, want %d", u, want)
	}
	if b := byteCol(line, u); b != foo {
		t.Fatalf("byteCol = %d, want %d", b, foo)
	}
	if byteCol("ab", 5) != 3 || utf16Col("ab", 9) != 2 {
		t.Fatal("out-of-range columns must clamp to the end of the line")
	}
}

func TestFileURI(t *testing.T) {
	u := fileURI("/usr/local/go/src/a b/x.go")
	if u != "file:///usr/local/go/src/a%20b/x.go" {
		t.Fatalf("fileURI = %s", u)
	}
	p, err := uriPath(u)
	if err != nil || p != "/usr/local/go/src/a b/x.go" {
		t.Fatalf("uriPath = %s, %v", p, err)
	}
	if _, err := uriPath("https://example.com/x"); err == nil {
		t.Fatal("non-file URI accepted")
	}
}
