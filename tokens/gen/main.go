// Command gen writes o200k.bin.gz, the o200k_base vocabulary in the form
// package tokens embeds: every token's bytes in rank order, each preceded
// by its length as a uvarint, gzip-compressed. It reads the vocabulary
// from github.com/tiktoken-go/tokenizer, whose Go map literal would cost
// the binary 4.8 MB where this file costs about 1 MB.
//
//	go run ./tokens/gen -out tokens/o200k.bin.gz
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/tiktoken-go/tokenizer/codec"
)

// o200kRanks is the number of ordinary tokens in o200k_base; the special
// tokens above them never occur in counted text.
const o200kRanks = 199998

func main() {
	out := flag.String("out", "tokens/o200k.bin.gz", "file to write")
	flag.Parse()
	c := codec.NewO200kBase()
	var raw bytes.Buffer
	for rank := 0; rank < o200kRanks; rank++ {
		tok, err := c.Decode([]uint{uint(rank)})
		if err != nil || tok == "" {
			log.Fatalf("rank %d has no token (%v): the vocabulary is not dense", rank, err)
		}
		raw.Write(binary.AppendUvarint(nil, uint64(len(tok))))
		raw.WriteString(tok)
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	w.Write(raw.Bytes())
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, z.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d tokens, %d bytes (%d uncompressed)\n", *out, o200kRanks, z.Len(), raw.Len())
}
