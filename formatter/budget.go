package formatter

import (
	"fmt"
	"sort"

	"github.com/codeseek/codeseek/tokens"
)

// TokenEncoding names the tokenizer used for max_tokens budgets and the
// token benchmarks: o200k_base, the encoding of current OpenAI models and
// a fair proxy for other agents' tokenizers. Its vocabulary is compiled
// into the binary, so counting never touches the network.
const TokenEncoding = tokens.Encoding

// CountTokens returns how many o200k_base tokens s costs an agent, so
// budgets and benchmarks use the same measure as the model does.
func CountTokens(s string) (int, error) {
	n, err := tokens.Count(s)
	if err != nil {
		return 0, fmt.Errorf("formatter: count tokens: %w", err)
	}
	return n, nil
}

// renderSearchBudget renders r with as many leading results as fit in
// o.MaxTokens (the whole rendering, warning included), so output is never
// built in full and then cut mid-result.
func renderSearchBudget(r SearchResponse, o Options) (string, error) {
	if o.MaxTokens <= 0 {
		return renderSearchUnbounded(r, o)
	}
	all := r.Results
	first := func(k int) SearchResponse {
		rr := r
		rr.Results = all[:k]
		if k < len(all) {
			rr.Warning = budgetWarning(r.Warning, len(all)-k, len(all), o.MaxTokens)
		}
		return rr
	}
	k, err := fitPrefix(len(all), o.MaxTokens, func(k int) (string, error) { return renderSearchUnbounded(first(k), o.measured()) })
	if err != nil {
		return "", err
	}
	return renderSearchUnbounded(first(k), o)
}

// fitPrefix finds the largest prefix of n items, measure(k) rendering
// the first k, whose rendering fits maxTokens (at least the empty one).
// Token cost grows with every added item, so the largest prefix that
// fits is found by binary search instead of rendering every prefix.
func fitPrefix(n, maxTokens int, measure func(k int) (string, error)) (int, error) {
	var firstErr error
	best := sort.Search(n+1, func(k int) bool {
		if k == 0 {
			return false
		}
		s, err := measure(k)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return true
		}
		t, err := CountTokens(s)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return err != nil || t > maxTokens
	}) - 1
	return best, firstErr
}

// budgetWarning tells the caller that results were left out and how to get
// them, keeping any warning the search itself produced.
func budgetWarning(prev string, omitted, total, maxTokens int) string {
	w := fmt.Sprintf("%d of %d results left out to fit max_tokens=%d; raise max_tokens, lower limit or use detail_level=concise", omitted, total, maxTokens)
	if prev != "" {
		return prev + "; " + w
	}
	return w
}
