package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// helperScript answers each JSON-RPC request line: an echo of its
// method, an error for "fail", nothing for "hang", and exits on "quit".
const helperScript = `
import json, sys, time
for line in sys.stdin:
    req = json.loads(line)
    m, ans = req["method"], {"jsonrpc": "2.0", "id": req["id"]}
    if m == "fail":
        ans["error"] = {"code": -32000, "message": "no such file"}
    elif m == "hang":
        time.sleep(30)
    elif m == "quit":
        print("bye", file=sys.stderr)
        sys.exit(3)
    else:
        ans["result"] = {"op": m, "n": (req.get("params") or {}).get("n", 0) + 1}
    print(json.dumps(ans), flush=True)
`

func startTestHelper(t *testing.T, timeout time.Duration) *helperProc {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	h, err := startHelper("test", []string{python, "-c", helperScript}, nil, "apt-get install -y python3", timeout)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.stop)
	return h
}

// A helper answers requests in order, its error answers are errors, and
// one that exits or stops answering is reported, not waited on forever.
func TestHelperProtocol(t *testing.T) {
	h := startTestHelper(t, 2*time.Second)
	var got struct {
		Op string `json:"op"`
		N  int    `json:"n"`
	}
	for i := range 3 {
		if err := h.ask("refs", map[string]any{"n": i}, &got); err != nil || got.Op != "refs" || got.N != i+1 {
			t.Fatalf("answer %d: %+v, %v", i, got, err)
		}
	}
	if err := h.ask("fail", nil, &got); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("error answer: %v", err)
	}
	if err := h.ask("quit", nil, &got); err == nil || !strings.Contains(err.Error(), "bye") {
		t.Errorf("after the helper exits: %v", err)
	}

	slow := startTestHelper(t, 200*time.Millisecond)
	if err := slow.ask("hang", nil, &got); !errors.Is(err, errHelperTimeout) {
		t.Errorf("a helper that does not answer: %v, want errHelperTimeout", err)
	}
}
