package tools

import "github.com/codeseek/codeseek/formatter"

// Tool descriptions are the agent's manual: models choose tools and write
// arguments from these texts alone. Each says when to use the tool rather
// than grep or reading files, what a good call looks like, what comes back
// and where to go next.

const instructions = `codeseek is semantic code search and code navigation over locally indexed repositories.
Index a repository once with index_repository (re-running it is cheap: only changed files are re-indexed; large repositories keep indexing in the background, see list_repositories).
Then use search_code to find code by what it does, search_docs for documentation. They beat grep when you do not know the exact identifier or file.
To navigate from a hit: find_definition (where a name is declared), find_references (every use, callers first with kind "call"), call_hierarchy (who calls whom), code_map (what a directory holds and what matters most), find_related (code like this) and affected_by_diff (what an uncommitted change breaks). They resolve names the way a compiler would where they can and say so (match "exact"), instead of grep's every line with the same word.
Every hit has a uri (codeseek://REPO_ID/path#L10-L40): read it with resources/read, widening the #L range for more context.
Use detail_level "concise" and response_format "compact" to spend the fewest tokens.`

const indexDescription = "Index a repository on local disk so search_code and search_docs can search it. " +
	"Call it once per repository before searching; calling it again is cheap (only changed files are re-indexed) and keeps the index current. " +
	"Code is split into whole declarations, documentation into sections, and both are embedded offline. " +
	"It answers within wait_seconds: status \"done\" with counts, or status \"indexing\" with progress while the run goes on in the background; " +
	"searches meanwhile read the previous index. Poll list_repositories (or call index_repository again, which joins the run) until status is \"done\". " +
	"Returns repository_id: pass it to the search tools to search only this repository. dry_run shows what would be indexed and its cost without storing anything. "

const searchCodeDescription = "Find code by what it does, in repositories indexed with index_repository. " +
	"Use it instead of grep when you do not know the exact identifier or file: describe the behaviour in a few words " +
	"(\"where are failed uploads retried\", \"parse a duration string\", \"middleware that checks the session cookie\"), or name an identifier (mode lexical for exact names). " +
	"To find where a bug lives, pass the issue or bug report whole, as it comes (title, text, stack trace; gh issue view's output or its JSON): the files and code it names count, its template and version listings do not. " +
	"Use grep for an exact string you already know. " +
	"Returns the best matches as whole functions, methods and types with file_path, start_line-end_line, similarity_score (0..1, relative: compare hits, not queries) and uri. " +
	"To read more of a hit, resources/read its uri (widen #L10-L40 for context) or open file_path at those lines; get_symbols outlines its file. " +
	"Narrow with repository_id, directory (\"internal/server\") or file_type (\"go\", \"python\"). Start concise to scan many hits cheaply. "

const searchDocsDescription = "Search the documentation of indexed repositories (Markdown, reStructuredText, AsciiDoc, RDoc, plain text), split by section: " +
	"how to install, configure or use something, design notes, changelogs. Ask as you would ask the docs (\"how do I configure the cache size\"). " +
	"Each result is one section; its symbol is the heading path (\"Install > Linux\"). Read the whole section or its neighbours with resources/read on the uri. " +
	"Use search_code for code. "

const listDescription = "List indexed repositories: repository_id, project, path, file and chunk counts, embedder, last index time and status " +
	"(\"done\", or \"indexing\" with progress while index_repository runs in the background). " +
	"Use it to find the repository_id or project to search in, or to see whether a background index has finished. "

const symbolsDescription = "Outline one file: its declarations (functions, methods, classes, types, constants, and the fields, properties and enum constants a type holds; headings for documents) as a table name|kind|lines|parent|signature, read from the file on disk now. " +
	"Use it to see a file's structure before reading it, or to find the lines of a declaration a search hit mentions; it is much cheaper than reading the whole file. " +
	"With line, it lists only the declarations enclosing that line (the function a line is in, and its class). Concise omits signatures. "

// The compact format references are appended so every compact key is
// defined where the agent reads it.
var (
	indexToolDesc      = indexDescription + formatter.CompactIndexFormat
	searchCodeToolDesc = searchCodeDescription + formatter.CompactSearchFormat
	searchDocsToolDesc = searchDocsDescription + formatter.CompactSearchFormat
	listToolDesc       = listDescription + formatter.CompactTableRules + " " + formatter.CompactRepositoriesFormat
	symbolsToolDesc    = symbolsDescription + formatter.CompactTableRules + " " + formatter.CompactSymbolsFormat
)

