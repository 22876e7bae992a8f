package search

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Feature is one ranking signal that can be switched off, so its worth
// can be measured (the ablation table in docs/evaluation.md).
type Feature uint32

// Ranking features.
const (
	// Calibrate rescales each channel's scores per query to 0..1 over its
	// candidates (min-max), instead of using raw cosine and saturated BM25.
	Calibrate Feature = 1 << iota
	// KindWeights weighs the channels by query kind: identifiers lean on
	// the lexical channel, phrases and questions on the vector channel.
	KindWeights
	// Declaration lifts chunks that declare the name a query asks for.
	Declaration
	// PathMatch lifts files whose name or directory holds query terms.
	PathMatch
	// PathPrior demotes tests, examples, benchmarks, mocks, vendored,
	// generated and legacy code, configuration and stubs.
	PathPrior
	// Coherence lifts a file's best chunk by the evidence of all its
	// candidates, so a file that matches throughout beats a lucky chunk;
	// for a long query, by the file's best evidence in each channel.
	Coherence
	// Diversity decays a file's second and later chunks, so the first
	// page covers more files.
	Diversity
	// Versions demotes older copies (v1/ beside v2/) of the same code.
	Versions
	// Variants demotes a file whose name extends another candidate's in
	// the same directory (Zip+arity.swift beside Zip.swift) unless the
	// query names the extension.
	Variants
	// NameMatch lifts a callable whose name the query's words spell out
	// (removeOldLogs for "delete old log entries").
	NameMatch
	// FileName lifts a file whose name is made only of query terms
	// (Zip.swift for "zip operator").
	FileName
	// Central lifts, for questions and descriptions, a declaration that
	// many files use: the entry point of a subsystem over a helper named
	// like the question.
	Central
	// SectionsAlone ranks documentation sections by their own evidence:
	// no per-file cap, decay or coherence lift, which suit code, where
	// a question's answers spread over files.
	SectionsAlone
	// HeadingMatch lifts a documentation section whose heading path holds
	// the query's terms.
	HeadingMatch
	// Mentions lifts the files a query names ("tornado/web.py" in a
	// stack trace), whatever its length, and adds their chunks to the
	// candidates.
	Mentions
	// Members scores a merged chunk by its best member for a query that
	// asks for one piece of code, and for a question (Request.Embedder).
	Members
	// FileLexical lifts, for a report, the files whose words over their
	// whole text match it best (BM25 over whole files), as a report's
	// words spread over the chunks of the file it is about.
	FileLexical
	// Messages lifts the chunks holding the words of an error message the
	// query quotes, in order: the code that printed it.
	Messages
	// Headers demotes a C or C++ header whose source file is indexed
	// beside it, for a query that is no name: the code is the source's.
	Headers

	// AllFeatures is every feature: the default.
	AllFeatures = Calibrate | KindWeights | Declaration | PathMatch | PathPrior | Coherence | Diversity | Versions | Variants | NameMatch | FileName | Central | SectionsAlone | HeadingMatch | Mentions | Members | FileLexical | Messages | Headers
)

var featureNames = map[string]Feature{
	"calibrate": Calibrate, "kind": KindWeights, "decl": Declaration, "path": PathMatch, "prior": PathPrior,
	"coherence": Coherence, "diversity": Diversity, "versions": Versions, "variants": Variants, "name": NameMatch, "filename": FileName, "central": Central, "sections": SectionsAlone, "heading": HeadingMatch, "mentions": Mentions, "members": Members, "filelex": FileLexical, "messages": Messages, "headers": Headers, "all": AllFeatures,
}

