package formatter

import (
	"strconv"
	"strings"
)

// The compact headers of the navigation answers, exported so clients and
// tool descriptions name the columns.
const (
	CompactDefinitionsHeaderConcise  = "loc|at|symbol|kind|m|sig"
	CompactDefinitionsHeaderDetailed = "loc|at|symbol|kind|m|sig|doc"
	CompactReferencesHeaderConcise   = "path|in|lines"
	CompactReferencesHeaderDetailed  = "path|line|col|kind|in|m|text"
	CompactCallsHeaderConcise        = "d|symbol|kind|loc|m|at"
	CompactCallsHeaderDetailed       = "d|symbol|kind|loc|m|at|sig"
	CompactMapHeaderConcise          = "path|line|kind|symbol|refs"
	CompactMapHeaderDetailed         = "path|line|kind|symbol|refs|sig"
	CompactChangesHeaderConcise      = "symbol|kind|loc|change|risk|refs"
	CompactChangesHeaderDetailed     = "symbol|kind|loc|change|risk|refs|sig|old_sig"
	CompactChangeRefsHeaderConcise   = "symbol|path|line|in|m"
	CompactChangeRefsHeaderDetailed  = "symbol|path|line|in|m|text"
)

// CompactNavFormat explains the compact navigation answers; the tool
// descriptions quote the part of their tool.
const CompactNavFormat = CompactDefinitionsFormat + "\n" + CompactReferencesFormat + "\n" + CompactCallsFormat + "\n" +
	CompactMapFormat + "\n" + CompactAffectedFormat

// The compact format of each navigation answer, for its tool description.
const (
	CompactDefinitionsFormat = `Compact definitions: {"q":query,"n":count,"u":uri prefix,"h":header,"d":rows} (header+rows table, see below). ` +
		`Columns ` + CompactDefinitionsHeaderConcise + ` (detailed adds doc): loc = "path:start-end" (the declaration with its doc comment), at = line of the name, m = exact or name (how the match was made), sig = signature. A definition's uri is u + path + "#Lstart-Lend".`
	CompactReferencesFormat = `Compact references: {"def":"path:line symbol kind","n":total,"x":exact count,"h":header,"d":rows,"w":warning}. ` +
		`Concise columns ` + CompactReferencesHeaderConcise + `: one row per file and enclosing declaration (in = the caller for calls; empty at top level); lines = space-separated line numbers, a trailing "?" marks a use matched by name only (check it). ` +
		`Detailed columns ` + CompactReferencesHeaderDetailed + ` (m = exact or name, text = the line; a kind "call via M" is a use through the C macro M the line spells). An empty path means the path of the row above.`
	CompactCallsFormat = `Compact call hierarchy: {"root":"path:line symbol kind","dir":"incoming|outgoing","n":nodes,"h":header,"d":rows}. ` +
		`Columns ` + CompactCallsHeaderConcise + ` (detailed adds sig), depth-first: d = depth (1 = direct caller or callee), loc = "path:line" of the function, m = exact or name, at = space-separated lines of the calls (in the caller's file for incoming, in the parent's file for outgoing).`
	CompactMapFormat = `Compact code map: {"dir":directory,"n":files,"s":symbols,"h":header,"d":rows,"mo":{"h":"path|more","d":rows},"fo":{"h":"dir|files|symbols","d":rows}}. ` +
		`Columns ` + CompactMapHeaderConcise + ` (detailed adds sig): files most important first, their declarations most important first (a PageRank of the reference graph, so a declaration used by central code can precede one used more often); refs = uses across the repository; an empty path means the row above's. mo = declarations of a listed file left out; fo = directories whose files were folded into counts to fit max_tokens.`
	CompactAffectedFormat = `Compact affected_by_diff: {"base":ref,"fc":[changed files],"h":header,"d":rows,"rh":header,"rd":rows}. ` +
		`Change columns ` + CompactChangesHeaderConcise + ` (detailed adds sig and old_sig): change = added, removed, signature_changed or body_changed; risk = high (removed or re-signatured and still referenced), medium (body changed, referenced) or low; refs = reference count. ` +
		`rd lists the references: columns ` + CompactChangeRefsHeaderConcise + ` (detailed adds text).`
)

