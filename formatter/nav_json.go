package formatter

// JSON shapes of the navigation answers; structs keep the field order
// fixed, as for search.

type jsonDefinitionDetailed struct {
	FilePath  string `json:"file_path"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Symbol    string `json:"symbol"`
	Kind      string `json:"kind"`
	Signature string `json:"signature"`
	Doc       string `json:"doc"`
	Language  string `json:"language"`
	URI       string `json:"uri"`
	Match     string `json:"match"`
}

type jsonDefinitionConcise struct {
	FilePath  string `json:"file_path"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Line      int    `json:"line"`
	Symbol    string `json:"symbol"`
	Kind      string `json:"kind"`
	Signature string `json:"signature"`
	URI       string `json:"uri"`
	Match     string `json:"match"`
}

func jsonDefinition(x Definition, d Detail) any {
	if d == Concise {
		return jsonDefinitionConcise{x.FilePath, x.StartLine, x.EndLine, x.Line, x.Symbol, x.Kind, x.Signature, x.URI(), x.Match}
	}
	return jsonDefinitionDetailed{x.FilePath, x.StartLine, x.EndLine, x.Line, x.Column, x.Symbol, x.Kind,
		x.Signature, x.Doc, x.Language, x.URI(), x.Match}
}

type jsonDefinitionsOut struct {
	Query        string `json:"query"`
	Definitions  []any  `json:"definitions"`
	TotalCount   int    `json:"total_count"`
	RepositoryID string `json:"repository_id"`
	LatencyMS    int64  `json:"latency_ms"`
	Warning      string `json:"warning,omitempty"`
}

func jsonDefinitions(r DefinitionResponse, d Detail) (string, error) {
	out := jsonDefinitionsOut{Query: r.Query, Definitions: make([]any, 0, len(r.Definitions)), TotalCount: r.TotalCount,
		RepositoryID: r.RepositoryID, LatencyMS: r.Latency.Milliseconds(), Warning: r.Warning}
	for _, x := range r.Definitions {
		out.Definitions = append(out.Definitions, jsonDefinition(x, d))
	}
	return encodeJSON(out)
}

