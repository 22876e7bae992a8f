package weaviate

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// property is one entry of a collection's schema.
type property struct {
	Name            string   `json:"name"`
	DataType        []string `json:"dataType"`
	Tokenization    string   `json:"tokenization,omitempty"`
	IndexFilterable bool     `json:"indexFilterable"`
	IndexSearchable bool     `json:"indexSearchable"`
	IndexRange      bool     `json:"indexRangeFilters,omitempty"`
}

// field is a text property matched whole (filters), word a text property
// BM25 searches, number an integer filtered by range.
func field(name string) property {
	return property{Name: name, DataType: []string{"text"}, Tokenization: "field", IndexFilterable: true}
}

func word(name string) property {
	return property{Name: name, DataType: []string{"text"}, Tokenization: "word", IndexSearchable: true}
}

// terms is text already split into terms, searched by BM25 as it is.
func terms(name string) property {
	return property{Name: name, DataType: []string{"text"}, Tokenization: "whitespace", IndexSearchable: true}
}

// blob is text stored and returned, never searched.
func blob(name string) property { return property{Name: name, DataType: []string{"text"}} }

func number(name string, ranged bool) property {
	return property{Name: name, DataType: []string{"int"}, IndexFilterable: true, IndexRange: ranged}
}

// chunkProperties must list every JSON field of chunkProps (a test checks).
var chunkProperties = []property{
	field("repo"), field("chunk_id"), field("path"), field("kind"), field("language"),
	word("symbol"), field("symbol_kind"), field("parent"), word("signature"),
	number("start_line", false), number("end_line", false), word("content"), terms("terms"), field("ext"),
	number("generation", true), number("retired_at", true),
}

var commitProperties = []property{number("generation", false), field("committed_at"), blob("manifest")}

// class is a collection definition as Weaviate's schema API takes it.
type class struct {
	Class               string          `json:"class"`
	Description         string          `json:"description,omitempty"`
	Vectorizer          string          `json:"vectorizer"`
	VectorIndexConfig   map[string]any  `json:"vectorIndexConfig,omitempty"`
	MultiTenancyConfig  map[string]bool `json:"multiTenancyConfig"`
	ReplicationConfig   map[string]any  `json:"replicationConfig"`
	InvertedIndexConfig map[string]any  `json:"invertedIndexConfig,omitempty"`
	Properties          []property      `json:"properties"`
}

func (c *Client) classes() []class {
	// DeleteOnConflict: when a replica that missed a delete comes back,
	// the delete wins, so a deleted file never reappears.
	repl := map[string]any{"factor": c.repl, "deletionStrategy": "DeleteOnConflict"}
	mt := map[string]bool{"enabled": true}
	return []class{
		{Class: c.chunks, Description: "codeseek chunks, one tenant per repository", Vectorizer: "none",
			VectorIndexConfig: map[string]any{"distance": "cosine"}, MultiTenancyConfig: mt, ReplicationConfig: repl,
			InvertedIndexConfig: map[string]any{"bm25": map[string]float64{"k1": 1.2, "b": 0.75},
				"stopwords":         map[string]string{"preset": "none"}, // the embedded BM25 keeps every term
				"usingBlockMaxWAND": false},
			Properties: chunkProperties},
		{Class: c.commits, Description: "codeseek commit records: the generation searches see, per repository",
			Vectorizer: "none", MultiTenancyConfig: mt, ReplicationConfig: repl, Properties: commitProperties},
	}
}

// EnsureSchema creates the collections unless they exist. An existing
// collection is kept as it is, with its replication factor.
func (c *Client) EnsureSchema(ctx context.Context) error {
	for _, cl := range c.classes() {
		var got class
		err := c.do(ctx, http.MethodGet, "/v1/schema/"+cl.Class, nil, nil, &got)
		if err == nil {
			if cl.Class == c.chunks {
				c.remember(got)
			}
			if !got.MultiTenancyConfig["enabled"] {
				return fmt.Errorf("weaviate collection %s at %s exists without multi-tenancy: drop it or choose another prefix", cl.Class, c.base)
			}
			continue
		}
		if !isStatus(err, http.StatusNotFound) {
			return fmt.Errorf("read collection %s: %w", cl.Class, err)
		}
		if err := c.do(ctx, http.MethodPost, "/v1/schema", nil, cl, nil); err != nil {
			// Another writer may have created it meanwhile.
			if c.do(ctx, http.MethodGet, "/v1/schema/"+cl.Class, nil, nil, nil) == nil {
				continue
			}
			return fmt.Errorf("create collection %s (replication %d): %w", cl.Class, c.repl, err)
		}
	}
	return nil
}

