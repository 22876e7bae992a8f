package formatter

import (
	"strings"
	"unicode"
)

// CompactSearchFormat explains compact search output to an agent; the
// search_code and search_docs tool descriptions quote it so every key is
// defined where the agent reads it.
const CompactSearchFormat = `Compact search output: {"r":[...],"n":N,"ms":M,"w":"..."}. ` +
	`r = results, n = total matches, ms = search time in milliseconds, w = warning (absent when none). ` +
	`Each result: l = location "path:start-end" (1-based inclusive lines; an l of ":start-end" with no path is in the same file as the previous result, results are grouped by file), ` +
	`t = chunk text (whitespace trimmed, common indentation removed; cut to 200 characters with "…" at concise level), s = similarity score 0..1, ` +
	`c = other files holding the same text, not listed as results of their own (absent when none). ` +
	`Detailed level adds y = symbol name, b = context before, a = context after (each absent when empty). ` +
	`u = URI prefix of the repository: a result's uri is u + path + "#Lstart-Lend" (read it with resources/read; widen the range to see more); ` +
	`when results come from several repositories there is no top-level u and each result has its full uri in u.`

// CompactTableRules explains the header+rows encoding every compact table
// uses; a tool's description adds the columns of its own tables.
const CompactTableRules = `Compact tables: h = column names joined by "|", d = rows joined by newlines, cells joined by "|". ` +
	`In cells, \\ is a backslash, \n a newline, \r a carriage return and \| a literal pipe; split rows on unescaped newlines and cells on unescaped pipes. ` +
	`d = "" means no rows; n = row count; lines = "start-end".`

// CompactSymbolsFormat explains compact get_symbols output.
const CompactSymbolsFormat = `Symbols: f = file path, lang = language, repo = repository id (detailed), columns ` + CompactSymbolsHeaderDetailed + ` (concise drops signature).`

// CompactRepositoriesFormat explains compact list_repositories output.
const CompactRepositoriesFormat = `Repositories: columns ` + CompactRepositoriesHeaderDetailed + ` (code/docs = chunk counts, indexed = RFC 3339 time, status = done or "indexing phase done/total", db = database name); concise: ` + CompactRepositoriesHeaderConcise + `.`

// CompactTableFormat explains the header+rows encoding used by compact
// symbol lists, repository lists and index errors.
const CompactTableFormat = CompactTableRules + " " + CompactSymbolsFormat + " " + CompactRepositoriesFormat

// CompactIndexFormat explains compact index_repository output.
const CompactIndexFormat = `Compact index output: id = repository id, p = project, st = status ("done", or "indexing" while the run goes on in the background), ` +
	`oc = outcome of a finished run (completed, completed_with_errors, up_to_date, dry_run), pg = progress while indexing ("phase done/total"), ` +
	`fi/fu/fs/fd = files indexed/unchanged/skipped/deleted, ss = secret files skipped (by name), sr = files indexed with secrets redacted, ci/cd = chunks created/deleted, sec = duration in seconds, ec = error count. ` +
	`Detailed level adds e = errors as a table (h "error"), sk = skipped files by reason, db = database name. dry and tok appear for dry runs (estimated tokens), with emb = estimated embedding calls and bd = biggest directories as a table (h "dir|files|chunks"; concise keeps 3).`

// CompactFormat is the whole compact format reference, for documentation
// and for a server that describes all tools in one place.
const CompactFormat = CompactSearchFormat + "\n" + CompactTableFormat + "\n" + CompactIndexFormat

type compactResult struct {
	L string  `json:"l"`
	T string  `json:"t"`
	S float64 `json:"s"`
	Y string  `json:"y,omitempty"`
	B string  `json:"b,omitempty"`
	A string  `json:"a,omitempty"`
	U string  `json:"u,omitempty"`
	// C lists other files holding the same text.
	C []string `json:"c,omitempty"`
}

type compactSearchOut struct {
	R  []compactResult `json:"r"`
	N  int             `json:"n"`
	MS int64           `json:"ms"`
	W  string          `json:"w,omitempty"`
	U  string          `json:"u,omitempty"`
}

// sharedRepository returns the repository all results are in, or "" when
// they span several (or there are none).
func sharedRepository(rs []SearchResult) string {
	if len(rs) == 0 {
		return ""
	}
	for _, x := range rs[1:] {
		if x.RepositoryID != rs[0].RepositoryID {
			return ""
		}
	}
	return rs[0].RepositoryID
}