type jsonReferenceDetailed struct {
	FilePath  string `json:"file_path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Kind      string `json:"kind"`
	Enclosing string `json:"enclosing"`
	Text      string `json:"text"`
	Match     string `json:"match"`
	Via       string `json:"via,omitempty"`
}

type jsonReferenceConcise struct {
	FilePath  string `json:"file_path"`
	Line      int    `json:"line"`
	Kind      string `json:"kind"`
	Enclosing string `json:"enclosing"`
	Match     string `json:"match"`
	Via       string `json:"via,omitempty"`
}

func jsonReferenceList(rs []Reference, d Detail) []any {
	out := make([]any, 0, len(rs))
	for _, x := range rs {
		if d == Concise {
			out = append(out, jsonReferenceConcise{x.FilePath, x.Line, x.Kind, x.Enclosing, x.Match, x.Via})
		} else {
			out = append(out, jsonReferenceDetailed{x.FilePath, x.Line, x.Column, x.Kind, x.Enclosing, x.Text, x.Match, x.Via})
		}
	}
	return out
}

type jsonReferencesOut struct {
	Definition   any    `json:"definition"`
	References   []any  `json:"references"`
	TotalCount   int    `json:"total_count"`
	ExactCount   int    `json:"exact_count"`
	RepositoryID string `json:"repository_id"`
	LatencyMS    int64  `json:"latency_ms"`
	Warning      string `json:"warning,omitempty"`
}

func jsonReferences(r ReferencesResponse, d Detail) (string, error) {
	return encodeJSON(jsonReferencesOut{Definition: jsonDefinition(r.Definition, d), References: jsonReferenceList(r.References, d),
		TotalCount: r.TotalCount, ExactCount: r.ExactCount, RepositoryID: r.RepositoryID,
		LatencyMS: r.Latency.Milliseconds(), Warning: r.Warning})
}

type jsonCallNode struct {
	Symbol    string         `json:"symbol"`
	Kind      string         `json:"kind"`
	FilePath  string         `json:"file_path"`
	Line      int            `json:"line"`
	Signature string         `json:"signature,omitempty"`
	Match     string         `json:"match"`
	CallLines []int          `json:"call_lines"`
	Calls     []jsonCallNode `json:"calls,omitempty"`
}

func jsonCallNodes(ns []CallNode, d Detail) []jsonCallNode {
	out := make([]jsonCallNode, 0, len(ns))
	for _, n := range ns {
		j := jsonCallNode{Symbol: n.Symbol, Kind: n.Kind, FilePath: n.FilePath, Line: n.Line, Match: n.Match,
			CallLines: n.CallLines, Calls: jsonCallNodes(n.Calls, d)}
		if j.CallLines == nil {
			j.CallLines = []int{}
		}
		if d == Detailed {
			j.Signature = n.Signature
		}
		out = append(out, j)
	}
	return out
}

type jsonCallHierarchyOut struct {
	Root         any            `json:"root"`
	Direction    string         `json:"direction"`
	Depth        int            `json:"depth"`
	Calls        []jsonCallNode `json:"calls"`
	TotalCount   int            `json:"total_count"`
	Truncated    bool           `json:"truncated"`
	RepositoryID string         `json:"repository_id"`
	LatencyMS    int64          `json:"latency_ms"`
	Warning      string         `json:"warning,omitempty"`
}

func jsonCallHierarchy(r CallHierarchyResponse, d Detail) (string, error) {
	return encodeJSON(jsonCallHierarchyOut{Root: jsonDefinition(r.Root, d), Direction: r.Direction, Depth: r.Depth,
		Calls: jsonCallNodes(r.Calls, d), TotalCount: r.TotalCount, Truncated: r.Truncated, RepositoryID: r.RepositoryID,
		LatencyMS: r.Latency.Milliseconds(), Warning: r.Warning})
}

type jsonMapSymbol struct {
	Symbol     string `json:"symbol"`
	Kind       string `json:"kind"`
	Line       int    `json:"line"`
	Signature  string `json:"signature,omitempty"`
	References int    `json:"references"`
}

type jsonMapFile struct {
	FilePath string          `json:"file_path"`
	Symbols  []jsonMapSymbol `json:"symbols"`
	More     int             `json:"more"`
}

type jsonMapFolded struct {
	Dir     string `json:"dir"`
	Files   int    `json:"files"`
	Symbols int    `json:"symbols"`
}

type jsonCodeMapOut struct {
	RepositoryID string          `json:"repository_id"`
	Directory    string          `json:"directory"`
	Files        []jsonMapFile   `json:"files"`
	Folded       []jsonMapFolded `json:"folded"`
	TotalFiles   int             `json:"total_files"`
	TotalSymbols int             `json:"total_symbols"`
	LatencyMS    int64           `json:"latency_ms"`
	Warning      string          `json:"warning,omitempty"`
}

func jsonCodeMap(r CodeMapResponse, d Detail) (string, error) {
	out := jsonCodeMapOut{RepositoryID: r.RepositoryID, Directory: r.Directory, Files: []jsonMapFile{}, Folded: []jsonMapFolded{},
		TotalFiles: r.TotalFiles, TotalSymbols: r.TotalSymbols, LatencyMS: r.Latency.Milliseconds(), Warning: r.Warning}
	for _, f := range r.Files {
		jf := jsonMapFile{FilePath: f.FilePath, Symbols: []jsonMapSymbol{}, More: f.More}
		for _, s := range f.Symbols {
			js := jsonMapSymbol{Symbol: s.Symbol, Kind: s.Kind, Line: s.Line, References: s.References}
			if d == Detailed {
				js.Signature = s.Signature
			}
			jf.Symbols = append(jf.Symbols, js)
		}
		out.Files = append(out.Files, jf)
	}
	for _, f := range r.Folded {
		out.Folded = append(out.Folded, jsonMapFolded{f.Dir, f.Files, f.Symbols})
	}
	return encodeJSON(out)
}

type jsonChange struct {
	Symbol         string `json:"symbol"`
	Kind           string `json:"kind"`
	FilePath       string `json:"file_path"`
	Line           int    `json:"line"`
	Change         string `json:"change"`
	Risk           string `json:"risk"`
	Signature      string `json:"signature,omitempty"`
	OldSignature   string `json:"old_signature,omitempty"`
	ReferenceCount int    `json:"reference_count"`
	References     []any  `json:"references"`
}

type jsonAffectedOut struct {
	RepositoryID string       `json:"repository_id"`
	Base         string       `json:"base"`
	FilesChanged []string     `json:"files_changed"`
	Changes      []jsonChange `json:"changes"`
	LatencyMS    int64        `json:"latency_ms"`
	Warning      string       `json:"warning,omitempty"`
}

func jsonAffected(r AffectedResponse, d Detail) (string, error) {
	out := jsonAffectedOut{RepositoryID: r.RepositoryID, Base: r.Base, FilesChanged: r.FilesChanged, Changes: []jsonChange{},
		LatencyMS: r.Latency.Milliseconds(), Warning: r.Warning}
	if out.FilesChanged == nil {
		out.FilesChanged = []string{}
	}
	for _, c := range r.Changes {
		jc := jsonChange{Symbol: c.Symbol, Kind: c.Kind, FilePath: c.FilePath, Line: c.Line, Change: c.Change, Risk: c.Risk,
			ReferenceCount: c.ReferenceCount, References: jsonReferenceList(c.References, d)}
		if d == Detailed {
			jc.Signature, jc.OldSignature = c.Signature, c.OldSignature
		}
		out.Changes = append(out.Changes, jc)
	}
	return encodeJSON(out)
}
