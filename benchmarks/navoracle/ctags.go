package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// corpusSpec says where one language's corpus comes from. Every source is
// one TRAINING.md allows, or (for languages those do not cover) a public
// GitHub repository fetched with the search tool and read from its bare
// snapshot at a pinned commit.
type corpusSpec struct {
	Lang   string   // display name
	Ctags  string   // ctags --languages name
	Source string   // goroot | pystdlib | npm | deb | github
	Name   string   // npm NAME@VER, Debian package, GitHub owner/name, Python package
	Commit string   // github: the commit read
	Sub    []string // paths kept, relative to the package or repository root (deb: glob patterns)
	Kinds  []string // ctags kinds sampled (definitions of functions, methods and their types)
	// DeclKeyword, when set, must be on the line of a function or method
	// tag: it keeps out what the language's ctags parser mistakes for one.
	DeclKeyword string
}

// ctagsCorpora are the corpora of ctags-truth, one per language.
var ctagsCorpora = []corpusSpec{
	{Lang: "Go", Ctags: "Go", Source: "goroot", Kinds: []string{"func", "struct", "interface"}},
	{Lang: "Python", Ctags: "Python", Source: "pystdlib", Name: "email", Kinds: []string{"function", "class", "member"}},
	{Lang: "JavaScript", Ctags: "JavaScript", Source: "npm", Name: "three@0.170.0", Sub: []string{"src"}, Kinds: []string{"function", "class", "method", "generator"}},
	{Lang: "TypeScript", Ctags: "TypeScript", Source: "npm", Name: "rxjs@7.8.1", Sub: []string{"src"}, Kinds: []string{"function", "class", "method", "interface"}},
	{Lang: "Ruby", Ctags: "Ruby", Source: "deb", Name: "ruby-kramdown", Sub: []string{"usr/share/rubygems-integration/all/gems/kramdown-*/lib"}, Kinds: []string{"method", "singletonMethod", "class", "module"}},
	{Lang: "PHP", Ctags: "PHP", Source: "deb", Name: "php-symfony-console", Sub: []string{"usr/share/php/Symfony/Component/Console"}, Kinds: []string{"function", "class", "interface", "trait"}},
	{Lang: "Rust", Ctags: "Rust", Source: "deb", Name: "librust-regex-dev", Sub: []string{"usr/share/cargo/registry"}, Kinds: []string{"function", "method", "struct", "enum", "interface"}},
	{Lang: "C", Ctags: "C", Source: "github", Name: "lua/lua", Commit: "53b41d0cddd80bf33fdc631bdd32e3ba53842b89", Kinds: []string{"function", "struct"}},
	{Lang: "C++", Ctags: "C++", Source: "deb", Name: "libspdlog-dev", Sub: []string{"usr/include/spdlog"}, Kinds: []string{"function", "class", "struct"}},
	{Lang: "Java", Ctags: "Java", Source: "github", Name: "google/gson", Commit: "9835b6f90192f79cdf5300c528fc6212455fb6c1", Sub: []string{"gson/src/main"}, Kinds: []string{"method", "class", "interface", "enum"}},
	{Lang: "Kotlin", Ctags: "Kotlin", Source: "github", Name: "square/kotlinpoet", Commit: "be2de914ce6eb3694092ed4e0f28626cbce1ffe0", Sub: []string{"kotlinpoet/src/commonMain", "kotlinpoet/src/jvmMain", "interop"}, Kinds: []string{"method", "class", "interface", "object"}, DeclKeyword: "fun "},
	{Lang: "C#", Ctags: "C#", Source: "github", Name: "JamesNK/Newtonsoft.Json", Commit: "09bb545d72969ad7fb4ea07db0d5c34f4fc07877", Sub: []string{"Src/Newtonsoft.Json"}, Kinds: []string{"method", "class", "interface", "struct"}},
	{Lang: "Lua", Ctags: "Lua", Source: "github", Name: "luarocks/luarocks", Commit: "2d2cc8eff2f03c23d142f8059146fb241dcf56b5", Sub: []string{"src"}, Kinds: []string{"function"}},
	{Lang: "Bash", Ctags: "Sh", Source: "github", Name: "acmesh-official/acme.sh", Commit: "d60c75b4e30a26addd8b9d0bfdeeed39c84ed51e", Kinds: []string{"function"}},
	{Lang: "Elixir", Ctags: "Elixir", Source: "github", Name: "phoenixframework/phoenix", Commit: "167c46950cf53aef363d672687cc653267c20aa6", Sub: []string{"lib"}, Kinds: []string{"function", "module", "macro", "delegate"}},
	{Lang: "Haskell", Ctags: "Haskell", Source: "github", Name: "haskell/containers", Commit: "85a1ab5ee1be91d712ddaf2e61a4b0bce5b7ab1e", Sub: []string{"containers/src"}, Kinds: []string{"function", "type"}},
}

