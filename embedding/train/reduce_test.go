package main

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding/model"
)

func toyMined(src string, hash byte, pairs []Pair, negs int) sourceMined {
	var ns []CodeRef
	for k := 0; k < negs; k++ {
		ns = append(ns, CodeRef{Code: fmt.Sprintf("%s neg%d.go\nfunc n%d() {}", src, k, k), Target: uint64(1000 + k)})
	}
	return sourceMined{files: []fileMined{{hash: [32]byte{hash}, pairs: pairs, negs: ns}}}
}

func TestCorpusKeepsFirstQueryAndCodeOfEachShape(t *testing.T) {
	h := Hyper{Seed: 1, Buckets: 1 << 10, PrefixLen: 4}
	c := newCorpus(h)
	a, b := &Source{Name: "a"}, &Source{Name: "b"}
	first := Pair{Query: "Parse a duration string", Code: "func ParseDuration() {}", Shape: shapeDocstring, Lang: "go", Source: "a", Target: 1}
	sameQuery := Pair{Query: "parse  a DURATION string", Code: "func Other() {}", Shape: shapeDocstring, Lang: "go", Source: "b", Target: 2}
	sameCodeOtherShape := Pair{Query: "parse duration", Code: first.Code, Shape: shapeIdent, Lang: "go", Source: "b", Target: 1}
	sameCodeSameShape := Pair{Query: "another doc", Code: first.Code, Shape: shapeDocstring, Lang: "go", Source: "b", Target: 1}
	if err := c.add(a, toyMined("a", 1, []Pair{first}, 0)); err != nil {
		t.Fatal(err)
	}
	if err := c.add(b, toyMined("b", 2, []Pair{sameQuery, sameCodeOtherShape, sameCodeSameShape}, 0)); err != nil {
		t.Fatal(err)
	}
	if a.Pairs != 1 || b.Pairs != 1 || b.Shapes[shapeIdent] != 1 {
		t.Errorf("kept a %d, b %d (shapes %v); want 1 and the ident pair of b", a.Pairs, b.Pairs, b.Shapes)
	}
	// A file whose content an earlier source had is not mined again.
	dup := &Source{Name: "c"}
	if err := c.add(dup, toyMined("c", 1, []Pair{{Query: "new query", Code: "func New() {}", Shape: shapeDocstring, Source: "c"}}, 0)); err != nil {
		t.Fatal(err)
	}
	if dup.Files != 0 || dup.Pairs != 0 {
		t.Errorf("a copied file gave %d files, %d pairs; want none", dup.Files, dup.Pairs)
	}
}

func TestCorpusFeaturizesAndDropsTexts(t *testing.T) {
	h := Hyper{Seed: 1, Buckets: 1 << 12, PrefixLen: 4}
	c := newCorpus(h)
	var ps []Pair
	for i := 0; i < 200; i++ {
		p := Pair{Query: fmt.Sprintf("read the file number %d. then close it", i), Code: fmt.Sprintf("func Read%d() { os.Open() }", i),
			Shape: shapeDocstring, Lang: "go", Source: "s", Target: uint64(i + 1)}
		if i > 0 {
			p.Hard = []CodeRef{{Code: ps[i-1].Code, Target: ps[i-1].Target}}
		}
		ps = append(ps, p)
	}
	s := &Source{Name: "s"}
	if err := c.add(s, toyMined("s", 9, ps, 1000)); err != nil {
		t.Fatal(err)
	}
	n := len(c.train.pairs)
	if n+len(c.val) != 200 || len(c.val) == 0 {
		t.Fatalf("train %d + val %d, want 200 with some validation pairs", n, len(c.val))
	}
	for i, p := range c.train.pairs {
		if p.Query != "" || p.Code != "" || p.Hard != nil {
			t.Fatalf("train pair %d still holds its texts", i)
		}
	}
	// The features are those of the texts, and a hard negative that is
	// another pair's code shares that pair's features.
	want := model.Features(c.cfg, ps[1].Code, nil)
	var k int
	for k = range c.train.pairs {
		if c.train.pairs[k].Target == 2 {
			break
		}
	}
	if got := c.train.c[k].body; !slices.Equal(got, want) {
		t.Errorf("code features of pair 2 differ from the featurizer's")
	}
	if k+1 < n && c.train.pairs[k+1].Target == 3 && &c.train.hard[k+1][0].body[0] != &c.train.c[k].body[0] {
		t.Error("the hard negative of pair 3 does not share pair 2's code features")
	}
	if got := len(c.negs["s"]); got != 3*n {
		t.Errorf("negative pool %d, want 3 per training pair (%d)", got, 3*n)
	}
}

func TestMineAllAddsInSourceOrder(t *testing.T) {
	defer func(f func(*Source, Hyper) (sourceMined, error)) { mineIsolated = f }(mineIsolated)
	mineIsolated = func(s *Source, h Hyper) (sourceMined, error) {
		// Early sources finish last.
		var i int
		fmt.Sscan(s.Name, &i)
		time.Sleep(time.Duration(20-i) * time.Millisecond)
		return sourceMined{}, nil
	}
	var sources []*Source
	for i := 0; i < 20; i++ {
		sources = append(sources, &Source{Name: fmt.Sprint(i)})
	}
	var got []string
	err := mineAll(sources, Hyper{}, 4, true, func(s *Source, _ sourceMined) error {
		got = append(got, s.Name)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range got {
		if name != fmt.Sprint(i) {
			t.Fatalf("added in order %v, want source order", got)
		}
	}
	if len(got) != 20 {
		t.Errorf("added %d sources, want 20", len(got))
	}
}