// replicated says whether the chunk collection has more than one replica,
// reading its definition once.
func (c *Client) replicated(ctx context.Context) (bool, error) {
	info, err := c.chunkClass(ctx)
	return info.factor > 1, err
}

// classInfo is what the client remembers of the chunk collection.
type classInfo struct {
	factor int // replication factor; 0 until read
	// blockMax: BM25 runs on BlockMax WAND, which in Weaviate 1.35
	// returned wrong top hits for data written in the last minute or so.
	blockMax bool
}

// chunkClass returns the chunk collection's settings, reading them once.
func (c *Client) chunkClass(ctx context.Context) (classInfo, error) {
	c.mu.Lock()
	info := c.info
	c.mu.Unlock()
	if info.factor > 0 {
		return info, nil
	}
	var got class
	if err := c.do(ctx, http.MethodGet, "/v1/schema/"+c.chunks, nil, nil, &got); err != nil {
		return info, fmt.Errorf("read collection %s: %w", c.chunks, err)
	}
	return c.remember(got), nil
}

func (c *Client) remember(got class) classInfo {
	f, _ := got.ReplicationConfig["factor"].(float64)
	bmw, _ := got.InvertedIndexConfig["usingBlockMaxWAND"].(bool)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.info = classInfo{factor: max(int(f), 1), blockMax: bmw}
	return c.info
}

// Warning says what makes this cluster's answers differ from the embedded
// store's, or "" when nothing known does.
func (c *Client) Warning(ctx context.Context) string {
	info, err := c.chunkClass(ctx)
	if err != nil || !info.blockMax {
		return ""
	}
	return "the Weaviate collection " + c.chunks + " at " + c.base.String() + " runs BM25 on BlockMax WAND, which returned wrong keyword hits for about a minute after each index run in Weaviate 1.35: start Weaviate with USE_INVERTED_SEARCHABLE=false before codeseek creates its collections (scripts/weaviate-cluster does)"
}

// tenantName matches Weaviate's rule for tenant names.
var tenantName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func checkRepo(repo string) error {
	if !tenantName.MatchString(repo) {
		return fmt.Errorf("repository id %q cannot be a Weaviate tenant: want 1-64 letters, digits, '-' or '_'", repo)
	}
	return nil
}

// EnsureRepo creates the repository's tenant in both collections unless it
// exists.
func (c *Client) EnsureRepo(ctx context.Context, repo string) error {
	if err := checkRepo(repo); err != nil {
		return err
	}
	for _, cl := range []string{c.chunks, c.commits} {
		err := c.do(ctx, http.MethodGet, "/v1/schema/"+cl+"/tenants/"+url.PathEscape(repo), nil, nil, nil)
		if err == nil {
			continue
		}
		if !isStatus(err, http.StatusNotFound) {
			return fmt.Errorf("look up tenant %s of %s: %w", repo, cl, err)
		}
		body := []map[string]string{{"name": repo}}
		if err := c.do(ctx, http.MethodPost, "/v1/schema/"+cl+"/tenants", nil, body, nil); err != nil {
			return fmt.Errorf("create tenant %s of %s: %w", repo, cl, err)
		}
	}
	return nil
}

// RemoveRepo deletes the repository's tenants and so all its chunks.
func (c *Client) RemoveRepo(ctx context.Context, repo string) error {
	if err := checkRepo(repo); err != nil {
		return err
	}
	for _, cl := range []string{c.chunks, c.commits} {
		if err := c.do(ctx, http.MethodDelete, "/v1/schema/"+cl+"/tenants", nil, []string{repo}, nil); err != nil {
			return fmt.Errorf("delete tenant %s of %s: %w", repo, cl, err)
		}
	}
	return nil
}

func isStatus(err error, status int) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Status == status
}

// Drop deletes both collections with every repository in them.
func (c *Client) Drop(ctx context.Context) error {
	for _, cl := range []string{c.chunks, c.commits} {
		if err := c.do(ctx, http.MethodDelete, "/v1/schema/"+cl, nil, nil, nil); err != nil {
			return fmt.Errorf("drop collection %s: %w", cl, err)
		}
	}
	return nil
}

// isMissingTenant recognises Weaviate's answer for a tenant that does not
// exist (422 "tenant not found").
func isMissingTenant(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Status == http.StatusUnprocessableEntity && strings.Contains(se.Message, "tenant not found")
}
