package main

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/tools"
)

func main() {
	emb, _ := embedding.NewBuiltin()
	svc, err := tools.New(tools.Config{DataDir: os.Args[2], Embedder: emb})
	if err != nil {
		panic(err)
	}
	f, _ := os.Create(os.Args[3])
	pprof.StartCPUProfile(f)
	rep, err := svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: os.Args[1]})
	pprof.StopCPUProfile()
	fmt.Println(rep.ChunksCreated, rep.Duration, err)
}
