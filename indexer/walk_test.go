package indexer

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/internal/testfs"
)

// writeTree creates files (path → content, '/'-separated) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		abs := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func walkOK(t *testing.T, root string, opt WalkOptions) ([]File, []Skip) {
	t.Helper()
	files, skipped, err := Walk(context.Background(), root, opt)
	if err != nil {
		t.Fatalf("Walk(%s): %v", root, err)
	}
	return files, skipped
}

func paths(files []File) []string {
	out := []string{}
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}

func skipStrings(skipped []Skip) []string {
	out := []string{}
	for _, s := range skipped {
		out = append(out, s.Path+" "+s.Reason)
	}
	return out
}

func assertStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %q\n want %q", what, got, want)
	}
}

func TestWalkIgnoreFiles(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore": "# build output\n*.log\n!keep.log\nbuild/\n/root-only.txt\ndocs/*.tmp\n" +
			"excluded/\n!excluded/inner.txt\n",
		".git/info/exclude":     "secret.env\n",
		".git/HEAD":             "ref: refs/heads/main\n",
		".hg/store":             "x",
		".svn/entries":          "x",
		"lib/.git":              "gitdir: ../.git/modules/lib\n", // submodule marker, silent
		".codeseekignore":       "vendor/\n!important.log\n",
		"main.go":               "package main\n",
		"a-b.go":                "package a\n",
		"a/b.go":                "package a\n",
		"lib/lib.go":            "package lib\n",
		"app.log":               "noise",
		"keep.log":              "kept by negation",
		"important.log":         "re-included by .codeseekignore",
		"build/out.go":          "generated",
		"build/deep/more.go":    "generated",
		"root-only.txt":         "anchored",
		"sub/root-only.txt":     "anchored pattern does not reach here",
		"secret.env":            "from info/exclude",
		"docs/x.tmp":            "ignored",
		"docs/deep/y.tmp":       "doc/*.tmp is one level only",
		"excluded/inner.txt":    "parent excluded: cannot be re-included",
		"vendor/dep.go":         "from .codeseekignore",
		"sub/.gitignore":        "*.gen\n/local.txt\n",
		"sub/x.gen":             "ignored by nested file",
		"sub/local.txt":         "anchored to sub",
		"sub/deeper/local.txt":  "not anchored here",
		"sub/deeper/.gitignore": "!*.gen\n",
		"sub/deeper/y.gen":      "re-included deeper",
		"other/x.gen":           "nested rule out of scope",
	})
	files, skipped := walkOK(t, root, WalkOptions{})
	assertStrings(t, "files", paths(files), []string{
		".codeseekignore", ".gitignore", "a-b.go", "a/b.go", "docs/deep/y.tmp", "important.log", "keep.log",
		"lib/lib.go", "main.go", "other/x.gen", "sub/.gitignore", "sub/deeper/.gitignore",
		"sub/deeper/local.txt", "sub/deeper/y.gen", "sub/root-only.txt",
	})
	assertStrings(t, "skipped", skipStrings(skipped), []string{
		"app.log ignored", "build/ ignored", "docs/x.tmp ignored", "excluded/ ignored",
		"root-only.txt ignored", "secret.env ignored", "sub/local.txt ignored", "sub/x.gen ignored",
		"vendor/ ignored",
	})
	for _, f := range files {
		if want := filepath.Join(root, filepath.FromSlash(f.Path)); f.Abs != want {
			t.Errorf("%s: Abs = %q, want %q", f.Path, f.Abs, want)
		}
		fi, err := os.Stat(f.Abs)
		if err != nil || fi.Size() != f.Size || !fi.ModTime().Equal(f.ModTime) {
			t.Errorf("%s: Size/ModTime %d %v do not match disk (%v)", f.Path, f.Size, f.ModTime, err)
		}
	}
}

