package store

import (
	"context"
	"testing"
)

func TestFilterKeeps(t *testing.T) {
	for _, tc := range []struct {
		f    Filter
		path string
		lang string
		want bool
	}{
		{Filter{}, "a/b.go", "go", true},
		{Filter{Directory: "net/http"}, "net/http/server.go", "go", true},
		{Filter{Directory: "net/http"}, "net/http", "go", true},
		{Filter{Directory: "net/http"}, "net/httptest/server.go", "go", false},
		{Filter{FileType: ".PY"}, "tools/x.py", "python", true},
		{Filter{FileType: "python"}, "tools/x.pyi", "python", true},
		{Filter{FileType: "go", Directory: "net"}, "net/x.py", "python", false},
	} {
		if got := tc.f.Keeps(&Chunk{FilePath: tc.path, Language: tc.lang}); got != tc.want {
			t.Errorf("%+v keeps %s (%s) = %v, want %v", tc.f, tc.path, tc.lang, got, tc.want)
		}
	}
}

func TestLocalBackendFiltersEveryChannel(t *testing.T) {
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	b := Local(s)
	vec := []float32{1, 0}
	chunk := func(path, lang string) Chunk {
		content := "func Serve() {}\n"
		return Chunk{ID: ChunkID(path, 1, 1, content), FilePath: path, Language: lang, Symbol: "Serve",
			StartLine: 1, EndLine: 1, Content: content, Vector: vec}
	}
	u := Update{Meta: Meta{ID: "r", Dimension: 2},
		Changed: []FileState{{Path: "a/x.go"}, {Path: "b/y.py"}},
		Chunks:  []Chunk{chunk("a/x.go", "go"), chunk("b/y.py", "python")}}
	ctx := context.Background()
	if err := Apply(ctx, b, nil, u); err != nil {
		t.Fatal(err)
	}
	ix, err := b.Load(ctx, "r")
	if err != nil {
		t.Fatal(err)
	}
	if m := ix.Manifest().Meta; m.Files != 2 || m.CodeChunks != 2 {
		t.Fatalf("manifest counts %+v", m)
	}
	f := Filter{Directory: "b"}
	vh, _ := ix.Vector(ctx, Code, vec, 10, f)
	lh, _ := ix.Lexical(ctx, Code, "serve", 10, f)
	dh, _ := ix.Declaring(ctx, Code, "Serve", f)
	if len(vh) != 1 || len(lh) != 1 || len(dh) != 1 || vh[0].Chunk.FilePath != "b/y.py" || lh[0].Chunk.FilePath != "b/y.py" || dh[0].Chunk.FilePath != "b/y.py" {
		t.Fatalf("directory filter: vector %d, lexical %d, declaring %d hits", len(vh), len(lh), len(dh))
	}
	sims, err := ix.Similarity(ctx, Code, vec, []*Chunk{vh[0].Chunk})
	if err != nil || len(sims) != 1 || sims[0] < 0.999 {
		t.Fatalf("similarity of a chunk to its own vector: %v, %v", sims, err)
	}
}
