package tools

import "github.com/codeseek/codeseek/formatter"

// Tool descriptions are the agent's manual: models choose tools and write
// arguments from these texts alone. Each says when to use the tool rather
// than grep or reading files, what a good call looks like, what comes back
// and where to go next.

const instructions = `codeseek is semantic code search over locally indexed repositories.
Index a repository once with index_repository (re-running it is cheap: only changed files are re-indexed; large repositories keep indexing in the background, see list_repositories).
Then use search_code to find code by what it does, search_docs for documentation. They beat grep when you do not know the exact identifier or file.
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
	"Use grep for an exact string you already know. " +
	"Returns the best matches as whole functions, methods and types with file_path, start_line-end_line, similarity_score (0..1, relative: compare hits, not queries) and uri. " +
	"To read more of a hit, resources/read its uri (widen #L10-L40 for context) or open file_path at those lines; get_symbols outlines its file. " +
	"Narrow with repository_id, directory (\"internal/server\") or file_type (\"go\", \"python\"). Start concise to scan many hits cheaply. "

const searchDocsDescription = "Search the documentation of indexed repositories (Markdown, reStructuredText, AsciiDoc, plain text), split by section: " +
	"how to install, configure or use something, design notes, changelogs. Ask as you would ask the docs (\"how do I configure the cache size\"). " +
	"Each result is one section; its symbol is the heading path (\"Install > Linux\"). Read the whole section or its neighbours with resources/read on the uri. " +
	"Use search_code for code. "

const listDescription = "List indexed repositories: repository_id, project, path, file and chunk counts, embedder, last index time and status " +
	"(\"done\", or \"indexing\" with progress while index_repository runs in the background). " +
	"Use it to find the repository_id or project to search in, or to see whether a background index has finished. "

const symbolsDescription = "Outline one file: its declarations (functions, methods, classes, types, constants; headings for documents) as a table name|kind|lines|parent|signature, read from the file on disk now. " +
	"Use it to see a file's structure before reading it, or to find the lines of a declaration a search hit mentions; it is much cheaper than reading the whole file. Concise omits signatures. "

// The compact format references are appended so every compact key is
// defined where the agent reads it.
var (
	indexToolDesc      = indexDescription + formatter.CompactIndexFormat
	searchCodeToolDesc = searchCodeDescription + formatter.CompactSearchFormat
	searchDocsToolDesc = searchDocsDescription + formatter.CompactSearchFormat
	listToolDesc       = listDescription + formatter.CompactTableFormat
	symbolsToolDesc    = symbolsDescription + formatter.CompactTableFormat
)