type compactDefinitionsOut struct {
	Q string `json:"q"`
	N int    `json:"n"`
	U string `json:"u,omitempty"`
	H string `json:"h"`
	D string `json:"d"`
	W string `json:"w,omitempty"`
}

func compactDefinitions(r DefinitionResponse, d Detail) (string, error) {
	out := compactDefinitionsOut{Q: r.Query, N: r.TotalCount, H: CompactDefinitionsHeaderDetailed, W: collapseSpace(r.Warning)}
	if d == Concise {
		out.H = CompactDefinitionsHeaderConcise
	}
	if r.RepositoryID != "" {
		out.U = RepositoryURI(r.RepositoryID)
	}
	rows := make([][]string, 0, len(r.Definitions))
	for _, x := range r.Definitions {
		row := []string{x.FilePath + ":" + lineRange(x.StartLine, x.EndLine), itoa(x.Line), x.Symbol, x.Kind, x.Match, x.Signature}
		if d == Detailed {
			row = append(row, x.Doc)
		}
		rows = append(rows, row)
	}
	out.D = EncodeRows(rows)
	return encodeJSON(out)
}

// defHeadline is a definition in one string: "path:line symbol kind".
func defHeadline(x Definition) string {
	if x.FilePath == "" {
		return ""
	}
	return x.FilePath + ":" + itoa(x.Line) + " " + x.Symbol + " " + x.Kind
}

type compactReferencesOut struct {
	Def string `json:"def"`
	N   int    `json:"n"`
	X   int    `json:"x"`
	H   string `json:"h"`
	D   string `json:"d"`
	W   string `json:"w,omitempty"`
}

func compactReferences(r ReferencesResponse, d Detail) (string, error) {
	out := compactReferencesOut{Def: defHeadline(r.Definition), N: r.TotalCount, X: r.ExactCount, W: collapseSpace(r.Warning)}
	if d == Concise {
		out.H = CompactReferencesHeaderConcise
		out.D = EncodeRows(referenceGroups(r.References))
	} else {
		out.H = CompactReferencesHeaderDetailed
		rows := make([][]string, 0, len(r.References))
		prev := ""
		for _, x := range r.References {
			p := x.FilePath
			if p == prev {
				p = ""
			}
			prev = x.FilePath
			kind := x.Kind
			if x.Via != "" {
				kind += " via " + x.Via
			}
			rows = append(rows, []string{p, itoa(x.Line), itoa(x.Column), kind, x.Enclosing, x.Match, x.Text})
		}
		out.D = EncodeRows(rows)
	}
	return encodeJSON(out)
}

// referenceGroups folds consecutive references of one file and enclosing
// declaration into one row of line numbers, "?" marking name matches.
func referenceGroups(rs []Reference) [][]string {
	var rows [][]string
	prevPath, prevIn := "", ""
	var lines []string
	flush := func() {
		if len(lines) > 0 {
			rows[len(rows)-1][2] = strings.Join(lines, " ")
			lines = lines[:0]
		}
	}
	for i, x := range rs {
		if i == 0 || x.FilePath != prevPath || x.Enclosing != prevIn {
			flush()
			p := x.FilePath
			if i > 0 && p == prevPath {
				p = ""
			}
			rows = append(rows, []string{p, x.Enclosing, ""})
			prevPath, prevIn = x.FilePath, x.Enclosing
		}
		l := strconv.Itoa(x.Line)
		if x.Match != MatchExactValue {
			l += "?"
		}
		lines = append(lines, l)
	}
	flush()
	return rows
}

// MatchExactValue is the match value of an answer resolution proved.
const MatchExactValue = "exact"

type compactCallsOut struct {
	Root string `json:"root"`
	Dir  string `json:"dir"`
	N    int    `json:"n"`
	H    string `json:"h"`
	D    string `json:"d"`
	T    bool   `json:"t,omitempty"`
	W    string `json:"w,omitempty"`
}