// groupByFile reorders results so hits of one file are adjacent (files in
// order of their best hit, hits in rank order) and drops hits whose line
// range lies inside an earlier hit of the same file: their text is already
// in the answer.
func groupByFile(rs []SearchResult) []SearchResult {
	order := []string{}
	byFile := map[string][]SearchResult{}
	for _, x := range rs {
		prev, seen := byFile[x.FilePath]
		if !seen {
			order = append(order, x.FilePath)
		}
		contained := false
		for _, p := range prev {
			if p.StartLine <= x.StartLine && x.EndLine <= p.EndLine {
				contained = true
				break
			}
		}
		if !contained {
			byFile[x.FilePath] = append(prev, x)
		} else if !seen {
			byFile[x.FilePath] = prev
		}
	}
	out := make([]SearchResult, 0, len(rs))
	for _, f := range order {
		out = append(out, byFile[f]...)
	}
	return out
}

func compactSearch(r SearchResponse, d Detail) (string, error) {
	grouped := groupByFile(r.Results)
	out := compactSearchOut{
		R:  make([]compactResult, 0, len(grouped)),
		N:  r.TotalCount,
		MS: latencyMS(r),
		W:  collapseSpace(r.Warning),
	}
	// One URI prefix for the answer costs a few tokens; a URI per hit
	// would repeat the path that l already carries.
	shared := sharedRepository(grouped)
	if shared != "" {
		out.U = RepositoryURI(shared)
	}
	prevPath := ""
	for i, x := range grouped {
		loc := ":" + lineRange(x.StartLine, x.EndLine)
		if i == 0 || x.FilePath != prevPath {
			loc = x.FilePath + loc
		}
		prevPath = x.FilePath
		c := compactResult{L: loc, T: trimText(x.Content), S: round(x.Score, 2), C: x.Copies}
		if shared == "" {
			c.U = x.URI()
		}
		if d == Concise {
			c.T = TruncateContent(c.T, ConciseContentLimit)
		} else {
			c.Y = x.Symbol
			c.B = trimText(x.ContextBefore)
			c.A = trimText(x.ContextAfter)
		}
		out.R = append(out.R, c)
	}
	return encodeJSON(out)
}

// trimText removes what costs tokens without carrying meaning: trailing
// spaces, leading and trailing blank lines, and indentation common to all
// non-blank lines.
func trimText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRightFunc(l, unicode.IsSpace)
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	prefix, first := "", true
	for _, l := range lines {
		if l == "" {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = indent, false
			continue
		}
		n := 0
		for n < len(prefix) && n < len(indent) && prefix[n] == indent[n] {
			n++
		}
		prefix = prefix[:n]
	}
	if prefix != "" {
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, prefix)
		}
	}
	return strings.Join(lines, "\n")
}

type compactTable struct {
	H string `json:"h"`
	D string `json:"d"`
}

type compactIndexOut struct {
	ID  string         `json:"id"`
	P   string         `json:"p,omitempty"`
	St  string         `json:"st"`
	OC  string         `json:"oc,omitempty"`
	PG  string         `json:"pg,omitempty"`
	FI  int            `json:"fi"`
	FU  int            `json:"fu"`
	FS  int            `json:"fs"`
	FD  int            `json:"fd"`
	SS  int            `json:"ss"`
	SR  int            `json:"sr"`
	CI  int            `json:"ci"`
	CD  int            `json:"cd"`
	Sec float64        `json:"sec"`
	EC  int            `json:"ec"`
	RB  string         `json:"rb,omitempty"`
	E   *compactTable  `json:"e,omitempty"`
	SK  map[string]int `json:"sk,omitempty"`
	DB  string         `json:"db,omitempty"`
	Dry bool           `json:"dry,omitempty"`
	Tok int            `json:"tok,omitempty"`
	Emb int            `json:"emb,omitempty"`
	BD  *compactTable  `json:"bd,omitempty"`
}

// CompactBiggestDirsHeader names the columns of a dry run's bd table.
const CompactBiggestDirsHeader = "dir|files|chunks"

