package search

import (
	"path"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// reexports reports whether text re-exports name: the place a package
// makes a name public without declaring it ("export { Router } from
// './router'", "pub use self::router::Router;", "from .router import
// Router" in an __init__.py, "module.exports = { Router }"). For a name
// lookup such a file is the next best thing to the declaration, and far
// better than the files that merely use the name.
func reexports(c *store.Chunk, name string) bool {
	pyInit := path.Base(c.FilePath) == "__init__.py"
	found := false
	store.NameLines(c.Full().Content, name, func(line string, _ int) bool {
		line = strings.TrimSpace(line)
		found = reexportLine(line, pyInit) || publicAlias(line, name)
		return !found
	})
	return found
}

// reexportLine recognises the re-export statements of the supported
// languages. In Python only a package's __init__.py re-exports by
// importing; elsewhere an import is a use.
func reexportLine(line string, pyInit bool) bool {
	switch {
	case strings.HasPrefix(line, "export {"), strings.HasPrefix(line, "export type {"),
		strings.HasPrefix(line, "export *"), strings.HasPrefix(line, "export default "):
		return true
	case strings.HasPrefix(line, "pub use "), strings.HasPrefix(line, "pub(crate) use "):
		return true
	case pyInit && strings.HasPrefix(line, "from ") && strings.Contains(line, " import "):
		return true
	case strings.HasPrefix(line, "module.exports"), strings.HasPrefix(line, "exports."),
		strings.HasPrefix(line, "__all__"):
		return true
	}
	return false
}

// publicAlias recognises Zig's re-export, a public constant bound to the
// same name in another file: "pub const Request =
// @import(\"request.zig\").Request;".
func publicAlias(line, name string) bool {
	rest, ok := strings.CutPrefix(line, "pub const "+name)
	return ok && store.Aliases(strings.TrimSpace(rest), name)
}