func compactCallHierarchy(r CallHierarchyResponse, d Detail) (string, error) {
	out := compactCallsOut{Root: defHeadline(r.Root), Dir: r.Direction, N: r.TotalCount, T: r.Truncated, W: collapseSpace(r.Warning)}
	out.H = CompactCallsHeaderDetailed
	if d == Concise {
		out.H = CompactCallsHeaderConcise
	}
	var rows [][]string
	var walk func(ns []CallNode, depth int)
	walk = func(ns []CallNode, depth int) {
		for _, n := range ns {
			at := make([]string, len(n.CallLines))
			for i, l := range n.CallLines {
				at[i] = itoa(l)
			}
			row := []string{itoa(depth), n.Symbol, n.Kind, n.FilePath + ":" + itoa(n.Line), n.Match, strings.Join(at, " ")}
			if d == Detailed {
				row = append(row, n.Signature)
			}
			rows = append(rows, row)
			walk(n.Calls, depth+1)
		}
	}
	walk(r.Calls, 1)
	out.D = EncodeRows(rows)
	return encodeJSON(out)
}

type compactMapOut struct {
	Dir string        `json:"dir"`
	N   int           `json:"n"`
	S   int           `json:"s"`
	H   string        `json:"h"`
	D   string        `json:"d"`
	Mo  *compactTable `json:"mo,omitempty"`
	Fo  *compactTable `json:"fo,omitempty"`
	W   string        `json:"w,omitempty"`
}

func compactCodeMap(r CodeMapResponse, d Detail) (string, error) {
	out := compactMapOut{Dir: r.Directory, N: r.TotalFiles, S: r.TotalSymbols, H: CompactMapHeaderDetailed, W: collapseSpace(r.Warning)}
	if d == Concise {
		out.H = CompactMapHeaderConcise
	}
	var rows, more [][]string
	for _, f := range r.Files {
		p := f.FilePath
		for _, s := range f.Symbols {
			row := []string{p, itoa(s.Line), s.Kind, s.Symbol, itoa(s.References)}
			if d == Detailed {
				row = append(row, s.Signature)
			}
			rows = append(rows, row)
			p = ""
		}
		if len(f.Symbols) == 0 { // a file listed for its place in the order, all of its declarations left out
			row := make([]string, strings.Count(out.H, "|")+1)
			row[0] = f.FilePath
			rows = append(rows, row)
		}
		if f.More > 0 {
			more = append(more, []string{f.FilePath, itoa(f.More)})
		}
	}
	out.D = EncodeRows(rows)
	if len(more) > 0 {
		out.Mo = &compactTable{H: "path|more", D: EncodeRows(more)}
	}
	if len(r.Folded) > 0 {
		fo := make([][]string, len(r.Folded))
		for i, f := range r.Folded {
			fo[i] = []string{f.Dir, itoa(f.Files), itoa(f.Symbols)}
		}
		out.Fo = &compactTable{H: "dir|files|symbols", D: EncodeRows(fo)}
	}
	return encodeJSON(out)
}

type compactAffectedOut struct {
	Base string   `json:"base"`
	FC   []string `json:"fc"`
	H    string   `json:"h"`
	D    string   `json:"d"`
	RH   string   `json:"rh"`
	RD   string   `json:"rd"`
	W    string   `json:"w,omitempty"`
}

func compactAffected(r AffectedResponse, d Detail) (string, error) {
	out := compactAffectedOut{Base: r.Base, FC: r.FilesChanged, H: CompactChangesHeaderDetailed, RH: CompactChangeRefsHeaderDetailed, W: collapseSpace(r.Warning)}
	if out.FC == nil {
		out.FC = []string{}
	}
	if d == Concise {
		out.H, out.RH = CompactChangesHeaderConcise, CompactChangeRefsHeaderConcise
	}
	var rows, refs [][]string
	for _, c := range r.Changes {
		row := []string{c.Symbol, c.Kind, c.FilePath + ":" + itoa(c.Line), c.Change, c.Risk, itoa(c.ReferenceCount)}
		if d == Detailed {
			row = append(row, c.Signature, c.OldSignature)
		}
		rows = append(rows, row)
		for _, x := range c.References {
			rr := []string{c.Symbol, x.FilePath, itoa(x.Line), x.Enclosing, x.Match}
			if d == Detailed {
				rr = append(rr, x.Text)
			}
			refs = append(refs, rr)
		}
	}
	out.D, out.RD = EncodeRows(rows), EncodeRows(refs)
	return encodeJSON(out)
}