// The navigation tools' descriptions: each says which question it answers
// instead of grep, how to name a symbol, and what to call next.
const (
	symbolArgHelp = "Name the symbol as you would write it (\"ParseDuration\", \"Client.Do\", \"http.Client\", \"os.path.join\", \"Net::HTTP\"), " +
		"or give a position instead: file_path (repository-relative) and line, plus column to pick one name on a busy line. "

	findDefinitionDescription = "Jump to where a name is declared: kind, lines, signature and first doc line, best match first. " +
		"Use it instead of grepping for \"func X\" or \"class X\": it knows declarations from uses. " + symbolArgHelp +
		"At a position it resolves the use there to its declaration (match \"exact\"); a qualified symbol that matches is \"exact\", a bare name that several declarations share gives them all, nearest code first, tests and vendored code last (match \"name\"). " +
		"Read the lines with resources/read on the uri; find_references lists its uses. "

	findReferencesDescription = "List every use of a declaration across the repository, grouped by file, each with line, kind (call, type, import, inherit, other), the enclosing function (the caller) and the line's text. " +
		"Use it instead of grep for \"who calls X\", \"where is this type used\", \"what breaks if I change this\": it resolves what each use refers to, so other declarations with the same name are left out. " +
		symbolArgHelp + "kind narrows (kind \"call\" lists callers). " +
		"Each use says how it matched: \"exact\" (resolved to this declaration; for Go, as precise as the compiler for what the code declares) or \"name\" (same name, could not be resolved: check it); exact ones come first, the code's before its tests'. " +
		"In C and C++ a use of a macro whose body uses the declaration is a use too, with via naming the macro. " +
		"For a long list use response_format \"compact\" with detail_level \"concise\": one row per file and caller with its line numbers. "

	callHierarchyDescription = "Who calls this function, and who calls them (direction \"incoming\", the default), or what it calls, and what those call (\"outgoing\"), to depth levels (1 to 5). " +
		"Use it to trace a code path without opening every file. " + symbolArgHelp +
		"Each node is a function with its file, line and the lines of the calls; match says whether the call was resolved (\"exact\") or matched by name. "

	codeMapDescription = "Overview of a repository or directory: its files and most important declarations with signatures, most important first, within max_tokens (default 1,500). " +
		"Importance is how much the rest of the repository uses them (a PageRank of the reference graph, as aider's repository map ranks it). " +
		"Use it first in an unfamiliar codebase or package (\"what is in net/http and what matters most\") instead of listing and reading files; what does not fit is counted, per file (more) and per directory (folded). " +
		"Pass directory to zoom in; get_symbols outlines one file completely. "

	findRelatedDescription = "Find the code most like a given function or chunk (file_path and line): nearest by meaning, chunks of the project's other files first, then the same file's, then tests, stubs and vendored copies (unless the function is in one). " +
		"Use it for \"what else does something like this\", to find duplicates, sibling implementations or the tests and callers that mirror a function. Results are shaped like search_code's. "

	affectedDescription = "The blast radius of a change: compares the working tree (untracked files included) with base (default HEAD) in git, and lists the declarations the diff adds, removes, re-signatures or edits, each with its references elsewhere and a risk: " +
		"high (removed or signature changed and still referenced: callers will break), medium (body changed and used elsewhere), low. " +
		"Use it before committing or reviewing a change, instead of grepping for every name it touches. Needs a git repository. "
)

// The navigation descriptions with the compact format of each answer.
var (
	findDefinitionToolDesc = findDefinitionDescription + formatter.CompactDefinitionsFormat + " " + formatter.CompactTableRules
	findReferencesToolDesc = findReferencesDescription + formatter.CompactReferencesFormat + " " + formatter.CompactTableRules
	callHierarchyToolDesc  = callHierarchyDescription + formatter.CompactCallsFormat + " " + formatter.CompactTableRules
	codeMapToolDesc        = codeMapDescription + formatter.CompactMapFormat + " " + formatter.CompactTableRules
	findRelatedToolDesc    = findRelatedDescription + formatter.CompactSearchFormat
	affectedToolDesc       = affectedDescription + formatter.CompactAffectedFormat + " " + formatter.CompactTableRules
)
