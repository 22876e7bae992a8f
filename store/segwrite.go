package store

import (
	"encoding/binary"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
)

// writeSegment writes chunks, which it reorders, as segment id: per kind,
// sorted by path and line, the chunk records and (deflated) text, the
// int8 vectors (storedRow) and their 4-bit codes, the lexicon, the declared-name index and the files'
// symbol graphs (graphs, by path: encoded blobs, see graph.go). Every
// vector must have dim dimensions.
func writeSegment(w io.Writer, id uint64, dim int, chunks []Chunk, graphs map[string][]byte) error {
	sort.SliceStable(chunks, func(i, j int) bool {
		a, b := &chunks[i], &chunks[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return chunkLess(a, b)
	})
	for i := range chunks {
		if len(chunks[i].Vector) != dim {
			return fmt.Errorf("chunk %s has %d dimensions, index has %d", chunks[i].ID, len(chunks[i].Vector), dim)
		}
	}
	cut := sort.Search(len(chunks), func(i int) bool { return chunks[i].Kind == Doc })
	kinds := [2][]Chunk{chunks[:cut:cut], chunks[cut:]}
	var lex, syms [2]*lexicon
	var gnames [2][nameIndexes]*lexicon
	var blobs [2][][]byte
	var wg sync.WaitGroup
	// The graph's name indexes read the blobs, not the chunks: they are
	// built beside the lexicons rather than after them.
	for k, cs := range kinds {
		wg.Add(2)
		go func() { defer wg.Done(); lex[k], syms[k] = buildLexicon(cs), buildNameIndex(cs) }()
		go func() {
			defer wg.Done()
			blobs[k] = fileBlobs(cs, graphs)
			gnames[k] = buildGraphIndexes(blobs[k])
		}()
	}
	wg.Wait()
	sw := &segWriter{w: w}
	sw.write(segPrefix())
	toc := &segmentTOC{ID: id, Dimension: dim, Chunks: len(chunks)}
	for k, cs := range kinds {
		pt := &toc.Parts[k]
		*pt = partTOC{Chunks: len(cs), Total: lex[k].totalLen(), Sections: map[string]sectionRef{}}
		sw.writePart(pt, cs, dim)
		sw.writeLexicon(pt, lexPrefix, lex[k])
		sw.writeLexicon(pt, symPrefix, syms[k])
		sw.writeGraphs(pt, blobs[k])
		for i, lx := range gnames[k] {
			sw.writeLexicon(pt, nameIndexPrefix[i], lx)
		}
	}
	return sw.finish(toc)
}

// writePart writes one kind's chunk records, text, vectors and file list.
// Each chunk's vector becomes the row stored for it (storedRow), so a
// chunk kept in memory scores as the segment will.
func (sw *segWriter) writePart(pt *partTOC, cs []Chunk, dim int) {
	codes := make([]int8, len(cs)*dim)
	scales := make([]float32, len(cs))
	for i := range cs {
		row := codes[i*dim : (i+1)*dim]
		s, resid, norm := storedRow(cs[i].Vector, row)
		scales[i] = s
		pt.MaxResid, pt.MaxNorm = max(pt.MaxResid, resid), max(pt.MaxNorm, norm)
		cs[i].Vector = dequantize(cs[i].Vector, row, s)
	}
	offs := make([]uint64, len(cs))
	sw.section(pt, secMeta, func(put func([]byte)) {
		var rec []byte
		n := uint64(0)
		for i := range cs {
			rec = appendRecord(rec[:0], &cs[i])
			put(rec)
			n += uint64(len(rec))
			offs[i] = n
		}
	})
	sw.block(pt, secMetaEnd, endBytes(offs))
	pt.TextCodec = writtenCodec.name
	sw.section(pt, secText, func(put func([]byte)) {
		n := uint64(0)
		var z []byte
		for i := range cs {
			z = writtenCodec.encode(z[:0], cs[i].Content)
			put(z)
			n += uint64(len(z))
			offs[i] = n
		}
	})
	sw.block(pt, secTextEnd, endBytes(offs))
	sw.block(pt, secI8, bytesOf(codes))
	sw.block(pt, secScale, bytesOf(scales))
	if hasTwoBit(dim) {
		twoScales := make([]float32, len(cs))
		sw.section(pt, secI2, func(put func([]byte)) {
			var two []byte
			for i := range cs {
				two, twoScales[i] = appendTwoBit(two[:0], codes[i*dim:(i+1)*dim], scales[i])
				put(two)
			}
		})
		sw.block(pt, secI2Scale, bytesOf(twoScales))
	}
	sw.section(pt, secFiles, func(put func([]byte)) {
		var b []byte
		for lo := 0; lo < len(cs); {
			hi := lo + 1
			for hi < len(cs) && cs[hi].FilePath == cs[lo].FilePath {
				hi++
			}
			b = appendString(b[:0], cs[lo].FilePath)
			b = binary.AppendUvarint(binary.AppendUvarint(b, uint64(lo)), uint64(hi))
			put(b)
			lo = hi
		}
	})
}

// appendRecord appends c's record: start and end line, then the strings
// in the order part.load reads them. The path is the file list's (one per
// file, not per chunk: 29 MiB of the kernel's records), and an ID that
// ChunkID derives from the chunk is left out (empty), since load derives
// it again (12 MiB). Language and kind are words (recordwords.go), the
// signature comes last, as appendSignature writes it.
func appendRecord(b []byte, c *Chunk) []byte {
	start, end := max(c.StartLine, 0), max(c.EndLine, 0)
	b = binary.AppendUvarint(b, uint64(start))
	b = binary.AppendUvarint(b, uint64(end))
	id := c.ID
	if id == ChunkID(c.FilePath, start, end, c.Content) {
		id = ""
	}
	b = appendString(b, id)
	b = appendWord(b, c.Language)
	b = appendString(b, c.Symbol)
	b = appendWord(b, c.SymbolKind)
	b = appendString(b, c.Parent)
	return appendSignature(b, c.Signature, c.Content)
}

// appendSignature appends a signature: where the chunk's text holds it
// verbatim, as most one-line headers are, a reference to its offset in
// the text followed by its length; else a literal. readSignature
// reverses it.
func appendSignature(b []byte, sig, content string) []byte {
	if len(sig) > 4 {
		if i := strings.Index(content, sig); i >= 0 {
			return binary.AppendUvarint(appendRef(b, i), uint64(len(sig)))
		}
	}
	return appendLiteral(b, sig)
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// buildNameIndex maps each name the chunks declare (see declaredNames) to
// the chunks declaring it, in the lexicon's layout (term frequencies 1,
// lengths 0), so that it is used in place like the lexicon.
func buildNameIndex(chunks []Chunk) *lexicon {
	rows := map[string][]int32{}
	for i := range chunks {
		for _, name := range declaredNames(chunks[i].Symbol) {
			if rs := rows[name]; len(rs) == 0 || rs[len(rs)-1] != int32(i) {
				rows[name] = append(rs, int32(i))
			}
		}
	}
	names := make([]string, 0, len(rows))
	for name := range rows {
		names = append(names, name)
	}
	sort.Strings(names)
	lx := &lexicon{Rows: len(chunks)}
	for _, name := range names {
		lx.Terms = append(lx.Terms, name...)
		lx.TermEnd = append(lx.TermEnd, uint32(len(lx.Terms)))
		prev := int32(0)
		for _, r := range rows[name] {
			lx.Post = binary.AppendUvarint(binary.AppendUvarint(lx.Post, uint64(r-prev)), 1)
			prev = r
		}
		lx.DF = append(lx.DF, uint32(len(rows[name])))
		lx.PostEnd.add(uint64(len(lx.Post)))
	}
	return lx
}

// fileBlobs lists the graph blob of each file of cs (sorted by path), in
// the order of the part's file list.
func fileBlobs(cs []Chunk, graphs map[string][]byte) [][]byte {
	var out [][]byte
	for lo := 0; lo < len(cs); {
		hi := lo + 1
		for hi < len(cs) && cs[hi].FilePath == cs[lo].FilePath {
			hi++
		}
		out = append(out, graphs[cs[lo].FilePath])
		lo = hi
	}
	return out
}

// writeGraphs writes the files' graph blobs, packed (graphblob.go), and
// their end offsets.
func (sw *segWriter) writeGraphs(pt *partTOC, blobs [][]byte) {
	offs := make([]uint64, len(blobs))
	sw.section(pt, secGraph, func(put func([]byte)) {
		n := uint64(0)
		var z []byte
		for i, b := range blobs {
			z = packGraph(z[:0], b)
			put(z)
			n += uint64(len(z))
			offs[i] = n
		}
	})
	sw.block(pt, secGraphEnd, endBytes(offs))
}