// notCovered are languages of the brief that this Universal Ctags (5.9)
// has no parser for.
var notCovered = []string{"Scala", "Swift"}

// ctagsTag is one line of `ctags --output-format=json`.
type ctagsTag struct {
	Type      string `json:"_type"`
	Name      string `json:"name"`
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Kind      string `json:"kind"`
	Scope     string `json:"scope"`
	ScopeKind string `json:"scopeKind"`
	End       int    `json:"end"`
	Pattern   string `json:"pattern"` // the tag's line, as /^…$/
}

// CtagsTruth is the output of ctags-truth.
type CtagsTruth struct {
	Ctags      string        `json:"ctags"`
	Seed       uint64        `json:"seed"`
	PerLang    int           `json:"per_language"`
	Created    string        `json:"created"`
	NotCovered []string      `json:"not_covered"`
	Corpora    []CtagsCorpus `json:"corpora"`
}

// CtagsCorpus is one language's corpus and its sampled tags.
type CtagsCorpus struct {
	Lang       string         `json:"language"`
	Source     string         `json:"source"` // e.g. "deb ruby-kramdown 1.17.0-4"
	Root       string         `json:"root"`
	Missing    string         `json:"missing,omitempty"` // why the corpus could not be prepared
	Files      int            `json:"files"`
	Tags       int            `json:"tags"`     // tags of the language
	Eligible   int            `json:"eligible"` // of the sampled kinds, unique qualified name
	ByKind     map[string]int `json:"eligible_by_kind"`
	Exclusions []Exclusion    `json:"exclusions"`
	Seconds    float64        `json:"ctags_seconds"`
	Samples    []CtagsSample  `json:"samples"`
}

// CtagsSample is one definition to look up by name.
type CtagsSample struct {
	Symbol string `json:"symbol"` // the query: Scope.name with '.' separators
	Name   string `json:"name"`
	Scope  string `json:"scope,omitempty"`
	Kind   string `json:"kind"`  // ctags kind
	Group  string `json:"group"` // function, method, type
	File   string `json:"file"`
	Line   int    `json:"line"`
	End    int    `json:"end,omitempty"`
}

// qualifiedTag is Scope.name with every scope separator ("::", "\\", "#",
// ":") written as '.'; Lua's names carry their table ("M.foo", "M:bar").
func qualifiedTag(t ctagsTag) string {
	q := t.Name
	if t.Scope != "" {
		q = t.Scope + "." + t.Name
	}
	r := strings.NewReplacer("::", ".", "\\", ".", "#", ".", ":", ".")
	return r.Replace(q)
}

// kindGroup says whether a tag is a function, a method or a type.
func kindGroup(t ctagsTag) string {
	switch t.Kind {
	case "method", "member", "singletonMethod":
		return "method"
	case "func", "function", "generator":
		switch t.ScopeKind {
		case "class", "struct", "implementation", "interface", "trait", "object", "enum":
			return "method"
		}
		if strings.ContainsAny(t.Name, ".:") { // Lua: M.foo, M:bar
			return "method"
		}
		return "function"
	}
	return "type"
}

