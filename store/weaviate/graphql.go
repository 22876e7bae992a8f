package weaviate

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
)

// row is one chunk of a GraphQL Get answer.
type row struct {
	chunkProps
	Additional struct {
		ID       string    `json:"id"`
		Distance *float64  `json:"distance"`
		Score    flexFloat `json:"score"`
		Vector   []float32 `json:"vector"`
	} `json:"_additional"`
}

// flexFloat reads a number sent either bare or as a string (Weaviate sends
// BM25 scores as strings).
type flexFloat float64

func (f *flexFloat) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	*f = flexFloat(v)
	return err
}

// allFields selects every stored property of a chunk, searchFields all but
// terms, which only BM25 reads and which would double an answer's size.
var allFields, searchFields = func() (string, string) {
	var all, search []string
	for _, p := range chunkProperties {
		all = append(all, p.Name)
		if p.Name != "terms" {
			search = append(search, p.Name)
		}
	}
	return strings.Join(all, " "), strings.Join(search, " ")
}()

// get runs a GraphQL Get on repo's chunks. args are extra arguments
// ("nearVector: {...}"), w the filter, fields the properties and extra the
// _additional fields to return.
func (c *Client) get(ctx context.Context, repo, args string, w where, limit int, fields, extra string) ([]row, error) {
	replicated, err := c.replicated(ctx)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "{Get{%s(tenant: %s, limit: %d, ", c.chunks, gqlString(repo), limit)
	if replicated { // Weaviate refuses the argument otherwise
		b.WriteString("consistencyLevel: QUORUM, ")
	}
	b.WriteString("where: ")
	w.graphQL(&b)
	if args != "" {
		b.WriteString(", " + args)
	}
	fmt.Fprintf(&b, "){%s _additional{id %s}}}}", fields, extra)
	var res struct {
		Data struct {
			Get map[string][]row `json:"Get"`
		} `json:"data"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := c.do(ctx, http.MethodPost, "/v1/graphql", nil, map[string]string{"query": b.String()}, &res); err != nil {
		return nil, fmt.Errorf("query chunks of %s: %w", repo, err)
	}
	if len(res.Errors) > 0 {
		msgs := make([]string, len(res.Errors))
		for i, e := range res.Errors {
			msgs[i] = e.Message
		}
		return nil, fmt.Errorf("query chunks of %s at %s: %s", repo, c.base, strings.Join(msgs, "; "))
	}
	return res.Data.Get[c.chunks], nil
}

// vectorLiteral renders a vector for GraphQL, refusing NaN and infinities,
// which have no literal.
func vectorLiteral(vec []float32) (string, error) {
	var b strings.Builder
	b.WriteByte('[')
	for i, f := range vec {
		if f != f || math.IsInf(float64(f), 0) {
			return "", fmt.Errorf("query vector element %d is %v: the embedder returned a non-finite number", i, f)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatFloat(float64(f), 'g', -1, 32))
	}
	b.WriteByte(']')
	return b.String(), nil
}
