package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/search"
)

func TestExactIdentifierRanksDeclarationFirst(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	files := map[string]string{
		"decl.go": "package p\n\n// ParseDuration reads a duration.\nfunc ParseDuration(s string) int {\n\treturn len(s)\n}\n",
	}
	// Many files that mention the name far more often than its declaration does.
	for i := 0; i < 20; i++ {
		files[fmt.Sprintf("use%02d.go", i)] = fmt.Sprintf("package p\n\nfunc use%d() {\n\tParseDuration(\"1\")\n\tParseDuration(\"2\")\n\tParseDuration(\"3\")\n}\n", i)
	}
	writeFiles(t, root, files)
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{ModeHybrid, ModeVector, ModeLexical} {
		resp, err := svc.Search(ctx, SearchParams{Query: "ParseDuration", RepositoryID: rep.RepositoryID, Limit: 5, Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) == 0 || resp.Results[0].FilePath != "decl.go" || resp.Results[0].Score != 1 {
			t.Errorf("mode %s: first result %+v, want decl.go with score 1", mode, resp.Results)
		}
	}
}

// TestDeclaredWordRanksDeclarationFirst: a single lower-case word that the
// repository declares (Python's squeeze) is looked up as the name it is,
// though it reads as a topic too.
func TestDeclaredWordRanksDeclarationFirst(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	files := map[string]string{
		"escape.py": "import re\n\n\ndef unescape(value):\n    return value.replace('&amp;', '&')\n\n\n" +
			"def squeeze(value):\n    return re.sub(r'\\s+', ' ', value).strip()\n",
	}
	for i := 0; i < 20; i++ {
		files[fmt.Sprintf("use%02d.py", i)] = fmt.Sprintf("from escape import squeeze\n\n\ndef tidy%d(text):\n"+
			"    text = squeeze(text)\n    # squeeze twice: squeeze what squeeze left\n    return squeeze(squeeze(text))\n", i)
	}
	writeFiles(t, root, files)
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := svc.Search(ctx, SearchParams{Query: "squeeze", RepositoryID: rep.RepositoryID, Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) == 0 || resp.Results[0].FilePath != "escape.py" {
		t.Errorf("first result %+v, want escape.py, which declares squeeze", resp.Results)
	}
}

func TestResultsMergeAdjacentChunksAndCapPerFile(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	var big strings.Builder
	big.WriteString("package p\n")
	for i := 0; i < 12; i++ { // twelve separate declarations about the same thing
		fmt.Fprintf(&big, "\n// Checksum%d computes a checksum of the block.\nfunc Checksum%d(block []byte) uint32 {\n%s\treturn checksumBlock(block)\n}\n", i, i, strings.Repeat("\t_ = block // padding to keep declarations apart in separate chunks of the file\n", 40))
	}
	files := map[string]string{"big.go": big.String()}
	for i := 0; i < 6; i++ {
		files[fmt.Sprintf("other%d.go", i)] = fmt.Sprintf("package p\n\n// Checksum of a block, variant %d.\nfunc checksumVariant%d(block []byte) uint32 {\n\treturn checksumBlock(block)\n}\n", i, i)
	}
	writeFiles(t, root, files)
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := svc.Search(ctx, SearchParams{Query: "checksum block", RepositoryID: rep.RepositoryID, Limit: 8, Mode: ModeLexical})
	if err != nil {
		t.Fatal(err)
	}
	perFile := map[string]int{}
	for i, r := range resp.Results {
		perFile[r.FilePath]++
		for _, o := range resp.Results[:i] {
			if o.FilePath == r.FilePath && r.StartLine <= o.EndLine+1 && r.EndLine >= o.StartLine-1 {
				t.Errorf("results %d-%d and %d-%d of %s touch but were not merged", o.StartLine, o.EndLine, r.StartLine, r.EndLine, r.FilePath)
			}
		}
		if strings.TrimSpace(strings.SplitN(r.Content, "\n", 2)[0]) == "" {
			t.Errorf("result %s:%d starts with a blank line", r.FilePath, r.StartLine)
		}
	}
	if perFile["big.go"] > DefaultPerFile {
		t.Errorf("big.go has %d results, cap is %d (others were available): %v", perFile["big.go"], DefaultPerFile, perFile)
	}
	if len(resp.Results) != 8 {
		t.Errorf("%d results, want 8", len(resp.Results))
	}
	// With no other file to show, the cap gives way so limit results still come back.
	resp, _ = svc.Search(ctx, SearchParams{Query: "checksum block", RepositoryID: rep.RepositoryID, Limit: 8, Mode: ModeLexical, Directory: "big.go"})
	if len(resp.Results) <= DefaultPerFile {
		t.Errorf("single-file search returned %d results; the per-file cap should give way", len(resp.Results))
	}
}

func TestLexicalModeNeedsNoEmbedding(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("RotateLogs", "rotateLogFiles()"), "b.go": goFunc("Other", "x()")})
	rep, _ := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	svc.cfg.Embedder = failingEmbedder{svc.cfg.Embedder}
	resp, err := svc.Search(ctx, SearchParams{Query: "rotate log files", RepositoryID: rep.RepositoryID, Limit: 3, Mode: ModeLexical})
	if err != nil || len(resp.Results) == 0 || resp.Results[0].FilePath != "a.go" {
		t.Fatalf("lexical search: %+v %v", resp.Results, err)
	}
	if resp.Results[0].Score <= 0 || resp.Results[0].Score >= 1 {
		t.Errorf("lexical score %v not in (0,1)", resp.Results[0].Score)
	}
}

