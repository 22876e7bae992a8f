package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// framer reads and writes whole JSON-RPC messages on a byte stream.
type framer interface {
	readMessage() ([]byte, error)
	writeMessage(body []byte) error
}

// lspFramer is the LSP base protocol: "Content-Length: N\r\n\r\n" headers
// (other headers ignored) and then N bytes of JSON.
type lspFramer struct {
	r *bufio.Reader
	w io.Writer
}

func (f *lspFramer) readMessage() ([]byte, error) {
	length := -1
	for {
		line, err := f.r.ReadString('\n')
		if err != nil {
			if err == io.EOF && line == "" && length < 0 {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("lsp: reading header: %w", err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if length < 0 {
				return nil, errors.New("lsp: message without Content-Length")
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("lsp: bad header line %q", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("lsp: bad Content-Length %q", value)
			}
			length = n
		}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(f.r, body); err != nil {
		return nil, fmt.Errorf("lsp: reading %d-byte body: %w", length, err)
	}
	return body, nil
}

func (f *lspFramer) writeMessage(body []byte) error {
	if _, err := fmt.Fprintf(f.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err := f.w.Write(body)
	return err
}

// lineFramer is MCP's stdio transport: one JSON message per line.
type lineFramer struct {
	r *bufio.Reader
	w io.Writer
}

func (f *lineFramer) readMessage() ([]byte, error) {
	for {
		line, err := f.r.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			return line, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func (f *lineFramer) writeMessage(body []byte) error {
	if strings.ContainsRune(string(body), '\n') {
		return errors.New("mcp: message contains a newline")
	}
	_, err := f.w.Write(append(body, '\n'))
	return err
}

// rpcMessage is any JSON-RPC 2.0 message.
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("rpc error %d: %s", e.Code, e.Message) }

// rpcConn is a JSON-RPC client over one framer: calls wait for their
// response by id; requests from the server are answered by onRequest
// (null when nil) and notifications go to onNotify.
type rpcConn struct {
	fr  framer
	wmu sync.Mutex

	mu      sync.Mutex
	next    int64
	pending map[string]chan rpcMessage
	err     error // set when the read loop ends
	done    chan struct{}

	onRequest func(method string, params json.RawMessage) (any, error)
	onNotify  func(method string, params json.RawMessage)
}

func newRPCConn(fr framer) *rpcConn {
	return &rpcConn{fr: fr, pending: map[string]chan rpcMessage{}, done: make(chan struct{})}
}

// start runs the read loop; call it once, after setting the handlers.
func (c *rpcConn) start() { go c.loop() }

func (c *rpcConn) loop() {
	var err error
	for {
		var body []byte
		body, err = c.fr.readMessage()
		if err != nil {
			break
		}
		var m rpcMessage
		if jerr := json.Unmarshal(body, &m); jerr != nil {
			continue // not JSON-RPC (a stray log line): ignore
		}
		switch {
		case m.Method != "" && len(m.ID) > 0:
			go c.answer(m)
		case m.Method != "":
			if c.onNotify != nil {
				c.onNotify(m.Method, m.Params)
			}
		case len(m.ID) > 0:
			c.mu.Lock()
			ch := c.pending[string(m.ID)]
			delete(c.pending, string(m.ID))
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
	if err == io.EOF {
		err = errors.New("connection closed")
	}
	c.mu.Lock()
	c.err = err
	c.mu.Unlock()
	close(c.done)
}

func (c *rpcConn) answer(m rpcMessage) {
	var result any
	var err error
	if c.onRequest != nil {
		result, err = c.onRequest(m.Method, m.Params)
	}
	reply := rpcMessage{JSONRPC: "2.0", ID: m.ID}
	if err != nil {
		reply.Error = &rpcError{Code: -32601, Message: err.Error()}
	} else {
		b, merr := json.Marshal(result)
		if merr != nil {
			b = []byte("null")
		}
		reply.Result = b
	}
	_ = c.send(reply)
}

func (c *rpcConn) send(m rpcMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.fr.writeMessage(b)
}

// call sends a request and decodes its result into result (when not nil).
// It gives up when ctx ends or the connection closes.
func (c *rpcConn) call(ctx context.Context, method string, params, result any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return c.err
	}
	c.next++
	id := json.RawMessage(strconv.FormatInt(c.next, 10))
	ch := make(chan rpcMessage, 1)
	c.pending[string(id)] = ch
	c.mu.Unlock()
	if err := c.send(rpcMessage{JSONRPC: "2.0", ID: id, Method: method, Params: p}); err != nil {
		c.forget(id)
		return fmt.Errorf("%s: send: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %w", method, m.Error)
		}
		if result != nil && len(m.Result) > 0 {
			if err := json.Unmarshal(m.Result, result); err != nil {
				return fmt.Errorf("%s: decoding result: %w", method, err)
			}
		}
		return nil
	case <-ctx.Done():
		c.forget(id)
		return fmt.Errorf("%s: %w", method, ctx.Err())
	case <-c.done:
		return fmt.Errorf("%s: %w", method, c.err)
	}
}

func (c *rpcConn) forget(id json.RawMessage) {
	c.mu.Lock()
	delete(c.pending, string(id))
	c.mu.Unlock()
}

// notify sends a notification.
func (c *rpcConn) notify(method string, params any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.send(rpcMessage{JSONRPC: "2.0", Method: method, Params: p})
}

// rpcProc is a child process spoken to with JSON-RPC on its stdin/stdout.
type rpcProc struct {
	cmd    *exec.Cmd
	conn   *rpcConn
	stdin  io.Closer
	stderr *tailBuffer
	waited chan error
}

// startRPCProc starts name args in dir with the given framing ("lsp" or
// "line"); its stderr is kept (the last 8 KiB) for error messages.
func startRPCProc(dir string, env []string, framing, name string, args ...string) (*rpcProc, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	tb := &tailBuffer{max: 8 << 10}
	cmd.Stderr = tb
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	var fr framer
	br := bufio.NewReaderSize(stdout, 1<<20)
	if framing == "lsp" {
		fr = &lspFramer{r: br, w: stdin}
	} else {
		fr = &lineFramer{r: br, w: stdin}
	}
	p := &rpcProc{cmd: cmd, conn: newRPCConn(fr), stdin: stdin, stderr: tb, waited: make(chan error, 1)}
	go func() { p.waited <- cmd.Wait() }()
	return p, nil
}

// stop closes stdin, waits up to grace for the process to exit, then
// kills it (this process only).
func (p *rpcProc) stop(grace time.Duration) {
	_ = p.stdin.Close()
	select {
	case <-p.waited:
	case <-time.After(grace):
		_ = p.cmd.Process.Kill()
		<-p.waited
	}
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append([]byte(nil), t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