// selectTags applies the sampling rules to one language's tags: the kinds
// of spec, no anonymous names, and a qualified name that no other tag of
// those kinds has. It returns the eligible tags in a stable order.
func selectTags(tags []ctagsTag, spec corpusSpec, ex *exclusions) []ctagsTag {
	kinds := map[string]bool{}
	for _, k := range spec.Kinds {
		kinds[k] = true
	}
	count := map[string]int{}
	var defs []ctagsTag
	for _, t := range tags {
		if !kinds[t.Kind] {
			ex.add("kind not sampled ("+t.Kind+")", "")
			continue
		}
		if strings.Contains(t.Name, "__anon") || strings.HasPrefix(t.Name, "AnonymousFunction") || strings.HasPrefix(t.Name, "anonymous") ||
			strings.Contains(t.Name, "<lambda>") || strings.Contains(t.Scope, "<lambda>") {
			ex.add("anonymous name made up by ctags", t.Path+":"+fmt.Sprint(t.Line))
			continue
		}
		if spec.DeclKeyword != "" && kindGroup(t) != "type" && t.Pattern != "" && !strings.Contains(t.Pattern, spec.DeclKeyword) {
			// Kotlin: ctags 5.9 tags lambda parameters and loop variables
			// as methods; a function's line has its keyword.
			ex.add("function tag on a line without "+strings.TrimSpace(spec.DeclKeyword)+" (ctags misparse)", t.Path+":"+fmt.Sprint(t.Line))
			continue
		}
		count[qualifiedTag(t)]++
		defs = append(defs, t)
	}
	var out []ctagsTag
	for _, t := range defs {
		if count[qualifiedTag(t)] > 1 {
			ex.add("qualified name not unique among the sampled kinds", qualifiedTag(t))
			continue
		}
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Name < b.Name
	})
	return out
}

// sampleTags draws k tags with the seed and the language's name.
func sampleTags(tags []ctagsTag, k int, seed uint64, lang string) []ctagsTag {
	var h uint64 = 14695981039346656037
	for i := 0; i < len(lang); i++ {
		h = (h ^ uint64(lang[i])) * 1099511628211
	}
	return pick(rand.New(rand.NewPCG(seed, h)), tags, k)
}

// runCtags runs ctags over root for one language and parses its tags.
func runCtags(ctags, root, lang string) ([]ctagsTag, error) {
	out, err := runCmd(30*time.Minute, root, ctags, "--output-format=json", "--fields=+neZKS", "--languages="+lang, "-R", "-f", "-", ".")
	if err != nil {
		return nil, err
	}
	return parseCtagsJSON(out)
}

func parseCtagsJSON(out []byte) ([]ctagsTag, error) {
	var tags []ctagsTag
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var t ctagsTag
		if err := json.Unmarshal(sc.Bytes(), &t); err != nil {
			return nil, fmt.Errorf("ctags output: %w: %.200s", err, sc.Text())
		}
		if t.Type != "tag" {
			continue
		}
		t.Path = filepath.ToSlash(strings.TrimPrefix(t.Path, "./"))
		tags = append(tags, t)
	}
	return tags, sc.Err()
}