// lineWindow cuts the lines that splitting the whole file at newlines,
// CRLF as LF, would give, for every window including ones past the end.
func TestLineWindowMatchesSplit(t *testing.T) {
	for _, text := range []string{"", "one", "one\n", "a\nb\nc", "a\r\nb\r\n\r\nc\r", "a\n\nb\n", "\r\n\r\n", "x\ry\nz"} {
		all := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
		for first := 0; first <= len(all)+1; first++ {
			for last := first; last <= len(all)+2; last++ {
				want := all[min(first, len(all)):min(last, len(all))]
				got := lineWindow([]byte(text), first, last)
				if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
					t.Errorf("lineWindow(%q, %d, %d) = %q, want %q", text, first, last, got, want)
				}
			}
		}
	}
}

func TestQueryLengthIsCapped(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Upload", "send()")})
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	// A long bug report is a query; one byte more than the cap is not.
	atCap := strings.Repeat("upload failed ", MaxPastedBytes/14)
	resp, err := svc.Search(context.Background(), SearchParams{Query: atCap, RepositoryID: rep.RepositoryID, Limit: 5})
	if err != nil {
		t.Errorf("query of %d bytes: %v", len(atCap), err)
	} else if !strings.Contains(resp.Warning, "first 24 KiB and last 8 KiB were read") {
		t.Errorf("query of %d bytes: warning %q, want it to say what was read", len(atCap), resp.Warning)
	}
	for _, n := range []int{MaxPastedBytes + 1, 4 << 20} {
		_, err := svc.Search(context.Background(), SearchParams{Query: strings.Repeat("é", n/2+1), RepositoryID: rep.RepositoryID, Limit: 5})
		var ae *ArgError
		if !errors.As(err, &ae) || ae.Arg != "query" || !strings.Contains(err.Error(), "128 KiB") {
			t.Errorf("query of %d bytes: %v, want a query argument error naming the 128 KiB limit", n, err)
		}
	}
}

