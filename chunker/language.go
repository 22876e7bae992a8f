package chunker

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
)

// extLanguages maps file extensions to language names. Names are lowercase
// and are what file_type filters and result "language" fields use.
var extLanguages = map[string]string{
	".go": "go", ".py": "python", ".pyi": "python",
	".js": "javascript", ".mjs": "javascript", ".cjs": "javascript", ".jsx": "javascript",
	".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx",
	".java": "java", ".rs": "rust", ".c": "c", ".h": "c",
	".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp", ".hxx": "cpp",
	".cs": "csharp", ".rb": "ruby", ".php": "php", ".kt": "kotlin", ".kts": "kotlin",
	".swift": "swift", ".scala": "scala", ".sc": "scala",
	".sh": "bash", ".bash": "bash", ".zsh": "bash", ".ksh": "bash", ".bats": "bash", ".lua": "lua",
	".pyw": "python", ".rake": "ruby", ".gemspec": "ruby", ".c++": "cpp", ".h++": "cpp", ".ipp": "cpp",
	".phtml": "php", ".csx": "csharp",
	".sql": "sql", ".yaml": "yaml", ".yml": "yaml", ".json": "json", ".toml": "toml",
	".html": "html", ".htm": "html", ".css": "css", ".xml": "xml", ".proto": "protobuf",
	".tf": "hcl", ".tfvars": "hcl", ".hcl": "hcl", ".nomad": "hcl",
	".vue": "vue", ".svelte": "svelte", ".dockerfile": "dockerfile", ".containerfile": "dockerfile",
	".ex": "elixir", ".exs": "elixir", ".zig": "zig", ".hs": "haskell", ".dart": "dart",
	".pl": "perl", ".pm": "perl", ".t": "perl",
}

// shebangLanguages maps interpreter names found in a "#!" line to languages.
var shebangLanguages = map[string]string{
	"python": "python", "python3": "python", "pypy": "python", "pypy3": "python",
	"node": "javascript", "nodejs": "javascript", "deno": "typescript", "ts-node": "typescript", "tsx": "typescript",
	"bash": "bash", "sh": "bash", "zsh": "bash", "ksh": "bash", "dash": "bash", "ash": "bash",
	"ruby": "ruby", "perl": "perl", "elixir": "elixir", "lua": "lua", "luajit": "lua", "php": "php", "kotlin": "kotlin", "scala": "scala", "swift": "swift",
}

// Language names the language of a file from its extension, its name, or
// its shebang line. Unknown files are "text".
func Language(path string, src []byte) string {
	path = untemplated(path)
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".cmake" || filepath.Base(path) == cmakeLists {
		return "cmake"
	}
	if l, ok := docLanguages[ext]; ok {
		return l
	}
	if l, ok := extLanguages[ext]; ok {
		if l == "c" && ext == ".h" && looksLikeCpp(src) {
			return "cpp"
		}
		return l
	}
	switch filepath.Base(path) {
	case "Makefile", "GNUmakefile":
		return "make"
	case "Dockerfile", "Containerfile":
		return "dockerfile"
	case "Rakefile", "Gemfile", "Guardfile", "Vagrantfile", "Podfile":
		return "ruby"
	case ".bashrc", ".bash_profile", ".profile", ".zshrc":
		return "bash"
	}
	if base := filepath.Base(path); strings.HasPrefix(base, "Dockerfile.") || strings.HasPrefix(base, "Containerfile.") {
		return "dockerfile" // Dockerfile.dev, Dockerfile.alpine
	}
	if l := shebangLanguage(src); l != "" {
		return l
	}
	if ext == ".re" && bytes.Contains(src[:min(len(src), maxRe2cHead)], []byte("/*!re2c")) {
		return "c" // re2c's lexer source, C with its rules in comments (rbs's src/lexer.re)
	}
	return "text"
}

// maxRe2cHead bounds the bytes of a .re file read for re2c's block.
const maxRe2cHead = 64 << 10

// cmakeLists is CMake's build file: code, though its name ends in .txt
// (abseil's 80 CMakeLists.txt filled `search --docs "how to build"`, in
// sections titled by their licence comments).
const cmakeLists = "CMakeLists.txt"

// cppMarkers are constructs that C never has; a ".h" header containing one
// is C++ and parses well only with the C++ grammar.
var cppMarkers = [][]byte{
	[]byte("\nclass "), []byte("\nnamespace "), []byte("template <"), []byte("template<"),
	[]byte("\npublic:"), []byte(" public:"), []byte("std::"), []byte("\n#include <string>"), []byte("\n#include <vector>"),
}

// looksLikeCpp reports whether a header is C++ rather than C, looking at
// its first 64 KB.
func looksLikeCpp(src []byte) bool {
	head := src
	if len(head) > 64<<10 {
		head = head[:64<<10]
	}
	for _, m := range cppMarkers {
		// A marker at a line's start may open the file.
		if bytes.Contains(head, m) || m[0] == '\n' && bytes.HasPrefix(head, m[1:]) {
			return true
		}
	}
	return false
}

func shebangLanguage(src []byte) string {
	if !bytes.HasPrefix(src, []byte("#!")) {
		return ""
	}
	line := src
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		line = src[:i]
	}
	fields := strings.Fields(string(line[2:]))
	if len(fields) == 0 {
		return ""
	}
	interp := filepath.Base(fields[0])
	if interp == "env" {
		// "#!/usr/bin/env -S python3 -u": skip env's own options.
		interp = ""
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") && !strings.Contains(f, "=") {
				interp = filepath.Base(f)
				break
			}
		}
	}
	if l, ok := shebangLanguages[interp]; ok {
		return l
	}
	// Versioned interpreters: python3.12, ruby2.7, lua5.4.
	return shebangLanguages[strings.TrimRight(interp, "0123456789.")]
}

// LanguageMatches reports whether a file_type filter value (an extension
// such as "go" or ".py", or a language name such as "python") selects the
// file at path with language lang.
func LanguageMatches(filter, path, lang string) bool {
	f := strings.ToLower(strings.TrimSpace(filter))
	if f == "" {
		return true
	}
	if f == lang {
		return true
	}
	f = strings.TrimPrefix(f, ".")
	return strings.EqualFold(strings.TrimPrefix(filepath.Ext(path), "."), f)
}

// Languages lists, sorted, every language name Language can return, so a
// file_type filter can be checked and a bad one answered with the choices.
func Languages() []string {
	set := map[string]bool{"make": true, "dockerfile": true, "text": true}
	for _, m := range []map[string]string{extLanguages, docLanguages, shebangLanguages} {
		for _, l := range m {
			set[l] = true
		}
	}
	out := make([]string, 0, len(set))
	for l := range set {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// untemplated is path without a build's template suffix: bat.1.in,
// config.h.in, Makefile.in and _tool.zsh.in are the man page, header,
// makefile and completion script configure or a build script writes from
// them, and are read as such; jq.1.prebuilt is the man page shipped
// built, and phpunit.xml.dist the configuration a user copies.
func untemplated(path string) string {
	if p := strings.TrimSuffix(path, ".in"); p != path && !strings.HasSuffix(p, "/") && filepath.Base(p) != "." {
		return p
	}
	for _, suffix := range []string{".prebuilt", ".dist"} {
		if p := strings.TrimSuffix(path, suffix); p != path && filepath.Ext(p) != "" {
			return p // only a named kind of file: the suffix alone names none
		}
	}
	return path
}
