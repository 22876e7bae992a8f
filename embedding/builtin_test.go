package embedding

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

func cosine(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestBuiltinRanksMatchingCodeFirst(t *testing.T) {
	emb, err := NewBuiltin()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(emb.ModelID(), "builtin-nbow-") || emb.Dimension() <= 0 {
		t.Fatalf("ModelID %q, Dimension %d", emb.ModelID(), emb.Dimension())
	}
	docs := []string{
		"strutil/reverse.go\nfunc Reverse(s string) string {\n\tr := []rune(s)\n\tfor i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {\n\t\tr[i], r[j] = r[j], r[i]\n\t}\n\treturn string(r)\n}",
		"netutil/dial.go\nfunc DialTimeout(addr string, d time.Duration) (net.Conn, error) {\n\treturn net.DialTimeout(\"tcp\", addr, d)\n}",
		"files/hash.py\ndef sha256_file(path):\n    h = hashlib.sha256()\n    with open(path, 'rb') as f:\n        h.update(f.read())\n    return h.hexdigest()",
	}
	queries := []string{
		"reverse the characters of a string",
		"connect to a TCP address with a timeout",
		"compute the checksum of a file",
	}
	ctx := context.Background()
	vecs, err := emb.EmbedDocuments(ctx, docs)
	if err != nil {
		t.Fatal(err)
	}
	for qi, q := range queries {
		qv, err := emb.EmbedQuery(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		best := 0
		for di := range vecs {
			if cosine(qv, vecs[di]) > cosine(qv, vecs[best]) {
				best = di
			}
		}
		if best != qi {
			t.Errorf("query %q: best document %d, want %d", q, best, qi)
		}
	}
}

func TestBuiltinParallelBatchMatchesSequential(t *testing.T) {
	emb, err := NewBuiltin()
	if err != nil {
		t.Fatal(err)
	}
	texts := make([]string, 3*parallelMin+5)
	for i := range texts {
		texts[i] = fmt.Sprintf("pkg/file%d.go\nfunc Handler%d(w http.ResponseWriter) { w.WriteHeader(%d) }", i, i, i)
	}
	ctx := context.Background()
	all, err := emb.EmbedDocuments(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range texts {
		one, err := emb.EmbedDocuments(ctx, []string{text})
		if err != nil {
			t.Fatal(err)
		}
		for j := range one[0] {
			if one[0][j] != all[i][j] {
				t.Fatalf("text %d differs between batch and single embedding", i)
			}
		}
	}
}

func TestBuiltinHonoursCancellation(t *testing.T) {
	emb, err := NewBuiltin()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := emb.EmbedQuery(ctx, "anything"); err == nil {
		t.Error("EmbedQuery on a cancelled context succeeded")
	}
	if _, err := emb.EmbedDocuments(ctx, make([]string, 1000)); err == nil {
		t.Error("EmbedDocuments on a cancelled context succeeded")
	}
}
