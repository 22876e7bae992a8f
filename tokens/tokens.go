// Package tokens counts text the way current OpenAI models tokenize it
// (o200k_base byte-pair encoding), the measure behind max_tokens budgets,
// chunk sizes and the token benchmarks: a fair proxy for what an agent's
// context window pays for a result.
//
// The vocabulary is embedded compressed and expanded on first use, so a
// command that never counts (codeseek --version) never pays for it, and
// the binary carries 1 MB instead of the 4.8 MB a Go map literal costs.
package tokens

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// Encoding names the tokenizer, for documentation and reports.
const Encoding = "o200k_base"

//go:embed o200k.bin.gz
var vocabGz []byte

type encoder struct {
	ranks map[string]uint32
}

var load = sync.OnceValues(func() (*encoder, error) {
	zr, err := gzip.NewReader(bytes.NewReader(vocabGz))
	if err != nil {
		return nil, fmt.Errorf("tokens: vocabulary: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("tokens: vocabulary: %w", err)
	}
	all := string(raw) // one allocation; every token is a substring of it
	ranks := make(map[string]uint32, 200_000)
	for off := 0; off < len(all); {
		n, w := binary.Uvarint(raw[off:])
		if w <= 0 || off+w+int(n) > len(all) {
			return nil, fmt.Errorf("tokens: vocabulary corrupt at byte %d", off)
		}
		off += w
		ranks[all[off:off+int(n)]] = uint32(len(ranks))
		off += int(n)
	}
	return &encoder{ranks: ranks}, nil
})

// Count returns how many o200k_base tokens s costs. Invalid UTF-8 is
// counted as if each bad sequence were U+FFFD, as tokenizers replace it.
func Count(s string) (int, error) {
	e, err := load()
	if err != nil {
		return 0, err
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	n := 0
	for i := 0; i < len(s); {
		end := nextPiece(s, i)
		n += e.pieceTokens(s[i:end])
		i = end
	}
	return n, nil
}

// maxPiece bounds the bytes merged at once. Merging is quadratic in the
// piece's length and a piece can be a whole file of dashes or base64; no
// token is longer than this, so cutting costs at most one token per cut.
const maxPiece = 256

// pieceTokens is the number of tokens byte-pair encoding gives one piece.
func (e *encoder) pieceTokens(p string) int {
	if _, ok := e.ranks[p]; ok {
		return 1
	}
	n := 0
	for len(p) > maxPiece {
		cut := maxPiece
		for cut > 0 && !utf8.RuneStart(p[cut]) {
			cut--
		}
		n += e.merge(p[:cut])
		p = p[cut:]
	}
	return n + e.merge(p)
}

// merge byte-pair encodes p: starting from single bytes, the adjacent pair
// whose merge has the lowest rank is merged until no merge is in the
// vocabulary. It returns the number of parts left.
func (e *encoder) merge(p string) int {
	if len(p) <= 1 {
		return len(p)
	}
	// start[i] is where part i begins (start[len] == len(p)); pair[i] the
	// rank of parts i and i+1 merged, or none.
	const none = ^uint32(0)
	var sb [maxPiece + 1]int
	var pb [maxPiece]uint32
	start, pair := sb[:0], pb[:0]
	for i := 0; i <= len(p); i++ {
		start = append(start, i)
	}
	rank := func(i int) uint32 {
		if i+2 >= len(start) {
			return none
		}
		if r, ok := e.ranks[p[start[i]:start[i+2]]]; ok {
			return r
		}
		return none
	}
	for i := 0; i+1 < len(start)-1; i++ {
		pair = append(pair, rank(i))
	}
	for len(pair) > 0 {
		at := 0
		for i, r := range pair {
			if r < pair[at] {
				at = i
			}
		}
		if pair[at] == none {
			break
		}
		start = append(start[:at+1], start[at+2:]...)
		pair = append(pair[:at], pair[at+1:]...)
		if at < len(pair) {
			pair[at] = rank(at)
		}
		if at > 0 {
			pair[at-1] = rank(at - 1)
		}
	}
	return len(start) - 1
}
