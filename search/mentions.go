package search

import (
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/store"
)

// A query may name files: a bug report quotes a stack trace (`File
// "/usr/lib/python3/site-packages/tornado/web.py", line 1702`), a link to
// a file, or says where it went wrong ("the check in checkmember.py").
// A named file is the strongest evidence a query can give, whatever its
// length, so the ranker lifts it (Mentions) and its chunks join the
// candidates even when neither channel found them.

// mentionedPath matches a file name with an extension, and the directories
// before it ("tornado/web.py", `C:\src\app.cs`, "parse.go",
// "gin@v1.9.1/context.go" in Go's module cache).
var mentionedPath = lazyre.New(`[A-Za-z0-9_.@\-/\\]*[A-Za-z0-9_\-]\.[A-Za-z][A-Za-z0-9+]{0,9}\b`)

// maxMentions bounds the file names read from one query: a pasted log may
// name hundreds.
const maxMentions = 16

// maxPathMatches bounds the file names a query's text is scanned for, so a
// query of megabytes costs no more; a trace of a deep recursion names a
// file in each of its hundreds of frames.
const maxPathMatches = 1024

// mentions returns the file paths a query names, as slash-separated
// components, each once, and what each counts (frameWeight: a stack
// trace's outer frames count less than its inner ones). A name counts
// when its extension is one the chunker knows, so dotted names
// ("os.path", "http.Client") do not. Past maxMentions names, the ones
// that count most are kept.
func mentions(text string) (paths [][]string, weights []float64) {
	paths, weights, _ = scanMentions(text)
	return paths, weights
}