func compactIndex(r IndexReport, d Detail) (string, error) {
	out := compactIndexOut{
		ID: r.RepositoryID, P: r.ProjectID, St: r.Status, OC: r.Outcome, PG: r.Progress.String(),
		FI: r.FilesIndexed, FU: r.FilesUnchanged, FS: r.FilesSkipped, FD: r.FilesDeleted,
		SS: r.SecretsSkipped, SR: r.SecretsRedacted,
		CI: r.ChunksCreated, CD: r.ChunksDeleted,
		Sec: round(r.Duration.Seconds(), 1), EC: len(r.Errors),
		Dry: r.DryRun, Tok: r.EstimatedTokens, RB: r.Rebuilt,
	}
	if r.DryRun {
		out.Emb = r.EstimatedEmbedCalls
		if dirs := planDirs(r, d); len(dirs) > 0 {
			rows := make([][]string, len(dirs))
			for i, x := range dirs {
				rows[i] = []string{x.Dir, itoa(x.Files), itoa(x.Chunks)}
			}
			out.BD = &compactTable{H: CompactBiggestDirsHeader, D: EncodeRows(rows)}
		}
	}
	if d == Detailed {
		if len(r.Errors) > 0 {
			rows := make([][]string, len(r.Errors))
			for i, e := range r.Errors {
				if e == "" {
					e = "unknown error" // "" would read as zero rows in a one-column table
				}
				rows[i] = []string{e}
			}
			out.E = &compactTable{H: "error", D: EncodeRows(rows)}
		}
		if len(r.SkippedReasons) > 0 {
			out.SK = r.SkippedReasons
		}
		out.DB = r.DatabaseName
	}
	return encodeJSON(out)
}

type compactRepositoriesOut struct {
	H string `json:"h"`
	D string `json:"d"`
	N int    `json:"n"`
}

// The compact column headers, exported so clients and tool descriptions
// can name the columns without parsing a sample answer.
const (
	CompactRepositoriesHeaderConcise  = "id|project|path|files|chunks|indexed|status"
	CompactRepositoriesHeaderDetailed = "id|project|path|files|code|docs|embedder|indexed|status|db"
	CompactSymbolsHeaderConcise       = "name|kind|lines|parent"
	CompactSymbolsHeaderDetailed      = "name|kind|lines|parent|signature"
)

func compactRepositories(r RepositoryList, d Detail) (string, error) {
	rows := make([][]string, 0, len(r.Repositories))
	h := CompactRepositoriesHeaderDetailed
	if d == Concise {
		h = CompactRepositoriesHeaderConcise
	}
	for _, x := range r.Repositories {
		if d == Concise {
			rows = append(rows, []string{x.ID, x.ProjectID, x.Path, itoa(x.Files),
				itoa(x.CodeChunks + x.DocChunks), formatTime(x.IndexedAt), statusCell(x)})
			continue
		}
		rows = append(rows, []string{x.ID, x.ProjectID, x.Path, itoa(x.Files),
			itoa(x.CodeChunks), itoa(x.DocChunks), x.Embedder, formatTime(x.IndexedAt), statusCell(x), x.DatabaseName})
	}
	return encodeJSON(compactRepositoriesOut{H: h, D: EncodeRows(rows), N: len(rows)})
}

// statusCell is "done", or "indexing embed 1200/5600" with the progress.
func statusCell(x Repository) string {
	if x.Progress == nil {
		return repositoryStatus(x)
	}
	return repositoryStatus(x) + " " + x.Progress.String()
}

type compactSymbolsOut struct {
	F    string `json:"f"`
	Lang string `json:"lang,omitempty"`
	Repo string `json:"repo,omitempty"`
	H    string `json:"h"`
	D    string `json:"d"`
	N    int    `json:"n"`
}

func compactSymbols(r SymbolList, d Detail) (string, error) {
	rows := make([][]string, 0, len(r.Symbols))
	out := compactSymbolsOut{F: r.FilePath, Lang: r.Language, H: CompactSymbolsHeaderDetailed}
	if d == Concise {
		out.H = CompactSymbolsHeaderConcise
	} else {
		out.Repo = r.RepositoryID
	}
	for _, s := range r.Symbols {
		row := []string{s.Name, s.Kind, lineRange(s.StartLine, s.EndLine), s.Parent}
		if d == Detailed {
			row = append(row, s.Signature)
		}
		rows = append(rows, row)
	}
	out.D = EncodeRows(rows)
	out.N = len(rows)
	return encodeJSON(out)
}
