package formatter

import "fmt"

// The navigation answers (find_definition, find_references,
// call_hierarchy, code_map, affected_by_diff) render through these, like
// the search answers: one place decides each shape for the MCP tools and
// the CLI. Under Options.MaxTokens each keeps as many of its items, in
// order, as fit, and says what it left out.

// formats are one answer's renderers, one per response format.
type formats[T any] struct {
	json     func(T, Detail) (string, error)
	compact  func(T, Detail) (string, error)
	markdown func(T, Detail) string
}

func (f formats[T]) render(v T, o Options) (string, error) {
	switch o.Format {
	case Markdown:
		return f.markdown(v, o.Detail), nil
	case Compact:
		return f.compact(v, o.Detail)
	}
	return f.json(v, o.Detail)
}

// renderList renders an answer of n items: all of them without a budget,
// else the most that fit o.MaxTokens; first(k) is the answer cut to its
// first k items (saying what was left out).
func renderList[T any](o Options, n int, first func(k int, o Options) T, f formats[T]) (string, error) {
	o, err := o.normalize()
	if err != nil {
		return "", err
	}
	if o.MaxTokens <= 0 {
		return f.render(first(n, o), o)
	}
	k, err := fitPrefix(n, o.MaxTokens, func(k int) (string, error) { return f.render(first(k, o), o.measured()) })
	if err != nil {
		return "", err
	}
	return f.render(first(k, o), o)
}

var (
	definitionFormats = formats[DefinitionResponse]{jsonDefinitions, compactDefinitions, markdownDefinitions}
	referenceFormats  = formats[ReferencesResponse]{jsonReferences, compactReferences, markdownReferences}
	callFormats       = formats[CallHierarchyResponse]{jsonCallHierarchy, compactCallHierarchy, markdownCallHierarchy}
	affectedFormats   = formats[AffectedResponse]{jsonAffected, compactAffected, markdownAffected}
	codeMapFormats    = formats[CodeMapResponse]{jsonCodeMap, compactCodeMap, markdownCodeMap}
)

// RenderDefinitions renders a find_definition answer.
func RenderDefinitions(r DefinitionResponse, o Options) (string, error) {
	all, warning := r.Definitions, r.Warning
	return renderList(o, len(all), func(k int, o Options) DefinitionResponse {
		r.Definitions = all[:k]
		r.Warning = omitted(warning, "definitions", len(all)-k, o)
		return r
	}, definitionFormats)
}

// RenderReferences renders a find_references answer.
func RenderReferences(r ReferencesResponse, o Options) (string, error) {
	all, warning := r.References, r.Warning
	return renderList(o, len(all), func(k int, o Options) ReferencesResponse {
		r.References = all[:k]
		r.Warning = omitted(warning, "references", len(all)-k, o)
		return r
	}, referenceFormats)
}

// RenderCallHierarchy renders a call_hierarchy answer; under a budget it
// keeps the first nodes in depth-first order.
func RenderCallHierarchy(r CallHierarchyResponse, o Options) (string, error) {
	all, n, warning, truncated := r.Calls, countNodes(r.Calls), r.Warning, r.Truncated
	return renderList(o, n, func(k int, o Options) CallHierarchyResponse {
		r.Calls, _ = pruneNodes(all, k)
		r.Truncated = truncated || k < n
		r.Warning = omitted(warning, "calls", n-k, o)
		return r
	}, callFormats)
}

// RenderAffected renders an affected_by_diff answer. Under a budget the
// change rows come first, then their references a round at a time (each
// change's first, then each one's second, …): a change's row says what
// broke, its reference_count how much, so no change is dropped for
// another's long list of uses.
func RenderAffected(r AffectedResponse, o Options) (string, error) {
	all, warning := r.Changes, r.Warning
	refs := 0
	for _, c := range all {
		refs += len(c.References)
	}
	return renderList(o, len(all)+refs, func(k int, o Options) AffectedResponse {
		if k < len(all) {
			r.Changes = withoutReferences(all[:k])
			r.Warning = omitted(warning, "changes", len(all)-k, o)
			return r
		}
		r.Changes = referencesInRounds(all, k-len(all))
		r.Warning = omitted(warning, "references", len(all)+refs-k, o)
		return r
	}, affectedFormats)
}

// withoutReferences is changes with their reference lists left out.
func withoutReferences(changes []Change) []Change {
	out := make([]Change, len(changes))
	for i, c := range changes {
		c.References = nil
		out[i] = c
	}
	return out
}

// referencesInRounds is changes keeping n of their references in all,
// dealt one per change per round.
func referencesInRounds(changes []Change, n int) []Change {
	out := withoutReferences(changes)
	for round := 0; n > 0; round++ {
		dealt := false
		for i := range changes {
			if n > 0 && round < len(changes[i].References) {
				out[i].References = append(out[i].References, changes[i].References[round])
				n--
				dealt = true
			}
		}
		if !dealt {
			break
		}
	}
	return out
}

// omitted adds to the answer's own warning that a token budget left items
// out (nothing when none was). Each rendering a budget tries starts from
// the answer's own warning, so only the last count is said.
func omitted(prev, what string, left int, o Options) string {
	if left <= 0 {
		return prev
	}
	fix := "raise max_tokens, narrow the query or use detail_level=concise"
	if o.Detail == Concise {
		fix = "raise max_tokens or narrow the query"
	}
	w := fmt.Sprintf("%d %s left out to fit max_tokens=%d; %s", left, what, o.MaxTokens, fix)
	if prev != "" {
		return prev + "; " + w
	}
	return w
}

func countNodes(ns []CallNode) int {
	n := 0
	for _, c := range ns {
		n += 1 + countNodes(c.Calls)
	}
	return n
}

// pruneNodes keeps the first k nodes of a forest in depth-first order.
func pruneNodes(ns []CallNode, k int) ([]CallNode, int) {
	var out []CallNode
	for _, c := range ns {
		if k <= 0 {
			break
		}
		k--
		c.Calls, k = pruneNodes(c.Calls, k)
		out = append(out, c)
	}
	return out, k
}