// A report pasted with a long log is read by its head and its end: the
// title says what failed, and a Python traceback's innermost frame,
// last, says where.
func TestLongReportIsReadByHeadAndTail(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"pkg/handlers/upload.py": "def store(blob):\n    return blob.save()\n",
		"pkg/misc/heartbeat.py":  "def heartbeat(log):\n    \"\"\"Log that the worker is ok.\"\"\"\n    log.info(\"heartbeat ok\")\n",
	})
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	var q strings.Builder
	q.WriteString("The worker crashes\n\nIts log:\n")
	for q.Len() < 3*MaxQueryBytes/2 {
		q.WriteString("2026-11-28 02:10:00 INFO request served in 3 ms\n")
	}
	q.WriteString("Traceback (most recent call last):\n")
	for _, f := range []string{"app/main.py", "app/worker.py", "pkg/handlers/upload.py"} {
		fmt.Fprintf(&q, "  File \"/srv/app/%s\", line 12, in run\n    step()\n", f)
	}
	q.WriteString("AttributeError: 'NoneType' object has no attribute 'save'\n")
	resp, err := svc.Search(context.Background(), SearchParams{Query: q.String(), RepositoryID: rep.RepositoryID, Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) == 0 || resp.Results[0].FilePath != "pkg/handlers/upload.py" {
		t.Errorf("results %+v, want pkg/handlers/upload.py first", resp.Results)
	}
	for _, r := range []string{q.String()[:MaxQueryBytes+1], "a\n" + strings.Repeat("é", MaxQueryBytes)} {
		if got := readable(r); len(got) > MaxQueryBytes+1 || !utf8.ValidString(got) {
			t.Errorf("readable kept %d bytes (valid UTF-8: %v), want at most %d", len(got), utf8.ValidString(got), MaxQueryBytes+1)
		}
	}
}

// A file a query names is among the results even when neither channel
// finds it: a stack trace names where it went wrong, in words that need
// not be the code's. Without the feature the words decide.
func TestNamedFileJoinsTheResults(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	files := map[string]string{
		"pkg/handlers/upload.py": "def store(blob):\n    return blob.save()\n",
	}
	for i := 0; i < 30; i++ {
		files[fmt.Sprintf("pkg/misc/retry%02d.py", i)] = fmt.Sprintf("def retry_upload_%d(request):\n    # retry the upload request when the server times out\n    return request.retry()\n", i)
	}
	writeFiles(t, root, files)
	query := "Uploads time out and the retry request fails with an error.\n" +
		"Traceback (most recent call last):\n  File \"/srv/app/pkg/handlers/upload.py\", line 2, in store\n"
	for _, on := range []bool{true, false} {
		cfg := Config{DataDir: t.TempDir(), Embedder: embedding.HashEmbedder{Dim: 64}}
		if !on {
			cfg.Ranking.Off = search.Mentions
		}
		svc, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
		if err != nil {
			t.Fatal(err)
		}
		resp, err := svc.Search(ctx, SearchParams{Query: query, RepositoryID: rep.RepositoryID, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		first := len(resp.Results) > 0 && resp.Results[0].FilePath == "pkg/handlers/upload.py"
		if first != on {
			t.Errorf("mentions on: %v: upload.py first: %v, results %+v", on, first, resp.Results)
		}
	}
}

// A Lua definition file (`---@meta`) is indexed with its mark and ranks as
// a type stub: below the code it describes, which it repeats the words of.
func TestLuaDefinitionFileYieldsToTheCode(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	stub := "\n---@class pyright.Settings\n---Pyright settings: the analysis mode of the pyright server.\n" +
		"---@field typeCheckingMode string pyright type checking mode for the pyright analysis settings\n" +
		"---@field diagnosticMode string pyright diagnostic settings for the pyright analysis\n"
	config := "-- The pyright language server and its default settings.\nreturn {\n  cmd = { 'pyright-langserver', '--stdio' },\n  settings = { python = { analysis = { typeCheckingMode = 'basic' } } },\n}\n"
	first := func(header string) string {
		root := t.TempDir()
		writeFiles(t, root, map[string]string{"types/pyright.lua": header + stub, "configs/pyright.lua": config})
		rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
		if err != nil {
			t.Fatal(err)
		}
		resp, err := svc.Search(ctx, SearchParams{Query: "pyright analysis settings", RepositoryID: rep.RepositoryID, Limit: 5, Mode: ModeLexical})
		if err != nil || len(resp.Results) == 0 {
			t.Fatalf("search: %v, %d results", err, len(resp.Results))
		}
		return resp.Results[0].FilePath
	}
	if got := first("---@meta\n"); got != "configs/pyright.lua" {
		t.Errorf("with ---@meta, %s first, want the configuration", got)
	}
	if got := first("-- types\n"); got != "types/pyright.lua" {
		t.Errorf("without ---@meta, %s first, want the file with more of the words (the test's control)", got)
	}
}