func runCtagsTruth(args []string, stdout io.Writer) error {
	fs := newFlags("ctags-truth")
	total := fs.Int("n", 560, "tags to sample overall, split evenly over the languages prepared")
	seed := fs.Uint64("seed", 1, "sampling seed")
	cache := fs.String("cache", defaultCacheDir(), "cache directory")
	mirrors := fs.String("mirror-root", envOr("CODESEEK_MIRRORS", "/work/.mirror"), "where the search tool's fetch puts bare snapshots (OWNER+NAME/repo)")
	python := fs.String("python", defaultPython(), "Python interpreter whose standard library gives the Python corpus")
	var only listFlag
	fs.Var(&only, "lang", "only these languages (repeatable or comma-separated)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ctags, err := lookTool("ctags")
	if err != nil {
		return err
	}
	verOut, err := runCmd(time.Minute, "", ctags, "--version")
	if err != nil {
		return err
	}
	if !strings.Contains(string(verOut), "Universal Ctags") {
		return fmt.Errorf("%s is not Universal Ctags; install it with: %s", ctags, installHints["ctags"])
	}
	ver := strings.SplitN(strings.TrimSpace(string(verOut)), "\n", 2)[0]
	truth := &CtagsTruth{Ctags: ver, Seed: *seed, Created: time.Now().UTC().Format(time.RFC3339), NotCovered: notCovered}
	var specs []corpusSpec
	for _, s := range ctagsCorpora {
		if len(only) == 0 || contains(only, s.Lang) {
			specs = append(specs, s)
		}
	}
	type prepared struct {
		spec corpusSpec
		c    CtagsCorpus
		tags []ctagsTag
	}
	var ready []prepared
	for _, spec := range specs {
		c := CtagsCorpus{Lang: spec.Lang}
		root, source, err := prepareCorpus(spec, *cache, *mirrors, *python)
		c.Root, c.Source = root, source
		if err != nil {
			c.Missing = err.Error()
			logf("ctags-truth: %s: not prepared: %v", spec.Lang, err)
			truth.Corpora = append(truth.Corpora, c)
			continue
		}
		st := time.Now()
		all, err := runCtags(ctags, root, spec.Ctags)
		if err != nil {
			c.Missing = err.Error()
			truth.Corpora = append(truth.Corpora, c)
			continue
		}
		c.Seconds = time.Since(st).Seconds()
		files := map[string]bool{}
		for _, t := range all {
			files[t.Path] = true
		}
		c.Files, c.Tags = len(files), len(all)
		var ex exclusions
		el := selectTags(all, spec, &ex)
		c.Eligible = len(el)
		c.ByKind = map[string]int{}
		for _, t := range el {
			c.ByKind[t.Kind]++
		}
		c.Exclusions = ex.list()
		logf("ctags-truth: %s: %d files with tags, %d tags, %d eligible (%s, %.1fs)", spec.Lang, c.Files, c.Tags, c.Eligible, root, c.Seconds)
		ready = append(ready, prepared{spec, c, el})
	}
	if len(ready) > 0 {
		truth.PerLang = (*total + len(ready) - 1) / len(ready)
	}
	for _, p := range ready {
		for _, t := range sampleTags(p.tags, truth.PerLang, *seed, p.spec.Lang) {
			p.c.Samples = append(p.c.Samples, CtagsSample{Symbol: qualifiedTag(t), Name: t.Name, Scope: t.Scope, Kind: t.Kind,
				Group: kindGroup(t), File: t.Path, Line: t.Line, End: t.End})
		}
		truth.Corpora = append(truth.Corpora, p.c)
	}
	sort.SliceStable(truth.Corpora, func(i, j int) bool { return langIndex(truth.Corpora[i].Lang) < langIndex(truth.Corpora[j].Lang) })
	out := filepath.Join(*cache, "ctags-truth.json")
	if err := writeJSON(out, truth); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "## ctags truth (%s, seed %d, %d per language)\n\n", ver, *seed, truth.PerLang)
	fmt.Fprintln(stdout, "| language | source | files | tags | eligible | sampled | by kind |")
	fmt.Fprintln(stdout, "|---|---|---|---|---|---|---|")
	n := 0
	for _, c := range truth.Corpora {
		if c.Missing != "" {
			fmt.Fprintf(stdout, "| %s | %s | not prepared: %s | | | | |\n", c.Lang, c.Source, clip(c.Missing, 160))
			continue
		}
		kinds := map[string]int{}
		for _, s := range c.Samples {
			kinds[s.Kind]++
		}
		n += len(c.Samples)
		fmt.Fprintf(stdout, "| %s | %s | %d | %d | %d | %d | %v |\n", c.Lang, c.Source, c.Files, c.Tags, c.Eligible, len(c.Samples), kinds)
	}
	fmt.Fprintf(stdout, "\n%d tags sampled; languages without a ctags parser here: %s\nwritten: %s\n", n, strings.Join(notCovered, ", "), out)
	return nil
}

