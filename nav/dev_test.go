package nav

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/store"
)

func devIndex(t *testing.T) Index {
	dir := os.Getenv("NAVDATA")
	if dir == "" {
		t.Skip()
	}
	s, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	metas, _ := store.Local(s).List()
	sr, err := store.Local(s).Load(context.Background(), metas[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return sr.(Index)
}

func TestDevRefs(t *testing.T) {
	ix := devIndex(t)
	for _, sym := range strings.Split(os.Getenv("SYMS"), ",") {
		t0 := time.Now()
		tg, err := ResolveTarget(ix, sym, nil)
		if err != nil {
			fmt.Println(sym, err)
			continue
		}
		refs, err := References(ix, tg, RefFilter{})
		d := time.Since(t0)
		ex := 0
		for _, r := range refs {
			if r.Match == MatchExact {
				ex++
			}
		}
		fmt.Printf("%s -> %s:%d %s  refs=%d exact=%d %v err=%v\n", sym, tg.Path, tg.Def.Line, tg.Symbol(), len(refs), ex, d, err)
		if os.Getenv("V") != "" {
			for _, r := range refs {
				fmt.Printf("   %s %s:%d:%d %s [%s] %s\n", r.Match, r.Path, r.Line, r.Col, r.Kind, r.Enclosing, r.Text)
			}
		}
	}
}

func TestDevMap(t *testing.T) {
	ix := devIndex(t)
	for i := 0; i < 2; i++ {
		t0 := time.Now()
		m := CodeMap(ix, os.Getenv("DIR"), nil)
		fmt.Println("map", time.Since(t0), m.TotalFiles, m.TotalSymbols)
		if i == 1 {
			for _, f := range m.Files[:min(8, len(m.Files))] {
				fmt.Printf("%s %.2f\n", f.Path, f.Rank)
				for _, s := range f.Symbols[:min(5, len(f.Symbols))] {
					fmt.Printf("   %s %s refs=%d rank=%.2f\n", s.Def.Qualified(), s.Def.Kind, s.References, s.Rank)
				}
			}
		}
	}
}

func TestDevCalls(t *testing.T) {
	ix := devIndex(t)
	tg, err := ResolveTarget(ix, os.Getenv("SYM"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	nodes, n, cut, err := CallHierarchy(ix, tg, CallOptions{Outgoing: os.Getenv("OUT") != "", Depth: 2})
	fmt.Println(time.Since(t0), n, cut, err)
	var walk func([]CallNode, string)
	walk = func(ns []CallNode, ind string) {
		for _, c := range ns {
			fmt.Printf("%s%s %s:%d %s %v\n", ind, c.Symbol(), c.Path, c.Def.Line, c.Match, c.CallLines)
			walk(c.Calls, ind+"  ")
		}
	}
	walk(nodes[:min(len(nodes), 10)], "")
}

func TestDevMapRender(t *testing.T) {
	ix := devIndex(t)
	CodeMap(ix, "net/http", nil)
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		m := CodeMap(ix, "net/http", nil)
		t1 := time.Now()
		fmt.Println("map", t1.Sub(t0), m.TotalFiles, m.TotalSymbols)
	}
}

func TestDevPos(t *testing.T) {
	ix := devIndex(t)
	tg, err := ResolveTarget(ix, os.Getenv("SYM"), nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, _ := References(ix, tg, RefFilter{})
	for _, r := range refs {
		if r.Path == os.Getenv("FILE") {
			fmt.Println(r.Path, r.Line, r.Col, r.Match, r.Text)
		}
	}
	g, _ := ix.FileGraph(os.Getenv("FILE"))
	for _, r := range g.Refs {
		if fmt.Sprint(r.Line) == os.Getenv("LINE") {
			fmt.Printf("%+v\n", r)
			f := ix.GraphFiles()
			_ = f
		}
	}
}
