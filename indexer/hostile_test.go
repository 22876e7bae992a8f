//go:build unix

package indexer

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// noHang runs f and fails the test if it has not returned within a
// generous bound: the files these tests build (FIFOs, links to /dev/zero)
// make an unguarded reader block or run forever, so the bound proves they
// are refused, not how fast.
func noHang(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not return: it blocked on or kept reading a special file", what)
	}
}

// randomText is n random bytes with every NUL replaced, so that only the
// invalid-UTF-8 rule can tell it is binary.
func randomText(n int) string {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.IntN(255) + 1)
	}
	return string(b)
}

// minifiedJS is a one-line bundle of about n bytes.
func minifiedJS(n int) string {
	return strings.Repeat("var a=function(b){return b+1};", n/30) + "\n"
}

// hostileRepo builds a repository holding every kind of file that must
// not be read: links to /etc/passwd and /dev/zero, a FIFO, random bytes
// in a .go file, a minified bundle, secret files, a link to one of them and
// a link to the FIFO; next to ordinary code that must still be indexed.
func hostileRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"main.go":          "package main\n\nfunc main() {}\n",
		"random.go":        randomText(20 << 10),
		"small-random.go":  randomText(2 << 10),
		"dist/app.min.js":  minifiedJS(200 << 10),
		"late-binary.txt":  strings.Repeat("text line\n", sniffSize/10+10) + randomText(40<<10),
		"stray-nul.go":     "package main\n\n" + strings.Repeat("// text line\n", sniffSize/10) + "// sep\x00x\nfunc f() {}\n",
		".env":             "AWS_SECRET_ACCESS_KEY=x\n",
		"id_rsa":           "-----BEGIN OPENSSH PRIVATE KEY-----\n",
		"certs/server.pem": "-----BEGIN CERTIFICATE-----\n",
		"credentials.json": `{"type": "service_account"}`,
	})
	for name, target := range map[string]string{
		"passwd":     "/etc/passwd",
		"zero":       "/dev/zero",
		"notes.txt":  "id_rsa",
		"fifo-link":  "fifo",
		"random-dev": "/dev/urandom",
	} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Skipf("cannot create a FIFO here: %v", err)
	}
	return root
}