// scanMentions is mentions, plus the frames of stack traces in each
// mentioned path, their lines (frameLine) and the functions they name
// (frameFuncAt), by the path as it writes it, from the same scan of the
// text.
func scanMentions(text string) (paths [][]string, weights []float64, frames map[string][]frame) {
	offsets := mentionedPath().FindAllStringIndex(text, maxPathMatches)
	depths := frameDepths(text, offsets)
	at := map[string]int{}
	for i, o := range offsets {
		m := strings.Trim(strings.ReplaceAll(text[o[0]:o[1]], `\`, "/"), "./")
		if !knownFile(m) {
			continue
		}
		if dirs := jvmPackageDirs(text, o[0], m); dirs != "" {
			m = dirs + "/" + m
		}
		w := frameWeight(depths[i])
		if n := frameLineAt(text, o[1]); n > 0 && !spawnedAt(text, o[0]) {
			if frames == nil {
				frames = map[string][]frame{}
			}
			if fn := frameFuncAt(text, o[0], o[1]); depths[i] < 0 && fn != "" && checkHelper().MatchString(fn) {
				// A lone frame in a check helper: the message is its
				// caller's, and so is the fault; the file counts as an
				// outer frame's, at no line.
				w = outerFrameWeight
			} else {
				frames[m] = append(frames[m], frame{line: n, fn: fn, depth: depths[i]})
			}
		}
		if j, ok := at[m]; ok {
			weights[j] = max(weights[j], w)
			continue
		}
		at[m] = len(paths)
		paths = append(paths, strings.Split(m, "/"))
		weights = append(weights, w)
	}
	paths, weights = heaviest(paths, weights, maxMentions)
	return paths, weights, frames
}

// jvmPackageDirs returns, for the file name m at offset start of text,
// the directories of the package a JVM stack frame names it in
// (`at com.google.zxing.qrcode.encoder.Encoder.encode(Encoder.java:149)`:
// com/google/zxing/qrcode/encoder), or "" when m is no frame's file so
// written: the frame names its file without them, and a file name many
// packages share (Encoder.java, Transactions.kt) is then told apart by
// them, as the user's own `app/Main.java` is from the repository's.
func jvmPackageDirs(text string, start int, m string) string {
	if start == 0 || text[start-1] != '(' || strings.Contains(m, "/") || !jvmSources[path.Ext(m)] {
		return ""
	}
	i := start - 1
	for i > 0 && (identByte(text, i-1) || text[i-1] == '.' || text[i-1] == '$' || text[i-1] == '<' || text[i-1] == '>') {
		i--
	}
	parts := strings.Split(text[i:start-1], ".")
	if len(parts) < 3 {
		return ""
	}
	pkg := parts[:len(parts)-2] // past the class and the method
	for _, p := range pkg {
		if p == "" || p[0] < 'a' || p[0] > 'z' {
			return "" // no package's name: an outer class's, or no frame
		}
	}
	return strings.Join(pkg, "/")
}

// jvmSources are the extensions of the files a JVM stack frame names.
var jvmSources = map[string]bool{".java": true, ".kt": true, ".scala": true, ".groovy": true, ".kts": true}

// heaviest keeps the n paths that count most (the first named among
// equals), in the order they were named.
func heaviest(paths [][]string, weights []float64, n int) ([][]string, []float64) {
	if len(paths) <= n {
		return paths, weights
	}
	order := make([]int, len(paths))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return weights[order[a]] > weights[order[b]] })
	order = order[:n]
	sort.Ints(order)
	var p [][]string
	var w []float64
	for _, i := range order {
		p, w = append(p, paths[i]), append(w, weights[i])
	}
	return p, w
}

// knownFile reports whether a path names a file of a language the chunker
// tells apart from plain text.
func knownFile(p string) bool {
	return chunker.Language(p, nil) != "text" || strings.EqualFold(path.Ext(p), ".txt")
}

// maxNamesakes is how many files may share a mentioned file name, when the
// mention gives no directory that tells them apart, for the mention to
// point at them at all.
const maxNamesakes = 3

// maxMentionChunks bounds the chunks a query's named files add to the
// candidates.
const maxMentionChunks = 512

// fileNames is an index's files by base name.
type fileNames map[string][]string

// namesOf returns the index's files by base name, built once per index
// where the store keeps derived tables.
func namesOf(ix store.Searcher) fileNames {
	build := func() any {
		names := fileNames{}
		for _, f := range ix.Manifest().Files {
			base := path.Base(f.Path)
			names[base] = append(names[base], f.Path)
		}
		return names
	}
	if m, ok := ix.(interface{ Memo(any, func() any) any }); ok {
		return m.Memo(fileNamesKey{}, build).(fileNames)
	}
	return build().(fileNames)
}

type fileNamesKey struct{}

// resolve returns, for each file of the index the mentions name, how
// surely: 1 when the mention's directories single it out or no other
// file has its name, less when namesakes share the name; times what the
// mention counts (weights, one per mention).
func (names fileNames) resolve(ms [][]string, weights []float64) map[string]float64 {
	out := map[string]float64{}
	for i, m := range ms {
		files := names.sourcesOf(m[len(m)-1])
		best, at := 0, []string(nil)
		for _, f := range files {
			// A compiled file (schemas.js) is its source (schemas.ts).
			m := append(m[:len(m)-1:len(m)-1], path.Base(f))
			n := trailingMatch(strings.Split(f, "/"), m)
			switch {
			case n > best:
				best, at = n, []string{f}
			case n == best:
				at = append(at, f)
			}
		}
		if n := installedPath(m); n > 0 {
			at = exactPaths(at, n) // gin@v1.9.1/context.go is context.go, not binding/context.go
		} else if entryName(m[len(m)-1]) && len(m) > 1 && best < 3 {
			// The entry point of the reporter's own program (`panicked at
			// src/main.rs:18:46`) is no file the repository keeps deeper
			// (test_suite/no_std/src/main.rs): only its own path, whole,
			// or one a directory of its own names.
			at = slices.DeleteFunc(at, func(f string) bool { return strings.Count(f, "/")+1 != best })
		}
		if !resolved(m, best, len(at)) {
			continue
		}
		strength := 1 / float64(len(at))
		if best >= 2 && len(at) == 1 {
			strength = 1
		}
		strength *= weights[i]
		for _, f := range at {
			out[f] = max(out[f], strength)
		}
	}
	return out
}

// sourcesOf returns the index's files of a base name, or, when there are
// none and the name is a compiled JavaScript file's, those of its
// TypeScript source: a Node stack trace names the .js the compiler wrote
// (dist/v4/classic/schemas.js) for the repository's .ts.
func (names fileNames) sourcesOf(base string) []string {
	if files := names[base]; len(files) > 0 {
		return files
	}
	var files []string
	for _, src := range compiledNames(base) {
		files = append(files, names[src]...)
	}
	return files
}

// compiledNames are the names of the TypeScript files a compiled
// JavaScript file's name may stand for (schemas.ts, schemas.tsx for
// schemas.js).
func compiledNames(base string) []string {
	ext := path.Ext(base)
	var out []string
	for _, src := range compiledSources[ext] {
		out = append(out, strings.TrimSuffix(base, ext)+src)
	}
	return out
}

// compiledSources are the TypeScript extensions a compiled JavaScript
// file's source may have.
var compiledSources = map[string][]string{
	".js": {".ts", ".tsx"}, ".jsx": {".tsx"}, ".mjs": {".mts", ".ts"}, ".cjs": {".cts", ".ts"},
}

// resolved reports whether a mention names the files whose paths share
// best components with it from their ends, of which there are namesakes.
// A path whose directories are not the file's names another file: a
// stack trace's frame in the user's own code. A path into an installed
// package names the package's own path, whole, and nothing else.
func resolved(m []string, best, namesakes int) bool {
	if best == 0 || namesakes > maxNamesakes {
		return false
	}
	if n := installedPath(m); n > 0 {
		return best >= n
	}
	return best > 1 || len(m) == 1
}

// entryName reports a file name every program or package has (main.rs,
// lib.rs, mod.rs, main.go, __init__.py, index.js): a path ending in one
// tells which only by its directories.
func entryName(base string) bool {
	stem := strings.TrimSuffix(base, path.Ext(base))
	switch stem {
	case "main", "lib", "mod", "index", "__init__", "__main__":
		return true
	}
	return false
}

// installedRoots are the directories Python installs packages into.
var installedRoots = map[string]bool{"site-packages": true, "dist-packages": true}

// goModuleDir matches a module's directory in Go's module cache
// (`gin@v1.9.1`, `v5@v5.0.8`, `net@v0.0.0-20231004…`).
var goModuleDir = lazyre.New(`^[^@]+@v\d`)

// installedPath returns, for a path inside an installed package or
// module (`…/site-packages/pandas/core/common.py`,
// `…/pkg/mod/github.com/gin-gonic/gin@v1.9.1/context.go`,
// `…/vendor/symfony/messenger/Worker.php`), how many of
// its components the package's own path has (3: pandas/core/common.py;
// 1: context.go), else 0. A trace through another library names its files
// so: pandas' core/common.py is not xarray's, though their last two
// components agree, while the project's own package installed
// (site-packages/sqlalchemy/orm/query.py) is its
// lib/sqlalchemy/orm/query.py, and a Go module's file at its root
// (gin@v1.9.1/context.go) is the repository's context.go.
func installedPath(m []string) int {
	for i := len(m) - 2; i >= 0; i-- {
		if installedRoots[m[i]] || goModuleDir().MatchString(m[i]) || goMajorVersion(m, i) {
			return len(m) - 1 - i
		}
		if n := packageDirs(m, i); n > 0 && i+n < len(m) {
			return len(m) - i - n
		}
	}
	return 0
}

// packageDirs returns how many directories from m[i] on hold one
// installed package as its package manager lays them out, 0 where m[i]
// opens none: Composer's `vendor/symfony/messenger/` for a PHP file, npm's
// `node_modules/express/` or `node_modules/@scope/pkg/`. The package's
// own path follows: its root's Worker.php is the repository's.
func packageDirs(m []string, i int) int {
	switch {
	case m[i] == "vendor" && path.Ext(m[len(m)-1]) == ".php":
		return 3
	case m[i] == "node_modules" && i+1 < len(m) && strings.HasPrefix(m[i+1], "@"):
		return 3
	case m[i] == "node_modules":
		return 2
	}
	return 0
}

// goMajorVersion reports whether m[i] is a Go module's major version
// suffix (`v5` in github.com/labstack/echo/v5/response.go, as a trimmed
// or checked-out build's frames print it): a v and digits after a host's
// name, which ends the module's path.
func goMajorVersion(m []string, i int) bool {
	v := m[i]
	if len(v) < 2 || v[0] != 'v' || strings.Trim(v[1:], "0123456789") != "" {
		return false
	}
	return slices.ContainsFunc(m[:i], func(c string) bool { return strings.Contains(c, ".") })
}

// exactPaths returns those of files whose paths have n components, when
// any do: a module's or package's path within it, taken whole, is the
// repository's file of that path.
func exactPaths(files []string, n int) []string {
	var exact []string
	for _, f := range files {
		if strings.Count(f, "/")+1 == n {
			exact = append(exact, f)
		}
	}
	if len(exact) == 0 {
		return files
	}
	return exact
}

// trailingMatch counts the components path and mention share from their
// ends.
func trailingMatch(p, m []string) int {
	n := 0
	for n < len(p) && n < len(m) && p[len(p)-1-n] == m[len(m)-1-n] {
		n++
	}
	return n
}

// chunkLister is a store that lists a file's chunks (store.Index does; a
// remote backend need not, and then named files only lift the candidates
// the channels found).
type chunkLister interface {
	ChunksOf(path string) []*store.Chunk
}

// mentioned marks the candidates of the files q names and adds the
// chunks of named files that no channel found. get returns the
// candidate of a chunk, adding it when new.
func mentioned(ix store.Searcher, req Request, q Query, order []*candidate, get func(*store.Chunk) *candidate) {
	if len(q.Paths) == 0 {
		return
	}
	named := namesOf(ix).resolve(q.Paths, q.pathWeights)
	if len(named) == 0 {
		return
	}
	frames := framed(named, q.frames)
	lister, listed := ix.(chunkLister)
	if listed {
		dropPastEnd(named, frames, lister)
		retargetFrames(frames, lister)
	}
	mark := func(cd *candidate, s float64) {
		cd.mention = s
		cd.atFrame = max(cd.atFrame, atFrame(frames[cd.chunk.FilePath], cd.chunk))
		cd.embedded = max(cd.embedded, framedDecl(frames[cd.chunk.FilePath], cd.chunk))
	}
	found := map[string]bool{}
	for _, cd := range order {
		if s, ok := named[cd.chunk.FilePath]; ok {
			mark(cd, s)
			found[cd.chunk.FilePath] = true
		}
	}
	if !listed {
		return
	}
	paths := make([]string, 0, len(named))
	for p := range named {
		if !found[p] || len(frames[p]) > 0 {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths) // the same candidates, in the same order, every time
	added := 0
	for _, p := range paths {
		for _, c := range lister.ChunksOf(p) {
			if added == maxMentionChunks {
				return
			}
			// Of a file the channels found, the chunks a frame is in
			// join too: where the trace failed, whatever its words.
			if c.Kind == req.Kind && req.Filter.Keeps(c) && (!found[p] || atFrame(frames[p], c) > 0) {
				mark(get(c), named[p])
				added++
			}
		}
	}
}

// atFrame returns, for the innermost frame at a line of chunk c, what
// framedAt makes of its depth; 0 when no frame is.
func atFrame(frames []frame, c *store.Chunk) float64 {
	at := 0.0
	for _, fr := range frames {
		if holdsLine(c, fr.line) {
			at = max(at, framedAt(fr.depth))
		}
	}
	return at
}

// framedDecl returns the declaration tier of chunk c for the function
// a frame at one of its lines names, 0 for none: a trace names its
// functions as a report's text names others (`load_flows_from_path`),
// and its innermost one's plain name (`stream`, declared across the
// code) is picked out by its frame's file and line.
func framedDecl(frames []frame, c *store.Chunk) int {
	tier := 0
	for _, fr := range frames {
		if fr.fn != "" && holdsLine(c, fr.line) && namesFunc(c.Symbol, fr.fn) {
			tier = max(tier, store.DeclTier(c, fr.fn))
		}
	}
	return tier
}

// framedAt is a candidate's atFrame for a frame at depth d: 1 at the
// outermost frame up to 2 at the innermost, where a frame outside a
// trace (d < 0) also is.
func framedAt(d float64) float64 {
	if d < 0 {
		d = innermost
	}
	return 1 + d
}

// frameLine follows a file name in a stack trace's frame with the line
// the frame is at: Python's `", line 12`, `:12` (Go, Java, JavaScript,
// Rust, PHP's `file.php:12`), .NET's `:line 12`, PHP's `(12)`.
var frameLine = lazyre.New(`^(?:", line |:line |:|\()(\d{1,7})`)

// frameLineAt returns the line a frame names after the file name ending
// at byte end of text, or 0.
func frameLineAt(text string, end int) int {
	m := frameLine().FindStringSubmatch(text[end:min(len(text), end+16)])
	if m == nil {
		return 0
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return 0
	}
	return n
}

// dropPastEnd drops the named files that every frame naming them places
// far past their last line: the frame is another file's of that name (a
// compiled bundle's `ky.js:612` is not `types/ky.ts` of 202 lines), and
// the rest of the report is the better evidence. A frame a little past
// the end is the file's in the version the reporter ran, which may have
// been longer.
func dropPastEnd(named map[string]float64, frames map[string][]frame, lister chunkLister) {
	for f, fs := range frames {
		chunks := lister.ChunksOf(f)
		if len(chunks) == 0 {
			continue
		}
		last := chunks[len(chunks)-1].EndLine
		if slices.MinFunc(fs, func(a, b frame) int { return a.line - b.line }).line > 2*last+pastEndSlack {
			delete(named, f)
			delete(frames, f)
		}
	}
}

// pastEndSlack is how far past twice a file's last chunk a frame's line
// may be and still be the file's: a short file's versions differ by more
// than twice its length.
const pastEndSlack = 20

// framed returns, for each named file, the frames that name it: a
// frame's file name, or its compiled name, is the file's.
func framed(named map[string]float64, byMention map[string][]frame) map[string][]frame {
	if len(byMention) == 0 {
		return nil
	}
	out := map[string][]frame{}
	for f := range named {
		for m, fs := range byMention {
			if framesFile(m, f) {
				out[f] = append(out[f], fs...)
			}
		}
	}
	return out
}

// framesFile reports whether a frame's mention m, as the trace writes
// it, is the named file f: the same file name, or a compiled name of it
// (schemas.js for schemas.ts), whose directories name f as a mention of
// the file does (resolved). A frame in the user's own code
// (`/home/me/app/config/pipeline.rb:80`) is no frame of the repository's
// namesake (`lib/shop/pipeline.rb`), and its line is another file's.
func framesFile(m, f string) bool {
	mb, base := path.Base(m), path.Base(f)
	if mb != base && !slices.Contains(compiledNames(mb), base) {
		return false
	}
	ms, fs := strings.Split(m, "/"), strings.Split(f, "/")
	fs[len(fs)-1] = mb
	return resolved(ms, trailingMatch(fs, ms), 1)
}
