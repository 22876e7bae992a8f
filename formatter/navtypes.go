package formatter

import "time"

// Definition is one declaration a find_definition query found.
type Definition struct {
	FilePath  string
	StartLine int // the declaration's lines, doc comment included
	EndLine   int
	// Line and Column are where the declared name is (1-based; bytes).
	Line, Column int
	Symbol       string // qualified: "Client.Do"
	Kind         string
	Signature    string
	Doc          string // the first line of its documentation
	Language     string
	Match        string // "exact" or "name"
	RepositoryID string
}

// URI is the codeseek:// URI of the declaration's lines.
func (d Definition) URI() string { return HitURI(d.RepositoryID, d.FilePath, d.StartLine, d.EndLine) }

// DefinitionResponse is the answer of find_definition.
type DefinitionResponse struct {
	// Query is what was asked: the symbol, or "path:line[:column]".
	Query        string
	Definitions  []Definition
	TotalCount   int
	RepositoryID string
	Latency      time.Duration
	Warning      string
}

// Reference is one use of a declaration.
type Reference struct {
	FilePath string
	Line     int
	Column   int
	Kind     string // call, type, import, inherit, other
	// Enclosing is the declaration the use is in ("Client.Get"), the
	// caller for a call; "" at the top level.
	Enclosing string
	Text      string // the line, white space collapsed
	Match     string // "exact" or "name"
	// Via is the C or C++ macro whose expansion makes the use (the line
	// spells the macro), "" for a direct use.
	Via string
}

// ReferencesResponse is the answer of find_references.
type ReferencesResponse struct {
	Definition Definition // what the query resolved to
	References []Reference
	// TotalCount and ExactCount count every reference found, before limit.
	TotalCount   int
	ExactCount   int
	RepositoryID string
	Latency      time.Duration
	Warning      string
}

// CallNode is a function in a call hierarchy: a caller (incoming) or a
// callee (outgoing) of its parent, with the lines of the calls.
type CallNode struct {
	Symbol    string
	Kind      string
	FilePath  string
	Line      int // of the declaration's name; 0 for top-level code
	Signature string
	Match     string
	// CallLines are where the calls happen: in the caller's file for
	// incoming calls, in the parent's file for outgoing ones.
	CallLines []int
	Calls     []CallNode
}

// CallHierarchyResponse is the answer of call_hierarchy.
type CallHierarchyResponse struct {
	Root         Definition
	Direction    string // "incoming" or "outgoing"
	Depth        int
	Calls        []CallNode
	TotalCount   int // nodes in the tree
	Truncated    bool
	RepositoryID string
	Latency      time.Duration
	Warning      string
}

// MapSymbol is a declaration in a code map.
type MapSymbol struct {
	Symbol     string
	Kind       string
	Line       int
	Signature  string
	References int // uses across the repository
	// Rank orders declarations across files for a token budget (higher
	// first); it is not rendered.
	Rank float64
}

// MapFile is a file in a code map with its most important declarations.
type MapFile struct {
	FilePath string
	Symbols  []MapSymbol
	// More is how many declarations of the file were left out.
	More int
}

// MapFolded is a directory whose files a code map counts instead of
// listing.
type MapFolded struct {
	Dir     string
	Files   int
	Symbols int
}

// CodeMapResponse is the answer of code_map: files and declarations in
// order of importance.
type CodeMapResponse struct {
	RepositoryID string
	Directory    string
	Files        []MapFile
	Folded       []MapFolded
	TotalFiles   int
	TotalSymbols int
	Latency      time.Duration
	Warning      string
}

// Change is a declaration a diff touches, with the references that may
// feel it.
type Change struct {
	Symbol       string
	Kind         string
	FilePath     string
	Line         int
	Change       string // added, removed, signature_changed, body_changed
	Risk         string // high, medium, low
	Signature    string
	OldSignature string
	References   []Reference
	// ReferenceCount counts the references before any limit.
	ReferenceCount int
}

// AffectedResponse is the answer of affected_by_diff.
type AffectedResponse struct {
	RepositoryID string
	Base         string
	FilesChanged []string
	Changes      []Change
	Latency      time.Duration
	Warning      string
}