// A .git file (worktree or submodule checkout) points at the real git
// directory, whose info/exclude must still apply.
func TestWalkGitFileExclude(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "wt")
	writeTree(t, base, map[string]string{
		"main/.git/info/exclude":           "*.secret\n",
		"main/.git/worktrees/wt/HEAD":      "x",
		"main/.git/worktrees/wt/commondir": "../..\n",
		"wt/.git":                          "gitdir: ../main/.git/worktrees/wt\n",
		"wt/a.go":                          "package a\n",
		"wt/b.secret":                      "hidden",
	})
	files, skipped := walkOK(t, root, WalkOptions{})
	assertStrings(t, "files", paths(files), []string{"a.go"})
	assertStrings(t, "skipped", skipStrings(skipped), []string{"b.secret ignored"})
}

// Lock files, vector images, source maps, build wrappers, backup copies and Unity's .meta sidecars are left out as generated at any depth,
// and a user's ignore file can take any of them back.
func TestWalkSkipsGeneratedFiles(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"go.mod":                      "module m\n",
		"go.sum":                      "example.com/x v1.0.0 h1:abc=\n",
		"web/package-lock.json":       "{}\n",
		"web/pnpm-lock.yaml":          "lockfileVersion: 9\n",
		"web/logo.svg":                "<svg></svg>\n",
		"web/app.ts":                  "export const a = 1\n",
		"rust/Cargo.lock":             "version = 3\n",
		"rust/.codeseekignore":        "!Cargo.lock\n",
		"py/.gitignore":               "!icons/*.svg\n",
		"py/icons/menu.svg":           "<svg></svg>\n",
		"py/poetry.lock":              "[[package]]\n",
		"docs/package-lock.json.md":   "# not a lock file\n",
		"docs/Cargo.lock.example.txt": "a name that only starts like one\n",
		"icons.svg/render.go":         "package icons\n",
		"web/dist/app.js.map":         "{\"version\":3}\n",
		"web/dist/app.css.map":        "{\"version\":3}\n",
		"jvm/gradlew":                 "#!/bin/sh\n",
		"jvm/gradlew.bat":             "@rem Gradle startup script\n",
		"jvm/gradlew.go":              "package jvm\n",
		"web/app.ts.bak":              "export const a = 0\n",
		"web/app.ts~":                 "export const a = 0\n",
		"unity/Channel.cs.meta":       "fileFormatVersion: 2\nguid: 5ceb3107bbdd1f14eb39091273798360\n",
	})
	files, skipped := walkOK(t, root, WalkOptions{})
	assertStrings(t, "files", paths(files), []string{
		"docs/Cargo.lock.example.txt", "docs/package-lock.json.md", "go.mod", "icons.svg/render.go", "jvm/gradlew.go",
		"py/.gitignore", "py/icons/menu.svg", "rust/.codeseekignore", "rust/Cargo.lock", "web/app.ts",
	})
	assertStrings(t, "skipped", skipStrings(skipped), []string{
		"go.sum generated", "jvm/gradlew generated", "jvm/gradlew.bat generated", "py/poetry.lock generated", "unity/Channel.cs.meta generated", "web/app.ts.bak generated", "web/app.ts~ generated", "web/dist/app.css.map generated", "web/dist/app.js.map generated",
		"web/logo.svg generated", "web/package-lock.json generated", "web/pnpm-lock.yaml generated",
	})
}

func TestWalkContentFilters(t *testing.T) {
	root := t.TempDir()
	lateNUL := strings.Repeat("x", sniffSize) + "\x00"
	writeTree(t, root, map[string]string{
		"bin.dat":   "head\x00tail",
		"late.txt":  lateNUL, // NUL past the sniff window: treated as text
		"empty.txt": "",
		"ten.txt":   "0123456789",
		"eleven.go": "0123456789a",
	})
	files, skipped := walkOK(t, root, WalkOptions{MaxFileSize: 10})
	assertStrings(t, "files", paths(files), []string{"empty.txt", "ten.txt"})
	assertStrings(t, "skipped", skipStrings(skipped), []string{"bin.dat binary", "eleven.go too_large", "late.txt too_large"})

	files, skipped = walkOK(t, root, WalkOptions{})
	assertStrings(t, "files (default size)", paths(files), []string{"eleven.go", "empty.txt", "late.txt", "ten.txt"})
	assertStrings(t, "skipped (default size)", skipStrings(skipped), []string{"bin.dat binary"})
}

