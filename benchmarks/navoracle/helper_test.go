package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// helperScript answers each request line: an echo of its op, an error for
// op "fail", nothing for op "hang", and exits on op "quit".
const helperScript = `
import json, sys, time
for line in sys.stdin:
    req = json.loads(line)
    if req["op"] == "fail":
        print(json.dumps({"error": "no such file"}), flush=True)
    elif req["op"] == "hang":
        time.sleep(30)
    elif req["op"] == "quit":
        sys.exit(3)
    else:
        print(json.dumps({"op": req["op"], "n": req.get("n", 0) + 1}), flush=True)
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
		if err := h.ask(map[string]any{"op": "refs", "n": i}, &got); err != nil || got.Op != "refs" || got.N != i+1 {
			t.Fatalf("answer %d: %+v, %v", i, got, err)
		}
	}
	if err := h.ask(map[string]any{"op": "fail"}, &got); err == nil || err.Error() != "no such file" {
		t.Errorf("error answer: %v", err)
	}
	if err := h.ask(map[string]any{"op": "quit"}, &got); err == nil || !strings.Contains(err.Error(), "exited") {
		t.Errorf("after the helper exits: %v", err)
	}

	slow := startTestHelper(t, 200*time.Millisecond)
	if err := slow.ask(map[string]any{"op": "hang"}, &got); !errors.Is(err, errHelperTimeout) {
		t.Errorf("a helper that does not answer: %v, want errHelperTimeout", err)
	}
}
