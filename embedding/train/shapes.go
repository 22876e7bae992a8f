package main

import (
	"hash/fnv"
	"math"
)

// Pair shapes: the kinds of query a pair teaches.
const (
	// shapeDocstring: a declaration's doc comment → the declaration.
	shapeDocstring = "docstring"
	// shapeFileDoc: a package doc, module docstring or file header → the
	// file's main chunk.
	shapeFileDoc = "filedoc"
	// shapeReadme: a README section → the code it names.
	shapeReadme = "readme"
	// shapeIdent: a name split into words ("parse duration") → its
	// definition.
	shapeIdent = "ident"
	// shapeQuestion: a question built from a doc ("how to parse a
	// duration") → the declaration.
	shapeQuestion = "question"
)

// defaultShapeRate keeps every documentation pair and half of the pairs
// made from names and templates, which are plentiful and easier.
const defaultShapeRate = "docstring=1,filedoc=1,readme=1,ident=0.5,question=0.5"

// parseRates reads a -shape-rate value; shapes it does not name keep all
// their pairs.
func parseRates(s string) map[string]float64 { return parseKV(s) }

// sampleShapes keeps each pair with the probability its shape's rate
// gives, decided by a hash of the seed and the query, so the kept set does
// not depend on mining order.
func sampleShapes(ps []Pair, rates map[string]float64, seed uint64) []Pair {
	out := ps[:0:0]
	for _, p := range ps {
		r, ok := rates[p.Shape]
		if !ok || r >= 1 || unitHash(seed, p.Query) < r {
			out = append(out, p)
		}
	}
	return out
}

// unitHash maps (seed, s) to [0, 1).
func unitHash(seed uint64, s string) float64 {
	h := fnv.New64a()
	var b [8]byte
	for i := range b {
		b[i] = byte(seed >> (8 * i))
	}
	h.Write(b[:])
	h.Write([]byte(s))
	return float64(h.Sum64()>>11) / math.Exp2(53)
}