func TestWalkDefaultMaxFileSize(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"limit.txt": strings.Repeat("a", DefaultMaxFileSize),
		"over.txt":  strings.Repeat("a", DefaultMaxFileSize+1),
	})
	files, skipped := walkOK(t, root, WalkOptions{})
	assertStrings(t, "files", paths(files), []string{"limit.txt"})
	assertStrings(t, "skipped", skipStrings(skipped), []string{"over.txt too_large"})
}

func TestWalkSymlinks(t *testing.T) {
	if !testfs.SymlinksResolve(t) {
		t.Skip("this system cannot make symbolic links that resolve")
	}
	base := t.TempDir()
	root := filepath.Join(base, "repo")
	writeTree(t, base, map[string]string{
		"outside/secret.txt": "not part of the repo",
		"repo/src/real.go":   "package src\n",
		"repo/.gitignore":    "ignored-link\n",
	})
	links := map[string]string{
		"repo/file-link.go": "src/real.go",           // inside: indexed once, under the target's path
		"repo/src/up.go":    "../src/real.go",        // inside via ..
		"repo/out-file.txt": "../outside/secret.txt", // leaves the root
		"repo/out-dir":      "../outside",            // directory outside
		"repo/src-dir":      "src",                   // directory inside: silent
		"repo/loop":         ".",                     // cycle: not descended
		"repo/dangling":     "does-not-exist",        // broken
		"repo/ignored-link": "../outside/secret.txt", // ignore rules come first
		"repo/abs-out":      filepath.Join(base, "outside", "secret.txt"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(base, name)); err != nil {
			t.Fatal(err)
		}
	}
	// Reach the root through a symlink too: containment is judged on
	// resolved paths, so links inside must still count as inside.
	viaLink := filepath.Join(base, "repo-link")
	if err := os.Symlink("repo", viaLink); err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{root, viaLink} {
		files, skipped := walkOK(t, r, WalkOptions{})
		assertStrings(t, "files via "+r, paths(files), []string{".gitignore", "src/real.go"})
		assertStrings(t, "skipped via "+r, skipStrings(skipped), []string{
			"abs-out symlink_outside_root", "dangling broken_symlink", "file-link.go symlink_inside_root", "ignored-link ignored",
			"out-dir/ symlink_outside_root", "out-file.txt symlink_outside_root", "src/up.go symlink_inside_root",
		})
		for _, s := range skipped {
			if (s.Reason == ReasonUnreadable) != (s.Err != nil) {
				t.Errorf("%s: Err = %v for reason %s", s.Path, s.Err, s.Reason)
			}
		}
	}
}

func TestWalkSpecialFile(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.go": "package a\n"})
	l, err := net.Listen("unix", filepath.Join(root, "sock"))
	if err != nil {
		t.Skipf("cannot create a unix socket here: %v", err)
	}
	defer l.Close()
	files, skipped := walkOK(t, root, WalkOptions{})
	assertStrings(t, "files", paths(files), []string{"a.go"})
	assertStrings(t, "skipped", skipStrings(skipped), []string{"sock not_regular_file"})
}

func TestWalkUnreadable(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("chmod does not restrict reads on Windows")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"ok.go":          "package ok\n",
		"locked.go":      "package locked\n",
		"closed/file.go": "package closed\n",
	})
	locked := filepath.Join(root, "locked.go")
	closed := filepath.Join(root, "closed")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(closed, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(closed, 0o755) }) // let TempDir remove it
	if _, err := os.ReadFile(locked); err == nil {
		t.Skip("running with privileges that ignore file modes (root?)")
	}
	files, skipped := walkOK(t, root, WalkOptions{})
	assertStrings(t, "files", paths(files), []string{"ok.go"})
	assertStrings(t, "skipped", skipStrings(skipped), []string{"closed/ unreadable", "locked.go unreadable"})
	for _, s := range skipped {
		if !errors.Is(s.Err, fs.ErrPermission) {
			t.Errorf("%s: Err = %v, want a permission error", s.Path, s.Err)
		}
	}
}

func TestWalkRootErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.go")
	writeTree(t, dir, map[string]string{"f.go": "package f\n"})
	missing := filepath.Join(dir, "nope")
	tests := []struct {
		root   string
		want   string
		target error
	}{
		{missing, "index " + missing + ": no such directory: check the path", fs.ErrNotExist},
		{file, file + " is a file, not a directory: pass the repository root", nil},
		{"", "index: empty path: pass the repository root", nil},
	}
	for _, tt := range tests {
		files, skipped, err := Walk(context.Background(), tt.root, WalkOptions{})
		if err == nil || err.Error() != tt.want {
			t.Errorf("Walk(%q) error = %v, want %q", tt.root, err, tt.want)
		}
		if tt.target != nil && !errors.Is(err, tt.target) {
			t.Errorf("Walk(%q) error %v is not %v", tt.root, err, tt.target)
		}
		if files != nil || skipped != nil {
			t.Errorf("Walk(%q) returned results with an error", tt.root)
		}
	}
}

func TestWalkRelativeRoot(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"x/a.go": "package x\n"})
	t.Chdir(root)
	files, _ := walkOK(t, "x", WalkOptions{})
	if len(files) != 1 || files[0].Path != "a.go" || !filepath.IsAbs(files[0].Abs) {
		t.Errorf("files = %+v, want a.go with an absolute Abs", files)
	}
}