func TestIndexHostileRepo(t *testing.T) {
	root := hostileRepo(t)
	var plan *Plan
	var err error
	var changed []string
	noHang(t, "NewPlan", func() {
		if plan, err = NewPlan(context.Background(), root, nil, Config{}); err == nil {
			err = plan.Stream(context.Background(), Config{}, func(fs []FileChunks) error {
				for _, f := range fs {
					changed = append(changed, f.File.Path)
				}
				return nil
			})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	assertStrings(t, "indexed", changed, []string{"main.go", "stray-nul.go"})
	assertStrings(t, "skipped", skipStrings(plan.Skipped), []string{
		".env secret_file",
		"certs/server.pem secret_file",
		"credentials.json secret_file",
		"dist/app.min.js minified",
		"fifo not_regular_file",
		"fifo-link symlink_inside_root",
		"id_rsa secret_file",
		"late-binary.txt binary", // binary past the walker's window: found when read whole
		"notes.txt secret_file",
		"passwd symlink_outside_root",
		"random-dev symlink_outside_root",
		"random.go binary",
		"small-random.go binary",
		"zero symlink_outside_root",
	})
	if len(plan.Errors) > 0 {
		t.Errorf("errors: %v", plan.Errors)
	}
}

func TestReadFileRefusesWhatItMustNotRead(t *testing.T) {
	root := hostileRepo(t)
	big := filepath.Join(root, "big.txt")
	if err := os.WriteFile(big, []byte(strings.Repeat("a\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path   string
		opt    ReadOptions
		reason string
	}{
		{"fifo", ReadOptions{}, ReasonSpecial},
		{"fifo-link", ReadOptions{Root: root}, ReasonSpecial},
		{"/dev/zero", ReadOptions{}, ReasonSpecial},
		{"zero", ReadOptions{}, ReasonSpecial}, // without a root the link is followed, and refused as a device
		{"zero", ReadOptions{Root: root}, ReasonSymlink},
		{"passwd", ReadOptions{Root: root}, ReasonSymlink},
		{"big.txt", ReadOptions{MaxSize: 199}, ReasonTooLarge},
		{".", ReadOptions{}, ReasonSpecial},
	}
	for _, c := range cases {
		p := c.path
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		for name, read := range map[string]func() error{
			"ReadFile":   func() error { _, err := ReadFile(p, c.opt); return err },
			"ReadSource": func() error { _, err := ReadSource(p, c.opt); return err },
			// Even content vouched for as indexed and secret-free (the
			// hash of big.txt) is read under the same rules.
			"ReadSourceClean": func() error {
				_, err := ReadSourceClean(p, c.opt, Hash([]byte(strings.Repeat("a\n", 100))))
				return err
			},
		} {
			var err error
			noHang(t, name+"("+c.path+")", func() { err = read() })
			if got := SkipReason(err); got != c.reason {
				t.Errorf("%s(%s): reason %q (err %v), want %q", name, c.path, got, err, c.reason)
			}
			if err != nil && !strings.Contains(err.Error(), p) {
				t.Errorf("%s(%s): error %q does not name the file", name, c.path, err)
			}
		}
	}
	if b, err := ReadFile(big, ReadOptions{MaxSize: 200}); err != nil || len(b) != 200 {
		t.Errorf("ReadFile at exactly the limit: %d bytes, %v", len(b), err)
	}
}

func TestReadSourceRefusesContentAndRedacts(t *testing.T) {
	root := hostileRepo(t)
	writeTree(t, root, map[string]string{
		"cfg.go": "package cfg\n\nconst awsKeyID = \"AKIA" + "QX7Z2KJ4M5N6P3RT\"\n\nfunc Load() {}\n",
	})
	for path, reason := range map[string]string{
		"random.go": ReasonBinary, "dist/app.min.js": ReasonMinified, "late-binary.txt": ReasonBinary,
		".env": ReasonSecret, "id_rsa": ReasonSecret, "notes.txt": ReasonSecret,
	} {
		_, err := ReadSource(filepath.Join(root, path), ReadOptions{Root: root})
		if got := SkipReason(err); got != reason {
			t.Errorf("ReadSource(%s): reason %q (err %v), want %q", path, got, err, reason)
		}
		// A secret file is refused by name even when vouched for (its own
		// hash); other content is judged unless it is what was vouched for.
		vouched := Hash(nil)
		if reason == ReasonSecret {
			raw, _ := os.ReadFile(filepath.Join(root, path))
			vouched = Hash(raw)
		}
		_, err = ReadSourceClean(filepath.Join(root, path), ReadOptions{Root: root}, vouched)
		if got := SkipReason(err); got != reason {
			t.Errorf("ReadSourceClean(%s): reason %q (err %v), want %q", path, got, err, reason)
		}
	}
	src, err := ReadSource(filepath.Join(root, "cfg.go"), ReadOptions{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if src.Secrets != 1 || strings.Contains(string(src.Text), "AKIA") || !strings.Contains(string(src.Raw), "AKIA") {
		t.Errorf("cfg.go: %d secrets, text %q", src.Secrets, src.Text)
	}
	if !strings.Contains(string(src.Text), "func Load() {}") {
		t.Errorf("redaction lost ordinary code: %q", src.Text)
	}
}

func TestCheckText(t *testing.T) {
	latin1 := strings.Repeat("caf\xe9 cr\xe8me br\xfbl\xe9e, na\xefve fa\xe7ade\n", 50)
	longLiteral := strings.Repeat("x := 1\n", 400) + "var table = \"" + strings.Repeat("ab", 20000) + "\"\n"
	cut := strings.Repeat("ü", sniffSize/2) // the window ends inside a two-byte rune
	cases := []struct {
		name, text string
		complete   bool
		reason     string
	}{
		{"code", "package p\n\nfunc F() {}\n", true, ""},
		{"utf-8", strings.Repeat("naïve 日本語 ünïcödé\n", 100), true, ""},
		{"latin-1 prose", latin1, true, ""},
		{"escape sequences", strings.Repeat("\x1b[31mred\x1b[0m\r\n", 100), true, ""},
		{"window cut in a rune", cut[:sniffSize-1], false, ""},
		{"one long literal among short lines", longLiteral, true, ""},
		{"small one-liner", strings.Repeat("a", 3000), true, ""},
		{"NUL", "text\x00more", true, ReasonBinary},
		{"a stray NUL past the first 8,000 bytes", strings.Repeat("// text line\n", 700) + "// sep\x00x\n", true, ""},
		{"random bytes", randomText(4096), false, ReasonBinary},
		{"control characters", strings.Repeat("\x01\x02\x03\x04\x05abcd\n", 100), true, ReasonBinary},
		{"minified", minifiedJS(50 << 10), true, ReasonMinified},
		{"minified, only a window", minifiedJS(50 << 10)[:sniffSize], false, ""},
	}
	for _, c := range cases {
		if got := SkipReason(checkText("f", []byte(c.text), c.complete)); got != c.reason {
			t.Errorf("%s: reason %q, want %q", c.name, got, c.reason)
		}
	}
}

// A FIFO where an ignore file belongs (.git/info/exclude, .gitignore) is
// not read: walking and watching the repository must not block on it.
func TestIgnoreFileFIFODoesNotBlock(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"main.go": "package main\n", "sub/a.go": "package sub\n"})
	for _, p := range []string{".git/info/exclude", ".gitignore", "sub/.codeseekignore"} {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(abs, 0o644); err != nil {
			t.Skipf("cannot create a FIFO here: %v", err)
		}
	}
	var files []File
	var err error
	noHang(t, "Walk", func() { files, _, err = Walk(context.Background(), root, WalkOptions{}) })
	if err != nil {
		t.Fatal(err)
	}
	assertStrings(t, "files", paths(files), []string{"main.go", "sub/a.go"})
	noHang(t, "NewWatcher", func() {
		w, err := NewWatcher(root, WatchOptions{})
		if err != nil {
			t.Error(err)
			return
		}
		w.Close()
	})
}

// A file indexed without secrets and edited since is scanned again: the
// hash of the indexed version only vouches for that exact content.
func TestReadSourceCleanRedactsChangedContent(t *testing.T) {
	root := t.TempDir()
	clean := "package cfg\n\nfunc Load() {}\n"
	writeTree(t, root, map[string]string{"cfg.go": clean})
	path, opt := filepath.Join(root, "cfg.go"), ReadOptions{Root: root}
	indexed, err := ReadSource(path, opt)
	if err != nil || indexed.Secrets != 0 {
		t.Fatalf("indexing read: %d secrets, %v", indexed.Secrets, err)
	}
	h := Hash(indexed.Raw)

	src, err := ReadSourceClean(path, opt, h)
	if err != nil || string(src.Text) != clean || src.Secrets != 0 {
		t.Errorf("unchanged file: text %q, %d secrets, %v; want the content as is", src.Text, src.Secrets, err)
	}

	key := "AKIA" + "QX7Z2KJ4M5N6P3RT"
	writeTree(t, root, map[string]string{"cfg.go": "package cfg\n\nconst id = \"" + key + "\"\n\nfunc Load() {}\n"})
	src, err = ReadSourceClean(path, opt, h)
	if err != nil {
		t.Fatal(err)
	}
	if src.Secrets != 1 || strings.Contains(string(src.Text), key) || !strings.Contains(string(src.Text), "func Load() {}") {
		t.Errorf("edited file: %d secrets, text %q; want the key redacted and the code kept", src.Secrets, src.Text)
	}
}