func langIndex(l string) int {
	for i, s := range ctagsCorpora {
		if s.Lang == l {
			return i
		}
	}
	return len(ctagsCorpora)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if strings.EqualFold(x, y) {
			return true
		}
	}
	return false
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// prepareCorpus fetches and extracts spec's corpus into the cache (once)
// and returns its root and a description of the source.
func prepareCorpus(spec corpusSpec, cache, mirrors, python string) (root, source string, err error) {
	switch spec.Source {
	case "goroot":
		out, err := runCmd(time.Minute, "", "go", "env", "GOROOT", "GOVERSION")
		if err != nil {
			return "", "GOROOT/src", err
		}
		f := strings.Fields(string(out))
		return filepath.Join(f[0], "src"), "GOROOT/src (" + f[1] + ")", nil
	case "pystdlib":
		out, err := runCmd(time.Minute, "", python, "-c", "import sysconfig,sys;print(sysconfig.get_paths()['stdlib']);print(sys.version.split()[0])")
		if err != nil {
			return "", "Python stdlib " + spec.Name, err
		}
		f := strings.Fields(string(out))
		root, err := preparePyCorpus(f[0], spec.Name, filepath.Join(cache, "corpora", "py-"+spec.Name))
		return root, "Python " + f[1] + " stdlib " + spec.Name + " (the py-truth corpus)", err
	}
	dir := filepath.Join(cache, "corpora", "ctags-"+safeName(spec.Lang))
	marker := filepath.Join(dir, ".prepared")
	want := spec.Source + " " + spec.Name + " " + spec.Commit + " " + strings.Join(spec.Sub, ",")
	root = filepath.Join(dir, "src")
	if b, err := os.ReadFile(marker); err == nil {
		lines := strings.SplitN(string(b), "\n", 2)
		if lines[0] == want {
			return root, strings.TrimSpace(lines[1]), nil
		}
	}
	_ = os.RemoveAll(dir)
	dl := filepath.Join(dir, "download")
	if err := os.MkdirAll(dl, 0o755); err != nil {
		return "", "", err
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", "", err
	}
	switch spec.Source {
	case "npm":
		source = "npm " + spec.Name
		if _, err := lookTool("npm"); err != nil {
			return "", source, err
		}
		out, err := runCmd(10*time.Minute, dl, "npm", "pack", "--silent", spec.Name)
		if err != nil {
			return "", source, err
		}
		tgz := filepath.Join(dl, strings.TrimSpace(lastLine(string(out))))
		var members []string
		for _, s := range spec.Sub {
			members = append(members, "package/"+s)
		}
		if _, err := runCmd(10*time.Minute, root, "tar", append([]string{"-xzf", tgz, "--strip-components=1"}, members...)...); err != nil {
			return "", source, err
		}
	case "deb":
		source = "deb " + spec.Name
		if _, err := lookTool("apt-get"); err != nil {
			return "", source, err
		}
		if _, err := runCmd(10*time.Minute, dl, "apt-get", "download", spec.Name); err != nil {
			return "", source, fmt.Errorf("%w (run apt-get update first)", err)
		}
		debs, _ := filepath.Glob(filepath.Join(dl, spec.Name+"_*.deb"))
		if len(debs) != 1 {
			return "", source, fmt.Errorf("apt-get download %s: expected one .deb in %s, found %d", spec.Name, dl, len(debs))
		}
		source = "deb " + strings.TrimSuffix(filepath.Base(debs[0]), ".deb")
		x := filepath.Join(dl, "x")
		if _, err := runCmd(10*time.Minute, "", "dpkg-deb", "-x", debs[0], x); err != nil {
			return "", source, err
		}
		for _, s := range spec.Sub { // a pattern: versions sit in some paths
			m, _ := filepath.Glob(filepath.Join(x, s))
			if len(m) != 1 {
				return "", source, fmt.Errorf("%s: %d paths match %s, want one", spec.Name, len(m), s)
			}
			if err := os.Rename(m[0], filepath.Join(root, filepath.Base(m[0]))); err != nil {
				return "", source, err
			}
		}
		_ = os.RemoveAll(x)
	case "github":
		source = "github " + spec.Name + "@" + spec.Commit[:12]
		git := filepath.Join(mirrors, strings.Replace(spec.Name, "/", "+", 1), "repo")
		if _, err := os.Stat(git); err != nil {
			return "", source, fmt.Errorf("no snapshot at %s: fetch github:%s with the search tool's fetch verb (or pass --mirror-root), then rerun", git, spec.Name)
		}
		arch := filepath.Join(dl, "src.tar")
		args := append([]string{"--git-dir=" + git, "archive", "--format=tar", "-o", arch, spec.Commit}, spec.Sub...)
		if _, err := runCmd(10*time.Minute, "", "git", args...); err != nil {
			return "", source, err
		}
		if _, err := runCmd(10*time.Minute, root, "tar", "-xf", arch); err != nil {
			return "", source, err
		}
		_ = os.Remove(arch)
	default:
		return "", "", fmt.Errorf("unknown source %q", spec.Source)
	}
	if err := removeLinks(root); err != nil {
		return "", source, err
	}
	return root, source, os.WriteFile(marker, []byte(want+"\n"+source+"\n"), 0o644)
}

// removeLinks deletes symbolic links in a prepared corpus, so no path leads
// outside it.
func removeLinks(root string) error {
	return filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.Mode()&os.ModeSymlink != 0 {
			return os.Remove(p)
		}
		return nil
	})
}

func lastLine(s string) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	return ls[len(ls)-1]
}

func safeName(s string) string {
	r := strings.NewReplacer("#", "sharp", "+", "p", " ", "-")
	return strings.ToLower(r.Replace(s))
}