func TestWalkCancelled(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.go": "package a\n", "d/b.go": "package d\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	files, _, err := Walk(ctx, root, WalkOptions{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if files != nil {
		t.Errorf("files = %v, want none after cancellation", files)
	}
}

// TestWalkMatchesGit compares the walk with git's own view of untracked,
// non-ignored files on a tree exercising the tricky parts of gitignore.
func TestWalkMatchesGit(t *testing.T) {
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	home := t.TempDir()
	git := func(args ...string) []byte {
		t.Helper()
		cmd := exec.Command(gitBin, args...)
		cmd.Dir = root
		// Keep the user's global excludes out of the comparison.
		cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home,
			"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+filepath.Join(home, "none"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return out
	}
	git("init", "-q")
	tree := map[string]string{
		".git/info/exclude": "*.excl\n!keep.excl\n",
		".gitignore": strings.Join([]string{
			"*.o", "!lib.o", "/top/", "**/cache/", "logs/**", "!logs/keep/", "a/**/z.txt",
			"[abc]?.md", `\#hash`, `\!bang`, `sp\ `, "doc/*.txt", "deep/*/x.txt", "trail   ",
			"dironly/", "out/", "!out/re.txt", "*.[Tt][Mm][Pp]", "n?de_*/", "x/**/y/**",
		}, "\n") + "\n",
		"lib.o": "", "x.o": "", "src/y.o": "", "src/lib.o": "",
		"top/a.txt": "", "src/top/a.txt": "",
		"cache/c.txt": "", "src/cache/c.txt": "", "cache.txt": "",
		"logs/a.txt": "", "logs/keep/b.txt": "", "logs/sub/c.txt": "",
		"a/z.txt": "", "a/b/z.txt": "", "a/b/c/z.txt": "", "b/a/z.txt": "",
		"a1.md": "", "d1.md": "", "ab.md": "", "abc.md": "",
		"#hash": "", "!bang": "", "sp ": "", "sp": "", "trail": "",
		"doc/a.txt": "", "doc/sub/b.txt": "", "src/doc/c.txt": "",
		"deep/one/x.txt": "", "deep/one/two/x.txt": "",
		"dironly/f": "", "src/dironly": "",
		"out/re.txt": "", "out/other.txt": "",
		"f.TMP": "", "f.tmp": "", "f.Tmp": "", "f.tmq": "",
		"node_modules/m.js": "", "nxde_a/b.js": "", "node_modules.js": "",
		"x/y/a": "", "x/q/y/b/c": "", "x/y": "",
		"sub/.gitignore": "/anch\n*.s\n!important.s\nnested/\n",
		"sub/anch":       "", "sub/deeper/anch": "", "anch": "",
		"sub/a.s": "", "sub/important.s": "", "a.s": "",
		"sub/nested/f": "", "nested/f": "",
		"sub/deeper/.gitignore": "!a.s\n/*.c\n",
		"sub/deeper/a.s":        "", "sub/deeper/b.s": "", "sub/deeper/c.c": "", "sub/deeper/more/c.c": "",
		"keep.excl": "", "drop.excl": "",
	}
	// "x/y" is both a file and a directory above; keep the directory.
	delete(tree, "x/y")
	writeTree(t, root, tree)

	out := git("ls-files", "--others", "--exclude-standard", "-z")
	want := []string{}
	for _, p := range bytes.Split(bytes.TrimSuffix(out, []byte{0}), []byte{0}) {
		want = append(want, string(p))
	}
	slices.Sort(want)
	files, _ := walkOK(t, root, WalkOptions{})
	assertStrings(t, "files (walk vs git ls-files)", paths(files), want)
}

func BenchmarkWalk(b *testing.B) {
	root := b.TempDir()
	tree := map[string]string{".gitignore": "*.log\nbuild/\n"}
	for i := range 20 {
		for j := range 20 {
			dir := "pkg" + string(rune('a'+i)) + "/sub" + string(rune('a'+j))
			tree[dir+"/file.go"] = "package x\n"
			tree[dir+"/file.log"] = "log\n"
		}
	}
	for p, c := range tree {
		abs := filepath.Join(root, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(abs), 0o755)
		os.WriteFile(abs, []byte(c), 0o644)
	}
	for b.Loop() {
		if _, _, err := Walk(context.Background(), root, WalkOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWalkTrustsKnownFiles: a file the previous index holds with the same
// size and mtime is listed without being opened, so a re-index reads only
// what changed; the same bytes unknown are sniffed (and found binary).
func TestWalkTrustsKnownFiles(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.go": "package a\n", "blob.dat": "x\x00\x00\x00binary"})
	_, skipped, err := Walk(context.Background(), root, WalkOptions{})
	if err != nil || len(skipped) != 1 || skipped[0].Reason != ReasonBinary {
		t.Fatalf("unknown files: skipped %v, %v; want blob.dat as binary", skipped, err)
	}
	var asked []string
	known := func(rel string, size int64, _ time.Time) bool {
		asked = append(asked, rel)
		return rel == "blob.dat" && size == 10
	}
	files, skipped, err := Walk(context.Background(), root, WalkOptions{Known: known})
	if err != nil || len(skipped) != 0 || len(files) != 2 {
		t.Fatalf("known blob.dat: files %v, skipped %v, %v; want both listed", files, skipped, err)
	}
	assertStrings(t, "asked", asked, []string{"a.go", "blob.dat"})
}

// A documentation generator's HTML pages (jazzy's, Sphinx's, Javadoc's)
// are a site built from the code's comments, not code: RxSwift's 74 jazzy
// pages came up in code search before the code. Hand-written pages stay.
func TestWalkSkipsGeneratedDocPages(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"docs/Classes/DisposeBag.html": "<!DOCTYPE html>\n<html>\n  <head>\n    <link rel=\"stylesheet\" href=\"../css/jazzy.css\" />\n  </head>\n</html>\n",
		"site/index.html":              "<html><head><meta name=\"generator\" content=\"Hugo 0.120\"></head></html>\n",
		"api/Foo.html":                 "<!DOCTYPE HTML>\n<!-- Generated by javadoc (17) -->\n<html></html>\n",
		"web/index.html":               "<html><head><title>App</title></head><body><div id=\"app\"></div></body></html>\n",
		"notes/generator.md":           "Our docs use name=\"generator\" tags.\n",
	})
	files, skipped := walkOK(t, root, WalkOptions{})
	assertStrings(t, "files", paths(files), []string{"notes/generator.md", "web/index.html"})
	assertStrings(t, "skipped", skipStrings(skipped), []string{"api/Foo.html generated", "docs/Classes/DisposeBag.html generated", "site/index.html generated"})
}
