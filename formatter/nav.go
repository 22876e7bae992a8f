package formatter

import "fmt"

// The navigation answers (find_definition, find_references,
// call_hierarchy, code_map, affected_by_diff) render through these, like
// the search answers: one place decides each shape for the MCP tools and
// the CLI. Under Options.MaxTokens each keeps as many of its items, in
// order, as fit, and says what it left out.

// RenderDefinitions renders a find_definition answer.
func RenderDefinitions(r DefinitionResponse, o Options) (string, error) {
	return renderBudgeted(o, len(r.Definitions), func(k int, o Options) (string, error) {
		rr := r
		rr.Definitions = r.Definitions[:k]
		if k < len(r.Definitions) {
			rr.Warning = omitted(r.Warning, "definitions", len(r.Definitions)-k, len(r.Definitions), o.MaxTokens)
		}
		switch o.Format {
		case Markdown:
			return markdownDefinitions(rr, o.Detail), nil
		case Compact:
			return compactDefinitions(rr, o.Detail)
		}
		return jsonDefinitions(rr, o.Detail)
	})
}

// RenderReferences renders a find_references answer.
func RenderReferences(r ReferencesResponse, o Options) (string, error) {
	return renderBudgeted(o, len(r.References), func(k int, o Options) (string, error) {
		rr := r
		rr.References = r.References[:k]
		if k < len(r.References) {
			rr.Warning = omitted(r.Warning, "references", len(r.References)-k, len(r.References), o.MaxTokens)
		}
		switch o.Format {
		case Markdown:
			return markdownReferences(rr, o.Detail), nil
		case Compact:
			return compactReferences(rr, o.Detail)
		}
		return jsonReferences(rr, o.Detail)
	})
}

// RenderCallHierarchy renders a call_hierarchy answer; under a budget it
// keeps the first nodes in depth-first order.
func RenderCallHierarchy(r CallHierarchyResponse, o Options) (string, error) {
	n := countNodes(r.Calls)
	return renderBudgeted(o, n, func(k int, o Options) (string, error) {
		rr := r
		if k < n {
			rr.Calls, _ = pruneNodes(r.Calls, k)
			rr.Truncated = true
			rr.Warning = omitted(r.Warning, "calls", n-k, n, o.MaxTokens)
		}
		switch o.Format {
		case Markdown:
			return markdownCallHierarchy(rr, o.Detail), nil
		case Compact:
			return compactCallHierarchy(rr, o.Detail)
		}
		return jsonCallHierarchy(rr, o.Detail)
	})
}

// RenderAffected renders an affected_by_diff answer.
func RenderAffected(r AffectedResponse, o Options) (string, error) {
	return renderBudgeted(o, len(r.Changes), func(k int, o Options) (string, error) {
		rr := r
		rr.Changes = r.Changes[:k]
		if k < len(r.Changes) {
			rr.Warning = omitted(r.Warning, "changes", len(r.Changes)-k, len(r.Changes), o.MaxTokens)
		}
		switch o.Format {
		case Markdown:
			return markdownAffected(rr, o.Detail), nil
		case Compact:
			return compactAffected(rr, o.Detail)
		}
		return jsonAffected(rr, o.Detail)
	})
}

// renderBudgeted normalizes o and renders the first k of n items, all of
// them without a budget, else the most that fit o.MaxTokens.
func renderBudgeted(o Options, n int, render func(k int, o Options) (string, error)) (string, error) {
	o, err := o.normalize()
	if err != nil {
		return "", err
	}
	if o.MaxTokens <= 0 {
		return render(n, o)
	}
	return fitPrefix(n, o.MaxTokens, func(k int) (string, error) { return render(k, o) })
}

// omitted is the warning for items a token budget left out.
func omitted(prev, what string, left, total, maxTokens int) string {
	w := fmt.Sprintf("%d of %d %s left out to fit max_tokens=%d; raise max_tokens, narrow the query or use detail_level=concise", left, total, what, maxTokens)
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