// Weights are the ranker's parameters, hand-set and checked on the
// development suites only (../shared/eval); see docs/how-search-works.md.
type Weights struct {
	// Vector is the vector channel's share of the blended score per
	// query kind; the lexical channel has the rest.
	VectorNL, VectorQuestion, VectorIdent float64
	// Decl is added for declaring the identifier a query is; DeclEmbedded
	// for declaring a name a phrase mentions, and DeclReport a name a
	// report mentions: a report names the API it was using as often as
	// the code at fault, and its other evidence is richer than a phrase's.
	Decl, DeclEmbedded, DeclReport float64
	// Path is added per share of query terms found in the file's name
	// and directory.
	Path float64
	// FileName is added for a file named only with query terms, by
	// the weight of its rarest term (FileName).
	FileName float64
	// Name is added per share of a callable's name that query terms
	// spell out (NameMatch).
	Name float64
	// Central is added by a candidate's standing in the reference graph,
	// 0..1 (Central).
	Central float64
	// Heading is added by the weighted share of query terms found in a
	// documentation section's heading path (HeadingMatch).
	Heading float64
	// Mention is added to the chunks of a file the query names, by how
	// surely it names it (Mentions).
	Mention float64
	// Message is added to a chunk by how much of the query's quoted error
	// messages its text holds (Messages).
	Message float64
	// Header multiplies the score of a header whose source is indexed
	// beside it (Headers).
	Header float64
	// FileLex is added to a file's best chunk by the file's whole-file
	// BM25 score relative to the best file's, for a report (FileLexical).
	FileLex float64
	// Member scales a merged chunk's best member's cosine similarity,
	// which stands in for the chunk's own when higher (Members).
	Member float64
	// Coherence scales the lift of a file's best chunk by the summed
	// evidence of its candidates (short queries).
	Coherence float64
	// Channels scales the lift of a file's best chunk to the blend of
	// the file's best evidence in each channel (long queries).
	Channels float64
	// Variant multiplies the score of a variant's chunks (Variants).
	Variant float64
	// Decay multiplies a file's later chunks, once per chunk already
	// taken beyond the first DecayAfter.
	Decay      float64
	DecayAfter float64
}

// DefaultWeights are the shipped weights.
var DefaultWeights = Weights{
	VectorNL: 0.6, VectorQuestion: 0.65, VectorIdent: 0.35,
	Decl: 2, DeclEmbedded: 0.5, DeclReport: 0.3,
	Path:       1,
	Name:       0.2,
	FileName:   0.4,
	Central:    0.15,
	Heading:    0.5,
	Mention:    1,
	Message:    0.3,
	Header:     0.8,
	FileLex:    0.3,
	Member:     1,
	Coherence:  0.2,
	Channels:   0.75,
	Variant:    0.8,
	Decay:      0.7,
	DecayAfter: 1,
}

// Options configure ranking. The zero value ranks with every feature and
// the default weights.
type Options struct {
	// Off lists features switched off.
	Off Feature
	// Weights overrides DefaultWeights when non-nil.
	Weights *Weights
}

func (o Options) on(f Feature) bool { return o.Off&f == 0 }

func (o Options) weights() Weights {
	if o.Weights != nil {
		return *o.Weights
	}
	return DefaultWeights
}

// ParseOptions reads a development setting of the form
// "off=path,prior;decl=1.5;path=0.3" (features by name, weights by their
// lower-case field name), for ablation runs and tuning.
func ParseOptions(s string) (Options, error) {
	var o Options
	w := DefaultWeights
	fields := map[string]*float64{
		"vectornl": &w.VectorNL, "vectorquestion": &w.VectorQuestion, "vectorident": &w.VectorIdent,
		"decl": &w.Decl, "declembedded": &w.DeclEmbedded, "declreport": &w.DeclReport, "path": &w.Path, "name": &w.Name, "filename": &w.FileName, "central": &w.Central, "heading": &w.Heading, "mention": &w.Mention, "message": &w.Message, "header": &w.Header, "filelex": &w.FileLex, "member": &w.Member, "coherence": &w.Coherence, "channels": &w.Channels, "variant": &w.Variant, "decay": &w.Decay,
		"decayafter": &w.DecayAfter,
	}
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return o, fmt.Errorf("ranking option %q: want name=value", part)
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "off" {
			for _, n := range strings.Split(v, ",") {
				f, ok := featureNames[strings.TrimSpace(n)]
				if !ok {
					return o, fmt.Errorf("ranking feature %q: known features are %s", n, knownFeatures())
				}
				o.Off |= f
			}
			continue
		}
		p, ok := fields[k]
		if !ok {
			return o, fmt.Errorf("ranking weight %q is unknown", k)
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return o, fmt.Errorf("ranking weight %s: %w", k, err)
		}
		*p = x
	}
	if w != DefaultWeights {
		o.Weights = &w
	}
	return o, nil
}

func knownFeatures() string {
	var names []string
	for n := range featureNames {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
